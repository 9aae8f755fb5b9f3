"""geometry/circle_pair_tangents: independent solver from the catalog program.  The figure is
checked first (AB touches both circles at A and B, the printed lengths are true of the
coordinates); then the right triangle CED (CE = difference of the radii, DE = AB) gives the
unknown with sympy's exact square root."""

import math
import re

import sympy as sp

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.circle_pair_tangents"
P = "task_geometry__circle_pair_tangents__"


def solve(state, params, qid):
    fig = state["fig"]
    p = fig["pts"]
    (c1x, c1y, r1), (c2x, c2y, r2) = fig["circles"]
    (ax, ay), (bx, by) = p["A"], p["B"]
    for (cx, cy, r) in fig["circles"]:                       # the line AB touches both circles
        assert abs(abs((bx - ax) * (ay - cy) - (ax - cx) * (by - ay)) / math.dist(p["A"], p["B"]) - r) < 1e-4
    got = {}
    for ln in fig["lens"]:
        name, v = ln["text"].split(" = ")
        if v != "?":
            assert abs(math.dist(p[ln["a"]], p[ln["b"]]) - int(v)) < 1e-4
            got[name] = int(v)
    for note in fig.get("notes", []):
        m = re.fullmatch(r"diameter of circle (\w) = (\d+)", note)
        got[{"C": "CA", "D": "DB"}[m[1]]] = sp.Rational(int(m[2]), 2)
    diff = abs(got["CA"] - got["DB"])
    if qid == "tangent_segment_length_from_center_distance":
        return int(sp.sqrt(got["CD"] ** 2 - diff ** 2))
    return int(sp.sqrt(got["AB"] ** 2 + diff ** 2))


SOLVERS = {P + "external_tangent_segment_length_value": solve}


def _size(s):
    return max(c[2] for c in s["fig"]["circles"]) + 200 * len(s["fig"].get("notes", []))


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
