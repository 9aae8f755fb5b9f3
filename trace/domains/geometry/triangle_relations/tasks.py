"""geometry/triangle_relations, the tasks on one triangle: the altitude to the hypotenuse and the legs'
projections, angle bisectors (a segment, an expression in x), a centroid on its medians, parallel
sections and similar triangles.
"""

from __future__ import annotations

import math

from tracegen.kits.constructions import figure
from tracegen.kits.geometry import pick, rint

from .scene import build, expr, finish, given, law_of_cosines_apex, length_task, min_angle, task


# ---------------------------------------------------------------------- right triangle with an altitude
def altitude_fig(bd, dc, ad, swap=False):
    """Right angle at A, altitude AD onto the hypotenuse BC (D at the origin)."""
    B, C = (-bd, 0.0), (dc, 0.0)
    if swap:
        B, C = C, B
    fig = figure({"A": (0.0, ad), "B": B, "C": C, "D": (0.0, 0.0)})
    fig["segs"] += [["A", "B"], ["A", "C"], ["B", "C"], ["A", "D"], ["B", "D", "hidden"], ["D", "C", "hidden"]]
    fig["angles"] += [{"v": "A", "a": "B", "b": "C", "right": True}, {"v": "D", "a": "A", "b": "C", "right": True}]
    return fig


@task("altitude_to_hypotenuse_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("altitude_from_split_hypotenuse", "missing_projection_from_altitude"))
def altitude_to_hypotenuse(q):
    from_split = q.query_id == "altitude_from_split_hypotenuse"

    def make_fig(rng, d):
        top = {1: 5, 2: 9, 3: 12}[d]
        m = rint(rng, 1, top - 1)
        n = rint(rng, m + 1, min(top, 3 * m))
        k = rint(rng, *{1: (1, 4), 2: (4, 40), 3: (20, 80)}[d])
        if rng.integers(2):
            m, n = n, m
        v = {"BD": k * m * m, "DC": k * n * n, "AD": k * m * n}
        v["BC"] = v["BD"] + v["DC"]
        return altitude_fig(v["BD"], v["DC"], v["AD"]), v

    def choose(rng, d):
        if from_split:
            return "AD", (["BD", "DC"] if d < 3 else pick(rng, [["BD", "BC"], ["DC", "BC"]]))
        if d < 3:
            ask = pick(rng, ["DC", "BD"])
            return ask, ["AD", "BD" if ask == "DC" else "DC"]
        return "BC", pick(rng, [["AD", "BD"], ["AD", "DC"]])

    return length_task(q, make_fig, choose, "Triangle ABC has a right angle at A and AD is the altitude to the "
                       "hypotenuse BC. Find the length {ask}.", keys="ABCD")


@task("leg_projection_length_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("leg_from_hypotenuse_projection", "projection_from_leg_and_hypotenuse"))
def leg_projection(q):
    leg_query = q.query_id == "leg_from_hypotenuse_projection"
    swap = q.param("swap", lambda r: bool(r.integers(2)))   # the leg and its projection on the B side
    proj, rest, leg = ("BD", "DC", "AB") if swap else ("DC", "BD", "AC")

    def make_fig(rng, d):
        n = rint(rng, *{1: (2, 5), 2: (3, 12), 3: (6, 16)}[d])
        m = rint(rng, 1, n - 1)
        if not 0.15 <= m * m / (n * n - m * m) <= 5:
            return None, None
        k = rint(rng, *{1: (1, 3), 2: (10, 80), 3: (40, 120)}[d])
        v = {"BC": k * n * n, proj: k * m * m, leg: k * m * n, rest: k * (n * n - m * m)}
        return altitude_fig(v[rest], v[proj], k * m * math.sqrt(n * n - m * m), swap=swap), v

    def choose(rng, d):
        if leg_query:
            return leg, ([proj, "BC"] if d < 3 else [proj, rest])
        return (proj, [leg, "BC"]) if d < 3 else (rest, [leg, "BC"])

    return length_task(q, make_fig, choose, "Triangle ABC has a right angle at A and AD is the altitude to the "
                       "hypotenuse BC. Find the length {ask}.", keys="ABCD")


# ---------------------------------------------------------------------- angle bisector
def bisector_fig(rng, d):
    """AD bisects angle BAC: AB = k p, AC = k q, BD = m p, DC = m q."""
    for _ in range(60):
        p, qq = rint(rng, 1, 7), rint(rng, 1, 7)
        if p == qq or math.gcd(p, qq) > 1:
            continue
        k = rint(rng, *{1: (3, 16), 2: (10, 80), 3: (25, 110)}[d])
        m = rint(rng, 1, k - 1)
        ab, ac, bc = k * p, k * qq, m * (p + qq)
        A = law_of_cosines_apex(ab, ac, bc)
        if A is None or min_angle(A, (0, 0), (bc, 0)) < 16:
            continue
        fig = figure({"A": A, "B": (0.0, 0.0), "C": (bc, 0.0), "D": (m * p, 0.0)})
        fig["segs"] += [["A", "B"], ["A", "C"], ["B", "C"], ["A", "D"], ["B", "D", "hidden"], ["D", "C", "hidden"]]
        fig["angles"] += [{"v": "A", "a": "B", "b": "D"}, {"v": "A", "a": "D", "b": "C"}]
        return fig, {"AB": ab, "AC": ac, "BD": m * p, "DC": m * qq, "BC": bc}
    return None, None


@task("angle_bisector_segment_value", answer="integer", annotation="segment", ops="formula_evaluation")
def angle_bisector_segment(q):
    def choose(rng, d):
        if d == 1:
            return "DC", ["AB", "AC", "BD"]
        if d == 2:
            ask, part = pick(rng, [("DC", "BD"), ("BD", "DC"), ("BC", "BD"), ("BC", "DC")])
            return ask, ["AB", "AC", part]
        return pick(rng, ["BD", "DC"]), ["AB", "AC", "BC"]

    return length_task(q, bisector_fig, choose, "In triangle ABC, AD bisects angle BAC and meets BC at D. "
                       "Find the length {ask}.")


@task("angle_bisector_variable_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def angle_bisector_variable(q):
    def make(rng, d):
        fig, v = bisector_fig(rng, d)
        if fig is None:
            return None, None
        names = ["AB", "AC", "BD", "DC"]
        if d == 1:
            inx = ["DC"]
        elif d == 2:
            inx = [pick(rng, names)]
        else:
            inx = pick(rng, [["BD", "DC"], ["AB", "AC"], ["AB", "BD"], ["AC", "DC"]])
        a0 = 1 if d < 3 else rint(rng, 1, 2)
        lo = min(v[n] for n in inx)
        if d == 2:                             # the original's form: the length is x + 1 .. x + 9
            x = rint(rng, max(3, lo - 9), max(4, lo - 1))
        else:
            x = rint(rng, max(3, lo // (a0 + 1)), max(4, lo * 5 // (4 * a0)))
        exprs = {}
        for nm in inx:
            a = a0 if v[nm] - a0 * x > -v[nm] // 2 else 1
            exprs[nm] = expr(a, v[nm] - a * x)
        if len(inx) == 2:                      # AB * DC = AC * BD must fix x: a nonzero slope in x
            def gap(t):
                w = {n: v[n] + (t - x) * (1 if exprs[n].startswith("x") else int(exprs[n].split("x")[0]))
                     if n in inx else v[n] for n in names}
                return w["AB"] * w["DC"] - w["AC"] * w["BD"]
            if gap(x + 1) == gap(x):
                return None, None
        given(fig, v, names, exprs=exprs)
        return fig, {"x": x}

    fig, f = build(q, make)
    return finish(q, fig, f["x"], "ABCD",
                  "In triangle ABC, AD bisects angle BAC and meets BC at D; some lengths are written in terms of x. "
                  "Solve for x.")


# ---------------------------------------------------------------------- centroid
@task("centroid_median_segment_value", answer="integer", annotation="segment", ops="formula_evaluation")
def centroid_median(q):
    def make(rng, d):
        u = rint(rng, *{1: (3, 40), 2: (4, 90), 3: (10, 120)}[d])
        w = rint(rng, math.ceil(1.1 * u), 3 * u)
        th = math.radians(float(rng.uniform(55, 125)))
        A = (3 * u * math.cos(th), 3 * u * math.sin(th))
        pts = {"A": A, "B": (-w, 0.0), "C": (w, 0.0), "D": (0.0, 0.0), "G": (A[0] / 3, A[1] / 3)}
        fig = figure(pts)
        fig["segs"] += [["A", "B"], ["B", "C"], ["C", "A"], ["A", "D"], ["A", "G", "hidden"], ["G", "D", "hidden"]]
        fig["ticks"] += [["B", "D", 1], ["D", "C", 1]]
        v = {"AD": 3 * u, "AG": 2 * u, "GD": u, "BD": w}
        if d == 1:
            ask, g = pick(rng, [("AG", "GD"), ("GD", "AG")])
            names = [g]
        else:
            ask, g = pick(rng, [("AG", "GD"), ("GD", "AG"), ("AD", "GD"), ("AG", "AD"), ("GD", "AD"), ("AD", "AG")])
            names = [g]
        if d == 3:                               # all three medians, and half of BC as an unneeded length
            fig["pts"]["E"] = [(A[0] + w) / 2, A[1] / 2]
            fig["pts"]["F"] = [(A[0] - w) / 2, A[1] / 2]
            fig["dots"] += ["E", "F"]
            fig["segs"] += [["B", "E", "thin"], ["C", "F", "thin"]]
            fig["ticks"] += [["A", "E", 2], ["E", "C", 2], ["A", "F", 3], ["F", "B", 3]]
            names.append("BD")
        given(fig, v, names, ask)
        return fig, {"ask": ask, "value": v[ask]}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], f["ask"],
                  f"In triangle ABC, D is the midpoint of BC and G is the centroid, on the median AD. "
                  f"Find the length {f['ask']}.")


# ---------------------------------------------------------------------- parallel sections
def section_fig(rng, d):
    """D on AB and E on AC with DE parallel to BC; AD : DB = AE : EC = p : q."""
    for _ in range(80):
        p, qq = rint(rng, 1, 6), rint(rng, 1, 6)
        if math.gcd(p, qq) > 1 or not 0.22 <= p / (p + qq) <= 0.78:
            continue
        hi = {1: 8, 2: 40, 3: 60}[d]
        k, j, m = rint(rng, 2, hi), rint(rng, 2, hi), rint(rng, 2, hi)
        s = p + qq
        A = law_of_cosines_apex(k * s, j * s, m * s)
        if A is None or min_angle(A, (0, 0), (m * s, 0)) < 24:
            continue
        B, C = (0.0, 0.0), (float(m * s), 0.0)
        t = p / s
        pts = {"A": A, "B": B, "C": C, "D": (A[0] + (B[0] - A[0]) * t, A[1] + (B[1] - A[1]) * t),
               "E": (A[0] + (C[0] - A[0]) * t, A[1] + (C[1] - A[1]) * t)}
        fig = figure(pts)
        fig["segs"] += [["A", "B"], ["A", "C"], ["B", "C"], ["D", "E"]]
        fig["segs"] += [[a, b, "hidden"] for a, b in ("AD", "DB", "AE", "EC")]
        fig["par"] += [["D", "E", 1], ["B", "C", 1]]
        v = {"AD": k * p, "DB": k * qq, "AB": k * s, "AE": j * p, "EC": j * qq, "AC": j * s, "DE": m * p, "BC": m * s}
        return fig, v
    return None, None


SECTION = "In triangle ABC, D lies on AB and E on AC with DE parallel to BC. Find the length {ask}."


@task("parallel_section_segment_value", answer="integer", annotation="segment", ops="formula_evaluation")
def parallel_section(q):
    def choose(rng, d):
        ask = pick(rng, ["BC", "DE"])
        ratio = {1: ["AD", "AB"], 2: ["AD", "DB"], 3: pick(rng, [["AE", "EC"], ["AE", "AC"]])}[d]
        extra = ["AD"] if d == 3 and ratio[0] == "AE" and rng.integers(2) else []
        return ask, ratio + ["DE" if ask == "BC" else "BC"] + extra

    return length_task(q, section_fig, choose, SECTION)


@task("similar_triangles_side_length", answer="integer", annotation="segment", ops="formula_evaluation")
def similar_triangles(q):
    def choose(rng, d):
        if d == 1:
            return "EC", ["AD", "DB", "AE"]
        if d == 2:
            ask = pick(rng, ["AD", "DB", "AE", "EC"])
            return ask, [n for n in ("AD", "DB", "AE", "EC") if n != ask]
        ask, names = pick(rng, [("EC", ["AD", "AB", "AE"]), ("DB", ["AE", "AC", "AD"]),
                                ("AE", ["AD", "AB", "AC"]), ("AD", ["AE", "AC", "AB"])])
        return ask, names + ["DE"]

    return length_task(q, section_fig, choose, SECTION)
