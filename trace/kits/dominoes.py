"""Dominoes: the double-six set, chain rules and a tile drawing.

A tile is ``[a, b]`` (pips 0-6 on its left and right halves as drawn, the tile lying flat).  The
double-six set has each unordered pair once (28 tiles).  A line of play joins tiles end to end:
the halves that touch at a join must show the same number; a loose tile may be turned round to
match, so either half can meet an open end.
"""

from __future__ import annotations

MAX_PIP = 6
# pip centres in a unit half (-1..1 both ways), as on real dominoes
PIP_SPOTS = {
    0: (),
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}
FACE = (0.985, 0.98, 0.965)
EDGE = (0.16, 0.16, 0.18)
PIP = (0.08, 0.08, 0.09)


def full_set() -> list[list[int]]:
    return [[a, b] for a in range(MAX_PIP + 1) for b in range(a, MAX_PIP + 1)]


def key(tile) -> tuple:
    return tuple(sorted(tile))


def deal(rng, n: int, exclude=()) -> list[list[int]]:
    """``n`` distinct tiles (as unordered pairs) not in ``exclude``, each turned at random."""
    used = {key(t) for t in exclude}
    pool = [t for t in full_set() if key(t) not in used]
    out = []
    for i in rng.choice(len(pool), size=n, replace=False):
        a, b = pool[int(i)]
        out.append([a, b] if rng.random() < 0.5 else [b, a])
    return out


def is_double(tile) -> bool:
    return tile[0] == tile[1]


def matches(tile, end: int) -> bool:
    return end in tile


def longest_chain(end: int, tiles) -> list[int]:
    """Indices of a longest line of ``tiles`` played one after another from open end ``end``
    (each tile at most once, turned as needed); the first found among the longest."""
    best: list[int] = []

    def go(open_end, used, path):
        nonlocal best
        if len(path) > len(best):
            best = list(path)
        for i, t in enumerate(tiles):
            if i in used or open_end not in t:
                continue
            nxt = t[1] if t[0] == open_end else t[0]
            used.add(i)
            path.append(i)
            go(nxt, used, path)
            path.pop()
            used.discard(i)

    go(end, set(), [])
    return best


def draw_tile(c, x: float, y: float, half: float, tile, *, id=None, stroke=EDGE, lw: float = 2.2) -> tuple:
    """A horizontal tile with its top-left corner at (x, y): two square halves of side ``half``
    split by a line, black pips.  Returns its box."""
    from .cards import rounded_box

    w, h = 2 * half, half
    c.polygon(rounded_box(x + 3, y + 4, w, h, half * 0.14), fill="muted")
    c.polygon(rounded_box(x, y, w, h, half * 0.14), fill=FACE, stroke=stroke, lw=lw)
    c.line(x + half, y + half * 0.12, x + half, y + h - half * 0.12, color=EDGE, lw=max(1.5, half * 0.035))
    r = half * 0.085
    d = half * 0.28
    for k, n in enumerate(tile):
        cx, cy = x + half * (k + 0.5), y + h / 2
        for u, v in PIP_SPOTS[int(n)]:
            c.circle(cx + u * d, cy + v * d, r, fill=PIP)
    if id is not None:
        c.register(id, box=(x, y, x + w, y + h), fill=FACE, stroke=stroke, shape="rectangle")
    return (x, y, x + w, y + h)
