"""graph/adjacency: independent solvers (networkx) written from the catalog programs."""

import networkx as nx

from taskcheck import check_scene_tasks, check_two_process_determinism

MOD = "tracegen.domains.graph.adjacency"
P = "task_graph__adjacency__"


def _graph(state):
    g = nx.Graph()
    g.add_nodes_from(range(state["n"]))
    for k, (u, v) in enumerate(state["edges"]):
        g.add_edge(u, v, weight=state["weights"][k] if state.get("weights") is not None else 1)
    return g


def mst(state, params, qid):
    return int(nx.minimum_spanning_tree(_graph(state)).size(weight="weight"))


def traversal(state, params, qid):
    g, src = _graph(state), params["source"]
    if params["traversal"] == "bfs":
        order = [src] + [v for _, v in nx.bfs_edges(g, src, sort_neighbors=sorted)]
    else:
        order = list(nx.dfs_preorder_nodes(g, src, sort_neighbors=sorted))
    return state["labels"][order[params["position"] - 1]]


def components(state, params, qid):
    return nx.number_connected_components(_graph(state))


SOLVERS = {
    P + "mst_weight": mst,
    P + "traversal_kth_label": traversal,
    P + "undirected_component_count": components,
}


def test_tasks():
    check_scene_tasks(MOD, SOLVERS, size_metric=lambda s: s["n"])


def test_two_process_determinism():
    check_two_process_determinism(MOD)
