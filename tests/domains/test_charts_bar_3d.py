"""charts/bar_3d: independent solvers from the catalog programs (numpy over the series x
categories table), a hand-checked chart, the no-hidden-bar rule, and no answer printed."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.charts.bar_3d"
P = "task_charts__bar_3d__"
REL = {"below": np.less, "at least": np.greater_equal, "above": np.greater}


def _t(state):
    return np.array(state["values"])          # [series, category]


def extremum_gap(state, params, qid):
    col = _t(state)[:, params["category"]]
    return int(col.max() - col.min())


def category_threshold(state, params, qid):
    col = _t(state)[:, params["category"]]
    return int(REL[params["relation"]](col, params["threshold"]).sum())


def category_total_gap(state, params, qid):
    a, b = params["categories"]
    tot = _t(state).sum(axis=0)
    return int(abs(tot[a] - tot[b]))


def category_total(state, params, qid):
    return int(_t(state)[:, params["category"]].sum())


def pairwise(state, params, qid):
    a, b = params["pair"]
    return int((_t(state)[a] > _t(state)[b]).sum())


def series_scope(state, params, qid):
    row = _t(state)[params["series"]]
    if qid == "series_interval_total_value":
        lo, hi = params["interval"]
        return int(row[lo:hi + 1].sum())
    return int(row.sum())


def series_threshold(state, params, qid):
    row = _t(state)[params["series"]]
    return int(REL[params["relation"]](row, params["threshold"]).sum())


def series_total_gap(state, params, qid):
    a, b = params["pair_series"]
    return int(abs(_t(state)[a].sum() - _t(state)[b].sum()))


SOLVERS = {
    P + "category_extremum_gap_value": extremum_gap,
    P + "category_threshold_count": category_threshold,
    P + "category_total_gap_value": category_total_gap,
    P + "category_total_value": category_total,
    P + "pairwise_comparison_count": pairwise,
    P + "series_category_scope_total_value": series_scope,
    P + "series_threshold_count": series_threshold,
    P + "series_total_gap_value": series_total_gap,
}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["series"]) * len(s["categories"]) + s["top"], seeds_per_combo=2,
    balance_seeds=120)

# aggregates and counts are never printed (value labels are the inputs, not the answer)
test_no_answer_printed = shortcut_test(sorted(SOLVERS))


HAND = {"series": ["Oslo", "Lima", "Kobe"], "categories": ["Jan", "Feb", "Mar"],
        "values": [[10, 22, 31], [17, 9, 25], [30, 14, 12]], "lo": 5, "hi": 38, "top": 40, "step": 10,
        "az": -76.0, "el": 22.0}


def test_hand_checked_chart():
    # by hand: Feb column 22, 9, 14 -> gap 13, total 45; Oslo total 63, Kobe 56 -> gap 7;
    # Oslo > Lima at Feb and Mar -> 2
    assert extremum_gap(HAND, {"category": 1}, "single") == 13
    assert category_total(HAND, {"category": 1}, "single") == 45
    assert series_total_gap(HAND, {"pair_series": [0, 2]}, "single") == 7
    assert pairwise(HAND, {"pair": [0, 1]}, "series_comparison_count") == 2
    assert series_scope(HAND, {"series": 1, "interval": [1, 2]}, "series_interval_total_value") == 34
    assert category_threshold(HAND, {"category": 0, "relation": "at least", "threshold": 17}, "single") == 2


def test_readable_layout_rejects_hidden_bars():
    from tracegen.domains.charts import bar_3d

    assert bar_3d.readable(HAND)
    # a very tall front bar right in front of a short deeper one covers its top and label
    crowded = dict(HAND, values=[[10, 40, 31], [17, 9, 25], [30, 14, 12]], az=-89.0, el=4.0)
    from tracegen.kits.three_d import charts as c3
    cam = c3.fit_camera(bar_3d.box_size(crowded), bar_3d.REGION, crowded["az"], crowded["el"])
    bars = bar_3d.bars(crowded)
    for b in bars:          # stack every bar at the same x: deeper bars sit straight behind
        b["x"] = 1.0 + 3.0 * (bars.index(b) % 3)
    geo, order = c3.bar_layout(cam, bars)
    assert not c3.bars_readable(geo, order)
