"""puzzles/nonogram: independent solvers -- clues read with itertools.groupby from the grid the scene states
(the drawn clues are its clues), options checked against every row and column clue, strips checked
against the highlighted row's clue and its decided cells; the highlighted row's completion must be
unique over every 0/1 filling of its unknown cells."""

from itertools import groupby, product

import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.nonogram"
P = "task_puzzles__nonogram__"


def clue(line):
    return [len(list(g)) for v, g in groupby(line) if v] or [0]


def candidate(state, params, qid):
    g = state["grid"]
    want = ([clue(r) for r in g], [clue(c) for c in zip(*g)])
    hits = ["ABCD"[i] for i, o in enumerate(state["options"]) if ([clue(r) for r in o], [clue(c) for c in zip(*o)])
            == want]
    assert len(hits) == 1, hits
    return hits[0]


def line(state, params, qid):
    row, known = state["row"], state["known"]
    want = clue(state["grid"][row])
    fits = [list(b) for b in product((0, 1), repeat=len(known))
            if clue(b) == want and all(k is None or k == v for k, v in zip(known, b))]
    assert len(fits) == 1, fits                        # the row's completion is determined
    hits = ["ABCD"[i] for i, o in enumerate(state["options"]) if o == fits[0]]
    assert len(hits) == 1
    return hits[0]


SOLVERS = {P + "candidate_solution_label": candidate, P + "line_completion_label": line}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["grid"]) * len(s["grid"][0]))


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_drawn_clues_are_the_grid_clues(tid):
    inst = engine.generate(registry.get(tid), seed=3, split="draw", index=0, encode=False)
    g = inst.trace["state"]["grid"]
    texts = [t["text"] for t in inst.canvas.texts if t["kind"] == "label"]
    # drawn in order: each row's clue, then each column's numbers from the bottom up
    assert texts[:len(g)] == [" ".join(map(str, clue(r))) for r in g]
    assert texts[len(g):] == [str(v) for c in zip(*g) for v in reversed(clue(c))]
    known = inst.trace["state"].get("known")
    if known is not None:
        assert any(v is not None for v in known) and None in known
