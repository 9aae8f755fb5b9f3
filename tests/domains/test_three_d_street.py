"""three_d/street: independent solvers from the catalog programs (arm geometry re-derived here)."""

import math

from taskcheck import scene_tests

MOD = "tracegen.domains.three_d.street"
P = "task_three_d__street__"
L = "ABCD"


def _xy(o):
    a = math.radians(90 * o["arm"])
    # outward unit (cos a, sin a); its right-hand side (sin a, -cos a)
    return (o["s"] * math.cos(a) + o["l"] * math.sin(a), o["s"] * math.sin(a) - o["l"] * math.cos(a))


def _letter(state, i):
    return L[state["cands"].index(i)]


def nearest(state, params, qid):
    return _letter(state, min(state["cands"], key=lambda i: math.hypot(*_xy(state["objects"][i]))))


def lane_ahead(state, params, qid):
    ref = state["objects"][state["boxed"]]
    rx, ry = _xy(ref)
    a = math.radians(90 * ref["arm"])
    hx, hy = ref["dir"] * math.cos(a), ref["dir"] * math.sin(a)     # travel heading
    hits = []
    for i in state["cands"]:
        x, y = _xy(state["objects"][i])
        fwd = (x - rx) * hx + (y - ry) * hy
        side = abs(-(x - rx) * hy + (y - ry) * hx)
        if fwd > 0 and side < 0.5 and state["objects"][i]["arm"] == ref["arm"]:
            hits.append(i)
    assert len(hits) == 1
    return _letter(state, hits[0])


def same_arm(state, params, qid):
    ref = state["objects"][state["boxed"]]
    hits = [i for i in state["cands"] if state["objects"][i]["arm"] == ref["arm"]]
    assert len(hits) == 1
    return _letter(state, hits[0])


SOLVERS = {P + "intersection_nearest_label": nearest, P + "lane_ahead_object_label": lane_ahead,
           P + "same_road_arm_reference_label": same_arm}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["objects"]),
                                                       seeds_per_combo=2)


def test_known_street():
    """Hand-checked: on the east arm (arm 0) a point 10 m out in the outward lane (l = +1.75, the
    right of eastward travel) lies at y = -1.75; on the north arm it lies at x = +1.75."""
    assert _xy({"arm": 0, "s": 10, "l": 1.75}) == (10.0, -1.75)
    x, y = _xy({"arm": 1, "s": 10, "l": 1.75})
    assert abs(x - 1.75) < 1e-9 and abs(y - 10) < 1e-9
