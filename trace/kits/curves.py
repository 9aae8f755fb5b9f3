"""Curve plotting: x/y plot frames with ticks and gridlines, series drawn as lines with
markers (a colour, marker shape and dash per series so many series stay apart), horizontal
guides, and the piecewise-linear geometry tasks ask about (level crossings, intersections
of two curves).  Also samplers for curves with planted shapes (values on given sides of a
level, two curves with a given crossing pattern).

Tick labels are ``kind="tick"``: reading values off the scale is what curve tasks ask.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.canvas import blend

MARKER_SHAPES = ("circle", "square", "triangle", "diamond")
DASHES = (None, [7.0, 4.0], [2.0, 3.5])


@dataclass(frozen=True)
class Look:
    color: str           # a colour role (series:k)
    shape: str           # marker shape (Canvas.shape kind)
    dash: list | None    # line dash pattern


def series_look(k: int, *, shapes: bool = True) -> Look:
    """Series k's look: the theme's six series colours, then the same colours dashed; the marker
    shape changes with k (when ``shapes``) so neighbours in the legend differ twice."""
    return Look(f"series:{k % 6}", MARKER_SHAPES[k % len(MARKER_SHAPES)] if shapes else "circle",
                DASHES[(k // 6) % len(DASHES)])


@dataclass(frozen=True)
class XYView:
    """A plot rectangle (x0, y0, x1, y1) showing ``xlo..xhi`` by ``ylo..yhi``."""

    x0: float
    y0: float
    x1: float
    y1: float
    xlo: float
    xhi: float
    ylo: float
    yhi: float

    def px(self, x: float, y: float) -> tuple[float, float]:
        return (self.x0 + (x - self.xlo) / (self.xhi - self.xlo) * (self.x1 - self.x0),
                self.y1 - (y - self.ylo) / (self.yhi - self.ylo) * (self.y1 - self.y0))

    def pts(self, xs, ys) -> list[tuple[float, float]]:
        return [self.px(x, y) for x, y in zip(xs, ys)]


def draw_frame(c, v: XYView, *, xticks, yticks, font_size: float = 12.0, grid: bool = True, minor=None,
               axis_color="ink") -> None:
    """Gridlines at the ticks (and faint ``minor`` y gridlines), tick labels on the left and
    bottom, and the two axis lines."""
    if minor:
        faint = blend(c.color("grid"), c.color("paper"), 0.5)
        ctx = c.ctx
        for y in minor:
            _, py = v.px(v.xlo, y)
            ctx.move_to(v.x0, py)
            ctx.line_to(v.x1, py)
        ctx.set_source_rgb(*faint)
        ctx.set_line_width(0.7)
        ctx.stroke()
    for x in xticks:
        px, _ = v.px(x, v.ylo)
        if grid and x != v.xlo:
            c.gridline(px, v.y0, px, v.y1, lw=0.8)
        c.text(px, v.y1 + font_size * 0.9, f"{x:g}", size=font_size, color="muted", kind="tick")
    for y in yticks:
        _, py = v.px(v.xlo, y)
        if grid and y != v.ylo:
            c.gridline(v.x0, py, v.x1, py, lw=0.8)
        c.text(v.x0 - 6, py, f"{y:g}", size=font_size, color="muted", anchor="r", kind="tick")
    c.line(v.x0, v.y0, v.x0, v.y1, color=axis_color, lw=1.3)
    c.line(v.x0, v.y1, v.x1, v.y1, color=axis_color, lw=1.3)


def markers(c, pts, shape: str, size: float, *, fill, stroke=None, lw: float = 1.0) -> None:
    """Many markers of one shape (circle, square, triangle, diamond) filled (and outlined, when
    ``stroke``) as one path -- the same outlines as ``Canvas.shape``, at a fraction of the cost."""
    import math

    ctx, r = c.ctx, size / 2
    for x, y in pts:
        if shape == "circle":
            ctx.new_sub_path()
            ctx.arc(x, y, r, 0, 2 * math.pi)
            continue
        if shape == "square":
            poly = [(x - r * 0.85, y - r * 0.85), (x + r * 0.85, y - r * 0.85), (x + r * 0.85, y + r * 0.85),
                    (x - r * 0.85, y + r * 0.85)]
        elif shape == "triangle":
            poly = [(x, y - r), (x + r * 0.95, y + r * 0.8), (x - r * 0.95, y + r * 0.8)]
        else:
            poly = [(x, y - r), (x + r * 0.8, y), (x, y + r), (x - r * 0.8, y)]
        ctx.move_to(*poly[0])
        for q in poly[1:]:
            ctx.line_to(*q)
        ctx.close_path()
    ctx.set_source_rgb(*c.color(fill))
    if stroke is None:
        ctx.fill()
        return
    ctx.fill_preserve()
    ctx.set_source_rgb(*c.color(stroke))
    ctx.set_line_width(lw)
    ctx.stroke()


def draw_series(c, pts, look: Look, *, lw: float = 2.2, marker: float = 9.0, ids=None, show: bool = True) -> None:
    """A series through pixel points ``pts``: the line in the look's colour and dash, a marker
    of the look's shape at every point (when ``show``), each point registered as ``ids[i]``."""
    c.polyline(pts, color=look.color, lw=lw, dash=look.dash)
    if show:
        markers(c, pts, look.shape, marker, fill=look.color)
    if ids is not None:
        h = marker / 2
        for (x, y), i in zip(pts, ids):
            c.register(i, box=(x - h, y - h, x + h, y + h), point=(x, y))


def legend_mark(c, look: Look, x: float, y: float, *, width: float = 26.0, marker: float = 9.0) -> None:
    """The legend sample of a look: a short line with the marker in its middle (centred at x, y)."""
    c.line(x - width / 2, y, x + width / 2, y, color=look.color, lw=2.6, dash=look.dash)
    c.shape(look.shape, x, y, marker, fill=look.color, stroke="paper", lw=1.0)


def guide(c, v: XYView, y: float, *, color="ink", lw: float = 1.6, id=None) -> tuple:
    """A dashed horizontal guide at value ``y`` across the plot (registered as ``id``); returns its
    segment."""
    (ax, ay), (bx, by) = v.px(v.xlo, y), v.px(v.xhi, y)
    c.line(ax, ay, bx, by, color=color, lw=lw, dash=[8.0, 5.0], id=id)
    return (ax, ay), (bx, by)


# ---------------------------------------------------------------------------- geometry
def level_crossings(xs, ys, level: float) -> list[tuple[float, int]]:
    """Where the piecewise-linear curve through (xs, ys) passes strictly through ``level``:
    [(x, +1 upward / -1 downward)] from left to right (touching the level is no crossing)."""
    out = []
    for i in range(len(xs) - 1):
        a, b = ys[i] - level, ys[i + 1] - level
        if a * b < 0:
            t = a / (a - b)
            out.append((xs[i] + t * (xs[i + 1] - xs[i]), 1 if b > a else -1))
    return out


def intersections(xs, a, b) -> list[tuple[float, float]]:
    """Points where two piecewise-linear curves over the same xs cross strictly (sign changes of
    a - b between neighbouring xs), left to right."""
    out = []
    for i in range(len(xs) - 1):
        d0, d1 = a[i] - b[i], a[i + 1] - b[i + 1]
        if d0 * d1 < 0:
            t = d0 / (d0 - d1)
            out.append((xs[i] + t * (xs[i + 1] - xs[i]), a[i] + t * (a[i + 1] - a[i])))
    return out


# ---------------------------------------------------------------------------- samplers
def walk(rng, n: int, lo: int, hi: int, *, step: int = 12, start=None) -> list[int]:
    """A random walk of ``n`` integers inside [lo, hi] with steps up to ``step`` (reflected at
    the bounds)."""
    v = int(rng.integers(lo, hi + 1)) if start is None else int(start)
    out = [v]
    for _ in range(n - 1):
        v += int(rng.integers(-step, step + 1))
        if v < lo:
            v = 2 * lo - v
        if v > hi:
            v = 2 * hi - v
        v = min(hi, max(lo, v))
        out.append(v)
    return out


def sided(rng, signs, level: int, lo: int, hi: int, *, gap: int = 3, spread: int = 30) -> list[int] | None:
    """Integers on the given sides of ``level`` (+1 above, -1 below), at least ``gap`` away from
    it and inside [lo, hi], their distances from the level a random walk (so the curve stays
    smooth); None when a side has no room."""
    dist = walk(rng, len(signs), gap, gap + spread, step=max(2, spread // 3))
    out = []
    for sg, d in zip(signs, dist):
        room = (hi - level) if sg > 0 else (level - lo)
        if room < gap:
            return None
        out.append(level + sg * min(d, room))
    return out


def sign_pattern(rng, n: int, changes: int, *, first=None) -> list[int] | None:
    """``n`` signs (+1/-1) with exactly ``changes`` sign changes between neighbours."""
    if changes > n - 1:
        return None
    cuts = sorted(int(i) for i in rng.choice(range(1, n), size=changes, replace=False))
    sg = (1 if rng.random() < 0.5 else -1) if first is None else first
    out, k = [], 0
    for i in range(n):
        if k < len(cuts) and i == cuts[k]:
            sg, k = -sg, k + 1
        out.append(sg)
    return out
