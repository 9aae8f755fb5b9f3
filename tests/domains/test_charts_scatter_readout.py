"""charts/scatter_readout: independent solvers written from the catalog programs (numpy over the
series x position value grid), no value printed, every point on the axis's unit grid."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.scatter_readout"
P = "task_charts__scatter_readout__"


def _grid(state):
    return np.array(state["values"], dtype=float)          # [series, x]


def value_at(state, params, qid):
    return int(_grid(state)[params["series"], params["x_index"]])


def pair_gap(state, params, qid):
    col = _grid(state)[:, params["x_index"]]
    return int(abs(col[params["series_a"]] - col[params["series_b"]]))


def x_extremum(state, params, qid):
    if params["unanswerable"]:
        return "unanswerable"
    row = _grid(state)[params["series"]]
    return state["x_labels"][int(np.argmax(row) if "highest" in qid else np.argmin(row))]


def anchor(state, params, qid):
    g = _grid(state)
    level = g[params["anchor_series"], params["x_index"]]
    (hits,) = np.nonzero(g[params["anchor_series"]] == level)
    assert len(hits) == 1
    return int(g[params["other_series"], hits[0]])


def rank_at_x(state, params, qid):
    col = _grid(state)[:, params["x_index"]]
    return state["series"][int(np.argmax(col) if "highest" in qid else np.argmin(col))]


SOLVERS = {
    P + "series_value_at_x_value": value_at,
    P + "series_pair_value_gap_at_x": pair_gap,
    P + "series_x_extremum_label": x_extremum,
    P + "series_y_anchor_other_series_value": anchor,
    P + "x_value_rank_series_label": rank_at_x,
}
LABELS = {P + "series_x_extremum_label", P + "x_value_rank_series_label"}


def _size(s):
    return len(s["series"]) * len(s["x_labels"]) + 10 // s["unit"]


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


# a series or x label may be the answer by design; the values are never printed
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid not in LABELS)


def test_values_on_the_unit_grid_and_unanswerable_case():
    spec = registry.get(P + "series_x_extremum_label")
    seen = set()
    for i in range(60):
        inst = engine.generate(spec, seed=3, split="grid", index=i, encode=False)
        st = inst.trace["state"]
        g = _grid(st)
        assert np.all(g % st["unit"] == 0) and g.min() > st["lo"] and g.max() < st["hi"]
        seen.add(inst.record["answer_gt"]["value"] == "unanswerable")
    assert seen == {True, False}
