"""games/chess: a chess position (pieces drawn as lettered discs) with the side to move stated."""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.options import LETTERS, multiple_choice
from tracegen.core.task import Scene
from tracegen.kits.boards import figurine
from tracegen.kits.grid import Grid

FILES = "abcdefgh"
KINDS = ("K", "Q", "R", "B", "N", "P")
KIND_NAMES = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}
KIND_PLURALS = {"K": "kings", "Q": "queens", "R": "rooks", "B": "bishops", "N": "knights", "P": "pawns"}
# per-colour caps (no promoted pieces) and sampling weights of the non-king pieces
CAPS = {"Q": 1, "R": 2, "B": 2, "N": 2, "P": 8}
WEIGHTS = {"Q": 0.10, "R": 0.16, "B": 0.16, "N": 0.16, "P": 0.42}
N_PIECES = {1: (6, 9), 2: (10, 15), 3: (16, 22)}

ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
SLIDES = {"R": ORTHO, "B": DIAG, "Q": ORTHO + DIAG}

# (light, dark) square colours; render-only, picked from the style's accent index
BOARD_COLORS = (
    ((0.94, 0.88, 0.76), (0.74, 0.58, 0.42)),
    ((0.92, 0.93, 0.83), (0.50, 0.63, 0.38)),
    ((0.88, 0.90, 0.93), (0.56, 0.63, 0.73)),
    ((0.91, 0.91, 0.91), (0.62, 0.62, 0.62)),
)
WHITE_PIECE = (0.98, 0.98, 0.96)
BLACK_PIECE = (0.11, 0.11, 0.12)


def sq_name(f: int, r: int) -> str:
    return f"{FILES[f]}{r + 1}"


def board_of(state) -> dict:
    """{(file, rank): (colour, kind)} from the state's piece list."""
    return {(p[0], p[1]): (p[2], p[3]) for p in state["pieces"]}


def other(color: str) -> str:
    return "black" if color == "white" else "white"


def _on(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def attacked_squares_from(board, f, r):
    """Squares the piece on (f, r) attacks (pawns: their two diagonal squares)."""
    color, kind = board[(f, r)]
    out = []
    if kind == "P":
        d = 1 if color == "white" else -1
        for df in (-1, 1):
            if _on(f + df, r + d):
                out.append((f + df, r + d))
    elif kind in ("N", "K"):
        for df, dr in (KNIGHT if kind == "N" else ORTHO + DIAG):
            if _on(f + df, r + dr):
                out.append((f + df, r + dr))
    else:
        for df, dr in SLIDES[kind]:
            x, y = f + df, r + dr
            while _on(x, y):
                out.append((x, y))
                if (x, y) in board:
                    break
                x, y = x + df, y + dr
    return out


def is_attacked(board, sq, by: str) -> bool:
    return any(c == by and sq in attacked_squares_from(board, f, r) for (f, r), (c, _) in board.items())


def king_square(board, color):
    for sq, (c, k) in board.items():
        if c == color and k == "K":
            return sq
    return None


def pseudo_moves(board, f, r):
    color, kind = board[(f, r)]
    if kind != "P":
        return [s for s in attacked_squares_from(board, f, r) if board.get(s, (None,))[0] != color]
    d = 1 if color == "white" else -1
    start = 1 if color == "white" else 6
    out = []
    if _on(f, r + d) and (f, r + d) not in board:
        out.append((f, r + d))
        if r == start and (f, r + 2 * d) not in board:
            out.append((f, r + 2 * d))
    for s in attacked_squares_from(board, f, r):
        if board.get(s, (color,))[0] != color:
            out.append(s)
    return out


def legal_moves(board, f, r):
    """Destinations of the piece on (f, r) that do not leave its own king attacked."""
    color = board[(f, r)][0]
    out = []
    for dst in pseudo_moves(board, f, r):
        after = dict(board)
        after[dst] = after.pop((f, r))
        if not is_attacked(after, king_square(after, color), other(color)):
            out.append(dst)
    return out


class Chess(Scene):
    domain, scene_id, size = "games", "chess", (560, 600)
    description = ("A chess position: pieces are discs lettered K Q R B N P (white pieces light, black pieces "
                   "dark) on a board with file and rank labels, and the side to move printed above.")

    def sample(self, rng, difficulty):
        lo, hi = N_PIECES[difficulty]
        while True:
            n = int(rng.integers(lo, hi + 1))
            cells = [int(v) for v in rng.permutation(64)]
            kw, kb = divmod(cells[0], 8), divmod(cells[1], 8)
            if max(abs(kw[0] - kb[0]), abs(kw[1] - kb[1])) <= 1:
                continue
            pieces = [[kw[0], kw[1], "white", "K"], [kb[0], kb[1], "black", "K"]]
            used = {"white": dict.fromkeys(CAPS, 0), "black": dict.fromkeys(CAPS, 0)}
            free = cells[2:]
            kinds, w = list(WEIGHTS), [WEIGHTS[k] for k in WEIGHTS]
            while len(pieces) < n:
                color = "white" if rng.random() < 0.5 else "black"
                kind = kinds[int(rng.choice(len(kinds), p=w))]
                if used[color][kind] >= CAPS[kind]:
                    continue
                for i, cell in enumerate(free):
                    f, r = divmod(cell, 8)
                    if kind != "P" or 1 <= r <= 6:
                        pieces.append([f, r, color, kind])
                        used[color][kind] += 1
                        free.pop(i)
                        break
            to_move = "white" if rng.random() < 0.5 else "black"
            board = {(p[0], p[1]): (p[2], p[3]) for p in pieces}
            # the side not to move may not be in check
            if is_attacked(board, king_square(board, other(to_move)), to_move):
                continue
            pieces.sort(key=lambda p: (p[1], p[0]))
            return {"pieces": pieces, "to_move": to_move}

    def claims(self, state, params):
        """Prompts name pieces by side ("the white queen") and the marked square's red outline."""
        out = [Claim(f"piece:{sq_name(f, r)}", "colour", color) for f, r, color, _ in state["pieces"]]
        if params.get("marked") or state.get("marked"):
            out.append(Claim("mark", "colour", "red"))
        return out

    def canvas_size(self, state):
        w, h = self.size
        return (w, h + 40 * state.get("option_rows", 0) + (20 if state.get("option_rows") else 0))

    def render(self, c, state, params):
        w, h = self.size
        cell = 54.0
        g = Grid(x0=(w - 8 * cell) / 2 + 8, y0=56, rows=8, cols=8, cell=cell)
        light, dark = BOARD_COLORS[c.style.accent % len(BOARD_COLORS)]
        c.text(w / 2, 28, f"{state['to_move'].capitalize()} to move", size=19, bold=True)
        for row in range(8):
            rank = 7 - row
            for f in range(8):
                x0, y0, x1, y1 = g.box(row, f)
                c.rect(x0, y0, cell, cell, fill=light if (f + rank) % 2 else dark, id=f"sq:{sq_name(f, rank)}")
        c.rect(g.x0, g.y0, 8 * cell, 8 * cell, stroke="ink", lw=2)
        for i in range(8):
            c.text(g.x0 - 16, g.y0 + (i + 0.5) * cell, str(8 - i), size=15)
            c.text(g.x0 + (i + 0.5) * cell, g.y1 + 16, FILES[i], size=15)
        glyphs = c.style.accent % 2 == 1      # render-only: figurine pieces or lettered discs
        for f, r, color, kind in state["pieces"]:
            cx, cy = g.center(7 - r, f)
            rad = cell * 0.38
            if glyphs:
                figurine(c, cx, cy + 1, kind, color == "white", cell * 0.78, light=WHITE_PIECE, dark=BLACK_PIECE)
                c.register(f"piece:{sq_name(f, r)}", box=(cx - rad, cy - rad, cx + rad, cy + rad),
                           fill=WHITE_PIECE if color == "white" else BLACK_PIECE)
            elif color == "white":
                c.circle(cx, cy, rad, fill=WHITE_PIECE, stroke=(0.08, 0.08, 0.08), lw=2.2, id=f"piece:{sq_name(f, r)}")
                c.text(cx, cy + 1, kind, size=24, bold=True, color=(0.08, 0.08, 0.08))
            else:
                c.circle(cx, cy, rad, fill=BLACK_PIECE, stroke=(0.55, 0.55, 0.55), lw=1.2,
                         id=f"piece:{sq_name(f, r)}")
                c.text(cx, cy + 1, kind, size=24, bold=True, color=(0.97, 0.97, 0.97))
        marked = params.get("marked") or state.get("marked")
        if marked:
            x0, y0, _, _ = g.box(7 - marked[1], marked[0])
            c.rect(x0 + 2.5, y0 + 2.5, cell - 5, cell - 5, stroke="red", lw=5, id="mark")
        if glyphs:
            c.text(w / 2, g.y1 + 44, "Standard chess figurines.", size=14, color="muted")
            c.text(w / 2, g.y1 + 66, "White pieces are light with a dark outline, black pieces are dark.", size=14,
                   color="muted")
        else:
            c.text(w / 2, g.y1 + 44, "K king   Q queen   R rook   B bishop   N knight   P pawn", size=14,
                   color="muted")
            c.text(w / 2, g.y1 + 66, "White pieces are light discs, black pieces are dark discs.", size=14,
                   color="muted")
        opts = params.get("options")
        if state.get("option_rows") and opts:
            top = g.y1 + 84
            c.rect(16, top, w - 32, 40 * state["option_rows"] + 8, fill="panel", stroke="grid", lw=1.2)
            for k, text in enumerate(opts):
                x = 30 + (k % 3) * (w - 60) / 3
                y = top + 24 + 40 * (k // 3)
                c.text(x, y, f"{LETTERS[k]}: {text}", size=15, anchor="l", id=f"option:{LETTERS[k]}")


SCENE = Chess()
task = SCENE.task

RULES = "Use standard chess rules (no castling or en passant)."


def _pick(q, name, candidates):
    q.require(bool(candidates), "no candidate reaches the target answer")
    return q.param(name, lambda r: candidates[int(r.integers(len(candidates)))])


def _counts(state, with_color: bool):
    out = {}
    for f, r, color, kind in state["pieces"]:
        key = (color, kind) if with_color else kind
        out.setdefault(key, []).append(f"piece:{sq_name(f, r)}")
    return out


# one support for every difficulty (the board grows with it): flat answers; counts above two are pawns
PIECE_SUPPORT = range(1, 9)
COLORED_SUPPORT = range(0, 9)


def pieces_of(board) -> list:
    return sorted(([f, r, c, k] for (f, r), (c, k) in board.items()), key=lambda p: (p[1], p[0]))


def _room(board, color, kind) -> bool:
    return sum(1 for c, k in board.values() if c == color and k == kind) < CAPS[kind]


def _free_square(board, kind, rng, squares=None):
    free = [(f, r) for f in range(8) for r in range(8) if (f, r) not in board and (kind != "P" or 1 <= r <= 6)
            and (squares is None or (f, r) in squares)]
    return free[int(rng.integers(len(free)))] if free else None


def _legal_turn(board, side) -> bool:
    """The side not to move is not in check."""
    return not is_attacked(board, king_square(board, other(side)), side)


def _plant_count(q, t, kind, colors):
    """Edit: add or remove pieces of ``kind`` (of the given colours) until there are ``t`` of them,
    keeping the per-colour caps and a legal side to move."""
    def plant(state, rng):
        board = board_of(state)
        mine = [sq for sq, (c, k) in board.items() if k == kind and c in colors]
        for i in rng.permutation(len(mine))[:max(0, len(mine) - t)]:
            del board[mine[int(i)]]
        for _ in range(t - len(mine)):
            room = [c for c in colors if _room(board, c, kind)]
            q.require(bool(room), "no room for another piece of that kind")
            board[_free_square(board, kind, rng)] = (room[int(rng.integers(len(room)))], kind)
        if not _legal_turn(board, state["to_move"]):
            q.require(_legal_turn(board, other(state["to_move"])), "planted pieces give check to both kings")
            state["to_move"] = other(state["to_move"])
        state["pieces"] = pieces_of(board)
        return state

    return q.edit(plant)


@task("piece_kind_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def piece_kind_count(q):
    t = q.target(PIECE_SUPPORT, stratified=True)
    kind = q.param("target_kind", lambda r: str(r.choice([k for k in KINDS[1:] if 2 * CAPS[k] >= t])))
    hits = _counts(_plant_count(q, t, kind, ("white", "black")), False).get(kind, [])
    q.step("filter", kind=kind, kept=hits)
    return q.answer(len(hits), witnesses=hits,
                    question=f"How many {KIND_PLURALS[kind]} (of either colour) are on the board?")


@task("colored_piece_kind_count", answer="integer", annotation="bbox_set", ops="filtering,counting,logical_composition")
def colored_piece_kind_count(q):
    t = q.target(COLORED_SUPPORT, stratified=True)
    color, kind = q.param("target", lambda r: [("white", "black")[int(r.integers(2))],
                                               str(r.choice([k for k in KINDS[1:] if CAPS[k] >= t]))])
    hits = _counts(_plant_count(q, t, kind, (color,)), True).get((color, kind), [])
    q.step("filter", color=color, kind=kind, kept=hits)
    return q.answer(len(hits), witnesses=hits, question=f"How many {color} {KIND_PLURALS[kind]} are on the board?")


def _movable_sides(board):
    """Sides that may legally be to move (the other side's king is not attacked)."""
    return [side for side in ("white", "black") if not is_attacked(board, king_square(board, other(side)), side)]


def _set_turn(q, side):
    """Make ``side`` the side to move (a legal choice by ``_movable_sides``)."""
    def turn(state, rng):
        state["to_move"] = side
        return state
    q.edit(turn)


KING_SUPPORT = range(1, 7)


@task("king_escape_square_count", answer="integer", annotation="bbox_set", ops="counting,state_update")
def king_escape_square_count(q):
    board = board_of(q.state)
    t = q.target(KING_SUPPORT, stratified=True)
    cands = [side for side in _movable_sides(board) if len(legal_moves(board, *king_square(board, side))) == t]
    side = _pick(q, "side", cands)
    _set_turn(q, side)
    kf, kr = king_square(board, side)
    dests = sorted(legal_moves(board, kf, kr), key=lambda d: (d[1], d[0]))
    names = [sq_name(*d) for d in dests]
    q.step("king_moves", king=sq_name(kf, kr), legal=names)
    return q.answer(len(names), witnesses=[f"sq:{n}" for n in names],
                    question=(f"It is {side.capitalize()}'s turn. How many squares can the {side} king legally move "
                              f"to, counting captures? {RULES}"))


def _marked_piece(q, support, plant_fn):
    """Mark a non-king, non-pawn piece of a side that may move and edit the position around it
    (``plant_fn(board, square, target, rng)``) until its count reaches the instance's target."""
    t = q.target(support, stratified=True)

    def plant(state, rng):
        board = board_of(state)
        sides = _movable_sides(board)
        cands = [sq for sq, (col, kind) in sorted(board.items()) if col in sides and kind not in ("K", "P")]
        for i in rng.permutation(len(cands))[:6]:
            b, sq = dict(board), cands[int(i)]
            if plant_fn(b, sq, t, rng) and _legal_turn(b, b[sq][0]):
                state["pieces"], state["to_move"], state["marked"] = pieces_of(b), b[sq][0], list(sq)
                return state
        q.reject("count not plantable")

    s = q.edit(plant)
    f, r = q.param("marked", lambda _: s["marked"])
    return s["to_move"], board_of(s), f, r


# The marked-piece and player-capture counts follow the catalog's reading (the original's programs
# count a piece's *movement* squares: empty_legal_destinations, capturable_opponent_pieces): other
# pieces block the piece's path, own pieces are not destinations, opponent pieces other than the
# king are captures -- and whether the move would leave the mover's own king attacked (pins, check)
# does not matter.  The original's answers on its own boards agree with this reading and not with
# full legality (tests/domains/test_games_chess.py checks both against its boards).
MOVEMENT_RULES = ("Count by the pieces' normal movement for one move (no castling, en passant or promotion): "
                  "pieces block the path, and whether a move would leave the mover's own king in check does "
                  "not matter.")


def _empty_dests(board, f, r):
    """Empty squares the piece on (f, r) reaches by its movement (pins and check ignored)."""
    return [d for d in pseudo_moves(board, f, r) if d not in board]


def _captures(board, f, r):
    """Opponent pieces (not the king) the piece on (f, r) can take by its movement (pins and check ignored)."""
    return [d for d in pseudo_moves(board, f, r) if d in board and board[d][1] != "K"]


def _plant_targets(board, color, t, rng, counted, reach) -> bool:
    """Add opponent pieces on empty squares of ``reach(board)``, or take counted ones away, until
    ``counted(board)`` (capturable opponent squares) has exactly ``t`` (kings are never added or taken)."""
    opp = other(color)
    for _ in range(16):
        caps = counted(board)
        if len(caps) == t:
            return True
        if len(caps) > t:
            victim = caps[int(rng.integers(len(caps)))]
            if board[victim][1] == "K":
                return False
            del board[victim]
            continue
        kinds = [k for k in ("P", "N", "B", "R", "Q") if _room(board, opp, k)]
        kind = kinds[int(rng.integers(len(kinds)))] if kinds else None
        spot = _free_square(board, kind, rng, reach(board)) if kind else None
        if spot is None:
            return False
        board[spot] = (opp, kind)
    return False


def _plant_captures(board, sq, t, rng) -> bool:
    """The piece on ``sq`` gets exactly ``t`` legal captures."""
    return _plant_targets(board, board[sq][0], t, rng, lambda b: _captures(b, *sq),
                          lambda b: set(attacked_squares_from(b, *sq)))


def _plant_destinations(board, sq, t, rng) -> bool:
    """Put own pieces on destination squares, or take away pieces that block or stand on the piece's
    lines, until it has exactly ``t`` empty legal destinations (kings stay)."""
    color = board[sq][0]
    for _ in range(14):
        dests = _empty_dests(board, *sq)
        if len(dests) == t:
            return True
        if len(dests) > t:
            kinds = [k for k in ("P", "N", "B", "R", "Q") if _room(board, color, k)]
            if not kinds:
                return False
            kind = kinds[int(rng.integers(len(kinds)))]
            spot = _free_square(board, kind, rng, set(dests))
            if spot is None:
                return False
            board[spot] = (color, kind)
            continue
        blockers = [d for d in attacked_squares_from(board, *sq) if d in board and board[d][1] != "K"]
        if not blockers:
            return False
        del board[blockers[int(rng.integers(len(blockers)))]]
    return False


# the catalog's supports (the original's marked_piece_{destination,capture}_count_support)
DEST_SUPPORT = range(1, 7)
CAPTURE_SUPPORT = range(0, 5)


def _marked_question(side, board, f, r):
    return (f"It is {side.capitalize()}'s turn. The {side} {KIND_NAMES[board[(f, r)][1]]} outlined in red "
            f"is on {sq_name(f, r)}.")


@task("marked_piece_destination_count", answer="integer", annotation="bbox_set", ops="counting,state_update", version=2)
def marked_piece_destination_count(q):
    side, board, f, r = _marked_piece(q, DEST_SUPPORT, _plant_destinations)
    names = [sq_name(*d) for d in sorted(_empty_dests(board, f, r), key=lambda d: (d[1], d[0]))]
    q.step("movement_destinations", piece=sq_name(f, r), destinations=names)
    return q.answer(len(names), witnesses=[f"sq:{n}" for n in names],
                    question=(f"{_marked_question(side, board, f, r)} How many empty squares can it move to in one "
                              f"move? Squares holding a piece of either colour do not count. {MOVEMENT_RULES}"))


@task("marked_piece_capture_count", answer="integer", annotation="bbox_set", ops="counting,state_update", version=2)
def marked_piece_capture_count(q):
    side, board, f, r = _marked_piece(q, CAPTURE_SUPPORT, _plant_captures)
    names = [sq_name(*d) for d in sorted(_captures(board, f, r), key=lambda d: (d[1], d[0]))]
    q.step("movement_captures", piece=sq_name(f, r), captures=names)
    return q.answer(len(names), witnesses=[f"piece:{n}" for n in names],
                    question=(f"{_marked_question(side, board, f, r)} How many opponent pieces could it capture with "
                              f"its next move? {MOVEMENT_RULES}"))


# ---------------------------------------------------------------------- tranche 2
def _capturable(board, side):
    """Opponent pieces (not the king) some piece of ``side`` can take by its movement (pins and check
    ignored, as ``_captures``)."""
    return sorted({d for sq, (c, _) in board.items() if c == side for d in _captures(board, *sq)},
                  key=lambda d: (d[1], d[0]))


def _plant_player_captures(board, side, t, rng) -> bool:
    """``side`` gets exactly ``t`` capturable opponent pieces (and a legal turn)."""
    def reach(b):
        return {d for sq, (c, _) in b.items() if c == side for d in attacked_squares_from(b, *sq)}

    return _plant_targets(board, side, t, rng, lambda b: _capturable(b, side), reach) and _legal_turn(board, side)


@task("player_capture_piece_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,state_update", version=2)
def player_capture_piece_count(q):
    t = q.target(range(1, 7), stratified=True)

    def plant(state, rng):
        board = board_of(state)
        sides = _movable_sides(board)
        side = sides[int(rng.integers(len(sides)))]
        q.require(_plant_player_captures(board, side, t, rng), "captures not plantable")
        state["pieces"], state["to_move"] = pieces_of(board), side
        return state

    s = q.edit(plant)
    side, board = s["to_move"], board_of(s)
    caps = [sq_name(*d) for d in _capturable(board, side)]
    q.step("movement_captures", side=side, captured=caps)
    return q.answer(len(caps), witnesses=[f"piece:{n}" for n in caps],
                    question=(f"It is {side.capitalize()}'s turn. How many different {other(side)} pieces could "
                              f"{side.capitalize()} capture with one move? {MOVEMENT_RULES}"))


def attackers(board, sq, side):
    """Pieces of ``side`` that attack square ``sq`` (pawns diagonally forward, pieces along clear lines)."""
    return sorted((p for p, (c, _) in board.items()
                   if c == side and p != sq and sq in attacked_squares_from(board, *p)),
                  key=lambda d: (d[1], d[0]))


def _plant_attackers(board, sq, side, t, rng) -> bool:
    for _ in range(12):
        att = attackers(board, sq, side)
        if len(att) == t:
            return True
        if len(att) > t:
            gone = [p for p in att if board[p][1] != "K"]
            if not gone:
                return False
            del board[gone[int(rng.integers(len(gone)))]]
            continue
        kinds = [k for k in ("P", "N", "B", "R", "Q") if _room(board, side, k)]
        if not kinds:
            return False
        kind = kinds[int(rng.integers(len(kinds)))]
        spots = []
        for f in range(8):
            for r in range(8):
                if (f, r) not in board and (kind != "P" or 1 <= r <= 6):
                    board[(f, r)] = (side, kind)
                    if sq in attacked_squares_from(board, f, r):
                        spots.append((f, r))
                    del board[(f, r)]
        if not spots:
            return False
        board[spots[int(rng.integers(len(spots)))]] = (side, kind)
    return False


@task("target_square_attacker_count", answer="integer", annotation="bbox_set", ops="counting,spatial_relations",
      queries=("king_square_attacker_count", "white_piece_attacks_target_square_count",
               "black_piece_attacks_target_square_count"))
def target_square_attacker_count(q):
    t = q.target(range(0, 5), stratified=True)
    qid = q.query_id

    def plant(state, rng):
        board = board_of(state)
        if qid == "king_square_attacker_count":
            side = ("white", "black")[int(rng.integers(2))]        # the marked king's side is to move
            sq, by = king_square(board, side), other(side)
        else:
            by = "white" if qid.startswith("white") else "black"
            side = state["to_move"]
            free = [(f, r) for f in range(8) for r in range(8) if board.get((f, r), (other(by),))[0] != by
                    and board.get((f, r), (None, ""))[1] != "K"]
            sq = free[int(rng.integers(len(free)))]
        q.require(_plant_attackers(board, sq, by, t, rng), "attackers not plantable")
        q.require(_legal_turn(board, side), "the side not to move is in check")
        state["pieces"], state["to_move"], state["marked"] = pieces_of(board), side, list(sq)
        return state

    s = q.edit(plant)
    f, r = q.param("marked", lambda _: s["marked"])
    board = board_of(s)
    if qid == "king_square_attacker_count":
        side = board[(f, r)][0]
        by = other(side)
        what = (f"The {side} king is outlined in red. How many {by} pieces attack it (count every piece that "
                f"could capture on its square if it were {by}'s move)?")
    else:
        by = "white" if qid.startswith("white") else "black"
        what = (f"The square {sq_name(f, r)} is outlined in red. How many {by} pieces attack that square (could "
                f"capture a piece standing there, or move there by capturing)?")
    att = [sq_name(*p) for p in attackers(board, (f, r), by)]
    q.step("attackers", square=sq_name(f, r), side=by, pieces=att)
    return q.answer(len(att), witnesses=[f"piece:{n}" for n in att],
                    question=f"{what} Pawns attack one square diagonally forward. {RULES}")


def _moves(board, side):
    """Legal moves of ``side`` as (from, to), pawn moves onto the last rank left out (no promotion)."""
    out = []
    for sq, (c, k) in sorted(board.items()):
        if c == side:
            out += [(sq, d) for d in legal_moves(board, *sq) if not (k == "P" and d[1] in (0, 7))]
    return out


def _after(board, move):
    b = dict(board)
    b[move[1]] = b.pop(move[0])
    return b


def is_checkmate(board, side) -> bool:
    """``side`` is in check and has no legal move."""
    if not is_attacked(board, king_square(board, side), other(side)):
        return False
    return not any(legal_moves(board, *sq) for sq, (c, _) in list(board.items()) if c == side)


MATE_EXTRA = {1: (0, 2), 2: (2, 4), 3: (4, 7)}


def _mate_position(rng, difficulty):
    """A position where the side to move has a mate in one: the defending king on an edge, the attacking
    king nearby, one or two heavy pieces and a few extra pieces (more with difficulty)."""
    lo, hi = MATE_EXTRA[difficulty]
    for _ in range(300):
        mover = ("white", "black")[int(rng.integers(2))]
        defender = other(mover)
        back = 7 if defender == "black" else 0
        board = {}
        if rng.random() < 0.7:
            dk = (int(rng.integers(8)), back)
        else:
            dk = (int(rng.choice([0, 7])), int(rng.integers(8)))
        board[dk] = (defender, "K")
        inward = (0, -1 if back == 7 else 1) if dk[1] == back else ((1 if dk[0] == 0 else -1), 0)
        if rng.random() < 0.5:
            mk = (dk[0] + 2 * inward[0] + int(rng.integers(-1, 2)) * (inward[0] == 0),
                  dk[1] + 2 * inward[1] + int(rng.integers(-1, 2)) * (inward[1] == 0))
        else:
            mk = (int(rng.integers(8)), int(rng.integers(8)))
        if not _on(*mk) or mk in board or max(abs(mk[0] - dk[0]), abs(mk[1] - dk[1])) <= 1:
            continue
        board[mk] = (mover, "K")
        heavy = [("Q",), ("R",), ("R", "R"), ("Q", "R"), ("Q", "B"), ("R", "N"), ("R", "B")][int(rng.integers(7))]
        extras = [(mover, str(k)) for k in heavy]
        for _k in range(int(rng.integers(lo, hi + 1))):
            extras.append((("white", "black")[int(rng.integers(2))], str(rng.choice(["P", "P", "N", "B", "R"]))))
        if rng.random() < 0.6:   # the defender's own pawns in front of its king
            for df in (-1, 0, 1):
                sq = (dk[0] + df + inward[0], dk[1] + inward[1]) if inward[1] else (dk[0] + inward[0], dk[1] + df)
                if _on(*sq) and 1 <= sq[1] <= 6 and sq not in board and rng.random() < 0.7:
                    board[sq] = (defender, "P")
        for color, kind in extras:
            if _room(board, color, kind):
                spot = _free_square(board, kind, rng)
                if spot is not None:
                    board[spot] = (color, kind)
        if is_attacked(board, king_square(board, defender), mover) or is_attacked(board, mk, defender):
            continue
        moves = _moves(board, mover)
        mates = [m for m in moves if is_checkmate(_after(board, m), defender)]
        if mates and len(moves) - len(mates) >= 5:
            return board, mover, moves, mates
    return None


def _move_text(board, move):
    (f0, r0), (f1, r1) = move
    return f"{KIND_NAMES[board[(f0, r0)][1]]} {sq_name(f0, r0)}-{sq_name(f1, r1)}"


@task("checkmate_move_label", answer="option_letter", annotation="point_map", ops="state_update")
def checkmate_move_label(q):
    def build(state, rng):
        found = _mate_position(rng, q.difficulty)
        q.require(found is not None, "no mate-in-one position")
        board, mover, moves, mates = found
        state["pieces"], state["to_move"], state["option_rows"] = pieces_of(board), mover, 2
        return state

    s = q.edit(build)
    board, mover = board_of(s), s["to_move"]
    defender = other(mover)
    moves = _moves(board, mover)
    mates = [m for m in moves if is_checkmate(_after(board, m), defender)]
    best = q.param("mating_move", lambda r: [list(x) for x in mates[int(r.integers(len(mates)))]])
    move = (tuple(best[0]), tuple(best[1]))

    def distractors(r):
        quiet = [m for m in moves if m not in mates]
        checks = [m for m in quiet if is_attacked(_after(board, m), king_square(board, defender), mover)]
        same = [m for m in quiet if m[0] == move[0]]
        pool = checks + same + quiet
        return [_move_text(board, pool[int(i)]) for i in r.permutation(len(pool))] if len(pool) > 0 else []

    letter, opts = multiple_choice(q, _move_text(board, move), distractors, k=6, where="image", stratified=True)
    q.step("mate_in_one", move=[sq_name(*move[0]), sq_name(*move[1])], mating_moves=len(mates))
    return q.answer(letter, witnesses={"moving_piece": f"piece:{sq_name(*move[0])}",
                                       "destination": f"sq:{sq_name(*move[1])}",
                                       "mated_king": f"piece:{sq_name(*king_square(board, defender))}"},
                    question=(f"It is {mover.capitalize()}'s turn. Exactly one of the moves A-F listed under the "
                              f"board checkmates {defender.capitalize()} at once (the {defender} king is attacked "
                              f"and has no legal reply). Which one? {RULES} No promotion."))
