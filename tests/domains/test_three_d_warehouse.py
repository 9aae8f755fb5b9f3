"""three_d/warehouse: independent solvers from the catalog programs (footprint gaps and the robot's
corridor re-derived here)."""

import math

from taskcheck import scene_tests

from tracegen.kits.three_d import models as ms

MOD = "tracegen.domains.three_d.warehouse"
P = "task_three_d__warehouse__"
L = "ABCD"


def _r(o):
    return ms.footprint(o["kind"]) * o["s"]


def _letter(state, i):
    return L[state["cands"].index(i)]


def nearest(state, params, qid):
    ref = state["objects"][state["robot"] if qid == "closest_object_to_robot" else state["ref"]]
    assert (ref["kind"] == "robot") == (qid == "closest_object_to_robot")

    def g(i):
        o = state["objects"][i]
        return math.dist((o["x"], o["y"]), (ref["x"], ref["y"])) - _r(o) - _r(ref)
    return _letter(state, min(state["cands"], key=g))


def forward(state, params, qid):
    rb = state["objects"][state["robot"]]
    hx, hy = math.cos(rb["rot"]), math.sin(rb["rot"])
    half = 0.45 * rb["s"]
    best, best_f = None, math.inf
    for i, o in enumerate(state["objects"]):
        if i == state["robot"]:
            continue
        dx, dy = o["x"] - rb["x"], o["y"] - rb["y"]
        f, lat = dx * hx + dy * hy, abs(dx * hy - dy * hx)
        if f > 0 and lat < half + _r(o) and f < best_f:
            best, best_f = i, f
    return _letter(state, best)


SOLVERS = {P + "nearest_candidate_to_reference_label": nearest, P + "robot_forward_path_label": forward}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["objects"]),
                                                       seeds_per_combo=2)


def test_known_path():
    """Hand-checked: a robot at the origin facing +x reaches a barrel at (3, 0.2) before one at (5, 0),
    and ignores one at (2, 2.5) beside its path."""
    rb = {"kind": "robot", "x": 0.0, "y": 0.0, "rot": 0.0, "s": 1.3}
    objs = [rb, {"kind": "barrel", "x": 5.0, "y": 0.0, "s": 1.3}, {"kind": "barrel", "x": 3.0, "y": 0.2, "s": 1.3},
            {"kind": "barrel", "x": 2.0, "y": 2.5, "s": 1.3}]
    st = {"objects": objs, "robot": 0, "cands": [1, 2, 3]}
    assert forward(st, {}, "single") == "B"
