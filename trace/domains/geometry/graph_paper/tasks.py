"""geometry/graph_paper, the counting tasks: convex or concave polygons, quadrilateral classes, right-angle
vertices, shape, triangle and angle types among the items of a multi-item sheet.
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.kits.geometry import dist2, drop_collinear, is_convex

from .scene import UNIT_NOTE, _count_target, _plant, _read_items, _single, task
from .shapes import (SHAPE_CLASSES, angle_deg, make_angle, make_concave, make_convex, make_equilateral,
                     make_other_quad, make_parallelogram, make_shape, make_triangle, para_class, pick)


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




# Right-angle corners, as the original counts them: every vertex whose two sides are perpendicular --
# the outward 90° corners and the inward 270° corners of a stepped outline alike.  A staircase of k
# columns has only such corners; cutting m of them with short diagonals leaves n - m of them.
RA_COLUMNS = {1: (1, 2), 2: (1, 3), 3: (4, 5)}
RA_SUPPORT = {1: range(1, 4), 2: range(1, 6), 3: range(7, 10)}   # each count equally likely over the mix
RA_VERTICES = {2: (6, 12)}                                        # the original's polygons: 6-12 vertices


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
    """Cut ``n_cut`` corners of a rectilinear staircase with short diagonals (an outward corner loses a
    small triangle, an inward one gains it: the notch beside an inward corner of a staircase is
    open, so the cut stays clear of the other sides); None if impossible."""
    n = len(poly)
    length = [abs(poly[(i + 1) % n][0] - poly[i][0]) + abs(poly[(i + 1) % n][1] - poly[i][1]) for i in range(n)]
    used = [0] * n                         # cut length taken from each edge (edge i: vertex i -> i+1)
    legs = {}
    for i in (int(j) for j in r.permutation(n)):
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


def right_angle_vertices(poly) -> list[int]:
    """The vertices whose two sides are perpendicular: outward (90°) and inward (270°) corners."""
    n = len(poly)
    return [i for i in range(n)
            if (poly[i - 1][0] - poly[i][0]) * (poly[(i + 1) % n][0] - poly[i][0])
            + (poly[i - 1][1] - poly[i][1]) * (poly[(i + 1) % n][1] - poly[i][1]) == 0]


@task("right_angle_vertex_count", answer="integer", annotation="point_set", ops="counting,formula_evaluation",
      version=2)
def right_angle_vertex_count(q):
    t = q.target(RA_SUPPORT[q.difficulty], stratified=True)
    lo, hi = RA_VERTICES.get(q.difficulty, (3, 99))

    def pts(r, s):
        for _ in range(60):
            poly = _staircase(r, s, q.difficulty)
            n = len(poly)                          # every corner of a staircase is a right angle
            if n < t or not lo <= 2 * n - t <= hi:  # cutting n - t corners leaves 2n - t vertices
                continue
            out = _chamfer(r, poly, n - t)
            if out is not None:
                return out
        return poly

    it = _single(q, pts)
    _read_items(q, [it])
    right = right_angle_vertices(it["pts"])
    q.require(len(right) == t, "the construction missed its right-angle count")
    q.step("right_angles", vertices=right)
    return q.answer(len(right), witnesses=[f"v:0:{i}" for i in right],
                    question=("The polygon on the graph paper has all its vertices on grid points. At how many of "
                              "its vertices do the two sides meeting there form a right angle (perpendicular "
                              "sides)? Count the inward-pointing corners of the outline as well as the outward "
                              "ones."))



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
