"""geometry/concentric_chord: two concentric circles (centre O) and a chord AB of the outer circle
touching the inner circle at T, drawn to scale.  The radius OT is perpendicular to the chord and
bisects it, so OT, TB and OB form a right triangle: with the radii given the chord follows, with
the chord and the outer radius the inner radius does.  Lengths come from Pythagorean triples, so
every answer is whole.

Difficulty: larger triples (outer radius up to 30, 250, 400); at 3 the outer circle is given by
its diameter in a note instead of a radius beside OB.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, draw_figure, figure, mark_color, prints, pythagorean_triples
from tracegen.kits.geometry import pick

SIZE = (820, 580)
LIMIT = {1: (5, 30), 2: (10, 250), 3: (60, 400)}


class ConcentricChord(Scene):
    domain, scene_id, size = "geometry", "concentric_chord", SIZE
    megapixels = (0.46, 0.62)   # render-only: the original's one 820 x 580 canvas
    aspect_pad = 0.1
    description = ("Two concentric circles with a chord of the outer circle tangent to the inner circle, the radii to "
                   "the point of contact and to an end of the chord, and lengths with one unknown.")

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(0, 360)), 3), "mirror": bool(rng.integers(2))}

    def render(self, c, state, params):
        draw_figure(c, state["fig"], (90, 40, c.width - 90, c.height - 40),
                    mark_color=mark_color(c.style))


SCENE = ConcentricChord()
task = SCENE.task


def chord_figure(rng, d, ask):
    lo, hi = LIMIT[d]
    triple = pick(rng, [t for t in pythagorean_triples(hi) if t[2] >= lo])
    a, b, R = triple
    r, half = (a, b) if rng.integers(2) else (b, a)
    if r < 0.22 * R or r > 0.8 * R:
        return None, None
    pts = {"O": (0.0, 0.0), "T": (0.0, float(r)), "A": (-float(half), float(r)), "B": (float(half), float(r))}
    fig = figure(pts, circles=[[0.0, 0.0, float(r)], [0.0, 0.0, float(R)]])
    fig["segs"] = [["A", "T", "hidden"], ["T", "B", "hidden"], ["A", "B"], ["O", "T", "thin"], ["O", "B", "thin"]]
    fig["angles"] = [{"v": "T", "a": "O", "b": "B", "right": True}]
    lens = {"r": {"a": "O", "b": "T", "text": f"r = {r}"}, "R": {"a": "O", "b": "B", "text": f"R = {R}"},
            "c": {"a": "A", "b": "B", "text": f"AB = {2 * half}"}}
    lens[ask]["text"] = lens[ask]["text"].split(" = ")[0] + " = ?"
    fig["lens"] = list(lens.values())
    if d == 3:                                            # the outer circle given by its diameter
        fig["lens"] = [ln for ln in fig["lens"] if not ln["text"].startswith("R ")]
        fig["notes"] = [f"outer diameter = {2 * R}"]
    return fig, {"r": r, "R": R, "chord": 2 * half}


def finish(q, fig, value, question):
    q.require(not prints(fig, value), "the answer is printed")
    return q.answer(value, witnesses={k: f"pt:{k}" for k in "OABT"},
                    question="The figure shows two concentric circles with centre O and a chord AB of the outer circle "
                             "tangent to the inner circle at T (r is the inner radius, R the outer). " + question)


@task("chord_length_from_radii", answer="integer", annotation="point_map", ops="formula_evaluation")
def chord_length_from_radii(q):
    fig, facts = build_figure(q, lambda rng: chord_figure(rng, q.difficulty, "c"))
    return finish(q, fig, facts["chord"], "What is the length of the chord AB?")


@task("inner_radius_from_chord", answer="integer", annotation="point_map", ops="formula_evaluation")
def inner_radius_from_chord(q):
    fig, facts = build_figure(q, lambda rng: chord_figure(rng, q.difficulty, "r"))
    return finish(q, fig, facts["r"], "What is the radius r of the inner circle?")
