"""Coordinate-plane drawing kit: a lattice plane with unit and major gridlines, axes through the
origin with tick labels, point marks of several shapes, shaded regions clipped to the plane,
and a boxed note (the condition or instruction a figure carries).

Coordinates are lattice units, x to the right and y up (see ``geometry.LatticeView``).  Tick
labels are ``kind="tick"``: reading a position off the scale is what the tasks ask.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.canvas import blend
from .geometry import LatticeView


@dataclass(frozen=True)
class Plane:
    """A plane showing ``xmin..xmax`` by ``ymin..ymax`` (integers) with half a unit of margin,
    laid out in the square or rectangle whose top-left corner is (x0, y0)."""

    x0: float
    y0: float
    unit: float
    xmin: int
    xmax: int
    ymin: int
    ymax: int

    @classmethod
    def fit(cls, x0, y0, w, h, xmin, xmax, ymin, ymax):
        unit = min(w / (xmax - xmin + 1), h / (ymax - ymin + 1))
        return cls(x0, y0, unit, xmin, xmax, ymin, ymax)

    @property
    def view(self) -> LatticeView:
        return LatticeView(x0=self.x0 + 0.5 * self.unit, ytop=self.y0 + 0.5 * self.unit, unit=self.unit,
                           xmin=self.xmin, ymax=self.ymax)

    def px(self, x, y):
        return self.view.px(x, y)

    def pts(self, pts):
        return self.view.pts(pts)

    @property
    def box(self):
        """The drawn area (x0, y0, x1, y1) in logical units."""
        return (self.x0, self.y0, self.x0 + (self.xmax - self.xmin + 1) * self.unit,
                self.y0 + (self.ymax - self.ymin + 1) * self.unit)

    def clip(self, c):
        """Clip the canvas to the plane (use in ``with`` style: ``c.ctx.save()`` / ``restore()``)."""
        x0, y0, x1, y1 = self.box
        c.ctx.rectangle(x0, y0, x1 - x0, y1 - y0)
        c.ctx.clip()


def draw_plane(c, pl: Plane, *, major: int = 5, axes: bool = True, ticks: bool = True, tick_step: int = 1,
               font_size: float = 13.0, paper: str = "paper", frame: bool = True, under=None) -> None:
    """Grid (every unit faint, every ``major`` units stronger; ``major=0``: none), the axes through the origin with
    arrow heads and tick labels every ``tick_step`` units beside them (0 omitted).  ``under()``
    draws between the paper and the grid (shaded regions and fills stay see-through)."""
    x0, y0, x1, y1 = pl.box
    c.rect(x0, y0, x1 - x0, y1 - y0, fill=paper)
    if under is not None:
        under()
    ink, bg = c.color("ink"), c.color(paper)
    ctx = c.ctx
    for level, lw, t in ((0, 0.8, 0.16), (1, 1.3, 0.34)):
        for k in range(pl.xmin, pl.xmax + 1):
            if bool(major and k % major == 0) == bool(level):
                gx, _ = pl.px(k, 0)
                ctx.move_to(gx, y0)
                ctx.line_to(gx, y1)
        for k in range(pl.ymin, pl.ymax + 1):
            if bool(major and k % major == 0) == bool(level):
                _, gy = pl.px(0, k)
                ctx.move_to(x0, gy)
                ctx.line_to(x1, gy)
        ctx.set_source_rgb(*blend(ink, bg, t))
        ctx.set_line_width(lw)
        ctx.stroke()
    if frame:
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke=blend(ink, bg, 0.6), lw=1.2)
    if not axes:
        return
    ox, oy = pl.px(0, 0)
    if pl.ymin <= 0 <= pl.ymax:
        c.arrow(x0, oy, x1 - 2, oy, color="ink", lw=1.8, head=9)
    if pl.xmin <= 0 <= pl.xmax:
        c.arrow(ox, y1, ox, y0 + 2, color="ink", lw=1.8, head=9)
    if not ticks:
        return
    for k in range(pl.xmin, pl.xmax + 1):
        if k and k % tick_step == 0 and pl.ymin <= 0 <= pl.ymax:
            x, _ = pl.px(k, 0)
            c.text(x, oy + font_size * 0.55 + 5, str(k), size=font_size, kind="tick")
    for k in range(pl.ymin, pl.ymax + 1):
        if k and k % tick_step == 0 and pl.xmin <= 0 <= pl.xmax:
            _, y = pl.px(0, k)
            c.text(ox - 6, y, str(k), size=font_size, anchor="r", kind="tick")


MARKS = ("dot", "ring", "square", "diamond", "cross", "plus")


def mark(c, x, y, kind: str, *, color="ink", size: float = 6.0, id: str | None = None) -> None:
    """A point mark centred on (x, y) (logical units); registers ``id`` with the centre point."""
    if kind == "dot":
        c.circle(x, y, size, fill=color, stroke="paper", lw=1.0)
    elif kind == "ring":
        c.circle(x, y, size, fill="paper", stroke=color, lw=2.0)
    elif kind == "square":
        c.rect(x - size, y - size, 2 * size, 2 * size, fill=color)
    elif kind == "diamond":
        s = size * 1.25
        c.polygon([(x, y - s), (x + s, y), (x, y + s), (x - s, y)], fill=color)
    elif kind in ("cross", "plus"):
        s = size * 1.1
        if kind == "cross":
            c.line(x - s, y - s, x + s, y + s, color=color, lw=2.4)
            c.line(x - s, y + s, x + s, y - s, color=color, lw=2.4)
        else:
            c.line(x - s, y, x + s, y, color=color, lw=2.4)
            c.line(x, y - s, x, y + s, color=color, lw=2.4)
    else:
        raise KeyError(f"unknown mark {kind!r}")
    if id is not None:
        hollow = kind in ("ring", "cross", "plus")
        c.register(id, box=(x - size, y - size, x + size, y + size), point=(x, y), fill=None if hollow else color,
                   stroke=color if hollow else None, shape=kind)


def note_box(c, x, y, text: str, *, size: float = 14.0, anchor: str = "l") -> tuple:
    """A text in a rounded panel box whose left (or right, ``anchor="r"``) top corner is (x, y)."""
    w = c.text_width(text, size=size)
    h = size * 1.9
    bx = x if anchor == "l" else x - w - 20
    c.rect(bx, y, w + 20, h, fill="panel", stroke="muted", lw=1.0)
    c.text(bx + 10, y + h / 2, text, size=size, anchor="l")
    return (bx, y, bx + w + 20, y + h)


def label_spot(p, others, *, offset: float, bounds=None, avoid_segments=()):
    """Where to put a point's letter: the first of eight directions that is farthest from the
    other points and segments (lattice units; see ``geometry.place_label``)."""
    from .geometry import place_label

    return place_label(p, points=others, segments=avoid_segments, offset=offset, bounds=bounds)


def shade_region(c, pl: Plane, region: dict, *, fill, stroke="ink") -> None:
    """Shade a locus region clipped to the plane.  Regions (lattice units):
    ``{"kind": "disc", "c": [a, b], "r": r}``, ``{"kind": "annulus", "c": .., "r0": .., "r1": ..}``,
    ``{"kind": "vstrip", "a": x_lo, "b": x_hi}``, ``{"kind": "hstrip", "a": y_lo, "b": y_hi}``, ``{"kind": "hhalf", "k": y, "side": "above"|"below"}``,
    ``{"kind": "vhalf", "k": x, "side": "right"|"left"}``, ``{"kind": "quadrant", "x": a, "y": b,
    "sx": "right"|"left", "sy": "above"|"below"}`` (the intersection of two half-planes)."""
    x0, y0, x1, y1 = pl.box
    ctx = c.ctx
    ctx.save()
    pl.clip(c)
    kind = region["kind"]
    u = pl.unit
    outline = []
    if kind in ("disc", "annulus"):
        cx, cy = pl.px(*region["c"])
        r_out = (region["r"] if kind == "disc" else region["r1"]) * u
        ctx.new_sub_path()
        ctx.arc(cx, cy, r_out, 0, 2 * math.pi)
        outline.append(("circle", cx, cy, r_out))
        if kind == "annulus":
            r_in = region["r0"] * u
            ctx.new_sub_path()
            ctx.arc_negative(cx, cy, r_in, 2 * math.pi, 0)
            outline.append(("circle", cx, cy, r_in))
    else:
        if kind == "vstrip":
            xa, _ = pl.px(region["a"], 0)
            xb, _ = pl.px(region["b"], 0)
            rect = (xa, y0, xb, y1)
            outline += [("line", xa, y0, xa, y1), ("line", xb, y0, xb, y1)]
        elif kind == "hstrip":
            _, ya = pl.px(0, region["a"])
            _, yb = pl.px(0, region["b"])
            rect = (x0, yb, x1, ya)
            outline += [("line", x0, ya, x1, ya), ("line", x0, yb, x1, yb)]
        elif kind == "hhalf":
            _, yk = pl.px(0, region["k"])
            rect = (x0, y0, x1, yk) if region["side"] == "above" else (x0, yk, x1, y1)
            outline.append(("line", x0, yk, x1, yk))
        elif kind == "vhalf":
            xk, _ = pl.px(region["k"], 0)
            rect = (xk, y0, x1, y1) if region["side"] == "right" else (x0, y0, xk, y1)
            outline.append(("line", xk, y0, xk, y1))
        elif kind == "quadrant":
            xk, yk = pl.px(region["x"], region["y"])
            xs = (xk, x1) if region["sx"] == "right" else (x0, xk)
            ys = (y0, yk) if region["sy"] == "above" else (yk, y1)
            rect = (xs[0], ys[0], xs[1], ys[1])
            outline += [("line", xk, ys[0], xk, ys[1]), ("line", xs[0], yk, xs[1], yk)]
        else:
            raise KeyError(f"unknown region {kind!r}")
        ctx.rectangle(rect[0], rect[1], rect[2] - rect[0], rect[3] - rect[1])
    ctx.set_fill_rule(1)            # even-odd: the annulus keeps its hole
    ctx.set_source_rgb(*c.color(fill))
    ctx.fill()
    ctx.set_fill_rule(0)
    for o in outline:
        if o[0] == "circle":
            c.circle(o[1], o[2], o[3], stroke=stroke, lw=1.4)
        else:
            c.line(o[1], o[2], o[3], o[4], color=stroke, lw=1.4)
    ctx.restore()


def region_contains(region: dict, x, y):
    """Whether the point (x, y) lies in the region (boundary included); x and y may also be
    numpy arrays (a boolean array comes back)."""
    kind = region["kind"]
    if kind in ("disc", "annulus"):
        d2 = (x - region["c"][0]) ** 2 + (y - region["c"][1]) ** 2
        if kind == "disc":
            return d2 <= region["r"] ** 2
        return (region["r0"] ** 2 <= d2) & (d2 <= region["r1"] ** 2)
    if kind == "vstrip":
        return (region["a"] <= x) & (x <= region["b"])
    if kind == "hstrip":
        return (region["a"] <= y) & (y <= region["b"])
    if kind == "hhalf":
        return y >= region["k"] if region["side"] == "above" else y <= region["k"]
    if kind == "vhalf":
        return x >= region["k"] if region["side"] == "right" else x <= region["k"]
    if kind == "quadrant":
        return ((x >= region["x"]) if region["sx"] == "right" else (x <= region["x"])) & \
               ((y >= region["y"]) if region["sy"] == "above" else (y <= region["y"]))
    raise KeyError(kind)


def region_margin(region: dict, x: float, y: float) -> float:
    """Distance (lattice units) from (x, y) to the region's boundary."""
    kind = region["kind"]
    if kind in ("disc", "annulus"):
        d = math.hypot(x - region["c"][0], y - region["c"][1])
        if kind == "disc":
            return abs(d - region["r"])
        return min(abs(d - region["r0"]), abs(d - region["r1"]))
    if kind == "vstrip":
        return min(abs(x - region["a"]), abs(x - region["b"]))
    if kind == "hstrip":
        return min(abs(y - region["a"]), abs(y - region["b"]))
    if kind == "hhalf":
        return abs(y - region["k"])
    if kind == "vhalf":
        return abs(x - region["k"])
    return min(abs(x - region["x"]), abs(y - region["y"]))
