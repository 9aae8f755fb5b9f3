"""geometry/triangle_relations, the right-triangle and angle tasks: chained Pythagorean triples
(a split rectangle; a rectangle beside a right triangle of the same height), the missing side
of a right triangle from one angle, a triangle split by a cevian (angle sums, straight angles)
and two right triangles on a shared altitude with standard angles.  Registered on
``triangle_relations.SCENE``.
"""

from __future__ import annotations

import math
from collections import defaultdict

from tracegen.kits.constructions import figure, meet, polar, rounds_cleanly
from tracegen.kits.geometry import pick, rint

from . import scene as tr

task = tr.SCENE.task
build, finish = tr.build, tr.finish


def _legs():
    """leg -> [(other leg, hypotenuse)] over the scene's Pythagorean triples."""
    out = defaultdict(list)
    for a, b, c in tr.TRIPLES:
        out[a].append((b, c))
        out[b].append((a, c))
    return out


LEGS = _legs()
SHARED = [(h, x, y) for h, others in sorted(LEGS.items()) for x in others for y in others if x[0] < y[0]]


def shared_leg(rng, limit, lo_ratio=0.45, hi_ratio=3.0):
    """Two right triangles with a common leg h: (h, (leg1, hyp1), (leg2, hyp2)), leg1 < leg2."""
    pool = [t for t in SHARED if max(t[1][1], t[2][1]) <= limit and lo_ratio <= t[2][0] / t[0] <= hi_ratio]
    return pick(rng, pool)


# ---------------------------------------------------------------------- chained triples
@task("pythagorean_length_value_chained_rectangle_diagonal_length", answer="integer", annotation="segment",
      ops="formula_evaluation")
def chained_rectangle(q):
    def make_fig(rng, d):
        h, (a1, c1), (a2, c2) = shared_leg(rng, {1: 70, 2: 190, 3: 320}[d])
        fig = figure({"A": (0, 0), "B": (0, a2), "C": (-h, a2), "D": (-h, 0), "E": (0, a1), "F": (-h, a1)})
        fig["segs"] += [["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"], ["E", "F", "thin"], ["D", "E"], ["D", "B"],
                        ["E", "B", "hidden"]]
        fig["angles"].append({"v": "A", "a": "D", "b": "B", "right": True})
        return fig, {"AE": a1, "EB": a2 - a1, "DE": c1, "DB": c2}

    def choose(rng, d):
        ask = "DB" if d < 3 else pick(rng, ["DE", "EB"])
        return ask, [n for n in ("AE", "EB", "DE", "DB") if n != ask]

    return tr.length_task(q, make_fig, choose, "ABCD is a rectangle; E lies on AB and segment EF is parallel to AD. "
                          "Find the length {ask}.")


@task("pythagorean_length_value_rectangle_triangle_shared_height_length", answer="integer", annotation="segment",
      ops="formula_evaluation")
def shared_height(q):
    def make_fig(rng, d):
        h, x, y = shared_leg(rng, {1: 70, 2: 210, 3: 320}[d], 0.3, 3.0)
        (w, ad), (c, cd) = (x, y) if rng.integers(2) else (y, x)
        fig = figure({"A": (-w, 0), "B": (0, 0), "C": (c, 0), "D": (0, h), "E": (-w, h)})
        fig["segs"] += [["A", "B"], ["B", "C"], ["B", "D"], ["D", "E"], ["E", "A"], ["A", "D"], ["C", "D"]]
        fig["angles"] += [{"v": "B", "a": "D", "b": "C", "right": True}, {"v": "A", "a": "B", "b": "E", "right": True}]
        return fig, {"AB": w, "AD": ad, "BC": c, "CD": cd}

    def choose(rng, d):
        ask = "CD" if d < 3 else pick(rng, ["AD", "BC"])
        return ask, [n for n in ("AB", "AD", "BC", "CD") if n != ask]

    return tr.length_task(q, make_fig, choose, "ABDE is a rectangle and BCD is a right triangle with its right angle "
                          "at B; A, B and C lie on one line, so the rectangle and the triangle share the height BD. "
                          "Find the length {ask}.")


# ---------------------------------------------------------------------- trigonometry
@task("right_triangle_missing_side_value", answer="number", annotation="segment", ops="formula_evaluation")
def right_triangle_side(q):
    def make(rng, d):
        th = rint(rng, 4, 14) * 5 if d == 1 else rint(rng, 15, 75)
        g = rint(rng, 5, {1: 40, 2: 150, 3: 200}[d])
        t = math.radians(th)
        sides = ("AB", "BC", "AC")                       # hypotenuse, opposite, adjacent (angle at A)
        if d == 1:
            gname, ask = "AB", pick(rng, ["BC", "AC"])
        else:
            gname = pick(rng, sides)
            ask = pick(rng, [s for s in sides if s != gname])
        unit = {"AB": 1.0, "BC": math.sin(t), "AC": math.cos(t)}
        c = g / unit[gname]
        v = {k: c * unit[k] for k in sides}
        fig = figure({"A": (v["AC"], 0.0), "B": (0.0, v["BC"]), "C": (0.0, 0.0)})
        fig["segs"] += [["A", "B"], ["B", "C"], ["A", "C"]]
        fig["angles"].append({"v": "C", "a": "A", "b": "B", "right": True})
        at_b = d == 3 and bool(rng.integers(2))
        if at_b:
            fig["angles"].append({"v": "B", "a": "C", "b": "A", "text": f"θ = {90 - th}°"})
        else:
            fig["angles"].append({"v": "A", "a": "B", "b": "C", "text": f"θ = {th}°"})
        fig["lens"] += [{"a": gname[0], "b": gname[1], "text": f"{gname} = {g}"},
                        {"a": ask[0], "b": ask[1], "text": f"{ask} = ?"}]
        return fig, {"ask": ask, "value": v[ask]}

    fig, f = build(q, make)
    q.require(rounds_cleanly(f["value"]), "answer near a rounding boundary")
    return finish(q, fig, f["value"], f["ask"],
                  f"Triangle ABC has a right angle at C and one marked angle θ. Find the length {f['ask']}.",
                  rounding=1)


STANDARD = (30, 45, 60)


@task("split_triangle_trig_side_length_value", answer="number", annotation="point_map", ops="formula_evaluation")
def split_trig(q):
    def make(rng, d):
        b_ang, c_ang = pick(rng, STANDARD), pick(rng, STANDARD)
        tb, tc = math.tan(math.radians(b_ang)), math.tan(math.radians(c_ang))
        sb, sc = math.sin(math.radians(b_ang)), math.sin(math.radians(c_ang))
        unit = {"AD": 1.0, "BD": 1 / tb, "DC": 1 / tc, "AB": 1 / sb, "AC": 1 / sc}
        unit["BC"] = unit["BD"] + unit["DC"]
        left, right = ("BD", "AB", "AD"), ("DC", "AC", "AD")
        if d == 1:
            side = left if rng.integers(2) else right
            gname = pick(rng, side)
            ask = pick(rng, [s for s in side if s != gname])
        elif d == 2:
            gname = pick(rng, left[:2])
            ask = pick(rng, right[:2])
            if rng.integers(2):
                gname, ask = pick(rng, right[:2]), pick(rng, left[:2])
        else:
            gname = pick(rng, ("BD", "AB", "DC", "AC", "AD"))
            ask = "BC" if rng.integers(2) else pick(rng, [s for s in ("AB", "AC", "BD", "DC") if s != gname])
        g = rint(rng, *{1: (6, 20), 2: (12, 60), 3: (30, 120)}[d])
        h = g / unit[gname]
        v = {k: h * u for k, u in unit.items()}
        fig = figure({"A": (0.0, h), "B": (-v["BD"], 0.0), "C": (v["DC"], 0.0), "D": (0.0, 0.0)})
        fig["segs"] += [["A", "B"], ["B", "C"], ["C", "A"], ["A", "D"]]
        fig["angles"] += [{"v": "D", "a": "A", "b": "C", "right": True},
                          {"v": "B", "a": "A", "b": "D", "text": f"{b_ang}°"},
                          {"v": "C", "a": "D", "b": "A", "text": f"{c_ang}°", "arcs": 1 if b_ang == c_ang else 2}]
        if b_ang == c_ang:
            fig["ticks"] += [["A", "B", 1], ["A", "C", 1], ["B", "D", 2], ["D", "C", 2]]
        fig["lens"] += [{"a": gname[0], "b": gname[1], "text": f"{gname} = {g}"},
                        {"a": ask[0], "b": ask[1], "text": f"{ask} = ?"}]
        return fig, {"ask": ask, "value": v[ask]}

    fig, f = build(q, make)
    q.require(rounds_cleanly(f["value"]), "answer near a rounding boundary")
    return finish(q, fig, f["value"], "ABCD",
                  "In triangle ABC, AD is the altitude to BC and the angles at B and C are marked. "
                  f"Find the length {f['ask']}.", rounding=1)


# ---------------------------------------------------------------------- a triangle split by a cevian
ANGLES = {"DAB": ("A", "D", "B"), "ABD": ("B", "A", "D"), "DBC": ("B", "D", "C"), "ADB": ("D", "A", "B"),
          "BDC": ("D", "B", "C"), "BCD": ("C", "B", "D")}
VARIANTS = {1: [(("DAB", "ABD"), "ADB"), (("DBC", "BCD"), "BDC")],
            2: [(("DAB", "DBC"), "ADB"), (("DAB", "ADB"), "DBC"), (("ABD", "BCD"), "BDC")],
            3: [(("DAB", "ADB", "BCD"), "BDC"), (("DAB", "BDC", "BCD"), "ADB"), (("ADB", "BDC", "BCD"), "DAB")]}


@task("split_triangle_angle_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def split_angle(q):
    def make(rng, d):
        al = rint(rng, 16, 86)
        be = rint(rng, 34, 150)
        ga = rint(rng, 15, 86)
        vals = {"DAB": al, "ABD": be, "DBC": 180 - be, "ADB": 180 - al - be, "BCD": ga, "BDC": be - ga}
        if min(vals.values()) < 14:
            return None, None
        A, B = (0.0, 0.0), (10.0, 0.0)
        D = meet(A, polar(A, 1, al), B, polar(B, 1, 180 - be))
        C = (D[0] + D[1] / math.tan(math.radians(ga)), 0.0)
        fig = figure({"A": A, "B": B, "C": C, "D": D})
        fig["segs"] += [["A", "C"], ["C", "D"], ["D", "A"], ["B", "D"]]
        names, ask = pick(rng, VARIANTS[d])
        if d > 1:                                # one more true angle the solution does not need
            names = names + (pick(rng, [n for n in ANGLES if n not in names and n != ask]),)
        for k, nm in enumerate(names + (ask,)):
            v, a, b = ANGLES[nm]
            fig["angles"].append({"v": v, "a": a, "b": b, "text": "?" if nm == ask else f"{vals[nm]}°",
                                  "arcs": 1 + k % 3})
        return fig, {"ask": ask, "value": vals[ask]}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "ABCD",
                  "In triangle ACD, point B lies on side AC and segment BD is drawn. Find the measure of the angle "
                  f"marked ?, ∠{f['ask']}, in degrees.")
