"""Shared icon vocabulary for icon scenes: shape kinds, colour names, words, drawing and scatter layout."""

from __future__ import annotations

from .pictograms import PICTOGRAMS, draw_pictogram

SHAPES = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon", "star", "cross")
PLURALS = {"circle": "circles", "square": "squares", "triangle": "triangles", "diamond": "diamonds",
           "pentagon": "pentagons", "hexagon": "hexagons", "star": "stars", "cross": "crosses"}
PLURALS.update(PICTOGRAMS)
# every icon kind a scene may name: the geometric shapes and the pictograms
KINDS = SHAPES + tuple(PICTOGRAMS)
# NAMED_COLORS usable as icon fills on light backgrounds (white is left out)
COLORS = ("red", "blue", "green", "yellow", "orange", "purple", "pink", "brown", "gray", "cyan", "black")


def draw_icon(c, kind: str, color: str, cx: float, cy: float, size: float, *, id=None, outline=True,
              angle: float = 0.0) -> None:
    """A filled shape (with a thin dark outline unless ``outline`` is False: then the canvas
    outlines a fill only where it would blend into the theme) or a pictogram silhouette (turned by
    ``angle`` degrees)."""
    if kind in PICTOGRAMS:
        draw_pictogram(c, kind, color, cx, cy, size, id=id, angle=angle)
    elif outline:
        c.shape(kind, cx, cy, size, fill=color, stroke=(0.1, 0.1, 0.1), lw=1.4, id=id)
    else:
        c.shape(kind, cx, cy, size, fill=color, id=id)


def scatter(rng, n: int, x0: float, y0: float, w: float, h: float, cols: int, rows: int, size: float):
    """``n`` non-overlapping icon centres: distinct cells of a cols x rows lattice, jittered inside each cell.

    Returns [[x, y], ...] rounded to 0.1; icons of diameter <= ``size`` never overlap and stay inside.
    """
    cw, ch = w / cols, h / rows
    slack_x, slack_y = max(0.0, (cw - size) / 2 - 2), max(0.0, (ch - size) / 2 - 2)
    cells = rng.choice(cols * rows, size=n, replace=False)
    out = []
    for cell in cells:
        r, k = divmod(int(cell), cols)
        x = x0 + (k + 0.5) * cw + float(rng.uniform(-slack_x, slack_x))
        y = y0 + (r + 0.5) * ch + float(rng.uniform(-slack_y, slack_y))
        out.append([round(x, 1), round(y, 1)])
    return out


def window(c, x: float, y: float, w: float, h: float, *, title: str | None = None, id=None,
           fill="panel", title_kind: str = "label") -> tuple:
    """An app-window frame for icon panels: a rounded panel with a header strip (carrying ``title``
    when given, drawn as a text of ``title_kind``: "option" for a panel's option letter); the
    strip's look (plain, tinted, dotted title bar) follows the style.  Returns the content box
    (x0, y0, x1, y1) below the strip."""
    from .cards import rounded_rect

    look = c.style.accent % 3
    rounded_rect(c, x, y, w, h, radius=14, fill=fill, stroke="accent" if look == 1 else "grid", lw=1.6, id=id)
    strip = 30.0
    rounded_rect(c, x + 8, y + 8, w - 16, strip - 6, radius=5, fill="grid" if look != 2 else "background")
    if look == 2:
        for k in range(3):
            c.circle(x + 22 + 16 * k, y + 8 + (strip - 6) / 2, 4.5, fill="muted")
    if title:
        c.text(x + w / 2, y + 8 + (strip - 6) / 2, title, size=16, bold=look == 0,
               color=c.text_on("grid" if look != 2 else "background"), kind=title_kind)
    return (x + 10, y + strip + 10, x + w - 10, y + h - 10)


def option_cells(c, box, n: int, *, cols: int, gap: float = 22.0, square: bool = True, max_side: float = 240.0,
                 max_aspect: float | None = None, labels: str = "ABCDEFGH", prefix: str = "option") -> list[tuple]:
    """``n`` labelled option cells in rows of ``cols`` centred in ``box`` (x0, y0, x1, y1): rounded
    paper cells (square, or filling the box with a height of at most ``max_aspect`` widths), each with
    its letter in the top-left corner drawn as an option; a shorter last row is centred.  Registers
    ``{prefix}:{letter}`` and returns each cell's (x, y, w, h)."""
    import math

    from .cards import rounded_rect

    x0, y0, x1, y1 = box
    rows = math.ceil(n / cols)
    w = (x1 - x0 - gap * (cols + 1)) / cols
    h = (y1 - y0 - gap * (rows + 1)) / rows
    if square:
        w = h = min(w, h, max_side)
    elif max_aspect:
        h = min(h, w * max_aspect)
    top = (y0 + y1 - rows * h - (rows - 1) * gap) / 2
    out = []
    for i in range(n):
        r, k = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        x = (x0 + x1 - in_row * w - (in_row - 1) * gap) / 2 + k * (w + gap)
        y = top + r * (h + gap)
        rounded_rect(c, x, y, w, h, radius=12, fill="paper", stroke="muted", lw=1.6, id=f"{prefix}:{labels[i]}")
        c.text(x + 16, y + 18, labels[i], size=17, bold=True, kind="option")
        out.append((x, y, w, h))
    return out
