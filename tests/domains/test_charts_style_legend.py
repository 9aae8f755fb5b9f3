"""charts/style_legend: independent solvers written from the catalog programs (arg-extremes over
a series or an x position, a threshold filter), no value printed, every pair of series told
apart by at least two style attributes."""

from itertools import combinations

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine
from tracegen.kits.sciplot import sci_looks

MOD = "tracegen.domains.charts.style_legend"
P = "task_charts__style_legend__"


def series_x(state, params, qid):
    row = state["values"][params["series"]]
    pick = max(row) if qid == "series_highest_x_label" else min(row)
    return state["x_labels"][row.index(pick)]


def threshold(state, params, qid):
    at = [row[params["x"]] for row in state["values"]]
    t = params["threshold"]
    return sum(v > t for v in at) if qid.startswith("above") else sum(v < t for v in at)


def x_series(state, params, qid):
    at = [row[params["x"]] for row in state["values"]]
    pick = max(at) if qid == "x_position_highest_series_label" else min(at)
    return state["series"][at.index(pick)]


SOLVERS = {
    P + "series_extremum_x_label": series_x,
    P + "threshold_series_count": threshold,
    P + "x_position_extremum_series_label": x_series,
}


def _size(s):
    return len(s["series"]) * len(s["x_labels"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)

test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: not tid.endswith("label"))


def test_series_styles_differ_in_two_attributes_in_grey_too():
    spec = registry.get(P + "series_extremum_x_label")
    inst = engine.generate(spec, seed=0, split="sl", index=0, encode=False)
    for mono in (True, False):
        looks = sci_looks(inst.canvas, 8, mono=mono)
        for a, b in combinations(looks, 2):
            diffs = [a.dash != b.dash, a.shape != b.shape, a.hollow != b.hollow, a.color != b.color]
            assert sum(diffs) >= 2, (a, b)
    monos = [engine.solve_only(spec, seed=1, split="sl", index=i)[2]["mono"] for i in range(30)]
    assert 3 <= sum(monos) <= 20
