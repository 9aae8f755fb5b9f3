"""games/tic_tac_toe_3d: an independent brute-force rule check (place a mark, walk the 26
directions from it with numpy), hand-checked positions, and the line counts of the real game."""

from itertools import product

import numpy as np
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.tic_tac_toe_3d"
P = "task_games__tic_tac_toe_3d__"
DIRS = [d for d in product((-1, 0, 1), repeat=3) if any(d)]


def _arr(board):
    return np.array(board, dtype=object)


def wins_with(a, cell, player):
    """Does ``player`` own a full line through ``cell`` once it is placed there?"""
    n = a.shape[0]
    b = a.copy()
    b[cell] = player
    for d in DIRS:
        run = 1
        for sgn in (1, -1):
            p = np.array(cell) + sgn * np.array(d)
            while all(0 <= v < n for v in p) and b[tuple(p)] == player:
                run += 1
                p = p + sgn * np.array(d)
        if run >= n:
            return True
    return False


def _wins(a, player):
    return [cell for cell in product(range(a.shape[0]), repeat=3) if a[cell] == "" and wins_with(a, cell, player)]


def move_label(state, params, qid):
    a = _arr(state["board"])
    mover = qid[0].upper()
    other = "O" if mover == "X" else "X"
    owner = other if "blocking" in qid else mover
    (goal,) = _wins(a, owner)                      # exactly one immediate winning cell
    if "blocking" in qid:
        assert not _wins(a, mover)
    opts = [tuple(o) for o in params["options"]]
    return "ABCD"[opts.index(goal)]


def layer_count(state, params, qid):
    return int((_arr(state["board"])[params["layer"]] == params["player"]).sum())


SOLVERS = {P + "winning_move_cell_label": move_label, P + "blocking_move_cell_label": move_label,
           P + "layer_piece_count": layer_count}


def _size(s):
    return s["n"] ** 3 + sum(v != "" for layer in s["board"] for row in layer for v in row)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2,
                                                       balance_seeds=80)
test_no_answer_printed = shortcut_test([P + "layer_piece_count"])


def test_line_counts_of_the_real_game():
    from tracegen.domains.games import tic_tac_toe_3d as t
    assert len(t.lines(3)) == 49 and len(t.lines(4)) == 76
    assert all(len(set(map(tuple, ln))) == 3 for ln in t.lines(3))


def _board(layers):
    return [[list(row) for row in layer] for layer in layers]


def test_hand_checked_space_diagonal_and_pillar():
    from tracegen.domains.games import tic_tac_toe_3d as t
    # X on the top-left corner of the top layer and the centre: the space diagonal ends at the
    # bottom-right corner of the bottom layer (2, 2, 2).  O has a vertical pillar threat at (r1, c0).
    b = _board([["X..", "O..", "..."], ["...", ".X.", "..."], ["...", "O..", "..."]])
    b = [[[("" if ch == "." else ch) for ch in row] for row in layer] for layer in b]
    assert t.winning_cells(b, "X") == {(2, 2, 2): [(0, 0, 0), (1, 1, 1), (2, 2, 2)]}
    assert set(t.winning_cells(b, "O")) == {(1, 1, 0)}
    assert set(_wins(_arr(b), "X")) == {(2, 2, 2)} and set(_wins(_arr(b), "O")) == {(1, 1, 0)}
    # a face diagonal: O at (0,0,2) and (1,1,2) -> (2,2,2) on the right vertical slice
    e = [[["" for _ in range(3)] for _ in range(3)] for _ in range(3)]
    e[0][0][2] = e[1][1][2] = "O"
    assert set(t.winning_cells(e, "O")) == {(2, 2, 2)}
    assert t.to_move(b) == "X" and not t.finished(b)      # two marks each: X moves
