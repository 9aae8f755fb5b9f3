"""symbolic/organic_structure: independent solvers (rings found as the minimum cycle basis of the bond
graph with networkx, bonds counted by order), and the structures checked as chemistry and as
drawings: valences within C 4, N 3, O 2, halogens 1, no atom with two double bonds, every bond
one unit long, triple bonds straight, atoms apart and no two bonds crossing."""

import math

import networkx as nx
import pytest
from taskcheck import check_many_instances, scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.symbolic.organic_structure"
P = "task_symbolic__organic_structure__"
VALENCE = {"C": 4, "N": 3, "O": 2, "F": 1, "Cl": 1, "Br": 1}


def graph(state):
    g = nx.Graph()
    g.add_nodes_from(range(len(state["atoms"])))
    g.add_edges_from((a, b, {"order": o}) for a, b, o in state["bonds"])
    return g


def bonds(state, params, qid):
    return sum(1 for _, _, d in graph(state).edges(data=True) if d["order"] == params["bond_order"])


def rings(state, params, qid):
    return sum(1 for cycle in nx.minimum_cycle_basis(graph(state)) if len(cycle) == params["ring_size"])


SOLVERS = {P + "bond_order_count": bonds, P + "ring_size_count": rings}


def _size(s):
    return len(s["atoms"]) + len(s["bonds"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def test_more_instances_agree():
    check_many_instances(MOD, SOLVERS, seed=11, n=40)


def _seg_cross(p, q, r, s):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return orient(r, s, p) * orient(r, s, q) < -1e-6 and orient(p, q, r) * orient(p, q, s) < -1e-6


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_structures_are_valid_chemistry_and_clear_drawings(tid):
    spec = registry.get(tid)
    for i in range(24):
        _, _, s, _, _ = engine.solve_only(spec, seed=3, split="valid", index=i, difficulty=1 + i % 3)
        g = graph(s)
        els = [a[0] for a in s["atoms"]]
        pos = [(a[1], a[2]) for a in s["atoms"]]
        assert nx.is_connected(g)
        for v in g:
            assert sum(d["order"] for _, _, d in g.edges(v, data=True)) <= VALENCE[els[v]]
            assert sum(1 for _, _, d in g.edges(v, data=True) if d["order"] >= 2) <= 1
        for a, b, d in g.edges(data=True):
            assert abs(math.dist(pos[a], pos[b]) - 1.0) < 1e-3
            if d["order"] == 3:
                for v, w in ((a, b), (b, a)):
                    for u in g[v]:
                        if u != w:
                            cross = ((pos[v][0] - pos[u][0]) * (pos[w][1] - pos[v][1])
                                     - (pos[v][1] - pos[u][1]) * (pos[w][0] - pos[v][0]))
                            assert abs(cross) < 1e-3, "a triple bond bends"
        for a in g:
            for b in g:
                if a < b and not g.has_edge(a, b):
                    assert math.dist(pos[a], pos[b]) > 0.75
        edges = list(g.edges())
        for k, (a, b) in enumerate(edges):
            for c, d in edges[k + 1:]:
                if not {a, b} & {c, d}:
                    assert not _seg_cross(pos[a], pos[b], pos[c], pos[d])
        # the drawn rings are exactly the graph's smallest cycles
        basis = sorted(sorted(c) for c in nx.minimum_cycle_basis(g))
        assert basis == sorted(sorted(r) for r in s["rings"])
