"""Answer cards drawn in the image: rounded cards, each with a label badge (A-F, 1-6) in its
top-left corner and a value (text, or anything a caller draws into the card's box).

The reference draws the options of many multiple-choice tasks this way (a row of six cards
below a clock, a grid of candidate orders, lettered candidate panels), so the options are read
off the picture, not the prompt.  Card values are drawn with ``kind="option"``: they are the
offered choices (the shortcut check skips them, as it would skip a list in the prompt).
"""

from __future__ import annotations

import functools
import math

from ..core.canvas import line_style


@functools.lru_cache(maxsize=None)
def _corner_turns(steps: int) -> tuple:
    """Per corner (start angles -90, 0, 90, 180 degrees), the (cos, sin) of its ``steps + 1``
    outline angles, computed once per ``steps``."""
    return tuple(
        tuple((math.cos(a), math.sin(a)) for a in (math.radians(a0 + 90 * k / steps) for k in range(steps + 1)))
        for a0 in (-90, 0, 90, 180))


def rounded_box(r_x: float, r_y: float, w: float, h: float, radius: float, steps: int = 5) -> list:
    """The outline of a rounded rectangle as a polygon (public canvas calls only)."""
    radius = max(0.0, min(radius, w / 2, h / 2))
    corners = ((r_x + w - radius, r_y + radius), (r_x + w - radius, r_y + h - radius),
               (r_x + radius, r_y + h - radius), (r_x + radius, r_y + radius))
    return [(cx + radius * co, cy + radius * si)
            for (cx, cy), turn in zip(corners, _corner_turns(steps)) for co, si in turn]


def rounded_rect(c, x: float, y: float, w: float, h: float, *, radius: float = 8.0, fill=None, stroke=None,
                 lw: float = 1.0, id=None, dash=None) -> None:
    c.polygon(rounded_box(x, y, w, h, radius), fill=fill, stroke=stroke, lw=lw, dash=dash)
    if id is not None:
        c.register(id, box=(x, y, x + w, y + h), fill=fill, stroke=stroke,
                   line=None if stroke is None else line_style(dash, lw), shape="rectangle")


def outline_boxes(x: float, y: float, w: float, h: float, radius: float, lw: float) -> tuple[list, list]:
    """A rounded box's outline of width ``lw`` as two filled outlines: the box grown by half the line
    width (painted in the outline's colour) and shrunk by as much (painted in the fill over it)."""
    g = lw / 2
    return (rounded_box(x - g, y - g, w + lw, h + lw, radius + g),
            rounded_box(x + g, y + g, w - lw, h - lw, radius - g))


def outlined_rect(c, x: float, y: float, w: float, h: float, *, radius: float = 8.0, fill, stroke,
                  lw: float = 1.0, id=None) -> None:
    """``rounded_rect`` with a fill and a solid outline, painted as two fills (``outline_boxes``: the
    same look; a polygon's fill costs a fraction of its stroke)."""
    outer, inner = outline_boxes(x, y, w, h, radius, lw)
    c.polygon(outer, fill=c.color(stroke))   # (colours as RGB: the canvas adds no outline of its own)
    c.polygon(inner, fill=c.color(fill))
    if id is not None:
        c.register(id, box=(x, y, x + w, y + h), fill=fill, stroke=stroke, line=line_style(None, lw),
                   shape="rectangle")


def card_grid(x0: float, y0: float, w: float, n: int, *, cols: int | None = None, h: float = 64.0,
              gap: float = 12.0) -> list[tuple[float, float, float, float]]:
    """Boxes (x, y, w, h) of ``n`` cards in rows of ``cols`` filling width ``w`` from (x0, y0);
    a shorter last row is centred."""
    cols = cols or n
    cw = (w - gap * (cols - 1)) / cols
    out = []
    for i in range(n):
        r, k = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        shift = (cols - in_row) * (cw + gap) / 2
        out.append((x0 + shift + k * (cw + gap), y0 + r * (h + gap), cw, h))
    return out


def label_badge(c, x: float, y: float, label: str, *, size: float = 14.0, fill="ink") -> tuple:
    """A small filled rounded square with a bold option label (top-left corner at x, y); part of
    the offer, so drawn as ``kind="option"``."""
    tw = c.text_width(label, size=size, bold=True)
    side = max(size + 8, tw + 10)
    outline = c.auto_outline(fill)      # (a light fill on a light theme: its outline as a second fill)
    if outline:
        outlined_rect(c, x, y, side, size + 8, radius=4, fill=fill, stroke=outline[0], lw=outline[1])
    else:
        rounded_rect(c, x, y, side, size + 8, radius=4, fill=fill)
    c.text(x + side / 2, y + (size + 8) / 2, label, size=size, bold=True, color=c.text_on(fill), kind="option")
    return (x, y, x + side, y + size + 8)


def draw_card(c, box, label: str, text: str | None = None, *, size: float = 17.0, badge_size: float = 14.0,
              fill="paper", stroke="muted", id=None, badge=True, text_dy: float = 0.0) -> tuple:
    """One card: rounded box, label badge, value text centred (a little below the badge row).
    Returns the content box (x0, y0, x1, y1) below the badge for callers that draw into it."""
    x, y, w, h = box
    rounded_rect(c, x, y, w, h, radius=min(10.0, h / 5), fill=fill, stroke=stroke, lw=1.4, id=id)
    top = y + 6
    if badge:
        bx = label_badge(c, x + 6, y + 6, label, size=badge_size)
        top = bx[3]
    if text is not None:
        ty = (top + y + h) / 2 if h > 2.6 * (badge_size + 8) else y + h / 2 + (badge_size + 8) / 4
        c.text(x + w / 2, ty + text_dy, text, size=size, color=c.text_on(fill), kind="option")
    return (x + 4, top + 2, x + w - 4, y + h - 4)


def card_row(c, x0: float, y0: float, w: float, labels, texts=None, *, cols: int | None = None, h: float = 64.0,
             gap: float = 12.0, size: float = 17.0, prefix: str = "option", fill="paper") -> list[tuple]:
    """Cards for ``labels`` (with ``texts`` as values, or empty for the caller to fill) laid out by
    ``card_grid``; registers ``{prefix}:{label}``.  Returns each card's content box."""
    boxes = card_grid(x0, y0, w, len(labels), cols=cols, h=h, gap=gap)
    out = []
    for i, (label, box) in enumerate(zip(labels, boxes)):
        text = None if texts is None else texts[i]
        out.append(draw_card(c, box, label, text, size=size, id=f"{prefix}:{label}", fill=fill))
    return out


def fit_size(c, texts, width: float, size: float, *, floor: float = 12.0, bold: bool = False) -> float:
    """The largest size <= ``size`` (not below ``floor``) at which every text fits ``width``."""
    widest = max((c.text_width(t, size=size, bold=bold) for t in texts), default=0.0)
    if widest <= width or widest == 0:
        return size
    return max(floor, size * width / widest)
