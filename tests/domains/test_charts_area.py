"""charts/area: independent solvers written from the catalog programs."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.area"
P = "task_charts__area__"


def interval_area(state, params, qid):
    i, j = params["interval"]
    v = state["values"]
    area = sum((v[k] + v[k + 1]) / 2 for k in range(i, j))
    assert area == int(area)
    return int(area)


def band_sum(state, params, qid):
    i, j = params["interval"]
    return sum(state["stack"][params["band"]][i:j + 1])


def dominance(state, params, qid):
    i, j = params["interval"]
    totals = {name: sum(row[i:j + 1]) for name, row in zip(state["bands"], state["stack"])}
    return max(totals, key=totals.get)


SOLVERS = {
    P + "interval_area_value": interval_area,
    P + "stacked_band_interval_sum_value": band_sum,
    P + "stacked_band_dominance_label": dominance,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["x_labels"]))

test_answer_is_not_printed = shortcut_test([P + "interval_area_value", P + "stacked_band_interval_sum_value"])


def test_every_printed_value_is_drawn_once():
    for name, key in ((P + "interval_area_value", "values"), (P + "stacked_band_interval_sum_value", "stack")):
        inst = engine.generate(registry.get(name), seed=2, split="print", index=0, encode=False)
        state = inst.trace["state"]
        printed = sorted(int(t["text"]) for t in inst.canvas.texts if t["kind"] != "tick" and t["text"].isdigit())
        want = state["values"] if key == "values" else [v for row in state["stack"] for v in row]
        assert printed == sorted(want)
