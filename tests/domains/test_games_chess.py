"""games/chess: independent solvers (geometric brute force, no ray generation; python-chess's attack
sets for the movement counts) from the catalog programs, and the counting rules checked on the
original generator's own boards (tests/data/chess_reference/boards.json)."""

import json
from pathlib import Path

import chess
import pytest
from taskcheck import check_many_instances, scene_tests

from tracegen import registry
from tracegen.core import engine
from tracegen.domains.games import chess as C

MOD = "tracegen.domains.games.chess"
P = "task_games__chess__"
KIND = {"pawns": "P", "knights": "N", "bishops": "B", "rooks": "R", "queens": "Q", "kings": "K"}


def _board(state):
    return {(f, r): (c, k) for f, r, c, k in state["pieces"]}


def _clear_between(board, a, b):
    df = (b[0] > a[0]) - (b[0] < a[0])
    dr = (b[1] > a[1]) - (b[1] < a[1])
    x, y = a[0] + df, a[1] + dr
    while (x, y) != b:
        if (x, y) in board:
            return False
        x, y = x + df, y + dr
    return True


def _hits(board, src, dst):
    """Does the piece on src attack dst (geometry plus an emptiness check of the squares between)?"""
    color, kind = board[src]
    dx, dy = dst[0] - src[0], dst[1] - src[1]
    if (dx, dy) == (0, 0):
        return False
    if kind == "P":
        return abs(dx) == 1 and dy == (1 if color == "white" else -1)
    if kind == "N":
        return {abs(dx), abs(dy)} == {1, 2}
    if kind == "K":
        return max(abs(dx), abs(dy)) == 1
    straight = dx == 0 or dy == 0
    diagonal = abs(dx) == abs(dy)
    ok = {"R": straight, "B": diagonal, "Q": straight or diagonal}[kind]
    return ok and _clear_between(board, src, dst)


def _in_check(board, color):
    king = next(s for s, (c, k) in board.items() if c == color and k == "K")
    return any(c != color and _hits(board, s, king) for s, (c, k) in board.items())


def _can_reach(board, src, dst):
    color, kind = board[src]
    if dst in board and board[dst][0] == color:
        return False
    if kind != "P":
        return _hits(board, src, dst)
    fwd = 1 if color == "white" else -1
    dx, dy = dst[0] - src[0], dst[1] - src[1]
    if dst in board:
        return abs(dx) == 1 and dy == fwd
    if dx != 0:
        return False
    if dy == fwd:
        return True
    home = 1 if color == "white" else 6
    return dy == 2 * fwd and src[1] == home and (src[0], src[1] + fwd) not in board


def _legal_targets(board, src):
    color = board[src][0]
    out = []
    for f in range(8):
        for r in range(8):
            if _can_reach(board, src, (f, r)):
                after = dict(board)
                after[(f, r)] = after.pop(src)
                if not _in_check(after, color):
                    out.append((f, r))
    return out


def piece_kind(state, params, qid):
    return sum(p[3] == params["target_kind"] for p in state["pieces"])


def colored_kind(state, params, qid):
    color, kind = params["target"]
    return sum(p[2] == color and p[3] == kind for p in state["pieces"])


def king_escape(state, params, qid):
    board = _board(state)
    side = state["to_move"]
    assert params["side"] == side
    assert not _in_check(board, "white" if side == "black" else "black")
    king = next(s for s, (c, k) in board.items() if c == side and k == "K")
    return len(_legal_targets(board, king))


# The marked-piece and player-capture counts read the catalog's programs as the original does: the
# squares a piece's movement reaches (pins and check ignored), opponent kings never captured.
def _py_board(board):
    b = chess.BaseBoard.empty()
    for (f, r), (color, kind) in board.items():
        b.set_piece_at(chess.square(f, r), chess.Piece.from_symbol(kind if color == "white" else kind.lower()))
    return b


def _movement_empty(board, src):
    """Empty squares a non-pawn piece reaches (python-chess: its attack set off the occupied squares)."""
    assert board[src][1] not in ("P", "K")
    b = _py_board(board)
    return len(b.attacks(chess.square(*src)) & ~b.occupied)


def _movement_captures(board, src):
    """Opponent non-king pieces a piece can take (pawns too: their captures are their attacks)."""
    b = _py_board(board)
    color = chess.WHITE if board[src][0] == "white" else chess.BLACK
    return set(b.attacks(chess.square(*src)) & b.occupied_co[not color] & ~b.kings)


def destinations(state, params, qid):
    board = _board(state)
    src = tuple(params["marked"])
    assert board[src][0] == state["to_move"]
    return _movement_empty(board, src)


def captures(state, params, qid):
    board = _board(state)
    src = tuple(params["marked"])
    assert board[src][0] == state["to_move"]
    return len(_movement_captures(board, src))


def _player_captures(board, side):
    return len(set().union(*(_movement_captures(board, src) for src, (c, _) in board.items() if c == side)))


def player_captures(state, params, qid):
    return _player_captures(_board(state), state["to_move"])


def attackers(state, params, qid):
    board = _board(state)
    sq = tuple(params["marked"])
    if qid == "king_square_attacker_count":
        king_color, kind = board[sq]
        assert kind == "K" and king_color == state["to_move"]
        by = "white" if king_color == "black" else "black"
    else:
        by = "white" if qid.startswith("white") else "black"
    return sum(1 for src, (c, k) in board.items() if c == by and _hits(board, src, sq))


def _square(name):
    return "abcdefgh".index(name[0]), int(name[1]) - 1


def checkmate(state, params, qid):
    board = _board(state)
    mover = state["to_move"]
    defender = "white" if mover == "black" else "black"
    mating = []
    for k, text in enumerate(params["options"]):
        src, dst = (_square(x) for x in text.split()[1].split("-"))
        assert board[src][0] == mover and dst in _legal_targets(board, src), text
        after = dict(board)
        after[dst] = after.pop(src)
        stuck = all(not _legal_targets(after, p) for p, (c, _) in after.items() if c == defender)
        if _in_check(after, defender) and stuck:
            mating.append("ABCDEF"[k])
    assert len(mating) == 1, mating
    return mating[0]


SOLVERS = {
    P + "player_capture_piece_count": player_captures,
    P + "target_square_attacker_count": attackers,
    P + "checkmate_move_label": checkmate,
    P + "piece_kind_count": piece_kind,
    P + "colored_piece_kind_count": colored_kind,
    P + "king_escape_square_count": king_escape,
    P + "marked_piece_destination_count": destinations,
    P + "marked_piece_capture_count": captures,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["pieces"]),
                                                       seeds_per_combo=2)


def test_many_instances_agree():
    check_many_instances(MOD, SOLVERS, seed=3, n=60)


# ---------------------------------------------------------------- the original's boards
REF_BOARDS = json.loads((Path(__file__).resolve().parents[1] / "data" / "chess_reference" / "boards.json")
                        .read_text())["boards"]
SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "reference" / "catalog" / "ref_samples"


def _ours(name, board, row):
    """Our module's count on one of the original's boards."""
    sq = tuple(row["marked"]) if row["marked"] else None
    if name == "marked_piece_destination_count":
        return len(C._empty_dests(board, *sq))
    if name == "marked_piece_capture_count":
        return len(C._captures(board, *sq))
    if name == "player_capture_piece_count":
        return len(C._capturable(board, row["side"]))
    if name == "king_escape_square_count":
        return len(C.legal_moves(board, *sq))
    by = C.other(board[sq][0]) if sq in board else row["side"]   # target_square_attacker_count
    return len(C.attackers(board, sq, by))


def _fully_legal(name, board, row):
    """The other reading: only moves that do not leave the mover's own king attacked."""
    if name == "player_capture_piece_count":
        return len({d for s, (c, _) in board.items() if c == row["side"] for d in C.legal_moves(board, *s)
                    if d in board and board[d][1] != "K"})
    moves = C.legal_moves(board, *row["marked"])
    if name == "marked_piece_destination_count":
        return sum(d not in board for d in moves)
    return sum(d in board and board[d][1] != "K" for d in moves)


@pytest.mark.parametrize("task_id", sorted(REF_BOARDS))
def test_counts_agree_with_the_original_on_its_boards(task_id):
    """Seeds 0..29 of the original generator: our counting rules give its answers on its own
    positions; for the movement counts, python-chess's attack sets give them too."""
    name = task_id.removeprefix(P)
    for row in REF_BOARDS[task_id]:
        board = _board(row)
        assert _ours(name, board, row) == row["answer"], (task_id, row["seed"])
        if name in ("marked_piece_destination_count", "marked_piece_capture_count"):
            solver = _movement_empty if name == "marked_piece_destination_count" else \
                lambda b, s: len(_movement_captures(b, s))
            assert solver(board, tuple(row["marked"])) == row["answer"], (task_id, row["seed"])
        if name == "player_capture_piece_count":
            assert _player_captures(board, row["side"]) == row["answer"], (task_id, row["seed"])


@pytest.mark.parametrize("name", ["marked_piece_destination_count", "marked_piece_capture_count",
                                  "player_capture_piece_count"])
def test_the_original_counts_movement_not_full_legality(name):
    """The two readings differ on some of the original's boards (pins, a king in check), and the
    original's answers there are the movement counts."""
    rows = REF_BOARDS[P + name]
    differ = [r for r in rows if _fully_legal(name, _board(r), r) != r["answer"]]
    assert len(differ) >= 3, f"{name}: the boards do not tell the readings apart"


def test_reference_boards_are_the_samples():
    """The fixture's seeds 0 and 1 carry the answers of the reference's own samples."""
    if not SAMPLES.exists():
        pytest.skip(f"reference samples {SAMPLES} absent")
    for task_id, rows in REF_BOARDS.items():
        for row in rows[:2]:
            sample = json.loads((SAMPLES / task_id / f"seed{row['seed']}.json").read_text())
            assert sample["answer"] == row["answer"], (task_id, row["seed"])


def test_figurines_show_their_side():
    """In the figurine style (odd accents) a white piece reads as white and a black piece as black, for
    every kind, on every theme: of a piece's ink on a dark square (its pixels that differ from the
    square), at least 30% is lighter than the square for white and none for black.  White figurines
    used to be the solid symbol filled light and stroked dark; on the king and queen the stroke covered
    the body (20% and 15% light), and a board showed two black kings."""
    import dataclasses

    import numpy as np

    from tracegen.core.style import THEMES
    from tracegen.domains.games import chess

    spec = registry.get(P + "marked_piece_destination_count")
    # every kind of both sides, each on a dark square ((file + rank) even)
    pieces = [[f, r, side, kind] for side, r0 in (("white", 0), ("black", 4))
              for (f, r), kind in zip([(0, r0), (2, r0), (4, r0), (6, r0), (0, r0 + 2), (2, r0 + 2)], chess.KINDS)]
    state = {"pieces": pieces, "to_move": "white"}
    lum = np.array([0.2126, 0.7152, 0.0722])
    base = engine.generate(spec, seed=0, split="figurines", index=0, encode=False).canvas.style
    for th in range(len(THEMES)):
        for accent in (1, 3, 5):
            style = dataclasses.replace(base, theme=th, accent=accent, noise_sigma=0.0)
            c = engine.render(spec, state, {}, style, 1.0, spec.scene.canvas_size(state))
            img = c.to_rgb().astype(float) / 255 @ lum
            square = float(np.array(chess.BOARD_COLORS[accent % len(chess.BOARD_COLORS)][1]) @ lum)
            for f, r, side, kind in pieces:
                x0, y0, x1, y1 = (int(round(v)) for v in c.entities[f"piece:{chess.sq_name(f, r)}"]["box"])
                ink = img[y0:y1, x0:x1][np.abs(img[y0:y1, x0:x1] - square) > 0.15]
                light = float((ink > square).mean())
                where = f"{side} {kind} on theme {THEMES[th].name}, accent {accent}: {light:.2f} of its ink light"
                assert len(ink) > 100, where
                assert (light >= 0.3) if side == "white" else (light == 0.0), where
