"""graph/node_link (second task module): independent solvers (networkx) from the catalog programs."""

import networkx as nx

from taskcheck import scene_tests

MOD = "tracegen.domains.graph.node_link_relations"
P = "task_graph__node_link__"


def _graph(state, edges=None):
    g = nx.DiGraph() if state.get("directed") else nx.Graph()
    g.add_nodes_from(range(state["n"]))
    g.add_edges_from(map(tuple, state["edges"] if edges is None else edges))
    return g


def common(state, params, qid):
    a, b = state["pick"]
    g = _graph(state)
    if qid == "undirected_common_neighbor_count":
        return len(set(g[a]) & set(g[b]))
    if qid == "directed_common_successor_count":
        return len(set(g.successors(a)) & set(g.successors(b)))
    return len(set(g.predecessors(a)) & set(g.predecessors(b)))


def unique_related(state, params, qid):
    g, v = _graph(state), state["pick"]
    rel = {"unique_neighbor_label": lambda: list(g[v]) if not g.is_directed() else None,
           "unique_successor_label": lambda: list(g.successors(v)),
           "unique_predecessor_label": lambda: list(g.predecessors(v))}[qid]()
    assert len(rel) == 1
    return state["labels"][rel[0]]


def named_degree(state, params, qid):
    g, v = _graph(state), state["pick"]
    if qid == "undirected_named_node_degree_value":
        return g.degree(v)
    return {"directed_named_node_in_degree_value": g.in_degree, "directed_named_node_out_degree_value": g.out_degree,
            "directed_named_node_total_degree_value": g.degree}[qid](v)


def component_after(state, params, qid):
    u, v, ref = state["pick"]
    g = _graph(state)
    if qid.endswith("removal"):
        g.remove_edge(u, v)
    else:
        assert not g.has_edge(u, v)
        g.add_edge(u, v)
    return len(nx.node_connected_component(g, ref))


def reachable_after(state, params, qid):
    """Nodes reachable from the start after the edit, the start itself included (the original counts it)."""
    a, b, src = state["pick"]
    g = _graph(state)
    if qid.endswith("removal"):
        g.remove_edge(a, b)
    else:
        g.add_edge(a, b)
    return len(nx.descendants(g, src) | {src})


def isolated_after(state, params, qid):
    g = _graph(state).to_undirected()
    g.remove_node(state["pick"])
    return nx.number_of_isolates(g)


def degree_filter_remaining(state, params, qid):
    g = _graph(state)
    deg = {"undirected_degree_one_filter_remaining_count": g.degree,
           "directed_in_degree_one_filter_remaining_count": getattr(g, "in_degree", None),
           "directed_out_degree_one_filter_remaining_count": getattr(g, "out_degree", None)}[qid]
    doomed = [v for v in g if deg(v) == 1]
    g.remove_nodes_from(doomed)
    return g.number_of_nodes()


def unique_cycle(state, params, qid):
    basis = nx.cycle_basis(_graph(state))
    assert len(basis) == 1
    return len(basis[0])


def chordless(state, params, qid):
    sizes = sorted((len(c) for c in nx.chordless_cycles(_graph(state))), reverse=True)
    assert len(sizes) == 1 or sizes[0] > sizes[1]
    return sizes[0]


def hamiltonian(state, params, qid):
    g = _graph(state)
    n = state["n"]
    cycles = [c for c in nx.simple_cycles(g, length_bound=n) if len(c) == n]
    assert len(cycles) == 1
    cyc = cycles[0]
    start, last, ask = params["nodes"]
    i = cyc.index(start)
    walk = cyc[i:] + cyc[:i]
    if walk[1] == last:
        walk = [walk[0]] + walk[1:][::-1]
    assert walk[-1] == last
    j = walk.index(ask)
    step = 1 if qid.startswith("next") else -1
    return state["labels"][walk[(j + step) % n]]


def topological(state, params, qid):
    g = _graph(state)
    assert nx.is_directed_acyclic_graph(g)
    order = list(nx.topological_sort(g))
    ends = [v for v in g if (g.in_degree(v) if qid.startswith("first") else g.out_degree(v)) == 0]
    assert len(ends) == 1 and ends[0] == (order[0] if qid.startswith("first") else order[-1])
    return state["labels"][ends[0]]


def cross_color(state, params, qid):
    a, b = params["pair"]
    col = state["node_colors"]
    g = _graph(state)
    if qid.startswith("directed"):
        return sum(1 for u, v in g.edges if (col[u], col[v]) == (a, b))
    return sum(1 for u, v in g.edges if {col[u], col[v]} == {a, b} and a != b)


def edge_between(state, params, qid):
    u, v = state["edges"][params["edge"]]
    if qid.startswith("directed"):
        hits = [k for k, e in enumerate(state["edges"]) if e == [u, v]]
    else:
        hits = [k for k, e in enumerate(state["edges"]) if set(e) == {u, v}]
    assert len(hits) == 1
    return state["edge_text"][hits[0]]


def edge_text(state, params, qid):
    return state["edge_text"].count(params["word"])


SOLVERS = {
    P + "common_related_node_count": common,
    P + "unique_related_node_label": unique_related,
    P + "named_node_degree_value": named_degree,
    P + "component_size_after_edge_edit": component_after,
    P + "reachable_count_after_edge_edit": reachable_after,
    P + "isolated_after_removal_count": isolated_after,
    P + "degree_after_removal_filter_count": degree_filter_remaining,
    P + "unique_cycle_size": unique_cycle,
    P + "largest_chordless_cycle_size": chordless,
    P + "hamiltonian_cycle_neighbor_label": hamiltonian,
    P + "topological_endpoint_node_label": topological,
    P + "cross_color_edge_count": cross_color,
    P + "edge_between_nodes_label": edge_between,
    P + "edge_text_count": edge_text,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"], seeds_per_combo=1)


def test_chordless_cycles_match_networkx():
    """The generator's own enumeration agrees with networkx on random small graphs."""
    import numpy as np

    from tracegen.domains.graph.node_link_relations import chordless_cycles

    rng = np.random.default_rng(3)
    for _ in range(40):
        n = int(rng.integers(4, 10))
        edges = [[a, b] for a in range(n) for b in range(a + 1, n) if rng.random() < 0.35]
        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_edges_from(map(tuple, edges))
        ours = sorted(sorted(c) for c in chordless_cycles(n, edges))
        theirs = sorted(sorted(c) for c in nx.chordless_cycles(g) if len(c) >= 3)
        assert ours == theirs


def test_reachable_after_edit_counts_the_start_node():
    """The original counts the start node ("including X itself") and marks it; so do the question,
    the answer and the annotation here."""
    from tracegen import registry
    from tracegen.core import engine

    spec = registry.get(P + "reachable_count_after_edge_edit")
    for i in range(12):
        inst = engine.generate(spec, seed=4, split="start", index=i, encode=False)
        state, qid = inst.trace["state"], inst.trace["query_id"]
        src = state["pick"][2]
        label = state["labels"][src]
        assert f"including {label} itself" in inst.record["prompts"]["answer_only"]
        assert inst.record["answer_gt"]["value"] == reachable_after(state, {}, qid)
        assert f"node:{src}" in inst.solution.witnesses
        assert len(inst.solution.witnesses) == inst.record["answer_gt"]["value"]
