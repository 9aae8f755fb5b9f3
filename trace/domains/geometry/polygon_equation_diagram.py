"""geometry/polygon_equation_diagram: a lettered convex polygon (3 to 8 sides) with angle arcs
and side ticks carrying expressions in x: two angles marked equal (the same number of arcs),
two sides marked equal (the same number of ticks), or every interior angle written out, some in
x.  One sets up the equation (equal expressions, or the interior-angle sum (n - 2) * 180) and
asks for x, for an angle or side it gives, or for the perimeter.

The polygon is drawn to scale: its angles are the written ones (angle tasks) or its sides the
written ones (side tasks, a cyclic polygon through the given lengths).  Difficulty 1 uses
triangles to pentagons and small coefficients; 2 the reference's quadrilaterals to hexagons;
3 hexagons to octagons, larger coefficients, more expressions and unneeded labels (another
pair of marks in a second unknown, a numeric angle or side).
"""

from __future__ import annotations

import math
import re

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, figure
from tracegen.kits.geometry import pick, rint
from tracegen.kits.outlines import draw_outlined

SIZE = (840, 620)
SIDES = {1: (3, 4, 5), 2: (4, 5, 6), 3: (6, 7, 8)}
SLOPE = {1: (1, 3), 2: (1, 5), 3: (2, 9)}
NAMES = "ABCDEFGH"


def expr(a: int, b: int, var: str = "x") -> str:
    head = var if a == 1 else f"{a}{var}"
    return head if b == 0 else f"{head} {'+' if b > 0 else '−'} {abs(b)}"


def two_expressions(rng, d, value: int, x: int, var: str = "x"):
    """Two different linear expressions in x that both equal ``value`` at x (None if a constant
    term would swamp the value)."""
    a1, a2 = (int(v) for v in rng.choice(range(SLOPE[d][0], SLOPE[d][1] + 1), size=2, replace=False))
    out = []
    for a in (a1, a2):
        b = value - a * x
        if abs(b) > 3 * value:
            return None
        out.append(expr(a, b, var))
    return out


# ---------------------------------------------------------------------- polygons to scale
def from_angles(rng, angles):
    """Vertices (math coordinates) of a convex polygon with the given interior angles in order,
    side lengths random within a factor of about four of each other; None if none closes."""
    n = len(angles)
    phi = [0.0]
    for a in angles[1:]:
        phi.append(phi[-1] + 180.0 - a)
    dirs = [(math.cos(math.radians(p)), math.sin(math.radians(p))) for p in phi]
    for _ in range(40):
        lens = [float(v) for v in rng.uniform(0.6, 1.4, n)]
        j, k = (int(v) for v in rng.choice(n, size=2, replace=False))
        det = dirs[j][0] * dirs[k][1] - dirs[j][1] * dirs[k][0]
        if abs(det) < 0.25:
            continue
        rx = -sum(lens[i] * dirs[i][0] for i in range(n) if i not in (j, k))
        ry = -sum(lens[i] * dirs[i][1] for i in range(n) if i not in (j, k))
        lens[j] = (rx * dirs[k][1] - ry * dirs[k][0]) / det
        lens[k] = (dirs[j][0] * ry - dirs[j][1] * rx) / det
        if min(lens) < 0.4 or max(lens) > 2.2:
            continue
        pts, p = [], (0.0, 0.0)
        for L, u in zip(lens, dirs):
            pts.append(p)
            p = (p[0] + L * u[0], p[1] + L * u[1])
        return pts
    return None


def cyclic(rng, lengths):
    """Vertices of the convex polygon inscribed in a circle with the given side lengths in
    order (its centre inside); None if the longest side is too long for that."""
    top = max(lengths)

    def turn(R):
        return sum(2 * math.asin(min(1.0, L / (2 * R))) for L in lengths)

    if turn(top / 2) < 2 * math.pi + 1e-9:
        return None
    lo, hi = top / 2, top * len(lengths)
    for _ in range(80):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if turn(mid) > 2 * math.pi else (lo, mid)
    R = (lo + hi) / 2
    t = float(rng.uniform(0, 2 * math.pi))
    pts = []
    for L in lengths:
        pts.append((R * math.cos(t), R * math.sin(t)))
        t += 2 * math.asin(L / (2 * R))
    if min(min(2 * math.asin(L / (2 * R)) for L in lengths), 1.0) < 0.25:
        return None
    return pts


def angle_split(rng, total: float, n: int, lo: float = 35.0, hi: float = 170.0):
    """n whole angles in [lo, hi] adding up to ``total`` (None if impossible)."""
    if not n * lo <= total <= n * hi:
        return [] if n == 0 and abs(total) < 1e-9 else None
    for _ in range(60):
        cuts = sorted(float(v) for v in rng.uniform(0, 1, n - 1))
        parts = [b - a for a, b in zip([0.0] + cuts, cuts + [1.0])]
        vals = [int(round(lo + (total - n * lo) * p)) for p in parts]
        vals[-1] = int(total) - sum(vals[:-1])
        if all(lo <= v <= hi for v in vals):
            return vals
    return None


class PolygonEquationDiagram(Scene):
    domain, scene_id, size = "geometry", "polygon_equation_diagram", SIZE
    megapixels = (0.48, 0.85)
    description = ("A lettered convex polygon with angle arcs and side ticks carrying expressions in x (equal "
                   "marks, or every interior angle written out), drawn to scale; x, an angle, a side or the "
                   "perimeter is asked.")

    def sample(self, rng, difficulty):
        n = pick(rng, SIDES[difficulty])
        return {"rot": round(float(rng.uniform(0, 360)), 3), "mirror": bool(rng.integers(2)), "n": n}

    def render(self, c, state, params):
        draw_outlined(c, state["fig"], (70, 60, c.width - 70, c.height - 60),
                      mark_color=("ink", "series:1", "accent")[c.style.accent % 3])


SCENE = PolygonEquationDiagram()
task = SCENE.task


def polygon_fig(pts):
    names = NAMES[:len(pts)]
    fig = figure(dict(zip(names, pts)))
    fig["dots"], fig["names"] = [], list(names)
    fig["regions"] = [{"path": list(names), "tint": 0, "edge": "thick", "strength": 0.22}]
    fig["segs"] = [[names[i], names[(i + 1) % len(names)], "hidden"] for i in range(len(names))]
    return fig, names


def mark_angle(fig, names, i, text, arcs=1):
    n = len(names)
    fig["angles"].append({"v": names[i], "a": names[i - 1], "b": names[(i + 1) % n], "text": text, "arcs": arcs})


def side_name(names, i):
    return names[i] + names[(i + 1) % len(names)]


def build(q, make):
    return build_figure(q, lambda rng: make(rng, q.difficulty, q.state["n"]))


def finish(q, fig, value, question):
    texts = [a.get("text") or "" for a in fig["angles"]] + [ln["text"] for ln in fig["lens"]]
    q.require(str(value) not in re.findall(r"\d+", " ".join(texts)), "the answer is printed")
    names = list(fig["names"])
    return q.answer(value, witnesses={k: f"pt:{k}" for k in names}, question=(
        "The diagram shows a labelled polygon; marks with the same number of arcs or ticks are equal. " + question))


# ---------------------------------------------------------------------- two equal angles
def equal_angles(q):
    x = q.target(range(3, 46), stratified=True)

    def make(rng, d, n):
        theta = rint(rng, 40, 79) if n == 3 else rint(rng, 45, min(165, 180 * (n - 2) // n + 45))
        rest = angle_split(rng, 180 * (n - 2) - 2 * theta, n - 2)
        exprs = two_expressions(rng, d, theta, x)
        if rest is None or exprs is None:
            return None, None
        i, j = (int(v) for v in sorted(rng.choice(n, size=2, replace=False)))
        angles = rest[:]
        angles.insert(i, theta)
        angles.insert(j, theta)
        pts = from_angles(rng, angles)
        if pts is None:
            return None, None
        fig, names = polygon_fig(pts)
        arcs = 2 if d > 1 else 1
        mark_angle(fig, names, i, f"({exprs[0]})°", arcs)
        mark_angle(fig, names, j, f"({exprs[1]})°", arcs)
        free = [k for k in range(n) if k not in (i, j)]
        for k in free[:{1: 0, 2: 1, 3: 2}[d]]:                 # unneeded numeric angles
            mark_angle(fig, names, k, f"{angles[k]}°", 1 if arcs == 2 else 3)
        return fig, {"theta": theta, "ask": names[pick(rng, [i, j])]}

    return build(q, make), x


@task("equal_angle_measure_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def equal_angle_measure_value(q):
    (fig, f), _ = equal_angles(q)
    return finish(q, fig, f["theta"], f"Find the measure of angle {f['ask']} in degrees.")


@task("equal_angle_variable_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def equal_angle_variable_value(q):
    (fig, f), x = equal_angles(q)
    return finish(q, fig, x, "The two angles marked alike are equal. Find the value of x.")


# ---------------------------------------------------------------------- two equal sides
def equal_sides(q, *, numbers=False, flat_length=False):
    """Two sides marked equal carry expressions in x; with ``numbers`` every other side carries
    its length (perimeter), else some carry unneeded labels.  The targets spread x, or the equal
    sides' length with ``flat_length``."""
    top = {1: 40, 2: 90, 3: 150}[q.difficulty]
    want = q.target(range(12, top + 1) if flat_length else range(3, 32), stratified=True)

    def make(rng, d, n):
        L = want if flat_length else rint(rng, 12, top)
        x = rint(rng, 3, 31) if flat_length else want
        exprs = two_expressions(rng, d, L, x)
        if exprs is None:
            return None, None
        lengths = [rint(rng, max(3, L // 2), int(L * 1.5)) for _ in range(n)]
        i, j = (int(v) for v in sorted(rng.choice(n, size=2, replace=False)))
        lengths[i] = lengths[j] = L
        pts = cyclic(rng, lengths)
        if pts is None:
            return None, None
        fig, names = polygon_fig(pts)
        for k, e in ((i, exprs[0]), (j, exprs[1])):
            nm = side_name(names, k)
            fig["lens"].append({"a": nm[0], "b": nm[1], "text": e})
            fig["ticks"].append([nm[0], nm[1], 2])
        free = [k for k in range(n) if k not in (i, j)]
        if numbers:
            shown = free
        else:
            shown = free[:{1: 0, 2: 1, 3: 1}[d]]
            if d == 3 and len(free) > 1:                   # an unpaired mark in a second unknown
                k = free[-1]
                y = rint(rng, 2, 20)
                c = rint(rng, 2, 6)
                nm = side_name(names, k)
                fig["lens"].append({"a": nm[0], "b": nm[1], "text": expr(c, lengths[k] - c * y, "y")})
                fig["ticks"].append([nm[0], nm[1], 1])
        for k in shown:
            nm = side_name(names, k)
            fig["lens"].append({"a": nm[0], "b": nm[1], "text": str(lengths[k])})
        return fig, {"L": L, "x": x, "ask": side_name(names, pick(rng, [i, j])), "perimeter": sum(lengths)}

    return build(q, make)


@task("equal_side_length_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def equal_side_length_value(q):
    fig, f = equal_sides(q, flat_length=True)
    return finish(q, fig, f["L"], f"Find the length of side {f['ask']}.")


@task("equal_side_variable_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def equal_side_variable_value(q):
    fig, f = equal_sides(q)
    return finish(q, fig, f["x"], "The two sides marked alike are equal. Find the value of x.")


@task("side_expression_perimeter_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def side_expression_perimeter_value(q):
    fig, f = equal_sides(q, numbers=True)
    shape = {3: "triangle", 4: "quadrilateral", 5: "pentagon", 6: "hexagon", 7: "heptagon", 8: "octagon"}
    return finish(q, fig, f["perimeter"], f"The two sides marked alike are equal. Find the perimeter of the "
                  f"{shape[len(fig['names'])]}.")


# ---------------------------------------------------------------------- the interior-angle sum
def angle_sum(q):
    x = q.target(range(10, 96), stratified=True)

    def make(rng, d, n):
        m = min(n - 1, rint(rng, *{1: (1, 2), 2: (2, 3), 3: (3, 4)}[d]))
        angles = angle_split(rng, 180 * (n - 2), n)
        if angles is None:
            return None, None
        slots = sorted(int(v) for v in rng.choice(n, size=m, replace=False))
        tops = [min(SLOPE[d][1], 4 * angles[k] // x) for k in slots]      # keeps |constant| <= 3 * angle
        if min(tops) < SLOPE[d][0]:
            return None, None
        coef = [rint(rng, SLOPE[d][0], t) for t in tops]
        consts = [angles[k] - a * x for k, a in zip(slots, coef)]
        pts = from_angles(rng, angles)
        if pts is None:
            return None, None
        fig, names = polygon_fig(pts)
        for k in range(n):
            if k in slots:
                a, b = coef[slots.index(k)], consts[slots.index(k)]
                mark_angle(fig, names, k, f"({expr(a, b)})°")
            else:
                mark_angle(fig, names, k, f"{angles[k]}°")
        ask = pick(rng, slots)
        return fig, {"ask": names[ask], "value": angles[ask]}

    return build(q, make), x


@task("interior_angle_sum_angle_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def interior_angle_sum_angle_value(q):
    (fig, f), _ = angle_sum(q)
    return finish(q, fig, f["value"], f"All interior angles are marked. Find the measure of angle {f['ask']} in "
                  "degrees.")


@task("interior_angle_sum_variable_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def interior_angle_sum_variable_value(q):
    (fig, f), x = angle_sum(q)
    return finish(q, fig, x, "All interior angles are marked. Find the value of x.")
