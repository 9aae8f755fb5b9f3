"""geometry/angle_relations: angle facts on a plain diagram -- a triangle with one side extended
(exterior angle, also with angles written in x), parallel lines cut by one transversal (same-
side interior angles, corresponding angles, vertical angles) or by two crossing segments that
make a triangle between the lines.  Angles are marked with arcs and labelled with their measure,
an expression in x, or "?"; parallel lines carry arrows.  Drawn to scale, turned slightly.

Difficulty 1 asks the direct relation with small coefficients; 2 the reference's (an
expression pair to solve, a transfer across the parallels); 3 adds a step (an exterior angle at
the other end, the supplement at the far line, a vertical angle, a value derived first).  The
printed numbers never include the answer.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, draw_figure, figure, meet, polar, printed_numbers
from tracegen.kits.geometry import pick, rint

SIZE = (720, 560)


def deg(v) -> str:
    return f"{v}°"


def expr(a: int, b: int) -> str:
    head = "x" if a == 1 else f"{a}x"
    return f"({head})°" if b == 0 else f"({head} {'+' if b > 0 else '−'} {abs(b)})°"


def as_expr(rng, value, x, coeffs):
    """``value`` written as a*x + b for the instance's x, a from ``coeffs``."""
    a = pick(rng, coeffs)
    return a, expr(a, value - a * x)


def mark(fig, v, a, b, text, arcs=1):
    fig["angles"].append({"v": v, "a": a, "b": b, "text": text, "arcs": arcs})


class AngleRelations(Scene):
    domain, scene_id, size = "geometry", "angle_relations", SIZE
    megapixels = (0.4, 0.7)
    description = ("Lines, a triangle with an extended side or parallel lines with transversals, with marked angles "
                   "labelled by their measure, an expression in x, or '?'.")

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(-12, 12)), 3), "mirror": bool(rng.integers(2))}

    def render(self, c, state, params):
        draw_figure(c, state["fig"], (56, 56, c.width - 56, c.height - 56), line_w=3.0,
                    mark_color=("series:4", "accent", "series:1")[c.style.accent % 3])


SCENE = AngleRelations()
task = SCENE.task


def finish(q, fig, value, keys, question):
    q.require(all(abs(v - value) > 1e-9 for v in printed_numbers(fig)), "the answer is printed")
    return q.answer(value, witnesses={k: f"pt:{k}" for k in keys}, question=question)


def build(q, make):
    return build_figure(q, lambda rng: make(rng, q.difficulty))


# ---------------------------------------------------------------------- a triangle with an extended side
def exterior_fig(al, ga, rng):
    """Triangle ABC (angle al at A, ga at C) with AC extended beyond C to D."""
    L = 10.0
    A, C = (0.0, 0.0), (L, 0.0)
    B = meet(A, polar(A, 1, al), C, polar(C, 1, 180 - ga))
    D = (L + float(rng.uniform(0.3, 0.45)) * L, 0.0)
    fig = figure({"A": A, "B": B, "C": C, "D": D})
    fig["segs"] += [["A", "B"], ["B", "C"], ["A", "D"]]
    return fig


@task("triangle_exterior_angle", answer="integer", annotation="point_map", ops="formula_evaluation")
def triangle_exterior(q):
    def make(rng, d):
        al, be = rint(rng, 25, 85), rint(rng, 25, 95)
        ga = 180 - al - be
        if ga < 25:
            return None, None
        fig = exterior_fig(al, ga, rng)
        v = {"A": al, "B": be, "BCD": al + be}
        ask = "BCD" if d == 1 else pick(rng, ["A", "B"])
        spots = {"A": ("A", "B", "C"), "B": ("B", "A", "C"), "BCD": ("C", "B", "D")}
        for k, nm in enumerate(["A", "B", "BCD"]):
            vtx, a, b = spots[nm]
            if nm == "A" and d == 3 and ask != "A":     # the exterior angle at A instead
                fig["pts"]["E"] = [-0.35 * 10.0, 0.0]
                fig["dots"].append("E")
                fig["segs"].append(["E", "A"])
                mark(fig, "A", "B", "E", deg(180 - al), 2)
                continue
            mark(fig, vtx, a, b, "?" if nm == ask else deg(v[nm]), 1 + k)
        if d > 1:                                      # the interior angle at C, not needed
            mark(fig, "C", "A", "B", deg(ga), 3 if d == 2 else 1)
        names = {"A": "BAC", "B": "ABC", "BCD": "BCD"}
        return fig, {"ask": names[ask], "value": v[ask]}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "ABC",
                  f"In triangle ABC, side AC is extended beyond C to D. Find the measure of ∠{f['ask']} (marked ?), "
                  "in degrees.")


@task("algebraic_angle_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def algebraic_angle(q):
    def make(rng, d):
        al, be = rint(rng, 25, 85), rint(rng, 30, 105)
        ga = 180 - al - be
        if ga < 22:
            return None, None
        x = rint(rng, 2, {1: 12, 2: 18, 3: 24}[d])
        fig = exterior_fig(al, ga, rng)
        coeffs = {1: (1, 2, 3), 2: (2, 3, 4, 5, 6, 7), 3: (2, 3, 4, 5)}[d]
        a1, e_b = as_expr(rng, be, x, coeffs)
        a2, e_ext = as_expr(rng, al + be, x, [c + (1 if d == 1 else 0) for c in coeffs])
        if a2 == a1:
            return None, None
        if d == 1:
            mark(fig, "A", "B", "C", deg(al))
            ask, value = "ABC", be
        elif d == 2:                            # the exterior angle at A is given instead
            fig["pts"]["E"] = [-3.5, 0.0]
            fig["dots"].append("E")
            fig["segs"].append(["E", "A"])
            mark(fig, "A", "B", "E", deg(180 - al))
            ask, value = "ABC", be
        else:                                   # both remote angles in x; the interior angle at C is asked
            a0, e_a = as_expr(rng, al, x, (1, 2, 3))
            if a0 + a1 == a2:
                return None, None
            mark(fig, "A", "B", "C", e_a)
            mark(fig, "C", "A", "B", "?", 3)
            ask, value = "ACB", ga
        mark(fig, "B", "A", "C", e_b, 2)
        mark(fig, "C", "B", "D", e_ext, 1)
        return fig, {"ask": ask, "value": value, "x": x}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "ABCD",
                  "In triangle ABC, side AC is extended beyond C to D, and some angles are written in terms of x. "
                  f"Find the measure of ∠{f['ask']}, in degrees.")


# ---------------------------------------------------------------------- parallel lines
def parallel_lines(ys, names, width=16.0):
    """Horizontal lines at heights ``ys``, each from (0, y) to (width, y), end points named."""
    pts = {}
    for y, (left, right) in zip(ys, names):
        pts[left], pts[right] = (0.0, y), (width, y)
    return pts


@task("parallel_supplement_angle", answer="integer", annotation="point_map", ops="formula_evaluation")
def parallel_supplement(q):
    ans = q.target([v for v in range(22, 159) if abs(v - 90) > 7])

    def make(rng, d):
        right = bool(rng.integers(2))
        t = ans if right else 180 - ans              # the angle of the transversal against the lines
        slope = math.tan(math.radians(t))
        H = min(7.0, 9.0 * abs(slope))              # the lines come closer for a shallow transversal
        dx = H / slope
        pts = parallel_lines((H, 0.0), ("AB", "CD"))
        F = (float(rng.uniform(max(2.5, 2.5 - dx), min(13.5, 13.5 - dx))), 0.0)
        E = (F[0] + dx, H)
        fig = figure({**pts, "E": E, "F": F})
        fig["segs"] += [["A", "B"], ["C", "D"], ["E", "F"]]
        fig["par"] += [["A", "B", 1], ["C", "D", 1]]
        # same-side interior: ∠AEF + ∠CFE = 180 (left side), ∠BEF + ∠DFE = 180 (right side)
        at_e = ("B", "F") if right else ("A", "F")
        at_f = ("D", "E") if right else ("C", "E")
        ang_e = 180 - t if right else t
        if d > 1:                                    # the vertical angle above E is given instead
            G = (E[0] + (E[0] - F[0]) * 0.45, E[1] + H * 0.45)
            fig["pts"]["G"] = list(G)
            fig["dots"].append("G")
            fig["segs"].append(["E", "G"])
            mark(fig, "E", "G", "A" if right else "B", deg(ang_e), 1)
        else:
            mark(fig, "E", *at_e, deg(ang_e), 1)
        if d == 3:                                   # ... and the vertical angle below F is asked
            Hp = (F[0] - (E[0] - F[0]) * 0.45, -H * 0.45)
            fig["pts"]["H"] = list(Hp)
            fig["dots"].append("H")
            fig["segs"].append(["F", "H"])
            at_f = ("C" if right else "D", "H")
        mark(fig, "F", *at_f, "?", 2)
        ask = f"{at_f[0]}F{at_f[1]}"
        return fig, {"ask": ask, "value": 180 - ang_e}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "EF",
                  f"Lines AB and CD are parallel and a transversal crosses them at E and F. Find the measure of "
                  f"∠{f['ask']}, in degrees.")


@task("parallel_algebraic_angle_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def parallel_algebraic(q):
    def make(rng, d):
        T = rint(rng, 35, 145)                       # ∠QRF: the transversal's direction from R
        if abs(T - 90) < 10:
            return None, None
        g1, g2 = float(rng.uniform(4.0, 6.0)), float(rng.uniform(4.0, 6.0))
        pts = parallel_lines((g1 + g2, g1, 0.0), ("AB", "CD", "EF"))
        R = (float(rng.uniform(4.0, 12.0)), 0.0)
        ct = 1 / math.tan(math.radians(T))
        Q = (R[0] + g1 * ct, g1)
        P = (R[0] + (g1 + g2) * ct, g1 + g2)
        if not all(1.5 < p[0] < 14.5 for p in (P, Q)):
            return None, None
        fig = figure({**pts, "P": P, "Q": Q, "R": R})
        fig["segs"] += [["A", "B"], ["C", "D"], ["E", "F"], ["P", "R"]]
        fig["par"] += [["A", "B", 1], ["C", "D", 1], ["E", "F", 1]]
        x = rint(rng, 3, {1: 20, 2: 30, 3: 36}[d])
        coeffs = (1, 2, 3) if d == 1 else (2, 3, 4, 5)
        right = d < 3 or bool(rng.integers(2))
        # same-side interior pair: ∠BPQ + ∠PQD = 180 (right), ∠APQ + ∠PQC = 180 (left)
        val_p, val_q = (180 - T, T) if right else (T, 180 - T)
        a1, e1 = as_expr(rng, val_p, x, coeffs)
        a2, e2 = as_expr(rng, val_q, x, coeffs)
        if d == 3:                                   # the vertical angle above P carries the expression
            S = (P[0] + (P[0] - Q[0]) * 0.5, P[1] + g2 * 0.5)
            fig["pts"]["S"] = list(S)
            fig["dots"].append("S")
            fig["segs"].append(["P", "S"])
            mark(fig, "P", "A" if right else "B", "S", e1, 1)
        else:
            mark(fig, "P", "B" if right else "A", "Q", e1, 1)
        mark(fig, "Q", "P", "D" if right else "C", e2, 2)
        far = d == 3 and bool(rng.integers(2))
        mark(fig, "R", "Q", "E" if far else "F", "?", 3)
        ask, value = ("ERQ", 180 - T) if far else ("FRQ", T)
        return fig, {"ask": ask, "value": value, "x": x}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "PQR",
                  "Lines AB, CD and EF are parallel and a transversal crosses them at P, Q and R; two angles are "
                  f"written in terms of x. Find the measure of ∠{f['ask']}, in degrees.")


@task("parallel_transversal_triangle_angle_value", answer="integer", annotation="point_map",
      ops="formula_evaluation")
def parallel_triangle(q):
    def make(rng, d):
        s, t = rint(rng, 30, 80), rint(rng, 30, 80)
        if s + t > 150:
            return None, None
        S, T = (float(rng.uniform(2.5, 5.0)), 0.0), (float(rng.uniform(9.0, 12.5)), 0.0)
        Q = meet(S, polar(S, 1, s), T, polar(T, 1, 180 - t))
        H = Q[1] * float(rng.uniform(1.7, 2.3))
        R = meet(S, Q, (0.0, H), (1.0, H))
        P = meet(T, Q, (0.0, H), (1.0, H))
        if not (0.6 < P[0] < R[0] < 15.4):
            return None, None
        fig = figure({"P": P, "R": R, "S": S, "T": T, "Q": Q, "j": (0.0, H), "k": (16.0, H), "m": (0.0, 0.0),
                      "n": (16.0, 0.0)}, dots=["P", "Q", "R", "S", "T"])
        fig["segs"] += [["j", "k"], ["m", "n"], ["P", "T"], ["R", "S"]]
        fig["par"] += [["j", "k", 1], ["m", "n", 1]]
        if d == 1:
            mark(fig, "S", "Q", "T", deg(s), 1)
            mark(fig, "T", "S", "Q", deg(t), 2)
        else:                                         # one angle at the top line (alternate interior)
            top_first = bool(rng.integers(2))
            if top_first:
                mark(fig, "P", "R", "Q", deg(t), 1)   # ∠RPQ = ∠QTS
                mark(fig, "S", "Q", "T", deg(s), 2)
            else:
                mark(fig, "R", "P", "Q", deg(s), 1)   # ∠PRQ = ∠QST
                mark(fig, "T", "S", "Q", deg(t), 2)
        if d > 1:                                     # exterior angles at the lines, not needed
            if top_first:
                mark(fig, "T", "Q", "n", deg(180 - t), 1)
            else:
                mark(fig, "S", "Q", "m", deg(180 - s), 1)
        if d > 2:
            if top_first:
                mark(fig, "R", "Q", "k", deg(180 - s), 2)
            else:
                mark(fig, "P", "Q", "j", deg(180 - t), 2)
        ask, value = ("PQR", 180 - s - t)
        if d == 3 and rng.integers(2):
            ask, value = "PQS", s + t
            mark(fig, "Q", "P", "S", "?", 3)
        else:
            mark(fig, "Q", "P", "R", "?", 3)
        return fig, {"ask": ask, "value": value}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "PQRST",
                  "Two parallel lines carry P and R (top) and S and T (bottom); segments PT and RS cross at Q. "
                  f"Find the measure of ∠{f['ask']}, in degrees.")
