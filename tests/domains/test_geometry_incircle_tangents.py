"""geometry/incircle_tangents: independent solvers from the catalog programs.  The drawn figure
is checked first (the circle touches all three sides at D, E, F; the printed lengths are true);
then the tangent lengths are read from the labels with the equal-tangent rule (a whole side
minus the known tangent where a side is printed), the perimeter summed and the radius taken as
Heron's area over the semi-perimeter."""

import math
import re

from figurecheck import half_up
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.incircle_tangents"
P = "task_geometry__incircle_tangents__"


def tangents(state):
    fig = state["fig"]
    p = fig["pts"]
    cx, cy, r = fig["circles"][0]
    for (a, b), t in ((("A", "B"), "D"), (("B", "C"), "E"), (("C", "A"), "F")):
        (ax, ay), (bx, by) = p[a], p[b]
        assert abs(abs((bx - ax) * (ay - cy) - (ax - cx) * (by - ay)) / math.dist(p[a], p[b]) - r) < 1e-4
        assert abs(math.dist(p[t], (cx, cy)) - r) < 1e-4
    got = {}
    for ln in fig["lens"]:
        m = re.fullmatch(r"(\w+) = (\d+)", ln["text"])
        if m:
            assert abs(math.dist(p[ln["a"]], p[ln["b"]]) - int(m[2])) < 1e-4
            got[m[1]] = int(m[2])
    x = got["AD"]
    y = got.get("BE", got.get("AB", 0) - x)
    z = got["CF"]
    return x, y, z


def perimeter(state, params, qid):
    x, y, z = tangents(state)
    return 2 * (x + y + z)


def radius(state, params, qid):
    x, y, z = tangents(state)
    a, b, c = y + z, z + x, x + y
    s = (a + b + c) / 2
    area = math.sqrt(s * (s - a) * (s - b) * (s - c))
    return half_up(area / s)


SOLVERS = {P + "incircle_tangent_perimeter_value": perimeter, P + "incircle_radius_from_area_value": radius}


def _size(s):
    return sum(int(re.search(r"\d+", ln["text"]).group()) for ln in s["fig"]["lens"] if "?" not in ln["text"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
