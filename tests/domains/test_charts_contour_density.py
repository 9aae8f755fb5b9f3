"""charts/contour_density: independent solvers written from the catalog programs."""

import math

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.contour_density"
P = "task_charts__contour_density__"


def _levels(state):
    return [r["level"] for r in state["regions"]]


def density_extremum(state, params, qid):
    lv = _levels(state)
    best = max(lv) if qid.startswith("highest") else min(lv)
    assert lv.count(best) == 1
    return state["labels"][lv.index(best)]


def density_threshold(state, params, qid):
    level = params["level"]
    return sum((v >= level) if "at_least" in qid else (v < level) for v in _levels(state))


def reference_distance(state, params, qid):
    ref = state["reference"]
    if ref["kind"] == "point":
        d = [math.dist((r["x"], r["y"]), (ref["x"], ref["y"])) for r in state["regions"]]
    elif ref["kind"] == "vertical":
        d = [abs(r["x"] - ref["x"]) for r in state["regions"]]
    else:
        d = [abs(r["y"] - ref["y"]) for r in state["regions"]]
    pick = min(d) if "nearest" in qid else max(d)
    return state["labels"][d.index(pick)]


def spread(state, params, qid):
    areas = [r["rx"] * r["ry"] for r in state["regions"]]      # ellipse area up to the common factor pi
    pick = max(areas) if qid.startswith("widest") else min(areas)
    return state["labels"][areas.index(pick)]


SOLVERS = {
    P + "density_extremum_region_label": density_extremum,
    P + "density_threshold_region_count": density_threshold,
    P + "reference_distance_extremum_label": reference_distance,
    P + "spread_extremum_region_label": spread,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["regions"]))

test_no_count_is_printed = shortcut_test([P + "density_threshold_region_count"])


def test_reference_kind_matches_the_query_and_point_winner_survives_any_stretch():
    spec = registry.get(P + "reference_distance_extremum_label")
    for qid in spec.queries:
        _, _, state, _, sol = engine.solve_only(spec, seed=1, split="stretch", index=0, query_id=qid)
        ref = state["reference"]
        assert ref["kind"] == qid.split("_")[0]
        if ref["kind"] == "point":
            for w in (0.5, 0.75, 1.0, 1.5, 2.0):
                d = [math.hypot(w * (r["x"] - ref["x"]), r["y"] - ref["y"]) for r in state["regions"]]
                pick = min(d) if "nearest" in qid else max(d)
                assert state["labels"][d.index(pick)] == sol.answer


def test_rings_stay_apart_and_every_region_is_inside_the_plot():
    spec = registry.get(P + "density_threshold_region_count")
    for i in range(10):
        _, _, state, _, _ = engine.solve_only(spec, seed=9, split="layout", index=i)
        regs = state["regions"]
        for r in regs:
            assert 0 < r["x"] - r["rx"] and r["x"] + r["rx"] < 100 and 0 < r["y"] - r["ry"] and r["y"] + r["ry"] < 100
            assert 1 <= r["level"] <= state["max_level"]
        for a in range(len(regs)):
            for b in range(a + 1, len(regs)):
                p, q = regs[a], regs[b]
                dx, dy = (p["x"] - q["x"]) / (p["rx"] + q["rx"]), (p["y"] - q["y"]) / (p["ry"] + q["ry"])
                assert math.hypot(dx, dy) >= 0.8
