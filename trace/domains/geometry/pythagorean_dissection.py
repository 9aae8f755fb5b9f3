"""geometry/pythagorean_dissection: an outer square ABCD cut into four congruent right triangles
around a tilted inner square EFGH (E on AB, F on BC, G on CD, H on DA, AE = BF = CG = DH),
drawn to scale.  The triangles' legs are printed; the inner square's side is their hypotenuse,
so its area is the sum of the legs' squares.

Difficulty: small legs with both printed; one leg and the outer side CD (the other leg is their
difference); one leg and the outer square's area (its side first, then the other leg).
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, draw_figure, figure, mark_color, prints
from tracegen.kits.geometry import rint

SIZE = (760, 560)
LEGS = {1: (2, 9), 2: (3, 19), 3: (4, 24)}


class PythagoreanDissection(Scene):
    domain, scene_id, size = "geometry", "pythagorean_dissection", SIZE
    megapixels = (0.42, 0.58)   # render-only: the original's one 760 x 560 canvas
    aspect_pad = 0.1
    description = ("An outer square cut into four congruent right triangles around a tilted inner square, with leg "
                   "lengths printed and the inner square's area asked.")

    def sample(self, rng, difficulty):
        return {"rot": 0.0, "mirror": bool(rng.integers(2))}

    def render(self, c, state, params):
        fig = state["fig"]

        def under(c, view):
            c.polygon([view.px(fig["pts"][k]) for k in "EFGH"], fill=blend(c.color("series:5"), c.color("paper"), 0.22))

        draw_figure(c, fig, (120, 40, c.width - 120, c.height - 40),
                    mark_color=mark_color(c.style), under=under)


SCENE = PythagoreanDissection()
task = SCENE.task


def dissection_figure(rng, d):
    lo, hi = LEGS[d]
    a, b = rint(rng, lo, hi), rint(rng, lo, hi)           # CG = a (the short piece), GD = b
    if a == b or min(a, b) < 0.2 * max(a, b):
        return None, None
    s = a + b
    A, B, C, D = (0.0, float(s)), (float(s), float(s)), (float(s), 0.0), (0.0, 0.0)
    E, F, G, H = (float(a), float(s)), (float(s), float(b)), (float(b), 0.0), (0.0, float(a))   # AE = ... = a
    fig = figure({"A": A, "B": B, "C": C, "D": D, "E": E, "F": F, "G": G, "H": H})
    fig["segs"] = [["A", "E", "hidden"], ["E", "B", "hidden"], ["B", "F", "hidden"], ["F", "C", "hidden"],
                   ["C", "G", "hidden"], ["G", "D", "hidden"], ["D", "H", "hidden"], ["H", "A", "hidden"],
                   ["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"], ["E", "F"], ["F", "G"], ["G", "H"], ["H", "E"]]
    fig["angles"] = [{"v": v, "a": p, "b": q, "right": True} for v, p, q in
                     (("A", "D", "B"), ("B", "A", "C"), ("C", "B", "D"), ("D", "C", "A"))]
    fig["lens"] = [{"a": "C", "b": "G", "text": f"CG = {a}", "side": 1}]
    if d == 1:
        fig["lens"].append({"a": "G", "b": "D", "text": f"GD = {b}", "side": 1})
    elif d == 2:
        fig["lens"].append({"a": "C", "b": "D", "text": f"CD = {s}", "side": -1})
    else:
        fig["notes"] = [f"area of ABCD = {s * s}"]
    fig["notes"] = fig.get("notes", []) + ["area of EFGH = ?"]
    return fig, {"area": a * a + b * b}


@task("pythagorean_square_area_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def pythagorean_square_area_value(q):
    fig, facts = build_figure(q, lambda rng: dissection_figure(rng, q.difficulty))
    value = facts["area"]
    q.require(not prints(fig, value), "the answer is printed")
    q.step("hypotenuse", side=math.sqrt(value))
    return q.answer(value, witnesses={k: f"pt:{k}" for k in "EFGH"},
                    question="The figure shows square ABCD cut into four congruent right triangles (AE = BF = CG = DH) "
                             "around the square EFGH. What is the area of square EFGH?")
