"""geometry/cone_net: a circular sector (centre S, arc PQ, radius l, central angle theta) and the
cone it folds into (apex A, base centre C): the sector's radius becomes the slant height and the
arc the base rim, so the base radius is r = l theta / 360 and the height h = sqrt(l^2 - r^2).
Answers to one decimal.

Difficulty: angles in steps of 30 degrees and short radii (1), steps of 5 degrees (2), any whole
degree and longer radii (3).  Sector and cone are drawn to scale.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, angle_mark, around, beside, circle_arc, right_angle_mark, \
    rounds_cleanly
from tracegen.kits.solids import DASH, draw_cone

SIZE = (820, 580)
SLANT = {1: (5, 30), 2: (8, 60), 3: (20, 120)}
STEP = {1: 30, 2: 5, 3: 1}


class ConeNet(Scene):
    domain, scene_id, size = "geometry", "cone_net", SIZE
    megapixels = (0.46, 0.56)   # render-only: the original's one 820 x 580 canvas
    description = ("A circular sector with its radius and central angle labelled beside the cone it folds into, "
                   "whose base radius or height is asked.")

    def sample(self, rng, difficulty):
        lo, hi = SLANT[difficulty]
        step = STEP[difficulty]
        lo_deg = 20 if step == 1 else 30
        theta = step * int(rng.integers(-(-lo_deg // step), 330 // step + 1))
        return {"l": int(rng.integers(lo, hi + 1)), "theta": theta, "turn": round(float(rng.uniform(-25, 25)), 2)}

    def render(self, c, state, params):
        l, theta = state["l"], state["theta"]
        ask = params.get("ask", "r")
        labels = Labels(c)
        # ---- the sector, symmetric about a direction near "up"
        mid = 90.0 + state["turn"]
        a0, a1 = mid - theta / 2, mid + theta / 2
        samples = [(math.cos(math.radians(a0 + (a1 - a0) * i / 60)), math.sin(math.radians(a0 + (a1 - a0) * i / 60)))
                   for i in range(61)] + [(0.0, 0.0)]
        xs, ys = [p[0] for p in samples], [p[1] for p in samples]
        R = min(300.0 / (max(xs) - min(xs)), 380.0 / (max(ys) - min(ys)), 170.0)
        S = (215.0 - R * (max(xs) + min(xs)) / 2, 300.0 + R * (max(ys) + min(ys)) / 2)

        def on(a, r=R):
            return (S[0] + r * math.cos(math.radians(a)), S[1] - r * math.sin(math.radians(a)))

        P, Q = on(a1), on(a0)
        c.polygon([S] + [on(a0 + (a1 - a0) * i / 90) for i in range(91)], fill="panel", id="sector")
        c.line(*S, *P, lw=2.4)
        c.line(*S, *Q, lw=2.4)
        circle_arc(c, S, R, a0, a1, color="accent", lw=5.0)
        labels.seg(S, P)
        labels.seg(S, Q)
        labels.ring(S[0], S[1], R)
        angle_mark(c, S, Q, P, radius=min(34.0, R * 0.3), reflex=theta > 180)
        labels.disc(S[0], S[1], min(34.0, R * 0.3))
        for name, p in (("S", S), ("P", P), ("Q", Q)):
            c.circle(*p, 4.5, fill="ink")
            c.register(f"pt:{name}", point=p)
            labels.disc(p[0], p[1], 5)
        bis = on(mid, min(34.0, R * 0.3) + 10)
        labels.place_all([{"text": name, "candidates": around(p[0], p[1], 10, ang), "size": 18, "bold": True}
                          for name, p, ang in (("S", S, math.pi - math.radians(mid)), ("P", P, -math.radians(a1)),
                                               ("Q", Q, -math.radians(a0)))]
                         + [{"text": f"θ = {theta}°", "candidates": around(bis[0], bis[1], 8, -math.radians(mid)),
                             "size": 17},
                            {"text": f"l = {l}", "candidates": beside(S, P, gap=8), "size": 17, "halo": True}])
        # ---- the arrow and the cone, to scale
        c.arrow(420, 270, 490, 320, color="accent", lw=2.2, head=11)
        labels.seg((420, 270), (490, 320))
        r = l * theta / 360.0
        h = math.sqrt(max(l * l - r * r, 0.0))
        k = min(250.0 / (2 * r), 330.0 / max(h, 1e-9), 9.0 * 60 / l)
        rx, hp = r * k, h * k
        ry = max(8.0, rx * 0.2)
        cx, by = 650.0, 300.0 + hp / 2
        draw_cone(c, cx, by, rx, ry, hp, id="cone")
        A, C = (cx, by - hp), (cx, by)
        c.line(*A, *C, lw=1.8, dash=DASH)
        c.line(*C, cx + rx, by, lw=1.8)
        right_angle_mark(c, C, A, (cx + rx, by), size=10)
        for a, b in ((A, C), (C, (cx + rx, by)), (A, (cx - rx, by)), (A, (cx + rx, by))):
            labels.seg(a, b)
        labels.ring(cx, by, rx)
        for name, p, ang in (("A", A, -math.pi / 2), ("C", C, math.pi / 2)):
            c.circle(*p, 4.5, fill="ink")
            c.register(f"pt:{name}", point=p)
            labels.disc(p[0], p[1], 5)
            labels.place(name, around(p[0], p[1], 10, ang), size=18, bold=True)
        labels.place(f"l = {l}", beside(A, (cx + rx, by), gap=8, prefer=-1), size=17, halo=True)
        labels.place("h = ?" if ask == "h" else "h", around(cx, by - hp / 2, 8, math.pi), size=17, halo=True)
        labels.place("r = ?" if ask == "r" else "r", around(cx + rx / 2, by + 4, 8, math.pi / 2), size=17, halo=True)


SCENE = ConeNet()
task = SCENE.task

LEAD = ("The figure shows a circular sector (centre S, arc PQ) that folds into the cone on the right: the "
        "sector's radius l becomes the cone's slant height AP and the arc PQ wraps once around the base rim, "
        "centred at C. ")


def _setup(q, ask):
    q.param("ask", lambda r: ask)
    s = q.state
    l, theta = s["l"], s["theta"]
    r = l * theta / 360.0
    h = math.sqrt(l * l - r * r)
    q.require(rounds_cleanly(r, 1) and rounds_cleanly(h, 1), "near a rounding boundary")
    q.require(theta < 355, "no cone")
    v = round(r if ask == "r" else h, 1)
    q.require(v not in (l, theta), "the answer is printed")
    return r, h


WIT = {k: f"pt:{k}" for k in "PQSAC"}


@task("base_radius_from_sector_angle", answer="number", annotation="point_map", ops="formula_evaluation")
def base_radius_from_sector_angle(q):
    r, h = _setup(q, "r")
    return q.answer(r, witnesses=WIT, rounding=1, examples=[12.3, 7.5],
                    question=LEAD + "Find the radius r of the cone's base.")


@task("height_from_sector_angle", answer="number", annotation="point_map", ops="formula_evaluation")
def height_from_sector_angle(q):
    r, h = _setup(q, "h")
    return q.answer(h, witnesses=WIT, rounding=1, examples=[21.4, 9.8],
                    question=LEAD + "Find the cone's height h = AC.")
