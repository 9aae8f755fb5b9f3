"""puzzles/star_battle: independent solvers -- numpy masks of the cells each shown star forbids (its row,
column and region, and its 3 x 3 neighbourhood), applied to the highlighted line or the lettered cells;
the board itself is checked to come from a valid one-star solution whose regions each hold one star."""

import numpy as np
import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.star_battle"
P = "task_puzzles__star_battle__"


def allowed(state):
    n = state["n"]
    regions = np.array(state["regions"])
    ok = np.ones((n, n), dtype=bool)
    for r, c in state["shown"]:
        ok[r, :] = ok[:, c] = False
        ok[regions == regions[r, c]] = False
        ok[max(0, r - 1):r + 2, max(0, c - 1):c + 2] = False
    return ok


def count(state, params, qid):
    which, i = state["line"]
    assert which == ("row" if "row" in qid else "column")
    ok = allowed(state)
    return int(ok[i, :].sum() if which == "row" else ok[:, i].sum())


def anywhere(state, params, qid):
    ok = allowed(state)
    hits = [x for x, (r, c) in state["labels"].items() if ok[r, c]]
    assert len(hits) == 1, hits
    return hits[0]


SOLVERS = {P + "remaining_valid_cell_count": count, P + "valid_cell_anywhere_label": anywhere}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"])
test_no_count_is_printed = shortcut_test([P + "remaining_valid_cell_count"])


@pytest.mark.parametrize("d", [1, 2, 3])
def test_board_comes_from_a_valid_solution(d):
    inst = engine.generate(registry.get(P + "remaining_valid_cell_count"), seed=d, split="sol", index=0,
                           difficulty=d, encode=False)
    s = inst.trace["state"]
    n, sol, regions = s["n"], [tuple(x) for x in s["solution"]], np.array(s["regions"])
    assert sorted(r for r, _ in sol) == list(range(n)) and sorted(c for _, c in sol) == list(range(n))
    assert sorted(int(regions[r, c]) for r, c in sol) == list(range(n))
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1 for i, a in enumerate(sol) for b in sol[i + 1:])
    assert set(map(tuple, s["shown"])) <= set(sol)
    # every region is one edge-connected piece
    for k in range(n):
        cells = {tuple(x) for x in np.argwhere(regions == k)}
        seen, stack = set(), [next(iter(cells))]
        while stack:
            r, c = stack.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            stack += [x for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if x in cells]
        assert seen == cells


def test_lettered_cells_are_drawn():
    inst = engine.generate(registry.get(P + "valid_cell_anywhere_label"), seed=5, split="draw", index=0, encode=False)
    labels = inst.trace["state"]["labels"]
    assert sorted(t["text"] for t in inst.canvas.texts if t["kind"] == "option") == sorted(labels)
    assert inst.solution.options == len(labels)
