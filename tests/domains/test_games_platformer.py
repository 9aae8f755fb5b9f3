"""games/platformer: independent solvers (the parabola solved in closed form)."""

import math

from taskcheck import scene_tests

MOD = "tracegen.domains.games.platformer"
P = "task_games__platformer__"
GROUND_Y = 500


def y_at(arc, x):
    return arc["y0"] - arc["h"] + arc["h"] * ((x - arc["xa"]) / arc["d"]) ** 2


def land_x(state):
    """The x where the descending branch first meets a platform top (or the ground): for a top at
    height y the descending branch passes x = xa + d * sqrt(1 - (y0 - y) / h)."""
    arc = state["arc"]
    best = (arc["xa"] + arc["d"] * math.sqrt(1 + (GROUND_Y - arc["y0"]) / arc["h"]), -1)
    for i, p in enumerate(state["platforms"]):
        k = 1 - (arc["y0"] - p["y"]) / arc["h"]
        if k < 0:
            continue                                   # above the apex: never reached
        x = arc["xa"] + arc["d"] * math.sqrt(k)
        if p["x0"] <= x <= p["x1"] and x < best[0]:
            best = (x, i)
    return best


def on_arc(state, pos):
    x, y = pos
    x_end, _ = land_x(state)
    return state["arc"]["xa"] - state["arc"]["d"] <= x <= x_end + 1 and abs(y_at(state["arc"], x) - y) < 1.5


def coins(state, params, qid):
    return sum(1 for p in state["coins"] if on_arc(state, p))


def score(state, params, qid):
    return coins(state, params, qid) + sum(b["value"] for b in state["bonus"] if on_arc(state, b["pos"]))


def landing(state, params, qid):
    _, i = land_x(state)
    assert i >= 0
    return state["platforms"][i]["label"]


SOLVERS = {P + "collectible_count": coins, P + "jump_collectible_score_value": score, P + "jump_landing_label": landing}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["platforms"]))
# no shortcut test: bonus items print their values (2-5), which may equal a count by design


def test_known_jump():
    """Hand-checked: launch at (100, 470), apex (300, 270) (d = 200, h = 200).  A platform top at
    y = 420 is met on the way down where ((x - 300) / 200)^2 = 0.75: x = 473.2; a platform spanning
    x 450-520 there is landed on, one at 500-560 is passed underneath (the arc is below its bottom there); a coin at (300, 270) is on the arc."""
    from tracegen.domains.games import platformer as pf

    arc = {"xa": 300.0, "d": 200.0, "y0": 470.0, "h": 200.0}
    hit = {"x0": 450.0, "x1": 520.0, "y": 420.0, "h": 28.0, "label": "A"}
    miss = {"x0": 500.0, "x1": 560.0, "y": 420.0, "h": 28.0, "label": "B"}
    st = {"arc": arc, "platforms": [hit], "coins": [[300.0, 270.0], [300.0, 300.0]], "bonus": []}
    x, i = land_x(st)
    assert abs(x - (300 + 200 * math.sqrt(0.75))) < 1e-9 and i == 0
    assert pf.landing(arc, [hit])[0] == 0 and abs(pf.landing(arc, [hit])[1] - x) < 1.5
    assert land_x({**st, "platforms": [miss]})[1] == -1 and pf.landing(arc, [miss])[0] == -1
    assert coins(st, {}, "single") == 1
