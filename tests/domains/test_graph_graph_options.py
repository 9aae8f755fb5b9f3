"""graph/graph_options: independent solvers with networkx -- each drawn graph rebuilt as a
labelled (Di)Graph; containment as "every option edge is a target edge", same structure as equal
labelled node and edge sets (networkx.utils.graphs_equal)."""

import networkx as nx
from networkx.utils import graphs_equal
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.graph.graph_options"
P = "task_graph__graph_options__"


def _graph(g):
    out = nx.DiGraph() if g["directed"] else nx.Graph()
    out.add_nodes_from(g["labels"])
    out.add_edges_from((g["labels"][u], g["labels"][v]) for u, v in g["edges"])
    return out


def contained(state, params, qid):
    target = _graph(state["main"])
    (k,) = [i for i, o in enumerate(state["options"])
            if all(target.has_edge(u, v) for u, v in _graph(o).edges) and set(o["labels"]) <= set(target)]
    return "ABCD"[k]


def same(state, params, qid):
    ref = _graph(state["main"])
    (k,) = [i for i, o in enumerate(state["options"]) if graphs_equal(_graph(o), ref)]
    return "ABCD"[k]


SOLVERS = {P + "contained_subgraph_label": contained, P + "same_structure_label": same}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["main"]["labels"]) + len(s["main"]["edges"]) + 3 * s["main"]["directed"])
test_no_shortcuts = shortcut_test(sorted(SOLVERS))
