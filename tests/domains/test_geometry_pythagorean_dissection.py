"""geometry/pythagorean_dissection: independent solver from the catalog program.  The drawn figure
is checked (ABCD and EFGH are squares, AE = BF = CG = DH, printed lengths and areas true); the legs
are recovered from the printed labels (the other leg as the outer side minus the known one, the
side as the square root of a printed area) and the inner square's area is a^2 + b^2."""

import math
import re

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.pythagorean_dissection"
P = "task_geometry__pythagorean_dissection__"


def solve(state, params, qid):
    fig = state["fig"]
    p = fig["pts"]
    d = lambda u, v: math.dist(p[u], p[v])  # noqa: E731
    for quad in ("ABCD", "EFGH"):
        sides = [d(quad[i], quad[(i + 1) % 4]) for i in range(4)]
        assert max(sides) - min(sides) < 1e-6 and abs(d(quad[0], quad[2]) - d(quad[1], quad[3])) < 1e-6
    assert max(d("A", "E"), d("B", "F"), d("C", "G"), d("D", "H")) - min(d("A", "E"), d("B", "F"), d("C", "G"),
                                                                          d("D", "H")) < 1e-6
    got = {}
    for ln in fig["lens"]:
        name, v = ln["text"].split(" = ")
        assert abs(d(ln["a"], ln["b"]) - int(v)) < 1e-6
        got[name] = int(v)
    for note in fig["notes"]:
        m = re.fullmatch(r"area of ABCD = (\d+)", note)
        if m:
            got["CD"] = math.isqrt(int(m[1]))
            assert got["CD"] ** 2 == int(m[1]) and abs(d("C", "D") - got["CD"]) < 1e-6
    a = got["CG"]
    b = got.get("GD", got.get("CD", 0) - a)
    return a * a + b * b


SOLVERS = {P + "pythagorean_square_area_value": solve}


def _size(s):
    """Steps to the legs: both printed; through the side CD; through the outer area."""
    fig = s["fig"]
    return 1 + any(ln["text"].startswith("CD") for ln in fig["lens"]) + 2 * any(n.startswith("area of ABCD")
                                                                                  for n in fig["notes"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
