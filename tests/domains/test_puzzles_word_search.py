"""puzzles/word_search: independent solvers that read every straight line of the grid (rows, columns and
both diagonal families, numpy diagonals) forwards and backwards as strings with their cell coordinates
and look the words up with str.find; a location is named by its first cell and the compass step to the
second."""

import numpy as np
import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.word_search"
P = "task_puzzles__word_search__"
NAMES = {(0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up", (1, 1): "down-right",
         (1, -1): "down-left", (-1, 1): "up-right", (-1, -1): "up-left"}


def lines(grid):
    """Every straight line as (text, [cells]) in both reading directions."""
    g = np.array(grid)
    idx = np.arange(g.size).reshape(g.shape)
    n = g.shape[0]
    out = []
    seqs = [idx[r, :] for r in range(n)] + [idx[:, c] for c in range(n)]
    seqs += [np.diagonal(idx, k) for k in range(-n + 1, n)] + [np.diagonal(np.fliplr(idx), k) for k in range(-n + 1, n)]
    for s in seqs:
        for seq in (s, s[::-1]):
            cells = [divmod(int(i), n) for i in seq]
            out.append(("".join(g.flat[int(i)] for i in seq), cells))
    return out


def find(grid, word):
    hits = []
    for text, cells in lines(grid):
        at = text.find(word)
        while at >= 0:
            hits.append(cells[at:at + len(word)])
            at = text.find(word, at + 1)
    return hits


def present(state, params, qid):
    hits = ["ABCD"[i] for i, w in enumerate(state["options"]) if find(state["grid"], w)]
    assert len(hits) == 1, hits
    assert len(find(state["grid"], state["options"]["ABCD".index(hits[0])])) == 1
    return hits[0]


def location(state, params, qid):
    (cells,) = find(state["grid"], state["word"])
    (r0, c0), (r1, c1) = cells[0], cells[1]
    want = f"row {r0 + 1}, col {c0 + 1}, {NAMES[(r1 - r0, c1 - c0)]}"
    hits = ["ABCDEF"[i] for i, o in enumerate(state["options"]) if o == want]
    assert len(hits) == 1, (want, state["options"])
    return hits[0]


SOLVERS = {P + "present_word_option_label": present, P + "search_location_label": location}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"] + s["length"])


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_annotation_follows_the_word(tid):
    inst = engine.generate(registry.get(tid), seed=4, split="draw", index=0, encode=False)
    s, ents = inst.trace["state"], inst.canvas.entities
    word = s.get("word") or s["options"]["ABCD".index(inst.record["answer_gt"]["value"])]
    (cells,) = find(s["grid"], word)
    if "present" in tid:
        (x0, y0), (x1, y1) = ents["word"]["segment"]
        a, b = ents[f"cell:{cells[0][0]}:{cells[0][1]}"]["box"], ents[f"cell:{cells[-1][0]}:{cells[-1][1]}"]["box"]
        assert a[0] <= x0 <= a[2] and a[1] <= y0 <= a[3] and b[0] <= x1 <= b[2] and b[1] <= y1 <= b[3]
    else:
        assert inst.solution.witnesses == [f"cell:{r}:{c}" for r, c in cells]
