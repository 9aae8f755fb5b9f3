"""geometry/solid_cross_section: a cone (base radius R) or a square pyramid (base side s) of height
H cut by a plane parallel to the base at distance d below the apex; the slice is shaded.  The slice
is similar to the base with ratio d / H, so its area is pi (R d / H)^2 or (s d / H)^2 (one decimal).

Difficulty: the size of the numbers.  The solid and the slice's position are drawn to scale
(the solid's proportions clamped).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, rounds_cleanly
from tracegen.kits.solids import DASH, Oblique, dimension, draw_cone, draw_polyhedron

SIZE = (820, 580)
BASE = {"cone": {1: (2, 6), 2: (3, 12), 3: (8, 30)}, "pyramid": {1: (3, 9), 2: (6, 22), 3: (12, 50)}}
HEIGHT = {1: (4, 12), 2: (8, 40), 3: (20, 90)}


class SolidCrossSection(Scene):
    domain, scene_id, size = "geometry", "solid_cross_section", SIZE
    megapixels = (0.46, 0.56)   # render-only: the original's one 820 x 580 canvas
    description = ("A cone or square pyramid cut by a plane parallel to its base, the slice shaded and the base, "
                   "height and the slice's distance from the apex labelled.")

    def sample(self, rng, difficulty):
        return {"angle": round(float(rng.uniform(25, 35)), 2), "squash": round(float(rng.uniform(0.18, 0.26)), 3)}

    def render(self, c, state, params):
        sol = state["solid"]
        H, d, b = sol["H"], sol["d"], sol["base"]
        labels = Labels(c)
        t = d / H
        if sol["kind"] == "cone":
            ratio = min(max(H / b, 0.8), 3.2)        # drawn height over radius
            rx = min(170.0, 330.0 / ratio)
            hp = rx * ratio
            ry = rx * state["squash"]
            cx, by = 400.0, 290.0 + hp / 2
            apex = (cx, by - hp)
            draw_cone(c, cx, by, rx, ry, hp, id="solid")
            c.line(*apex, cx, by, color="ink", lw=1.6, dash=DASH)
            sy = apex[1] + hp * t
            c.ellipse(cx, sy, rx * t, ry * t, fill="yellow", stroke="ink", lw=2.0, id="slice")
            for p, q in ((apex, (cx - rx, by)), (apex, (cx + rx, by)), (apex, (cx, by)), ((cx, by), (cx + rx, by))):
                labels.seg(p, q)
            labels.ring(cx, by, rx)
            labels.box((cx - rx * t, sy - ry * t, cx + rx * t, sy + ry * t))
            c.line(cx, by, cx + rx, by, lw=1.8)
            dimension(c, labels, (cx, by + ry + 8), (cx + rx, by + ry + 8), f"R = {b}", offset=-18)
            right = cx + rx + 20
            left = cx - rx * t - 20
            c.text(cx, sy - ry * t - 16, "A = ?", size=17)
            labels.box((cx - 30, sy - ry * t - 28, cx + 30, sy - ry * t - 4))
        else:
            ratio = min(max(H / b, 0.7), 2.6)
            s = 1.0
            verts = [(0, 0, 0), (s, 0, 0), (s, s, 0), (0, s, 0), (s / 2, s / 2, s * ratio)]
            faces = [[0, 1, 2, 3], [0, 1, 4], [1, 2, 4], [2, 3, 4], [3, 0, 4]]
            view = Oblique.fit(verts, (220, 70, 580, 480), angle=state["angle"], depth=0.6)
            pts = draw_polyhedron(c, view, verts, faces, labels=labels, id="solid")
            top = verts[4]
            z = s * ratio * (1 - t)
            sq = [(top[0] + (v[0] - top[0]) * t, top[1] + (v[1] - top[1]) * t, z) for v in verts[:4]]
            poly = [view.px(p) for p in sq]
            c.polygon(poly, fill="yellow", stroke="ink", lw=2.0, id="slice")
            labels.box((min(p[0] for p in poly), min(p[1] for p in poly), max(p[0] for p in poly),
                        max(p[1] for p in poly)))
            foot = view.px((s / 2, s / 2, 0))
            c.line(*pts[4], *foot, color="ink", lw=1.6, dash=DASH)
            dimension(c, labels, pts[0], pts[1], f"s = {b}", offset=-22)
            apex = pts[4]
            by = max(p[1] for p in pts)
            right = max(p[0] for p in pts) + 20
            left = min(p[0] for p in poly) - 20
            sy = view.px((s / 2, s / 2, z))[1]
            c.text(apex[0] + 34, (apex[1] + sy) / 2, "A = ?", size=17)
        dimension(c, labels, (right, apex[1]), (right, by), f"H = {H}", offset=-16)
        dimension(c, labels, (left, sy), (left, apex[1]), f"d = {d}", offset=-14)


SCENE = SolidCrossSection()
task = SCENE.task


def build(q, kind):
    def fn(s, rng):
        lo, hi = HEIGHT[q.difficulty]
        H = int(rng.integers(lo, hi + 1))
        d = int(rng.integers(max(1, H // 6), H))
        b = int(rng.integers(*BASE[kind][q.difficulty]) + 1)
        q.require(len({H, d, b}) == 3, "equal measurements")
        s["solid"] = {"kind": kind, "H": H, "d": d, "base": b}
        return s

    sol = q.edit(fn)["solid"]
    k = sol["base"] * sol["d"] / sol["H"]
    return sol, k


@task("cone_parallel_slice_area", answer="number", annotation="bbox", ops="formula_evaluation")
def cone_parallel_slice_area(q):
    sol, r = build(q, "cone")
    area = math.pi * r * r
    q.require(rounds_cleanly(area, 1), "near a rounding boundary")
    return q.answer(area, witnesses="slice", rounding=1, examples=[42.4, 118.7],
                    question="The diagram shows a cone of height H and base radius R cut by a plane parallel to its "
                             "base at distance d from the apex. Find the area A of the shaded cross-section.")


@task("square_pyramid_parallel_slice_area", answer="number", annotation="bbox", ops="formula_evaluation")
def square_pyramid_parallel_slice_area(q):
    sol, side = build(q, "pyramid")
    area = side * side
    q.require(rounds_cleanly(area, 1), "near a rounding boundary")
    return q.answer(area, witnesses="slice", rounding=1, examples=[27.0, 60.8],
                    question="The diagram shows a square pyramid of height H and base side s cut by a plane "
                             "parallel to its base at distance d from the apex. Find the area A of the shaded "
                             "square cross-section.")
