"""Entity-relationship diagrams: table boxes (a titled header, one row per field with its type and
a PK/FK badge), relationship lines routed orthogonally through the gaps between a grid of table
slots, cardinality markers at both ends and a label box on each line.

Tables sit in the slots of a ``cols`` x ``rows`` grid (``slot_boxes``).  A line leaves a table's
side at one of its rows, runs along the vertical channel beside it, along a row gap when it must
pass other columns, and enters the other table from the side facing the channel; each line takes
its own lane in every channel it uses, so lines never run on top of each other or through a
table.  Entities: ``table:{t}`` (whole box), ``field:{t}:{f}`` (a field row), ``rel:{i}`` (a
segment between the line's two ends), ``end:{i}:{0|1}`` (the marker at each end) and
``label:{i}``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import rounded_rect

HEADER_H = 30.0
ROW_H = 22.0
LANE = 9.0
MARK_FONT = "DejaVu Sans"      # lining digits: "0..*" never reads as "o..*"


@dataclass(frozen=True)
class SchemaLayout:
    """Slot grid geometry: table width, column left edges, row top edges and the row gaps."""

    x0: float
    y0: float
    col_w: float
    row_h: float
    table_w: float
    cols: int
    rows: int

    def table_box(self, slot: int, n_fields: int) -> tuple:
        r, k = divmod(slot, self.cols)
        x = self.x0 + k * self.col_w + (self.col_w - self.table_w) / 2
        y = self.y0 + r * self.row_h
        return (x, y, x + self.table_w, y + HEADER_H + ROW_H * n_fields)

    def channel_x(self, k: int) -> float:
        """Centre of the vertical channel left of column k (k = cols: right of the last)."""
        return self.x0 + k * self.col_w

    def gap_y(self, g: int, bottoms) -> float:
        """Centre of row gap g (above row g; g = rows: below the last), given each row's lowest
        table bottom."""
        top = self.y0 + g * self.row_h if g < self.rows else self.y0 + self.rows * self.row_h
        above = bottoms[g - 1] if g > 0 else self.y0 - 36
        return (above + top) / 2 if g < self.rows else bottoms[-1] + 22


def table_height(n_fields: int) -> float:
    return HEADER_H + ROW_H * n_fields


def draw_table(c, box, name: str, fields, *, t: int, header_fill, badge_fill) -> None:
    """A table: header with ``name``, rows ``fields`` = [(name, type, role)] with role "PK", "FK"
    or "" (a badge at the right)."""
    x0, y0, x1, y1 = box
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=6, fill="paper", stroke="muted", lw=1.4, id=f"table:{t}")
    rounded_rect(c, x0, y0, x1 - x0, HEADER_H, radius=6, fill=header_fill, stroke="muted", lw=1.4)
    c.text((x0 + x1) / 2, y0 + HEADER_H / 2, name, size=15, bold=True, color=c.text_on(header_fill))
    for f, (fname, ftype, role) in enumerate(fields):
        fy = y0 + HEADER_H + f * ROW_H
        if f % 2:
            c.rect(x0 + 1, fy, x1 - x0 - 2, ROW_H, fill="panel")
        c.line(x0, fy, x1, fy, color="grid", lw=0.8)
        c.text(x0 + 22, fy + ROW_H / 2, ftype, size=12, color="muted")
        c.text(x0 + 44, fy + ROW_H / 2, fname, size=13, anchor="l", color=c.text_on("panel" if f % 2 else "paper"))
        if role:
            bw = 30.0
            rounded_rect(c, x1 - bw - 8, fy + 3, bw, ROW_H - 6, radius=4, fill=badge_fill[role], stroke="muted",
                         lw=0.7)
            c.text(x1 - bw / 2 - 8, fy + ROW_H / 2, role, size=12, bold=True, color=c.text_on(badge_fill[role]))
        c.register(f"field:{t}:{f}", box=(x0, fy, x1, fy + ROW_H))


@dataclass
class Route:
    points: list          # polyline from end 0 to end 1
    sides: tuple          # +1 (right side) or -1 (left side) of each end's table


def route(layout: SchemaLayout, a: tuple, b: tuple, lanes: dict, bottoms, prefer_below: bool) -> Route:
    """An orthogonal route from table ``a`` = (slot, side_y_fn) to ``b``: each is (slot, box, y
    where the line meets the side for a given side sign -> float).  ``lanes`` counts the lanes
    taken per channel ("v{k}" / "h{g}")."""
    (sa, boxa, ya_of), (sb, boxb, yb_of) = a, b
    ra, ca = divmod(sa, layout.cols)
    rb, cb = divmod(sb, layout.cols)

    def lane(key, centre):
        n = lanes.get(key, 0)
        lanes[key] = n + 1
        return centre + LANE * ((n + 1) // 2) * (1 if n % 2 else -1)

    if ca == cb:                                   # same column: out and back on one side
        k = ca + 1 if ca + 1 < layout.cols else ca
        side = 1 if k == ca + 1 else -1
        x = lane(f"v{k}", layout.channel_x(k))
        ya, yb = ya_of(side), yb_of(side)
        xa = boxa[2] if side > 0 else boxa[0]
        xb = boxb[2] if side > 0 else boxb[0]
        return Route([(xa, ya), (x, ya), (x, yb), (xb, yb)], (side, side))
    side = 1 if cb > ca else -1
    ka, kb = (ca + 1, cb) if side > 0 else (ca, cb + 1)
    ya, yb = ya_of(side), yb_of(-side)
    xa = boxa[2] if side > 0 else boxa[0]
    xb = boxb[0] if side > 0 else boxb[2]
    xva = lane(f"v{ka}", layout.channel_x(ka))
    if ka == kb:                                   # neighbouring columns share the channel
        return Route([(xa, ya), (xva, ya), (xva, yb), (xb, yb)], (side, -side))
    if rb > ra or (rb == ra and prefer_below):
        g = ra + 1
    else:
        g = ra
    yh = lane(f"h{g}", layout.gap_y(g, bottoms))
    xvb = lane(f"v{kb}", layout.channel_x(kb))
    return Route([(xa, ya), (xva, ya), (xva, yh), (xvb, yh), (xvb, yb), (xb, yb)], (side, -side))


def draw_line(c, i: int, rt: Route, *, dashed: bool, color="ink") -> None:
    """The line of relationship ``i`` (dashed for an optional one); registers ``rel:{i}``."""
    c.polyline(rt.points, color=color, lw=2.0, dash=[7.0, 5.0] if dashed else None)
    c.register(f"rel:{i}", segment=(rt.points[0], rt.points[-1]))


def draw_ends(c, i: int, rt: Route, markers) -> list:
    """The two end ``markers`` ("1", "*", "0..*") in small boxes beside the tables, above the line;
    returns their boxes."""
    out = []
    for e, ((x, y), side, text) in enumerate(zip((rt.points[0], rt.points[-1]), rt.sides, markers)):
        w = c.text_width(text, size=12, bold=True, font=MARK_FONT) + 10
        bx = x + 5 if side > 0 else x - 5 - w
        rounded_rect(c, bx, y - 21, w, 17, radius=5, fill="paper", stroke="muted", lw=0.9, id=f"end:{i}:{e}")
        c.text(bx + w / 2, y - 12.5, text, size=12, bold=True, font=MARK_FONT)
        out.append((bx, y - 21, bx + w, y - 4))
    return out


def _overlaps(box, placed, pad=3.0):
    return any(box[0] < p[2] + pad and p[0] < box[2] + pad and box[1] < p[3] + pad and p[1] < box[3] + pad
               for p in placed)


def draw_label(c, i: int, rt: Route, label: str, placed: list) -> None:
    """``label`` in a box on the line's longest segments, moved along them to keep clear of the
    boxes in ``placed`` (which it joins)."""
    pts = rt.points
    segs = sorted(range(len(pts) - 1), key=lambda s: -(abs(pts[s + 1][0] - pts[s][0]) + abs(pts[s + 1][1] - pts[s][1])))
    w, h = c.text_width(label, size=12) + 14, 19.0
    spots = [(pts[s][0] + (pts[s + 1][0] - pts[s][0]) * f, pts[s][1] + (pts[s + 1][1] - pts[s][1]) * f)
             for s in segs[:3] for f in (0.5, 0.35, 0.65, 0.2, 0.8)]
    boxes = [(x - w / 2, y - h / 2, x + w / 2, y + h / 2) for x, y in spots]
    box = next((b for b in boxes if not _overlaps(b, placed)), boxes[0])
    placed.append(box)
    rounded_rect(c, box[0], box[1], w, h, radius=8, fill="panel", stroke="muted", lw=0.9, id=f"label:{i}")
    c.text((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, label, size=12)
