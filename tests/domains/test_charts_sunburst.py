"""charts/sunburst: independent solvers written from the catalog programs (the tree is rebuilt
here from the nested shape list)."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.sunburst"
P = "task_charts__sunburst__"


def _tree(state):
    """{parent name: [leaf values]} walking the shape parent by parent, subgroup by subgroup."""
    values = iter(state["values"])
    return {name: [next(values) for k in subs for _ in range(k)]
            for name, subs in zip(state["parents"], state["shape"])}


def _parent_values(state, params):
    return _tree(state)[state["parents"][params["parent"]]]


def threshold(state, params, qid):
    thr = params["threshold"]
    return sum((v > thr) if qid.startswith("above") else (v < thr) for v in _parent_values(state, params))


def in_range(state, params, qid):
    lo, hi = params["bounds"]
    return sum(lo <= v <= hi for v in _parent_values(state, params))


def total(state, params, qid):
    return sum(_parent_values(state, params))


def extremum(state, params, qid):
    totals = {name: sum(vals) for name, vals in _tree(state).items()}
    pick = max if qid.startswith("highest") else min
    best = pick(totals.values())
    (name,) = [n for n, t in totals.items() if t == best]
    return name


SOLVERS = {
    P + "leaf_threshold_count_under_parent": threshold,
    P + "leaf_range_count_under_parent": in_range,
    P + "parent_total_value": total,
    P + "parent_total_extremum_label": extremum,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["values"]))

# the counts may coincide with a printed leaf value (not a shortcut); a total never does
test_total_is_not_printed = shortcut_test([P + "parent_total_value"])


def test_every_leaf_prints_its_code_and_value():
    spec = registry.get(P + "parent_total_value")
    inst = engine.generate(spec, seed=3, split="print", index=0, encode=False)
    state = inst.trace["state"]
    texts = inst.canvas.drawn_texts()
    assert set(state["leaves"]) <= set(texts)
    assert sorted(int(t) for t in texts if t.isdigit()) == sorted(state["values"])
    assert len(state["values"]) == sum(sum(subs) for subs in state["shape"]) == len(state["leaves"])
