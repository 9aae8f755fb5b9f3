"""graph/node_link: independent solvers (networkx) written from the catalog programs."""

import networkx as nx

from taskcheck import scene_tests

MOD = "tracegen.domains.graph.node_link"
P = "task_graph__node_link__"


def _graph(state, directed=None):
    directed = state.get("directed", False) if directed is None else directed
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(state["n"]))
    for k, (u, v) in enumerate(state["edges"]):
        w = state["weights"][k] if state.get("weights") is not None else 1
        g.add_edge(u, v, weight=w)
    return g


def articulation(state, params, qid):
    return len(list(nx.articulation_points(_graph(state))))


def bridges(state, params, qid):
    return len(list(nx.bridges(_graph(state))))


def _metric(state, qid):
    g = _graph(state)
    if "_in_degree" in qid:
        return dict(g.in_degree())
    if "_out_degree" in qid:
        return dict(g.out_degree())
    assert not g.is_directed()
    return dict(g.degree())


def degree_extremum(state, params, qid):
    vals = _metric(state, qid).values()
    return min(vals) if "_min_" in qid else max(vals)


def degree_filter(state, params, qid):
    return sum(1 for v in _metric(state, qid).values() if v == params["degree"])


def edge_color(state, params, qid):
    return sum(c == params["target_color"] for c in state["edge_colors"])


def node_color(state, params, qid):
    return sum(c == params["target_color"] for c in state["node_colors"])


def largest_component(state, params, qid):
    return max(len(c) for c in nx.connected_components(_graph(state)))


def longest_path(state, params, qid):
    g = _graph(state)
    assert nx.is_directed_acyclic_graph(g)
    return nx.dag_longest_path_length(g, weight=None)


def mst(state, params, qid):
    t = nx.minimum_spanning_tree(_graph(state), weight="weight")
    return int(t.size(weight="weight"))


def reachable(state, params, qid):
    return len(nx.descendants(_graph(state), params["source"]))


def same_component(state, params, qid):
    return len(nx.node_connected_component(_graph(state), params["reference"]))


def shortest_path(state, params, qid):
    a, b = params["pair"]
    return nx.shortest_path_length(_graph(state), a, b)


SOLVERS = {
    P + "articulation_point_count": articulation,
    P + "bridge_count": bridges,
    P + "degree_extremum_value": degree_extremum,
    P + "degree_value_filter_count": degree_filter,
    P + "edge_color_count": edge_color,
    P + "node_color_count": node_color,
    P + "largest_component_size": largest_component,
    P + "longest_path_length": longest_path,
    P + "mst_weight": mst,
    P + "reachable_count": reachable,
    P + "same_component_count": same_component,
    P + "shortest_path_length": shortest_path,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"], seeds_per_combo=2)
