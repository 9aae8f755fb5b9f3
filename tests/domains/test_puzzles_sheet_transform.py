"""puzzles/sheet_transform: independent solvers on numpy grids -- a punched packet unfolded by OR-ing the
hole mask with its np.fliplr / np.flipud image once per fold; a marked sheet folded by laying the flipped
moving half (np.fliplr / np.flipud) on the kept half; two sheets overlaid by OR-ing their masks."""

import numpy as np
import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.sheet_transform"
P = "task_puzzles__sheet_transform__"


def grid(cells, rows, cols):
    m = np.zeros((rows, cols), dtype=bool)
    for r, c in cells:
        m[r, c] = True
    return m


def pick(options, want, draw):
    hits = ["ABCD"[i] for i, o in enumerate(options) if np.array_equal(draw(o), want)]
    assert len(hits) == 1, hits
    return hits[0]


def fold_cut(state, params, qid):
    n = state["n"]
    m = grid(state["holes"], n, n)
    for axis, _ in state["folds"]:
        m = m | (np.fliplr(m) if axis == "v" else np.flipud(m))
    return pick(state["options"], m, lambda o: grid(o, n, n))


def ids(marks, rows, cols):
    g = np.zeros((rows, cols), dtype=int)
    for m in marks:
        r, c = m["cell"]
        assert g[r, c] == 0
        g[r, c] = 1 + ["circle", "square", "diamond", "star", "hexagon", "triangle", "pentagon", "cross"].index(
            m["shape"])
    return g


def fold_projection(state, params, qid):
    n, h = state["n"], state["n"] // 2
    (axis, towards), = state["folds"]
    g = ids(state["marks"], n, n)
    if axis == "h":
        g = g.T
    keep, move = (g[:, :h], g[:, h:]) if towards == "low" else (g[:, h:], g[:, :h])
    assert not (keep.astype(bool) & np.fliplr(move).astype(bool)).any()
    res = keep + np.fliplr(move)
    if axis == "h":
        res = res.T
    return pick(state["options"], res, lambda o: ids(o, *res.shape))


def overlay(state, params, qid):
    n = state["n"]
    return pick(state["options"], grid(state["left"], n, n) | grid(state["right"], n, n), lambda o: grid(o, n, n))


SOLVERS = {
    P + "fold_cut_result_label": fold_cut,
    P + "fold_projection_result_label": fold_projection,
    P + "overlay_union_result_label": overlay,
}


def _size(s):
    return s["n"] + len(s.get("folds", ())) + len(s.get("holes", ())) + len(s.get("marks", ())) / 4


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_four_distinct_result_sheets(tid):
    spec = registry.get(tid)
    for d in (1, 2, 3):
        inst = engine.generate(spec, seed=4, split="draw", index=d, difficulty=d, encode=False)
        opts = inst.trace["state"]["options"]
        assert len({str(sorted(map(str, o))) for o in opts}) == 4
        assert [t["text"] for t in inst.canvas.texts if t["kind"] == "option"] == list("ABCD")
        assert {f"option:{k}" for k in "ABCD"} <= set(inst.canvas.entities)


def test_fold_lines_are_drawn_dashed():
    for tid in (P + "fold_cut_result_label", P + "fold_projection_result_label"):
        inst = engine.generate(registry.get(tid), seed=1, split="draw", index=0, encode=False)
        for i in range(len(inst.trace["state"]["folds"])):
            assert inst.canvas.entities.paint(f"fold:{i}")["line"] == "dashed"
