"""games/chess_variant: independent solvers written from the catalog programs.

The solver checks every square of the board against the rule: a rider reaches a square on one of its
lines within range when every square strictly between is empty; a leaper reaches the squares at its
(a, b) offset.  Where the rule is a standard chess piece (unlimited rook, bishop or queen lines, the
king's one step, the knight's leap) the count is also taken from the `chess` package's attack sets.
"""

import chess

from taskcheck import scene_tests

MOD = "tracegen.domains.games.chess_variant"
P = "task_games__chess_variant__"
STANDARD = {("ride", "ortho", 7): chess.ROOK, ("ride", "diag", 7): chess.BISHOP, ("ride", "any", 7): chess.QUEEN,
            ("ride", "any", 1): chess.KING, ("leap", 1, 2): chess.KNIGHT}


def _reach(rule, occupied, f, r, x, y):
    dx, dy = x - f, y - r
    if (dx, dy) == (0, 0):
        return False
    if rule["kind"] == "leap":
        return sorted((abs(dx), abs(dy))) == sorted(rule["leap"])
    straight = dx == 0 or dy == 0
    diagonal = abs(dx) == abs(dy)
    if not ({"ortho": straight, "diag": diagonal, "any": straight or diagonal}[rule["dirs"]]):
        return False
    n = max(abs(dx), abs(dy))
    if n > rule["range"]:
        return False
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return all((f + sx * k, r + sy * k) not in occupied for k in range(1, n))


def _moves(state):
    side = {(f, r): s for f, r, s, _ in state["pieces"]}
    f, r = state["marked"]
    rule = state["rule"]
    empty, caps = set(), set()
    for x in range(8):
        for y in range(8):
            if _reach(rule, side, f, r, x, y):
                if (x, y) not in side:
                    empty.add((x, y))
                elif side[(x, y)] != side[(f, r)]:
                    caps.add((x, y))
    key = (rule["kind"], *(rule["leap"] if rule["kind"] == "leap" else (rule["dirs"], rule["range"])))
    if key in STANDARD:   # cross-check with python-chess
        b = chess.Board(None)
        for x, y, s, _ in state["pieces"]:
            b.set_piece_at(chess.square(x, y), chess.Piece(chess.PAWN, s == "white"))
        b.set_piece_at(chess.square(f, r), chess.Piece(STANDARD[key], side[(f, r)] == "white"))
        att = {(chess.square_file(q), chess.square_rank(q)) for q in b.attacks(chess.square(f, r))}
        assert att - set(side) == empty and {q for q in att & set(side) if side[q] != side[(f, r)]} == caps
    return empty, caps


def capture_count(state, params, qid):
    return len(_moves(state)[1])


def destination_count(state, params, qid):
    return len(_moves(state)[0])


SOLVERS = {P + "marked_piece_capture_count": capture_count, P + "marked_piece_destination_count": destination_count}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["pieces"]))


def test_known_position():
    """A white piece on d4 under "any line <= 2": an own piece on d5 blocks north, a black piece on e5 is
    capturable (north-east), a black piece on f4 is two squares east with e4 empty: e4 + capture f4; the
    five other directions run 2 empty squares each: 10 empty squares, plus e4 = 11."""
    from tracegen.domains.games.chess_variant import marked_moves

    st = {"rule": {"kind": "ride", "dirs": "any", "range": 2}, "marked": [3, 3],
          "pieces": [[3, 3, "white", "Q"], [3, 4, "white", "P"], [4, 4, "black", "P"], [5, 3, "black", "R"]]}
    empty, caps = marked_moves(st)
    assert sorted(caps) == [(4, 4), (5, 3)] and len(empty) == 11
    assert capture_count(st, {}, "single") == 2 and destination_count(st, {}, "single") == 11
    # the same pieces under a knight rule: c6 f5 f3 e2 c2 b3 b5 e6 -- all empty
    st["rule"] = {"kind": "leap", "leap": [1, 2]}
    assert destination_count(st, {}, "single") == 8 and capture_count(st, {}, "single") == 0
