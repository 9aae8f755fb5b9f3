"""games/pool: independent solvers written from the catalog programs.

Blocking is re-derived with numpy: each other ball's centre is projected onto each shot segment
(clamped to the segment) and blocks when the projection is closer than two ball radii.  Groups are read
from the ball numbers (1-7 solids, 9-15 stripes).
"""

import numpy as np

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.pool"
P = "task_games__pool__"
R = 14.0
POCKETS = [(70.0, 70.0), (380.0, 62.0), (690.0, 70.0), (70.0, 450.0), (380.0, 458.0), (690.0, 450.0)]


def _dist(a, b, p):
    a, b, p = (np.asarray(v, float) for v in (a, b, p))
    u = np.clip(np.dot(p - a, b - a) / np.dot(b - a, b - a), 0.0, 1.0)
    return float(np.linalg.norm(a + u * (b - a) - p))


def blocking(state, params, qid):
    pos = {n: (x, y) for n, x, y in state["balls"]}
    segs = [(pos[0], pos[state["target"]]), (pos[state["target"]], POCKETS[state["pocket"]])]
    return sum(1 for n, p in pos.items() if n not in (0, state["target"])
               and min(_dist(a, b, p) for a, b in segs) < 2 * R)


def group(state, params, qid):
    want = range(1, 8) if params["group"] == "solids" else range(9, 16)
    return sum(1 for n, _, _ in state["balls"] if n in want)


SOLVERS = {P + "blocking_ball_count": blocking, P + "group_ball_count": group}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["balls"]))
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=False)


def test_known_table():
    """Cue (200, 260), target 9 at (400, 260), pocket 2 (690, 70).  Ball 3 at (300, 280) is 20 units off the
    first segment (< 28: blocks); ball 5 at (300, 300) is 40 off (clear); ball 12 sits on the second segment's
    middle (blocks): 2 blockers."""
    from tracegen.domains.games import pool

    mid = ((400 + 690) / 2, (260 + 70) / 2)
    st = {"balls": [[0, 200.0, 260.0], [3, 300.0, 280.0], [5, 300.0, 300.0], [9, 400.0, 260.0], [12, *mid]],
          "target": 9, "pocket": 2}
    assert pool.blockers(st) == [3, 12] and blocking(st, {}, "single") == 2
    assert group(st, {"group": "stripes"}, "single") == 2 and group(st, {"group": "solids"}, "single") == 2
