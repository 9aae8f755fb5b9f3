"""geometry/coordinate_panels: six lettered coordinate panels (A-F) in a 3 x 2 grid, each a small
plane with axes, a unit grid and tick labels every two units.  Per task every panel shows a
source point set (circles) and a candidate point set (diamonds), four unlabelled points, or two
coloured segments; exactly one panel shows the asked transform, quadrilateral or relation.

All points are lattice points, so every relation is exact: transforms map lattice points to
lattice points, quadrilateral types are decided on squared side lengths and cross / dot
products, and segment relations on direction vectors.  Distractor panels show near slips: the
other transforms or the right one with a point moved; the other quadrilateral types, kites,
trapezoids and irregular ones; directions a few degrees off and lengths a little different.

Difficulty: the planes grow (-4..4, -5..5, -6..6), point sets have 2, 3 or 4 points, and the
near misses get closer.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.geometry import convex_hull, pick, rint, segments_cross
from tracegen.kits.plane import Plane, draw_plane, mark

LETTERS = "ABCDEF"
RANGE = {1: 4, 2: 5, 3: 6}
SIZE = (1000, 700)


class CoordinatePanels(Scene):
    domain, scene_id, size = "geometry", "coordinate_panels", SIZE
    megapixels = (0.62, 0.86)   # render-only: the original's one 1024 x 720 canvas
    aspect_pad = 0.06
    description = ("Six lettered coordinate panels, each a small plane with a grid, showing two point sets, four "
                   "points or two coloured segments.")

    def sample(self, rng, difficulty):
        return {"R": RANGE[difficulty], "panels": []}

    def render(self, c, state, params):
        W, H = SIZE
        R = state["R"]
        top = 44.0
        if state.get("key"):
            x = 24.0
            for kind, color, text in (("dot", "series:0", "source set"), ("diamond", "series:1", "candidate set")):
                mark(c, x + 6, 22, kind, color=color, size=6.0)
                c.text(x + 18, 22, text, size=15, anchor="l")
                x += 36 + c.text_width(text, size=15)
        cols, rows = 3, 2
        pw, ph = (W - 20) / cols, (H - top - 6) / rows
        for k, panel in enumerate(state["panels"]):
            i, j = k % cols, k // cols
            x0, y0 = 10 + i * pw, top + j * ph
            c.rect(x0 + 6, y0 + 4, pw - 12, ph - 8, fill="panel", stroke="ink", lw=1.6, id=f"panel:{k}")
            side = min(pw - 56, ph - 30)
            pl = Plane.fit(x0 + (pw - side) / 2 + 12, y0 + 16, side, side, -R, R, -R, R)
            draw_plane(c, pl, major=0, tick_step=2, font_size=12.0)
            c.text(x0 + 24, y0 + 24, LETTERS[k], size=22, bold=True)
            for s, (a, b) in enumerate(panel.get("segs", [])):
                color = f"series:{s}"
                pa, pb = pl.px(*a), pl.px(*b)
                c.line(*pa, *pb, color=color, lw=3.2, id=f"seg:{k}:{s}")
                for p in (pa, pb):
                    mark(c, *p, "dot", color=color, size=4.5)
            for n, p in enumerate(panel.get("src", [])):
                mark(c, *pl.px(*p), "dot", color="series:0", size=6.5, id=f"pt:{k}:{n}")
            off = len(panel.get("src", []))
            for n, p in enumerate(panel.get("dst", [])):
                mark(c, *pl.px(*p), "diamond", color="series:1", size=6.0, id=f"pt:{k}:{off + n}")
            for n, p in enumerate(panel.get("pts", [])):
                mark(c, *pl.px(*p), "dot", color="series:3", size=6.5, id=f"pt:{k}:{n}")


SCENE = CoordinatePanels()
task = SCENE.task


def in_range(pts, R):
    return all(abs(v) <= R for p in pts for v in p)


def six_panels(q, make, matches, key=False):
    """Six panels, ``make(rng, R, good)`` each (None when it fails), the matching one (good=True) at
    the instance's target letter; exactly one must satisfy ``matches(panel)``.  Returns (letter,
    the panel's index, state)."""
    letter = q.target(LETTERS, stratified=True)
    slot = LETTERS.index(letter)

    def build(s, rng):
        panels = [make(rng, s["R"], k == slot) for k in range(6)]
        if all(panels):
            s["panels"], s["key"] = panels, key
        return s

    s = q.edit(build)
    q.require(len(s["panels"]) == 6, "no six-panel layout")
    q.require([LETTERS[k] for k, p in enumerate(s["panels"]) if matches(p)] == [letter],
              "not exactly one matching panel")
    q.offer(6, "image")
    return letter, slot, s


# ---------------------------------------------------------------------- point-set transforms
TRANSFORMS = {
    "translation_match_label": None,
    "reflection_x_match_label": lambda p: (p[0], -p[1]),
    "reflection_y_match_label": lambda p: (-p[0], p[1]),
    "rotation_180_match_label": lambda p: (-p[0], -p[1]),
}
OTHER = [lambda p: (p[0], -p[1]), lambda p: (-p[0], p[1]), lambda p: (-p[0], -p[1]), lambda p: (-p[1], p[0]),
         lambda p: (p[1], -p[0]), lambda p: (p[1], p[0]), lambda p: (-p[1], -p[0])]
TRANSFORM_TEXT = {
    "translation_match_label": "a translation (a slide) of the source set",
    "reflection_x_match_label": "the reflection of the source set across the x-axis",
    "reflection_y_match_label": "the reflection of the source set across the y-axis",
    "rotation_180_match_label": "the source set rotated 180 degrees about the origin",
}
N_POINTS = {1: 2, 2: 3, 3: 4}


def is_transform(qid, src, dst) -> bool:
    """Is the candidate set (as a set) the image of the source set under the query's transform?"""
    S, D = {tuple(p) for p in src}, {tuple(p) for p in dst}
    if qid == "translation_match_label":
        s0 = min(S)
        return any({(p[0] + d[0] - s0[0], p[1] + d[1] - s0[1]) for p in S} == D for d in D) and S != D
    f = TRANSFORMS[qid]
    return {f(p) for p in S} == D


def point_set(rng, R, n):
    pts = set()
    while len(pts) < n:
        pts.add((rint(rng, -R, R), rint(rng, -R, R)))
    return sorted(pts)


def transform_panel(rng, qid, R, n, good):
    for _ in range(200):
        src = point_set(rng, R, n)
        if good:
            if qid == "translation_match_label":
                v = (rint(rng, -R, R), rint(rng, -R, R))
                dst = [(p[0] + v[0], p[1] + v[1]) for p in src]
            else:
                dst = [TRANSFORMS[qid](p) for p in src]
        else:
            kind = int(rng.integers(3))
            if kind == 0:                       # another transform
                f = pick(rng, OTHER)
                dst = [f(p) for p in src]
            elif kind == 1:                     # a translation (for the other queries) or a scramble
                v = (rint(rng, -R, R), rint(rng, -R, R))
                dst = [(p[0] + v[0], p[1] + v[1]) for p in src]
            else:                               # the right map with one point slipped by one step
                f = TRANSFORMS[qid] or (lambda p, v=(rint(rng, -2, 2), rint(rng, -2, 2)): (p[0] + v[0], p[1] + v[1]))
                dst = [f(p) for p in src]
                k = int(rng.integers(n))
                dx, dy = pick(rng, ((1, 0), (-1, 0), (0, 1), (0, -1)))
                dst[k] = (dst[k][0] + dx, dst[k][1] + dy)
        dst = [tuple(p) for p in dst]
        if not in_range(dst, R) or len(set(dst)) < n or set(dst) & set(src):
            continue
        if is_transform(qid, src, dst) != good:
            continue
        return {"src": [list(p) for p in src], "dst": [list(p) for p in dst]}
    return None


@task("point_set_transform_match_label", answer="option_letter", annotation="point_set",
      ops="transformation,matching", queries=tuple(TRANSFORMS))
def point_set_transform_match_label(q):
    qid, d = q.query_id, q.difficulty

    letter, k, s = six_panels(q, lambda rng, R, good: transform_panel(rng, qid, R, N_POINTS[d], good),
                              lambda p: is_transform(qid, p["src"], p["dst"]), key=True)
    n = len(s["panels"][k]["src"]) * 2
    return q.answer(letter, witnesses=[f"pt:{k}:{i}" for i in range(n)], examples=list(LETTERS),
                    question="The diagram shows labeled coordinate panels, each containing a source point set "
                             "(circles) and a candidate point set (diamonds). In which panel is the candidate set "
                             f"{TRANSFORM_TEXT[qid]}?")


# ---------------------------------------------------------------------- quadrilateral types
QUADS = {"square_shape_match_label": "square", "rectangle_shape_match_label": "rectangle",
         "rhombus_shape_match_label": "rhombus", "parallelogram_shape_match_label": "parallelogram"}
# the shapes a distractor may be: never one that is also the asked kind
DISTRACT = {"square": ("rectangle", "rhombus", "parallelogram", "kite", "trapezoid", "irregular"),
            "rectangle": ("rhombus", "parallelogram", "kite", "trapezoid", "irregular"),
            "rhombus": ("rectangle", "parallelogram", "kite", "trapezoid", "irregular"),
            "parallelogram": ("kite", "trapezoid", "irregular", "kite", "trapezoid")}


def classify(pts) -> set:
    """Every name that fits four points in convex position (empty when they are not)."""
    hull = convex_hull(pts)
    if len(hull) != 4:
        return set()
    sides = [(hull[(i + 1) % 4][0] - hull[i][0], hull[(i + 1) % 4][1] - hull[i][1]) for i in range(4)]
    L = [v[0] ** 2 + v[1] ** 2 for v in sides]
    par = [sides[i][0] * sides[i + 2][1] - sides[i][1] * sides[i + 2][0] == 0 for i in (0, 1)]
    right = all(sides[i][0] * sides[(i + 1) % 4][0] + sides[i][1] * sides[(i + 1) % 4][1] == 0 for i in range(4))
    names = set()
    if all(par):
        names.add("parallelogram")
        if right:
            names.add("rectangle")
        if len(set(L)) == 1:
            names.add("rhombus")
        if right and len(set(L)) == 1:
            names.add("square")
    elif any(par):
        names.add("trapezoid")
    if (L[0] == L[1] and L[2] == L[3]) or (L[1] == L[2] and L[3] == L[0]):
        names.add("kite")
    return names


def quad_vectors(rng, kind, R):
    """Two side vectors u, v (from one corner) of the kind, or the four corners of a kite,
    trapezoid or irregular quadrilateral relative to the origin."""
    a, b = rint(rng, -R + 1, R - 1), rint(rng, 1, R - 1)
    u = (b, a) if rng.integers(2) else (a, b)
    if kind == "square":
        return [(0, 0), u, (u[0] - u[1], u[1] + u[0]), (-u[1], u[0])]
    if kind == "rectangle":
        g = math.gcd(*u) or 1
        t = rint(rng, 1, 2 * R // max(1, int(math.hypot(*u) / g)))
        v = (-u[1] // g * t, u[0] // g * t)
        return [(0, 0), u, (u[0] + v[0], u[1] + v[1]), v]
    if kind == "rhombus":
        L = u[0] ** 2 + u[1] ** 2
        opts = [(x, y) for x in range(-R, R + 1) for y in range(-R, R + 1)
                if x * x + y * y == L and x * u[1] - y * u[0] != 0 and x * u[0] + y * u[1] != 0]
        if not opts:
            return None
        v = pick(rng, opts)
        return [(0, 0), u, (u[0] + v[0], u[1] + v[1]), v]
    if kind == "parallelogram":
        v = (rint(rng, -R, R), rint(rng, -R, R))
        return [(0, 0), u, (u[0] + v[0], u[1] + v[1]), v]
    if kind == "kite":
        h1, h2, w = rint(rng, 1, R), rint(rng, 1, R), rint(rng, 1, R)
        pts = [(0, h1), (w, 0), (0, -h2), (-w, 0)]
        return [(p[1], p[0]) for p in pts] if rng.integers(2) else pts
    if kind == "trapezoid":
        t = rint(rng, 2, 3)
        v = (rint(rng, -R, R), rint(rng, 1, R))
        k = pick(rng, (0.5, 2.0, 1.5)) if t == 2 else pick(rng, (1 / 3, 2 / 3, 2.0))
        top = (round(u[0] * k), round(u[1] * k))
        return [(0, 0), u, (v[0] + top[0], v[1] + top[1]), v]
    return [(rint(rng, -R, R), rint(rng, -R, R)) for _ in range(4)]


def quad_panel(rng, kind, R):
    for _ in range(200):
        pts = quad_vectors(rng, kind, R)
        if pts is None:
            continue
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        if max(xs) - min(xs) > 2 * R or max(ys) - min(ys) > 2 * R:
            continue
        dx = rint(rng, -R - min(xs), R - max(xs))
        dy = rint(rng, -R - min(ys), R - max(ys))
        pts = [(p[0] + dx, p[1] + dy) for p in pts]
        names = classify(pts)
        if kind == "irregular":
            if names or len(set(pts)) < 4:
                continue
        elif kind not in names:
            continue
        if min(math.dist(p, r) for i, p in enumerate(pts) for r in pts[i + 1:]) < 1.9:
            continue
        return {"pts": [list(pts[int(i)]) for i in rng.permutation(4)], "kind": kind}
    return None


@task("quadrilateral_shape_match_label", answer="option_letter", annotation="point_set",
      ops="spatial_relations,matching", queries=tuple(QUADS))
def quadrilateral_shape_match_label(q):
    want = QUADS[q.query_id]

    kinds = DISTRACT[want]
    letter, k, s = six_panels(q, lambda rng, R, good: quad_panel(rng, want if good else pick(rng, kinds), R),
                              lambda p: want in classify(p["pts"]))
    return q.answer(letter, witnesses=[f"pt:{k}:{i}" for i in range(4)], examples=list(LETTERS),
                    question="The diagram shows labeled coordinate panels, each containing four unlabeled points. "
                             f"In which panel are the four plotted points the corners of a {want}?")


# ---------------------------------------------------------------------- segment relations
RELATIONS = {"parallel_segments_match_label": "two parallel segments",
             "perpendicular_segments_match_label": "two perpendicular segments",
             "equal_length_segments_match_label": "two segments of equal length"}
NEAR = {1: 14.0, 2: 9.0, 3: 6.0}          # how close (degrees) a near miss comes


def seg_vec(sg):
    (a, b), (c, d) = sg
    return (c - a, d - b)


def relation(qid, segs) -> bool:
    u, v = seg_vec(segs[0]), seg_vec(segs[1])
    if qid == "parallel_segments_match_label":
        return u[0] * v[1] - u[1] * v[0] == 0
    if qid == "perpendicular_segments_match_label":
        return u[0] * v[0] + u[1] * v[1] == 0
    return u[0] ** 2 + u[1] ** 2 == v[0] ** 2 + v[1] ** 2


def clear_miss(qid, segs, d) -> bool:
    """A distractor misses the relation by a visible amount."""
    u, v = seg_vec(segs[0]), seg_vec(segs[1])
    ang = abs(math.degrees(math.atan2(u[1], u[0]) - math.atan2(v[1], v[0]))) % 180.0
    if qid == "parallel_segments_match_label":
        return min(ang, 180 - ang) >= NEAR[d]
    if qid == "perpendicular_segments_match_label":
        return abs(ang - 90) >= NEAR[d]
    lu, lv = math.hypot(*u), math.hypot(*v)
    return max(lu, lv) / min(lu, lv) >= 1 + NEAR[d] / 60


def rand_seg(rng, R, vec=None):
    for _ in range(100):
        if vec is None:
            v = (rint(rng, -R, R), rint(rng, -R, R))
        else:
            v = vec
        if math.hypot(*v) < 2.5:
            if vec is not None:
                return None
            continue
        a = (rint(rng, -R, R), rint(rng, -R, R))
        b = (a[0] + v[0], a[1] + v[1])
        if in_range([b], R):
            return [list(a), list(b)]
    return None


def seg_panel(rng, qid, R, d, good):
    for _ in range(300):
        s1 = rand_seg(rng, R)
        u = seg_vec(s1)
        if good:
            g, t = math.gcd(*u), pick(rng, (1, 2, 3, -1, -2))
            if qid == "parallel_segments_match_label":
                v = (u[0] // g * t, u[1] // g * t)
            elif qid == "perpendicular_segments_match_label":
                v = (-u[1] // g * t, u[0] // g * t)
            else:
                L = u[0] ** 2 + u[1] ** 2
                opts = [(x, y) for x in range(-2 * R, 2 * R + 1) for y in range(-2 * R, 2 * R + 1)
                        if x * x + y * y == L and x * u[1] - y * u[0] != 0 and x * u[0] + y * u[1] != 0]
                if not opts:
                    continue
                v = pick(rng, opts)
            s2 = rand_seg(rng, R, v)
        else:
            s2 = rand_seg(rng, R)
        if s2 is None or segments_cross(*s1, *s2):
            continue
        segs = [s1, s2]
        if relation(qid, segs) != good or (not good and not clear_miss(qid, segs, d)):
            continue
        return {"segs": segs}
    return None


@task("segment_relation_match_label", answer="option_letter", annotation="segment_set",
      ops="spatial_relations,matching", queries=tuple(RELATIONS))
def segment_relation_match_label(q):
    qid, d = q.query_id, q.difficulty

    letter, k, s = six_panels(q, lambda rng, R, good: seg_panel(rng, qid, R, d, good),
                              lambda p: relation(qid, p["segs"]))
    return q.answer(letter, witnesses=[f"seg:{k}:0", f"seg:{k}:1"], examples=list(LETTERS),
                    question="The diagram shows labeled coordinate panels, each containing two colored line segments. "
                             f"Which panel shows {RELATIONS[qid]}?")
