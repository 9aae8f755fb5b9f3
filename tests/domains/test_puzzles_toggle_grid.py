"""puzzles/toggle_grid: independent solvers with numpy -- a press XORs the grid with a plus-shaped mask
(the switch and its four edge neighbours, clipped at the border): the lettered switch whose mask equals
start XOR target, and the option equal to the start XOR the marked switch's mask."""

import numpy as np
import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.toggle_grid"
P = "task_puzzles__toggle_grid__"


def plus(n, r, c):
    m = np.zeros((n + 2, n + 2), dtype=bool)
    m[r + 1, c:c + 3] = True
    m[r:r + 3, c + 1] = True
    return m[1:-1, 1:-1]


def repair(state, params, qid):
    start, target = np.array(state["start"], bool), np.array(state["target"], bool)
    diff = start ^ target
    hits = [x for x, (r, c) in state["labels"].items() if np.array_equal(plus(state["n"], r, c), diff)]
    assert len(hits) == 1, hits
    return hits[0]


def result(state, params, qid):
    start = np.array(state["start"], bool)
    want = start ^ plus(state["n"], *state["switch"])
    hits = ["ABCD"[i] for i, o in enumerate(state["options"]) if np.array_equal(np.array(o, bool), want)]
    assert len(hits) == 1, hits
    return hits[0]


SOLVERS = {P + "toggle_repair_switch_label": repair, P + "toggle_result_label": result}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"])


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_letters_and_marked_switch(tid):
    inst = engine.generate(registry.get(tid), seed=6, split="draw", index=0, encode=False)
    assert sorted(t["text"] for t in inst.canvas.texts if t["kind"] == "option") == list("ABCD")
    if "result" in tid:
        assert inst.canvas.entities.paint("switch")["stroke"] == (0.86, 0.15, 0.15)
