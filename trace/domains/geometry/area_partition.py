"""geometry/area_partition: a parallelogram or triangle cut by its diagonals, medians or midsegments
into pieces of equal area, some pieces shaded, with the shaded area printed and the whole area
asked.  Tick marks show the midpoints the cuts run to.

Partition rules (each piece an equal share): a parallelogram's two diagonals (4 triangles); the
same plus the segment from the centre to a side's midpoint (that side's triangle halves: 1/8);
a triangle's median (2 halves); its three medians (6 triangles); its three midsegments (4
congruent triangles).  The figure is drawn to scale: its coordinates are scaled so the shaded
pieces have exactly the printed area.  Difficulty: the halving and quartering rules; the
reference's mix; several shaded pieces and the finer rules.
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.constructions import View, equal_ticks
from tracegen.kits.geometry import area2, pick, rint

SIZE = (760, 560)
VARIANTS = {1: ("par_diagonals", "tri_median"),
            2: ("par_diagonals", "par_diagonals_midpoint", "tri_medians", "tri_midsegments"),
            3: ("par_diagonals_midpoint", "tri_medians", "tri_midsegments")}


class AreaPartition(Scene):
    domain, scene_id, size = "geometry", "area_partition", SIZE
    megapixels = (0.42, 0.58)   # render-only: the original's one 760 x 560 canvas
    aspect_pad = 0.1
    description = ("A parallelogram or triangle cut into equal-area pieces by diagonals, medians or midsegments, some "
                   "pieces shaded, the shaded area printed and the whole area asked.")

    def sample(self, rng, difficulty):
        return {"variant": ""}

    def variant(self, state):
        return state["variant"]

    def render(self, c, state, params):
        outer = [tuple(p) for p in state["outer"]]
        view = View.fit(outer, (110, 50, c.width - 110, c.height - 110))
        O = [view.px(p) for p in outer]
        c.polygon(O, fill=blend(c.color("series:0"), c.color("paper"), 0.12))
        shade = blend(c.color("accent"), c.color("paper"), 0.55)
        pts = []
        for piece in state["shaded"]:
            P = [view.px(p) for p in piece]
            c.polygon(P, fill=shade)
            pts += P
        c.register("shaded", box=(min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts),
                                  max(p[1] for p in pts)))
        for a, b in state["cuts"]:
            c.line(*view.px(a), *view.px(b), color="series:0", lw=2.0)
        c.polygon(O, stroke="ink", lw=2.6, id="outer")
        for a, m, b in state["halves"]:
            equal_ticks(c, view.px(a), view.px(m), 1, color="ink")
            equal_ticks(c, view.px(m), view.px(b), 1, color="ink")
        y = max(p[1] for p in O) + 42
        c.text(c.width / 2, y, f"shaded area = {state['shaded_area']}      total area = ?", size=17)


SCENE = AreaPartition()
task = SCENE.task


def mid(a, b):
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def parallelogram(rng):
    w, h = float(rng.uniform(7, 11)), float(rng.uniform(4, 7))
    sk = float(rng.uniform(-3.5, 3.5))
    return [(0.0, 0.0), (w, 0.0), (w + sk, h), (sk, h)]


def triangle(rng):
    for _ in range(50):
        pts = [(0.0, 0.0), (float(rng.uniform(7, 11)), 0.0), (float(rng.uniform(-2, 10)), float(rng.uniform(4, 8)))]
        angles = []
        for i in range(3):
            a, b, c = pts[i - 1], pts[i], pts[(i + 1) % 3]
            v1, v2 = (a[0] - b[0], a[1] - b[1]), (c[0] - b[0], c[1] - b[1])
            cos = (v1[0] * v2[0] + v1[1] * v2[1]) / (math.hypot(*v1) * math.hypot(*v2))
            angles.append(math.degrees(math.acos(cos)))
        if min(angles) > 28:
            return pts
    return [(0.0, 0.0), (9.0, 0.0), (4.0, 6.0)]


def partition(rng, variant):
    """(outer polygon, the drawn regions a shading may cover, how many equal cells the whole holds,
    cuts, halved sides) for a variant; each drawn region is one cell."""
    if variant.startswith("par"):
        A, B, C, D = parallelogram(rng)
        M = mid(A, C)
        pieces = [[A, B, M], [B, C, M], [C, D, M], [D, A, M]]
        cuts = [(A, C), (B, D)]
        if variant == "par_diagonals":
            return [A, B, C, D], pieces, 4, cuts, []
        a, b, _ = pieces[int(rng.integers(4))]            # this side's triangle is halved at its midpoint
        N = mid(a, b)
        return [A, B, C, D], [[a, N, M], [N, b, M]], 8, cuts + [(M, N)], [(a, N, b)]
    A, B, C = triangle(rng)
    if variant == "tri_median":
        P, Q, R = [(A, B, C), (B, C, A), (C, A, B)][int(rng.integers(3))]
        N = mid(Q, R)
        return [A, B, C], [[P, Q, N], [P, N, R]], 2, [(P, N)], [(Q, N, R)]
    Ma, Mb, Mc = mid(B, C), mid(C, A), mid(A, B)
    halves = [(A, Mc, B), (B, Ma, C), (C, Mb, A)]
    if variant == "tri_medians":
        G = ((A[0] + B[0] + C[0]) / 3, (A[1] + B[1] + C[1]) / 3)
        pieces = [[A, Mc, G], [Mc, B, G], [B, Ma, G], [Ma, C, G], [C, Mb, G], [Mb, A, G]]
        return [A, B, C], pieces, 6, [(A, Ma), (B, Mb), (C, Mc)], halves
    pieces = [[A, Mc, Mb], [Mc, B, Ma], [Mb, Ma, C], [Mc, Ma, Mb]]
    return [A, B, C], pieces, 4, [(Mc, Ma), (Ma, Mb), (Mb, Mc)], halves


def area(poly):
    return abs(area2(poly)) / 2


@task("total_area_value", answer="integer", annotation="bbox_map", ops="formula_evaluation")
def total_area_value(q):
    d = q.difficulty

    def fn(s, rng):
        variant = pick(rng, VARIANTS[d])
        outer, pieces, cells, cuts, halves = partition(rng, variant)
        n_shade = 1 if d < 3 else rint(rng, 1, 2)
        start = int(rng.integers(len(pieces)))
        shaded = [pieces[(start + i) % len(pieces)] for i in range(n_shade)]
        total = rint(rng, max(120, cells * 8), 330)
        total -= total % (cells // math.gcd(cells, n_shade))
        s_area = total * n_shade // cells
        k = math.sqrt(s_area / sum(area(p) for p in shaded))  # scale so the shaded pieces measure s_area
        sc = lambda p: [round(p[0] * k, 6), round(p[1] * k, 6)]  # noqa: E731
        s.update(variant=variant, outer=[sc(p) for p in outer], shaded=[[sc(p) for p in pc] for pc in shaded],
                 cuts=[[sc(a), sc(b)] for a, b in cuts], halves=[[sc(a), sc(m), sc(b)] for a, m, b in halves],
                 shaded_area=s_area)
        return s

    s = q.edit(fn)
    shaded = sum(area(p) for p in s["shaded"])
    whole = area(s["outer"])
    ratio = whole / shaded
    q.require(abs(ratio - round(ratio)) < 1e-6, "not a whole number of shares")
    value = round(s["shaded_area"] * ratio)
    shape = "parallelogram" if s["variant"].startswith("par") else "triangle"
    return q.answer(value, witnesses={"outer_shape": "outer", "shaded_region": "shaded"},
                    question=f"The figure shows a {shape} cut into pieces by the drawn segments (tick marks show "
                             "midpoints); the shaded region's area is given. What is the area of the whole "
                             f"{shape}?")
