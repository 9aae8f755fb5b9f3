"""Infographic pages: a page header, titled panels (sections, modules), metric cards (icon, label,
big printed value, tag), item cards with value chips, bubble clusters and context boxes.

Used by the page scenes that print their data as text in a designed layout (a multi-section
metric-card bulletin, a mixed page of table, card and bubble modules).  Everything draws with
colour roles and tints of the theme's series colours, so the style space applies; tints and
looks are picked from ``c.style`` (render-only).  Text on a tint uses ``c.text_on``.
"""

from __future__ import annotations

import math

from ..core.canvas import blend
from .cards import rounded_rect
from .glyphs import draw_glyph
from .panels import wrap


def tint(c, k: int, strength: float = 0.18):
    """A light (or, on a dark theme, deep) tint of series colour k: ``strength`` of it over the paper."""
    return blend(c.style.series(k), c.color("paper"), strength)


def page_header(c, x: float, y: float, title: str, subtitle: str | None = None, *, size: float = 28.0,
                anchor: str = "l") -> float:
    """The page title (and a muted subtitle line) from (x, y); returns the y below them."""
    c.text(x, y + size * 0.6, title, size=size, bold=c.style.accent % 2 == 0, anchor=anchor)
    y += size * 1.3
    if subtitle:
        c.text(x, y + 9, subtitle, size=14, color="muted", anchor=anchor)
        y += 24
    return y


def frame(c, box, title: str, *, k: int = 0, bar: bool = False, id=None, title_id=None, size: float = 16.0) -> tuple:
    """A titled panel: a rounded tint of series colour k with the title at its top left, or (``bar``)
    a paper panel under a filled title bar.  Returns the content box below the title."""
    x0, y0, x1, y1 = box
    if bar:
        rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=10, fill="paper", stroke="grid", lw=1.2, id=id)
        fill = blend(c.style.series(k), c.color("paper"), 0.85)
        rounded_rect(c, x0, y0, x1 - x0, 30, radius=10, fill=fill)
        c.rect(x0, y0 + 20, x1 - x0, 10, fill=fill)
        c.text(x0 + 14, y0 + 15, title, size=size, bold=True, anchor="l", color=c.text_on(fill), id=title_id)
        return (x0 + 10, y0 + 38, x1 - 10, y1 - 8)
    fill = tint(c, k, 0.14)
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=12, fill=fill, stroke="grid", lw=1.0, id=id)
    c.text(x0 + 14, y0 + 18, title, size=size, bold=c.style.accent % 3 == 1, anchor="l", color=c.text_on(fill),
           id=title_id)
    return (x0 + 10, y0 + 36, x1 - 10, y1 - 10)


def metric_card(c, box, *, label: str, value: str, icon: str, tag: str | None = None, k: int = 0, id=None) -> None:
    """A metric card: accent bar, icon, label, large printed value and a small tag."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    rounded_rect(c, x0, y0, x1 - x0, h, radius=7, fill="paper", stroke="grid", lw=1.0, id=id)
    accent = c.style.series(k)
    c.rect(x0, y0 + 4, 5, h - 8, fill=accent)
    draw_glyph(c, icon, accent, x0 + 28, y0 + h * 0.34, min(30.0, h * 0.4))
    c.text(x0 + 52, y0 + h * 0.26, label, size=14, bold=True, anchor="l")
    c.text(x0 + 52, y0 + h * 0.62, value, size=max(22.0, min(30.0, h * 0.36)), anchor="l")
    if tag:
        c.text(x1 - 9, y1 - 12, tag, size=12, anchor="r", color="muted")


def chip(c, cx: float, cy: float, text: str, *, w: float | None = None, fill="paper", id=None, size: float = 12.0,
         bold: bool = False) -> tuple:
    """A value chip: ``text`` centred in a small rounded box (width ``w`` or fitted); returns its box."""
    w = w or c.text_width(text, size=size, bold=bold) + 14
    h = size + 8
    rounded_rect(c, cx - w / 2, cy - h / 2, w, h, radius=h / 2, fill=fill, stroke="muted", lw=0.8, id=id)
    c.text(cx, cy, text, size=size, bold=bold, color=c.text_on(fill))
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def item_card(c, box, label: str, chips, *, icon: str | None = None, k: int = 0, id=None, chip_ids=None,
              label_id=None) -> None:
    """An item card: an icon and the item label on top, one value chip per field below."""
    x0, y0, x1, y1 = box
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8, fill="paper", stroke="grid", lw=1.0, id=id)
    lx = x0 + 10
    if icon:
        draw_glyph(c, icon, c.style.series(k), x0 + 18, y0 + 16, 20)
        lx = x0 + 34
    c.text(lx, y0 + 16, label, size=14, anchor="l", id=label_id)
    n = len(chips)
    cw = (x1 - x0 - 12) / max(1, n)
    for j, text in enumerate(chips):
        chip(c, x0 + 6 + cw * (j + 0.5), y1 - 15, text, w=cw - 8, id=None if chip_ids is None else chip_ids[j])


def bubble_cluster(c, box, items, *, k: int = 0, ids=None, label_ids=None) -> None:
    """An ellipse holding one oval per item: its label and, below, its value chip; ``items`` =
    [(label, value text)], registered as ``ids[i]`` (the chip) and ``label_ids[i]``."""
    x0, y0, x1, y1 = box
    fill = tint(c, k, 0.2)
    c.ellipse((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2, fill=fill, stroke="grid", lw=1.2)
    n = len(items)
    cols = min(3, n)
    rows = math.ceil(n / cols)
    inner = (x0 + (x1 - x0) * 0.16, y0 + (y1 - y0) * 0.14, x1 - (x1 - x0) * 0.16, y1 - (y1 - y0) * 0.12)
    cw, rh = (inner[2] - inner[0]) / cols, (inner[3] - inner[1]) / rows
    for i, (label, text) in enumerate(items):
        r, q = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        cx = inner[0] + cw * (q + 0.5) + (cols - in_row) * cw / 2
        cy = inner[1] + rh * (r + 0.5)
        ow = min(cw - 10, 130.0)
        c.ellipse(cx, cy - 4, ow / 2, 22, fill="paper", stroke="muted", lw=0.8)
        c.text(cx, cy - 12, label, size=13, id=None if label_ids is None else label_ids[i])
        chip(c, cx, cy + 8, text, w=ow * 0.7, id=None if ids is None else ids[i])


def masonry(specs, x0: float, x1: float, y0: float, *, gap: float = 16.0) -> tuple[list, float]:
    """Boxes for panels ``specs`` = [(height, wide)] in two columns: a wide panel spans both under
    everything placed so far, a narrow one drops into the shorter column.  Returns the boxes and
    the y below the lowest."""
    half = (x1 - x0 - gap) / 2
    tops = [y0, y0]
    out = []
    for h, wide in specs:
        if wide:
            y = max(tops)
            out.append((x0, y, x1, y + h))
            tops = [y + h + gap] * 2
        else:
            col = 0 if tops[0] <= tops[1] else 1
            x = x0 + col * (half + gap)
            out.append((x, tops[col], x + half, tops[col] + h))
            tops[col] += h + gap
    return out, max(tops) - gap


def context_box(c, box, text: str, *, title: str | None = None, size: float = 12.0, rule: bool = True) -> None:
    """A boxed paragraph of context that carries no data (wrapped; cut at the box's bottom)."""
    x0, y0, x1, y1 = box
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8, fill="panel", stroke="grid", lw=1.0)
    if rule:
        c.rect(x0 + 8, y0 + 8, 4, y1 - y0 - 16, fill="accent")
    y = y0 + 16
    if title:
        c.text(x0 + 22, y, title, size=size + 1, bold=True, anchor="l")
        y += size * 1.6
    for line in wrap(c, text, x1 - x0 - 36, size=size):
        if y + size * 0.6 > y1 - 4:
            break
        c.text(x0 + 22, y, line, size=size, anchor="l", color="muted")
        y += size * 1.4
