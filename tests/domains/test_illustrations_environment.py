"""illustrations/environment: independent solvers written from the catalog programs."""

import math

from illustration_solvers import missing, rotated
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.illustrations.environment"
P = "task_illustrations__environment__"
HALF = 34


def centre(f, x):
    return f["y"] + f["amp"] * math.sin(2 * math.pi * x / f["wave"] + f["phase"])


def rel(state, o):
    xs = [o["x"] + o["w"] * k / 200 for k in range(201)]
    top = min(centre(state["road"], x) for x in xs) - HALF
    bottom = max(centre(state["road"], x) for x in xs) + HALF
    if o["y"] + o["h"] < top - 3:
        return "above"
    if o["y"] > bottom + 3:
        return "below"
    if o["kind"] == "car" and abs(o["y"] + o["h"] / 2 - centre(state["road"], o["x"] + o["w"] / 2)) < 6:
        return "on"
    raise AssertionError(f"object touching the road's edge: {o}")


def lit(state, params, qid):
    return sum(sum(b["lit"]) for b in state["buildings"])


def crossing(state, params, qid):
    return len(state["crosswalks"] if params["feature"] == "road" else state["bridges"])


def relation(state, params, qid):
    want = {"above_feature": "above", "below_feature": "below", "on_feature": "on"}[qid]
    return sum(rel(state, o) == want for o in state["objects"])


SOLVERS = {
    P + "lit_window_count": lit,
    P + "crossing_feature_count": crossing,
    P + "feature_relation_object_count": relation,
    P + "missing_patch_label": missing,
    P + "rotated_tile_label": rotated,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["W"] * s["H"])

test_no_value_is_printed = shortcut_test([P + "lit_window_count", P + "crossing_feature_count",
                                          P + "feature_relation_object_count"])


def test_hand_checked_relations():
    from tracegen.domains.illustrations import environment as m

    st = {"road": {"y": 300.0, "amp": 0.0, "wave": 500.0, "phase": 0.0}}
    assert m.relation(st, {"kind": "tree", "x": 10, "y": 200, "w": 44, "h": 44}) == "above"    # ends at 244 < 266
    assert m.relation(st, {"kind": "tree", "x": 10, "y": 340, "w": 44, "h": 44}) == "below"    # starts at 340 > 334
    assert m.relation(st, {"kind": "car", "x": 10, "y": 286, "w": 64, "h": 28}) == "on"
    assert m.relation(st, {"kind": "tree", "x": 10, "y": 240, "w": 44, "h": 44}) is None       # on the edge
