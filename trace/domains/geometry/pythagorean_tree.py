"""geometry/pythagorean_tree: a right triangle with a square built outward on each side, drawn to
scale; two squares carry their areas and the third is marked "Area = ?".  The hypotenuse's
square is the sum of the legs' squares (Pythagoras), a leg's square the difference.

Difficulty: small whole sides; the reference's ranges; areas that are not perfect squares (the
sides are their square roots).
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.constructions import View, right_angle_mark
from tracegen.kits.geometry import rint

SIZE = (820, 600)
SIDES = {1: (2, 12), 2: (3, 40), 3: (3, 52)}


class PythagoreanTree(Scene):
    domain, scene_id, size = "geometry", "pythagorean_tree", SIZE
    megapixels = (0.5, 0.66)    # render-only: the original's one 820 x 600 canvas
    aspect_pad = 0.1
    description = "A right triangle with a square on each side, two squares labelled with their areas, one asked."

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(0, 360)), 3), "areas": []}

    def render(self, c, state, params):
        squares = squares_of(state)
        pts = [p for sq in squares for p in sq]
        view = View.fit(pts, (60, 50, c.width - 60, c.height - 50))
        tri = [view.px(p) for p in triangle_of(state)]
        c.polygon(tri, fill=blend(c.color("series:2"), c.color("paper"), 0.25), stroke="ink", lw=2.0)
        right_angle_mark(c, tri[0], tri[1], tri[2], size=13.0)
        for k, sq in enumerate(squares):
            P = [view.px(p) for p in sq]
            tint = blend(c.color(f"series:{k}"), c.color("paper"), 0.2)
            c.polygon(P, fill=tint, stroke="ink", lw=2.2, id=f"square:{k}")
            cx, cy = sum(p[0] for p in P) / 4, sum(p[1] for p in P) / 4
            text = "Area = ?" if k == state["asked"] else f"Area = {state['areas'][k]}"
            side = math.dist(P[0], P[1])
            size = max(13.0, min(18.0, side / 6.0))
            c.text(cx, cy, text, size=size, bold=k == state["asked"])


SCENE = PythagoreanTree()
task = SCENE.task


def triangle_of(s):
    """P (the right angle), Q, R counter-clockwise in math units, turned by ``rot``."""
    a, b = math.sqrt(s["areas"][0]), math.sqrt(s["areas"][1])      # legs PQ and PR
    t = math.radians(s["rot"])
    rot = lambda x, y: (x * math.cos(t) - y * math.sin(t), x * math.sin(t) + y * math.cos(t))  # noqa: E731
    return [rot(0.0, 0.0), rot(a, 0.0), rot(0.0, b)]


def squares_of(s):
    """The squares on PQ, PR and QR (in ``areas`` order), each built outside the triangle."""
    P, Q, R = triangle_of(s)
    out = []
    for u, v in ((Q, P), (P, R), (R, Q)):                 # clockwise edges: the outside is to the left
        dx, dy = v[0] - u[0], v[1] - u[1]
        n = (-dy, dx)
        out.append([u, v, (v[0] + n[0], v[1] + n[1]), (u[0] + n[0], u[1] + n[1])])
    return out


QUERIES = {"hypotenuse_square_area": 2, "leg_square_area": 0}


@task("missing_square_area_value", answer="integer", annotation="bbox", ops="formula_evaluation",
      queries=tuple(QUERIES))
def missing_square_area_value(q):
    d = q.difficulty

    def fn(s, rng):
        lo, hi = SIDES[d]
        for _ in range(200):
            if d < 3:
                a, b = rint(rng, lo, hi), rint(rng, lo, hi)
                A, B = a * a, b * b
            else:
                A, B = rint(rng, lo * lo, hi * hi), rint(rng, lo * lo, hi * hi)
                if math.isqrt(A) ** 2 == A or math.isqrt(B) ** 2 == B:
                    continue
            if A != B and 0.12 < A / B < 8:
                asked = QUERIES[q.query_id]
                if asked == 0 and rng.integers(2):
                    asked = 1
                s["areas"], s["asked"] = [A, B, A + B], asked
                return s
        return s

    s = q.edit(fn)
    q.require(bool(s["areas"]), "no triangle")
    k = s["asked"]
    A, B, C = s["areas"]
    value = C if k == 2 else C - (B if k == 0 else A)
    which = "the square on the hypotenuse" if k == 2 else "the marked square on a leg"
    return q.answer(value, witnesses=f"square:{k}",
                    question="The figure shows a right triangle with a square attached to each side; two squares are "
                             f"labelled with their areas. What is the area of {which} (marked Area = ?)?")
