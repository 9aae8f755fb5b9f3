"""charts/dashboard: independent solvers written from the catalog programs over the
panels x categories value table (numpy), the statement options drawn in the image, and the
unanswerable case when a panel hides a category."""

import numpy as np
from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.charts import dashboard

MOD = "tracegen.domains.charts.dashboard"
P = "task_charts__dashboard__"


def _table(state):
    return np.array([p["values"] for p in state["panels"]])          # [panel, category]


def _titles(state):
    return [p["title"] for p in state["panels"]]


def _arg(v, largest):
    return int(np.argmax(v) if largest else np.argmin(v))


def category_panel(state, params, qid):
    return _titles(state)[_arg(_table(state)[:, params["category"]], qid.startswith("largest"))]


def condition_count(state, params, qid):
    col = _table(state)[:, params["category"]]
    return int(np.sum(col > params["threshold"]) if "greater" in qid else np.sum(col < params["threshold"]))


def category_total(state, params, qid):
    if any(p["hide"] for p in state["panels"]):
        return "unanswerable"
    return state["categories"][_arg(_table(state).sum(axis=0), qid.startswith("largest"))]


def global_extreme(state, params, qid):
    t = _table(state)
    flat = _arg(t.ravel(), "maximum" in qid)
    return state["categories"][flat % t.shape[1]]


def panel_total(state, params, qid):
    return _titles(state)[_arg(_table(state).sum(axis=1), qid.startswith("largest"))]


def panel_range(state, params, qid):
    t = _table(state)
    return _titles(state)[_arg(t.max(axis=1) - t.min(axis=1), qid.startswith("largest"))]


def range_value(state, params, qid):
    row = _table(state)[params["panel"]]
    return int(row.max() - row.min())


def source_rank(state, params, qid):
    src, dst = params["panels"]
    k = _arg(_table(state)[src], qid.startswith("largest"))
    return int(_table(state)[dst, k])


def statement(state, params, qid):
    t = _table(state)
    true = [i for i, (k, a, b, rel) in enumerate(params["statements"])
            if (t[a, k] > t[b, k] if rel == "gt" else t[a, k] < t[b, k])]
    assert len(true) == 1
    return "ABCDEF"[true[0]]


SOLVERS = {
    P + "category_extremum_panel_label": category_panel,
    P + "category_panel_condition_count": condition_count,
    P + "category_total_extremum_label": category_total,
    P + "global_value_extremum_category_label": global_extreme,
    P + "panel_total_extremum_label": panel_total,
    P + "panel_value_range_extremum_label": panel_range,
    P + "panel_value_range_value": range_value,
    P + "source_rank_target_value": source_rank,
    P + "statement_option_selection_label": statement,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: len(s["panels"]) * len(s["categories"]),
                                                       seeds_per_combo=2, balance_seeds=120)


def test_values_printed_statements_drawn_and_unanswerable():
    spec = dashboard.SCENE.tasks[P + "statement_option_selection_label"]
    inst = engine.generate(spec, seed=1, split="train", index=0, encode=False)
    drawn = inst.canvas.drawn_texts()
    state, params = inst.trace["state"], inst.trace["params"]
    for st in params["statements"]:
        text = dashboard.statement_text(st, state["categories"], state["panels"])
        assert any(text.startswith(d) or d in text for d in drawn if len(d) > 12)
    for letter in "ABCDEF":
        assert f"option:{letter}" in inst.canvas.entities
    # every plotted value is printed exactly (the dashboard states it)
    for p in state["panels"]:
        for v in p["values"]:
            assert any(str(v) == d or d.endswith(f" {v}") for d in drawn)
    spec = dashboard.SCENE.tasks[P + "category_total_extremum_label"]
    answers = [engine.solve_only(spec, seed=5, split="train", index=i)[4].answer for i in range(60)]
    assert 0 < answers.count("unanswerable") <= 15
