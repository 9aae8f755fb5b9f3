"""geometry/circle_theorem, the angle tasks: inscribed and central angles, cyclic quadrilaterals,
chords and secants meeting inside or outside the circle, tangent-chord angles; each answer follows
from the marked measures by the theorem the task names.
"""

from __future__ import annotations

import math

from tracegen.kits.constructions import meet
from tracegen.kits.geometry import rint

from .scene import add_arc, add_radius, ang, arc_text, build, circle_fig, finish, on, quad_points, split, task


# ---------------------------------------------------------------------- inscribed and central angles
@task("inscribed_angle_value_inscribed_angle_from_arc", answer="integer", annotation="point_map",
      ops="formula_evaluation", queries=("inscribed_angle_from_arc",))
def inscribed_from_arc(q):
    T = q.target(range(25, 81) if q.difficulty < 3 else range(25, 141))

    def make(rng, d, clutter):
        R = 10.0
        m = 2 * T
        rest = 360 - m
        u = rint(rng, 28, rest - 28)            # arc B -> C
        a0 = float(rng.uniform(0, 360))
        fig = circle_fig(R, {"A": on(R, a0), "B": on(R, a0 + m), "C": on(R, a0 + m + u)})
        fig["segs"] += [["C", "A"], ["C", "B"], ["O", "A", "thin"], ["O", "B", "thin"]]
        fig["angles"].append({"v": "C", "a": "A", "b": "B", "text": "∠ACB = ?"})
        if d < 3:
            fig["arcs"].append({"c": 0, "a": "A", "b": "B", "text": arc_text("AB", m)})
            if clutter:
                add_arc(fig, rng, "B", "C", R)
        else:
            if u >= 180 or rest - u >= 180:
                return None, None
            add_arc(fig, rng, "B", "C", R)
            add_arc(fig, rng, "C", "A", R)
            add_radius(fig, R, rng, rint(rng, 6, 30))
        return fig, {"arc": m}

    fig, f = build(q, make)
    return finish(q, fig, f["arc"] // 2, "ABC",
                  "Find the measure of the inscribed angle ∠ACB, in degrees.")


@task("inscribed_central_angle_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("inscribed_angle_from_central", "central_angle_from_inscribed"))
def inscribed_central(q):
    to_central = q.query_id == "central_angle_from_inscribed"
    T = q.target(range(12, 81))

    def make(rng, d, clutter):
        R = 10.0
        a = T
        u = rint(rng, 30, 360 - 2 * a - 30)
        a0 = float(rng.uniform(0, 360))
        fig = circle_fig(R, {"A": on(R, a0), "B": on(R, a0 + 2 * a), "C": on(R, a0 + 2 * a + u)})
        fig["segs"] += [["O", "A"], ["O", "B"], ["C", "A"], ["C", "B"]]
        fig["angles"] += [{"v": "O", "a": "A", "b": "B", "text": "∠AOB = ?" if to_central else ang("AOB", 2 * a)},
                          {"v": "C", "a": "A", "b": "B", "text": ang("ACB", a) if to_central else "∠ACB = ?",
                           "arcs": 2}]
        if clutter >= 1:
            add_arc(fig, rng, "B", "C", R)
        if clutter >= 2 and 180 - a == (2 * a if to_central else a):
            add_radius(fig, R, rng, rint(rng, 5, 40))
        elif clutter >= 2:                     # an inscribed angle from the minor arc: 180 - a
            v = float(rng.uniform(0.3, 0.7)) * 2 * a
            fig["pts"]["D"] = on(R, a0 + v)
            fig["dots"].append("D")
            fig["segs"] += [["D", "A", "thin"], ["D", "B", "thin"]]
            fig["angles"].append({"v": "D", "a": "A", "b": "B", "text": ang("ADB", 180 - a), "arcs": 3})
        return fig, {"inscribed": a}

    fig, f = build(q, make)
    a = f["inscribed"]
    if to_central:
        return finish(q, fig, 2 * a, "ABCO", "Find the measure of the central angle ∠AOB, in degrees.")
    return finish(q, fig, a, "ABCO", "Find the measure of the inscribed angle ∠ACB, in degrees.")


# ---------------------------------------------------------------------- cyclic quadrilaterals
def quad_fig(R, arcs, rng):
    fig = circle_fig(R, quad_points(R, arcs, float(rng.uniform(0, 360))))
    fig["segs"] += [["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"]]
    return fig


QUAD_ANGLE = {"A": ("DAB", "D", "B"), "B": ("ABC", "A", "C"), "C": ("BCD", "B", "D"), "D": ("CDA", "C", "A")}
OPPOSITE = {"A": "C", "B": "D", "C": "A", "D": "B"}


def quad_angle(arcs, v) -> int:
    """The inscribed angle of quadrilateral ABCD at vertex v: half the arc it stands on."""
    i = "ABCD".index(v)
    return (arcs[(i + 1) % 4] + arcs[(i + 2) % 4]) // 2


def mark_quad(fig, v, text, arcs=1):
    name, a, b = QUAD_ANGLE[v]
    fig["angles"].append({"v": v, "a": a, "b": b, "text": text, "arcs": arcs})


def split_at(fig, arcs, v, n=1):
    """Draw the diagonal from v and print the two parts of the angle at v."""
    i = "ABCD".index(v)
    o = "ABCD"[(i + 2) % 4]
    prev, nxt = "ABCD"[(i - 1) % 4], "ABCD"[(i + 1) % 4]
    fig["segs"].append([v, o, "thin"])
    fig["angles"] += [{"v": v, "a": prev, "b": o, "text": ang(prev + v + o, arcs[(i + 2) % 4] // 2), "arcs": n},
                      {"v": v, "a": o, "b": nxt, "text": ang(o + v + nxt, arcs[(i + 1) % 4] // 2), "arcs": n + 1}]


@task("cyclic_quadrilateral_opposite_angle_value", answer="integer", annotation="point_map",
      ops="formula_evaluation")
def cyclic_opposite(q):
    target = q.choice("target", "ABCD")
    T = q.target([t for t in range(36, 145) if t != 90])   # 90 would print the answer as its opposite

    def make(rng, d, clutter):
        i = "ABCD".index(target)
        pair, rest = split(rng, 2 * T, 32, 2), split(rng, 360 - 2 * T, 32, 2)
        arcs = [0] * 4
        arcs[(i + 1) % 4], arcs[(i + 2) % 4] = pair
        arcs[(i + 3) % 4], arcs[i] = rest
        fig = quad_fig(10.0, arcs, rng)
        opp = OPPOSITE[target]
        if d < 3:
            mark_quad(fig, opp, ang(QUAD_ANGLE[opp][0], quad_angle(arcs, opp)))
        else:
            split_at(fig, arcs, opp)
        for k in range(clutter):
            side = "ABCD"[("ABCD".index(target) + (1 if k == 0 else 3)) % 4]
            mark_quad(fig, side, ang(QUAD_ANGLE[side][0], quad_angle(arcs, side)), arcs=3)
        mark_quad(fig, target, f"∠{QUAD_ANGLE[target][0]} = ?", arcs=2)
        return fig, {"arcs": arcs}

    fig, f = build(q, make)
    return finish(q, fig, quad_angle(f["arcs"], target), "ABCD",
                  f"ABCD is a quadrilateral inscribed in the circle. Find the measure of ∠{QUAD_ANGLE[target][0]}, "
                  "in degrees.")


@task("cyclic_quadrilateral_exterior_angle_value", answer="integer", annotation="point_map",
      ops="formula_evaluation")
def cyclic_exterior(q):
    T = q.target(range(46, 135))

    def make(rng, d, clutter):
        arcs = split(rng, 2 * T, 36, 2) + split(rng, 360 - 2 * T, 36, 2)
        fig = quad_fig(10.0, arcs, rng)
        A, B = fig["pts"]["A"], fig["pts"]["B"]
        t = float(rng.uniform(0.35, 0.6))
        fig["pts"]["E"] = [B[0] + (B[0] - A[0]) * t, B[1] + (B[1] - A[1]) * t]
        fig["dots"].append("E")
        fig["segs"].append(["B", "E"])
        fig["angles"].append({"v": "B", "a": "E", "b": "C", "text": "∠EBC = ?", "arcs": 2})
        if d == 1:
            split_at(fig, arcs, "D")
        elif d == 2:
            fig["arcs"] += [{"c": 0, "a": "A", "b": "B", "text": arc_text("AB", arcs[0])},
                            {"c": 0, "a": "B", "b": "C", "text": arc_text("BC", arcs[1])}]
        else:
            fig["segs"].append(["D", "B", "thin"])
            fig["angles"].append({"v": "D", "a": "A", "b": "B", "text": ang("ADB", arcs[0] // 2)})
            fig["arcs"].append({"c": 0, "a": "B", "b": "C", "text": arc_text("BC", arcs[1])})
        if clutter:
            mark_quad(fig, "A", ang("DAB", quad_angle(arcs, "A")), arcs=3)
        if clutter > 1:
            fig["arcs"].append({"c": 0, "a": "C", "b": "D", "text": arc_text("CD", arcs[2])})
        return fig, {"arcs": arcs}

    fig, f = build(q, make)
    return finish(q, fig, quad_angle(f["arcs"], "D"), "ABCDE",
                  "ABCD is a quadrilateral inscribed in the circle and side AB is extended beyond B to E. "
                  "Find the measure of the exterior angle ∠EBC, in degrees.")


# ---------------------------------------------------------------------- chords and secants
def chords_fig(R, arcs, rng):
    """A, B, C, D counter-clockwise; chords AC and BD cross at E."""
    fig = circle_fig(R, quad_points(R, arcs, float(rng.uniform(0, 360))))
    p = fig["pts"]
    fig["pts"]["E"] = list(meet(p["A"], p["C"], p["B"], p["D"]))
    fig["dots"].append("E")
    fig["segs"] += [["A", "C"], ["B", "D"]]
    return fig


ARC_NAMES = ("AB", "BC", "CD", "DA")


def put_arcs(fig, arcs, names, *, unknown=None):
    for nm in names:
        i = ARC_NAMES.index(nm)
        text = f"arc {nm} = ?" if nm == unknown else arc_text(nm, arcs[i])
        fig["arcs"].append({"c": 0, "a": nm[0], "b": nm[1], "text": text})


@task("intersecting_chords_arc_measure_value", answer="integer", annotation="point_map",
      ops="formula_evaluation", queries=("intersecting_chords_arc_measure",))
def chords_arc(q):
    T = q.target(range(40, 171))

    def make(rng, d, clutter):
        x1 = rint(rng, 36, min(170, 360 - T - 72))
        if (x1 + T) % 2:
            x1 += -1 if x1 > 36 else 1
        arcs = [x1] + split(rng, 360 - x1 - T, 36)[:1] + [T]
        arcs.append(360 - sum(arcs))
        if min(arcs) < 30:
            return None, None
        fig = chords_fig(10.0, arcs, rng)
        aeb = (arcs[0] + arcs[2]) // 2
        if d < 3:
            fig["angles"].append({"v": "E", "a": "A", "b": "B", "text": ang("AEB", aeb)})
        else:
            fig["angles"].append({"v": "E", "a": "B", "b": "C", "text": ang("BEC", 180 - aeb)})
        put_arcs(fig, arcs, ["AB", "CD"] + (["BC"] if clutter else []), unknown="CD")
        if clutter > 1:
            add_radius(fig, 10.0, rng, rint(rng, 5, 40))
        return fig, {"arcs": arcs}

    fig, f = build(q, make)
    return finish(q, fig, f["arcs"][2], "ABCDE",
                  "Chords AC and BD cross at E. Find the degree measure of arc CD (the arc between C and D that "
                  "does not contain A or B).")


@task("multi_step_angle_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("multi_step_angle_value",))
def multi_step(q):
    T = q.target(range(40, 145))

    def make(rng, d, clutter):
        at_b = d == 3 and bool(rng.integers(2))
        p1, p2 = split(rng, 2 * T, 36), split(rng, 360 - 2 * T, 36)
        arcs = [p2[0], p1[0], p2[1], p1[1]] if at_b else [p1[0], p2[0], p1[1], p2[1]]
        fig = chords_fig(10.0, arcs, rng)
        need = ("BC", "DA") if at_b else ("AB", "CD")
        if d == 1:
            names = list(need)
        else:
            missing = need[int(rng.integers(2))]
            names = [n for n in ARC_NAMES if n != missing]
        put_arcs(fig, arcs, names)
        if at_b:
            fig["angles"].append({"v": "E", "a": "B", "b": "C", "text": "∠BEC = ?"})
        else:
            fig["angles"].append({"v": "E", "a": "A", "b": "B", "text": "∠AEB = ?"})
        if clutter > 1:
            add_radius(fig, 10.0, rng, rint(rng, 5, 40))
        return fig, {"arcs": arcs, "at": "BEC" if at_b else "AEB"}

    fig, f = build(q, make)
    arcs = f["arcs"]
    value = (arcs[1] + arcs[3]) // 2 if f["at"] == "BEC" else (arcs[0] + arcs[2]) // 2
    return finish(q, fig, value, "ABCDE",
                  f"Two chords, AC and BD, cross inside the circle at E. Find the measure of ∠{f['at']}, in degrees.")


@task("external_secant_angle_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("external_two_secants_angle_from_arcs",))
def external_secants(q):
    T = q.target(range(15, 71))

    def make(rng, d, clutter):
        R = 10.0
        for _ in range(100):
            n = rint(rng, 24, min(110, 178 - 2 * T), 2)
            f = n + 2 * T                       # the far arc stays below 180
            rest = 360 - n - f
            a = rint(rng, max(30, rest - 178), min(178, rest - 30))
            b = rest - a
            B0 = 90 + n / 2
            pts = {"B": on(R, B0), "D": on(R, B0 - n), "A": on(R, B0 + a), "C": on(R, B0 + a + f)}
            P = meet(pts["A"], pts["B"], pts["C"], pts["D"])
            if P is None or not 1.2 * R < math.hypot(*P) < 3.0 * R:
                continue
            if not (0.25 * R < math.dist(P, pts["B"]) < math.dist(P, pts["A"])
                    and 0.25 * R < math.dist(P, pts["D"]) < math.dist(P, pts["C"])):
                continue
            break
        else:
            return None, None
        fig = circle_fig(R, {**pts, "P": list(P)})
        fig["segs"] += [["P", "A"], ["P", "C"]]
        fig["angles"].append({"v": "P", "a": "B", "b": "D", "text": "∠BPD = ?"})
        arcs = {"BD": n, "AC": f, "AB": a, "CD": b}
        if d < 3:
            names = ["AC", "BD"] + (["AB"] if clutter else [])
        else:
            names = ["AB", "BD", "CD"]
        for nm in names:
            lo, hi = {"BD": ("D", "B"), "AC": ("A", "C"), "AB": ("B", "A"), "CD": ("C", "D")}[nm]
            fig["arcs"].append({"c": 0, "a": lo, "b": hi, "text": arc_text(nm, arcs[nm])})
        if clutter > 1:
            add_radius(fig, R, rng, rint(rng, 5, 40))
        return fig, {"near": n, "far": f}

    fig, f = build(q, make)
    return finish(q, fig, (f["far"] - f["near"]) // 2, "ABCDP",
                  "Two secants from the outside point P cut the circle at B and A and at D and C. Arc AC is the "
                  "far arc between the secants (the arc not containing B or D). Find the measure of ∠BPD, "
                  "in degrees.")


# ---------------------------------------------------------------------- tangent-chord angles
def tangent_fig(R, rng, m, extra):
    """T at the top, the tangent ray TP to the left, A at arc m counter-clockwise from T (inside
    ∠PTA), and points ``extra`` {name: arc from T} elsewhere on the circle."""
    pts = {"T": on(R, 90), "A": on(R, 90 + m)}
    L = R * float(rng.uniform(0.9, 1.4))
    pts["P"] = [-L, R]
    for k, v in extra.items():
        pts[k] = on(R, 90 + v)
    fig = circle_fig(R, pts)
    fig["segs"] += [["P", "T"], ["T", "A"], ["O", "T", "thin"]]
    fig["angles"].append({"v": "T", "a": "P", "b": "A", "text": "∠PTA = ?"})
    fig["angles"].append({"v": "T", "a": "P", "b": "O", "right": True})
    return fig


@task("tangent_chord_angle_value_tangent_chord_angle_from_arc", answer="integer", annotation="point_map",
      ops="formula_evaluation", queries=("tangent_chord_angle_from_arc",))
def tangent_chord_arc(q):
    T = q.target(range(25, 81))

    def make(rng, d, clutter):
        R = 10.0
        m = 2 * T
        u = rint(rng, 40, 360 - m - 40)         # arc A -> B
        fig = tangent_fig(R, rng, m, {"B": m + u})
        fig["segs"] += [["A", "B", "thin"], ["T", "B", "thin"]]
        if d < 3:
            fig["arcs"].append({"c": 0, "a": "T", "b": "A", "text": arc_text("TA", m)})
            if clutter:
                fig["arcs"].append({"c": 0, "a": "A", "b": "B", "text": arc_text("AB", u)})
        else:
            if u >= 180 or 360 - m - u >= 180:
                return None, None
            fig["arcs"] += [{"c": 0, "a": "A", "b": "B", "text": arc_text("AB", u)},
                            {"c": 0, "a": "B", "b": "T", "text": arc_text("BT", 360 - m - u)}]
            add_radius(fig, R, rng, rint(rng, 5, 40))
        return fig, {"arc": m}

    fig, f = build(q, make)
    return finish(q, fig, f["arc"] // 2, "APT",
                  "Line PT is tangent to the circle at T and TA is a chord. Find the measure of the tangent-chord "
                  "angle ∠PTA, in degrees.")


@task("tangent_chord_angle_value_tangent_chord_angle_from_inscribed", answer="integer", annotation="point_map",
      ops="formula_evaluation", queries=("tangent_chord_angle_from_inscribed",))
def tangent_chord_inscribed(q):
    T = q.target(range(22, 85))

    def make(rng, d, clutter):
        R = 10.0
        m = 2 * T
        near = d == 1 or (d == 3 and bool(rng.integers(2)))
        if near:                                   # B on the arc inside the angle: ∠TBA = 180 - ∠PTA
            v = rint(rng, 20, m - 20, 2)
            tba, bta, tab = 180 - m // 2, (m - v) // 2, v // 2
        else:                                      # B in the alternate segment: ∠TBA = ∠PTA
            v = m + rint(rng, 40, 360 - m - 40, 2)
            tba, bta, tab = m // 2, (v - m) // 2, (360 - v) // 2
        fig = tangent_fig(R, rng, m, {"B": v})
        fig["segs"] += [["T", "B"], ["A", "B"]]
        if d == 1:
            fig["angles"].append({"v": "B", "a": "T", "b": "A", "text": ang("TBA", tba), "arcs": 2})
        else:                                      # the other two angles of triangle TAB
            fig["angles"] += [{"v": "T", "a": "B", "b": "A", "text": ang("BTA", bta), "arcs": 2},
                              {"v": "A", "a": "T", "b": "B", "text": ang("TAB", tab), "arcs": 3}]
        if clutter > 1:
            add_radius(fig, R, rng, rint(rng, 5, 40))
        return fig, {"arc": m}

    fig, f = build(q, make)
    return finish(q, fig, f["arc"] // 2, "ABPT",
                  "Line PT is tangent to the circle at T, and T, A and B lie on the circle. Find the measure of "
                  "the tangent-chord angle ∠PTA, in degrees.")
