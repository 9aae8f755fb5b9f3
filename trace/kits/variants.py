"""Movement rules of chess-like boards with a stated rule (fairy-chess style riders and leapers).

A rule is a JSON-native dict: ``{"kind": "ride", "dirs": "ortho" | "diag" | "any", "range": n}`` (a
rider: moves along its lines up to n squares, stopping at the first occupied square, which it may
capture if it holds an opponent piece) or ``{"kind": "leap", "leap": [a, b]}`` (a leaper: jumps to
the squares (+-a, +-b) and (+-b, +-a) whatever lies between, landing on an empty or opponent square).
Standard chess pieces are special cases: rook = ortho rider of range 7, bishop = diag rider,
queen = any rider, king = any rider of range 1, knight = (1, 2) leaper.
"""

from __future__ import annotations

ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
DIRS = {"ortho": ORTHO, "diag": DIAG, "any": ORTHO + DIAG}
LEAP_NAMES = {(1, 2): "knight", (1, 3): "camel", (2, 3): "zebra", (2, 2): "alfil-rider", (0, 2): "dabbaba"}


def leap_offsets(a: int, b: int):
    out = set()
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                out.add((x * sx, y * sy))
    return sorted(out)


def rays(rule, f, r, files=8, ranks=8):
    """The squares a rider could reach on an empty board, ray by ray (nearest first); a leaper's
    squares each as a one-square ray."""
    out = []
    if rule["kind"] == "ride":
        for df, dr in DIRS[rule["dirs"]]:
            ray = []
            for k in range(1, rule["range"] + 1):
                x, y = f + df * k, r + dr * k
                if not (0 <= x < files and 0 <= y < ranks):
                    break
                ray.append((x, y))
            if ray:
                out.append(ray)
    else:
        for df, dr in leap_offsets(*rule["leap"]):
            x, y = f + df, r + dr
            if 0 <= x < files and 0 <= y < ranks:
                out.append([(x, y)])
    return out


def destinations(rule, board, f, r, files=8, ranks=8):
    """(empty squares, capture squares) the piece on (f, r) may move to; ``board`` maps (file, rank)
    to the side ("white" / "black") of the piece there."""
    side = board[(f, r)]
    empty, caps = [], []
    for ray in rays(rule, f, r, files, ranks):
        for sq in ray:
            if sq not in board:
                empty.append(sq)
                continue
            if board[sq] != side:
                caps.append(sq)
            break
    return sorted(empty), sorted(caps)


def describe(rule) -> str:
    """The rule in words, for a prompt."""
    if rule["kind"] == "leap":
        a, b = rule["leap"]
        return (f"jumps exactly {a} square{'s' if a != 1 else ''} one way and {b} squares the other way "
                f"(like a {LEAP_NAMES.get((a, b), 'leaper')}), passing over anything in between")
    lines = {"ortho": "horizontally or vertically", "diag": "diagonally",
             "any": "horizontally, vertically or diagonally"}[rule["dirs"]]
    reach = "any number of squares" if rule["range"] >= 7 else (
        "exactly 1 square" if rule["range"] == 1 else f"up to {rule['range']} squares")
    return f"moves {lines} {reach} in a straight line"


def card(rule) -> str:
    """The rule as a short card caption."""
    if rule["kind"] == "leap":
        a, b = rule["leap"]
        return f"LEAP ({a},{b})"
    what = {"ortho": "STRAIGHT", "diag": "DIAGONAL", "any": "ANY LINE"}[rule["dirs"]]
    return f"{what} \u2264 {rule['range']}" if rule["range"] < 7 else f"{what}, ANY DISTANCE"


# ------------------------------------------------------------------ circular (Byzantine) chess
# cells are (ring, sector): rings 0 (inner) .. rings-1 (outer) do not wrap, sectors wrap modulo the count.
# Rook: around a ring (sector +-1) or across rings (ring +-1); bishop: ring +-1 and sector +-1 together;
# queen: both; king: one step of either; knight: (ring +-1, sector +-2) or (ring +-2, sector +-1).
CIRC_ROOK = ((0, 1), (0, -1), (1, 0), (-1, 0))
CIRC_BISHOP = ((1, 1), (1, -1), (-1, 1), (-1, -1))
CIRC_KNIGHT = ((1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))
CIRC_SLIDES = {"R": CIRC_ROOK, "B": CIRC_BISHOP, "Q": CIRC_ROOK + CIRC_BISHOP}


def circular_moves(board, cell, rings, sectors):
    """Legal destinations (a sorted list of cells) of the piece on ``cell``; ``board`` maps (ring, sector)
    to (side, kind).  A slider stops at the first occupied cell (capturing an opponent there); going
    around a ring it stops before reaching its own cell again."""
    side, kind = board[tuple(cell)]
    ring, sec = cell
    out = set()

    def land(rr, ss):
        if 0 <= rr < rings:
            q = (rr, ss % sectors)
            if q not in board or board[q][0] != side:
                out.add(q)

    if kind in CIRC_SLIDES:
        for dr, ds in CIRC_SLIDES[kind]:
            rr, ss = ring, sec
            for _ in range(sectors - 1):
                rr, ss = rr + dr, (ss + ds) % sectors
                if not 0 <= rr < rings or (rr, ss) == (ring, sec):
                    break
                if (rr, ss) in board:
                    if board[(rr, ss)][0] != side:
                        out.add((rr, ss))
                    break
                out.add((rr, ss))
    elif kind == "K":
        for dr, ds in CIRC_ROOK + CIRC_BISHOP:
            land(ring + dr, sec + ds)
    elif kind == "N":
        for dr, ds in CIRC_KNIGHT:
            land(ring + dr, sec + ds)
    return sorted(out)


def circular_rays(kind, cell, rings, sectors):
    """The cells the piece on ``cell`` could reach on an empty board, line by line (nearest first; a king's
    or knight's cells one per line)."""
    ring, sec = cell
    out = []
    if kind in CIRC_SLIDES:
        for dr, ds in CIRC_SLIDES[kind]:
            ray, rr, ss = [], ring, sec
            for _ in range(sectors - 1):
                rr, ss = rr + dr, (ss + ds) % sectors
                if not 0 <= rr < rings or (rr, ss) == (ring, sec):
                    break
                ray.append((rr, ss))
            if ray:
                out.append(ray)
    else:
        for dr, ds in (CIRC_ROOK + CIRC_BISHOP if kind == "K" else CIRC_KNIGHT):
            if 0 <= ring + dr < rings:
                out.append([(ring + dr, (sec + ds) % sectors)])
    return out
