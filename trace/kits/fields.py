"""Magnetic-field drawing conventions shared by the electromagnetism scenes (physics).

A field or current perpendicular to the page is drawn as a small circle with a centre dot (out of
the page, towards the reader) or with a cross (into the page); ``symbol_legend`` prints the key, so
prompts that rely on it can point at a drawn convention.
"""

from __future__ import annotations

import math

from tracegen.kits.cards import rounded_rect

OUT, IN = "out", "in"


def perp_symbol(c, x: float, y: float, r: float, direction: str, *, color="ink", lw: float = 1.6,
                fill=None, id=None) -> None:
    """A circle with a dot (``"out"`` of the page) or a cross (``"in"``to the page) at (x, y)."""
    c.circle(x, y, r, fill=fill, stroke=color, lw=lw)
    if direction == OUT:
        c.circle(x, y, max(2.0, r * 0.28), fill=color)
    else:
        d = r * 0.62
        c.line(x - d, y - d, x + d, y + d, color=color, lw=lw)
        c.line(x - d, y + d, x + d, y - d, color=color, lw=lw)
    if id is not None:
        c.register(id, box=(x - r, y - r, x + r, y + r))


def symbol_legend(c, x: float, y: float, *, what: str = "B", size: float = 14.0) -> tuple:
    """The key "(dot) = out of the page, (cross) = into the page" starting at (x, y) (left, middle)."""
    perp_symbol(c, x + 9, y, 9, OUT)
    b = c.text(x + 24, y, f"{what} out of the page", size=size, anchor="l")
    x2 = b[2] + 24
    perp_symbol(c, x2 + 9, y, 9, IN)
    b2 = c.text(x2 + 24, y, f"{what} into the page", size=size, anchor="l")
    return (x, y - 10, b2[2], y + 10)


def arc_arrow(c, cx: float, cy: float, r: float, clockwise: bool, *, color="ink", lw: float = 2.0,
              start: float = 200.0, sweep: float = 280.0) -> None:
    """A circular arrow around (cx, cy) (screen coordinates: y grows downward)."""
    pts = []
    n = 40
    sgn = 1 if clockwise else -1
    for i in range(n + 1):
        a = math.radians(start + sgn * sweep * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    c.polyline(pts[:-1], color=color, lw=lw)
    (x0, y0), (x1, y1) = pts[-3], pts[-1]
    c.arrow(x0, y0, x1, y1, color=color, lw=lw, head=9)


def direction_cards(c, x: float, y: float, angles, *, cols: int = 2, w: float = 96.0, h: float = 78.0,
                    gap: float = 14.0, letters: str = "ABCDEFGH") -> None:
    """Answer cards, each a labelled arrow pointing at ``angles[k]`` degrees (0 = right, 90 = up the page),
    in a grid from (x, y); card k is registered as ``option:<letter>``."""
    for k, ang in enumerate(angles):
        r, j = divmod(k, cols)
        bx, by = x + j * (w + gap), y + r * (h + gap)
        rounded_rect(c, bx, by, w, h, radius=8, fill="panel", stroke="ink", lw=1.5, id=f"option:{letters[k]}")
        c.text(bx + 12, by + 14, letters[k], size=15, bold=True, kind="option")
        cx, cy, ln = bx + w / 2 + 6, by + h / 2 + 4, 24
        dx, dy = math.cos(math.radians(ang)) * ln, -math.sin(math.radians(ang)) * ln
        c.arrow(cx - dx, cy - dy, cx + dx, cy + dy, color="ink", lw=3.5, head=12)
