"""Scientific plot pieces: an ordered categorical x axis under a numeric value axis, series looks
that stay apart without colour (line pattern, marker shape, filled or hollow marker, colour or
a grey tone), their legend samples, and a labelled horizontal reference line.

Tick labels are ``kind="tick"``; reference-line labels too (they restate the prompt's level).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.canvas import blend
from .curves import XYView

PATTERNS = (None, [9.0, 5.0], [2.0, 4.0], [10.0, 4.0, 2.0, 4.0], [16.0, 6.0])
PATTERN_WORDS = ("solid", "dashed", "dotted", "dash-dot", "long-dashed")
SHAPES = ("circle", "square", "triangle", "diamond", "pentagon")


@dataclass(frozen=True)
class SciLook:
    color: object        # a colour role, or an RGB grey tone
    shape: str           # marker shape (Canvas.shape kind)
    dash: list | None    # line pattern
    hollow: bool         # marker outlined on the paper instead of filled


def sci_looks(c, n: int, *, mono: bool) -> list[SciLook]:
    """``n`` distinct looks: pattern and shape cycle at different rates, markers alternate filled
    and hollow, and colours are the theme's series colours or (``mono``) three grey tones of the
    ink, so up to eight series differ pairwise in at least two of pattern, shape, fill and tone."""
    out = []
    for k in range(n):
        if mono:
            tone = (1.0, 0.72, 0.5)[k % 3]
            color = blend(c.color("ink"), c.color("paper"), tone)
        else:
            color = f"series:{k % 6}"
        out.append(SciLook(color, SHAPES[k % len(SHAPES)], PATTERNS[(k * 2) % len(PATTERNS)], k % 2 == 1))
    return out


def draw_marker(c, look: SciLook, x: float, y: float, size: float = 10.0) -> None:
    if look.hollow:
        c.shape(look.shape, x, y, size, fill="paper", stroke=look.color, lw=1.8)
    else:
        c.shape(look.shape, x, y, size, fill=look.color, stroke="paper", lw=1.0)


def draw_styled_series(c, pts, look: SciLook, *, lw: float = 2.0, marker: float = 10.0, ids=None) -> None:
    """A series through pixel points in its look, a marker at every point (``ids[i]`` registered)."""
    c.polyline(pts, color=look.color, lw=lw, dash=look.dash)
    for i, (x, y) in enumerate(pts):
        draw_marker(c, look, x, y, marker)
        if ids is not None:
            h = marker / 2
            c.register(ids[i], box=(x - h, y - h, x + h, y + h), point=(x, y))


def style_legend(c, x: float, y: float, names, looks, *, size: float = 14.0, ids=None) -> tuple:
    """A boxed legend column: each row a line sample in the series' pattern with its marker, then
    the name.  Returns the box."""
    row = size * 2.1
    w = max(c.text_width(n, size=size) for n in names) + 84
    h = row * len(names) + 12
    c.rect(x, y, w, h, fill="panel", stroke="grid", lw=1.0)
    for k, (name, look) in enumerate(zip(names, looks)):
        yy = y + 6 + (k + 0.5) * row
        c.line(x + 12, yy, x + 58, yy, color=look.color, lw=2.2, dash=look.dash)
        draw_marker(c, look, x + 35, yy, 11.0)
        c.text(x + 68, yy, name, size=size, anchor="l", id=None if ids is None else ids[k])
    return (x, y, x + w, y + h)


def legend_width(c, names, *, size: float = 14.0) -> float:
    return max(c.text_width(n, size=size) for n in names) + 84


def category_frame(c, v: XYView, labels, yticks, *, font_size: float = 14.0, ids=None) -> list[float]:
    """The plot frame of a categorical x axis (labels at 0..n-1, ``v.xlo``/``v.xhi`` set around
    them) and a numeric y axis with gridlines at ``yticks``; returns the label x positions."""
    from .curves import draw_frame

    draw_frame(c, v, xticks=[], yticks=yticks, font_size=font_size)
    xs = []
    for i, lab in enumerate(labels):
        px, _ = v.px(i, v.ylo)
        c.line(px, v.y1, px, v.y1 + 6, color="ink", lw=1.3)
        c.text(px, v.y1 + 20, lab, size=font_size, id=None if ids is None else ids[i])
        xs.append(px)
    return xs


def reference_line(c, v: XYView, level: float, text: str, *, color="orange") -> tuple:
    """A solid horizontal reference line at ``level`` across the plot, its ``text`` on a paper
    tag at the right end; returns the line's segment."""
    (ax, ay), (bx, by) = v.px(v.xlo, level), v.px(v.xhi, level)
    c.line(ax, ay, bx, by, color=color, lw=2.6)
    w = c.text_width(text, size=14, bold=True) + 12
    c.rect(bx - w, ay - 24, w, 20, fill="paper", stroke=color, lw=1.2)
    c.text(bx - w / 2, ay - 14, text, size=14, bold=True, kind="tick")
    return (ax, ay), (bx, by)


def place_interval(rng, centre: float, half: float, other_half: float, *, overlap: bool, gap: float,
                   lo: float = 0.0, hi: float = 100.0, room: float = 18.0) -> int | None:
    """A whole-number centre for an interval of half-width ``other_half`` that overlaps the
    interval ``centre`` +- ``half`` by at least ``gap`` (``overlap``) or stays at least ``gap``
    clear of it (within ``room`` more), the whole interval inside [lo, hi]; None when there is
    no such centre."""
    reach = half + other_half
    if overlap:
        spans = [(centre - reach + gap, centre + reach - gap)]
    else:
        far = reach + gap
        spans = [(centre + far, centre + far + room), (centre - far - room, centre - far)]
    spans = [(math.ceil(max(a, lo + other_half)), math.floor(min(b, hi - other_half))) for a, b in spans]
    spans = [(a, b) for a, b in spans if a <= b]
    if not spans:
        return None
    a, b = spans[int(rng.integers(len(spans)))]
    return int(rng.integers(a, b + 1))
