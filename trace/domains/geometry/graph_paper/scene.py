"""geometry/graph_paper: lattice shapes, segments and angles drawn on square graph paper.

Every vertex and segment end sits on a grid point (the one exception: the apex of an
equilateral triangle), so lengths, slopes, areas and angles are exact and readable by
counting squares.  Multi-item scenes place one item per 6x6 slot (``shapes``);
single-figure tasks use the whole sheet.  Most renders draw coordinate axes through the middle
of the sheet with tick labels (render-only: the tasks never depend on where the origin is).

The counting tasks are in ``tasks``, the measuring and labelled-extremum tasks in ``measure``;
both register on this module's scene.
State coordinates are lattice units with y up; the renderer flips them.
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.style import NAMED_COLORS
from tracegen.core.task import Scene
from tracegen.kits.geometry import label_box
from tracegen.kits.plane import Plane, draw_plane

from .shapes import SHAPE_CLASSES, SLOT, make_shape

# level 2 is the original's sheet: a square of 18 squares a side carrying six items, 1-5 of them counted
LAYOUT = {1: (3, 2), 2: (3, 3), 3: (4, 3)}           # slots across, down
N_ITEMS = {1: (4, 5), 2: (6, 6), 3: (8, 10)}
COUNT_TARGET = {1: range(1, 4), 2: range(1, 6), 3: range(7, 10)}   # each count equally likely over the mix
UNIT, MARGIN = 28, 24
LETTERS = "ABCDEF"
SHAPE_COLORS = ("blue", "red", "green", "purple", "orange", "cyan", "brown", "pink")


class GraphPaper(Scene):
    domain, scene_id = "geometry", "graph_paper"
    size = (19 * UNIT + 2 * MARGIN, 13 * UNIT + 2 * MARGIN)
    megapixels = (0.5, 0.68)     # render-only image area: the original draws one 768x768 sheet
    aspect_pad = 0.1
    description = ("Square graph paper, often with coordinate axes, carrying lattice shapes (polygons, circles, "
                   "ellipses), segments or angles whose vertices lie on grid points; some carry letter labels.")

    def canvas_size(self, state):
        return (state["cols"] * UNIT + 2 * MARGIN, state["rows"] * UNIT + 2 * MARGIN)

    def sample(self, rng, difficulty):
        kx, ky = LAYOUT[difficulty]
        state = {"cols": SLOT * kx + 1, "rows": SLOT * ky + 1, "items": []}
        lo, hi = N_ITEMS[difficulty]
        n = int(rng.integers(lo, min(hi, kx * ky) + 1))
        slots = sorted(int(s) for s in rng.choice(kx * ky, size=n, replace=False))
        state["items"] = [make_shape(rng, state, s, SHAPE_CLASSES[int(rng.integers(6))]) for s in slots]
        return state

    def render(self, c, state, params):
        cols, rows = state["cols"], state["rows"]
        st = c.style
        axes = st.accent % 3 != 0                      # render-only: most sheets carry axes
        ox, oy = (cols // 2, rows // 2) if axes else (0, 0)
        pl = Plane(MARGIN - UNIT / 2, MARGIN - UNIT / 2, UNIT, -ox, cols - ox, -oy, rows - oy)

        def px(p):
            return pl.px(p[0] - ox, p[1] - oy)

        paper = c.color("paper")
        colors = [NAMED_COLORS[SHAPE_COLORS[(k + st.accent) % len(SHAPE_COLORS)]] for k in range(len(state["items"]))]

        def fills():          # pale fills under the grid, so the squares stay countable inside shapes
            for k, it in enumerate(state["items"]):
                fill = blend(colors[k], paper, 0.16)
                if it["kind"] == "poly":
                    c.polygon([px(p) for p in it["pts"]], fill=fill)
                elif it["kind"] == "ellipse":
                    c.ellipse(*px(it["c"]), it["rx"] * UNIT, it["ry"] * UNIT, fill=fill)

        draw_plane(c, pl, major=5 if axes else 0, axes=axes, ticks=axes,
                   tick_step=2 if st.density == "sparse" or cols > 20 else 1, under=fills, frame=not axes)
        for k, it in enumerate(state["items"]):
            anchor = self._item(c, k, it, colors[k], px)
            lab = it.get("label")
            if lab:
                lx, ly = px(it["label_at"]) if it["kind"] in ("seg", "angle") else anchor
                label_box(c, lx, ly, lab, size=16, fill="paper", id=f"label:{k}")

    @staticmethod
    def _item(c, k, it, col, px):
        """Draw one item; returns where a polygon's or ellipse's label goes."""
        if it["kind"] == "poly":
            pts = [px(p) for p in it["pts"]]
            c.polygon(pts, stroke=col, lw=2.4, id=f"shape:{k}")
            for i, (x, y) in enumerate(pts):
                c.circle(x, y, 3.2, fill=col)
                c.register(f"v:{k}:{i}", box=(x - 4, y - 4, x + 4, y + 4), point=(x, y))
            # label beside the top vertex (leftmost among ties), pushed away from the centroid
            gx = sum(p[0] for p in pts) / len(pts)
            gy = sum(p[1] for p in pts) / len(pts)
            vx, vy = min(pts, key=lambda p: (round(p[1], 3), p[0]))
            dx, dy = vx - gx, vy - gy - 0.5 * UNIT
            L = math.hypot(dx, dy) or 1.0
            return (vx + 0.6 * UNIT * dx / L, vy + 0.6 * UNIT * dy / L)
        if it["kind"] == "ellipse":
            cx, cy = px(it["c"])
            rx, ry = it["rx"] * UNIT, it["ry"] * UNIT
            c.ellipse(cx, cy, rx, ry, stroke=col, lw=2.4, id=f"shape:{k}")
            return (cx - 0.7071 * rx - 0.45 * UNIT, cy - 0.7071 * ry - 0.45 * UNIT)
        if it["kind"] == "seg":
            (ax, ay), (bx, by) = [px(p) for p in it["pts"]]
            c.line(ax, ay, bx, by, color=col, lw=3.0, id=f"seg:{k}")
            for x, y in ((ax, ay), (bx, by)):
                c.circle(x, y, 4.0, fill=col)
            return None
        a, v, b = [px(p) for p in it["pts"]]            # an angle: two arms and an arc at the vertex
        for x, y in (a, b):
            c.line(v[0], v[1], x, y, color=col, lw=2.6)
        t0, t1 = math.atan2(a[1] - v[1], a[0] - v[0]), math.atan2(b[1] - v[1], b[0] - v[0])
        if (t1 - t0) % (2 * math.pi) > math.pi:
            t0, t1 = t1, t0
        ctx = c.ctx
        ctx.new_sub_path()
        ctx.arc(v[0], v[1], 0.7 * UNIT, t0, t0 + (t1 - t0) % (2 * math.pi))
        ctx.set_source_rgb(*col)
        ctx.set_line_width(1.8)
        ctx.stroke()
        c.circle(v[0], v[1], 3.2, fill=col)
        xs, ys = [p[0] for p in (a, v, b)], [p[1] for p in (a, v, b)]
        c.register(f"shape:{k}", box=(min(xs), min(ys), max(xs), max(ys)))
        c.register(f"v:{k}:1", box=(v[0] - 4, v[1] - 4, v[0] + 4, v[1] + 4), point=v)
        return None


SCENE = GraphPaper()
task = SCENE.task

UNIT_NOTE = "Each small square of the graph paper is 1 unit on a side."


# ====================================================================== shared task pieces
def _count_target(q):
    """The instance's count, spread evenly over consecutive instances (a stratified target)."""
    return q.target(COUNT_TARGET[q.difficulty], stratified=True)


def _plant(q, t, make_target, make_other):
    """Rebuild the items: exactly ``t`` from ``make_target``, the rest from ``make_other``."""

    def build(s, r):
        kx, ky = LAYOUT[q.difficulty]
        lo, hi = N_ITEMS[q.difficulty]
        n = max(t, min(int(r.integers(lo, hi + 1)), kx * ky))
        slots = sorted(int(v) for v in r.choice(kx * ky, size=n, replace=False))
        chosen = set(int(v) for v in r.choice(n, size=t, replace=False))
        items = [make_target(r, s, sl) if k in chosen else make_other(r, s, sl) for k, sl in enumerate(slots)]
        if all(it is not None for it in items):
            s["items"] = items
        return s

    q.edit(build)
    return q.state["items"]


def _single(q, pts, kind="poly"):
    """One figure on the whole sheet: ``pts(rng, state)`` gives its lattice points."""

    def build(s, r):
        s["items"] = [{"kind": kind, "slot": -1, "pts": pts(r, s)}]
        return s

    q.edit(build)
    return q.state["items"][0]


def _vertex_ids(k, it):
    return [f"v:{k}:{i}" for i in range(len(it["pts"]))]


def _read_items(q, items):
    """Lengths, angles and areas are read off the grid: declare every vertex as read."""
    q.reads(*[f"({p[0]}, {p[1]})" for it in items for p in it.get("pts", [])])
