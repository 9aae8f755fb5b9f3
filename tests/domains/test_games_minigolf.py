"""games/minigolf: independent solvers written from the catalog programs.

The solver unfolds the green: mirror images of the course tile the plane, so a bouncing putt is one
straight line; it marches along that line in small steps, folds each point back onto the course, counts
the walls crossed (a putt stops on reaching a wall once more than its bounces allow), and stops at the
first point inside an obstacle grown by the ball's radius or within the hole's radius of the hole.
"""

import math

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.minigolf"
P = "task_games__minigolf__"
COURSE = (40.0, 40.0, 660.0, 480.0)
BALL_R, HOLE_R = 9.0, 15.0


def _fold(v, lo, hi):
    span = hi - lo
    k = math.floor((v - lo) / span)
    u = (v - lo) - k * span
    return (lo + (u if k % 2 == 0 else span - u)), k


def putt(state, d, step=0.25):
    lo_x, lo_y, hi_x, hi_y = COURSE[0] + BALL_R, COURSE[1] + BALL_R, COURSE[2] - BALL_R, COURSE[3] - BALL_R
    (bx, by), n = state["ball"], math.hypot(*d)
    dx, dy = d[0] / n, d[1] / n
    for i in range(1, 40000):
        x, kx = _fold(bx + dx * step * i, lo_x, hi_x)
        y, ky = _fold(by + dy * step * i, lo_y, hi_y)
        if abs(kx) + abs(ky) > state["bounces"]:
            return "stop", None
        if math.hypot(x - state["hole"][0], y - state["hole"][1]) < HOLE_R:
            return "hole", None
        for o in state["obstacles"]:
            ox, oy, s = o["x"], o["y"], o["s"] + BALL_R
            inside = (math.hypot(x - ox, y - oy) <= s if o["shape"] == "circle"
                      else abs(x - ox) <= s and abs(y - oy) <= s)
            if inside:
                return "obstacle", o["label"]
    raise AssertionError("the putt never ends")


def first_obstacle(state, params, qid):
    kind, lab = putt(state, state["cues"][0]["d"])
    assert kind == "obstacle"
    return lab


def shot_path(state, params, qid):
    (lab,) = [cu["label"] for cu in state["cues"] if putt(state, cu["d"])[0] == "hole"]
    return lab


SOLVERS = {P + "first_obstacle_label": first_obstacle, P + "shot_path_label": shot_path}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["obstacles"]) + s["bounces"])
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=False)


def test_known_bank_shot():
    """Ball at (200, 400), hole at (200, 100), one bounce allowed.  Straight up holes it; aiming at the hole's
    mirror image across the left wall (wall line for the ball's centre x = 49, image at x = -102) banks off
    the left wall into the hole; a bumper at (200, 250) blocks the straight putt."""
    from tracegen.domains.games import minigolf as mg

    st = {"ball": [200.0, 400.0], "hole": [200.0, 100.0], "bounces": 1, "obstacles": [], "cues": []}
    assert mg.outcome(st, [0.0, -1.0]) == ("hole", None) and putt(st, [0.0, -1.0])[0] == "hole"
    a = math.atan2(100 - 400, -102 - 200)
    bank = [math.cos(a), math.sin(a)]
    assert mg.outcome(st, bank) == ("hole", None) and putt(st, bank)[0] == "hole"
    st["obstacles"] = [{"x": 200.0, "y": 250.0, "s": 24.0, "shape": "circle", "label": "A", "colour": 0}]
    assert mg.outcome(st, [0.0, -1.0]) == ("obstacle", 0) and putt(st, [0.0, -1.0]) == ("obstacle", "A")
