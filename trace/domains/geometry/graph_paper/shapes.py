"""Lattice shape libraries and constructors for geometry/graph_paper.

Every vertex sits on a grid point (the one exception: the apex of an equilateral triangle,
which no lattice can hold).  Multi-shape scenes place one item per 6x6 slot (a 5x5 drawing
box plus a one-square gutter); constructors return items ``{"kind": "poly" | "ellipse" |
"seg" | "angle", "slot": k, ...}`` in lattice units with y up.  The libraries are built once
from exhaustive or fixed-seed searches, so they are identical in every process.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from tracegen.kits.geometry import area2, bbox, convex_hull, cross, dist2, interior_angles, pick

SLOT = 6           # slot pitch in squares (5 for the shape, 1 gutter)
BOX = 5            # drawing box of one slot
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


def para_class(u, v):
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
            lib.setdefault(para_class(u, v), []).append(_norm(pts))
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



# ====================================================================== labelled items
def box_points(state, slot):
    x0, y0 = slot_origin(state, slot)
    return [(x0 + i, y0 + j) for i in range(BOX + 1) for j in range(BOX + 1)]


def angle_deg(a, v, b) -> float:
    """The angle a-v-b in degrees (0..180)."""
    u = (a[0] - v[0], a[1] - v[1])
    w = (b[0] - v[0], b[1] - v[1])
    return math.degrees(math.atan2(abs(u[0] * w[1] - u[1] * w[0]), u[0] * w[0] + u[1] * w[1]))


def make_angle(rng, state, slot, lo, hi):
    """Two arms (at least 2 units long) from a lattice vertex to lattice points of the slot's box,
    the angle between them in [lo, hi] degrees (exactly 90 when lo == hi == 90); None if none found."""
    pts = box_points(state, slot)
    for _ in range(300):
        v, a = pick(rng, pts), pick(rng, pts)
        if dist2(a, v) < 4:
            continue
        if lo == hi == 90:
            u = (a[0] - v[0], a[1] - v[1])
            g = math.gcd(*u)
            k = int(rng.integers(1, 4))
            w = (-u[1] // g * k, u[0] // g * k) if rng.random() < 0.5 else (u[1] // g * k, -u[0] // g * k)
            b = (v[0] + w[0], v[1] + w[1])
            if b not in pts or dist2(b, v) < 4:
                continue
        else:
            b = pick(rng, pts)
            if dist2(b, v) < 4 or not lo <= angle_deg(a, v, b) <= hi:
                continue
        return {"kind": "angle", "slot": slot, "pts": [list(a), list(v), list(b)]}
    return None


def make_box_shape(rng, state, slot, family, a, b):
    """An a x b rectangle or a right triangle with legs a and b (axis-parallel legs, any corner)."""
    local = [[0, 0], [a, 0], [a, b], [0, b]] if family == "rectangle" else _transform([[0, 0], [a, 0], [0, b]], rng)
    return place_poly(rng, state, slot, local)


def make_segment(rng, state, slot):
    """A labelled lattice segment inside the slot's box, its label beside the midpoint."""
    while True:
        dx, dy = int(rng.integers(0, BOX + 1)), int(rng.integers(-BOX, BOX + 1))
        if dx * dx + dy * dy >= 4 and not (dx == 0 and dy < 0):
            break
    x0, y0 = slot_origin(state, slot)
    ox = int(rng.integers(0, BOX - dx + 1))
    oy = int(rng.integers(max(0, -dy), min(BOX, BOX - dy) + 1))
    a, b = [x0 + ox, y0 + oy], [x0 + ox + dx, y0 + oy + dy]
    L = math.hypot(dx, dy)
    nx, ny = -dy / L, dx / L
    if ny < 0 or (ny == 0 and nx > 0):
        nx, ny = -nx, -ny
    mid = [(a[0] + b[0]) / 2 + 0.6 * nx, (a[1] + b[1]) / 2 + 0.6 * ny]
    return {"kind": "seg", "slot": slot, "pts": [a, b], "label_at": [round(mid[0], 4), round(mid[1], 4)]}
