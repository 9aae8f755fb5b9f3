"""Flow diagrams (Sankey-style): ribbons of constant width along cubic Bezier curves, labelled
node boxes, and printed value tags placed along the ribbons so that no two tags overlap.

A ribbon's width encodes its value; the value itself is printed on a tag, which is what flow
tasks read.  Tags register their box (and centre point) under the id a scene gives them.
"""

from __future__ import annotations

import math

from ..core.canvas import blend
from .cards import rounded_rect

TAG_SIZE = 15.0


def bezier(p0, c0, c1, p1, t: float) -> tuple[float, float]:
    """The point at parameter ``t`` of the cubic Bezier p0 -> p1 with controls c0, c1."""
    u = 1 - t
    return (u ** 3 * p0[0] + 3 * u * u * t * c0[0] + 3 * u * t * t * c1[0] + t ** 3 * p1[0],
            u ** 3 * p0[1] + 3 * u * u * t * c0[1] + 3 * u * t * t * c1[1] + t ** 3 * p1[1])


def ribbon(c, curve, width: float, *, fill, stroke=None, steps: int = 48) -> None:
    """A band of constant ``width`` centred on the cubic Bezier ``curve`` = (p0, c0, c1, p1)."""
    pts = curve_points(curve, steps)
    left, right = [], []
    for k, (x, y) in enumerate(pts):
        ax, ay = pts[max(0, k - 1)]
        bx, by = pts[min(steps, k + 1)]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / norm * width / 2, dx / norm * width / 2
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    c.polygon(left + right[::-1], fill=fill, stroke=stroke, lw=0.8)


def ribbon_fill(c, color):
    """A ribbon's fill: its colour lightened toward the paper, so crossings and tags stay legible."""
    return blend(c.color(color), c.color("paper"), 0.72)


def node_box(c, cx: float, cy: float, label: str, *, size: float = 15.0, height: float = 36.0, id=None,
             min_width: float = 0.0) -> tuple:
    """A rounded node box centred at (cx, cy) with its label; registers the box as ``id``.
    Returns the box (x0, y0, x1, y1)."""
    w = max(min_width, c.text_width(label, size=size, bold=True) + 22)
    x0, y0 = cx - w / 2, cy - height / 2
    rounded_rect(c, x0, y0, w, height, radius=7.0, fill="panel", stroke="muted", lw=1.2)
    c.text(cx, cy, label, size=size, bold=True)
    c.register(id, box=(x0, y0, x0 + w, y0 + height), point=(cx, cy))
    return (x0, y0, x0 + w, y0 + height)


def tag_box(c, x: float, y: float, text: str, *, size: float = TAG_SIZE) -> tuple:
    w = c.text_width(text, size=size, bold=True) + 10
    h = size * 1.5
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def _overlap(a, b, pad: float = 3.0) -> bool:
    return not (a[2] + pad <= b[0] or b[2] + pad <= a[0] or a[3] + pad <= b[1] or b[3] + pad <= a[1])


def _near(box, pts, pad: float) -> bool:
    return any(box[0] - pad <= x <= box[2] + pad and box[1] - pad <= y <= box[3] + pad for x, y in pts)


def place_tags(c, tags, avoid=(), paths=None) -> list[tuple]:
    """Tag boxes for ``tags`` = [(text, candidate centres in preference order)], each at the first
    candidate whose box overlaps no tag placed before it, no box of ``avoid`` and (with
    ``paths``, one (points, half width) per tag) no other tag's ribbon -- so a tag never sits
    where two ribbons cross; the first candidate when none is free.  Returns [(x, y, box)] in
    the order given."""
    placed: list[tuple] = []
    taken = list(avoid)
    for k, (text, cands) in enumerate(tags):
        choice = None
        for x, y in cands:
            box = tag_box(c, x, y, text)
            if any(_overlap(box, o) for o in taken):
                continue
            if paths and any(_near(box, pts, half + 12) for j, (pts, half) in enumerate(paths) if j != k):
                continue
            choice = (x, y, box)
            break
        if choice is None:
            x, y = cands[0]
            choice = (x, y, tag_box(c, x, y, text))
        placed.append(choice)
        taken.append(choice[2])
    return placed


def curve_points(curve, steps: int = 64) -> list[tuple[float, float]]:
    return [bezier(*curve, k / steps) for k in range(steps + 1)]


def draw_tag(c, x: float, y: float, text: str, *, id=None, size: float = TAG_SIZE) -> None:
    """A printed value on a small paper box centred at (x, y), registered as ``id``."""
    x0, y0, x1, y1 = tag_box(c, x, y, text, size=size)
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=4.0, fill="paper", stroke="muted", lw=1.0)
    c.text(x, y, text, size=size, bold=True)
    c.register(id, box=(x0, y0, x1, y1), point=(x, y))
