"""geometry/container_volume_transfer: independent solvers -- the volumes with sympy (pi kept
symbolic: a cone pi r^2 h / 3, a cylinder pi R^2 H or base area x height, a tank L W H), then the
target over the source (checked whole), or the poured volume over the target's base area."""

import sympy as sp

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.container_volume_transfer"
P = "task_geometry__container_volume_transfer__"


def _src(state):
    s = state["source"]
    if s["kind"] == "cone":
        return sp.pi * s["r"] ** 2 * s["h"] / 3
    return sp.Integer(s["area"] * s["h"])


def _base(t):
    return sp.pi * t["R"] ** 2 if t["kind"] == "cylinder" else sp.Integer(t["L"] * t["W"])


def fills(state, params, qid):
    t = state["tank"]
    k = sp.simplify(_base(t) * t["H"] / _src(state))
    assert k.is_integer
    return int(k)


def height(state, params, qid):
    n = int(state["note"].split()[0])
    h = sp.simplify(n * _src(state) / _base(state["tank"]))
    return round(float(h), 1)


SOLVERS = {P + "fill_count_value": fills, P + "resulting_height_value": height}


def _size(s):
    t = s["tank"]
    return float(_src(s).subs(sp.pi, 3)) + (t["R"] ** 2 if t["kind"] == "cylinder" else t["L"] * t["W"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))


def test_known_transfer():
    state = {"source": {"kind": "cylinder", "area": 4, "h": 14}, "tank": {"kind": "cuboid", "L": 6, "W": 4},
             "note": "8 full pours"}
    assert height(state, {}, "single") == 18.7
