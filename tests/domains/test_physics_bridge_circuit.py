"""physics/bridge_circuit: independent solver by nodal analysis of the drawn bridge (battery
across the arms, a 50-ohm galvanometer between the midpoints): the unknown resistance is found by
bisection as the value that brings the galvanometer current to zero."""

import numpy as np

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.bridge_circuit"
P = "task_physics__bridge_circuit__bridge_missing_resistance_value"


def galvanometer_current(r, volts=10.0, rg=50.0):
    # nodes: 0 top (+V), 1 bottom (0 V), 2 left midpoint, 3 right midpoint
    edges = [(0, 2, r["R1"]), (2, 1, r["R2"]), (0, 3, r["R3"]), (3, 1, r["R4"]), (2, 3, rg)]
    lap = np.zeros((4, 4))
    for a, b, ohm in edges:
        g = 1.0 / ohm
        lap[a, a] += g
        lap[b, b] += g
        lap[a, b] -= g
        lap[b, a] -= g
    v = np.zeros(4)
    v[0] = volts
    v[2:] = np.linalg.solve(lap[2:, 2:], -lap[2:, :2] @ v[:2])
    return (v[2] - v[3]) / rg


def missing(state, params, qid):
    r = dict(state["values"])
    u = state["unknown"]

    def f(x):
        r[u] = x
        return galvanometer_current(r)

    lo, hi = 1e-3, 1e4
    flo = f(lo)
    for _ in range(200):
        mid = (lo * hi) ** 0.5
        if (f(mid) > 0) == (flo > 0):
            lo = mid
        else:
            hi = mid
    x = (lo * hi) ** 0.5
    assert abs(x - round(x)) < 1e-6, x
    return int(round(x))


SOLVERS = {P: missing}


def test_hand_checked():
    # R1 = 7, R2 = 14, R4 = 22: R3 = 11 balances (7/14 = 11/22)
    st = {"values": {"R1": 7, "R2": 14, "R3": 0, "R4": 22}, "unknown": "R3"}
    assert missing(st, {}, "single") == 11
    assert abs(galvanometer_current({"R1": 7, "R2": 14, "R3": 11, "R4": 22})) < 1e-12


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: max(s["values"].values()))
test_no_value_is_printed = shortcut_test([P])
