"""geometry/graph_paper: lattice shapes, segments and angles drawn on square graph paper.

Every vertex and segment end sits on a grid point (the one exception: the apex of an
equilateral triangle), so lengths, slopes, areas and angles are exact and readable by
counting squares.  Multi-item scenes place one item per 6x6 slot (``graph_paper_shapes``);
single-figure tasks use the whole sheet.  Most renders draw coordinate axes through the middle
of the sheet with tick labels (render-only: the tasks never depend on where the origin is).

The counting tasks live here; the measuring and labelled-extremum tasks are in
``graph_paper_measure`` (imported at the end, registering on the same scene).
State coordinates are lattice units with y up; the renderer flips them.
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.canvas import blend
from tracegen.kits.geometry import cross, dist2, drop_collinear, is_convex, label_box
from tracegen.kits.plane import Plane, draw_plane
from tracegen.core.style import NAMED_COLORS
from tracegen.core.task import Scene
from tracegen.domains.geometry.graph_paper_shapes import (SHAPE_CLASSES, SLOT, angle_deg, make_angle, make_concave, make_convex,
                                                          make_equilateral, make_other_quad,
                                                          make_parallelogram, make_shape, make_triangle,
                                                          para_class, pick)

LAYOUT = {1: (3, 2), 2: (4, 2), 3: (4, 3)}           # slots across, down
N_ITEMS = {1: (4, 5), 2: (5, 7), 3: (8, 10)}
COUNT_TARGET = {1: range(1, 4), 2: range(4, 7), 3: range(7, 10)}   # each count equally likely over the mix
UNIT, MARGIN = 28, 24
LETTERS = "ABCDEF"
SHAPE_COLORS = ("blue", "red", "green", "purple", "orange", "cyan", "brown", "pink")


class GraphPaper(Scene):
    domain, scene_id = "geometry", "graph_paper"
    size = (19 * UNIT + 2 * MARGIN, 13 * UNIT + 2 * MARGIN)
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
    return q.target(COUNT_TARGET[q.difficulty])


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


# ====================================================================== counting tasks
@task("polygon_convexity_count", answer="integer", annotation="bbox_set", ops="counting",
      queries=("convex_polygon_count", "concave_polygon_count"))
def polygon_convexity_count(q):
    want_convex = q.query_id == "convex_polygon_count"
    t = _count_target(q)

    def convex(r, s, sl):
        return make_convex(r, s, sl, pick(r, [3, 4, 4, 5, 5, 6]))

    def concave(r, s, sl):
        return make_concave(r, s, sl)

    items = _plant(q, t, convex if want_convex else concave, concave if want_convex else convex)
    _read_items(q, items)
    hits = [k for k, it in enumerate(items) if is_convex(it["pts"]) == want_convex]
    q.step("classify", matching=hits)
    word = "convex" if want_convex else "concave (at least one interior angle greater than 180°)"
    return q.answer(len(hits), witnesses=[f"shape:{k}" for k in hits],
                    question=f"How many of the polygons drawn on the graph paper are {word}?")



QUAD_QUERIES = {
    "square_count": ("square", "squares"),
    "non_square_rectangle_count": ("rectangle", "rectangles that are not squares"),
    "non_square_rhombus_count": ("rhombus", "rhombuses that are not squares"),
    "slanted_parallelogram_count": ("slanted", "parallelograms that are neither rectangles nor rhombuses"),
}


def quad_class(pts):
    if len(pts) != 4:
        return None
    u = (pts[1][0] - pts[0][0], pts[1][1] - pts[0][1])
    w = (pts[2][0] - pts[3][0], pts[2][1] - pts[3][1])
    v = (pts[3][0] - pts[0][0], pts[3][1] - pts[0][1])
    if u != w:
        return "other"
    return para_class(u, v)


@task("quadrilateral_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=tuple(QUAD_QUERIES))
def quadrilateral_type_count(q):
    target, words = QUAD_QUERIES[q.query_id]
    t = _count_target(q)
    others = [c for c in ("square", "rectangle", "rhombus", "slanted", "other") if c != target]

    def other(r, s, sl):
        cls = pick(r, others)
        return make_other_quad(r, s, sl) if cls == "other" else make_parallelogram(r, s, sl, cls)

    items = _plant(q, t, lambda r, s, sl: make_parallelogram(r, s, sl, target), other)
    _read_items(q, items)
    hits = [k for k, it in enumerate(items) if quad_class(it["pts"]) == target]
    q.step("classify", target=target, matching=hits)
    return q.answer(len(hits), witnesses=[f"shape:{k}" for k in hits],
                    question=(f"{UNIT_NOTE} How many of the quadrilaterals drawn on the graph paper are {words}?"))




RA_COLUMNS = {1: (2, 3), 2: (3, 4), 3: (4, 5)}
RA_SUPPORT = {1: range(1, 4), 2: range(4, 7), 3: range(7, 10)}   # each count equally likely over the mix


def _staircase(r, s, d):
    """A rectilinear polygon made of k adjacent columns (top profile; bottom profile too at d3)."""
    W, H = s["cols"] - 2, s["rows"] - 2
    k = int(r.integers(RA_COLUMNS[d][0], RA_COLUMNS[d][1] + 1))
    widths = [int(r.integers(3, 6)) for _ in range(k)]
    while sum(widths) > W:
        widths[int(np.argmax(widths))] -= 1
    tops, bots = [], []
    for i in range(k):
        while True:   # always satisfiable: b = previous b, t = previous t + 2 works
            b = int(r.integers(0, 4)) if d == 3 else 0
            t = int(r.integers(b + 4, H + 1))
            if i and (abs(t - tops[-1]) < 2 or (b != bots[-1] and abs(b - bots[-1]) < 2)):
                continue
            if i and min(t, tops[-1]) - max(b, bots[-1]) < 2:
                continue
            break
        tops.append(t)
        bots.append(b)
    xs = [0]
    for w in widths:
        xs.append(xs[-1] + w)
    pts = []
    for i in range(k):
        pts += [[xs[i], bots[i]], [xs[i + 1], bots[i]]]
    for i in reversed(range(k)):
        pts += [[xs[i + 1], tops[i]], [xs[i], tops[i]]]
    dedup = []
    for p in pts:
        if not dedup or dedup[-1] != p:
            dedup.append(p)
    if dedup[0] == dedup[-1]:
        dedup.pop()
    poly = drop_collinear(dedup)
    ox = 1 + int(r.integers(0, W - xs[-1] + 1))
    oy = 1 + int(r.integers(0, H - max(tops) + 1))
    return [[x + ox, y + oy] for x, y in poly]


def _chamfer(r, poly, n_cut):
    """Cut ``n_cut`` convex corners of a ccw rectilinear polygon with short diagonals; None if impossible."""
    n = len(poly)
    convex = [i for i in range(n) if cross(poly[i - 1], poly[i], poly[(i + 1) % n]) > 0]
    if n_cut > len(convex):
        return None
    length = [abs(poly[(i + 1) % n][0] - poly[i][0]) + abs(poly[(i + 1) % n][1] - poly[i][1]) for i in range(n)]
    used = [0] * n                         # cut length taken from each edge (edge i: vertex i -> i+1)
    legs = {}
    order = [convex[int(j)] for j in r.permutation(len(convex))]
    for i in order:
        if len(legs) == n_cut:
            break
        e_in, e_out = (i - 1) % n, i
        for a, b in ((1, 1) if r.random() < 0.6 else pick(r, [(1, 2), (2, 1), (2, 2)]), (1, 1)):
            if length[e_in] - used[e_in] - a >= 1 and length[e_out] - used[e_out] - b >= 1:
                used[e_in] += a
                used[e_out] += b
                legs[i] = (a, b)
                break
    if len(legs) < n_cut:
        return None
    out = []
    for i in range(n):
        if i not in legs:
            out.append(list(poly[i]))
            continue
        a, b = legs[i]
        p, c, nx = poly[i - 1], poly[i], poly[(i + 1) % n]
        ux = (p[0] - c[0]) // max(1, abs(p[0] - c[0])) if p[0] != c[0] else 0
        uy = (p[1] - c[1]) // max(1, abs(p[1] - c[1])) if p[1] != c[1] else 0
        wx = (nx[0] - c[0]) // max(1, abs(nx[0] - c[0])) if nx[0] != c[0] else 0
        wy = (nx[1] - c[1]) // max(1, abs(nx[1] - c[1])) if nx[1] != c[1] else 0
        out.append([c[0] + a * ux, c[1] + a * uy])
        out.append([c[0] + b * wx, c[1] + b * wy])
    return out


@task("right_angle_vertex_count", answer="integer", annotation="point_set", ops="counting,formula_evaluation")
def right_angle_vertex_count(q):
    t = q.param("right_angles", lambda r: int(r.choice(RA_SUPPORT[q.difficulty])))

    def pts(r, s):
        for _ in range(30):
            poly = _staircase(r, s, q.difficulty)
            n_conv = sum(cross(poly[i - 1], poly[i], poly[(i + 1) % len(poly)]) > 0 for i in range(len(poly)))
            if n_conv < t:
                continue
            out = _chamfer(r, poly, n_conv - t)
            if out is not None:
                return out
        return poly

    it = _single(q, pts)
    _read_items(q, [it])
    poly = it["pts"]
    n = len(poly)
    right = [i for i in range(n)
             if cross(poly[i - 1], poly[i], poly[(i + 1) % n]) > 0
             and (poly[i - 1][0] - poly[i][0]) * (poly[(i + 1) % n][0] - poly[i][0])
             + (poly[i - 1][1] - poly[i][1]) * (poly[(i + 1) % n][1] - poly[i][1]) == 0]
    q.require(len(right) == t, "the construction missed its right-angle count")
    q.step("right_angles", vertices=right)
    return q.answer(len(right), witnesses=[f"v:0:{i}" for i in right],
                    question=("The polygon on the graph paper has all its vertices on grid points. "
                              "How many of its vertices have an interior angle of exactly 90°?"))



SHAPE_WORDS = {
    "triangle_count": ("triangle", "triangles"),
    "quadrilateral_count": ("quadrilateral", "quadrilaterals (four-sided polygons)"),
    "pentagon_count": ("pentagon", "pentagons (five-sided polygons)"),
    "hexagon_count": ("hexagon", "hexagons (six-sided polygons)"),
    "circle_count": ("circle", "circles"),
    "ellipse_count": ("ellipse", "ellipses that are not circles"),
}
SIDES = {3: "triangle", 4: "quadrilateral", 5: "pentagon", 6: "hexagon"}


def shape_class(it):
    if it["kind"] == "ellipse":
        return "circle" if it["rx"] == it["ry"] else "ellipse"
    return SIDES.get(len(it["pts"]))


@task("shape_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=tuple(SHAPE_WORDS))
def shape_type_count(q):
    target, words = SHAPE_WORDS[q.query_id]
    t = _count_target(q)
    others = [c for c in SHAPE_CLASSES if c != target]
    items = _plant(q, t, lambda r, s, sl: make_shape(r, s, sl, target),
                   lambda r, s, sl: make_shape(r, s, sl, pick(r, others)))
    _read_items(q, items)
    hits = [k for k, it in enumerate(items) if shape_class(it) == target]
    q.step("classify", target=target, matching=hits)
    return q.answer(len(hits), witnesses=[f"shape:{k}" for k in hits],
                    question=f"How many {words} are drawn on the graph paper?")



TRI_WORDS = {
    "equilateral_triangle_count": "equilateral (all three sides the same length)",
    "right_triangle_count": "right triangles (one angle of exactly 90°)",
    "scalene_triangle_count": "scalene (all three sides of different lengths; right triangles can count)",
    "non_equilateral_isosceles_triangle_count":
        "isosceles but not equilateral (exactly two sides the same length; right triangles can count)",
}


def triangle_props(pts):
    """(is_equilateral, is_right, n_distinct_side_lengths) with a tolerance for the off-lattice apex."""
    sq = [dist2(pts[i], pts[(i + 1) % 3]) for i in range(3)]
    ls = sorted(math.sqrt(v) for v in sq)
    distinct = 1 + sum(ls[i + 1] - ls[i] > 1e-4 for i in range(2))
    right = False
    for i in range(3):
        a, b, c = pts[i - 1], pts[i], pts[(i + 1) % 3]
        if abs((a[0] - b[0]) * (c[0] - b[0]) + (a[1] - b[1]) * (c[1] - b[1])) < 1e-6:
            right = True
    return distinct == 1, right, distinct


def triangle_class_hit(pts, query_id):
    eq, right, distinct = triangle_props(pts)
    return {"equilateral_triangle_count": eq, "right_triangle_count": right,
            "scalene_triangle_count": distinct == 3,
            "non_equilateral_isosceles_triangle_count": distinct == 2}[query_id]


@task("triangle_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=tuple(TRI_WORDS))
def triangle_type_count(q):
    qid = q.query_id
    t = _count_target(q)

    def lattice(r, s, sl, right=None, cls=None):
        return make_triangle(r, s, sl, right=right, cls=cls)

    if qid == "equilateral_triangle_count":
        yes = make_equilateral
        no = lattice
    elif qid == "right_triangle_count":
        yes = lambda r, s, sl: lattice(r, s, sl, right=True)
        no = lambda r, s, sl: make_equilateral(r, s, sl) if r.random() < 0.2 else lattice(r, s, sl, right=False)
    elif qid == "scalene_triangle_count":
        yes = lambda r, s, sl: lattice(r, s, sl, cls="scalene")
        no = lambda r, s, sl: make_equilateral(r, s, sl) if r.random() < 0.3 else lattice(r, s, sl, cls="iso")
    else:
        yes = lambda r, s, sl: lattice(r, s, sl, cls="iso")
        no = lambda r, s, sl: make_equilateral(r, s, sl) if r.random() < 0.3 else lattice(r, s, sl, cls="scalene")
    items = _plant(q, t, yes, no)
    _read_items(q, items)
    hits = [k for k, it in enumerate(items) if triangle_class_hit(it["pts"], qid)]
    q.step("classify", query=qid, matching=hits)
    return q.answer(len(hits), witnesses=[f"shape:{k}" for k in hits],
                    question=f"{UNIT_NOTE} How many of the triangles drawn on the graph paper are {TRI_WORDS[qid]}?")


ANGLE_MARGIN = {1: 25.0, 2: 15.0, 3: 8.0}      # acute and obtuse angles keep this far from 90 degrees
ANGLE_CLASSES = {"acute_angle_count": "acute", "right_angle_count": "right", "obtuse_angle_count": "obtuse"}


def angle_class(deg: float) -> str:
    return "right" if abs(deg - 90.0) < 1e-9 else "acute" if deg < 90 else "obtuse"


@task("angle_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting,formula_evaluation",
      queries=tuple(ANGLE_CLASSES))
def angle_type_count(q):
    want = ANGLE_CLASSES[q.query_id]
    t = _count_target(q)
    m = ANGLE_MARGIN[q.difficulty]
    spans = {"acute": (15.0, 90.0 - m), "right": (90.0, 90.0), "obtuse": (90.0 + m, 165.0)}
    others = [k for k in spans if k != want]
    items = _plant(q, t, lambda r, s, sl: make_angle(r, s, sl, *spans[want]),
                   lambda r, s, sl: make_angle(r, s, sl, *spans[pick(r, others)]))
    q.require(all(it["kind"] == "angle" for it in items), "an angle did not fit its slot")
    _read_items(q, items)
    degs = [angle_deg(*it["pts"]) for it in items]
    hits = [k for k, d in enumerate(degs) if angle_class(d) == want]
    q.step("classify", target=want, degrees=[round(d, 2) for d in degs], matching=hits)
    return q.answer(len(hits), witnesses=[f"shape:{k}" for k in hits],
                    question=(f"Each marked angle on the graph paper is formed by two segments meeting at a grid point. "
                              f"How many of the marked angles are {want} angles?"))


from tracegen.domains.geometry import graph_paper_measure  # noqa: E402,F401  (registers its tasks here)
