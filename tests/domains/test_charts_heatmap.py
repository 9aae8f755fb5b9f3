"""charts/heatmap: independent solvers written from the catalog programs."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.heatmap"
P = "task_charts__heatmap__"


def _grid(state):
    return [list(r) for r in state["values"]]


def _transpose(m):
    return [list(col) for col in zip(*m)]


def axis_cell(state, params, qid):
    m = _grid(state)
    if qid.startswith("row"):
        line, other = m[params["line"]], state["col_labels"]
    else:
        line, other = _transpose(m)[params["line"]], state["row_labels"]
    target = max(line) if "hottest" in qid else min(line)
    assert line.count(target) == 1
    return other[line.index(target)]


def _extreme(state, kind):
    # the legend's classes run from -half (strong decrease) to +half (strong increase)
    return state["half"] if kind == "hottest" else -state["half"]


def axis_condition(state, params, qid):
    m = _grid(state)
    ext = _extreme(state, params["condition"])
    if qid.startswith("row"):
        lines, labels = m, state["row_labels"]
    else:
        lines, labels = _transpose(m), state["col_labels"]
    scored = sorted(((sum(v == ext for v in ln), lab) for ln, lab in zip(lines, labels)), reverse=True)
    assert scored[0][0] > scored[1][0]
    return scored[0][1]


def interval(state, params, qid):
    lo, hi = params["bounds"]
    return sum(lo <= v <= hi for row in state["values"] for v in row)


def threshold(state, params, qid):
    (t,) = params["bounds"]
    if "above" in qid:
        return sum(v > t for row in state["values"] for v in row)
    return sum(v < t for row in state["values"] for v in row)


def run_label(state, params, qid):
    ext = _extreme(state, params["condition"])
    best = []
    for lab, row in zip(state["row_labels"], state["values"]):
        longest = max((j - i for i in range(len(row)) for j in range(i, len(row) + 1)
                       if all(v == ext for v in row[i:j])), default=0)
        best.append((longest, lab))
    best.sort(reverse=True)
    assert best[0][0] > best[1][0]
    return best[0][1]


SOLVERS = {
    P + "axis_cell_extremum_label": axis_cell,
    P + "axis_condition_extremum_label": axis_condition,
    P + "colorbar_interval_cell_count": interval,
    P + "colorbar_threshold_cell_count": threshold,
    P + "condition_run_extremum_label": run_label,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: len(s["values"]) * len(s["values"][0]))


test_no_cell_prints_its_value = shortcut_test(sorted(SOLVERS), seeds=(0, 1), answer=lambda tid: "count" in tid)


def test_colour_bar_cells_keep_clear_of_the_asked_bounds():
    for tid in ("colorbar_interval_cell_count", "colorbar_threshold_cell_count"):
        spec = registry.get(P + tid)
        for d, share in ((1, 0.08), (2, 0.05), (3, 0.03)):
            for i in range(4):
                inst = engine.generate(spec, seed=5, split="train", index=i, difficulty=d, encode=False)
                st, pr = inst.trace["state"], inst.trace["params"]
                gap = share * (st["vmax"] - st["vmin"])
                assert st["kind"] == "continuous"
                assert all(abs(v - b) >= gap for row in st["values"] for v in row for b in pr["bounds"])
                ticks = {t["text"] for t in inst.canvas.texts if t["kind"] == "tick"}
                assert {f"{b:g}" for b in pr["bounds"]} <= ticks, "a bound is not a labelled colour-bar tick"
