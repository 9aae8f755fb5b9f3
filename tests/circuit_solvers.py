"""Independent nodal-analysis solver shared by the physics circuit scenes' tests
(tests/domains/test_physics_bulb_circuit.py, _switch_circuit.py, _circuit_state_change.py).

It reads only the recorded series/parallel tree, never the task code: the tree becomes a netlist
between the battery's terminals (node 0 at ``volts``, node 1 at 0 V), and the node voltages come from
the conductance (Laplacian) system, with a tiny leak to ground on every node so that parts cut off by
open switches still give a solvable system."""

import itertools

import numpy as np


def netlist(node, a, b, out, counter):
    """Append (a, b, part) for every part of ``node`` placed between nodes a and b."""
    if node["op"] == "part":
        out.append((a, b, node))
    elif node["op"] == "parallel":
        for ch in node["children"]:
            netlist(ch, a, b, out, counter)
    else:
        nodes = [a] + [next(counter) for _ in node["children"][1:]] + [b]
        for ch, x, y in zip(node["children"], nodes, nodes[1:]):
            netlist(ch, x, y, out, counter)


def solve(tree, conductance, volts=12.0, leak=1e-12):
    """(edges [(a, b, part)], node voltages, each edge's conductance) with ``conductance(part)`` siemens."""
    edges = []
    netlist(tree, 0, 1, edges, itertools.count(2))
    n = 2 + len(edges)
    lap = np.eye(n) * leak
    conduct = []
    for a, b, p in edges:
        g = conductance(p)
        conduct.append(g)
        lap[a, a] += g
        lap[b, b] += g
        lap[a, b] -= g
        lap[b, a] -= g
    free = list(range(2, n))
    v = np.zeros(n)
    v[0] = volts
    v[free] = np.linalg.solve(lap[np.ix_(free, free)], -lap[np.ix_(free, [0, 1])] @ v[:2])
    return edges, v, conduct
