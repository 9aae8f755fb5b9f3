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
