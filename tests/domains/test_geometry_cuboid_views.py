"""geometry/cuboid_views: independent solver -- the three perimeters read as a linear system in
L, W, H (sympy), solved, and the six faces summed."""

import sympy as sp

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.cuboid_views"
P = "task_geometry__cuboid_views__"


def surface(state, params, qid):
    L, W, H = sp.symbols("L W H", positive=True)
    pf, pr, pt = 2 * (state["L"] + state["H"]), 2 * (state["W"] + state["H"]), 2 * (state["L"] + state["W"])
    sol = sp.solve([sp.Eq(2 * (L + H), pf), sp.Eq(2 * (W + H), pr), sp.Eq(2 * (L + W), pt)], [L, W, H])
    faces = [sol[L] * sol[W], sol[L] * sol[H], sol[W] * sol[H]]
    return int(2 * sum(faces))


SOLVERS = {P + "cuboid_projection_surface_area_value": surface}


def _size(s):
    return s["L"] + s["W"] + s["H"]


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))


def test_known_views():
    assert surface({"L": 7, "W": 8, "H": 9}, {}, "single") == 382
