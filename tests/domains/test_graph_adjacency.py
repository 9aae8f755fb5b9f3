"""graph/adjacency: independent solvers (networkx, recursive traversals) written from the catalog programs."""

import networkx as nx

from taskcheck import scene_tests

MOD = "tracegen.domains.graph.adjacency"
P = "task_graph__adjacency__"


def _graph(state):
    g = nx.DiGraph() if state.get("directed") else nx.Graph()
    g.add_nodes_from(range(state["n"]))
    for k, (u, v) in enumerate(state["edges"]):
        g.add_edge(u, v, weight=state["weights"][k] if state.get("weights") is not None else 1)
    return g


def _listed(state, g):
    """Each node's neighbours in the order the picture shows them: the row's chips (list) or the
    columns left to right (matrix)."""
    if state["variant"] == "list":
        rows = state["nbr_order"]
        assert all(sorted(rows[u]) == sorted(g[u]) for u in g)
        return rows
    return [sorted(g[u]) for u in range(state["n"])]


def mst(state, params, qid):
    return int(nx.minimum_spanning_tree(_graph(state)).size(weight="weight"))


def traversal(state, params, qid):
    g = _graph(state)
    assert g.is_directed() == params["directed"]
    nbrs, src = _listed(state, g), params["source"]
    if params["traversal"] == "bfs":
        order, level = [src], [src]
        while level:
            nxt = []
            for u in level:
                for v in nbrs[u]:
                    if v not in order:
                        order.append(v)
                        nxt.append(v)
            level = nxt
    else:
        order = []

        def visit(u):
            order.append(u)
            for v in nbrs[u]:
                if v not in order:
                    visit(v)

        visit(src)
    return state["labels"][order[params["position"] - 1]]


def components(state, params, qid):
    return nx.number_connected_components(_graph(state))


def reciprocity(state, params, qid):
    return _graph(state).to_undirected(reciprocal=True).number_of_edges()


def strong(state, params, qid):
    return nx.number_strongly_connected_components(_graph(state))


SOLVERS = {
    P + "mst_weight": mst,
    P + "traversal_kth_label": traversal,
    P + "undirected_component_count": components,
    P + "directed_pair_reciprocity_count": reciprocity,
    P + "directed_strong_component_count": strong,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"])
