"""games/racing_track: independent solvers written from the catalog programs.

The solver rebuilds the centre line from the state's shape, measures the lap length with numpy, and
walks from each car in the race direction to the finish line, counting the arc length covered.
"""

import math

import numpy as np

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.racing_track"
P = "task_games__racing_track__"


def _lap(state):
    a, b, ph, ps = state["shape"]
    th = np.linspace(0, 2 * np.pi, 720, endpoint=False)
    r = 1.0 + a * np.cos(3 * th + ph) + b * np.cos(2 * th + ps)
    x, y = 350 + 235 * r * np.cos(th), 270 + 165 * r * np.sin(th)
    seg = np.hypot(np.diff(np.append(x, x[0])), np.diff(np.append(y, y[0])))
    return float(seg.sum())


def _to_finish(state, s):
    lap = _lap(state)
    d = (state["finish"] - s) if state["dir"] > 0 else (s - state["finish"])
    return d % lap


def ahead(state, params, qid):
    me = next(c["s"] for c in state["cars"] if c["label"] == state["marked"])
    return sum(1 for c in state["cars"] if c["label"] != state["marked"] and _to_finish(state, c["s"]) < _to_finish(state, me))


def extremum(state, params, qid):
    rank = sorted(state["cars"], key=lambda c: _to_finish(state, c["s"]))
    return (rank[0] if params["operator"] == "closest" else rank[-1])["label"]


SOLVERS = {P + "ahead_object_count": ahead, P + "finish_distance_extremum_label": extremum}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["cars"]))
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid.endswith("_count"))


def test_known_circuit():
    """An ellipse (no shape terms), lap L; the finish at arc length 0, racing in the direction of increasing arc
    length.  A car at 0.75 L has 0.25 L to go, one at 0.25 L has 0.75 L: the first is closer and ahead."""
    from tracegen.domains.games import racing_track as rt

    st = {"shape": [0.0, 0.0, 0.0, 0.0], "dir": 1, "finish": 0.0, "marked": "A", "cars": []}
    L = rt.centreline(st)[1][-1]
    assert abs(L - _lap(st)) < 1e-6 and abs(L - math.pi * (3 * (235 + 165) - math.sqrt((3 * 235 + 165) * (235 + 3 * 165)))) < 1
    st["cars"] = [{"s": 0.25 * L, "label": "A", "colour": 0}, {"s": 0.75 * L, "label": "B", "colour": 1}]
    assert abs(rt.remaining(st, 0.75 * L) - 0.25 * L) < 1e-6
    assert ahead(st, {}, "single") == 1 and extremum(st, {"operator": "closest"}, "single") == "B"
    st["dir"] = -1
    assert ahead(st, {}, "single") == 0 and extremum(st, {"operator": "farthest"}, "single") == "B"
