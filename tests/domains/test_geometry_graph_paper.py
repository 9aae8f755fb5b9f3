"""geometry/graph_paper: independent solvers written from the catalog programs."""

import math
from fractions import Fraction

import pytest
from taskcheck import check_no_shortcuts, scene_tests

from tracegen import registry

MOD = "tracegen.domains.geometry.graph_paper"
P = "task_geometry__graph_paper__"


def _shoelace(pts):
    s = Fraction(0)
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        s += Fraction(x1) * Fraction(y2) - Fraction(x2) * Fraction(y1)
    return abs(s) / 2


def _edges(pts):
    return [(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:] + pts[:1])]


def _turns(pts):
    """Cross product of consecutive edge vectors at every vertex."""
    e = _edges(pts)
    return [e[i - 1][0] * e[i][1] - e[i - 1][1] * e[i][0] for i in range(len(pts))]


def _labelled(state):
    return [it for it in state["items"] if it.get("label")]


def area_extremum(state, params, qid):
    items = _labelled(state)
    areas = [_shoelace(it["pts"]) for it in items]
    pick = max(areas) if qid == "largest" else min(areas)
    return items[areas.index(pick)]["label"]


def length_extremum(state, params, qid):
    items = _labelled(state)
    lens = [math.dist(*it["pts"]) for it in items]
    pick = max(lens) if qid == "largest" else min(lens)
    return items[lens.index(pick)]["label"]


def slope(state, params, qid):
    (x1, y1), (x2, y2) = state["items"][0]["pts"]
    return round((y2 - y1) / (x2 - x1), 2)


def polygon_area(state, params, qid):
    a = _shoelace(state["items"][0]["pts"])
    assert a.denominator == 1
    return int(a)


def convexity(state, params, qid):
    n = 0
    for it in state["items"]:
        t = _turns(it["pts"])
        convex = all(v > 0 for v in t) or all(v < 0 for v in t)
        n += convex == (qid == "convex_polygon_count")
    return n


def perimeter(state, params, qid):
    p = sum(math.hypot(*e) for e in _edges(state["items"][0]["pts"]))
    assert abs(p - round(p)) < 1e-9
    return int(round(p))


def _quad_kind(pts):
    if len(pts) != 4:
        return None
    a, b, c, d = pts
    if (a[0] + c[0], a[1] + c[1]) != (b[0] + d[0], b[1] + d[1]):   # diagonals do not bisect each other
        return "other"
    e = _edges(pts)
    right = e[0][0] * e[1][0] + e[0][1] * e[1][1] == 0
    equal = e[0][0] ** 2 + e[0][1] ** 2 == e[1][0] ** 2 + e[1][1] ** 2
    return {(True, True): "square_count", (True, False): "non_square_rectangle_count",
            (False, True): "non_square_rhombus_count", (False, False): "slanted_parallelogram_count"}[(right, equal)]


def quadrilaterals(state, params, qid):
    return sum(_quad_kind(it["pts"]) == qid for it in state["items"])


def right_angles(state, params, qid):
    """Corners whose two sides are perpendicular: outward (90°) and inward (270°) ones alike,
    as the original counts them."""
    e = _edges(state["items"][0]["pts"])
    return sum(e[i - 1][0] * e[i][0] + e[i - 1][1] * e[i][1] == 0 for i in range(len(e)))


def shapes(state, params, qid):
    want = qid.replace("_count", "")
    n = 0
    for it in state["items"]:
        if it["kind"] == "ellipse":
            kind = "circle" if it["rx"] == it["ry"] else "ellipse"
        else:
            kind = {3: "triangle", 4: "quadrilateral", 5: "pentagon", 6: "hexagon"}[len(it["pts"])]
        n += kind == want
    return n


def triangles(state, params, qid):
    n = 0
    for it in state["items"]:
        pts = it["pts"]
        sides = sorted(math.hypot(*e) for e in _edges(pts))
        n_distinct = 1 + sum(sides[i + 1] - sides[i] > 1e-3 for i in range(2))
        a, b, c = sides
        right = abs(a * a + b * b - c * c) < 1e-6
        n += {"equilateral_triangle_count": n_distinct == 1, "right_triangle_count": right,
              "scalene_triangle_count": n_distinct == 3,
              "non_equilateral_isosceles_triangle_count": n_distinct == 2}[qid]
    return n


def perimeter_extremum(state, params, qid):
    items = _labelled(state)
    per = [sum(math.hypot(*e) for e in _edges(it["pts"])) for it in items]
    pick = max(per) if qid == "largest" else min(per)
    return items[per.index(pick)]["label"]


def _angle(it):
    a, v, b = it["pts"]
    u, w = (a[0] - v[0], a[1] - v[1]), (b[0] - v[0], b[1] - v[1])
    dot = u[0] * w[0] + u[1] * w[1]
    return dot, math.degrees(math.acos(max(-1.0, min(1.0, dot / (math.hypot(*u) * math.hypot(*w))))))


def angle_extremum(state, params, qid):
    items = _labelled(state)
    degs = [_angle(it)[1] for it in items]
    pick = max(degs) if qid == "largest" else min(degs)
    return items[degs.index(pick)]["label"]


def angle_types(state, params, qid):
    n = 0
    for it in state["items"]:
        dot, _ = _angle(it)
        kind = "right" if dot == 0 else "acute" if dot > 0 else "obtuse"
        n += qid.startswith(kind)
    return n


def circumference(state, params, qid):
    (circle,) = [it for it in state["items"] if it["rx"] == it["ry"]]
    return f"{2 * circle['rx']}π"


def ellipse_area(state, params, qid):
    (oval,) = [it for it in state["items"] if it["rx"] != it["ry"]]
    return f"{oval['rx'] * oval['ry']}π"


SOLVERS = {
    P + "perimeter_extremum_label": perimeter_extremum,
    P + "angle_extremum_label": angle_extremum,
    P + "angle_type_count": angle_types,
    P + "circle_circumference_value": circumference,
    P + "ellipse_area_value": ellipse_area,
    P + "area_extremum_label": area_extremum,
    P + "length_extremum_label": length_extremum,
    P + "line_slope_value": slope,
    P + "polygon_area_value": polygon_area,
    P + "polygon_convexity_count": convexity,
    P + "polygon_perimeter_value": perimeter,
    P + "quadrilateral_type_count": quadrilaterals,
    P + "right_angle_vertex_count": right_angles,
    P + "shape_type_count": shapes,
    P + "triangle_type_count": triangles,
}


def _size(state):
    return state["cols"] * state["rows"] + len(state["items"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_no_measure_is_printed(tid):
    labels = registry.meta(tid)["answer_type"] == "option_letter"
    check_no_shortcuts(registry.get(tid), seeds=(0,), answer=not labels)


def test_labelled_extremum_tasks_offer_six_figures_in_the_image():
    from tracegen.core import engine

    for name in ("area_extremum_label", "length_extremum_label", "perimeter_extremum_label", "angle_extremum_label"):
        spec = registry.get(P + name)
        for d in (1, 2, 3):
            inst = engine.generate(spec, seed=4, split="train", index=0, difficulty=d, encode=False)
            assert (inst.solution.options, inst.solution.options_in) == (6, "image")
            assert set("ABCDEF") <= set(inst.canvas.drawn_texts())


# The original's right_angle_vertex_count, seed 0 (maveryn/trace 5ef7944, its trace payload): a
# 12-vertex polygon A..L whose answer is 4, the right-angle vertices E, H, I and L -- I, at (-5, -1),
# is an inward 270° corner of the stepped outline.
ORIGINAL_SEED0 = [(0, 2), (1, 1), (1, -6), (0, -7), (-2, -7), (-2, -5), (-3, -4), (-5, -4), (-5, -1), (-7, -1),
                  (-8, 0), (-8, 2)]


def test_right_angle_vertices_count_inward_corners_as_the_original():
    from tracegen.domains.geometry.graph_paper.tasks import right_angle_vertices

    got = right_angle_vertices(ORIGINAL_SEED0)
    assert ["ABCDEFGHIJKL"[i] for i in got] == ["E", "H", "I", "L"]
    assert right_angles({"items": [{"pts": ORIGINAL_SEED0}]}, {}, "single") == 4


def test_right_angle_polygons_have_inward_corners_and_the_original_shape():
    """At the original's level the polygons have 6-12 vertices, answers 1-5, and some of the counted
    corners are inward (270°) ones; the question says to count them."""
    from tracegen.core import engine

    spec = registry.get(P + "right_angle_vertex_count")
    inward = 0
    answers = set()
    for i in range(15):
        _, d, state, _, sol = engine.solve_only(spec, seed=3, split="train", index=i)
        pts = state["items"][0]["pts"]
        assert d == 2 and 6 <= len(pts) <= 12 and 1 <= sol.answer <= 5
        assert sol.answer == right_angles(state, {}, "single")
        e, turns = _edges(pts), _turns(pts)
        ccw = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1])) > 0
        inward += sum(e[i - 1][0] * e[i][0] + e[i - 1][1] * e[i][1] == 0 and (turns[i] > 0) != ccw
                      for i in range(len(pts)))
        answers.add(sol.answer)
    assert inward > 0 and answers == {1, 2, 3, 4, 5}
    assert "inward-pointing corners" in sol.question


def _simple(pts):
    """No two non-adjacent sides of the polygon meet (touching counts)."""
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)

    def on(a, b, c):
        return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])

    def meet(p1, p2, p3, p4):
        o = [orient(p1, p2, p3), orient(p1, p2, p4), orient(p3, p4, p1), orient(p3, p4, p2)]
        if o[0] != o[1] and o[2] != o[3]:
            return True
        return any(x == 0 and on(*seg, c) for x, seg, c in zip(o, ((p1, p2), (p1, p2), (p3, p4), (p3, p4)),
                                                               (p3, p4, p1, p2)))

    n = len(pts)
    sides = [(pts[i], pts[(i + 1) % n]) for i in range(n)]
    return not any(meet(*sides[i], *sides[j]) for i in range(n) for j in range(i + 2, n) if (i, j) != (0, n - 1))


def test_right_angle_polygons_stay_simple_when_inward_corners_are_cut():
    from tracegen.core import engine

    spec = registry.get(P + "right_angle_vertex_count")
    for d in (1, 2, 3):
        for i in range(40):
            _, _, state, _, _ = engine.solve_only(spec, seed=11, split="train", index=i, difficulty=d)
            assert _simple(state["items"][0]["pts"]), (d, i, state["items"][0]["pts"])
