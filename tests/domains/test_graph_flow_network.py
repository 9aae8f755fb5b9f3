"""graph/flow_network: independent solvers with networkx (maximum flow by preflow-push, the
minimum cut's arrows from its partition) and a brute-force check that the minimum cut is unique."""

import itertools

import networkx as nx
from networkx.algorithms.flow import preflow_push
from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.graph import flow_network

MOD = "tracegen.domains.graph.flow_network"
P = "task_graph__flow_network__"


def _graph(state):
    g = nx.DiGraph()
    g.add_nodes_from(range(state["n"]))
    for (u, v), c in zip(state["edges"], state["weights"]):
        g.add_edge(u, v, capacity=c)
    return g


def max_flow(state, params, qid):
    return nx.maximum_flow_value(_graph(state), 0, state["n"] - 1, flow_func=preflow_push)


def min_cut_edges(state, params, qid):
    g = _graph(state)
    _, (near, far) = nx.minimum_cut(g, 0, state["n"] - 1, flow_func=preflow_push)
    return sum(1 for u, v in g.edges if u in near and v in far)


SOLVERS = {P + "max_flow_value": max_flow, P + "min_cut_edge_count": min_cut_edges}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"] + len(s["edges"]))


def test_the_minimum_cut_is_unique_by_brute_force():
    """Every S-T partition's capacity: exactly one attains the minimum, and it is the annotated cut."""
    spec = flow_network.SCENE.tasks[P + "min_cut_edge_count"]
    for i in range(4):
        inst = engine.generate(spec, seed=3, split="train", index=i, encode=False)
        s = inst.trace["state"]
        n, caps = s["n"], dict(zip(map(tuple, s["edges"]), s["weights"]))
        cuts = {}
        for bits in itertools.product((0, 1), repeat=n - 2):
            side = {0} | {k + 1 for k, b in enumerate(bits) if b}
            cuts[frozenset(side)] = sum(c for (u, v), c in caps.items() if u in side and v not in side)
        best = min(cuts.values())
        assert list(cuts.values()).count(best) == 1
        assert len(inst.record["annotation_gt"]["value"]) == inst.record["answer_gt"]["value"]
