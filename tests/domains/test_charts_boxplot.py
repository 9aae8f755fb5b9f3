"""charts/boxplot: independent solvers written from the catalog programs."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.boxplot"
P = "task_charts__boxplot__"


def iqr(state, params, qid):
    widths = {lab: q3 - q1 for lab, (_, q1, _, q3, _) in zip(state["labels"], state["stats"])}
    pick = max if qid.startswith("largest") else min
    return pick(widths, key=widths.get)


def median_difference(state, params, qid):
    meds = sorted((st[2] for st in state["stats"]), reverse=True)
    distinct = sorted(set(meds), reverse=True)
    other = {"second": distinct[1], "third": distinct[2], "bottom": distinct[-1]}[qid.split("_")[2]]
    return meds[0] - other


def paired_shift(state, params, qid):
    change = {lab: a[2] - b[2] for lab, b, a in zip(state["labels"], state["stats"], state["after"])}
    mode = qid.split("_")[3]
    key = {"increase": lambda k: change[k], "decrease": lambda k: -change[k], "absolute": lambda k: abs(change[k])}
    return max(change, key=key[mode])


SOLVERS = {
    P + "iqr_extremum_label": iqr,
    P + "median_rank_difference_value": median_difference,
    P + "paired_median_shift_label": paired_shift,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["stats"]) + s["hi"])

test_difference_is_not_printed = shortcut_test([P + "median_rank_difference_value"])


def test_five_number_summaries_are_ordered_inside_the_axis():
    for name in SOLVERS:
        spec = registry.get(name)
        for i in range(6):
            _, _, state, _, _ = engine.solve_only(spec, seed=8, split="order", index=i)
            for st in state["stats"] + state.get("after", []):
                assert 0 <= st[0] < st[1] < st[2] < st[3] < st[4] <= state["hi"]
