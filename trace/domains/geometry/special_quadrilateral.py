"""geometry/special_quadrilateral: a parallelogram, rhombus or kite ABCD drawn to scale with its
marks (equal-side ticks, parallel arrows, the diagonals meeting at O where used) and two angles or
two segments labelled with expressions in x.  The property of the shape makes the two equal (or
supplementary): opposite angles of a parallelogram, consecutive angles (sum 180°), the halves of
a rhombus's angle cut by its diagonal, a kite's angles between unequal sides; opposite sides,
all four rhombus sides, a kite's adjacent equal sides, the halves of a bisected diagonal.  Solving
for x gives the asked measure.

Difficulty: coefficients 1-2; the reference's 1-5; at 3 larger coefficients, and the
parallelogram queries ask a derived measure (the neighbouring angle, the whole diagonal).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, draw_figure, figure, mark_color, prints
from tracegen.kits.geometry import pick, rint

SIZE = (760, 560)
COEF = {1: (1, 2), 2: (1, 2, 3, 4, 5), 3: (2, 3, 4, 5, 6, 7)}


class SpecialQuadrilateral(Scene):
    domain, scene_id, size = "geometry", "special_quadrilateral", SIZE
    megapixels = (0.42, 0.58)   # render-only: the original's one 760 x 560 canvas
    aspect_pad = 0.1
    description = ("A parallelogram, rhombus or kite with its marks and two angles or segments written as "
                   "expressions in x, one measure asked.")

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(-20, 20)), 3), "mirror": bool(rng.integers(2))}

    def render(self, c, state, params):
        draw_figure(c, state["fig"], (90, 50, c.width - 90, c.height - 50),
                    mark_color=mark_color(c.style))


SCENE = SpecialQuadrilateral()
task = SCENE.task


def expr(a, b) -> str:
    head = "x" if a == 1 else f"{a}x"
    return head if b == 0 else f"{head} + {b}" if b > 0 else f"{head} − {-b}"


def two_expressions(rng, d, v1, v2):
    """Expressions a1 x + b1 = v1 and a2 x + b2 = v2 with a1 != a2 for a common whole x."""
    for _ in range(200):
        a1, a2 = pick(rng, COEF[d]), pick(rng, COEF[d])
        if a1 == a2:
            continue
        x = rint(rng, 3, 25)
        b1, b2 = v1 - a1 * x, v2 - a2 * x
        if -40 <= b1 <= 160 and -40 <= b2 <= 160:
            return x, (a1, b1), (a2, b2)
    return None


def parallelogram(theta, L1, L2):
    t = math.radians(theta)
    A, B = (0.0, 0.0), (float(L1), 0.0)
    D = (L2 * math.cos(t), L2 * math.sin(t))
    return {"A": A, "B": B, "C": (B[0] + D[0], B[1] + D[1]), "D": D}


def kite(rng, phi, top):
    """Kite ABCD: AB = AD = ``top`` (A on top), CB = CD, the angle at B and D is ``phi``: B = (w, 0),
    D = (-w, 0), A above and C below the axis; angle ABC splits at BD into angles of BA and BC."""
    lo, hi = max(25.0, phi - 80.0), min(80.0, phi - 15.0)
    if lo >= hi:
        return None
    ang_a = float(rng.uniform(lo, hi))                     # between BA and BD
    ang_c = phi - ang_a                                    # between BD and BC
    if abs(ang_c - ang_a) < 8:                             # keep it from looking like a rhombus
        return None
    w, h1 = top * math.cos(math.radians(ang_a)), top * math.sin(math.radians(ang_a))
    h2 = w * math.tan(math.radians(ang_c))
    return {"A": (0.0, h1), "B": (w, 0.0), "C": (0.0, -h2), "D": (-w, 0.0)}


ANGLE_QUERIES = ("parallelogram_opposite_angle_expression", "parallelogram_consecutive_angle_expression",
                 "rhombus_diagonal_half_angle_expression", "kite_opposite_angle_expression")


def angle_figure(rng, d, qid, target):
    """The figure and the asked angle's name for an angle query whose answer is ``target``."""
    ticks, par = [], []
    if qid.startswith("parallelogram"):
        derived = d == 3
        v = 180 - target if derived and qid.endswith("opposite_angle_expression") else target
        if qid.endswith("opposite_angle_expression"):
            theta = v                                      # angle DAB = angle BCD = v
            marks = [("A", "B", "D", v), ("C", "D", "B", v)]
            asked = ("B", "A", "C") if derived else ("A", "B", "D")
        else:
            theta = target if derived else 180 - target        # angle DAB; angle ABC = 180 - DAB
            marks = [("A", "B", "D", theta), ("B", "C", "A", 180 - theta)]
            asked = ("B", "A", "C") if not derived else ("C", "B", "D")
        L1, L2 = float(rng.uniform(7, 10)), float(rng.uniform(4.5, 6.5))
        pts = parallelogram(theta, L1, L2)
        par = [["A", "B", 1], ["D", "C", 1], ["A", "D", 2], ["B", "C", 2]]
        segs = [["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"]]
    elif qid.startswith("rhombus"):
        half = target / 2
        pts = parallelogram(target, 8.0, 8.0)              # angle DAB = target, AC bisects it
        marks = [("A", "D", "C", half), ("A", "C", "B", half)]
        asked = ("A", "B", "D")
        ticks = [["A", "B", 1], ["B", "C", 1], ["C", "D", 1], ["D", "A", 1]]
        segs = [["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"], ["A", "C", "thin"]]
    else:
        pts = kite(rng, target, float(rng.uniform(5, 7)))
        if pts is None:
            return None, None
        marks = [("B", "A", "C", target), ("D", "C", "A", target)]
        asked = ("B", "A", "C")
        ticks = [["A", "B", 1], ["A", "D", 1], ["C", "B", 2], ["C", "D", 2]]
        segs = [["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"]]
    got = two_expressions(rng, d, round(marks[0][3]), round(marks[1][3]))
    if got is None or min(m[3] for m in marks) < 15:
        return None, None
    x, e1, e2 = got
    fig = figure(pts, segs=segs, ticks=ticks, par=par)
    fig["dots"] = ["A", "B", "C", "D"]
    fig["angles"] = [{"v": m[0], "a": m[1], "b": m[2], "text": f"({expr(*e)})°"} for m, e in zip(marks, (e1, e2))]
    name = asked[1] + asked[0] + asked[2]
    return fig, {"x": x, "asked": name, "exprs": [e1, e2]}


@task("algebraic_angle_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=ANGLE_QUERIES)
def algebraic_angle_value(q):
    d, qid = q.difficulty, q.query_id
    lo, hi = {"rhombus_diagonal_half_angle_expression": (30, 110), "kite_opposite_angle_expression": (60, 115)}.get(
        qid, (25, 115))
    target = q.target([t for t in range(lo, hi + 1, 2 if qid.startswith("rhombus") else 1) if t != 90],
                      stratified=True)
    fig, facts = build_figure(q, lambda rng: angle_figure(rng, d, qid, target))
    q.require(not prints(fig, target), "the answer is printed")
    shape = qid.split("_")[0]
    return q.answer(target, witnesses={k: f"pt:{k}" for k in "ABCD"},
                    question=f"The figure shows {shape} ABCD with two angles written as expressions in x (degrees). "
                             f"What is the measure of angle {facts['asked']} in degrees?")


# ---------------------------------------------------------------------- segments
SEGMENT_QUERIES = ("parallelogram_opposite_side_expression", "rhombus_all_sides_expression",
                   "kite_adjacent_equal_side_expression", "parallelogram_diagonal_bisection_expression")


def segment_figure(rng, d, qid, target):
    ticks, par, diag = [], [], False
    if qid == "parallelogram_opposite_side_expression":
        other = rint(rng, 12, 70)
        if abs(other - target) < 6:
            return None, None
        horizontal = bool(rng.integers(2))
        L1, L2 = (target, other) if horizontal else (other, target)
        pts = parallelogram(float(rng.uniform(55, 75)), L1, L2)
        pair = [("A", "B"), ("D", "C")] if horizontal else [("A", "D"), ("B", "C")]
        asked = pair[0]
        par = [["A", "B", 1], ["D", "C", 1], ["A", "D", 2], ["B", "C", 2]]
    elif qid == "rhombus_all_sides_expression":
        pts = parallelogram(float(rng.uniform(50, 75)), target, target)
        sides = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]
        i, j = (int(k) for k in rng.choice(4, size=2, replace=False))
        pair = [sides[i], sides[j]]
        asked = sides[int(rng.integers(4))]
        ticks = [[a, b, 1] for a, b in sides]
    elif qid == "kite_adjacent_equal_side_expression":
        k = kite(rng, float(rng.uniform(75, 115)), float(target))
        if k is None:
            return None, None
        pts = k
        pair = [("A", "B"), ("A", "D")]
        asked = ("A", "D")
        ticks = [["A", "B", 1], ["A", "D", 1], ["C", "B", 2], ["C", "D", 2]]
    else:
        half = target if d < 3 else target / 2             # asked: OC (or the whole AC at difficulty 3)
        pts = parallelogram(float(rng.uniform(45, 70)), float(rng.uniform(1.1, 1.7)), 1.0)
        # scale so that AO = OC = half
        ac = math.dist(pts["A"], pts["C"])
        pts = {k: (p[0] * 2 * half / ac, p[1] * 2 * half / ac) for k, p in pts.items()}
        pts["O"] = ((pts["A"][0] + pts["C"][0]) / 2, (pts["A"][1] + pts["C"][1]) / 2)
        pair = [("A", "O"), ("O", "C")]
        asked = ("O", "C") if d < 3 else ("A", "C")
        diag = True
        par = [["A", "B", 1], ["D", "C", 1], ["A", "D", 2], ["B", "C", 2]]
    lengths = [math.dist(pts[a], pts[b]) for a, b in pair]
    got = two_expressions(rng, d, round(lengths[0]), round(lengths[1]))
    if got is None or any(abs(L - round(L)) > 1e-6 for L in lengths):
        return None, None
    x, e1, e2 = got
    segs = [["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"]]
    if diag:
        segs += [["A", "O", "thin"], ["O", "C", "thin"], ["B", "D", "thin"], ["A", "C", "hidden"]]
    fig = figure(pts, segs=segs, ticks=ticks, par=par)
    fig["dots"] = ["A", "B", "C", "D"] + (["O"] if diag else [])
    fig["lens"] = [{"a": a, "b": b, "text": f"{a}{b} = {expr(*e)}"} for (a, b), e in zip(pair, (e1, e2))]
    value = round(math.dist(pts[asked[0]], pts[asked[1]]))
    return fig, {"x": x, "asked": asked[0] + asked[1], "value": value}


@task("segment_length_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=SEGMENT_QUERIES)
def segment_length_value(q):
    d, qid = q.difficulty, q.query_id
    target = q.target(range(16, 76) if not (qid.endswith("bisection_expression") and d == 3) else range(32, 151, 2),
                      stratified=True)
    fig, facts = build_figure(q, lambda rng: segment_figure(rng, d, qid, target))
    q.require(facts["value"] == target, "the asked segment is not the target")
    q.require(not prints(fig, target), "the answer is printed")
    shape = qid.split("_")[0]
    keys = "ABCDO" if "O" in fig["dots"] else "ABCD"
    return q.answer(target, witnesses={k: f"pt:{k}" for k in keys},
                    question=f"The figure shows {shape} ABCD with two segments written as expressions in x. What is "
                             f"the length of {facts['asked']}?")
