"""games/hex: independent solvers (networkx hex-grid graphs: Dijkstra over cell costs, connectivity of
stone subgraphs) from the catalog programs, and hand-checked positions."""

import networkx as nx

from taskcheck import scene_tests

MOD = "tracegen.domains.games.hex"
P = "task_games__hex__"


def _graph(n):
    g = nx.Graph()
    for r in range(n):
        for c in range(n):
            g.add_node((r, c))
            # a hexagon's six edge-sharing neighbours on the sheared rhombus
            for dr, dc in ((0, 1), (1, 0), (1, -1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    g.add_edge((r, c), (r + dr, c + dc))
    return g


def _ends(n, who):
    if who == "R":
        return [(r, 0) for r in range(n)], [(r, n - 1) for r in range(n)]
    return [(0, c) for c in range(n)], [(n - 1, c) for c in range(n)]


def _cost(rows, who):
    n = len(rows)
    g = _graph(n)
    d = nx.DiGraph()
    w = {p: (0 if rows[p[0]][p[1]] == who else 1 if rows[p[0]][p[1]] == "." else None) for p in g}
    for a, b in g.edges:
        for x, y in ((a, b), (b, a)):
            if w[x] is not None and w[y] is not None:
                d.add_edge(x, y, weight=w[y])
    a, b = _ends(n, who)
    for p in a:
        if w[p] is not None:
            d.add_edge("S", p, weight=w[p])
    for p in b:
        if w[p] is not None:
            d.add_edge(p, "T", weight=0)
    return nx.dijkstra_path_length(d, "S", "T")


def _connected(rows, who):
    n = len(rows)
    g = _graph(n).subgraph([(r, c) for r in range(n) for c in range(n) if rows[r][c] == who]).copy()
    a, b = _ends(n, who)
    g.add_edges_from(("S", p) for p in a if p in g)
    g.add_edges_from((p, "T") for p in b if p in g)
    return "S" in g and "T" in g and nx.has_path(g, "S", "T")


def neighbour_count(state, params, qid):
    rows, (r, c) = state["rows"], state["marked"]
    return sum(1 for a, b in _graph(len(rows))[(r, c)] if rows[a][b] == params["kind"])


def gap_count(state, params, qid):
    return _cost(state["rows"], params["player"])


def winning_label(state, params, qid):
    rows = state["rows"]
    s = "".join(rows)
    who = "R" if s.count("R") == s.count("B") else "B"
    hits = []
    for (r, c), lab in zip(state["options"], state["option_labels"]):
        g = [list(x) for x in rows]
        assert g[r][c] == "."
        g[r][c] = who
        if _connected(["".join(x) for x in g], who):
            hits.append(lab)
    assert len(hits) == 1
    return hits[0]


SOLVERS = {
    P + "candidate_neighbor_count": neighbour_count,
    P + "connection_gap_count": gap_count,
    P + "winning_move_cell_label": winning_label,
}


def test_known_positions():
    from tracegen.domains.games import hex as m

    # 4 x 4: Blue holds (0, 1), (1, 1), (3, 0); Red holds (1, 0), (2, 2), (1, 2)
    rows = [".B..", "RBR.", "..R.", "B..."]
    # Blue: (1, 1) -> (2, 0) or (2, 1) -> (3, 0): one empty cell, either one (not unique)
    assert m.gap(rows, "B")[0] == 1
    assert m.unique_gap(rows, "B") == (1, None)
    assert sorted(m.winning_cells(rows, "B")) == [(2, 0), (2, 1)]
    assert _cost(rows, "B") == 1
    # Red: (1, 0)'s way right is blocked by blue (0, 1) and (1, 1), so it runs (2, 0) -> (2, 1) -> red (2, 2)
    # -> (2, 3) or (1, 3): three empty cells
    assert m.gap(rows, "R")[0] == 3 == _cost(rows, "R")
    # the six neighbours of an inner cell
    assert sorted(m.neighbours(4, 1, 1)) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    assert not m.finished(rows)
    assert m.finished(["RRRR", "....", "BB..", "B..."])


def test_positions_are_unfinished_games():
    from tracegen.core import engine
    from tracegen.registry import get

    for tid in SOLVERS:
        for i in range(8):
            _, _, state, _, _ = engine.solve_only(get(tid), seed=6, split="legal", index=i)
            s = "".join(state["rows"])
            assert s.count("R") - s.count("B") in (0, 1)
            assert not _connected(state["rows"], "R") and not _connected(state["rows"], "B")


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["rows"]))
