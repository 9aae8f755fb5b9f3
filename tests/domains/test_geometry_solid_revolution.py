"""geometry/solid_revolution: independent solvers -- the solid's volume integrated exactly with sympy
(disc method, pi r(y)^2 dy over the shape's profile about the axis), rounded to one decimal."""

import sympy as sp

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.solid_revolution"
P = "task_geometry__solid_revolution__"
y = sp.Symbol("y")


def _discs(pieces):
    """pieces: (radius expression in y, y0, y1)."""
    v = sum(sp.integrate(sp.pi * r ** 2, (y, a, b)) for r, a, b in pieces)
    return round(float(v), 1)


def volume(state, params, qid):
    sh = state["shape"]
    d = {k: sp.Integer(v) for k, v in sh["dims"].items()}
    kind = sh["kind"]
    if kind == "cylinder":
        return _discs([(d["r"], 0, d["h"])])
    if kind == "cylinder_diag":
        width = sp.sqrt(d["d"] ** 2 - d["h"] ** 2)
        assert width == sh["width"]
        return _discs([(width / 2, 0, d["h"])])
    if kind == "cone":
        return _discs([(d["r"] * (1 - y / d["h"]), 0, d["h"])])
    if kind == "double_cone":
        return _discs([(d["r"] * y / d["h2"], 0, d["h2"]), (d["r"] * (1 - y / d["h1"]), 0, d["h1"])])
    return _discs([(d["R"] + (d["r"] - d["R"]) * y / d["h"], 0, d["h"])])


SOLVERS = {P + name: volume for name in (
    "revolution_cone_volume_value", "revolution_cylinder_volume_from_diagonal_value",
    "revolution_cylinder_volume_value", "revolution_double_cone_volume_value", "revolution_frustum_volume_value")}


def _size(s):
    return max(s["shape"]["dims"].values())


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))


def test_known_frustum():
    state = {"shape": {"kind": "frustum", "dims": {"R": 33, "r": 13, "h": 3}}}
    assert volume(state, {}, "") == 5299.9     # pi (1089 + 429 + 169)
