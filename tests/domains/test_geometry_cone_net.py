"""geometry/cone_net: independent solvers -- the sector's arc length (l * theta in radians) equals
the base circumference 2 pi r, and the slant, height and radius form a right triangle (sympy)."""

import sympy as sp

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.cone_net"
P = "task_geometry__cone_net__"


def _radius(state):
    l, theta = sp.Integer(state["l"]), sp.Integer(state["theta"])
    arc = l * theta * sp.pi / 180
    return sp.solve(sp.Eq(2 * sp.pi * sp.Symbol("r"), arc), sp.Symbol("r"))[0], l


def radius(state, params, qid):
    r, _ = _radius(state)
    return round(float(r), 1)


def height(state, params, qid):
    r, l = _radius(state)
    return round(float(sp.sqrt(l ** 2 - r ** 2)), 1)


SOLVERS = {P + "base_radius_from_sector_angle": radius, P + "height_from_sector_angle": height}


def _size(s):
    return s["l"] + (s["theta"] % 30 != 0) * 20 + (s["theta"] % 5 != 0) * 40


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))


def test_known_cone():
    assert radius({"l": 10, "theta": 216}, {}, "single") == 6.0
    assert height({"l": 10, "theta": 216}, {}, "single") == 8.0
