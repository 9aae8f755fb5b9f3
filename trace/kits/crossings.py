"""Where drawn lattice shapes meet: segments, circles and polygons with integer coordinates and
radii, as a scene keeps them in its state::

    {"kind": "segment", "a": [x, y], "b": [x, y]}
    {"kind": "circle", "c": [x, y], "r": r}
    {"kind": "polygon", "pts": [[x, y], ...]}

``meet(s, t)`` returns the points two shapes share and whether the picture reads cleanly: every
crossing is a proper crossing or an exact tangency (decided on integers), at least ``MARGIN``
lattice units from an end of a segment and from a polygon corner, and a pair that does not meet
keeps at least ``MARGIN`` apart near its closest approach.  Shapes that overlap along a stretch
(collinear segments, equal circles) are never clean.  ``on_boundary`` is an exact test for
lattice points.
"""

from __future__ import annotations

import math

MARGIN = 0.3


def _sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def _cross(u, v):
    return u[0] * v[1] - u[1] * v[0]


def _dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def edges(shape):
    """The straight pieces of a shape: a segment's one, a polygon's sides, a circle's none."""
    if shape["kind"] == "segment":
        return [(tuple(shape["a"]), tuple(shape["b"]))]
    if shape["kind"] == "polygon":
        p = [tuple(v) for v in shape["pts"]]
        return [(p[i], p[(i + 1) % len(p)]) for i in range(len(p))]
    return []


def corners(shape):
    """Points where a crossing would be ambiguous: segment ends and polygon corners."""
    if shape["kind"] == "segment":
        return [tuple(shape["a"]), tuple(shape["b"])]
    if shape["kind"] == "polygon":
        return [tuple(v) for v in shape["pts"]]
    return []


def _seg_dist(p, a, b):
    d = _sub(b, a)
    L = _dot(d, d)
    t = 0.0 if L == 0 else max(0.0, min(1.0, _dot(_sub(p, a), d) / L))
    return math.hypot(p[0] - a[0] - t * d[0], p[1] - a[1] - t * d[1])


def _seg_seg(a, b, c, d):
    """(points, clean) for two closed segments."""
    r, s = _sub(b, a), _sub(d, c)
    den = _cross(r, s)
    if den == 0:
        if _cross(_sub(c, a), r) == 0:       # collinear: overlapping or touching end to end
            return [], min(_seg_dist(c, a, b), _seg_dist(d, a, b), _seg_dist(a, c, d), _seg_dist(b, c, d)) > MARGIN
        return [], True
    t = _cross(_sub(c, a), s) / den
    u = _cross(_sub(c, a), r) / den
    la, lc = math.hypot(*r), math.hypot(*s)
    inside_a, inside_c = -1e-12 <= t <= 1 + 1e-12, -1e-12 <= u <= 1 + 1e-12
    if inside_a and inside_c:
        p = (a[0] + t * r[0], a[1] + t * r[1])
        clean = min(t, 1 - t) * la > MARGIN and min(u, 1 - u) * lc > MARGIN
        return [p], clean
    gap = min(_seg_dist(c, a, b), _seg_dist(d, a, b), _seg_dist(a, c, d), _seg_dist(b, c, d))
    return [], gap > MARGIN


def _seg_circle(a, b, center, r):
    d = _sub(b, a)
    f = _sub(a, center)
    L2 = _dot(d, d)
    cr = _cross(d, _sub(center, a))
    lhs, rhs = cr * cr, r * r * L2                  # squared distance to the line x L2, against r^2 x L2
    L = math.sqrt(L2)
    dist = abs(cr) / L
    ends_ok = all(abs(math.hypot(*_sub(p, center)) - r) > MARGIN for p in (a, b))
    if lhs > rhs:                                   # the line misses the circle
        return [], dist - r > MARGIN or _seg_dist(center, a, b) - r > MARGIN
    if lhs == rhs:                                  # tangent line: one touching point
        t = -_dot(f, d) / L2
        if 0 <= t <= 1:
            p = (a[0] + t * d[0], a[1] + t * d[1])
            return [p], min(t, 1 - t) * L > MARGIN
        return [], ends_ok
    if r - dist < MARGIN:                           # a near-tangent crossing reads as a touch
        return [], False
    half = math.sqrt(r * r - dist * dist) / L
    t0 = -_dot(f, d) / L2
    pts, clean = [], ends_ok
    for t in (t0 - half, t0 + half):
        if 0 <= t <= 1:
            pts.append((a[0] + t * d[0], a[1] + t * d[1]))
    return pts, clean


def _circle_circle(c1, r1, c2, r2):
    d2 = (c1[0] - c2[0]) ** 2 + (c1[1] - c2[1]) ** 2
    if d2 == 0:
        return [], r1 != r2 and abs(r1 - r2) > MARGIN
    d = math.sqrt(d2)
    outer, inner = (r1 + r2) ** 2, (r1 - r2) ** 2
    if d2 > outer or d2 < inner:
        return [], min(abs(d - (r1 + r2)), abs(d - abs(r1 - r2))) > MARGIN
    ux, uy = (c2[0] - c1[0]) / d, (c2[1] - c1[1]) / d
    if d2 == outer or d2 == inner:
        s = r1 if d2 == outer else (r1 if r1 > r2 else -r1)
        return [(c1[0] + ux * s, c1[1] + uy * s)], True
    along = (d2 + r1 * r1 - r2 * r2) / (2 * d)
    h = math.sqrt(max(0.0, r1 * r1 - along * along))
    clean = min(abs(d - (r1 + r2)), abs(d - abs(r1 - r2))) > MARGIN
    mx, my = c1[0] + ux * along, c1[1] + uy * along
    return [(mx - uy * h, my + ux * h), (mx + uy * h, my - ux * h)], clean


def _dedupe(pts, tol=1e-7):
    out = []
    for p in pts:
        if all(math.hypot(p[0] - q[0], p[1] - q[1]) > tol for q in out):
            out.append(p)
    return out


def meet(s, t):
    """(points, clean): the points shapes ``s`` and ``t`` share and whether the picture shows
    them unambiguously (see the module docstring)."""
    if s["kind"] == "circle" and t["kind"] == "circle":
        return _circle_circle(tuple(s["c"]), s["r"], tuple(t["c"]), t["r"])
    if t["kind"] == "circle":
        s, t = t, s
    pts, clean = [], True
    if s["kind"] == "circle":
        for a, b in edges(t):
            p, ok = _seg_circle(a, b, tuple(s["c"]), s["r"])
            pts += p
            clean &= ok
    else:
        for a, b in edges(s):
            for c, d in edges(t):
                p, ok = _seg_seg(a, b, c, d)
                pts += p
                clean &= ok
    pts = _dedupe(pts)
    for p in pts:                                    # nothing crosses at (or near) a corner
        for q in corners(s) + corners(t):
            if math.hypot(p[0] - q[0], p[1] - q[1]) <= MARGIN:
                clean = False
    return pts, clean


def on_boundary(p, shape) -> bool:
    """Exact: does lattice point ``p`` lie on the shape's outline?"""
    if shape["kind"] == "circle":
        return (p[0] - shape["c"][0]) ** 2 + (p[1] - shape["c"][1]) ** 2 == shape["r"] ** 2
    for a, b in edges(shape):
        if _cross(_sub(b, a), _sub(p, a)) == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) \
                and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]):
            return True
    return False


def boundary_gap(p, shape) -> float:
    """Distance from point ``p`` to the shape's outline."""
    if shape["kind"] == "circle":
        return abs(math.hypot(p[0] - shape["c"][0], p[1] - shape["c"][1]) - shape["r"])
    return min(_seg_dist(p, a, b) for a, b in edges(shape))


def contains(p, shape) -> bool:
    """Strictly inside a circle or polygon (points on the outline are the caller's concern)."""
    if shape["kind"] == "circle":
        return (p[0] - shape["c"][0]) ** 2 + (p[1] - shape["c"][1]) ** 2 < shape["r"] ** 2
    if shape["kind"] != "polygon":
        return False
    x, y = p
    res = False
    pts = shape["pts"]
    for i in range(len(pts)):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % len(pts)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            res = not res
    return res
