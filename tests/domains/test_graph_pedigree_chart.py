"""graph/pedigree_chart: independent solvers over the pedigree as a networkx DiGraph of parent ->
child arrows: relationships from graph distances, relatedness by Wright's path counting (every
pair of paths up to a common ancestor that meet only there adds (1/2)^(path lengths))."""

from fractions import Fraction

import networkx as nx
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.graph.pedigree_chart"
P = "task_graph__pedigree_chart__"


def _tree(state):
    g = nx.DiGraph()
    g.add_nodes_from(range(len(state["people"])))
    for i, p in enumerate(state["people"]):
        for parent in p["parents"] or []:
            g.add_edge(parent, i)
    return g


def relationship(state, params, qid):
    g = _tree(state)
    a, b = state["pair"]
    people = state["people"]
    if g.has_edge(a, b):
        rel = "parent"
    elif g.has_edge(b, a):
        rel = "child"
    elif people[a]["partner"] == b:
        rel = "partner"
    elif set(g.predecessors(a)) and set(g.predecessors(a)) == set(g.predecessors(b)):
        rel = "sibling"
    elif nx.has_path(g, a, b) and nx.shortest_path_length(g, a, b) == 2:
        rel = "grandparent"
    else:
        assert nx.shortest_path_length(g, b, a) == 2
        rel = "grandchild"
    return "ABCDEF"[state["options"].index(rel)]


def _up_paths(g, x):
    """Every upward path from x, as node tuples starting at x."""
    out = [(x,)]
    for p in g.predecessors(x):
        out += [(x,) + rest for rest in _up_paths(g, p)]
    return out


def relatedness(state, params, qid):
    g = _tree(state)
    a, b = state["pair"]
    r = Fraction(0)
    for pa in _up_paths(g, a):
        for pb in _up_paths(g, b):
            if pa[-1] == pb[-1] and not (set(pa[:-1]) & set(pb)) and not (set(pb[:-1]) & set(pa)):
                r += Fraction(1, 2) ** (len(pa) - 1 + len(pb) - 1)
    text = str(r.numerator) if r.denominator == 1 else f"{r.numerator}/{r.denominator}"
    return "ABCDEF"[state["options"].index(text)]


SOLVERS = {P + "relationship_label": relationship, P + "relatedness_coefficient_label": relatedness}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["people"]))
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_labels_number_each_generation_left_to_right():
    from tracegen.core import engine
    from tracegen.domains.graph import pedigree_chart

    spec = pedigree_chart.SCENE.tasks[P + "relationship_label"]
    for i in range(5):
        s = engine.generate(spec, seed=6, split="train", index=i, encode=False).trace["state"]
        for g, roman in enumerate(("I", "II", "III", "IV")):
            row = sorted((s["x"][k], s["labels"][k]) for k, p in enumerate(s["people"]) if p["gen"] == g)
            assert [lab for _, lab in row] == [f"{roman}-{k + 1}" for k in range(len(row))]
