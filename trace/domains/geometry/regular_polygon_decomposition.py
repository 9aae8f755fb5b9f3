"""geometry/regular_polygon_decomposition: a regular polygon cut into equal wedges by segments
from its centre O to every vertex; one wedge or a run of wedges between OA and OB is shaded.
Depending on the task the figure marks angle AOB, the apothem OM to the midpoint M of side AB
(with a right-angle square), the side, and notes the polygon's total area, its perimeter or the
shaded wedge's area.  The sides are not numbered: counting the wedges is part of the task where
the formula needs the number of sides.

Difficulty 1 uses polygons of 4 to 8 sides and small numbers; 2 the reference's 5 to 12 sides;
3 polygons of 10 to 24 sides (more wedges to count), longer shaded runs and halves.  Printed
measures have at most one decimal and never include the answer.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, figure, fmt, printed_numbers, r1
from tracegen.kits.geometry import pick, rint
from tracegen.kits.outlines import draw_outlined

SIZE = (820, 580)
SIDES = {1: (4, 5, 6, 8), 2: (5, 6, 8, 9, 10, 12), 3: (10, 12, 15, 18, 20, 24)}


def exact(v: float) -> bool:
    """Printed with one decimal without rounding."""
    return abs(v * 10 - round(v * 10)) < 1e-6


class RegularPolygonDecomposition(Scene):
    domain, scene_id, size = "geometry", "regular_polygon_decomposition", SIZE
    megapixels = (0.45, 0.8)
    description = ("A regular polygon cut into equal wedges from its centre O, one wedge or a run of wedges shaded, "
                   "with the central angle, the apothem, a side or the total, perimeter or wedge area marked.")

    def sample(self, rng, difficulty):
        return {"rot": 0.0, "mirror": False, "offset": round(float(rng.uniform(0, 360)), 3)}

    def render(self, c, state, params):
        listed = c.style.accent % 3 == 1
        right = 240.0 if listed or state["fig"]["notes"] else 50.0
        draw_outlined(c, state["fig"], (50, 46, c.width - right, c.height - 46), listed=listed,
                      mark_color=("accent", "series:1", "ink")[c.style.accent % 3])


SCENE = RegularPolygonDecomposition()
task = SCENE.task


def wedges(n, side, offset, first, k, *, apothem=False, angle=False):
    """The polygon (side length ``side``) with its n spokes; wedges first..first+k-1 shaded
    between OA and OB; ``apothem`` adds M, the midpoint of AB (k = 1), and segment OM."""
    R = side / (2 * math.sin(math.pi / n))
    ang = [offset + 360.0 * i / n for i in range(n)]
    pts = {f"P{i}": (R * math.cos(math.radians(a)), R * math.sin(math.radians(a))) for i, a in enumerate(ang)}
    a_i, b_i = first % n, (first + k) % n
    pts["O"] = (0.0, 0.0)
    pts["A"], pts["B"] = pts.pop(f"P{a_i}"), pts.pop(f"P{b_i}")
    ring = [("A" if i == a_i else "B" if i == b_i else f"P{i}") for i in range(n)]
    fig = figure(pts)
    fig["dots"], fig["names"] = ["O"], ["A", "B"]
    run = [ring[(first + j) % n] for j in range(k + 1)]
    fig["regions"] = [{"path": ["O"] + run, "tint": 0, "edge": "none", "strength": 0.5},
                      {"path": ring, "tint": None, "edge": "thick"}]
    fig["segs"] += [["O", v, "thick" if v in ("A", "B") else "thin"] for v in ring]
    if apothem:
        fig["pts"]["M"] = [(pts["A"][0] + pts["B"][0]) / 2, (pts["A"][1] + pts["B"][1]) / 2]
        fig["names"].append("M")
        fig["segs"] += [["O", "M", "dash"], ["A", "M", "hidden"], ["M", "B", "hidden"]]
        fig["squares"] = [["M", "O", "A"]]
    if angle:
        fig["angles"].append({"v": "O", "a": "A", "b": "B", "text": "?"})
    return fig


def build(q, make):
    return build_figure(q, lambda rng: make(rng, q.difficulty, q.state["offset"]))


def finish(q, fig, value, keys, question, *, rounding=None):
    shown = value if rounding is None else round(value, rounding)
    q.require(all(abs(v - shown) > 1e-9 for v in printed_numbers(fig)), "the answer is printed")
    return q.answer(value, witnesses={k: f"pt:{k}" for k in keys}, rounding=rounding, question=(
        "The figure shows a regular polygon divided into equal wedges by segments from its centre O to every "
        "vertex. " + question))


# ---------------------------------------------------------------------- central angle
def angle_support(d):
    return sorted({360 * k // n for n in SIDES[d] for k in range(1, {1: 3, 2: 5, 3: 8}[d] + 1) if 360 * k < 180 * n})


@task("central_angle_value", answer="integer", annotation="point_map", ops="counting,formula_evaluation")
def central_angle_value(q):
    target = q.target(angle_support(q.difficulty))

    def make(rng, d, offset):
        ways = [(n, k) for n in SIDES[d] for k in range(1, {1: 3, 2: 5, 3: 8}[d] + 1) if 360 * k == target * n]
        n, k = pick(rng, ways)
        fig = wedges(n, 10.0, offset, rint(rng, 0, n - 1), k, angle=True)
        return fig, {"n": n, "k": k}

    fig, f = build(q, make)
    return finish(q, fig, 360 * f["k"] // f["n"], "OAB", "Count the equal wedges in the whole polygon and the shaded "
                  "wedges between OA and OB. What is the measure of angle AOB (marked ?) in degrees?")


# ---------------------------------------------------------------------- areas
@task("marked_piece_area_value", answer="number", annotation="point_map",
      ops="filtering,counting,formula_evaluation")
def marked_piece_area_value(q):
    def make(rng, d, offset):
        n = pick(rng, SIDES[d])
        k = rint(rng, 1, min(n - 1, {1: 2, 2: 4, 3: 7}[d]))
        wedge = rint(rng, *{1: (2, 12), 2: (3, 24), 3: (6, 60)}[d]) / (2 if d == 3 else 1)
        fig = wedges(n, 10.0, offset, rint(rng, 0, n - 1), k)
        fig["notes"].append(f"Total polygon area = {fmt(n * wedge)}")
        return fig, {"n": n, "k": k, "total": n * wedge}

    fig, f = build(q, make)
    return finish(q, fig, f["total"] * f["k"] / f["n"], "OAB", "Count all the wedges and the shaded ones. Using the "
                  "total polygon area, what is the area of the shaded region?", rounding=1)


def apothem_of(n, side):
    return side / (2 * math.tan(math.pi / n))


@task("perimeter_value", answer="integer", annotation="point_map", ops="filtering,formula_evaluation")
def perimeter_value(q):
    def make(rng, d, offset):
        n = pick(rng, SIDES[d])
        side = rint(rng, *{1: (3, 10), 2: (4, 14), 3: (5, 18)}[d])
        a = r1(apothem_of(n, side))
        total = n * side * a / 2
        if not exact(total):
            return None, None
        fig = wedges(n, side, offset, rint(rng, 0, n - 1), 1, apothem=True)
        fig["lens"].append({"a": "O", "b": "M", "text": f"a = {fmt(a)}"})
        fig["notes"].append(f"Total polygon area = {fmt(r1(total))}")
        return fig, {"a": a, "total": r1(total)}

    fig, f = build(q, make)
    return finish(q, fig, round(2 * f["total"] / f["a"]), "OM", "OM is the apothem, labelled a. Using the total "
                  "area and the apothem, what is the perimeter of the regular polygon?")


SIDE_QUERIES = ("side_length_from_perimeter", "side_length_from_total_area_and_apothem",
                "side_length_from_wedge_area_and_apothem")


@task("side_length_value", answer="integer", annotation="point_map", ops="counting,formula_evaluation",
      queries=SIDE_QUERIES)
def side_length_value(q):
    qid = q.query_id
    side = q.target(range(*{1: (3, 11), 2: (4, 17), 3: (6, 31)}[q.difficulty]))

    def make(rng, d, offset):
        n = pick(rng, SIDES[d])
        fig = wedges(n, side, offset, rint(rng, 0, n - 1), 1, apothem=qid != SIDE_QUERIES[0])
        fig["ticks"].append(["A", "B", 1])
        a = r1(apothem_of(n, side))
        if qid == SIDE_QUERIES[0]:
            fig["notes"].append(f"Perimeter = {n * side}")
            return fig, {"value": n * side / n}
        fig["lens"].append({"a": "O", "b": "M", "text": f"a = {fmt(a)}"})
        if qid == SIDE_QUERIES[1]:
            total = n * side * a / 2
            if not exact(total):
                return None, None
            fig["notes"].append(f"Total polygon area = {fmt(r1(total))}")
            return fig, {"value": 2 * r1(total) / (n * a)}
        wedge = side * a / 2
        if not exact(wedge):
            return None, None
        fig["notes"].append(f"Shaded wedge area = {fmt(r1(wedge))}")
        return fig, {"value": 2 * r1(wedge) / a}

    fig, f = build(q, make)
    how = {SIDE_QUERIES[0]: "Count the sides and use the perimeter",
           SIDE_QUERIES[1]: "Count the wedges and use the total area and the apothem a = OM",
           SIDE_QUERIES[2]: "Use the shaded wedge's area and the apothem a = OM"}[qid]
    keys = "OAB" if qid == SIDE_QUERIES[0] else "OABM"
    return finish(q, fig, round(f["value"]), keys, f"{how}. What is the length of the marked side AB?")


@task("wedge_area_from_side_apothem_value", answer="number", annotation="point_map", ops="formula_evaluation")
def wedge_area_from_side_apothem_value(q):
    def make(rng, d, offset):
        n = pick(rng, SIDES[d])
        side = rint(rng, *{1: (3, 10), 2: (4, 16), 3: (6, 30)}[d])
        a = r1(apothem_of(n, side))
        if not exact(side * a / 2):
            return None, None
        fig = wedges(n, side, offset, rint(rng, 0, n - 1), 1, apothem=True)
        fig["lens"] += [{"a": "O", "b": "M", "text": f"a = {fmt(a)}"}, {"a": "A", "b": "B", "text": f"s = {side}"}]
        return fig, {"value": side * a / 2}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "OABM", "The shaded wedge is triangle OAB with side s = AB and apothem a = OM. "
                  "What is the area of the shaded wedge?", rounding=1)
