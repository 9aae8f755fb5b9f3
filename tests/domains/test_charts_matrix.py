"""charts/matrix: independent solvers written from the catalog programs."""

from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.matrix"
P = "task_charts__matrix__"


def _line(state, axis, i):
    """{other-axis label: value} over the active cells (a triangular matrix keeps row > column)."""
    tri = state["kind"] == "triangular"
    if axis == "row":
        return {lab: v for k, (lab, v) in enumerate(zip(state["cols"], state["values"][i])) if not tri or i > k}
    return {lab: row[i] for r, (lab, row) in enumerate(zip(state["rows"], state["values"])) if not tri or r > i}


def axis_extremum(state, params, qid):
    axis = "row" if qid.startswith("row") else "column"
    cells = _line(state, axis, params["line"])
    ranked = sorted(cells, key=cells.get, reverse="highest" in qid)
    return ranked[1]


def off_diagonal(state, params, qid):
    i = params["line"]
    off = {lab: v for k, (lab, v) in enumerate(zip(state["cols"], state["values"][i])) if k != i}
    return max(off, key=off.get)


def threshold(state, params, qid):
    axis = "row" if qid.startswith("row") else "column"
    thr = params["threshold"]
    vals = _line(state, axis, params["line"]).values()
    return sum((v >= thr) if "at_least" in qid else (v <= thr) for v in vals)


SOLVERS = {
    P + "axis_extremum_label": axis_extremum,
    P + "off_diagonal_confusion_label": off_diagonal,
    P + "threshold_cell_count": threshold,
}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["rows"]) * len(s["cols"]))


def test_confusion_matrices_are_square_with_a_dominant_diagonal():
    spec = registry.get(P + "off_diagonal_confusion_label")
    for i in range(6):
        _, _, state, _, _ = engine.solve_only(spec, seed=2, split="square", index=i)
        assert state["kind"] == "confusion" and state["rows"] == state["cols"]
        vals = state["values"]
        assert all(vals[r][r] > max(v for k, v in enumerate(vals[r]) if k != r) for r in range(len(vals)))


def test_every_active_cell_prints_its_value():
    spec = registry.get(P + "threshold_cell_count")
    inst = engine.generate(spec, seed=1, split="print", index=0, encode=False)
    state = inst.trace["state"]
    printed = sorted(int(t) for t in inst.canvas.drawn_texts() if t.isdigit())
    tri = state["kind"] == "triangular"
    want = sorted(v for r, row in enumerate(state["values"]) for k, v in enumerate(row) if not tri or r > k)
    assert printed == want
