"""games/sixteen_soldiers: independent solvers (a networkx graph of the drawn lines; a jump needs the two
edges to point the same way) from the catalog programs, and hand-checked points of the board."""

import networkx as nx

from taskcheck import scene_tests

MOD = "tracegen.domains.games.sixteen_soldiers"
P = "task_games__sixteen_soldiers__"


def _graph():
    from tracegen.domains.games.sixteen_soldiers import EDGES

    g = nx.Graph()
    g.add_edges_from(EDGES)
    return g


def _pieces(state):
    from tracegen.domains.games.sixteen_soldiers import POINTS

    return {p: ch for p, ch in zip(POINTS, state["cells"])}


def destinations(state, params, qid):
    from tracegen.domains.games.sixteen_soldiers import POINTS

    g, cells = _graph(), _pieces(state)
    me = POINTS[state["marked"]]
    return sum(1 for nb in g[me] if cells[nb] == ".")


def capture_count(state, params, qid):
    from tracegen.domains.games.sixteen_soldiers import POINTS

    g, cells = _graph(), _pieces(state)
    me = POINTS[state["marked"]]
    n = 0
    for mid in g[me]:
        if cells[mid] in (".", cells[me]):
            continue
        d = (mid[0] - me[0], mid[1] - me[1])
        for land in g[mid]:
            if (land[0] - mid[0], land[1] - mid[1]) == d and cells[land] == ".":
                n += 1
    return n


SOLVERS = {
    P + "marked_piece_destination_count": destinations,
    P + "marked_piece_capture_count": capture_count,
}


def test_board_shape():
    from tracegen.domains.games import sixteen_soldiers as m

    g = _graph()
    assert g.number_of_nodes() == 37 and g.number_of_edges() == 76
    # the centre of the grid (2, 4) joins all eight neighbours; an odd point (1, 4) only four
    assert g.degree[(2, 4)] == 8 and g.degree[(1, 4)] == 4
    # the top triangle's apex (2, 2): three grid neighbours below or beside it, three triangle points above
    assert sorted(g[(2, 2)]) == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)]
    # the triangle's far corner (0, 0) joins (2, 0) along the base and (1, 1) along the side
    assert sorted(g[(0, 0)]) == [(1, 1), (2, 0)]
    # a jump from the grid over the apex into the triangle, along a diagonal
    cells = ["."] * 37
    cells[m.INDEX[(3, 3)]] = "R"
    cells[m.INDEX[(2, 2)]] = "B"
    cells[m.INDEX[(3, 2)]] = "B"
    cells[m.INDEX[(4, 2)]] = "R"
    s = "".join(cells)
    # over (2, 2) to (1, 1); over (3, 2)? (3, 3) -> (3, 2) -> (3, 1) vertical: (3, 1) is a triangle point
    # joined to the apex only, not to (3, 2), so that jump does not exist
    assert m.captures(s, m.INDEX[(3, 3)]) == [(m.INDEX[(2, 2)], m.INDEX[(1, 1)])]
    state = {"cells": s, "marked": m.INDEX[(3, 3)]}
    assert capture_count(state, {}, "single") == 1
    # (3, 3) is even: neighbours (2, 2) B, (3, 2) B, (4, 2) R, and five empty ones
    assert destinations(state, {}, "single") == 5 == len(m.steps(s, m.INDEX[(3, 3)]))


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(ch != "." for ch in s["cells"]))
