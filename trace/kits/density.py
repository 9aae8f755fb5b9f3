"""Density curves: mixtures of normal components shown on a bounded x window -- sampling them,
evaluating them on a grid, and the quantities density tasks ask about (the value at an x,
the area over an interval, the mean and the dominant mode of the drawn curve), plus the plot
drawing (curves in series looks, a low/mid/high density axis, reference lines, shaded
intervals, mean and peak markers).

A curve is a list of components ``[weight, mu, sigma]`` (weights summing to 1); it is drawn as
its raw mixture density over the window, so areas and means are those of the drawn curve.
"""

from __future__ import annotations

import math

import numpy as np

from ..core.canvas import line_style

GRID_STEP = 0.05


def pdf(comps, xs):
    """The mixture density at ``xs`` (array)."""
    xs = np.asarray(xs, dtype=float)
    out = np.zeros_like(xs)
    for w, mu, sd in comps:
        out += w * np.exp(-0.5 * ((xs - mu) / sd) ** 2) / (sd * math.sqrt(2 * math.pi))
    return out


def grid(lo: float, hi: float) -> np.ndarray:
    return np.linspace(lo, hi, int(round((hi - lo) / GRID_STEP)) + 1)


def mass(comps, a: float, b: float) -> float:
    """Area under the curve between a and b."""
    xs = grid(a, b)
    return float(np.trapezoid(pdf(comps, xs), xs))


def mean(comps, lo: float, hi: float) -> float:
    """Mean of the curve as drawn on the window [lo, hi]."""
    xs = grid(lo, hi)
    ys = pdf(comps, xs)
    return float(np.trapezoid(xs * ys, xs) / np.trapezoid(ys, xs))


def modes(comps, lo: float, hi: float) -> list[tuple[float, float]]:
    """Local maxima (x, density) of the curve on the window, highest first."""
    xs = grid(lo, hi)
    ys = pdf(comps, xs)
    inner = np.nonzero((ys[1:-1] > ys[:-2]) & (ys[1:-1] >= ys[2:]))[0] + 1
    peaks = [(float(xs[i]), float(ys[i])) for i in inner]
    for i in (0, len(xs) - 1):                       # a curve still rising at the window's edge
        if (i == 0 and ys[0] > ys[1]) or (i > 0 and ys[-1] > ys[-2]):
            peaks.append((float(xs[i]), float(ys[i])))
    return sorted(peaks, key=lambda p: -p[1])


def sample_curve(rng, lo: float, hi: float, *, two: float = 0.4) -> list[list[float]]:
    """One or two normal components well inside the window (a second, smaller bump with
    probability ``two``)."""
    span = hi - lo
    if rng.random() >= two:
        return [[1.0, round(float(rng.uniform(lo + 0.15 * span, hi - 0.15 * span)), 2),
                 round(float(rng.uniform(0.05, 0.13) * span), 2)]]
    w = round(float(rng.uniform(0.55, 0.75)), 3)
    mu1, mu2 = sorted(float(v) for v in rng.uniform(lo + 0.15 * span, hi - 0.15 * span, size=2))
    comps = [[w, round(mu1, 2), round(float(rng.uniform(0.04, 0.09) * span), 2)],
             [round(1 - w, 3), round(mu2, 2), round(float(rng.uniform(0.04, 0.09) * span), 2)]]
    return comps if rng.random() < 0.5 else [[comps[1][0], comps[0][1], comps[0][2]],
                                              [comps[0][0], comps[1][1], comps[1][2]]]


# ---------------------------------------------------------------------------- drawing
def draw_density_axes(c, v, *, xticks, font_size: float = 13.0) -> None:
    """The plot frame with x ticks and a qualitative density axis (low / mid / high)."""
    from .curves import draw_frame

    draw_frame(c, v, xticks=xticks, yticks=[], font_size=font_size)
    for frac, word in ((0.25, "low"), (0.5, "mid"), (0.75, "high")):
        _, py = v.px(v.xlo, v.ylo + frac * (v.yhi - v.ylo))
        c.gridline(v.x0, py, v.x1, py, lw=0.8)
        c.text(v.x0 - 8, py, word, size=font_size, anchor="r", color="muted", kind="tick")


def draw_curve(c, v, comps, look, *, lw: float = 2.4, id=None) -> None:
    """A density curve over the whole window in ``look``'s colour and dash."""
    xs = np.linspace(v.xlo, v.xhi, 241)
    ys = pdf(comps, xs)
    c.polyline(v.pts(xs, ys), color=look.color, lw=lw, dash=look.dash)
    if id is not None:
        i = int(np.argmax(ys))
        c.register(id, point=v.px(xs[i], ys[i]), stroke=look.color, line=line_style(look.dash, lw), shape="curve")
