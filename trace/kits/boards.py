"""Shared helpers for board-like scenes (sudoku, cell boards, mazes, minesweeper).

Pure-Python grid logic (neighbours, BFS, connected components) plus a few drawing helpers
(option-letter badges, tinted semantic colours).  Nothing here imports beyond numpy/cairo.
"""

from __future__ import annotations

from collections import deque

from ..core.style import NAMED_COLORS

LETTERS = "ABCDEF"

N4 = ((-1, 0), (1, 0), (0, -1), (0, 1))
N8 = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


# ---------------------------------------------------------------------- grid logic
def neighbors4(r: int, c: int, rows: int, cols: int):
    for dr, dc in N4:
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            yield rr, cc


def neighbors8(r: int, c: int, rows: int, cols: int):
    for dr, dc in N8:
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            yield rr, cc


def bfs(start, passable, rows: int, cols: int, neighbors=None) -> dict:
    """Distances from ``start`` over cells where ``passable(r, c)`` is true (4-neighbour by default).

    ``neighbors(r, c)`` may be given to use a custom move set (e.g. maze passages).
    Returns {(r, c): distance}.
    """
    start = tuple(start)
    dist = {start: 0}
    dq = deque([start])
    while dq:
        cur = dq.popleft()
        d = dist[cur] + 1
        nbrs = neighbors(*cur) if neighbors is not None else neighbors4(cur[0], cur[1], rows, cols)
        for nb in nbrs:
            if nb not in dist and (neighbors is not None or passable(*nb)):
                dist[nb] = d
                dq.append(nb)
    return dist


def components(grid, rows: int, cols: int, value=None) -> list[list[tuple[int, int]]]:
    """4-connected components of equal cells (only cells equal to ``value`` when given)."""
    seen = [[False] * cols for _ in range(rows)]
    out = []
    for r in range(rows):
        for c in range(cols):
            if seen[r][c] or (value is not None and grid[r][c] != value):
                continue
            v = grid[r][c]
            comp, stack = [], [(r, c)]
            seen[r][c] = True
            while stack:
                a, b = stack.pop()
                comp.append((a, b))
                for na, nb in neighbors4(a, b, rows, cols):
                    if not seen[na][nb] and grid[na][nb] == v:
                        seen[na][nb] = True
                        stack.append((na, nb))
            out.append(sorted(comp))
    return out


def assign_letters(n: int, answer_index: int, answer_letter: str, rng) -> list[str]:
    """Letters A.. for ``n`` options (in option order) so that option ``answer_index`` gets ``answer_letter``."""
    letters = list(LETTERS[:n])
    others = [x for x in letters if x != answer_letter]
    perm = [others[int(i)] for i in rng.permutation(len(others))]
    perm.insert(answer_index, answer_letter)
    return perm


# ---------------------------------------------------------------------- drawing
def tint(color: str, amount: float = 0.3):
    """A light tint of a semantic colour (mixed with white), for cell fills behind dark text."""
    r, g, b = NAMED_COLORS[color]
    return (1 - amount + amount * r, 1 - amount + amount * g, 1 - amount + amount * b)


def badge(c, x: float, y: float, text: str, *, size: float = 13.0, anchor: str = "tl", border="blue"):
    """A white label box with a coloured border and bold dark text; (x, y) is its top-left corner
    (anchor "tl") or its centre (anchor "c").  Returns the box (x0, y0, x1, y1)."""
    w = c.text_width(text, size=size, bold=True) + 8
    h = size + 7
    if anchor == "c":
        x, y = x - w / 2, y - h / 2
    c.rect(x, y, w, h, fill="white", stroke=border, lw=1.6)
    c.text(x + w / 2, y + h / 2, text, size=size, bold=True, color="black")
    return (x, y, x + w, y + h)


def _glyph_path(c, x: float, y: float, char: str, size: float):
    """Append the outline of ``char`` in the fallback font (which covers the symbol blocks), centred
    on (x, y), to the current path; returns its text extents.  The caller saves and restores."""
    import cairo

    from ..core.style import FALLBACK_FONT

    ctx = c.ctx
    ctx.select_font_face(FALLBACK_FONT, cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
    ctx.set_font_size(size)
    ext = ctx.text_extents(char)
    ctx.move_to(x - ext.x_bearing - ext.width / 2, y - ext.y_bearing - ext.height / 2)
    ctx.text_path(char)
    return ext


def glyph(c, x: float, y: float, char: str, size: float, *, fill, stroke=None, lw: float = 1.0):
    """A font glyph drawn as a shape centred on (x, y) (chess pieces, card suits): filled, optionally
    outlined, always in the fallback font that covers the symbol blocks.  It is a picture, not a
    label, so it is not recorded among the canvas's texts.  Returns the glyph's logical box."""
    ctx = c.ctx
    ctx.save()
    ext = _glyph_path(c, x, y, char, size)
    ctx.set_source_rgb(*c.color(fill))
    if stroke is None:
        ctx.fill()
    else:
        ctx.fill_preserve()
        ctx.set_source_rgb(*c.color(stroke))
        ctx.set_line_width(lw)
        ctx.stroke()
    ctx.restore()
    return (x - ext.width / 2, y - ext.height / 2, x + ext.width / 2, y + ext.height / 2)


# chess figurines by piece letter: the solid (black) and the outline (white) symbol
SOLID_FIGURINES = {"K": "\u265a", "Q": "\u265b", "R": "\u265c", "B": "\u265d", "N": "\u265e", "P": "\u265f"}
OUTLINE_FIGURINES = {"K": "\u2654", "Q": "\u2655", "R": "\u2656", "B": "\u2657", "N": "\u2658", "P": "\u2659"}
FIGURINE_LINES = (0.08, 0.08, 0.08)     # a white figurine's outline
FIGURINE_EDGE = (0.6, 0.6, 0.6)         # a black figurine's edge


def figurine(c, x: float, y: float, kind: str, white: bool, size: float, *, light, dark):
    """A chess figurine of piece ``kind`` (K Q R B N P) centred on (x, y), as printed diagrams draw
    them: a white piece is its outline symbol drawn in dark lines over its silhouette filled
    ``light``; a black piece is the solid symbol filled ``dark`` with a thin grey edge.  (Filling the
    solid symbol light and stroking it dark would not do: the king's and queen's inner detail
    contours are so close that the stroke covers the body, and the piece reads as black.)  Returns
    the logical box."""
    if not white:
        return glyph(c, x, y, SOLID_FIGURINES[kind], size, fill=dark, stroke=FIGURINE_EDGE, lw=0.8)
    import cairo

    ctx = c.ctx
    ctx.save()
    ext = _glyph_path(c, x, y, OUTLINE_FIGURINES[kind], size)
    lines = ctx.copy_path()
    # the silhouette: the contours no other contour's box contains (the rest are the holes between
    # the drawn lines)
    subs, cur = [], []
    for op, pts in ctx.copy_path_flat():
        if op == cairo.PATH_MOVE_TO:
            cur = [pts]
            subs.append(cur)
        elif op == cairo.PATH_LINE_TO:
            cur.append(pts)
    boxes = [(min(p[0] for p in s), min(p[1] for p in s), max(p[0] for p in s), max(p[1] for p in s)) for s in subs]
    ctx.new_path()
    for s, a in zip(subs, boxes):
        if not any(b != a and b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3] for b in boxes):
            ctx.move_to(*s[0])
            for p in s[1:]:
                ctx.line_to(*p)
            ctx.close_path()
    ctx.set_source_rgb(*c.color(light))
    ctx.fill()
    ctx.append_path(lines)
    ctx.set_source_rgb(*FIGURINE_LINES)
    ctx.fill()
    ctx.restore()
    return (x - ext.width / 2, y - ext.height / 2, x + ext.width / 2, y + ext.height / 2)


def answer_among(rng, answer, wrong, letter: str) -> list:
    """The options of a lettered multiple choice: the ``wrong`` ones in a random order, with ``answer``
    inserted at the place of ``letter`` (A first), the balanced target letter a task drew."""
    out = [wrong[int(i)] for i in rng.permutation(len(wrong))]
    out.insert(ord(letter) - ord("A"), answer)
    return out
