"""geometry/solid_formula: independent solvers -- the printed volume and dimensions put into the
solid's volume formula and solved for the unknown with sympy."""

import sympy as sp

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.solid_formula"
P = "task_geometry__solid_formula__"


def _solve(state, formula):
    sol = state["solid"]
    V = sp.Integer(sol["volume"].split("=")[1].strip().rstrip("π"))
    if sol["volume"].endswith("π"):
        V *= sp.pi
    syms = {k: (sp.Symbol(k, positive=True) if k == sol["unknown"] else sp.Integer(v))
            for k, v in sol["dims"].items()}
    roots = sp.solve(sp.Eq(formula(syms), V), syms[sol["unknown"]])
    assert len(roots) == 1
    return round(float(roots[0]), 1)


def cyl_cone(state, params, qid):
    return _solve(state, lambda d: sp.pi * d["r"] ** 2 * d["H"] + sp.pi * d["r"] ** 2 * d["c"] / 3)


def house(state, params, qid):
    return _solve(state, lambda d: (d["b"] * d["h"] + sp.Rational(1, 2) * d["b"] * d["t"]) * d["L"])


def prism_pyramid(state, params, qid):
    return _solve(state, lambda d: d["l"] * d["w"] * d["x"] + sp.Rational(1, 3) * d["l"] * d["w"] * d["p"])


SOLVERS = {P + "cylinder_cone_height_from_volume_radius": cyl_cone,
           P + "cylinder_cone_radius_from_volume_heights": cyl_cone,
           P + "house_prism_length_from_volume": house,
           P + "prism_pyramid_height_from_volume": prism_pyramid}


def _size(s):
    return max(s["solid"]["dims"].values())


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))


def test_known_cylinder_cone():
    state = {"solid": {"kind": "cylinder_cone", "dims": {"r": 8, "H": 6, "c": 9}, "unknown": "H",
                       "volume": "V = 576π"}}
    assert cyl_cone(state, {}, "single") == 6.0    # 64 (6 + 3) = 576
