"""charts/treemap: independent solvers written from the catalog programs (sums over a parent's
children, the parent with the extreme total, a child's values across parents), rectangle
areas proportional to the printed values, aggregates never printed."""

import statistics

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.treemap"
P = "task_charts__treemap__"


def group_total(state, params, qid):
    return sum(state["values"][params["parent"]])


def parent_extremum(state, params, qid):
    totals = {name: sum(row) for name, row in zip(state["parents"], state["values"])}
    pick = max if qid == "largest_parent_total" else min
    return pick(totals, key=totals.get)


def repeated_leaf(state, params, qid):
    col = [row[params["child"]] for row in state["values"]]
    return sum(col) if qid == "treemap_repeated_leaf_sum_value" else int(statistics.mean(col))


SOLVERS = {
    P + "group_total_value": group_total,
    P + "parent_total_extremum_label": parent_extremum,
    P + "repeated_leaf_aggregate_value": repeated_leaf,
}


def _size(s):
    return len(s["parents"]) * len(s["children"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)

test_aggregates_are_not_printed = shortcut_test([P + "group_total_value", P + "repeated_leaf_aggregate_value"],
                                                seeds=(0, 1))


def test_rectangle_areas_are_proportional_to_values():
    spec = registry.get(P + "group_total_value")
    for i in range(6):
        inst = engine.generate(spec, seed=2, split="tm", index=i, encode=False)
        st, ents = inst.trace["state"], inst.canvas.entities
        ratios = []
        for p, row in enumerate(st["values"]):
            for k, v in enumerate(row):
                x0, y0, x1, y1 = ents[f"leaf:{p}:{k}"]["box"]
                ratios.append((x1 - x0) * (y1 - y0) / v)
        # the 3-unit gaps between children bend proportionality slightly
        assert max(ratios) / min(ratios) < 1.25
        texts = inst.canvas.drawn_texts()
        assert all(str(v) in texts for row in st["values"] for v in row)
