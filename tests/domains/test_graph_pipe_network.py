"""graph/pipe_network: independent solvers (networkx graphs of the open pipes), written from the
catalog programs, and the board's drawing rules."""

import networkx as nx
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.graph.pipe_network"
P = "task_graph__pipe_network__"


def _open(state):
    g = nx.Graph()
    g.add_nodes_from(range(len(state["junctions"])))
    g.add_edges_from(tuple(e) for e, shut in zip(state["pipes"], state["blocked"]) if not shut)
    return g


def bridges(state, params, qid):
    return sum(1 for _ in nx.bridges(_open(state)))


def exact_distance(state, params, qid):
    v, k = state["pick"]
    return sum(1 for d in nx.single_source_shortest_path_length(_open(state), v).values() if d == k)


def reachable(state, params, qid):
    return len(nx.node_connected_component(_open(state), state["pick"]))


def shortest_path(state, params, qid):
    a, b = state["pick"]
    paths = list(nx.all_shortest_paths(_open(state), a, b))
    assert len(paths) == 1
    return len(paths[0]) - 1


SOLVERS = {
    P + "bridge_count": bridges,
    P + "pipe_exact_distance_count": exact_distance,
    P + "pipe_reachable_junction_count": reachable,
    P + "shortest_path_length": shortest_path,
}


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: 100 * s["grid"][0] * s["grid"][1] + len(s["junctions"]), seeds_per_combo=2)


def test_pipes_straight_uncrossed_and_blocked_ones_marked():
    """Pipes run along one lattice row or column with no junction between their ends, no two
    cross, every board has a blocked pipe, and each blocked pipe carries a red X."""
    spec = registry.get(P + "bridge_count")
    for s in range(6):
        inst = engine.generate(spec, seed=s, split="layout", index=s, encode=False)
        st = inst.trace["state"]
        J = [tuple(p) for p in st["junctions"]]
        occupied = set(J)
        lines = []
        for a, b in st["pipes"]:
            (ax, ay), (bx, by) = J[a], J[b]
            assert ax == bx or ay == by
            inner = {(ax, y) for y in range(min(ay, by) + 1, max(ay, by))} if ax == bx else \
                    {(x, ay) for x in range(min(ax, bx) + 1, max(ax, bx))}
            assert not inner & occupied
            lines.append(((ax, ay), (bx, by)))
        for (p, q) in lines:
            for (u, v) in lines:
                if p[1] == q[1] and u[0] == v[0]:
                    assert not (min(p[0], q[0]) < u[0] < max(p[0], q[0]) and min(u[1], v[1]) < p[1] < max(u[1], v[1]))
        assert any(st["blocked"])
        assert len(st["blocked"]) == len(st["pipes"])
