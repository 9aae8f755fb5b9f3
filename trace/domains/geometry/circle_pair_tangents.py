"""geometry/circle_pair_tangents: two separate circles with centres C and D and a common external
tangent touching them at A and B, drawn to scale, with the radii CA and DB and the centre line
CD.  The auxiliary segment DE (E on CA, DE parallel to AB) makes the right triangle CED: CE is
the radii's difference and DE equals AB, so CD^2 = (CA - DB)^2 + AB^2.  Lengths come from
Pythagorean triples, so every answer is whole.

Difficulty: larger triples; at 3 the circles are given by their diameters in a note.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, draw_figure, figure, mark_color, prints, pythagorean_triples
from tracegen.kits.geometry import pick, rint

SIZE = (820, 600)
LIMIT = {1: (5, 40), 2: (15, 250), 3: (60, 420)}


class CirclePairTangents(Scene):
    domain, scene_id, size = "geometry", "circle_pair_tangents", SIZE
    megapixels = (0.5, 0.66)    # render-only: the original's one 820 x 600 canvas
    aspect_pad = 0.1
    description = ("Two separate circles with a common external tangent, radii to the points of contact, the centre "
                   "line and an auxiliary right triangle, with lengths and one unknown.")

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(-30, 30)), 3), "mirror": bool(rng.integers(2))}

    def render(self, c, state, params):
        draw_figure(c, state["fig"], (50, 50, c.width - 50, c.height - 50),
                    mark_color=mark_color(c.style))


SCENE = CirclePairTangents()
task = SCENE.task


def pair_figure(rng, d, ask):
    lo, hi = LIMIT[d]
    a, b, cd = pick(rng, [t for t in pythagorean_triples(hi) if t[2] >= lo])
    diff, ab = (a, b) if rng.integers(2) else (b, a)        # CE = radius difference, DE = AB
    if ab < 0.9 * diff:
        return None, None
    r2 = rint(rng, max(2, diff // 4), max(3, diff))           # the smaller radius DB
    r1 = r2 + diff                                            # the larger radius CA
    if r1 + r2 >= cd:                                         # the circles must be apart
        return None, None
    # tangent line y = 0 with the circles above it: A = (0, 0), B = (ab, 0)
    C, D = (0.0, float(r1)), (float(ab), float(r2))
    A, B, E = (0.0, 0.0), (float(ab), 0.0), (0.0, float(r2))
    fig = figure({"C": C, "D": D, "A": A, "B": B, "E": E}, circles=[[C[0], C[1], float(r1)], [D[0], D[1], float(r2)]])
    fig["segs"] = [["A", "B"], ["C", "A", "thin"], ["D", "B", "thin"], ["C", "D", "thin"], ["D", "E", "dash"],
                   ["C", "E", "hidden"]]
    fig["angles"] = [{"v": "A", "a": "C", "b": "B", "right": True}, {"v": "B", "a": "D", "b": "A", "right": True},
                     {"v": "E", "a": "C", "b": "D", "right": True}]
    lens = [{"a": "C", "b": "A", "text": f"CA = {r1}"}, {"a": "D", "b": "B", "text": f"DB = {r2}"},
            {"a": "C", "b": "D", "text": f"CD = {'?' if ask == 'CD' else cd}"},
            {"a": "A", "b": "B", "text": f"AB = {'?' if ask == 'AB' else ab}"}]
    if d == 3:                                                # the radii only through the diameters
        lens = lens[2:]
        fig["notes"] = [f"diameter of circle C = {2 * r1}", f"diameter of circle D = {2 * r2}"]
    fig["lens"] = lens
    return fig, {"AB": ab, "CD": cd}


QUERIES = {"tangent_segment_length_from_center_distance": "AB", "center_distance_from_tangent_segment_length": "CD"}


@task("external_tangent_segment_length_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=tuple(QUERIES))
def external_tangent_segment_length_value(q):
    ask = QUERIES[q.query_id]
    fig, facts = build_figure(q, lambda rng: pair_figure(rng, q.difficulty, ask))
    value = facts[ask]
    q.require(not prints(fig, value), "the answer is printed")
    what = "the tangent segment AB" if ask == "AB" else "the distance CD between the centres"
    return q.answer(value, witnesses={k: f"pt:{k}" for k in "CDAB"},
                    question="The figure shows two separate circles with centres C and D and a common external tangent "
                             "touching them at A and B; CA and DB are radii, and DE is drawn parallel to AB (E on CA). "
                             f"What is the length of {what}?")
