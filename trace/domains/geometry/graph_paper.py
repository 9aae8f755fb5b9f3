"""geometry/graph_paper: lattice shapes and segments drawn on square graph paper.

Every vertex and segment end sits on a grid point (the one exception: the apex of an
equilateral triangle, which no lattice can hold), so lengths, slopes, areas and angles are
exact and readable by counting squares.  Multi-shape scenes place one shape per 6x6 slot
(5x5 drawing area plus a one-square gutter); single-shape tasks use the whole sheet.

State coordinates are lattice units with y pointing up; the renderer flips them.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from tracegen.core.geometry import (LatticeView, area2, bbox, blend, convex_hull, cross, dist2, draw_grid,
                                    drop_collinear, interior_angles, is_convex, label_box)
from tracegen.core.style import NAMED_COLORS
from tracegen.core.task import Scene

SLOT = 6           # slot pitch in squares (5 for the shape, 1 gutter)
BOX = 5            # drawing box of one slot
LAYOUT = {1: (3, 2), 2: (4, 2), 3: (4, 3)}           # slots across, down
N_ITEMS = {1: (3, 4), 2: (5, 6), 3: (7, 9)}
N_LABELLED = {1: (3, 4), 2: (5, 5), 3: (6, 6)}      # option-letter tasks use at most six letters
UNIT, MARGIN = 28, 24
LETTERS = "ABCDEF"
SHAPE_COLORS = ("blue", "red", "green", "purple", "orange", "cyan", "brown", "pink")
SQRT3_2 = math.sqrt(3) / 2


# ====================================================================== shape libraries
def _norm(pts):
    x0 = min(p[0] for p in pts)
    y0 = min(p[1] for p in pts)
    return [[p[0] - x0, p[1] - y0] for p in pts]


def _key(pts):
    return tuple(sorted(tuple(p) for p in _norm(pts)))


def _angles_ok(pts, lo=22.0, hi=158.0, right_margin=None):
    angs = interior_angles(pts)
    if min(angs) < lo or max(angs) > hi:
        return False
    if right_margin is not None:
        for a in angs:
            if abs(a - 90.0) > 1e-6 and abs(a - 90.0) < right_margin:
                return False
    return True


def _sides_ok(sq, rel=0.1):
    """Unequal side lengths must differ by at least ``rel`` so equal/unequal reads clearly."""
    ls = [math.sqrt(v) for v in sq]
    for i in range(len(ls)):
        for j in range(i + 1, len(ls)):
            if sq[i] != sq[j] and abs(ls[i] - ls[j]) / max(ls[i], ls[j]) < rel:
                return False
    return True


def _is_right(pts):
    n = len(pts)
    for i in range(n):
        a, b, c = pts[i - 1], pts[i], pts[(i + 1) % n]
        if (a[0] - b[0]) * (c[0] - b[0]) + (a[1] - b[1]) * (c[1] - b[1]) == 0:
            return True
    return False


@lru_cache(maxsize=1)
def _triangles():
    """Lattice triangles in the 5x5 box, by (has right angle, 'iso'|'scalene')."""
    grid = [(x, y) for x in range(BOX + 1) for y in range(BOX + 1)]
    seen, lib = set(), {}
    for i in range(len(grid)):
        for j in range(i + 1, len(grid)):
            for k in range(j + 1, len(grid)):
                t = [grid[i], grid[j], grid[k]]
                a2 = area2(t)
                if abs(a2) < 6:
                    continue
                key = _key(t)
                if key in seen:
                    continue
                seen.add(key)
                t = [list(p) for p in (t if a2 > 0 else t[::-1])]
                if not _angles_ok(t, lo=25.0, hi=150.0, right_margin=10.0):
                    continue
                sq = [dist2(t[m], t[(m + 1) % 3]) for m in range(3)]
                if not _sides_ok(sq, 0.15):
                    continue
                cls = "iso" if len(set(sq)) < 3 else "scalene"
                lib.setdefault((_is_right(t), cls), []).append(_norm(t))
    return lib


def _para_class(u, v):
    dot = u[0] * v[0] + u[1] * v[1]
    lu, lv = u[0] ** 2 + u[1] ** 2, v[0] ** 2 + v[1] ** 2
    if dot == 0:
        return "square" if lu == lv else "rectangle"
    return "rhombus" if lu == lv else "slanted"


@lru_cache(maxsize=1)
def _parallelograms():
    """Lattice parallelograms fitting the 5x5 box, by class (square, rectangle, rhombus, slanted)."""
    vecs = [(x, y) for x in range(-BOX, BOX + 1) for y in range(-BOX, BOX + 1) if (x, y) != (0, 0)]
    seen, lib = set(), {}
    for u in vecs:
        for v in vecs:
            cr = u[0] * v[1] - u[1] * v[0]
            if cr <= 3:   # counter-clockwise, area >= 2
                continue
            pts = [[0, 0], [u[0], u[1]], [u[0] + v[0], u[1] + v[1]], [v[0], v[1]]]
            x0, y0, x1, y1 = bbox(pts)
            if x1 - x0 > BOX or y1 - y0 > BOX:
                continue
            key = _key(pts)
            if key in seen:
                continue
            seen.add(key)
            if not _angles_ok(pts, lo=30.0, hi=150.0, right_margin=14.0):
                continue
            if not _sides_ok([u[0] ** 2 + u[1] ** 2, v[0] ** 2 + v[1] ** 2], 0.15):
                continue
            lib.setdefault(_para_class(u, v), []).append(_norm(pts))
    return lib


@lru_cache(maxsize=1)
def _hulls():
    """Convex lattice polygons (3-6 vertices) in the 5x5 box, plus concave ones, by vertex count.

    Built once from a fixed-seed search, so the libraries are identical in every process.
    """
    r = np.random.Generator(np.random.PCG64(20240611))
    convex, seen = {3: [], 4: [], 5: [], 6: []}, set()
    for _ in range(6000):
        m = int(r.integers(4, 10))
        pts = [[int(a), int(b)] for a, b in r.integers(0, BOX + 1, size=(m, 2))]
        h = convex_hull(pts)
        k = len(h)
        if k not in convex or abs(area2(h)) < 8:
            continue
        key = _key(h)
        if key in seen or not _angles_ok(h, lo=30.0, hi=160.0):
            continue
        seen.add(key)
        convex[k].append(_norm(h))
    concave = {4: [], 5: [], 6: []}
    for k in (3, 4, 5):
        for h in convex[k][:60]:
            for i in range(k):
                a, b = h[i], h[(i + 1) % k]
                for x in range(BOX + 1):
                    for y in range(BOX + 1):
                        p = [x, y]
                        if any(cross(h[j], h[(j + 1) % k], p) <= 0 for j in range(k)):
                            continue   # not strictly inside the hull
                        if cross(a, b, p) ** 2 < 0.8 ** 2 * dist2(a, b):
                            continue   # dent too shallow
                        poly = h[:i + 1] + [p] + h[i + 1:]
                        angs = interior_angles(poly)
                        if min(angs) < 35.0 or max(angs) < 205.0 or any(155 < t < 205 for t in angs):
                            continue
                        key = _key(poly)
                        if key not in seen:
                            seen.add(key)
                            concave[k + 1].append(_norm(poly))
    for a in range(2, BOX + 1):          # L shapes
        for b in range(1, BOX):
            for c in range(1, a):
                for d in range(b + 1, BOX + 1):
                    concave[6].append([[0, 0], [a, 0], [a, b], [c, b], [c, d], [0, d]])
    return convex, concave


@lru_cache(maxsize=1)
def _other_quads():
    """Convex quadrilaterals in the 5x5 box that are not parallelograms (trapezoids, kites, ...)."""
    convex, _ = _hulls()
    out = []
    for h in convex[4]:
        u = (h[1][0] - h[0][0], h[1][1] - h[0][1])
        w = (h[2][0] - h[3][0], h[2][1] - h[3][1])
        if u == w:
            continue   # a parallelogram
        out.append(h)
    return out


# ====================================================================== item constructors
def slot_origin(state, slot):
    kx = (state["cols"] - 1) // SLOT
    i, j = slot % kx, slot // kx
    return 1 + SLOT * i, state["rows"] - SLOT - SLOT * j


def place_poly(rng, state, slot, local):
    """Translate a normalised local polygon to a random offset inside the slot."""
    x0, y0 = slot_origin(state, slot)
    w = max(p[0] for p in local)
    h = max(p[1] for p in local)
    ox = int(rng.integers(0, int(BOX - math.ceil(w)) + 1))
    oy = int(rng.integers(0, int(BOX - math.ceil(h)) + 1))
    pts = [[x0 + ox + p[0], y0 + oy + p[1]] for p in local]
    return {"kind": "poly", "slot": slot, "pts": pts}


def _transform(pts, rng):
    """A random symmetry of the square (rotation/reflection), renormalised."""
    k = int(rng.integers(8))
    out = []
    for x, y in pts:
        if k & 1:
            x, y = y, x
        if k & 2:
            x = -x
        if k & 4:
            y = -y
        out.append([x, y])
    if (k & 1) + ((k >> 1) & 1) + ((k >> 2) & 1) in (1, 3):
        out = out[::-1]        # reflections flip orientation; keep counter-clockwise
    return _norm(out)


def pick(rng, seq):
    return seq[int(rng.integers(len(seq)))]


def make_triangle(rng, state, slot, right=None, cls=None):
    lib = _triangles()
    keys = [k for k in lib if (right is None or k[0] == right) and (cls is None or k[1] == cls)]
    key = pick(rng, keys)
    return place_poly(rng, state, slot, _transform(pick(rng, lib[key]), rng))


def make_equilateral(rng, state, slot):
    L = int(rng.integers(3, BOX + 1))
    hgt = round(L * SQRT3_2, 6)
    o = int(rng.integers(4))
    top = math.ceil(hgt)          # the base stays on grid lines; only the apex is off-lattice
    if o == 0:
        local = [[0, 0], [L, 0], [L / 2, hgt]]
    elif o == 1:
        local = [[0, top], [L / 2, top - hgt], [L, top]]
    elif o == 2:
        local = [[0, 0], [hgt, L / 2], [0, L]]
    else:
        local = [[top, 0], [top, L], [top - hgt, L / 2]]
    local = [[round(x, 6), round(y, 6)] for x, y in local]
    if area2(local) < 0:
        local = local[::-1]
    return place_poly(rng, state, slot, local)


def make_parallelogram(rng, state, slot, cls):
    return place_poly(rng, state, slot, _transform(pick(rng, _parallelograms()[cls]), rng))


def make_other_quad(rng, state, slot):
    return place_poly(rng, state, slot, _transform(pick(rng, _other_quads()), rng))


def make_convex(rng, state, slot, k):
    convex, _ = _hulls()
    return place_poly(rng, state, slot, _transform(pick(rng, convex[k]), rng))


def make_concave(rng, state, slot, k=None):
    _, concave = _hulls()
    if k is None:
        k = pick(rng, [4, 5, 6])
    return place_poly(rng, state, slot, _transform(pick(rng, concave[k]), rng))


def _center(rng, r):
    """A lattice (or box-centre) coordinate keeping a radius-r figure inside the 5-square box."""
    lo, hi = math.ceil(r), math.floor(BOX - r)
    return int(rng.integers(lo, hi + 1)) if lo <= hi else BOX / 2


def make_circle(rng, state, slot):
    x0, y0 = slot_origin(state, slot)
    r = pick(rng, [1.5, 2, 2, 2.5])
    return {"kind": "ellipse", "slot": slot, "c": [x0 + _center(rng, r), y0 + _center(rng, r)], "rx": r, "ry": r}


def make_ellipse(rng, state, slot):
    x0, y0 = slot_origin(state, slot)
    rx, ry = pick(rng, [(2.5, 1.5), (2.5, 1), (2, 1), (2.5, 1.5), (2, 1)])
    if rng.random() < 0.5:
        rx, ry = ry, rx
    return {"kind": "ellipse", "slot": slot, "c": [x0 + _center(rng, rx), y0 + _center(rng, ry)], "rx": rx, "ry": ry}


SHAPE_CLASSES = ("triangle", "quadrilateral", "pentagon", "hexagon", "circle", "ellipse")


def make_shape(rng, state, slot, cls):
    if cls == "triangle":
        return make_triangle(rng, state, slot)
    if cls == "quadrilateral":
        if rng.random() < 0.5:
            return make_parallelogram(rng, state, slot, pick(rng, ["square", "rectangle", "rhombus", "slanted"]))
        if rng.random() < 0.25:
            return make_concave(rng, state, slot, 4)
        return make_other_quad(rng, state, slot)
    if cls in ("pentagon", "hexagon"):
        k = 5 if cls == "pentagon" else 6
        return make_concave(rng, state, slot, k) if rng.random() < 0.3 else make_convex(rng, state, slot, k)
    if cls == "circle":
        return make_circle(rng, state, slot)
    return make_ellipse(rng, state, slot)


# ====================================================================== scene
class GraphPaper(Scene):
    domain, scene_id = "geometry", "graph_paper"
    size = (19 * UNIT + 2 * MARGIN, 13 * UNIT + 2 * MARGIN)
    description = ("Square graph paper with lattice shapes (polygons, circles, ellipses) or segments whose "
                   "vertices lie on grid points; some carry letter labels.")

    def canvas_size(self, state):
        return (state["cols"] * UNIT + 2 * MARGIN, state["rows"] * UNIT + 2 * MARGIN)

    def sample(self, rng, difficulty):
        kx, ky = LAYOUT[difficulty]
        state = {"cols": SLOT * kx + 1, "rows": SLOT * ky + 1, "items": []}
        lo, hi = N_ITEMS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        slots = sorted(int(s) for s in rng.choice(kx * ky, size=n, replace=False))
        state["items"] = [make_shape(rng, state, s, SHAPE_CLASSES[int(rng.integers(6))]) for s in slots]
        return state

    def render(self, c, state, params):
        cols, rows = state["cols"], state["rows"]
        v = LatticeView(x0=MARGIN, ytop=MARGIN, unit=UNIT, xmin=0, ymax=rows)
        bg = c.style.background
        gridc = blend(c.style.ink, bg, 0.26)
        shift = c.style.accent
        colors = [NAMED_COLORS[SHAPE_COLORS[(k + shift) % len(SHAPE_COLORS)]] for k in range(len(state["items"]))]
        # 1. pale fills under the grid, so the squares stay countable inside shapes
        for k, it in enumerate(state["items"]):
            fill = blend(colors[k], bg, 0.16)
            if it["kind"] == "poly":
                c.polygon(v.pts(it["pts"]), fill=fill)
            elif it["kind"] == "ellipse":
                cx, cy = v.px(*it["c"])
                c.ellipse(cx, cy, it["rx"] * UNIT, it["ry"] * UNIT, fill=fill)
        # 2. the grid
        draw_grid(c, MARGIN, MARGIN, cols, rows, UNIT, gridc)
        # 3. outlines, vertices, labels
        for k, it in enumerate(state["items"]):
            col = colors[k]
            if it["kind"] == "poly":
                pts = v.pts(it["pts"])
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
                anchor = (vx + 0.6 * UNIT * dx / L, vy + 0.6 * UNIT * dy / L)
            elif it["kind"] == "ellipse":
                cx, cy = v.px(*it["c"])
                rx, ry = it["rx"] * UNIT, it["ry"] * UNIT
                c.ellipse(cx, cy, rx, ry, stroke=col, lw=2.4, id=f"shape:{k}")
                anchor = (cx - 0.7071 * rx - 0.45 * UNIT, cy - 0.7071 * ry - 0.45 * UNIT)
            else:  # segment
                (ax, ay), (bx, by) = v.pts(it["pts"])
                c.line(ax, ay, bx, by, color=col, lw=3.0, id=f"seg:{k}")
                for x, y in ((ax, ay), (bx, by)):
                    c.circle(x, y, 4.0, fill=col)
                anchor = None
            lab = it.get("label")
            if lab:
                if it["kind"] == "seg":
                    lx, ly = v.px(*it["label_at"])
                else:
                    lx, ly = anchor
                label_box(c, lx, ly, lab, size=16, id=f"label:{k}")


SCENE = GraphPaper()
task = SCENE.task

UNIT_NOTE = "Each small square of the graph paper is 1 unit on a side."


# ====================================================================== shared task pieces
def _count_target(q):
    lo = N_ITEMS[q.difficulty][0]
    return q.target(range(0, min(lo, 5) + 1))


def _plant(q, t, make_target, make_other):
    """Rebuild the shapes: exactly ``t`` from ``make_target``, the rest from ``make_other``."""

    def build(s, r):
        slots = [it["slot"] for it in s["items"]]
        chosen = set(int(v) for v in r.choice(len(slots), size=t, replace=False))
        s["items"] = [make_target(r, s, sl) if k in chosen else make_other(r, s, sl)
                      for k, sl in enumerate(slots)]
        return s

    q.edit(build)
    return q.state["items"]


def _labelled(q, make):
    """Keep 3-6 slots (difficulty-dependent), fill them with ``make`` and letter them in reading order."""

    def build(s, r):
        kx, ky = LAYOUT[q.difficulty]
        lo, hi = N_LABELLED[q.difficulty]
        n = int(r.integers(lo, hi + 1))
        slots = sorted(int(v) for v in r.choice(kx * ky, size=n, replace=False))
        items = []
        for i, sl in enumerate(slots):
            it = make(r, s, sl)
            it["label"] = LETTERS[i]
            items.append(it)
        s["items"] = items
        return s

    q.edit(build)
    return q.state["items"]


def _single(q, pts, kind="poly"):
    def build(s, r):
        s["items"] = [{"kind": kind, "slot": -1, "pts": pts(r, s)}]
        return s

    q.edit(build)
    return q.state["items"][0]


def _vertex_ids(k, it):
    return [f"v:{k}:{i}" for i in range(len(it["pts"]))]


# ====================================================================== tasks
@task("area_extremum_label", answer="option_letter", annotation="bbox", ops="ranking,formula_evaluation",
      queries=("largest", "smallest"))
def area_extremum_label(q):
    fam = q.choice("shape_family", ["rectangle", "right_triangle"])

    def make(r, s, sl):
        a, b = int(r.integers(1, BOX + 1)), int(r.integers(1, BOX + 1))
        if a * b < 3:
            a, b = a + 1, b + 1
        if fam == "rectangle":
            local = [[0, 0], [a, 0], [a, b], [0, b]]
        else:
            local = _transform([[0, 0], [a, 0], [0, b]], r)
        return place_poly(r, s, sl, local)

    items = _labelled(q, make)
    areas = [abs(area2(it["pts"])) for it in items]       # doubled areas, exact
    best = max(areas) if q.query_id == "largest" else min(areas)
    hits = [k for k, a in enumerate(areas) if a == best]
    q.require(len(hits) == 1, "tied extreme area")
    k = hits[0]
    q.step("areas", doubled=areas, chosen=items[k]["label"])
    q.offer(len(items), "image")
    noun = "rectangle" if fam == "rectangle" else "right triangle"
    letters = [it["label"] for it in items]
    return q.answer(items[k]["label"], witnesses=f"shape:{k}", examples=letters,
                    question=(f"{UNIT_NOTE} Which lettered {noun} has the {q.query_id} area? "
                              f"Options: {', '.join(letters)}."))


@task("length_extremum_label", answer="option_letter", annotation="segment", ops="ranking,formula_evaluation",
      queries=("largest", "smallest"))
def length_extremum_label(q):
    def make(r, s, sl):
        while True:
            dx, dy = int(r.integers(0, BOX + 1)), int(r.integers(-BOX, BOX + 1))
            if dx * dx + dy * dy >= 4 and not (dx == 0 and dy < 0):
                break
        x0, y0 = slot_origin(s, sl)
        ox = int(r.integers(0, BOX - dx + 1))
        oy = int(r.integers(max(0, -dy), min(BOX, BOX - dy) + 1))
        a, b = [x0 + ox, y0 + oy], [x0 + ox + dx, y0 + oy + dy]
        # label beside the midpoint, on the upper-left side of the segment
        L = math.hypot(dx, dy)
        nx, ny = -dy / L, dx / L
        if ny < 0 or (ny == 0 and nx > 0):
            nx, ny = -nx, -ny
        mid = [(a[0] + b[0]) / 2 + 0.6 * nx, (a[1] + b[1]) / 2 + 0.6 * ny]
        return {"kind": "seg", "slot": sl, "pts": [a, b], "label_at": [round(mid[0], 4), round(mid[1], 4)]}

    items = _labelled(q, make)
    lens = [dist2(*it["pts"]) for it in items]
    best = max(lens) if q.query_id == "largest" else min(lens)
    hits = [k for k, v in enumerate(lens) if v == best]
    q.require(len(hits) == 1, "tied extreme length")
    k = hits[0]
    q.step("squared_lengths", values=lens, chosen=items[k]["label"])
    q.offer(len(items), "image")
    word = "longest" if q.query_id == "largest" else "shortest"
    letters = [it["label"] for it in items]
    return q.answer(items[k]["label"], witnesses=f"seg:{k}", examples=letters,
                    question=f"{UNIT_NOTE} Which lettered line segment is the {word}? Options: {', '.join(letters)}.")


SLOPE_DENS = {1: (1, 2), 2: (1, 2, 4), 3: (1, 2, 4, 5)}


@task("line_slope_value", answer="number", annotation="segment", ops="formula_evaluation")
def line_slope_value(q):
    def pts(r, s):
        W, H = s["cols"] - 2, s["rows"] - 2
        while True:
            den = pick(r, SLOPE_DENS[q.difficulty])
            num = int(r.integers(-4 * den, 4 * den + 1))
            if math.gcd(num, den) != 1 or (num == 0 and r.random() < 0.7):
                continue
            ms = [m for m in range(1, 20) if den * m <= W and abs(num) * m <= H and den * m >= 2]
            if ms:
                break
        m = pick(r, ms)
        run, rise = den * m, num * m
        x0 = 1 + int(r.integers(0, W - run + 1))
        y0 = 1 + int(r.integers(max(0, -rise), H - max(0, rise) + 1))
        return [[x0, y0], [x0 + run, y0 + rise]] if r.random() < 0.5 else [[x0 + run, y0 + rise], [x0, y0]]

    it = _single(q, pts, kind="seg")
    (ax, ay), (bx, by) = it["pts"]
    slope = (by - ay) / (bx - ax)
    q.step("rise_over_run", rise=by - ay, run=bx - ax)
    return q.answer(slope, witnesses="seg:0", rounding=2,
                    question=(f"{UNIT_NOTE} The x axis runs to the right and the y axis runs up. "
                              f"What is the slope of the drawn line segment?"))


def _area_polygon(r, s, fam, d):
    W, H = s["cols"] - 2, s["rows"] - 2
    while True:
        if fam == "rectangle":
            if d == 3 and r.random() < 0.5:
                a, b = int(r.integers(1, 4)), int(r.integers(1, 4))
                m = int(r.integers(1, 4))
                u, v = (a, b), (-b * m, a * m)
                local = _norm([[0, 0], list(u), [u[0] + v[0], u[1] + v[1]], list(v)])
            else:
                w, h = int(r.integers(2, W + 1)), int(r.integers(2, H + 1))
                local = [[0, 0], [w, 0], [w, h], [0, h]]
        elif fam == "parallelogram":
            b, h = int(r.integers(2, 9)), int(r.integers(2, H + 1))
            sh = int(r.integers(-6, 7))
            if sh == 0:
                continue
            local = _norm([[0, 0], [b, 0], [b + sh, h], [sh, h]])
            if d == 3 and r.random() < 0.5:
                local = [[y, x] for x, y in local][::-1]
        else:
            if d == 1:
                b, h = int(r.integers(2, 11)), int(r.integers(2, H + 1))
                apex = int(r.integers(-3, b + 4))
                local = _norm([[0, 0], [b, 0], [apex, h]])
            else:
                local = [[int(r.integers(0, 13)), int(r.integers(0, H + 1))] for _ in range(3)]
                axis = sum(local[i][0] == local[i - 1][0] or local[i][1] == local[i - 1][1] for i in range(3))
                if (d == 2 and axis != 1) or (d == 3 and axis != 0):
                    continue
                local = _norm(local)
            if abs(area2(local)) % 2 or abs(area2(local)) < 6 or min(interior_angles(local)) < 15:
                continue
        x1, y1 = max(p[0] for p in local), max(p[1] for p in local)
        if x1 <= W and y1 <= H and abs(area2(local)) >= 6:
            break
    if area2(local) < 0:
        local = local[::-1]
    ox, oy = 1 + int(r.integers(0, W - x1 + 1)), 1 + int(r.integers(0, H - y1 + 1))
    return [[p[0] + ox, p[1] + oy] for p in local]


@task("polygon_area_value", answer="integer", annotation="point_set", ops="formula_evaluation")
def polygon_area_value(q):
    fam = q.choice("shape_family", ["rectangle", "triangle", "parallelogram"])
    it = _single(q, lambda r, s: _area_polygon(r, s, fam, q.difficulty))
    a2 = abs(area2(it["pts"]))
    q.require(a2 % 2 == 0, "area not an integer")
    q.step("shoelace", doubled_area=a2)
    return q.answer(a2 // 2, witnesses=_vertex_ids(0, it),
                    question=f"{UNIT_NOTE} What is the area of the {fam} drawn on the graph paper, in square units?")


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
    hits = [k for k, it in enumerate(items) if is_convex(it["pts"]) == want_convex]
    q.step("classify", matching=hits)
    word = "convex" if want_convex else "concave (at least one interior angle greater than 180°)"
    return q.answer(len(hits), witnesses=[f"shape:{k}" for k in hits],
                    question=f"How many of the polygons drawn on the graph paper are {word}?")


@lru_cache(maxsize=1)
def _int_vectors():
    """Lattice vectors of integer length with components up to 23: axis vectors and Pythagorean ones."""
    out = set()
    for x in range(-23, 24):
        for y in range(-23, 24):
            if (x, y) != (0, 0) and math.isqrt(x * x + y * y) ** 2 == x * x + y * y:
                out.add((x, y))
    return sorted(out)


@lru_cache(maxsize=1)
def _int_triangles():
    """Lattice triangles (normalised) whose three sides all have integer length."""
    vecs = _int_vectors()
    vs = set(vecs)
    seen, out = set(), []
    for a in vecs:
        for b in vecs:
            if a[0] * b[1] - a[1] * b[0] <= 0:
                continue
            c = (-a[0] - b[0], -a[1] - b[1])
            if c not in vs:
                continue
            pts = _norm([[0, 0], list(a), [a[0] + b[0], a[1] + b[1]]])
            key = _key(pts)
            if key in seen or min(interior_angles(pts)) < 18:
                continue
            seen.add(key)
            axis = sum(v[0] == 0 or v[1] == 0 for v in (a, b, c))
            out.append((pts, axis))
    return out


def _perimeter_polygon(r, s, fam, d):
    W, H = s["cols"] - 2, s["rows"] - 2
    pyth = [v for v in _int_vectors() if v[0] != 0 and v[1] != 0]
    while True:
        if fam == "rectangle":
            if d == 3 and r.random() < 0.5:
                u = pick(r, pyth)
                m = int(r.integers(1, 3))
                g = math.gcd(abs(u[0]), abs(u[1]))
                v = (-u[1] // g * m, u[0] // g * m)     # perpendicular, length m * |u| / g (an integer)
                local = _norm([[0, 0], list(u), [u[0] + v[0], u[1] + v[1]], list(v)])
            else:
                w, h = int(r.integers(2, W + 1)), int(r.integers(2, H + 1))
                local = [[0, 0], [w, 0], [w, h], [0, h]]
        elif fam == "parallelogram":
            u = pick(r, pyth)
            if d == 3 and r.random() < 0.5:
                v = pick(r, pyth)
            else:
                b = int(r.integers(2, 11))
                v = (b, 0) if r.random() < 0.6 else (0, b)
            cr = u[0] * v[1] - u[1] * v[0]
            if cr == 0 or u[0] * v[0] + u[1] * v[1] == 0:
                continue
            local = _norm([[0, 0], list(u), [u[0] + v[0], u[1] + v[1]], list(v)])
        else:
            tris = _int_triangles()
            pts, axis = pick(r, tris)
            if d == 1 and axis < 2:
                continue
            local = _transform(pts, r)
        x1, y1 = max(p[0] for p in local), max(p[1] for p in local)
        if x1 <= W and y1 <= H and min(interior_angles(local)) >= 15:
            break
    if area2(local) < 0:
        local = local[::-1]
    ox, oy = 1 + int(r.integers(0, W - x1 + 1)), 1 + int(r.integers(0, H - y1 + 1))
    return [[p[0] + ox, p[1] + oy] for p in local]


@task("polygon_perimeter_value", answer="integer", annotation="point_set", ops="formula_evaluation")
def polygon_perimeter_value(q):
    fam = q.choice("shape_family", ["rectangle", "triangle", "parallelogram"])
    it = _single(q, lambda r, s: _perimeter_polygon(r, s, fam, q.difficulty))
    pts = it["pts"]
    sides = []
    for i in range(len(pts)):
        d2 = dist2(pts[i], pts[(i + 1) % len(pts)])
        root = math.isqrt(d2)
        q.require(root * root == d2, "side of non-integer length")
        sides.append(root)
    q.step("side_lengths", sides=sides)
    return q.answer(sum(sides), witnesses=_vertex_ids(0, it),
                    question=f"{UNIT_NOTE} What is the perimeter of the {fam} drawn on the graph paper, in units?")


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
    return _para_class(u, v)


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
    hits = [k for k, it in enumerate(items) if quad_class(it["pts"]) == target]
    q.step("classify", target=target, matching=hits)
    return q.answer(len(hits), witnesses=[f"shape:{k}" for k in hits],
                    question=(f"{UNIT_NOTE} How many of the quadrilaterals drawn on the graph paper are {words}?"))


# ---------------------------------------------------------------------- right angles
RA_COLUMNS = {1: (2, 3), 2: (3, 4), 3: (4, 5)}
RA_SUPPORT = {1: 5, 2: 6, 3: 7}


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
    t = q.target(range(0, RA_SUPPORT[q.difficulty] + 1))

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
    poly = it["pts"]
    n = len(poly)
    right = [i for i in range(n)
             if cross(poly[i - 1], poly[i], poly[(i + 1) % n]) > 0
             and (poly[i - 1][0] - poly[i][0]) * (poly[(i + 1) % n][0] - poly[i][0])
             + (poly[i - 1][1] - poly[i][1]) * (poly[(i + 1) % n][1] - poly[i][1]) == 0]
    q.balance(len(right), range(0, RA_SUPPORT[q.difficulty] + 1))
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
    hits = [k for k, it in enumerate(items) if triangle_class_hit(it["pts"], qid)]
    q.step("classify", query=qid, matching=hits)
    return q.answer(len(hits), witnesses=[f"shape:{k}" for k in hits],
                    question=f"{UNIT_NOTE} How many of the triangles drawn on the graph paper are {TRI_WORDS[qid]}?")
