"""Draughts (English checkers) rules and board drawing, shared by the checkers-family scenes.

A board is a dict {(row, col): piece} on the dark squares ((row + col) odd) of an n x n board, row 0
at the top.  Pieces: "r" red man, "R" red king, "b" black man, "B" black king.  Red men move up the
board (towards row 0), black men down; kings move and capture in all four diagonal directions, one
square at a time (no flying kings).  A capture jumps an adjacent opponent piece onto the empty square
beyond; the jumped piece is removed at once and the jumping piece must go on jumping while it can; a
man that reaches the far row is crowned and its move ends there.  Captures are compulsory: when any
capture is available, only capture moves are legal.
"""

from __future__ import annotations

DIAGS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
SIDE_NAMES = {"r": "Red", "b": "Black"}
PIECE_FILL = {"r": "red", "b": "black"}


def side_of(piece: str) -> str:
    return piece.lower()


def other(side: str) -> str:
    return "b" if side == "r" else "r"


def is_king(piece: str) -> bool:
    return piece.isupper()


def forward(side: str) -> int:
    return -1 if side == "r" else 1


def dirs_of(piece: str):
    if is_king(piece):
        return DIAGS
    f = forward(side_of(piece))
    return tuple(d for d in DIAGS if d[0] == f)


def on(n: int, r: int, c: int) -> bool:
    return 0 <= r < n and 0 <= c < n


def dark(r: int, c: int) -> bool:
    return (r + c) % 2 == 1


def crown_row(side: str, n: int) -> int:
    return 0 if side == "r" else n - 1


def steps(board, n, sq):
    """Simple one-square moves of the piece on ``sq`` (destinations)."""
    p = board[sq]
    out = []
    for dr, dc in dirs_of(p):
        t = (sq[0] + dr, sq[1] + dc)
        if on(n, *t) and t not in board:
            out.append(t)
    return out


def jumps(board, n, sq):
    """Single jumps of the piece on ``sq``: (captured square, landing square)."""
    p = board[sq]
    out = []
    for dr, dc in dirs_of(p):
        mid = (sq[0] + dr, sq[1] + dc)
        land = (sq[0] + 2 * dr, sq[1] + 2 * dc)
        if on(n, *land) and land not in board and mid in board and side_of(board[mid]) != side_of(p):
            out.append((mid, land))
    return out


def chains(board, n, sq):
    """Every complete capture move of the piece on ``sq``: a list of (path, captured) with ``path``
    the landing squares in order and ``captured`` the jumped squares in order.  Empty when it has no
    jump."""
    out = []

    def go(b, cur, path, caps):
        p = b[cur]
        nxt = jumps(b, n, cur)
        crowned = not is_king(p) and path and cur[0] == crown_row(side_of(p), n)
        if not nxt or crowned:
            if path:
                out.append((list(path), list(caps)))
            return
        for mid, land in nxt:
            b2 = dict(b)
            del b2[mid]
            b2[land] = b2.pop(cur)
            go(b2, land, path + [land], caps + [mid])

    go(dict(board), sq, [], [])
    return out


def has_capture(board, n, side) -> bool:
    return any(side_of(p) == side and jumps(board, n, sq) for sq, p in board.items())


def legal_moves(board, n, side):
    """Legal moves of ``side`` as (origin, path, captured) with compulsory capture."""
    if has_capture(board, n, side):
        return [(sq, path, caps) for sq, p in sorted(board.items()) if side_of(p) == side
                for path, caps in chains(board, n, sq)]
    return [(sq, [t], []) for sq, p in sorted(board.items()) if side_of(p) == side for t in steps(board, n, sq)]


def capture_moves(board, n, side):
    """Every capture move of ``side`` (complete jump sequences), available or not compulsory."""
    return [(sq, path, caps) for sq, p in sorted(board.items()) if side_of(p) == side
            for path, caps in chains(board, n, sq)]


def longest_chain(board, n, sq):
    """(length, list of captured-square sets of the longest chains) of the piece on ``sq``."""
    cs = chains(board, n, sq)
    if not cs:
        return 0, []
    best = max(len(caps) for _, caps in cs)
    sets = sorted({tuple(sorted(caps)) for _, caps in cs if len(caps) == best})
    return best, [list(s) for s in sets]


# ---------------------------------------------------------------------- state helpers (JSON-native)
def to_board(pieces) -> dict:
    """{(r, c): piece} from a JSON list of [r, c, piece]."""
    return {(p[0], p[1]): p[2] for p in pieces}


def to_pieces(board) -> list:
    return [[r, c, p] for (r, c), p in sorted(board.items())]


def dark_squares(n):
    return [(r, c) for r in range(n) for c in range(n) if dark(r, c)]


def allowed(piece: str, sq, n) -> bool:
    """A man never stands on its own crowning row (it would have been crowned)."""
    return dark(*sq) and (is_king(piece) or sq[0] != crown_row(side_of(piece), n))


def random_board(rng, n, count, king_share=0.2):
    """``count`` pieces of both sides on random dark squares (each side at least one)."""
    sqs = dark_squares(n)
    board = {}
    order = [sqs[int(i)] for i in rng.permutation(len(sqs))]
    for k, sq in enumerate(order):
        if len(board) >= count:
            break
        side = "rb"[k % 2] if k < 2 else "rb"[int(rng.integers(2))]
        piece = side.upper() if rng.random() < king_share else side
        if allowed(piece, sq, n):
            board[sq] = piece
    return board


def mutate(rng, board, n, king_share=0.2, lo=2, hi=24):
    """One random change: add a piece on an empty dark square, remove one, or move one."""
    b = dict(board)
    op = rng.random()
    empty = [sq for sq in dark_squares(n) if sq not in b]
    if (op < 0.35 and len(b) < hi and empty) or len(b) <= lo:
        sq = empty[int(rng.integers(len(empty)))]
        side = "rb"[int(rng.integers(2))]
        piece = side.upper() if rng.random() < king_share else side
        if allowed(piece, sq, n):
            b[sq] = piece
    elif op < 0.65:
        keys = sorted(b)
        del b[keys[int(rng.integers(len(keys)))]]
    else:
        keys = sorted(b)
        src = keys[int(rng.integers(len(keys)))]
        if empty:
            dst = empty[int(rng.integers(len(empty)))]
            if allowed(b[src], dst, n):
                b[dst] = b.pop(src)
    return b


def search(rng, board, n, score, steps=400, **kw):
    """Hill-climb random changes (``mutate``) until ``score(board)`` is 0; the board or None."""
    cur, best = dict(board), score(board)
    for _ in range(steps):
        if best == 0:
            return cur
        nxt = mutate(rng, cur, n, **kw)
        if not any(side_of(p) == "r" for p in nxt.values()) or not any(side_of(p) == "b" for p in nxt.values()):
            continue
        v = score(nxt)
        if v <= best:
            cur, best = nxt, v
    return cur if best == 0 else None


# ---------------------------------------------------------------------- drawing
BOARD_COLORS = (
    ((0.96, 0.92, 0.80), (0.42, 0.27, 0.15)),
    ((0.93, 0.90, 0.82), (0.33, 0.24, 0.20)),
    ((0.92, 0.92, 0.90), (0.36, 0.38, 0.44)),
    ((0.98, 0.90, 0.76), (0.55, 0.33, 0.20)),
)
PIECE_RGB = {"r": "red", "b": "black"}


def board_geometry(x0, y0, n, cell):
    """Centre of square (r, c)."""
    return lambda r, c: (x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell)


def draw_board(c, x0, y0, n, cell, *, accent=0):
    """The n x n board (light and dark squares), each dark square registered as ``sq:r:c``."""
    light, darkc = BOARD_COLORS[accent % len(BOARD_COLORS)]
    c.rect(x0 - 6, y0 - 6, n * cell + 12, n * cell + 12, fill=(0.18, 0.12, 0.08), stroke="ink", lw=1.5)
    for r in range(n):
        for k in range(n):
            if dark(r, k):
                c.rect(x0 + k * cell, y0 + r * cell, cell, cell, fill=darkc, id=f"sq:{r}:{k}")
            else:
                c.rect(x0 + k * cell, y0 + r * cell, cell, cell, fill=light)


def draw_checker(c, cx, cy, rad, piece, *, id=None):
    """A checker: a red or black disc with an inner ring; a king carries a crown-like 'K'."""
    side = side_of(piece)
    ring = (0.98, 0.75, 0.75) if side == "r" else (0.62, 0.62, 0.62)
    c.circle(cx, cy, rad, fill=PIECE_RGB[side], stroke=(0.96, 0.96, 0.96) if side == "b" else (0.3, 0.05, 0.05),
             lw=1.6, id=id)
    c.circle(cx, cy, rad * 0.66, stroke=ring, lw=1.5)
    if is_king(piece):
        c.text(cx, cy + 1, "K", size=max(14.0, rad * 0.9), bold=True, color="white")


# ---------------------------------------------------------------------- tower (column) draughts
# A tower board is a dict {(row, col): stack} with ``stack`` a string of discs "r"/"b" from the bottom up;
# the top disc's colour controls the stack.  Captures follow column draughts (Bashni): a stack jumps
# diagonally, in any of the four directions, over a neighbouring stack controlled by the opponent onto
# the empty square just beyond it.
def controller(stack: str) -> str:
    return stack[-1]


def stack_captures(towers, n, sq):
    """(jumped square, landing square) of every capture the stack on ``sq`` can make."""
    me = controller(towers[sq])
    out = []
    for dr, dc in DIAGS:
        mid = (sq[0] + dr, sq[1] + dc)
        land = (sq[0] + 2 * dr, sq[1] + 2 * dc)
        if on(n, *land) and land not in towers and mid in towers and controller(towers[mid]) != me:
            out.append((mid, land))
    return out


def draw_stack(c, cx, cy, rad, stack, *, id=None, layer=5.0):
    """A stack of discs seen from above and slightly from the side: each disc a band ``layer`` high,
    bottom disc lowest; the top disc is registered as the stack (its colour controls it)."""
    for k, d in enumerate(stack):
        y = cy + (len(stack) - 1 - k) * layer - (len(stack) - 1) * layer / 2
        top = k == len(stack) - 1
        fill = PIECE_RGB[d]
        edge = (0.96, 0.96, 0.96) if d == "b" else (0.3, 0.05, 0.05)
        c.circle(cx, y, rad, fill=fill, stroke=edge, lw=1.6, id=id if top else None)
        if top:
            ring = (0.98, 0.75, 0.75) if d == "r" else (0.62, 0.62, 0.62)
            c.circle(cx, y, rad * 0.62, stroke=ring, lw=1.5)
    return cy - (len(stack) - 1) * layer / 2
