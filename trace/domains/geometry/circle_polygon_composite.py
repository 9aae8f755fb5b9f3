"""geometry/circle_polygon_composite: a circle inscribed in a polygon, drawn to scale.

Two constructions.  A square (a rhombus at difficulty 3) ABCD with its incircle (centre O), a
tangent line touching the circle at T that cuts off corner A (meeting AB at P and AD at Q),
radii OT, OM and ON to the points of contact on AB and AD, one or two known angles and the
target angle marked "?": the radius is perpendicular to the tangent at each point of contact, so
the kite PTOM (or QTON) has two right angles.  Or a tangential quadrilateral ABCD (all four
sides touch the incircle) with three side lengths and the fourth marked "?" (Pitot: AB + CD =
BC + DA).

Difficulty (angles): 1 gives the kite's angle at P and asks the one at O; 2 gives the corner
triangle's angle at P and asks the other kite's angle at O (through the square's right angle);
3 does the same in a rhombus whose corner angle is printed.  (Sides): larger and less regular
quadrilaterals.  The printed numbers never include the answer.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, draw_figure, figure, mark_color, meet, polar, prints
from tracegen.kits.geometry import rint

SIZE = (820, 600)


class CirclePolygonComposite(Scene):
    domain, scene_id, size = "geometry", "circle_polygon_composite", SIZE
    megapixels = (0.5, 0.66)    # render-only: the original's one 820 x 600 canvas
    aspect_pad = 0.1
    description = ("A circle inscribed in a square, rhombus or tangential quadrilateral, with a tangent line, radii to "
                   "the points of contact, marked angles or side lengths and one unknown marked '?'.")

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(0, 360)), 3), "mirror": bool(rng.integers(2))}

    def render(self, c, state, params):
        draw_figure(c, state["fig"], (70, 50, c.width - 70, c.height - 50),
                    mark_color=mark_color(c.style))


SCENE = CirclePolygonComposite()
task = SCENE.task


def finish(q, fig, answer, keys, question):
    q.require(not prints(fig, answer), "the answer is printed")
    return q.answer(answer, witnesses={k: f"pt:{k}" for k in keys}, question=question)


# ---------------------------------------------------------------------- tangent angle
def tangent_figure(rng, d, target):
    """The rhombus (a square below difficulty 3) around a unit incircle, the tangent at T cutting
    off corner A, and the marks for the difficulty.  ``target`` is the answer in degrees."""
    phi = 90 if d < 3 else rint(rng, 55, 125)              # corner angle at A
    u1 = 90.0                                              # contact with AB (normal direction)
    u2 = u1 + (180 - phi)                                  # contact with AD
    if d == 1:
        tau = u1 + target                                  # asked: angle TOM = tau - u1
    else:
        tau = u2 - target                                  # asked: angle TON = u2 - tau
    if not u1 + 18 <= tau <= u2 - 18 or 84 <= tau - u1 <= 96:
        return None, None
    r = 10.0
    M, N, T = polar((0, 0), r, u1), polar((0, 0), r, u2), polar((0, 0), r, tau)
    W, L = polar((0, 0), r, u1 + 180), polar((0, 0), r, u2 + 180)   # contacts with CD and BC

    def tangent(p):
        return p, (p[0] - p[1], p[1] + p[0])               # a second point on the tangent at p

    A = meet(*tangent(M), *tangent(N))
    B = meet(*tangent(M), *tangent(L))
    C = meet(*tangent(L), *tangent(W))
    D = meet(*tangent(W), *tangent(N))
    P = meet(*tangent(T), A, B)
    Q = meet(*tangent(T), A, D)
    pts = {"A": A, "B": B, "C": C, "D": D, "O": (0, 0), "T": T, "M": M, "N": N, "P": P, "Q": Q}
    fig = figure(pts, circles=[[0.0, 0.0, r]])
    fig["dots"] = ["A", "B", "C", "D", "O", "T", "M", "N", "P", "Q"]
    fig["segs"] = [["A", "P", "hidden"], ["P", "M", "hidden"], ["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"],
                   ["P", "Q"], ["O", "T", "thin"], ["O", "M", "thin"], ["O", "N", "thin"]]
    fig["angles"] = [{"v": "T", "a": "O", "b": "P", "right": True}, {"v": "M", "a": "O", "b": "B", "right": True},
                     {"v": "N", "a": "O", "b": "D", "right": True}]
    alpha = tau - u1                                       # angle APQ = angle TOM
    if d == 1:
        fig["angles"] += [{"v": "P", "a": "M", "b": "T", "text": f"{round(180 - alpha)}°"},
                          {"v": "O", "a": "T", "b": "M", "text": "?", "arcs": 2}]
    else:
        fig["angles"] += [{"v": "P", "a": "A", "b": "Q", "text": f"{round(alpha)}°"},
                          {"v": "O", "a": "T", "b": "N", "text": "?", "arcs": 2}]
        if d == 3:
            fig["angles"].append({"v": "A", "a": "B", "b": "D", "text": f"{phi}°"})
    facts = {"phi": phi, "alpha": round(alpha), "asked": "TOM" if d == 1 else "TON"}
    return fig, facts


@task("tangent_angle_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def tangent_angle_value(q):
    d = q.difficulty
    # in a square the printed corner-triangle angle is 90 minus the answer: 45 would print the answer
    target = q.target([t for t in range(20, 71) if d != 2 or t != 45], stratified=True)
    fig, facts = build_figure(q, lambda rng: tangent_figure(rng, d, target))
    shape = "square" if facts["phi"] == 90 else "rhombus"
    return finish(q, fig, target, "ABCDOT",
                  f"The figure shows {shape} ABCD with its incircle (centre O). The line PQ touches the circle at T "
                  f"and cuts off corner A; OT, OM and ON are radii to the points of contact. Using the tangent-radius "
                  f"right angles, what is the measure in degrees of the angle marked ? (angle {facts['asked']})?")


# ---------------------------------------------------------------------- tangential quadrilateral
def incircle_radius(ts):
    """The radius r of the incircle of the tangential quadrilateral with tangent lengths ``ts``:
    the half-angles atan(r / t) at the four vertices sum to 180 degrees (increasing in r)."""
    lo, hi = 1e-6, 1e3 * max(ts)
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if sum(math.atan2(mid, t) for t in ts) < math.pi else (lo, mid)
    return (lo + hi) / 2


def quad_figure(rng, d, asked):
    """A tangential quadrilateral ABCD from four whole tangent lengths (so every side is whole)."""
    lo, hi = {1: (3, 12), 2: (3, 34), 3: (5, 44)}[d]
    ts = [rint(rng, lo, hi) for _ in range(4)]
    r = incircle_radius(ts)
    if min(math.degrees(math.atan2(r, t)) for t in ts) < 24 or len(set(ts)) < 3:
        return None, None
    # side k has its point of contact at normal direction n; vertex k turns it by 2 atan(t_k / r)
    pts, n = {}, 90.0
    for t, name in zip(ts, "ABCD"):
        turn = 2 * math.degrees(math.atan2(t, r))
        pts[name] = polar((0, 0), math.hypot(r, t), n - turn / 2)
        n -= turn
    sides = {"AB": ts[0] + ts[1], "BC": ts[1] + ts[2], "CD": ts[2] + ts[3], "DA": ts[3] + ts[0]}
    pts["O"] = (0.0, 0.0)
    fig = figure(pts, circles=[[0.0, 0.0, r]])
    fig["dots"] = ["A", "B", "C", "D", "O"]
    fig["segs"] = [["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"]]
    fig["lens"] = [{"a": s[0], "b": s[1], "text": f"{s} = {'?' if s == asked else v}"} for s, v in sides.items()]
    return fig, {"sides": sides}


@task("tangential_quadrilateral_side_length_value", answer="integer", annotation="point_map",
      ops="formula_evaluation", queries=("missing_side_from_tangent_quadrilateral",))
def tangential_quadrilateral_side_length_value(q):
    d = q.difficulty
    asked = q.choice("asked", ["AB", "BC", "CD", "DA"])
    fig, facts = build_figure(q, lambda rng: quad_figure(rng, d, asked))
    return finish(q, fig, facts["sides"][asked], "ABCD",
                  "The figure shows a convex quadrilateral ABCD whose four sides are all tangent to the circle with "
                  f"centre O. Three side lengths are labelled; what is the length of side {asked}?")
