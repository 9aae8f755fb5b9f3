"""Laboratory apparatus drawing shared by the physics instrument scenes: graduated scales
(straight, along any line, and circular arcs) whose ticks fall on exact multiples of a step,
so a reading taken at a tick is exact.

A scale runs from ``lo`` to ``hi`` in ``n`` minor steps of ``step`` (``hi = lo + n * step``);
every ``major``-th tick is long and every ``label``-th tick carries its value (``kind="tick"``,
so the shortcut check treats the numbers as a scale).  The functions return a mapping from a
value to its position on the scale line, which scenes use to place needles, liquid levels
and sliders exactly where the value lies.
"""

from __future__ import annotations

import math


def fmt(v: float) -> str:
    """A scale number: whole numbers without a decimal point, else one decimal."""
    r = round(v, 6)
    return str(int(round(r))) if abs(r - round(r)) < 1e-9 else f"{r:.1f}"


def linear_scale(c, p0, p1, lo, step, n, *, major=5, label=10, side=1, minor_len=7.0, major_len=13.0,
                 label_gap=10.0, size=13.0, bold=False, lw=1.2, color="ink", baseline=True, text_color="ink",
                 labels=True):
    """Ticks along the straight line from ``p0`` (value ``lo``) to ``p1`` (value ``lo + n*step``),
    drawn on the ``side`` (+1: right of the direction p0->p1 as seen on the canvas, -1: left).
    Returns ``pos(value, offset=0)``: the point of ``value`` on the line, moved ``offset`` to the
    tick side."""
    (x0, y0), (x1, y1) = p0, p1
    L = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / L, (y1 - y0) / L
    nx, ny = -uy * side, ux * side               # canvas y points down: (-uy, ux) is to the right
    hi = lo + n * step

    def pos(value, offset=0.0):
        t = (value - lo) / (hi - lo)
        return (x0 + (x1 - x0) * t + nx * offset, y0 + (y1 - y0) * t + ny * offset)

    if baseline:
        c.line(x0, y0, x1, y1, color=color, lw=lw)
    for k in range(n + 1):
        v = lo + k * step
        big = k % major == 0
        ln = major_len if big else minor_len
        a, b = pos(v), pos(v, ln)
        c.line(a[0], a[1], b[0], b[1], color=color, lw=lw * (1.4 if big else 1.0))
        if labels and k % label == 0:
            t = pos(v, ln + label_gap)
            anchor = "c"
            if abs(nx) > 0.7:
                anchor = "l" if nx > 0 else "r"
            c.text(t[0], t[1], fmt(v), size=size, bold=bold, anchor=anchor, color=text_color, kind="tick")
    return pos


def arc_scale(c, cx, cy, r, a0, a1, lo, step, n, *, major=5, label=10, minor_len=9.0, major_len=17.0,
              label_gap=16.0, size=14.0, bold=False, lw=1.4, color="ink", inward=True):
    """Ticks on the circle arc of radius ``r`` about (cx, cy) from angle ``a0`` (value ``lo``) to
    ``a1`` (value ``lo + n*step``), angles in degrees counter-clockwise from east as seen.  Ticks
    and labels go inside the arc (``inward``) or outside.  Returns ``angle(value)`` in degrees."""
    hi = lo + n * step
    sgn = -1 if inward else 1

    def angle(value):
        return a0 + (a1 - a0) * (value - lo) / (hi - lo)

    def at(value, rad):
        t = math.radians(angle(value))
        return (cx + rad * math.cos(t), cy - rad * math.sin(t))

    pts = [at(lo + (hi - lo) * i / 60, r) for i in range(61)]
    c.polyline(pts, color=color, lw=lw * 1.4)
    for k in range(n + 1):
        v = lo + k * step
        big = k % major == 0
        ln = major_len if big else minor_len
        p, q = at(v, r), at(v, r + sgn * ln)
        c.line(p[0], p[1], q[0], q[1], color=color, lw=lw * (1.6 if big else 1.0))
        if k % label == 0:
            t = at(v, r + sgn * (ln + label_gap))
            c.text(t[0], t[1], fmt(v), size=size, bold=bold, kind="tick")
    return angle
