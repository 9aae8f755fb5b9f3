"""Multi-panel pages: panel grids and cards, legends, small charts (bars, lines, radar, donut,
pie), value tags, tables, KPI tiles and note boxes.

Used by chart scenes that put several small charts on one canvas (dashboards, small-multiple
pies, curve panels) and by pages that mix charts with text (infographics).  Everything draws
with colour roles (``panel``, ``paper``, ``ink``, ``muted``, ``grid``, ``series:k``) so the
style space applies, and registers the entities a task may point at:

- ``bar_panel`` / ``line_panel`` / ``radar_panel`` / ``donut_panel`` take ``ids`` (one per
  category, or None) and register each mark's box and point;
- ``pie`` registers each slice (box of the slice, point inside it);
- ``Table`` registers every cell (``{prefix}:{r}:{c}``) and header (``{prefix}:head:{c}``).

Printed values (``value_tag``, ``printed=True``) are ordinary labels: scenes whose tasks read
values through an encoding simply do not print them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.canvas import blend
from .cards import rounded_rect

# ---------------------------------------------------------------------------- panel names
PANEL_STEMS = ("Run", "Sample", "Variant", "Model", "Group", "Cohort", "Case", "Trial", "Unit", "Phase", "Site",
               "Batch", "Wave", "Arm", "Lot", "Team", "Zone", "Cell", "Lab", "Pilot", "Probe", "Setup", "Mode")
PANEL_SINGLES = ("Control", "Baseline", "Reference", "Holdout", "Ablation", "Pretest", "Posttest", "Sandbox",
                 "Field", "Bench", "Nominal", "Stress", "Warmup", "Default", "Tuned", "Sparse", "Dense")
PANEL_NAMES = ("Aadhya", "Alzubaidi", "Aminian", "Baltzer", "Balogun", "Banwell", "Castell", "Delacroix",
               "Eskola", "Fairbanks", "Gallardo", "Haddad", "Ishikawa", "Jaramillo", "Kowalski", "Lindqvist",
               "Moreau", "Nakamura", "Okafor", "Petrov", "Quintero", "Rasmussen", "Shimomura", "Takahashi",
               "Udall", "Vasquez", "Whearty", "Whealdon", "Xaviana", "Yamamoto", "Zelinski", "Brennan",
               "Abernathy", "Bellamy", "Carvalho", "Dimitrov", "Engstrom", "Falconer", "Gutierrez", "Halvorsen",
               "Iwasaki", "Jablonski", "Kaminski", "Lachance", "Mendoza", "Novak", "Ostrowski", "Pelletier",
               "Quigley", "Rinaldi", "Sandoval", "Thibodeau", "Umarov", "Valdivia", "Wojcik", "Yilmaz",
               "Zamora", "Achterberg", "Bjornsson", "Cardenas", "Dubois", "Esposito", "Fontaine", "Grimaldi",
               "Horvath", "Ibarra", "Janssen", "Kovacs", "Lindgren", "Marchetti", "Nilsson", "Oyelaran")


def panel_labels(rng, n: int) -> list[str]:
    """``n`` distinct panel titles of one style: experiment names (RunA, Phase2, Control, ...)
    or surnames.  Titles never write a bare number (digits are glued to letters)."""
    fam = int(rng.integers(3))
    if fam == 2:
        return [PANEL_NAMES[int(i)] for i in rng.choice(len(PANEL_NAMES), size=n, replace=False)]
    pool: list[str] = []
    stems = [PANEL_STEMS[int(i)] for i in rng.choice(len(PANEL_STEMS), size=6, replace=False)]
    digits = fam == 1
    for s in stems:
        pool += [s + (str(k) if digits else "ABCDEF"[k - 1]) for k in range(1, 5)]
    pool += [PANEL_SINGLES[int(i)] for i in rng.choice(len(PANEL_SINGLES), size=4, replace=False)]
    return [pool[int(i)] for i in rng.choice(len(pool), size=n, replace=False)]


# ---------------------------------------------------------------------------- layout
def grid_shape(n: int, max_cols: int = 3) -> tuple[int, int]:
    """(rows, cols) of a panel grid for ``n`` panels, at most ``max_cols`` wide."""
    cols = min(max_cols, n if n <= 3 else max(2, math.ceil(math.sqrt(n))))
    return math.ceil(n / cols), cols


def grid_boxes(box, n: int, cols: int, *, gap: float = 16.0, centre_last: bool = True) -> list[tuple]:
    """Boxes (x0, y0, x1, y1) of ``n`` panels in rows of ``cols`` filling ``box``; a shorter
    last row is centred (or left-aligned)."""
    x0, y0, x1, y1 = box
    rows = math.ceil(n / cols)
    w = (x1 - x0 - gap * (cols - 1)) / cols
    h = (y1 - y0 - gap * (rows - 1)) / rows
    out = []
    for i in range(n):
        r, k = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        shift = (cols - in_row) * (w + gap) / 2 if centre_last else 0.0
        bx = x0 + shift + k * (w + gap)
        by = y0 + r * (h + gap)
        out.append((bx, by, bx + w, by + h))
    return out


def panel_card(c, box, title: str | None = None, *, subtitle: str | None = None, size: float = 16.0,
               align: str = "c", id: str | None = None, title_id: str | None = None,
               subtitle_id: str | None = None, fill="paper") -> tuple:
    """A rounded card with an optional title (and subtitle) row; returns the content box below
    the titles.  The card's look (fill, border, title rule) follows the style."""
    x0, y0, x1, y1 = box
    look = c.style.accent % 3
    stroke = "grid" if look else "muted"
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=10.0 if look != 2 else 3.0, fill=fill, stroke=stroke,
                 lw=1.3, id=id)
    top = y0 + 8
    if title is not None:
        tx = {"l": x0 + 14, "c": (x0 + x1) / 2}[align]
        c.text(tx, top + size * 0.7, title, size=size, bold=look == 1, anchor=align, id=title_id)
        top += size * 1.45
        if subtitle is not None:
            c.text(tx, top + 7, subtitle, size=max(12.0, size - 3), color="muted", anchor=align, id=subtitle_id)
            top += size * 1.2
        if look == 2:
            c.line(x0 + 10, top + 2, x1 - 10, top + 2, color="grid", lw=1.0)
        top += 6
    return (x0 + 10, top, x1 - 10, y1 - 8)


def category_color(c, k: int):
    """The k-th category colour: the theme's six series colours, then tints and shades of them."""
    base = c.style.series(k % 6)
    tier = k // 6
    if tier == 0:
        return base
    other = c.style.paper if tier % 2 else c.style.ink
    return blend(base, other, 0.58 if tier % 2 else 0.62)


def wrap(c, text: str, width: float, *, size: float = 13.0, bold: bool = False) -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width``."""
    lines, cur = [], ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if cur and c.text_width(trial, size=size, bold=bold) > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def note_panel(c, box, title: str, text: str, *, size: float = 13.0) -> None:
    """A boxed note (title and wrapped text) -- context that carries no data."""
    x0, y0, x1, y1 = box
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8.0, fill="panel", stroke="grid", lw=1.0)
    c.text(x0 + 12, y0 + 18, title, size=size, bold=True, anchor="l")
    y = y0 + 20 + size * 1.5
    for line in wrap(c, text, x1 - x0 - 24, size=size - 1):
        if y + size > y1 - 4:
            break
        c.text(x0 + 12, y, line, size=size - 1, anchor="l", color="muted")
        y += size * 1.35


def kpi_tile(c, box, label: str, value: str, *, note: str | None = None, id: str | None = None,
             value_id: str | None = None, accent="accent") -> None:
    """A key-figure tile: a label, a large value and an optional note line, with an accent bar."""
    x0, y0, x1, y1 = box
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8.0, fill="panel", stroke="grid", lw=1.0, id=id)
    c.rect(x0, y0 + 8, 5, y1 - y0 - 16, fill=accent)
    h = y1 - y0
    c.text(x0 + 16, y0 + h * 0.25, label, size=13, anchor="l", color="muted")
    c.text(x0 + 16, y0 + h * 0.58, value, size=max(18.0, min(30.0, h * 0.3)), bold=True, anchor="l", id=value_id)
    if note:
        c.text(x0 + 16, y0 + h * 0.85, note, size=12, anchor="l", color="muted")


# ---------------------------------------------------------------------------- legends
def _swatch(c, k, x, y, color, swatch, draw_mark):
    """Legend entry k's sample starting at x on the row centred at y (20 units wide)."""
    if draw_mark is not None:
        draw_mark(c, k, x + 10, y)
    elif swatch == "line":
        c.line(x, y, x + 20, y, color=color, lw=3.0)
    else:
        c.rect(x + 2, y - 7, 16, 14, fill=color, stroke="muted", lw=0.8)


def legend(c, x0: float, y0: float, x1: float, items, *, size: float = 13.0, swatch: str = "box",
           gap: float = 22.0, ids=None, draw_mark=None, row_h: float | None = None) -> float:
    """A wrapped row legend of ``items`` = [(label, colour)] between x0 and x1 starting at y0;
    ``swatch`` is "box" or "line" (``draw_mark(c, k, x, y)`` draws a custom one).  Registers each
    label as ``ids[k]``.  Returns the y below the legend."""
    row_h = row_h or size * 1.9
    x, y = x0, y0 + row_h / 2
    for k, (label, color) in enumerate(items):
        w = 30 + c.text_width(label, size=size)
        if x > x0 and x + w > x1:
            x, y = x0, y + row_h
        _swatch(c, k, x, y, color, swatch, draw_mark)
        c.text(x + 28, y, label, size=size, anchor="l", id=None if ids is None else ids[k])
        x += w + gap
    return y + row_h / 2


def legend_column(c, x: float, y: float, items, *, size: float = 13.0, swatch: str = "box", values=None,
                  value_x: float | None = None, row_h: float | None = None, ids=None, draw_mark=None) -> float:
    """A one-column legend (optionally with a value per row, right-aligned at ``value_x``; each
    value registered as ``ids[k]``); returns the y below it."""
    row_h = row_h or size * 1.75
    for k, (label, color) in enumerate(items):
        yy = y + (k + 0.5) * row_h
        _swatch(c, k, x, yy, color, swatch, draw_mark)
        c.text(x + 28, yy, label, size=size, anchor="l")
        if values is not None:
            box = c.text(value_x, yy, values[k], size=size, anchor="r")
            if ids is not None:
                c.register(ids[k], box=box)
    return y + len(items) * row_h


def boxed_legend(c, x: float, y: float, w: float, title: str, items, *, draw_mark, size: float = 14.0,
                 row_h: float = 40.0, gap: float = 6.0, ids=None) -> tuple:
    """A legend column under a bold ``title``: one boxed row per item (``items`` are labels;
    ``draw_mark(c, k, x, y)`` draws item k's mark centred at x, y), each label registered as
    ``ids[k]``.  Returns the box of the rows."""
    c.text(x + 6, y, title, size=size + 1, anchor="l", bold=True)
    top = y + 16
    for k, label in enumerate(items):
        yy = top + k * (row_h + gap)
        c.rect(x, yy, w, row_h, fill="panel", stroke="grid", lw=1.0)
        draw_mark(c, k, x + 20, yy + row_h / 2)
        c.text(x + 38, yy + row_h / 2, label, size=size, anchor="l", id=None if ids is None else ids[k])
    return (x, top, x + w, top + len(items) * (row_h + gap) - gap)


def value_tag(c, x: float, y: float, text: str, *, size: float = 12.0, boxed: bool = True, id=None) -> tuple:
    """A printed value centred at (x, y), on a small paper box when ``boxed``."""
    if boxed:
        w = c.text_width(text, size=size) + 8
        rounded_rect(c, x - w / 2, y - size * 0.72, w, size * 1.44, radius=3.0, fill="paper", stroke="grid", lw=0.8)
    return c.text(x, y, text, size=size, id=id)


# ---------------------------------------------------------------------------- small charts
def _cat_labels(c, xs, y, labels, width, size):
    """Category labels under slots, rotated when they do not fit."""
    widest = max(c.text_width(s, size=size) for s in labels)
    if widest <= width * 0.95:
        for x, s in zip(xs, labels):
            c.text(x, y + size * 0.8, s, size=size)
        return size * 1.6
    for x, s in zip(xs, labels):
        c.text(x + 3, y + 6, s, size=size, anchor="r", valign="t", angle=-math.pi / 4)
    return widest * 0.72 + 10


def _category_axes(c, box, labels, *, top_pad: float, label_size: float):
    """Slots for one mark per category in ``box``: (slot centres, baseline y, top y, slot width),
    the category labels drawn under the baseline (rotated when they do not fit) with the axes."""
    x0, y0, x1, y1 = box
    n = len(labels)
    slot = (x1 - x0 - 8) / n
    widest = max(c.text_width(s, size=label_size) for s in labels)
    base = y1 - (label_size * 1.6 if widest <= slot * 0.95 else widest * 0.72 + 10)
    top = y0 + top_pad
    xs = [x0 + 8 + slot * (i + 0.5) for i in range(n)]
    for frac in (0.5, 1.0):
        c.gridline(x0 + 8, base - (base - top) * frac, x1, base - (base - top) * frac, lw=0.8)
    c.line(x0 + 8, top - 4, x0 + 8, base, color="ink", lw=1.2)
    c.line(x0 + 8, base, x1, base, color="ink", lw=1.2)
    _cat_labels(c, xs, base, labels, slot, label_size)
    return xs, base, top, slot


def bar_panel(c, box, labels, values, colors, *, vmax: float, printed: bool = True, ids=None,
              size: float = 12.0, label_size: float = 12.0) -> None:
    """Vertical bars (one per category) on a baseline with category labels under it and the
    values printed above the bars."""
    xs, base, top, slot = _category_axes(c, box, labels, top_pad=size * 1.6 if printed else 4, label_size=label_size)
    bw = slot * 0.62
    for i, v in enumerate(values):
        yv = base - (base - top) * v / vmax
        c.rect(xs[i] - bw / 2, yv, bw, base - yv, fill=colors[i])
        if ids is not None:
            c.register(ids[i], box=(xs[i] - bw / 2, yv, xs[i] + bw / 2, base), point=(xs[i], yv))
        if printed:
            c.text(xs[i], yv - size * 0.75, f"{v:g}", size=size, color="muted")


def line_panel(c, box, labels, values, colors, *, vmax: float, printed: bool = True, ids=None,
               size: float = 12.0, label_size: float = 12.0, line="ink") -> None:
    """A line through one point per category (points in the category colours), category labels
    under the axis and the values printed above the points."""
    xs, base, top, _ = _category_axes(c, box, labels, top_pad=size * 1.8 if printed else 6, label_size=label_size)
    ys = [base - 6 - (base - 6 - top) * v / vmax for v in values]
    c.polyline(list(zip(xs, ys)), color=line, lw=2.0)
    for i, v in enumerate(values):
        c.circle(xs[i], ys[i], 5.5, fill=colors[i], stroke="paper", lw=1.2, id=None if ids is None else ids[i])
        if printed:
            c.text(xs[i], ys[i] - size * 1.05, f"{v:g}", size=size, color="muted")


def radar_panel(c, box, labels, values, colors, *, vmax: float, printed: bool = True, ids=None,
                size: float = 12.0, label_size: float = 12.0, line="ink", value_at: str = "point") -> None:
    """A radar (spider) chart: one spoke per category, rings at half and full scale, the value
    polygon with a point per category; values printed beside the points (``value_at="point"``)
    or after the category label at the spoke's end (``"label"``, never overlapping)."""
    x0, y0, x1, y1 = box
    n = len(values)
    shown = [f"{s} {v:g}" if printed and value_at == "label" else s for s, v in zip(labels, values)]
    widest = max(c.text_width(s, size=label_size) for s in shown)
    r = max(24.0, min((x1 - x0) / 2 - widest - 8, (y1 - y0) / 2 - label_size * 1.4))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ang = [-math.pi / 2 + 2 * math.pi * i / n for i in range(n)]
    for frac in (0.5, 1.0):
        c.polygon([(cx + r * frac * math.cos(a), cy + r * frac * math.sin(a)) for a in ang], stroke="grid", lw=0.9)
    for a in ang:
        c.line(cx, cy, cx + r * math.cos(a), cy + r * math.sin(a), color="grid", lw=0.9)
    pts = [(cx + r * v / vmax * math.cos(a), cy + r * v / vmax * math.sin(a)) for v, a in zip(values, ang)]
    c.polygon(pts, stroke=line, lw=2.0)
    for i, ((px, py), a) in enumerate(zip(pts, ang)):
        c.circle(px, py, 5.0, fill=colors[i], stroke="paper", lw=1.0, id=None if ids is None else ids[i])
        lx, ly = cx + (r + 8) * math.cos(a), cy + (r + 8) * math.sin(a)
        anchor = "c" if abs(math.cos(a)) < 0.3 else ("l" if math.cos(a) > 0 else "r")
        valign = "m" if abs(math.sin(a)) < 0.3 else ("t" if math.sin(a) > 0 else "b")
        c.text(lx, ly, shown[i], size=label_size, anchor=anchor, valign=valign)
        if printed and value_at == "point":      # beside the point, a quarter turn off its spoke
            tx, ty = px + 13.0 * math.cos(a + math.pi / 2), py + 13.0 * math.sin(a + math.pi / 2)
            value_tag(c, tx, ty, f"{values[i]:g}", size=size)


def pie(c, cx: float, cy: float, r: float, values, colors, *, hole: float = 0.0, texts=None,
        text_size: float = 13.0, ids=None, start: float = -math.pi / 2, gap_color="paper") -> list[tuple]:
    """Pie (or donut when ``hole`` > 0, a fraction of ``r``) of ``values`` clockwise from
    ``start``; ``texts`` are drawn inside the slices (on the ring for a donut).  Registers each
    slice (its box, and a point inside it); returns each slice's (a0, a1) angles."""
    total = float(sum(values))
    a = start
    spans = []
    for i, v in enumerate(values):
        a1 = a + 2 * math.pi * v / total
        steps = max(2, int(abs(a1 - a) / 0.08) + 1)
        outer = [(cx + r * math.cos(a + (a1 - a) * k / steps), cy + r * math.sin(a + (a1 - a) * k / steps))
                 for k in range(steps + 1)]
        inner = ([(cx + r * hole * math.cos(a1 - (a1 - a) * k / steps),
                   cy + r * hole * math.sin(a1 - (a1 - a) * k / steps)) for k in range(steps + 1)]
                 if hole > 0 else [(cx, cy)])
        c.polygon(outer + inner, fill=colors[i], stroke=gap_color, lw=1.6)
        mid = (a + a1) / 2
        rr = r * ((1 + hole) / 2 if hole > 0 else 0.62)
        px, py = cx + rr * math.cos(mid), cy + rr * math.sin(mid)
        if ids is not None and ids[i] is not None:
            xs = [p[0] for p in outer + inner]
            ys = [p[1] for p in outer + inner]
            c.register(ids[i], box=(min(xs), min(ys), max(xs), max(ys)), point=(px, py), fill=colors[i],
                       shape="slice")
        if texts is not None and texts[i]:
            c.text(px, py, texts[i], size=text_size, color=c.text_on(colors[i]))
        spans.append((a, a1))
        a = a1
    return spans


def donut_panel(c, box, labels, values, colors, *, printed: bool = True, ids=None, size: float = 12.0,
                hole: float = 0.5, centre: str | None = None) -> None:
    """A donut on the left and its key (category, value) on the right; each category's slice
    is registered."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    key_w = min(w * 0.5, 30 + max(c.text_width(s, size=size) for s in labels) + (44 if printed else 8))
    r = max(20.0, min((w - key_w) / 2 - 10, (y1 - y0) / 2 - 4))
    cx, cy = x0 + (w - key_w) / 2, (y0 + y1) / 2
    pie(c, cx, cy, r, values, colors, hole=hole, ids=ids)
    if centre:
        c.text(cx, cy, centre, size=size, color="muted")
    row_h = min(size * 1.7, (y1 - y0) / len(values))
    ky = cy - row_h * len(values) / 2
    legend_column(c, x1 - key_w, ky, list(zip(labels, colors)), size=size, row_h=row_h,
                  values=[f"{v:g}" for v in values] if printed else None, value_x=x1 - 4)


# ---------------------------------------------------------------------------- tables
@dataclass
class Table:
    """A table's geometry: column edges ``xs`` (len cols + 1) and row edges ``ys`` (header row
    first, len rows + 2)."""

    xs: list
    ys: list

    def cell(self, r: int, k: int) -> tuple:
        """Box of body cell (row r, column k)."""
        return (self.xs[k], self.ys[r + 1], self.xs[k + 1], self.ys[r + 2])

    def span(self, r: int, k0: int, k1: int) -> tuple:
        """Box covering body row r from column k0 to k1 inclusive."""
        return (self.xs[k0], self.ys[r + 1], self.xs[k1 + 1], self.ys[r + 2])

    def column(self, k: int) -> tuple:
        """Box of column k's body cells."""
        return (self.xs[k], self.ys[1], self.xs[k + 1], self.ys[-1])


def table_widths(c, header, rows, *, size: float, pad: float = 16.0, first_pad: float = 24.0) -> list[float]:
    """Natural column widths for a header and rows of strings."""
    out = []
    for k, h in enumerate(header):
        w = max([c.text_width(h, size=size, bold=True)] + [c.text_width(r[k], size=size) for r in rows])
        out.append(w + 2 * (first_pad if k == 0 else pad))
    return out


def draw_table(c, x0: float, y0: float, widths, row_h: float, header, rows, *, size: float = 14.0,
               prefix: str = "cell", header_fill="ink", zebra: bool = True, lines: str = "grid",
               align_first: str = "l") -> Table:
    """A table with a filled header row, body rows (zebra-striped when ``zebra``), cell rules in
    the style's look (``lines``: "grid" every rule, "rows" horizontal only) and text centred
    (the first column aligned ``align_first``).  Registers ``{prefix}:{r}:{k}`` and
    ``{prefix}:head:{k}``."""
    xs = [x0]
    for w in widths:
        xs.append(xs[-1] + w)
    ys = [y0 + row_h * i for i in range(len(rows) + 2)]
    x1, y1 = xs[-1], ys[-1]
    c.rect(x0, ys[0], x1 - x0, row_h, fill=header_fill)
    head_col = c.text_on(header_fill)

    def at(k):
        return (xs[k] + 14, "l") if k == 0 and align_first == "l" else ((xs[k] + xs[k + 1]) / 2, "c")

    for k, h in enumerate(header):
        tx, anchor = at(k)
        c.text(tx, ys[0] + row_h / 2, h, size=size, bold=True, color=head_col, anchor=anchor,
               id=f"{prefix}:head:{k}")
    stripe = blend(c.color("panel"), c.color("paper"), 0.9)
    for r, row in enumerate(rows):
        fill = stripe if zebra and r % 2 else "paper"
        c.rect(x0, ys[r + 1], x1 - x0, row_h, fill=fill)
        for k, s in enumerate(row):
            tx, anchor = at(k)
            c.text(tx, ys[r + 1] + row_h / 2, s, size=size, anchor=anchor, color=c.text_on(fill))
            c.register(f"{prefix}:{r}:{k}", box=(xs[k], ys[r + 1], xs[k + 1], ys[r + 2]))
    ctx = c.ctx
    for y in ys[1:]:
        ctx.move_to(x0, y)
        ctx.line_to(x1, y)
    if lines == "grid":
        for x in xs[1:-1]:
            ctx.move_to(x, ys[0])
            ctx.line_to(x, y1)
    ctx.set_source_rgb(*c.color("grid"))
    ctx.set_line_width(1.0)
    ctx.stroke()
    c.rect(x0, ys[0], x1 - x0, y1 - ys[0], stroke="muted", lw=1.2)
    return Table(xs, ys)
