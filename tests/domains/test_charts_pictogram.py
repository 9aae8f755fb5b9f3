"""charts/pictogram: independent solvers written from the catalog programs (totals = marks x
unit scale), no count or total printed, marks drawn as counted."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.pictogram"
P = "task_charts__pictogram__"


def _totals(state):
    return [n * state["unit"] for n in state["counts"]]


def total_value(state, params, qid):
    return _totals(state)[params["category"]]


def extremum(state, params, qid):
    tot = _totals(state)
    pick = max(tot) if qid.startswith("largest") else min(tot)
    assert tot.count(pick) == 1
    return state["categories"][tot.index(pick)]


def difference(state, params, qid):
    tot = _totals(state)
    return abs(tot[params["category_a"]] - tot[params["category_b"]])


def nearest(state, params, qid):
    dist = sorted((abs(v - params["target_value"]), name) for v, name in zip(_totals(state), state["categories"]))
    assert dist[0][0] < dist[1][0]
    return dist[0][1]


def threshold(state, params, qid):
    level = params["threshold"]
    return sum((v > level) if qid.startswith("greater") else (v < level) for v in _totals(state))


SOLVERS = {
    P + "category_total_value": total_value,
    P + "category_total_extremum_label": extremum,
    P + "group_difference_value": difference,
    P + "target_value_nearest_category_label": nearest,
    P + "threshold_count": threshold,
}
LABELS = {P + "category_total_extremum_label", P + "target_value_nearest_category_label"}


def _size(s):
    return len(s["counts"]) * 20 + max(s["counts"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


# counts are read by counting marks; only the legend's unit scale (a scale label) is printed
test_no_count_or_total_is_printed = shortcut_test(
    sorted(SOLVERS), answer=lambda tid: tid not in LABELS,
    extra=lambda rec, tr: [n * tr["state"]["unit"] for n in tr["state"]["counts"]])


def test_one_mark_per_count_inside_its_row_and_both_variants():
    spec = registry.get(P + "category_total_value")
    variants = set()
    for i in range(12):
        inst = engine.generate(spec, seed=5, split="marks", index=i, encode=False)
        st, ents = inst.trace["state"], inst.canvas.entities
        variants.add(st["variant"])
        assert [t["text"] for t in inst.canvas.texts if t["kind"] == "tick"] == [f"1 mark = {st['unit']} units"]
        for k, n in enumerate(st["counts"]):
            row = ents[f"row:{k}"]["box"]
            marks = [ents[e]["box"] for e in ents if e.startswith(f"mark:{k}:")]
            assert len(marks) == n
            assert all(row[0] <= b[0] and b[2] <= row[2] and row[1] <= b[1] and b[3] <= row[3] for b in marks)
    assert variants == {"icon", "block"}
