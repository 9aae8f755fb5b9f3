"""geometry/coordinate_plane, the counting tasks: dots collinear with two reference points, inside a
lattice polygon, in one quadrant, and segments in a given relation to a reference segment.
"""

from __future__ import annotations

import math

from tracegen.kits.geometry import area2, boundary_dist, cross, inside, pick, segments_cross

from .scene import _dot_ids, _reads_points, _shuffle, lattice, sample_subset, task


# ====================================================================== counting tasks
DIRS = {1: [(1, 0), (0, 1), (1, 1), (1, -1), (1, 2), (2, 1)],
        2: [(1, 1), (1, -1), (1, 2), (2, 1), (1, -2), (2, -1)],
        3: [(1, 2), (2, 1), (1, -2), (2, -1), (1, 3), (3, 1), (1, -3), (3, -1), (2, 3), (3, 2)]}
COLLINEAR = {1: range(0, 5), 2: range(1, 7), 3: range(2, 8)}


def on_line(p, a, b):
    return cross(a, b, p) == 0


@task("collinear_point_count", answer="integer", annotation="point_set",
      ops="filtering,counting,spatial_relations")
def collinear_point_count(q):
    t = q.target(COLLINEAR[q.difficulty])

    def build(s, r):
        R, n = s["R"], max(len(s["dots"]), t + 3)
        grid = lattice(R)
        for _ in range(60):
            d = pick(r, DIRS[q.difficulty])
            base = pick(r, grid)
            line = [p for p in grid if (p[0] - base[0]) * d[1] - (p[1] - base[1]) * d[0] == 0]
            if len(line) < t + 2:
                continue
            A, B = sample_subset(r, line, 2)
            if math.dist(A, B) < 3:
                continue
            rest = [p for p in line if p not in (A, B)]
            on = sample_subset(r, rest, t)
            L = math.hypot(*d)
            near, far = [], []
            for p in grid:
                dist = abs((p[0] - A[0]) * d[1] - (p[1] - A[1]) * d[0]) / L
                if dist > 0.01:
                    (near if dist < 1.2 * q.difficulty else far).append(p)
            n_near = min(len(near), int(r.integers(1, n - t + 1)))
            off = sample_subset(r, near, n_near) + sample_subset(r, far, n - t - n_near)
            s["refs"] = [{"label": "A", "x": A[0], "y": A[1]}, {"label": "B", "x": B[0], "y": B[1]}]
            s["dots"] = [list(p) for p in _shuffle(r, on + off)]
            return s
        return s

    s = q.edit(build)
    q.require(len(s["refs"]) == 2, "no line with enough lattice points")
    A, B = [(p["x"], p["y"]) for p in s["refs"]]
    _reads_points(q, [A, B] + s["dots"])
    hits = _dot_ids(s["dots"], lambda p: on_line(p, A, B))
    q.step("on_line", dots=hits)
    return q.answer(len(hits), witnesses=hits,
                    question=("The plane shows the labelled points A and B and some unlabelled dots. How many of the "
                              "dots lie on the straight line through A and B (the line itself is not drawn)?"))


def interior_points(poly):
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return [(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)
            if inside((x, y), poly) and boundary_dist((x, y), poly) > 1e-9]


INTERIOR = {1: range(1, 6), 2: range(2, 9), 3: range(3, 13)}


def _lattice_polygon(r, R, d, want):
    """A lattice polygon with ``want`` interior lattice points: a triangle (d1), a triangle or
    convex quadrilateral (d2), or a polygon of 4-6 vertices, possibly concave (d3)."""
    size = max(3, round(math.sqrt(4 * (want + 3))))
    for _ in range(300):
        s = int(r.integers(max(2, size - 2), size + 3))
        x0, y0 = int(r.integers(-R, R - s + 1)), int(r.integers(-R, R - s + 1))
        k = 3 if d == 1 or (d == 2 and r.random() < 0.5) else int(r.integers(4, 7 if d == 3 else 5))
        pts = [(x0 + int(a), y0 + int(b)) for a, b in zip(r.integers(0, s + 1, size=k), r.integers(0, s + 1, size=k))]
        if len(set(pts)) < k:
            continue
        # order around the centroid (a star-shaped, hence simple, polygon)
        gx, gy = sum(p[0] for p in pts) / k, sum(p[1] for p in pts) / k
        pts.sort(key=lambda p: math.atan2(p[1] - gy, p[0] - gx))
        if d < 3 and any(cross(pts[i - 1], pts[i], pts[(i + 1) % k]) <= 0 for i in range(k)):
            continue                                   # convex below difficulty 3
        if any(cross(pts[i - 1], pts[i], pts[(i + 1) % k]) == 0 for i in range(k)):
            continue                                   # no straight angles
        if abs(area2(pts)) < 4 or any(segments_cross(pts[i], pts[(i + 1) % k], pts[j], pts[(j + 1) % k])
                                      for i in range(k) for j in range(i + 2, k) if (j + 1) % k != i):
            continue
        if len(interior_points(pts)) == want:
            return [list(p) for p in pts]
    return None


@task("point_in_polygon_count", answer="integer", annotation="point_set",
      ops="filtering,counting,spatial_relations")
def point_in_polygon_count(q):
    t = q.target(INTERIOR[q.difficulty])

    def build(s, r):
        poly = _lattice_polygon(r, s["R"], q.difficulty, t)
        if poly:
            s.update(polygon=poly, dots=[], refs=[])
        return s

    s = q.edit(build)
    q.require(bool(s.get("polygon")), "no polygon with the target interior count")
    pts = interior_points(s["polygon"])
    _reads_points(q, s["polygon"])
    q.step("interior_lattice_points", points=[list(p) for p in pts])
    return q.answer(len(pts), witnesses=[f"lp:{x}:{y}" for x, y in pts],
                    question=("How many grid points (points whose coordinates are both integers) lie strictly inside "
                              "the polygon? Points on its boundary do not count."))


def quadrant(x, y):
    return (1 if y > 0 else 4) if x > 0 else (2 if y > 0 else 3)


SAME_QUADRANT = {1: range(0, 5), 2: range(1, 7), 3: range(2, 9)}
QUADRANT_DOTS = {1: (6, 8), 2: (9, 12), 3: (13, 16)}


@task("same_quadrant_point_count", answer="integer", annotation="point_set",
      ops="filtering,counting,spatial_relations")
def same_quadrant_point_count(q):
    t = q.target(SAME_QUADRANT[q.difficulty])

    def build(s, r):
        R = s["R"]
        lo, hi = QUADRANT_DOTS[q.difficulty]
        n = max(int(r.integers(lo, hi + 1)), t + 2)
        cells = [p for p in lattice(R) if p[0] != 0 and p[1] != 0]
        ref = pick(r, cells)
        qr = quadrant(*ref)
        same = [p for p in cells if quadrant(*p) == qr and p != ref]
        other = [p for p in cells if quadrant(*p) != qr]
        near = [p for p in other if min(abs(p[0]), abs(p[1])) == 1] if q.difficulty > 1 else []
        k_near = min(len(near), int(r.integers(0, (n - t) // 2 + 1)))
        picked = sample_subset(r, near, k_near)
        far = [p for p in other if p not in picked]
        pts = sample_subset(r, same, t) + picked + sample_subset(r, far, n - t - k_near)
        s["refs"] = [{"label": "", "x": ref[0], "y": ref[1], "mark": "cross"}]
        s["dots"] = [list(p) for p in _shuffle(r, pts)]
        return s

    s = q.edit(build)
    ref = s["refs"][0]
    qr = quadrant(ref["x"], ref["y"])
    _reads_points(q, [(ref["x"], ref["y"])] + s["dots"])
    hits = _dot_ids(s["dots"], lambda p: quadrant(*p) == qr)
    q.step("quadrant", reference=qr, dots=hits)
    return q.answer(len(hits), witnesses=hits,
                    question=("The plane shows one point marked with an X and some dots. How many of the dots lie in "
                              "the same quadrant as the X? (No dot lies on an axis.)"))


SEG_COUNT = {1: (4, 5), 2: (6, 7), 3: (8, 10)}
SEG_TARGET = {1: range(0, 4), 2: range(0, 6), 3: range(1, 8)}
SEG_DIRS = [(1, 0), (0, 1), (1, 1), (1, -1), (1, 2), (2, 1), (1, -2), (2, -1), (1, 3), (3, 1), (1, -3), (3, -1),
            (2, 3), (3, 2), (2, -3), (3, -2)]


def _place_segment(r, R, d, placed, tries=40):
    """A segment k * d (k = 1..3 times the primitive direction) that touches no placed segment."""
    for _ in range(tries):
        k = int(r.integers(1, 4))
        if max(abs(d[0]), abs(d[1])) * k < 2:
            k = 2
        v = (d[0] * k, d[1] * k)
        a = (int(r.integers(-R, R + 1)), int(r.integers(-R, R + 1)))
        b = (a[0] + v[0], a[1] + v[1])
        if not (-R <= b[0] <= R and -R <= b[1] <= R):
            continue
        if any(segments_cross(a, b, p, q_) for p, q_ in placed):
            continue
        return a, b
    return None


@task("segment_relation_count", answer="integer", annotation="segment_set",
      ops="filtering,counting,spatial_relations", queries=("parallel_count", "perpendicular_count"))
def segment_relation_count(q):
    t = q.target(SEG_TARGET[q.difficulty])
    parallel = q.query_id == "parallel_count"

    def build(s, r):
        R = s["R"]
        lo, hi = SEG_COUNT[q.difficulty]
        m = max(int(r.integers(lo, hi + 1)), t + 1)
        d = pick(r, SEG_DIRS)
        perp = (-d[1], d[0])
        want, foil = (d, perp) if parallel else (perp, d)
        others = [e for e in SEG_DIRS if e[0] * d[1] - e[1] * d[0] != 0 and e[0] * d[0] + e[1] * d[1] != 0]
        ab = _place_segment(r, R, d, [])
        if ab is None:
            return s
        placed = [ab]
        n_foil = int(r.integers(0, min(2, m - t) + 1))
        dirs = [want] * t + [foil] * n_foil + [pick(r, others) for _ in range(m - t - n_foil)]
        for e in dirs:
            sg = _place_segment(r, R, e, placed)
            if sg is None:
                return s
            placed.append(sg)
        order = [0] + [1 + int(i) for i in r.permutation(m)]
        segs = [placed[i] for i in order]
        s.update(dots=[], segments=[[list(a), list(b)] for a, b in segs],
                 refs=[{"label": "A", "x": segs[0][0][0], "y": segs[0][0][1], "mark": "dot"},
                       {"label": "B", "x": segs[0][1][0], "y": segs[0][1][1], "mark": "dot"}])
        return s

    s = q.edit(build)
    q.require(bool(s.get("segments")), "segments did not fit")
    (a, b), rest = s["segments"][0], s["segments"][1:]
    u = (b[0] - a[0], b[1] - a[1])
    _reads_points(q, [p for sg in s["segments"] for p in sg])

    def rel(sg):
        v = (sg[1][0] - sg[0][0], sg[1][1] - sg[0][1])
        return u[0] * v[1] - u[1] * v[0] == 0 if parallel else u[0] * v[0] + u[1] * v[1] == 0

    hits = [f"seg:{k + 1}" for k, sg in enumerate(rest) if rel(sg)]
    word = "parallel" if parallel else "perpendicular"
    q.step("relation", relation=word, segments=hits)
    return q.answer(len(hits), witnesses=hits,
                    question=(f"Segment AB is drawn with its endpoints labelled, along with {len(rest)} other unlabelled "
                              f"segments. How many of the other segments are {word} to AB?"))
