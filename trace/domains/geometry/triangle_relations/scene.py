"""geometry/triangle_relations: a triangle (or a rectangle beside a right triangle) with labelled
vertices and points on its sides, drawn to scale and turned at random, with tick marks for
equal segments, arrows for parallel ones, right-angle squares and angle arcs; the given lengths
are printed beside their segments or listed (a render-only choice), and one length, angle or
variable is asked: the right-triangle altitude and leg relations, the angle-bisector theorem
(also with a side written in x), the centroid's 2:1 split of a median, a parallel section and
the side-splitter, chained Pythagorean triples, trigonometry in one right triangle or across a
shared altitude, and angle sums in a triangle split by a cevian.

Difficulty 1 uses small numbers and one step; 2 the reference's ranges; 3 larger numbers and
one more step (a whole side instead of its part, the other side's ratio, two expressions in
x, a second right triangle) or an extra unneeded measure.  The printed numbers never include
the answer.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, draw_figure, fmt, printed_numbers, pythagorean_triples

SIZE = (820, 580)
TRIPLES = pythagorean_triples(400)


def law_of_cosines_apex(ab, ac, bc):
    """A above BC with B = (0, 0), C = (bc, 0), |AB| = ab, |AC| = ac (None if no triangle)."""
    x = (ab * ab - ac * ac + bc * bc) / (2 * bc)
    h2 = ab * ab - x * x
    return None if h2 <= 0 else (x, math.sqrt(h2))


def min_angle(*pts) -> float:
    out = []
    for i in range(3):
        a, v, b = pts[i - 1], pts[i], pts[(i + 1) % 3]
        u1 = (a[0] - v[0], a[1] - v[1])
        u2 = (b[0] - v[0], b[1] - v[1])
        cosv = (u1[0] * u2[0] + u1[1] * u2[1]) / (math.hypot(*u1) * math.hypot(*u2))
        out.append(math.degrees(math.acos(max(-1.0, min(1.0, cosv)))))
    return min(out)


def given(fig, vals, names, ask=None, exprs=None):
    """Print the named lengths (or their expressions in x) and the asked one as '?'."""
    exprs = exprs or {}
    for nm in names:
        fig["lens"].append({"a": nm[0], "b": nm[1], "text": f"{nm} = {exprs.get(nm) or fmt(vals[nm])}"})
    if ask:
        fig["lens"].append({"a": ask[0], "b": ask[1], "text": f"{ask} = ?"})


def expr(a: int, b: int) -> str:
    head = "x" if a == 1 else f"{a}x"
    return head if b == 0 else f"{head} {'+' if b > 0 else '−'} {abs(b)}"


class TriangleRelations(Scene):
    domain, scene_id, size = "geometry", "triangle_relations", SIZE
    megapixels = (0.45, 0.68)   # render-only image area: the original draws its one 820x580 canvas
    description = ("A triangle or a rectangle beside a right triangle, drawn to scale with labelled points, "
                   "equal-length ticks, parallel arrows, right-angle squares and angle arcs, given lengths and one "
                   "unknown.")

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(0, 360)), 3), "mirror": bool(rng.integers(2))}

    def render(self, c, state, params):
        listed = c.style.accent % 2 == 1 and bool(state["fig"]["lens"])
        right = 250.0 if listed else 50.0
        draw_figure(c, state["fig"], (50, 46, c.width - right, c.height - 46), listed=listed,
                    mark_color=("accent", "series:1", "ink")[c.style.accent % 3])


SCENE = TriangleRelations()
task = SCENE.task


def finish(q, fig, value, witnesses, question, *, rounding=None):
    shown = round(value, rounding) if rounding is not None else value
    q.require(all(abs(v - shown) > 1e-9 for v in printed_numbers(fig)), "the answer is printed")
    if isinstance(witnesses, str) and len(witnesses) == 2:
        witnesses = f"seg:{witnesses[0]}-{witnesses[1]}"
    elif isinstance(witnesses, str):
        witnesses = {k: f"pt:{k}" for k in witnesses}
    return q.answer(value, witnesses=witnesses, rounding=rounding, question=question)


def build(q, make):
    return build_figure(q, lambda rng: make(rng, q.difficulty))


def length_task(q, make_fig, choose, question, keys=None):
    """Ask one length: ``make_fig(rng, d) -> (figure, lengths)``, ``choose(rng, d) -> (asked, printed
    names)``; the answer is the asked length, the witness its segment (or the points ``keys``)."""
    def make(rng, d):
        fig, v = make_fig(rng, d)
        if fig is None:
            return None, None
        ask, names = choose(rng, d)
        given(fig, v, names, ask)
        return fig, {"ask": ask, "value": v[ask]}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], keys or f["ask"], question.format(ask=f["ask"]))
