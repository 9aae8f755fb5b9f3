"""puzzles/cyclic_order: independent solvers that compare loops as necklaces (a loop equals the reference
when it occurs in the reference read twice round, the string-doubling test), insert the missing token in
each lettered gap, and apply each card's swap; the drawing is checked to read clockwise."""

import math

import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.cyclic_order"
P = "task_puzzles__cyclic_order__"


def same_necklace(ref, loop) -> bool:
    """``loop`` is a contiguous run of ``ref`` read twice round (a rotation, never a mirror)."""
    twice = list(ref) + list(ref)
    return len(ref) == len(loop) and any(twice[k:k + len(loop)] == list(loop) for k in range(len(ref)))


def only(hits):
    assert len(hits) == 1, hits
    return hits[0]


def equivalent(state, params, qid):
    return only(["ABCD"[i] for i, o in enumerate(state["options"]) if same_necklace(state["reference"], o)])


def insertion(state, params, qid):
    part, miss = state["partial"], state["missing"]
    return only([x for k, x in state["gap_letters"].items()
                 if same_necklace(state["reference"], part[:int(k) + 1] + [miss] + part[int(k) + 1:])])


def swap(state, params, qid):
    hits = []
    for i, (a, b) in enumerate(state["swaps"]):
        loop = list(state["broken"])
        loop[a - 1], loop[b - 1] = loop[b - 1], loop[a - 1]
        if same_necklace(state["reference"], loop):
            hits.append("ABCD"[i])
    return only(hits)


SOLVERS = {
    P + "cyclic_order_equivalent_label": equivalent,
    P + "insertion_position_label": insertion,
    P + "swap_repair_label": swap,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["reference"]))


def test_necklace_helper():
    assert same_necklace([1, 2, 3, 4], [3, 4, 1, 2])
    assert not same_necklace([1, 2, 3, 4], [4, 3, 2, 1])
    assert not same_necklace([1, 12, 3], [2, 3, 1])


def _clockwise(points, centre):
    """Angles of ``points`` about ``centre`` increase (screen y down: clockwise) around the loop."""
    cx, cy = centre
    angles = [math.atan2(y - cy, x - cx) for x, y in points]
    turns = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:] + angles[:1])]
    return abs(sum(turns) - 2 * math.pi) < 1e-6


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_loops_are_drawn_clockwise_with_their_options(tid):
    spec = registry.get(tid)
    for d in (1, 2, 3):
        inst = engine.generate(spec, seed=3, split="draw", index=d, difficulty=d, encode=False)
        ents, s = inst.canvas.entities, inst.trace["state"]
        for prefix, order in [("reference", s["reference"]), ("partial", s.get("partial")),
                              ("broken", s.get("broken"))] + [(f"option{i}", o) for i, o in enumerate(s.get("options", []))]:
            if order is None:
                continue
            pts = [ents[f"{prefix}:token:{k}"]["point"] for k in range(len(order))]
            assert _clockwise(pts, ents[f"{prefix}:loop"]["point"]), (tid, prefix)
        drawn = [t["text"] for t in inst.canvas.texts if t["kind"] == "option" and len(t["text"]) == 1]
        want = 3 if (d == 1 and "insertion" in tid) else 4
        assert sorted(drawn) == list("ABCD"[:want]) and inst.solution.options == want
