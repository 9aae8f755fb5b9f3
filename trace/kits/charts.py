"""Shared drawing for Cartesian charts: axes, ticks, gridlines and value-to-pixel mapping."""

from __future__ import annotations

from dataclasses import dataclass


def nice_step(span: float, target_ticks: int = 5) -> float:
    raw = span / max(1, target_ticks)
    mag = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


@dataclass
class Axes:
    """Plot rectangle in logical units plus data ranges."""

    x0: float
    y0: float
    x1: float
    y1: float
    ymin: float
    ymax: float

    def y(self, v: float) -> float:
        return self.y1 - (v - self.ymin) / (self.ymax - self.ymin) * (self.y1 - self.y0)

    def slot(self, i: int, n: int) -> float:
        """Centre of the i-th of n evenly spaced category slots."""
        w = (self.x1 - self.x0) / n
        return self.x0 + w * (i + 0.5)

    def slot_width(self, n: int) -> float:
        return (self.x1 - self.x0) / n


def draw_value_axes(c, ax: Axes, step: float, *, y_title: str | None = None, grid: bool = True,
                    font_size: float = 13.0) -> None:
    v = ax.ymin
    while v <= ax.ymax + 1e-9:
        yy = ax.y(v)
        if grid:
            c.gridline(ax.x0, yy, ax.x1, yy)
        c.text(ax.x0 - 8, yy, f"{v:g}", size=font_size, anchor="r", color="muted", kind="tick")
        v += step
    c.line(ax.x0, ax.y0, ax.x0, ax.y1, color="ink", lw=1.5)
    c.line(ax.x0, ax.y1, ax.x1, ax.y1, color="ink", lw=1.5)
    if y_title:
        c.text(ax.x0 - 52, (ax.y0 + ax.y1) / 2, y_title, size=13, angle=-1.5707963, color="muted")


@dataclass(frozen=True)
class ValueScale:
    """A value axis that maps ``lo..hi`` onto the pixel span ``p0..p1`` (either direction), read
    to the exact ``unit``: a faint gridline at every unit, a labelled gridline every ``major``."""

    lo: float
    hi: float
    p0: float          # pixel position of lo
    p1: float          # pixel position of hi
    unit: float
    major: float

    def pos(self, v: float) -> float:
        return self.p0 + (v - self.lo) / (self.hi - self.lo) * (self.p1 - self.p0)

    def steps(self) -> int:
        return int(round((self.hi - self.lo) / self.unit))


def major_step(unit: float, steps: int, target_labels: int) -> float:
    """A labelled-tick step (a multiple of ``unit`` from 1, 2, 5, 10, 20, ...) giving about
    ``target_labels`` labels over ``steps`` units."""
    for m in (1, 2, 5, 10, 20, 25, 50, 100):
        if steps / m <= target_labels:
            return unit * m
    return unit * 100


def draw_fine_axis(c, sc: ValueScale, *, vertical: bool, cross0: float, cross1: float,
                   font_size: float = 13.0, minor: bool = True, labels_at: float | None = None) -> None:
    """Gridlines across ``cross0..cross1`` (x for a vertical axis, y for a horizontal one): a thin
    faint line every unit (``minor``) and a style gridline with a tick label every major step,
    labels on the ``cross0`` side (or at ``labels_at``).  Tick labels are ``kind="tick"``."""
    from ..core.canvas import blend

    faint = blend(c.color("grid"), c.color("background"), 0.45)
    n = sc.steps()
    per_major = max(1, int(round(sc.major / sc.unit)))
    if minor:                      # every minor gridline in one stroked path
        ctx = c.ctx
        for k in range(n + 1):
            if k % per_major:
                p = sc.pos(sc.lo + k * sc.unit)
                ctx.move_to(*((cross0, p) if vertical else (p, cross0)))
                ctx.line_to(*((cross1, p) if vertical else (p, cross1)))
        ctx.set_source_rgb(*faint)
        ctx.set_line_width(0.7)
        ctx.stroke()
    for k in range(0, n + 1, per_major):
        v = sc.lo + k * sc.unit
        p = sc.pos(v)
        if vertical:
            c.gridline(cross0, p, cross1, p)
            c.text((labels_at if labels_at is not None else cross0) - 8, p, f"{v:g}", size=font_size,
                   anchor="r", color="muted", kind="tick")
        else:
            c.gridline(p, cross0, p, cross1)
            c.text(p, (labels_at if labels_at is not None else cross1) + 12, f"{v:g}", size=font_size,
                   color="muted", kind="tick")
