"""games/bubble_shooter: independent solvers written from the catalog programs.

Adjacency is re-derived from geometry, not from offset-row rules: cell (r, k) sits at x = 2k + (r odd),
y = r * sqrt(3) in bubble radii, and two bubbles touch when their centres are two radii apart.  Groups
and the bubbles still hanging from the top row are networkx connected components.
"""

import math

import networkx as nx

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.bubble_shooter"
P = "task_games__bubble_shooter__"


def _touching(a, b):
    (r1, k1), (r2, k2) = a, b
    x1, y1 = 2 * k1 + r1 % 2, r1 * math.sqrt(3)
    x2, y2 = 2 * k2 + r2 % 2, r2 * math.sqrt(3)
    return abs(math.hypot(x1 - x2, y1 - y2) - 2) < 1e-6


def _graph(board):
    g = nx.Graph()
    g.add_nodes_from(board)
    cells = list(board)
    g.add_edges_from((a, b) for i, a in enumerate(cells) for b in cells[i + 1:] if _touching(a, b))
    return g


def _board(state):
    return {(r, k): col for r, row in enumerate(state["cells"]) for k, col in enumerate(row) if col}


def shoot(state, spot, colour):
    """(existing bubbles popped, bubbles dropped) when ``colour`` lands at ``spot``."""
    board = _board(state)
    spot = tuple(spot)
    assert spot not in board and any(_touching(spot, x) for x in board) or spot[0] == 0
    board[spot] = colour
    same = _graph({x: c for x, c in board.items() if c == colour})
    group = nx.node_connected_component(same, spot)
    if len(group) < 3:
        return set(), set()
    left = {x: c for x, c in board.items() if x not in group}
    g = _graph(left)
    held = set()
    for comp in nx.connected_components(g):
        if any(r == 0 for r, _ in comp):
            held |= comp
    return group - {spot}, set(left) - held


def drop_count(state, params, qid):
    popped, dropped = shoot(state, state["target"], state["shooter"])
    assert popped, "the shown shot must pop"
    return len(dropped)


def pop_count(state, params, qid):
    return len(shoot(state, state["target"], state["shooter"])[0])


def pop_color(state, params, qid):
    (lab,) = [lab for lab, col in state["options"] if shoot(state, state["target"], col)[0]]
    return lab


def pop_target(state, params, qid):
    (lab,) = [lab for r, k, lab in state["targets"] if shoot(state, (r, k), state["shooter"])[0]]
    return lab


SOLVERS = {
    P + "drop_count": drop_count,
    P + "pop_color_label": pop_color,
    P + "pop_count": pop_count,
    P + "pop_target_label": pop_target,
}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["cells"]) * len(s["cells"][0]))
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid.endswith("_count"))


def test_known_board():
    """Row 0: red red blue; row 1 (shifted right): red under the first gap; row 2: a yellow hanging from it.
    A red landing under the blue at (1, 1) joins the three reds: they pop (3 existing), the yellow drops;
    the blue stays on the top row.  A blue there makes a pair only: nothing pops."""
    from tracegen.domains.games import bubble_shooter as bs

    cells = [["red", "red", "blue"], ["red", None, None], ["yellow", None, None], [None, None, None],
             [None, None, None]]
    state = {"cells": cells, "target": [1, 1], "shooter": "red"}
    popped, dropped = bs.resolve(cells, (1, 1), "red")
    assert popped == [(0, 0), (0, 1), (1, 0)] and dropped == [(2, 0)]
    assert shoot(state, (1, 1), "red") == ({(0, 0), (0, 1), (1, 0)}, {(2, 0)})
    assert bs.resolve(cells, (1, 1), "blue") == ([], []) and shoot(state, (1, 1), "blue") == (set(), set())
    assert (1, 1) in bs.landing_spots(cells)
