"""games/circular_chess: independent solvers written from the catalog programs.

For every cell of the board the solver decides whether the piece can go there: a cell on the piece's
ring is reached by a rook/queen clockwise or counter-clockwise when every cell of that arc strictly
between is empty; a cell in the piece's sector across rings, or on a diagonal (k rings and k sectors
away, same signs along the way), likewise; a king's cells are the 8 neighbours; a knight's the 8 jumps.
"""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.circular_chess"
P = "task_games__circular_chess__"


def _lines(kind, ring, sec, rings, sectors):
    """Every (target cell, cells strictly between) the piece could slide along, on an empty board."""
    out = []
    if kind in "RQ":
        for sign in (1, -1):                                   # around the ring
            for k in range(1, sectors):
                out.append(((ring, (sec + sign * k) % sectors),
                            [(ring, (sec + sign * j) % sectors) for j in range(1, k)]))
        for sign in (1, -1):                                   # across the rings
            for k in range(1, rings):
                if 0 <= ring + sign * k < rings:
                    out.append(((ring + sign * k, sec), [(ring + sign * j, sec) for j in range(1, k)]))
    if kind in "BQ":
        for dr in (1, -1):
            for ds in (1, -1):
                for k in range(1, rings):
                    if 0 <= ring + dr * k < rings:
                        out.append(((ring + dr * k, (sec + ds * k) % sectors),
                                    [(ring + dr * j, (sec + ds * j) % sectors) for j in range(1, k)]))
    if kind == "K":
        out += [((ring + a, (sec + b) % sectors), []) for a in (-1, 0, 1) for b in (-1, 0, 1)
                if (a or b) and 0 <= ring + a < rings]
    if kind == "N":
        out += [((ring + a, (sec + b) % sectors), []) for a, b in ((1, 2), (1, -2), (-1, 2), (-1, -2),
                                                                     (2, 1), (2, -1), (-2, 1), (-2, -1))
                if 0 <= ring + a < rings]
    return out


def moves(state, cell):
    board = {(r, s): (side, kind) for r, s, side, kind in state["pieces"]}
    side, kind = board[tuple(cell)]
    dest = set()
    for target, between in _lines(kind, cell[0], cell[1], state["rings"], state["sectors"]):
        if target == tuple(cell) or any(b in board for b in between):
            continue
        if target not in board or board[target][0] != side:
            dest.add(target)
    return dest


def destination_count(state, params, qid):
    dest = moves(state, state["marked"])
    occupied = {(r, s) for r, s, _, _ in state["pieces"]}
    return len(dest & occupied) if qid == "marked_piece_capture_count" else len(dest)


def reacher_count(state, params, qid):
    side = "white" if qid == "white_piece_reaches_target_count" else "black"
    return sum(1 for r, s, sd, _ in state["pieces"] if sd == side and tuple(state["target"]) in moves(state, (r, s)))


SOLVERS = {P + "marked_piece_destination_count": destination_count, P + "target_cell_reacher_count": reacher_count}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rings"] * s["sectors"])


def test_known_position():
    """4 rings x 16 sectors.  A white rook on (1, 0): around ring 1 it is stopped by a black knight on (1, 3)
    one way (sectors 1, 2 + capture 3) and by a white bishop on (1, 14) the other way (sector 15); across
    the rings: (0, 0), (2, 0), (3, 0) -- 7 destinations, 1 capture.  The bishop on (1, 14) reaches (0, 13),
    (0, 15), (2, 13), (3, 12), (2, 15), (3, 0).  The knight on (1, 3) jumps to (2, 1), (2, 5), (0, 1), (0, 5),
    (3, 2), (3, 4)."""
    from tracegen.kits.variants import circular_moves

    st = {"rings": 4, "sectors": 16, "marked": [1, 0],
          "pieces": [[1, 0, "white", "R"], [1, 3, "black", "N"], [1, 14, "white", "B"]]}
    board = {(r, s): (sd, k) for r, s, sd, k in st["pieces"]}
    rook = {(1, 1), (1, 2), (1, 3), (1, 15), (0, 0), (2, 0), (3, 0)}
    assert set(circular_moves(board, (1, 0), 4, 16)) == moves(st, (1, 0)) == rook
    assert destination_count(st, {}, "marked_piece_move_count") == 7
    assert destination_count(st, {}, "marked_piece_capture_count") == 1
    bishop = {(0, 13), (0, 15), (2, 13), (3, 12), (2, 15), (3, 0)}
    assert set(circular_moves(board, (1, 14), 4, 16)) == moves(st, (1, 14)) == bishop
    knight = {(2, 1), (2, 5), (0, 1), (0, 5), (3, 2), (3, 4)}
    assert set(circular_moves(board, (1, 3), 4, 16)) == moves(st, (1, 3)) == knight
    st["target"] = [3, 0]
    assert reacher_count(st, {}, "white_piece_reaches_target_count") == 2
