"""geometry/incircle_tangents: triangle ABC with its incircle (centre O) touching AB at D, BC at E
and CA at F, drawn to scale.  Tangent segments from one vertex are equal (AD = AF, BD = BE,
CE = CF), shown by matching tick marks; one tangent length per vertex is printed.  Tasks: the
perimeter (twice the sum of the three tangent lengths) or the incircle's radius (area over the
semi-perimeter, the area by Heron: r = sqrt(x y z / (x + y + z))), rounded to one decimal.

Difficulty: larger tangent lengths; at 3 one tangent length is replaced by a whole side, so it
must be recovered first (BD = AB - AD).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, draw_figure, figure, mark_color, prints, rounds_cleanly
from tracegen.kits.geometry import rint

SIZE = (760, 560)
LENGTHS = {1: (2, 10), 2: (3, 22), 3: (4, 36)}


class IncircleTangents(Scene):
    domain, scene_id, size = "geometry", "incircle_tangents", SIZE
    megapixels = (0.42, 0.58)   # render-only: the original's one 760 x 560 canvas
    aspect_pad = 0.1
    description = ("A triangle with its incircle, the points of contact, equal tangent segments marked by ticks and "
                   "their printed lengths, and the perimeter or the radius asked.")

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(-20, 20)), 3), "mirror": bool(rng.integers(2))}

    def render(self, c, state, params):
        draw_figure(c, state["fig"], (60, 40, c.width - 60, c.height - 40),
                    mark_color=mark_color(c.style))


SCENE = IncircleTangents()
task = SCENE.task


def triangle(x, y, z):
    """Vertices and points of contact for tangent lengths x (at A), y (at B), z (at C)."""
    c, a, b = x + y, y + z, z + x                 # AB, BC, CA
    A, B = (0.0, 0.0), (float(c), 0.0)
    cx = (b * b + c * c - a * a) / (2 * c)
    C = (cx, math.sqrt(max(0.0, b * b - cx * cx)))
    s = x + y + z
    r = math.sqrt(x * y * z / s)
    D = (float(x), 0.0)
    E = (B[0] + (C[0] - B[0]) * y / a, B[1] + (C[1] - B[1]) * y / a)
    F = (A[0] + (C[0] - A[0]) * x / b, A[1] + (C[1] - A[1]) * x / b)
    return {"A": A, "B": B, "C": C, "D": D, "E": E, "F": F, "O": (float(x), r)}, r


def incircle_figure(rng, d, radius, semi=None):
    """The figure for random tangent lengths (summing to ``semi`` when given)."""
    lo, hi = LENGTHS[d]
    x, y = rint(rng, lo, hi), rint(rng, lo, hi)
    z = rint(rng, lo, hi) if semi is None else semi - x - y
    if not lo <= z <= hi:
        return None, None
    pts, r = triangle(x, y, z)
    angles = [math.degrees(math.acos(max(-1.0, min(1.0, ((p[0] - v[0]) * (q[0] - v[0]) + (p[1] - v[1]) * (q[1] - v[1]))
                                                    / (math.dist(v, p) * math.dist(v, q))))))
              for v, p, q in ((pts["A"], pts["B"], pts["C"]), (pts["B"], pts["C"], pts["A"]),
                              (pts["C"], pts["A"], pts["B"]))]
    if min(angles) < 22 or len({x, y, z}) < 2 or (radius and not rounds_cleanly(r, 1, 0.05)):
        return None, None
    fig = figure(pts, circles=[[pts["O"][0], pts["O"][1], r]])
    fig["dots"] = ["A", "B", "C", "D", "E", "F", "O"]
    fig["segs"] = [["A", "D", "hidden"], ["D", "B", "hidden"], ["B", "E", "hidden"], ["E", "C", "hidden"],
                   ["C", "F", "hidden"], ["F", "A", "hidden"], ["A", "B"], ["B", "C"], ["C", "A"]]
    fig["ticks"] = [["A", "D", 1], ["A", "F", 1], ["B", "D", 2], ["B", "E", 2], ["C", "E", 3], ["C", "F", 3]]
    lens = [{"a": "A", "b": "D", "text": f"AD = {x}"}, {"a": "B", "b": "E", "text": f"BE = {y}"},
            {"a": "C", "b": "F", "text": f"CF = {z}"}]
    if d == 3:                                   # B's tangent length only through the whole side AB
        lens[1] = {"a": "A", "b": "B", "text": f"AB = {x + y}", "side": -1}
    fig["lens"] = lens
    if radius:
        fig["segs"].append(["O", "D", "thin"])
        fig["lens"].append({"a": "O", "b": "D", "text": "r = ?"})
        fig["angles"] = [{"v": "D", "a": "O", "b": "B", "right": True}]
    else:
        fig["notes"] = ["perimeter of ABC = ?"]
    return fig, {"x": x, "y": y, "z": z, "r": r}


def finish(q, fig, value, keys, question, rounding=None):
    shown = round(value, rounding) if rounding else value
    q.require(not prints(fig, shown), "the answer is printed")
    return q.answer(value, witnesses={k: f"pt:{k}" for k in keys}, rounding=rounding,
                    question="The figure shows triangle ABC with its incircle (centre O) touching AB at D, BC at E and "
                             "CA at F; tick marks show equal tangent segments. " + question)


@task("incircle_tangent_perimeter_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def incircle_tangent_perimeter_value(q):
    lo, hi = LENGTHS[q.difficulty]
    semi = q.target(range(3 * lo + 3, 3 * hi - 2), stratified=True)
    fig, f = build_figure(q, lambda rng: incircle_figure(rng, q.difficulty, False, semi))
    return finish(q, fig, 2 * (f["x"] + f["y"] + f["z"]), "ABCDEF", "What is the perimeter of triangle ABC?")


@task("incircle_radius_from_area_value", answer="number", annotation="point_map", ops="formula_evaluation")
def incircle_radius_from_area_value(q):
    fig, f = build_figure(q, lambda rng: incircle_figure(rng, q.difficulty, True))
    return finish(q, fig, f["r"], "ABCDEFO", "What is the radius r of the incircle (area of ABC divided by its "
                  "semi-perimeter)? Give it to one decimal place.", rounding=1)
