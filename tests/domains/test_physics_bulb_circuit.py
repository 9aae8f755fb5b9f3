"""physics/bulb_circuit: independent solver by nodal analysis: the drawn tree becomes a netlist,
the node voltages come from the conductance (Laplacian) system with the battery's terminals held
at 12 V and 0 V, and each bulb's power is V^2 / R across it."""

import numpy as np

from circuit_solvers import solve
from taskcheck import scene_tests

MOD = "tracegen.domains.physics.bulb_circuit"
P = "task_physics__bulb_circuit__brightness_extremum_label"


def bulb_powers(tree, volts=12.0):
    edges, v, _ = solve(tree, lambda p: 1.0 / p["ohms"], volts)
    return {p["label"]: (v[a] - v[b]) ** 2 / p["ohms"] for a, b, p in edges}


def extremum(state, params, qid):
    power = bulb_powers(state["tree"])
    order = sorted(power, key=power.get, reverse=(qid == "brightest_bulb_label"))
    assert abs(power[order[0]] - power[order[1]]) > 1e-9, "tie"
    return order[0]


SOLVERS = {P: extremum}


def _bulb(label, ohms):
    return {"op": "part", "kind": "bulb", "label": label, "ohms": ohms}


def test_hand_checked():
    # B1 (6 ohm) in series with B2 (3) || B3 (6): I = 12/8 = 1.5 A; V across the pair 3 V: P1 = 13.5 W, P2 = 3 W, P3 = 1.5 W
    tree = {"op": "series", "children": [_bulb("B1", 6), {"op": "parallel", "children": [_bulb("B2", 3),
                                                                                          _bulb("B3", 6)]}]}
    p = bulb_powers(tree)
    assert np.allclose([p["B1"], p["B2"], p["B3"]], [13.5, 3.0, 1.5])
    assert extremum({"tree": tree}, {}, "brightest_bulb_label") == "B1"
    assert extremum({"tree": tree}, {}, "dimmest_bulb_label") == "B3"


def _count(node):
    return 1 if node["op"] == "part" else sum(_count(ch) for ch in node["children"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: _count(s["tree"]))
