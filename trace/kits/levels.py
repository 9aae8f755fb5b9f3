"""Ordered colour levels: sequential colour ramps, the colours of ``k`` discrete levels along one,
and the legends that name them (a row of swatches with a label under each, or a column of
swatches with a label beside each).

Used by chart scenes whose marks are coloured by a class or level read off a legend (binned
choropleth maps, hexbin density levels, shaded matrix cells).  Ramps run from light to dark, so
on light themes a higher level is darker; every swatch carries a thin outline so the lightest
level stays visible on a light background.  The ramp choice is render-only (a style draw).
"""

from __future__ import annotations

from functools import lru_cache

# light -> dark ramps, piecewise linear between the stops (multi-hue, so neighbouring levels stay apart)
RAMPS = (
    ((0.99, 0.91, 0.14), (0.37, 0.79, 0.38), (0.13, 0.57, 0.55), (0.23, 0.32, 0.55), (0.27, 0.00, 0.33)),
    ((0.97, 0.96, 0.78), (0.70, 0.87, 0.58), (0.27, 0.67, 0.55), (0.13, 0.42, 0.60), (0.15, 0.16, 0.45)),
    ((0.99, 0.93, 0.82), (0.99, 0.70, 0.45), (0.90, 0.40, 0.22), (0.64, 0.14, 0.30), (0.30, 0.05, 0.30)),
    ((0.99, 0.96, 0.74), (0.99, 0.65, 0.42), (0.87, 0.32, 0.42), (0.55, 0.16, 0.51), (0.20, 0.05, 0.40)),
)
_STEPS = 240


def ramp_color(ramp, t: float):
    """The colour at ``t`` in [0, 1] along a ramp."""
    k = len(ramp) - 1
    pos = min(max(float(t), 0.0), 1.0) * k
    i = min(int(pos), k - 1)
    f = pos - i
    a, b = ramp[i], ramp[i + 1]
    return tuple(a[j] + (b[j] - a[j]) * f for j in range(3))


@lru_cache(maxsize=16)
def _arc(ramp) -> list[float]:
    """Cumulative colour difference (CIE76) along the ramp at _STEPS + 1 even positions."""
    from ..core.style import delta_e

    out, prev = [0.0], ramp_color(ramp, 0.0)      # (a tuple of tuples: cached per ramp)
    for i in range(1, _STEPS + 1):
        cur = ramp_color(ramp, i / _STEPS)
        out.append(out[-1] + delta_e(prev, cur))
        prev = cur
    return out


def level_colors(ramp, k: int, *, lo: float = 0.06, hi: float = 1.0) -> list[tuple]:
    """``k`` colours along ``ramp`` between positions ``lo`` and ``hi`` (lightest first), spaced evenly
    in perceived colour difference rather than in ramp position, so neighbouring levels differ
    as much as the ramp allows."""
    if k == 1:
        return [ramp_color(ramp, hi)]
    arc = _arc(ramp)
    a, b = arc[round(lo * _STEPS)], arc[round(hi * _STEPS)]
    out = []
    for j in range(k):
        want = a + (b - a) * j / (k - 1)
        i = next(i for i, v in enumerate(arc) if v >= want - 1e-9)
        out.append(ramp_color(ramp, i / _STEPS))
    return out


def style_ramp(c, offset: int = 0):
    """The ramp a style draws with (render-only)."""
    st = c.style
    return RAMPS[(st.accent + st.theme + offset) % len(RAMPS)]


def legend_row(c, box, labels, colors=None, *, title: str | None = None, size: float = 14.0, kind: str = "label",
               draw_mark=None, ids=None, swatch_h: float = 16.0) -> None:
    """A legend box spanning ``box`` (x0, y0, x1, y1): an optional title, then one entry per label,
    evenly spaced: a wide swatch in ``colors[k]`` (or a mark drawn by ``draw_mark(c, k, x, y)``)
    with its label under it (``kind="tick"`` for scale labels such as value ranges).  Registers
    each swatch as ``ids[k]``."""
    from .cards import rounded_rect

    x0, y0, x1, y1 = box
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8.0, fill="panel", stroke="grid", lw=1.0)
    top = y0 + 10
    if title:
        c.text((x0 + x1) / 2, top + size * 0.6, title, size=size + 1, bold=True)
        top += size * 1.6
    n = len(labels)
    slot = (x1 - x0 - 24) / n
    cy = top + (y1 - 10 - top - size * 1.5) / 2
    for k, label in enumerate(labels):
        sx = x0 + 12 + k * slot
        if draw_mark is not None:
            draw_mark(c, k, sx + slot / 2, cy)
            if ids is not None:
                c.register(ids[k], box=(sx + 6, cy - swatch_h, sx + slot - 6, cy + swatch_h))
        else:
            c.rect(sx + 6, cy - swatch_h / 2, slot - 12, swatch_h, fill=colors[k], stroke="muted", lw=0.8,
                   id=None if ids is None else ids[k])
        c.text(sx + slot / 2, cy + swatch_h / 2 + size * 0.95, label, size=size, kind=kind)


def legend_column(c, x: float, y: float, labels, colors, *, title: str | None = None, size: float = 14.0,
                  kind: str = "label", row_h: float = 28.0, ids=None) -> tuple:
    """A boxed one-column legend with its top-left corner at (x, y): an optional title, then a
    square swatch and a label per row (``colors[k]``), registered as ``ids[k]``.  Returns the box."""
    from .cards import rounded_rect

    tw = max([c.text_width(s, size=size) for s in labels] + [c.text_width(title, size=size + 1) - 28 if title else 0])
    w = 48 + tw
    h = 16 + (size * 1.8 if title else 0) + row_h * len(labels)
    rounded_rect(c, x, y, w, h, radius=8.0, fill="panel", stroke="grid", lw=1.0)
    top = y + 8
    if title:
        c.text(x + 12, top + size * 0.6, title, size=size + 1, anchor="l")
        top += size * 1.8
    for k, label in enumerate(labels):
        cy = top + (k + 0.5) * row_h
        c.rect(x + 12, cy - 9, 18, 18, fill=colors[k], stroke="muted", lw=0.8, id=None if ids is None else ids[k])
        c.text(x + 38, cy, label, size=size, anchor="l", kind=kind)
    return (x, y, x + w, y + h)


def text_color(c, fill, *, need: float = 4.8):
    """A text colour for a label drawn on ``fill``: the theme's ink or paper where one reaches
    ``need`` (a margin over WCAG's 4.5, which 8-bit rounding of the fill can eat), else pure
    black or white."""
    from ..core.style import contrast

    fill = c.color(fill)
    best = max((c.color("ink"), c.color("paper")), key=lambda col: contrast(col, fill))
    if contrast(best, fill) >= need:
        return best
    return max(((0.0, 0.0, 0.0), (1.0, 1.0, 1.0)), key=lambda col: contrast(col, fill))
