"""Flow diagrams (Sankey-style): ribbons of constant width along cubic Bezier curves, labelled
node boxes, and printed value tags placed along the ribbons so that no two tags overlap.

A ribbon's width encodes its value; the value itself is printed on a tag, which is what flow
tasks read.  Tags register their box (and centre point) under the id a scene gives them.
"""

from __future__ import annotations

import math
from functools import lru_cache

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
    hypot, half = math.hypot, width / 2
    # each point's normal follows the chord between its neighbours (one-sided at the ends)
    left, right = [], []
    for (ax, ay), (x, y), (bx, by) in zip([pts[0]] + pts[:-1], pts, pts[1:] + [pts[-1]]):
        dx, dy = bx - ax, by - ay
        norm = hypot(dx, dy) or 1.0
        nx, ny = -dy / norm * half, dx / norm * half
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    right.reverse()
    c.polygon(left + right, fill=fill, stroke=stroke, lw=0.8)


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


def tag_size(c, text: str, *, size: float = TAG_SIZE) -> tuple[float, float]:
    """A tag's box (w, h) for ``text``: the bold text with 5 units each side, one and a half lines high."""
    return c.text_width(text, size=size, bold=True) + 10, size * 1.5


def tag_box(c, x: float, y: float, text: str, *, size: float = TAG_SIZE) -> tuple:
    return _box_at(x, y, *tag_size(c, text, size=size))


def _box_at(x: float, y: float, w: float, h: float) -> tuple:
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def _overlap(a, b, pad: float = 3.0) -> bool:
    return not (a[2] + pad <= b[0] or b[2] + pad <= a[0] or a[3] + pad <= b[1] or b[3] + pad <= a[1])


def _near(box, path) -> bool:
    """Whether a point of ``path`` = (points, pad, their bounding box) lies within ``pad`` of ``box``;
    the bounding box rules out most paths without visiting their points."""
    pts, pad, (px0, py0, px1, py1) = path
    x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    if px1 < x0 or px0 > x1 or py1 < y0 or py0 > y1:
        return False
    return any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in pts)


def place_tags(c, tags, avoid=(), paths=None) -> list[tuple]:
    """Tag boxes for ``tags`` = [(text, candidate centres in preference order)], each at the first
    candidate whose box overlaps no tag placed before it, no box of ``avoid`` and (with
    ``paths``, one (points, half width) per tag) no other tag's ribbon -- so a tag never sits
    where two ribbons cross; the first candidate when none is free.  Returns [(x, y, box)] in
    the order given."""
    placed: list[tuple] = []
    taken = list(avoid)
    near = [(pts, half + 12, (min(x for x, _ in pts), min(y for _, y in pts),
                              max(x for x, _ in pts), max(y for _, y in pts))) for pts, half in paths or ()]
    for k, (text, cands) in enumerate(tags):
        w, h = tag_size(c, text)
        others = near[:k] + near[k + 1:]
        choice = None
        for x, y in cands:
            box = _box_at(x, y, w, h)
            if any(_overlap(box, o) for o in taken):
                continue
            if any(_near(box, path) for path in others):
                continue
            choice = (x, y, box)
            break
        if choice is None:
            x, y = cands[0]
            choice = (x, y, _box_at(x, y, w, h))
        placed.append(choice)
        taken.append(choice[2])
    return placed


@lru_cache(maxsize=8)
def _weights(steps: int) -> tuple:
    """The Bernstein weights ``bezier`` applies at t = k / steps, k = 0..steps (the same products)."""
    out = []
    for k in range(steps + 1):
        t = k / steps
        u = 1 - t
        out.append((u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3))
    return tuple(out)


def curve_points(curve, steps: int = 64) -> list[tuple[float, float]]:
    """``bezier`` at t = k / steps for k = 0..steps, with the weights computed once per ``steps``."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = curve
    return [(w0 * ax + w1 * bx + w2 * cx + w3 * dx, w0 * ay + w1 * by + w2 * cy + w3 * dy)
            for w0, w1, w2, w3 in _weights(steps)]


def draw_tag(c, x: float, y: float, text: str, *, id=None, size: float = TAG_SIZE) -> None:
    """A printed value on a small paper box centred at (x, y), registered as ``id``."""
    x0, y0, x1, y1 = tag_box(c, x, y, text, size=size)
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=4.0, fill="paper", stroke="muted", lw=1.0)
    c.text(x, y, text, size=size, bold=True)
    c.register(id, box=(x0, y0, x1, y1), point=(x, y))
