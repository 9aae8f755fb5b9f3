"""graph/phylogeny_tree: independent solvers (networkx rooted trees; topologies compared as sets of
clades), written from the catalog programs."""

import networkx as nx
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.graph.phylogeny_tree"
P = "task_graph__phylogeny_tree__"


def _tree(state):
    g = nx.DiGraph()
    for v, cs in enumerate(state["kids"]):
        g.add_node(v)
        g.add_edges_from((v, c) for c in cs)
    assert nx.is_arborescence(g)
    return g


def _taxa_under(g, v):
    return {w for w in nx.descendants(g, v) | {v} if g.out_degree(w) == 0}


def clade(state, params, qid):
    return len(_taxa_under(_tree(state), state["mark"]))


def mrca(state, params, qid):
    g = _tree(state)
    a, b = params["pair"]
    return len(_taxa_under(g, nx.lowest_common_ancestor(g, a, b)))


def sister(state, params, qid):
    g = _tree(state)
    v = params["taxon"]
    (p,) = g.predecessors(v)
    (w,) = [c for c in g.successors(p) if c != v]
    assert g.out_degree(w) == 0
    return state["labels"][w]


def _clades(tree):
    """Every clade of a nested tree as a frozenset of its taxa."""
    out = set()

    def walk(t):
        if isinstance(t, str):
            return frozenset([t])
        s = frozenset().union(*(walk(c) for c in t))
        out.add(s)
        return s

    walk(tree)
    return frozenset(out)


def outlier(state, params, qid):
    sets = [_clades(t) for t in state["panels"]]
    odd = [i for i, s in enumerate(sets) if sets.count(s) == 1]
    assert len(odd) == 1 and len(set(sets)) == 2
    return "ABCD"[odd[0]]


SOLVERS = {
    P + "clade_leaf_count": clade,
    P + "mrca_clade_membership_count": mrca,
    P + "sister_leaf_label": sister,
    P + "topology_outlier_label": outlier,
}


def _size(s):
    return sum(len(str(t)) for t in s["panels"]) / 4 if s.get("panels") else len(s["kids"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


def test_four_panels_same_taxa_and_drawn_orders_differ():
    """The four cladograms carry the same taxa, every taxon is drawn once per panel, and the three
    alike trees are not all drawn in one leaf order (the structure has to be compared)."""
    spec = registry.get(P + "topology_outlier_label")
    orders = 0
    for s in range(8):
        inst = engine.generate(spec, seed=s, split="panels", index=s, encode=False)
        panels = inst.trace["state"]["panels"]
        flat = [sorted(str(t).replace("[", "").replace("]", "").replace("'", "").split(", ")) for t in panels]
        assert all(f == flat[0] for f in flat)
        texts = [t["text"] for t in inst.canvas.texts if t["kind"] != "option"]
        assert all(texts.count(x) == 4 for x in inst.trace["state"]["labels"])
        odd = "ABCD".index(inst.record["answer_gt"]["value"])
        same = [str(t) for i, t in enumerate(panels) if i != odd]
        orders += len(set(same)) > 1
    assert orders >= 6
