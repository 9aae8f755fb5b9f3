"""charts/multiseries: independent solvers written from the catalog programs (numpy over the
series x categories table, fractions for ratios and shares), and no value printed."""

from fractions import Fraction

import numpy as np
from taskcheck import scene_tests, shortcut_test


MOD = "tracegen.domains.charts.multiseries"
P = "task_charts__multiseries__"


def _t(state):
    return np.array(state["values"])       # [series, category]


def _pick(state, v, largest):
    return state["categories"][int(np.argmax(v) if largest else np.argmin(v))]


def totals(state, params, qid):
    return _pick(state, _t(state).sum(axis=0), qid.startswith("largest"))


def equality(state, params, qid):
    a, b = params["pair"]
    (i,) = np.flatnonzero(_t(state)[a] == _t(state)[b])
    return state["categories"][int(i)]


def change(state, params, qid):
    a, b = params["pair"]
    d = _t(state)[b] - _t(state)[a]
    v = {"largest_increase_label": d, "largest_decrease_label": -d,
         "largest_absolute_gap_label": np.abs(d), "smallest_absolute_gap_label": -np.abs(d)}[qid]
    return _pick(state, v, True)


def ratio(state, params, qid):
    a, b = params["pair"]
    r = [Fraction(int(x), int(y)) for x, y in zip(_t(state)[a], _t(state)[b])]
    best = max(r) if qid.startswith("largest") else min(r)
    return state["categories"][r.index(best)]


def share(state, params, qid):
    t = _t(state)
    r = [Fraction(int(t[params["series"], i]), int(t[:, i].sum())) for i in range(t.shape[1])]
    best = max(r) if qid.startswith("largest") else min(r)
    return state["categories"][r.index(best)]


def series_rank(state, params, qid):
    col = _t(state)[:, params["category"]]
    return state["series"][int(np.argmax(col) if qid.startswith("largest") else np.argmin(col))]


SOLVERS = {
    P + "category_total_extremum_label": totals,
    P + "pair_equality_label": equality,
    P + "ranked_change_extremum_label": change,
    P + "ranked_pair_ratio_extremum_label": ratio,
    P + "ranked_series_share_extremum_label": share,
    P + "series_rank_at_category_label": series_rank,
}


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["series"]) * len(s["categories"]) + s["hi"] - s["lo"],
    seeds_per_combo=2, balance_seeds=120)


# the answer is a category or series label by design; the values read off the axis are never printed
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=False)
