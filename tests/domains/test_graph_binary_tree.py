"""graph/binary_tree: independent solvers (networkx trees with a side attribute on each edge),
written from the catalog programs."""

import networkx as nx
import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.graph.binary_tree"
P = "task_graph__binary_tree__"


def _tree(state):
    g = nx.DiGraph()
    g.add_nodes_from(range(len(state["kids"])))
    for v, pair in enumerate(state["kids"]):
        for side, c in zip(("L", "R"), pair):
            if c >= 0:
                g.add_edge(v, c, side=side)
    assert nx.is_arborescence(g)
    root = next(v for v, d in g.in_degree() if d == 0)
    return g, root


def _child(g, v, side):
    return next((c for c in g.successors(v) if g.edges[v, c]["side"] == side), None)


def _ordered_children(g, v):
    return sorted(g.successors(v), key=lambda c: g.edges[v, c]["side"])


def _inorder(g, root):
    out, stack, v = [], [], root
    while stack or v is not None:
        while v is not None:
            stack.append(v)
            v = _child(g, v, "L")
        v = stack.pop()
        out.append(v)
        v = _child(g, v, "R")
    return out


def _traversal(g, root, order):
    if order == "preorder":
        return list(nx.dfs_preorder_nodes(g, root, sort_neighbors=lambda ns: sorted(ns, key=lambda c: g.edges[
            next(iter(g.predecessors(c))), c]["side"])))
    if order == "postorder":
        return list(nx.dfs_postorder_nodes(g, root, sort_neighbors=lambda ns: sorted(ns, key=lambda c: g.edges[
            next(iter(g.predecessors(c))), c]["side"])))
    if order == "inorder":
        return _inorder(g, root)
    layers = nx.bfs_layers(g, [root])
    out = []
    for layer in layers:          # within a level, left to right = by the inorder position
        pos = {v: i for i, v in enumerate(_inorder(g, root))}
        out += sorted(layer, key=pos.get)
    return out


def structure(state, params, qid):
    g, _ = _tree(state)
    want = params["structure"]
    n = 0
    for v in g:
        sides = {g.edges[v, c]["side"] for c in g.successors(v)}
        n += {"leaf": not sides, "two_children": sides == {"L", "R"}, "one_child": len(sides) == 1,
              "left_only": sides == {"L"}, "right_only": sides == {"R"}}[want]
    return n


def depth(state, params, qid):
    g, root = _tree(state)
    return sum(1 for d in nx.single_source_shortest_path_length(g, root).values() if d == params["depth"])


def relative(state, params, qid):
    g, _ = _tree(state)
    v, rel = params["reference"], params["relation"]
    up = list(g.predecessors(v))
    if rel == "parent":
        w = up[0]
    elif rel == "grandparent":
        w = next(iter(g.predecessors(up[0])))
    elif rel == "sibling":
        w = next(c for c in g.successors(up[0]) if c != v)
    else:
        w = _child(g, v, "L" if rel == "left_child" else "R")
    return state["labels"][w]


def lca(state, params, qid):
    g, _ = _tree(state)
    a, b = params["pair"]
    return state["labels"][nx.lowest_common_ancestor(g, a, b)]


def traversal(state, params, qid):
    g, root = _tree(state)
    return state["labels"][_traversal(g, root, params["order"])[params["k"] - 1]]


def bst(state, params, qid):
    g, root = _tree(state)
    keys = [int(x) for x in state["labels"]]
    ino = [keys[v] for v in _inorder(g, root)]
    assert ino == sorted(ino) and len(set(ino)) == len(ino)      # a valid search tree
    if params["operation"] == "delete":
        v = params["target_node"]
        assert g.out_degree(v) == 2
        return str(min(k for k in keys if k > keys[v]))          # the inorder successor's key
    key, v, last = params["key"], root, None
    assert key not in keys
    while v is not None:
        last = v
        v = _child(g, v, "L" if key < keys[v] else "R")
    return str(keys[last])


def heap(state, params, qid):
    g, _ = _tree(state)
    keys = [int(x) for x in state["labels"]]
    sign = 1 if state["heap"] == "min" else -1
    bad = [c for p, c in g.edges if sign * keys[c] < sign * keys[p]]
    assert len(bad) == 1
    return str(keys[bad[0]])


SOLVERS = {
    P + "child_structure_node_count": structure,
    P + "depth_level_node_count": depth,
    P + "local_relative_node_label": relative,
    P + "lowest_common_ancestor_label": lca,
    P + "traversal_kth_label": traversal,
    P + "bst_path_operation_label": bst,
    P + "heap_property_violation_label": heap,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["kids"]),
                                                       seeds_per_combo=2)


@pytest.mark.parametrize("tid", [P + "lowest_common_ancestor_label", P + "traversal_kth_label"])
def test_left_and_right_children_read_off_positions(tid):
    """Every left child is drawn left of its parent and every right child right of it, one level
    lower, and no two nodes overlap."""
    spec = registry.get(tid)
    for s in range(6):
        inst = engine.generate(spec, seed=s, split="layout", index=s, encode=False)
        kids = inst.trace["state"]["kids"]
        pts = {int(k[5:]): e["point"] for k, e in inst.canvas.entities.items() if k.startswith("node:")}
        boxes = {int(k[5:]): e["box"] for k, e in inst.canvas.entities.items() if k.startswith("node:")}
        for v, (left, right) in enumerate(kids):
            for c, sign in ((left, -1), (right, 1)):
                if c >= 0:
                    assert sign * (pts[c][0] - pts[v][0]) > 10 and pts[c][1] > pts[v][1] + 20
        for a in boxes:
            for b in boxes:
                if a < b:
                    A, B = boxes[a], boxes[b]
                    assert A[2] <= B[0] or B[2] <= A[0] or A[3] <= B[1] or B[3] <= A[1], (a, b)
