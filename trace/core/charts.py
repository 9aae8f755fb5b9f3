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
