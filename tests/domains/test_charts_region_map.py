"""charts/region_map: independent solvers written from the catalog programs; regions touch when
their quadrilaterals share a grid vertex (computed here from the vertex indices, not from the
scene's neighbour list)."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.region_map"
P = "task_charts__region_map__"


def _corners(state, i):
    r, c = state["cells"][i]
    w = state["cols"] + 1
    return {r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1}


def _touching(state, i):
    mine = _corners(state, i)
    return [j for j in range(len(state["cells"])) if j != i and mine & _corners(state, j)]


def categorical(state, params, qid):
    return sum(k == params["category"] for k in state["cats"])


def group_category(state, params, qid):
    axis = 1 if state["group_axis"] == "col" else 0
    bounds = [0] + state["group_cuts"] + [10 ** 6]
    g = params["district"]
    return sum(bounds[g] <= cell[axis] < bounds[g + 1] and k == params["category"]
               for cell, k in zip(state["cells"], state["cats"]))


def adjacent_category(state, params, qid):
    return sum(state["cats"][j] == params["category"] for j in _touching(state, params["reference"]))


def adjacent_same(state, params, qid):
    ref = params["reference"]
    return sum(state["cats"][j] == state["cats"][ref] for j in _touching(state, ref))


def _threshold(state, params, qid):
    j = params["boundary"]
    return (state["edges"][j] - 1, "gt") if qid.startswith("greater") else (state["edges"][j], "lt")


def numeric_threshold(state, params, qid):
    thr, rel = _threshold(state, params, qid)
    return sum((v > thr) if rel == "gt" else (v < thr) for v in state["values"])


def numeric_interval(state, params, qid):
    a, b = params["bins"]
    edges = state["edges"] + [100]
    return sum(edges[a] <= v <= edges[b + 1] - 1 for v in state["values"])


def adjacent_numeric(state, params, qid):
    thr, rel = _threshold(state, params, qid)
    vals = [state["values"][j] for j in _touching(state, params["reference"])]
    return sum((v > thr) if rel == "gt" else (v < thr) for v in vals)


def named_total(state, params, qid):
    return sum(state["values"][i] for i in params["members"])


def marker_threshold(state, params, qid):
    thr = params["threshold"]
    vals = [v for v in state["markers"] if v]
    return sum((v > thr) if qid.startswith("greater") else (v < thr) for v in vals)


def marker_extremum(state, params, qid):
    marked = [(v, lab) for v, lab in zip(state["markers"], state["labels"]) if v]
    marked.sort(reverse=qid.startswith("largest"))
    assert marked[0][0] != marked[1][0]
    return marked[0][1]


SOLVERS = {
    P + "categorical_region_count": categorical,
    P + "group_category_region_count": group_category,
    P + "adjacent_category_count": adjacent_category,
    P + "adjacent_same_category_count": adjacent_same,
    P + "numeric_threshold_region_count": numeric_threshold,
    P + "numeric_interval_region_count": numeric_interval,
    P + "adjacent_numeric_threshold_count": adjacent_numeric,
    P + "named_region_set_total_value": named_total,
    P + "marker_region_threshold_count": marker_threshold,
    P + "marker_region_extremum_label": marker_extremum,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["cells"]),
                                                       seeds_per_combo=2)

test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: "extremum_label" not in tid)


def test_bin_thresholds_fall_on_legend_edges_so_counts_are_readable_from_colour():
    """A threshold or interval bound is always a bin edge of the legend, so every region's side of
    it follows from its colour alone."""
    for name in ("numeric_threshold_region_count", "numeric_interval_region_count",
                 "adjacent_numeric_threshold_count"):
        spec = registry.get(P + name)
        for i in range(8):
            qid, _, state, params, _ = engine.solve_only(spec, seed=4, split="edges", index=i)
            edges = state["edges"] + [100]
            if "boundary" in params:
                j = params["boundary"]
                assert 0 < j < len(state["edges"])
            else:
                a, b = params["bins"]
                assert 0 <= a <= b < len(state["edges"]) and (a, b) != (0, len(state["edges"]) - 1)
            assert all(0 <= v < 100 for v in state["values"]) and edges == sorted(set(edges))


def test_neighbours_include_corner_touches():
    spec = registry.get(P + "adjacent_category_count")
    diagonal = 0
    for i in range(10):
        _, _, state, params, sol = engine.solve_only(spec, seed=2, split="corner", index=i)
        ref = state["cells"][params["reference"]]
        for j in _touching(state, params["reference"]):
            r, c = state["cells"][j]
            assert max(abs(r - ref[0]), abs(c - ref[1])) == 1
            diagonal += abs(r - ref[0]) == 1 and abs(c - ref[1]) == 1
    assert diagonal > 0
