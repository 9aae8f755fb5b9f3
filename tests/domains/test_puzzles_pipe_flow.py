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


def test_pipe_colours_are_never_outlined():
    """Tiles draw no centre disc: the coloured strokes' round caps cover it, which holds only while no pipe
    colour gets the outline a named fill receives where it would blend into the theme."""
    from tracegen.core import canvas, style
    from tracegen.domains.puzzles import pipe_flow as P

    assert not any(canvas._needs_outline(p, style.Style(theme=t)) for p in P.PIPES for t in range(len(style.THEMES)))


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_layered_tiles_look_as_tile_by_tile(tid):
    """The board's tiles drawn in layers (shared strokes and fills) match them drawn one by one, row by row,
    each pipe its own stroke, the outline a stroke and a centre disc on top: pixels differ only in
    anti-aliasing (where a tile's strokes meet, and along the outline, now two fills)."""
    import numpy as np

    from tracegen.domains.puzzles import pipe_flow as P
    from tracegen.kits.cards import rounded_rect

    def grid_tiles(self, c, state, x0, y0, u):
        n, tiles, gap = state["n"], state["tiles"], state.get("gap")
        for r in range(n):
            for k in range(n):
                if gap and gap[0] <= r < gap[0] + 2 and gap[1] <= k < gap[1] + 2:
                    continue
                x, y, openings = x0 + k * u, y0 + r * u, tiles.get(f"{r},{k}", "")
                rounded_rect(c, x + 2, y + 2, u - 4, u - 4, radius=u * 0.14, fill="paper", stroke="muted", lw=1.2,
                             id=f"tile:{r}:{k}")
                cx, cy = x + u / 2, y + u / 2
                for lw, colour in ((u * 0.22 + 2.5, "ink"), (u * 0.22, state["pipe"])):
                    for d in openings:
                        dr, dc = P.STEP[d]
                        c.line(cx, cy, cx + dc * u / 2, cy + dr * u / 2, color=colour, lw=lw)
                if openings:
                    c.circle(cx, cy, u * 0.11, fill=state["pipe"])

    spec = registry.get(tid)
    for seed in range(4):
        p = engine.plan(spec, seed=seed, split="train", index=seed)
        new = engine.render(spec, p.state, p.query.params, p.style, p.scale, p.size)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(P.PipeFlow, "grid_tiles", grid_tiles)
            old = engine.render(spec, p.state, p.query.params, p.style, p.scale, p.size)
        assert {k: new.entities[k] for k in new.entities} == {k: old.entities[k] for k in old.entities}
        diff = np.abs(new.to_rgb().astype(int) - old.to_rgb().astype(int)).max(axis=-1)
        # on cairo's 4x4 coverage grid a few isolated pixels where strokes meet differ by a little more
        assert (diff > 100).mean() < 1e-5 and diff.max() < 160 and (diff > 32).mean() < 0.002, (
            (diff > 100).sum(), diff.max(), (diff > 32).mean())
