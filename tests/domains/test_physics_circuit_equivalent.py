"""physics/circuit_equivalent: independent solvers by nodal analysis of the drawn network.

The series-parallel tree is flattened into a netlist and solved with a weighted graph
Laplacian: resistors are conductances 1/R; capacitors combine like conductances C.
"""

import numpy as np

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.circuit_equivalent"
P = "task_physics__circuit_equivalent__"


def _netlist(node, a, b, edges, counter):
    if node["op"] == "part":
        edges.append((a, b, node["value"]))
    elif node["op"] == "parallel":
        for ch in node["children"]:
            _netlist(ch, a, b, edges, counter)
    else:
        nodes = [a] + [next(counter) for _ in node["children"][1:]] + [b]
        for ch, x, y in zip(node["children"], nodes, nodes[1:]):
            _netlist(ch, x, y, edges, counter)


def _effective_conductance(state, weight):
    import itertools

    edges = []
    _netlist(state["tree"], 0, 1, edges, itertools.count(2))
    n = 1 + max(max(a, b) for a, b, _ in edges)
    lap = np.zeros((n, n))
    for a, b, v in edges:
        g = weight(v)
        lap[a, a] += g
        lap[b, b] += g
        lap[a, b] -= g
        lap[b, a] -= g
    # ground node 1, inject unit current at node 0
    keep = [i for i in range(n) if i != 1]
    rhs = np.zeros(len(keep))
    rhs[0] = 1.0
    volts = np.linalg.solve(lap[np.ix_(keep, keep)], rhs)
    return 1.0 / volts[0]


def resistance(state, params, qid):
    assert state["kind"] == "resistor"
    r = 1.0 / _effective_conductance(state, lambda v: 1.0 / v)
    assert abs(r - round(r)) < 1e-6
    return int(round(r))


def capacitance(state, params, qid):
    assert state["kind"] == "capacitor"
    c = _effective_conductance(state, float)
    assert abs(c - round(c)) < 1e-6
    return int(round(c))


def _parts(node):
    return 1 if node["op"] == "part" else sum(_parts(ch) for ch in node["children"])


SOLVERS = {
    P + "total_resistance_value": resistance,
    P + "total_capacitance_value": capacitance,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: _parts(s["tree"]))
