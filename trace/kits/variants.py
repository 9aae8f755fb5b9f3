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
