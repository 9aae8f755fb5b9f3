"""charts/table: independent solvers written from the catalog programs (statistics / plain
loops over the printed cells), and the table prints every entry it is asked about."""

import statistics

from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.charts import table

MOD = "tracegen.domains.charts.table"
P = "task_charts__table__"


def _col(state, k):
    return [row[k] for row in state["values"]]


def _year_sums(state, params):
    a, b = params["rows"]
    k0 = params["first_year"]
    years = range(k0, k0 + params["length"])
    return [[state["values"][r][k] for k in years] for r in (a, b)]


def abs_diff(state, params, qid):
    ra, rb = _year_sums(state, params)
    return abs(sum(ra) - sum(rb))


def sum_abs(state, params, qid):
    ra, rb = _year_sums(state, params)
    return sum(abs(x - y) for x, y in zip(ra, rb))


def categorical(state, params, qid):
    return _col(state, params["column"]).count(params["category"])


def rank(state, params, qid):
    col = _col(state, params["column"])
    ranked = sorted(zip(col, state["rows"]), reverse=qid.startswith("highest"))
    return ranked[params["rank"] - 1][1]


def summary(state, params, qid):
    col = _col(state, params["column"])
    f = {"column_sum": sum, "column_mean": statistics.mean, "column_median": statistics.median}[qid]
    v = f(col)
    assert v == int(v)
    return int(v)


def filtered_mean(state, params, qid):
    fk, tk = params["columns"]
    lo, hi = params["bounds"]
    keep = {"above_threshold_filtered_mean": lambda v: v > lo, "below_threshold_filtered_mean": lambda v: v < lo,
            "interval_filtered_mean": lambda v: lo <= v <= hi}[qid]
    vals = [row[tk] for row in state["values"] if keep(row[fk])]
    assert statistics.mean(vals) == int(statistics.mean(vals))
    return int(statistics.mean(vals))


def interval(state, params, qid):
    lo, hi = params["bounds"]
    return sum(lo <= v <= hi for v in _col(state, params["column"]))


def threshold(state, params, qid):
    thr = params["threshold"]
    return sum((v > thr) if qid.startswith("above") else (v < thr) for v in _col(state, params["column"]))


SOLVERS = {
    P + "absolute_difference_between_rows_over_year_interval": abs_diff,
    P + "sum_absolute_differences_between_rows_over_year_interval": sum_abs,
    P + "categorical_value_count": categorical,
    P + "column_rank_label": rank,
    P + "column_summary_value": summary,
    P + "filtered_column_mean": filtered_mean,
    P + "interval_value_count": interval,
    P + "threshold_count": threshold,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: len(s["rows"]) * len(s["columns"]),
                                                       seeds_per_combo=2, balance_seeds=120)


def test_every_cell_is_printed_and_boxed():
    for tid in (P + "column_summary_value", P + "absolute_difference_between_rows_over_year_interval",
                P + "categorical_value_count"):
        inst = engine.generate(table.SCENE.tasks[tid], seed=2, split="train", index=0, encode=False)
        s = inst.trace["state"]
        drawn = inst.canvas.drawn_texts()
        assert drawn.count("Name") == 1
        for r, (name, row) in enumerate(zip(s["rows"], s["values"])):
            assert name in drawn and all(str(v) in drawn for v in row)
            x0, y0, x1, y1 = inst.canvas.entities[f"cell:{r}:1"]["box"]
            assert x1 > x0 and y1 > y0
