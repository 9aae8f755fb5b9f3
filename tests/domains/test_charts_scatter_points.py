"""charts/scatter_points: independent solvers written from the catalog programs (numpy filters
and per-category means), no coordinate printed, points clear of the asked threshold."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.scatter_points"
P = "task_charts__scatter_points__"


def _count(pts, qid, t):
    col = 0 if "_x_" in f"_{qid}" else 1
    vals = np.asarray(pts, dtype=float)[:, col]
    return int(np.sum(vals > t) if "above" in qid else np.sum(vals < t))


def axis_count(state, params, qid):
    assert len(state["points"]) == 1
    return _count(state["points"][0], qid, params["value"])


def category_count(state, params, qid):
    return _count(state["points"][params["category"]], qid, params["value"])


def mean_label(state, params, qid):
    col = 0 if "_x_" in qid else 1
    means = [np.mean(np.asarray(p, dtype=float)[:, col]) for p in state["points"]]
    k = int(np.argmax(means) if qid.startswith("largest") else np.argmin(means))
    return state["names"][k]


SOLVERS = {
    P + "axis_threshold_point_count": axis_count,
    P + "category_axis_mean_extremum_label": mean_label,
    P + "category_threshold_point_count": category_count,
}


def _size(s):
    return sum(len(p) for p in s["points"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)

test_no_coordinate_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: not tid.endswith("label"))


def test_points_stay_clear_of_the_drawn_threshold():
    spec = registry.get(P + "category_threshold_point_count")
    for i in range(10):
        inst = engine.generate(spec, seed=3, split="sp", index=i, encode=False)
        st, prm = inst.trace["state"], inst.trace["params"]
        axis, t = prm["threshold"]
        col = 0 if axis == "x" else 1
        assert all(abs(p[col] - t) >= 1.0 - 1e-9 for pts in st["points"] for p in pts)
        assert f"{axis} = {t}" in inst.canvas.drawn_texts()
        assert len(st["names"]) >= 3 and all(f"legend:{k}" in inst.canvas.entities for k in range(len(st["names"])))
