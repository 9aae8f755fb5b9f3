"""geometry/circle_theorem, the length tasks: chords from a radius and a central or inscribed
angle, a diameter perpendicular to a chord, secant-secant and tangent-secant products, and the
tangent-radius right triangle.  Registered on ``circle_theorem.SCENE``; lengths are to scale
(Pythagorean triples and divisor pairs keep the integer answers exact).
"""

from __future__ import annotations

import math

from tracegen.kits.constructions import fmt, pythagorean_triples, rounds_cleanly, tangent_points
from tracegen.kits.geometry import pick, rint

from . import scene as ct

task = ct.SCENE.task
on, ang, build, finish = ct.on, ct.ang, ct.build, ct.finish


TRIPLES = pythagorean_triples(500)


def lens(fig, a, b, text):
    fig["lens"].append({"a": a, "b": b, "text": text})


def add_spoke(fig, R, rng, ref):
    """Clutter: one more radius OX and the printed angle between it and O``ref``."""
    t0 = math.degrees(math.atan2(fig["pts"][ref][1], fig["pts"][ref][0]))
    name = next(x for x in ct.EXTRA_LETTERS if x not in fig["pts"])
    for _ in range(40):
        phi = rint(rng, 25, 150) * (1 if rng.integers(2) else -1)
        fig["pts"][name] = on(R, t0 + phi)
        others = [math.degrees(math.atan2(p[1], p[0])) for k, p in fig["pts"].items()
                  if k not in (name, "O") and abs(math.hypot(*p) - R) < 1e-6 * R]
        if all(abs((t0 + phi - u + 180) % 360 - 180) >= 26 for u in others):
            break
    else:
        del fig["pts"][name]
        return
    fig["dots"].append(name)
    fig["segs"].append(["O", name, "thin"])
    if not any({"O", ref} == set(s[:2]) for s in fig["segs"]):
        fig["segs"].append(["O", ref, "thin"])
    fig["angles"].append({"v": "O", "a": ref, "b": name, "text": ang(ref + "O" + name, abs(phi))})



# ---------------------------------------------------------------------- chords from angles
def _chord(q, inscribed: bool):
    """Chord AB from the radius OA and the central angle AOB or the inscribed angle ACB."""
    def make(rng, d, clutter):
        r = rint(rng, 5, 20) if d == 1 else rint(rng, 5, 36) if d == 2 else rint(rng, 8, 60)
        if inscribed:
            a = rint(rng, 20, 80, 5) if d == 1 else rint(rng, 15, 85) if d == 2 else rint(rng, 15, 130)
            th = 2 * a
        else:
            th = rint(rng, 40, 150, 10) if d == 1 else rint(rng, 30, 160) if d == 2 else rint(rng, 20, 170)
        a0 = float(rng.uniform(0, 360))
        pts = {"A": on(r, a0), "B": on(r, a0 + th)}
        if inscribed:
            pts["C"] = on(r, a0 + th + rint(rng, 26, 360 - th - 26))
        fig = ct.circle_fig(float(r), pts)
        if inscribed:
            fig["segs"] += [["C", "A"], ["C", "B"], ["A", "B"], ["O", "A", "thin"]]
            fig["angles"].append({"v": "C", "a": "A", "b": "B", "text": ang("ACB", th // 2)})
        else:
            fig["segs"] += [["O", "A"], ["O", "B"], ["A", "B"]]
            fig["angles"].append({"v": "O", "a": "A", "b": "B", "text": ang("AOB", th)})
        lens(fig, "O", "A", f"OA = {r}")
        lens(fig, "A", "B", "AB = ?")
        for k in range(clutter):
            add_spoke(fig, r, rng, "AB"[k % 2])
        return fig, {"r": r, "central": th}

    fig, f = build(q, make)
    v = 2 * f["r"] * math.sin(math.radians(f["central"]) / 2)
    q.require(rounds_cleanly(v), "answer near a rounding boundary")
    given = "the inscribed angle ∠ACB" if inscribed else "the central angle ∠AOB"
    return finish(q, fig, v, "ABCO" if inscribed else "ABO",
                  f"Using the radius OA and {given}, find the length of chord AB.", rounding=1)


@task("chord_length_from_radius_central_angle_value", answer="number", annotation="point_map",
      ops="formula_evaluation", queries=("chord_length_from_radius_and_central_angle",))
def chord_from_central(q):
    return _chord(q, False)


@task("chord_length_from_radius_inscribed_angle_value", answer="number", annotation="point_map",
      ops="formula_evaluation", queries=("chord_length_from_radius_and_inscribed_angle",))
def chord_from_inscribed(q):
    return _chord(q, True)


# ---------------------------------------------------------------------- diameter perpendicular to a chord
@task("diameter_perpendicular_chord_length_value", answer="integer", annotation="point_map",
      ops="formula_evaluation", queries=("diameter_perpendicular_chord_length",))
def diameter_chord(q):
    # level 2 asks BE = r - s e (the chord crosses OB, s = 1, or OD, s = -1) as the original does,
    # balanced over the lengths its triples give
    layouts = [(h, e, r, s) for a, b, r in TRIPLES if 26 <= r <= 130 for h, e in ((a, b), (b, a)) for s in (1, -1)
               if r - s * e != 2 * h]                           # the answer is not the printed chord
    target = q.target(sorted({r - s * e for h, e, r, s in layouts})) if q.difficulty == 2 else None

    def make(rng, d, clutter):
        if d == 2:
            h, e, r, s = pick(rng, [t for t in layouts if t[2] - t[3] * t[1] == target])
        else:
            limit = {1: 60, 3: 200}[d]
            h, e, r = pick(rng, [t for t in TRIPLES if t[2] <= limit and t[2] >= limit // 5])
            if rng.integers(2):
                h, e = e, h
            s = 1 if d == 1 or rng.integers(2) else -1
        fig = ct.circle_fig(float(r), {"D": [0.0, r], "B": [0.0, -r], "A": [-h, -s * e], "C": [h, -s * e],
                                       "E": [0.0, -s * e]})
        fig["segs"] += [["D", "B"], ["A", "C"]]
        fig["angles"].append({"v": "E", "a": "C", "b": "B", "right": True})
        vals = {"DB": 2 * r, "AC": 2 * h, "BE": r - s * e, "DE": r + s * e, "OE": e, "OA": r}
        if d == 1:
            given, ask = ["OA", "AC"], "OE"
            fig["segs"].append(["O", "A", "thin"])
        elif d == 2:                             # the original asks BE, the chord on either side of O
            given, ask = ["DB", "AC"], "BE"
        else:
            given, ask = pick(rng, [(["DB", "BE"], "AC"), (["AC", "BE"], "DB"), (["DB", "AC"], "DE")])
        for nm in given:
            lens(fig, nm[0], nm[1], f"{nm} = {vals[nm]}")
        lens(fig, ask[0], ask[1], f"{ask} = ?")
        for k in range(clutter):
            add_spoke(fig, float(r), rng, "C" if k == 0 else "D")
        return fig, {"ask": ask, "value": vals[ask]}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "ABCDE",
                  f"Diameter DB is perpendicular to chord AC and meets it at E. Find the length of {f['ask']}.")


# ---------------------------------------------------------------------- secants and tangents from P
def secant_points(d, p, q, up: bool):
    """A (near) and B (far) on the secant from P = (d, 0) with PA = p and chord AB = q."""
    c = (p + q / 2) / d
    s = math.sqrt(max(0.0, 1 - c * c)) * (1 if up else -1)
    return [d - p * c, p * s], [d - (p + q) * c, (p + q) * s]


def secant_angle(d, p, q):
    return math.degrees(math.acos(min(1.0, (p + q / 2) / d)))


SECANT_ASK = {1: ("AB", "CD"), 2: ("PA", "PC"), 3: ("PA", "PC", "AB", "CD")}


@task("secant_secant_length_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("secant_secant_length", "secant_secant_variable_segment_length"))
def secant_secant(q):
    variable = q.query_id == "secant_secant_variable_segment_length"

    def make(rng, d, clutter):
        for _ in range(200):
            p = rint(rng, 3, 30 if d == 1 else 70)
            qq = rint(rng, 6, 60 if d == 1 else 130)
            N = p * (p + qq)
            root = math.sqrt(N)
            divs = [s for s in range(2, int(root) + 1) if N % s == 0 and s != p and N // s - s >= 6 and s >= root / 5]
            if p < root / 5:
                continue
            if not divs:
                continue
            s = pick(rng, divs)
            t = N // s - s
            r = max(qq, t) / 2 * (1.0 if d == 1 else float(rng.uniform(1.0, 1.3)))
            dd = math.sqrt(r * r + N)
            if not 1.3 * r <= dd <= 3.2 * r or secant_angle(dd, p, qq) + secant_angle(dd, s, t) < 14:
                continue
            break
        else:
            return None, None
        A, B = secant_points(dd, p, qq, True)
        C, D = secant_points(dd, s, t, False)
        fig = ct.circle_fig(r, {"P": [dd, 0.0], "A": A, "B": B, "C": C, "D": D})
        fig["segs"] += [["P", "B"], ["P", "D"]]
        vals = {"PA": p, "AB": qq, "PC": s, "CD": t}
        if variable:
            first = bool(rng.integers(2))
            ext, chord = ("PA", "AB") if first else ("PC", "CD")
            x = rint(rng, 2, max(3, min(vals[ext], vals[chord]) - 1))
            exprs = {ext: vals[ext] - x, chord: vals[chord] - x}
            e1, e2 = exprs[ext], exprs[chord]
            x1 = -(3 * e1 + e2) / 2 - x        # the quadratic's other root gives no real figure
            if x1 + e1 > 0 and x1 + e2 > 0:
                return None, None
            ask = pick(rng, [ext, chord])
            for nm in vals:
                text = f"{nm} = {fmt(vals[nm])}" if nm not in exprs else \
                    f"{nm} = x {'+' if exprs[nm] >= 0 else '−'} {abs(exprs[nm])}" if exprs[nm] else f"{nm} = x"
                lens(fig, nm[0], nm[1], text)
            facts = {"ask": ask, "value": vals[ask], "x": x}
        else:
            ask = pick(rng, SECANT_ASK[d])
            for nm in vals:
                lens(fig, nm[0], nm[1], f"{nm} = ?" if nm == ask else f"{nm} = {vals[nm]}")
            facts = {"ask": ask, "value": vals[ask]}
        for k in range(clutter):
            add_spoke(fig, r, rng, "B" if k == 0 else "D")
        return fig, facts

    fig, f = build(q, make)
    if variable:
        x = f["x"]
        q.require(f["value"] not in (x,), "the length equals x")
        return finish(q, fig, f["value"], "ABCDP",
                      "Two secants from the outside point P cut the circle at A and B and at C and D; two of the "
                      f"lengths are written in terms of x. Find the length of {f['ask']}.")
    return finish(q, fig, f["value"], "ABCDP",
                  "Two secants from the outside point P cut the circle at A and B and at C and D. "
                  f"Find the length of {f['ask']}.")


@task("tangent_secant_length_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("tangent_secant_length",))
def tangent_secant(q):
    def make(rng, d, clutter):
        for _ in range(200):
            t = rint(rng, 6, 60) if d == 1 else rint(rng, 8, 220)
            divs = [a for a in range(max(2, t // 5), t) if (t * t) % a == 0 and t * t // a - a >= 6]
            if not divs:
                continue
            a = pick(rng, divs)
            qq = t * t // a - a
            r = qq / 2 * (1.0 if d == 1 else float(rng.uniform(1.0, 1.35)))
            dd = math.sqrt(r * r + t * t)
            spread = secant_angle(dd, a, qq) + 90 - math.degrees(math.atan2(t, r))   # secant vs tangent
            if not 1.3 * r <= dd <= 3.2 * r or (d > 1 and spread < 14):
                continue
            break
        else:
            return None, None
        A, B = secant_points(dd, a, qq, False)
        T = max(tangent_points((0.0, 0.0), r, (dd, 0.0)), key=lambda p: p[1])
        fig = ct.circle_fig(r, {"P": [dd, 0.0], "T": list(T), "A": A, "B": B})
        fig["segs"] += [["P", "T"], ["P", "B"], ["O", "T", "thin"]]
        fig["angles"].append({"v": "T", "a": "P", "b": "O", "right": True})
        ask = "PT" if d == 1 else pick(rng, ["PT", "PA", "AB"])
        vals = {"PT": t, "PA": a, "AB": qq}
        for nm in vals:
            lens(fig, nm[0], nm[1], f"{nm} = ?" if nm == ask else f"{nm} = {vals[nm]}")
        for k in range(clutter):
            add_spoke(fig, r, rng, "T")
        return fig, {"ask": ask, "value": vals[ask]}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "ABPT",
                  "PT is tangent to the circle at T and a secant from P cuts the circle at A and B. "
                  f"Find the length of {f['ask']}.")


def right_triangle_fig(R, dd):
    """T at angle 0, the tangent at T vertical, P above it: OT = R, OP = dd."""
    pt = math.sqrt(dd * dd - R * R)
    fig = ct.circle_fig(R, {"T": [R, 0.0], "P": [R, pt]})
    fig["segs"] += [["O", "T"], ["O", "P"], ["P", "T"]]
    fig["angles"].append({"v": "T", "a": "P", "b": "O", "right": True})
    return fig


@task("tangent_length_from_radius_and_external_distance_value", answer="number", annotation="point_map",
      ops="formula_evaluation")
def tangent_length(q):
    def make(rng, d, clutter):
        if d == 1:
            a, b, c = pick(rng, [t for t in TRIPLES if 10 <= t[2] <= 340])
            R, dd = (a, c) if rng.integers(2) else (b, c)
        else:
            R = rint(rng, 8, 150)
            dd = rint(rng, int(R * 1.15) + 1, int(R * 3.0))
        fig = right_triangle_fig(float(R), float(dd))
        lens(fig, "O", "T", f"OT = {R}")
        lens(fig, "O", "P", f"OP = {dd}")
        lens(fig, "P", "T", "PT = ?")
        for k in range(clutter):
            add_spoke(fig, float(R), rng, "T")
        return fig, {"r": R, "op": dd}

    fig, f = build(q, make)
    v = math.sqrt(f["op"] ** 2 - f["r"] ** 2)
    q.require(rounds_cleanly(v), "answer near a rounding boundary")
    return finish(q, fig, v, "OPT", "PT is tangent to the circle at T. Using the radius OT and the distance OP, "
                  "find the length of the tangent segment PT.", rounding=1)


@task("radius_from_external_distance_and_angle_value", answer="number", annotation="point_map",
      ops="formula_evaluation")
def radius_from_angle(q):
    def make(rng, d, clutter):
        dd = rint(rng, 10, 40) if d == 1 else rint(rng, 10, 80) if d == 2 else rint(rng, 20, 90)
        phi = rint(rng, 25, 65, 5) if d == 1 else rint(rng, 15, 70)
        R = dd * math.sin(math.radians(phi))
        fig = right_triangle_fig(R, float(dd))
        lens(fig, "O", "P", f"OP = {dd}")
        lens(fig, "O", "T", "OT = ?")
        at_o = d == 3 and bool(rng.integers(2))
        if at_o:
            fig["angles"].append({"v": "O", "a": "T", "b": "P", "text": ang("TOP", 90 - phi)})
        else:
            fig["angles"].append({"v": "P", "a": "O", "b": "T", "text": ang("OPT", phi)})
        for k in range(clutter):
            add_spoke(fig, R, rng, "T")
        return fig, {"op": dd, "opt": phi}

    fig, f = build(q, make)
    v = f["op"] * math.sin(math.radians(f["opt"]))
    q.require(rounds_cleanly(v), "answer near a rounding boundary")
    return finish(q, fig, v, "OPT", "PT is tangent to the circle at T. Using the distance OP and the marked angle, "
                  "find the radius OT.", rounding=1)
