"""geometry/regular_polygon_decomposition: independent solvers from the catalog programs.  The
polygon's sides and shaded wedges are counted from the figure (spokes from O and the shaded
region's outline), the printed measures are read back, the polygon is checked to be regular and
the apothem to be drawn to scale, and the task's formula is applied."""

import math
import re

from figurecheck import half_up, labelled
from taskcheck import scene_tests, shortcut_test


MOD = "tracegen.domains.geometry.regular_polygon_decomposition"
P = "task_geometry__regular_polygon_decomposition__"
NUM = re.compile(r"^(Total polygon area|Perimeter|Shaded wedge area|a|s) = (\d+(?:\.\d+)?)$")


def read(state):
    """(sides, shaded wedges, printed values) with the drawing checked."""
    fig = state["fig"]
    pts = {k: complex(*p) for k, p in fig["pts"].items()}
    o = pts["O"]
    spokes = [s[1] for s in fig["segs"] if s[0] == "O" and s[1] != "M"]
    n = len(spokes)
    radii = [abs(pts[v] - o) for v in spokes]
    assert max(radii) - min(radii) < 1e-4
    ring = sorted(spokes, key=lambda v: math.atan2((pts[v] - o).imag, (pts[v] - o).real))
    sides = [abs(pts[b] - pts[a]) for a, b in zip(ring, ring[1:] + ring[:1])]
    assert max(sides) - min(sides) < 1e-4
    shaded = next(r for r in fig["regions"] if r["tint"] is not None)
    k = len(shaded["path"]) - 2                       # O, then k + 1 consecutive vertices
    v = labelled(fig, NUM)
    if "a" in v:
        assert abs(abs(pts["M"] - o) - v["a"]) < 0.051
    if "s" in v:
        assert abs(sides[0] - v["s"]) < 1e-4
    return n, k, v


def central(state, params, qid):
    n, k, _ = read(state)
    return 360 * k // n


def piece(state, params, qid):
    n, k, v = read(state)
    return half_up(v["Total polygon area"] / n * k)


def perimeter(state, params, qid):
    _, _, v = read(state)
    p = 2 * v["Total polygon area"] / v["a"]
    assert abs(p - round(p)) < 1e-6
    return int(round(p))


def side(state, params, qid):
    n, _, v = read(state)
    if qid == "side_length_from_perimeter":
        s = v["Perimeter"] / n
    elif qid == "side_length_from_total_area_and_apothem":
        s = 2 * v["Total polygon area"] / n / v["a"]
    else:
        s = 2 * v["Shaded wedge area"] / v["a"]
    assert abs(s - round(s)) < 1e-6
    return int(round(s))


def wedge(state, params, qid):
    _, k, v = read(state)
    assert k == 1
    return half_up(v["s"] * v["a"] / 2)


SOLVERS = {
    P + "central_angle_value": central,
    P + "marked_piece_area_value": piece,
    P + "perimeter_value": perimeter,
    P + "side_length_value": side,
    P + "wedge_area_from_side_apothem_value": wedge,
}


def _size(s):
    fig = s["fig"]
    return len(fig["pts"]) * 10 + max(abs(c) for p in fig["pts"].values() for c in p)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


test_no_printed_answer = shortcut_test(sorted(SOLVERS))
