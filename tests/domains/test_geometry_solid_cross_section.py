"""geometry/solid_cross_section: independent solvers -- the slice's linear size by similar
triangles (exact fractions with sympy: R d / H or s d / H), then its area (a disc or a square)."""

import sympy as sp

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.solid_cross_section"
P = "task_geometry__solid_cross_section__"


def _scale(sol):
    return sp.Rational(sol["base"] * sol["d"], sol["H"])


def cone(state, params, qid):
    sol = state["solid"]
    assert sol["kind"] == "cone" and 0 < sol["d"] < sol["H"]
    return round(float(sp.pi * _scale(sol) ** 2), 1)


def pyramid(state, params, qid):
    sol = state["solid"]
    assert sol["kind"] == "pyramid" and 0 < sol["d"] < sol["H"]
    return round(float(_scale(sol) ** 2), 1)


SOLVERS = {P + "cone_parallel_slice_area": cone, P + "square_pyramid_parallel_slice_area": pyramid}


def _size(s):
    return s["solid"]["H"] + s["solid"]["base"]


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))


def test_known_slices():
    assert cone({"solid": {"kind": "cone", "H": 20, "d": 12, "base": 9}}, {}, "single") == 91.6
    assert pyramid({"solid": {"kind": "pyramid", "H": 35, "d": 14, "base": 13}}, {}, "single") == 27.0
