"""puzzles/tents: independent solvers -- the marked tree's lettered neighbour that is empty, touches no
placed tent (king moves) and lies in a row and a column below their printed counts; the lettered tent
with no tree in its four neighbouring cells.  The printed counts are checked against the solution."""

import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.tents"
P = "task_puzzles__tents__"


def missing(state, params, qid):
    tents = {tuple(t) for t in state["shown"]}
    trees = {tuple(t) for t in state["trees"]}
    hits = []
    for x, (r, c) in state["labels"].items():
        assert abs(r - state["trees"][state["marked"]][0]) + abs(c - state["trees"][state["marked"]][1]) == 1
        assert (r, c) not in tents and (r, c) not in trees        # the lettered cells are empty
        if any((r + dr, c + dc) in tents for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
            continue
        if sum(1 for a, _ in tents if a == r) >= state["row_counts"][r]:
            continue
        if sum(1 for _, b in tents if b == c) >= state["col_counts"][c]:
            continue
        hits.append(x)
    assert len(hits) == 1, hits
    return hits[0]


def violating(state, params, qid):
    trees = {tuple(t) for t in state["trees"]}
    hits = [x for x, (r, c) in state["labels"].items()
            if not trees & {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}]
    assert len(hits) == 1, hits
    return hits[0]


SOLVERS = {P + "missing_tent_cell_label": missing, P + "violating_tent_label": violating}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rows"] * s["cols"])


@pytest.mark.parametrize("d", [1, 2, 3])
def test_counts_and_solution(d):
    inst = engine.generate(registry.get(P + "missing_tent_cell_label"), seed=d, split="sol", index=0, difficulty=d,
                           encode=False)
    s = inst.trace["state"]
    tents = [tuple(t) for t in s["tents"]]
    assert s["row_counts"] == [sum(1 for r, _ in tents if r == i) for i in range(s["rows"])]
    assert s["col_counts"] == [sum(1 for _, c in tents if c == i) for i in range(s["cols"])]
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1 for i, a in enumerate(tents) for b in tents[i + 1:])
    for (tr, tc), (r, c) in zip(s["trees"], tents):
        assert abs(tr - r) + abs(tc - c) == 1
    drawn = [t["text"] for t in inst.canvas.texts if t["kind"] == "label"]
    assert drawn == [str(v) for v in s["row_counts"] + s["col_counts"]]
    inst = engine.generate(registry.get(P + "violating_tent_label"), seed=d, split="sol", index=0, difficulty=d,
                           encode=False)
    s = inst.trace["state"]
    shown = [tuple(t) for t in s["shown"]]
    assert s["row_counts"] == [sum(1 for r, _ in shown if r == i) for i in range(s["rows"])]
