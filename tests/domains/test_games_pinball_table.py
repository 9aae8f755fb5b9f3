"""games/pinball_table: independent solvers written from the catalog programs.

The solver walks the ball's centre along its direction in small steps and reports the first object whose
shape grown by the ball's radius contains it (a disc for a bumper, a box for a target).  The scoreable
count reads the objects whose text is a number.
"""

import math

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.pinball_table"
P = "task_games__pinball_table__"
BALL_R = 10.0


def _inside(o, x, y):
    if o["kind"] == "bumper":
        return math.hypot(x - o["x"], y - o["y"]) <= 22.0 + BALL_R
    return abs(x - o["x"]) <= 32.0 + BALL_R and abs(y - o["y"]) <= 14.0 + BALL_R


def first_hit(state, params, qid):
    (bx, by), (dx, dy) = state["ball"], state["dir"]
    n = math.hypot(dx, dy)
    for i in range(1, 20000):
        x, y = bx + dx / n * 0.1 * i, by + dy / n * 0.1 * i
        for o in state["objects"]:
            if _inside(o, x, y):
                assert o["text"].isalpha(), "the ball meets an unlettered object first"
                return o["text"]
    raise AssertionError("the ball leaves the table")


def scoreable(state, params, qid):
    return sum(1 for o in state["objects"] if o["text"].isdigit())


SOLVERS = {P + "first_hit_object_label": first_hit, P + "scoreable_object_count": scoreable}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["objects"]))
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid.endswith("_count"))


def test_known_table():
    """The ball at (340, 478) heading straight up: a bumper at (340, 300) in its way is reached before a target
    at (340, 150); tilting the path 45 degrees to the right misses both."""
    from tracegen.domains.games import pinball_table as pt

    st = {"ball": [340.0, 478.0], "dir": [0.0, -1.0],
          "objects": [{"kind": "bumper", "x": 340.0, "y": 300.0, "colour": 0, "text": "A"},
                      {"kind": "target", "x": 340.0, "y": 150.0, "colour": 1, "text": "B"}]}
    assert pt.clean_hit(st) == 0 and first_hit(st, {}, "single") == "A"
    st["dir"] = [math.sqrt(0.5), -math.sqrt(0.5)]
    assert pt.first_hit(st) is None
