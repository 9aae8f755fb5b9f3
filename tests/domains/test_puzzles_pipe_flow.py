"""puzzles/pipe_flow: independent solvers on networkx graphs -- cells joined where both tiles open onto their
shared edge; the misrotated tile is the lettered one with a quarter turn that joins start and finish,
the repair piece the one that joins them when its four tiles are dropped into the black block."""

import networkx as nx
import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.pipe_flow"
P = "task_puzzles__pipe_flow__"
MOVES = {"N": (-1, 0, "S"), "S": (1, 0, "N"), "E": (0, 1, "W"), "W": (0, -1, "E")}


def joined(tiles: dict, n, start, finish) -> bool:
    g = nx.Graph()
    g.add_nodes_from((r, c) for r in range(n) for c in range(n))
    for (r, c), opens in tiles.items():
        for d in opens:
            dr, dc, back = MOVES[d]
            if back in tiles.get((r + dr, c + dc), ""):
                g.add_edge((r, c), (r + dr, c + dc))
    return nx.has_path(g, tuple(start), tuple(finish))


def as_cells(tiles):
    return {tuple(int(v) for v in k.split(",")): o for k, o in tiles.items()}


def quarter(opens, k):
    ring = "NESW"
    return "".join(ring[(ring.index(d) + k) % 4] for d in opens)


def misrotated(state, params, qid):
    tiles, n = as_cells(state["tiles"]), state["n"]
    assert not joined(tiles, n, state["start"], state["finish"])
    hits = [x for x, cell in state["labels"].items()
            if any(joined({**tiles, tuple(cell): quarter(tiles[tuple(cell)], k)}, n, state["start"], state["finish"])
                   for k in (1, 2, 3))]
    assert len(hits) == 1, hits
    return hits[0]


def repair(state, params, qid):
    tiles, n = as_cells(state["tiles"]), state["n"]
    g0, g1 = state["gap"]
    hits = []
    for x, piece in zip("ABCD", state["options"]):
        placed = dict(tiles)
        placed.update({(g0 + j // 2, g1 + j % 2): o for j, o in enumerate(piece) if o})
        if joined(placed, n, state["start"], state["finish"]):
            hits.append(x)
    assert len(hits) == 1, hits
    return hits[0]


SOLVERS = {P + "misrotated_tile_label": misrotated, P + "pipe_flow_repair_tile_label": repair}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: s["n"] ** 2 + len(s["tiles"]) / 10)


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_markers_and_letters(tid):
    inst = engine.generate(registry.get(tid), seed=2, split="draw", index=0, encode=False)
    ents = inst.canvas.entities
    assert {"start", "finish"} <= set(ents)
    assert sorted(t["text"] for t in inst.canvas.texts if t["kind"] == "option") == list("ABCD")


def test_flows_agrees_with_the_networkx_solver():
    """flows (per-size neighbour table) answers as the independent graph search on random tile sets."""
    import numpy as np

    from tracegen.domains.puzzles import pipe_flow as P

    r = np.random.default_rng(5)
    for _ in range(4000):
        n = int(r.integers(2, 9))
        tiles = {f"{a},{b}": "".join(d for d in "NESW" if r.random() < 0.5)
                 for a in range(n) for b in range(n) if r.random() < 0.8}
        start, finish = [int(r.integers(n)), int(r.integers(n))], [int(r.integers(n)), int(r.integers(n))]
        assert P.flows(tiles, n, start, finish) == joined(as_cells(tiles), n, start, finish)
