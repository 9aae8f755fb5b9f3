"""graph/binary_tree: one binary tree drawn top-down (root at the top, a left child below and to
the left of its parent, a right child to the right), its nodes labelled with letters, numbers,
short names or codes -- or, for search trees and heaps, numeric keys.

Difficulty grows the tree: 6-9 nodes at most 3 levels deep (1), 10-13 nodes at most 4 deep (2),
14-18 nodes at most 5 deep (3).  The layout is a tidy tree (subtrees pushed apart level by
level), so a node's left/right side is read off its position.  Titles, fills and node shapes
are render-only.
"""

from __future__ import annotations

import heapq

from tracegen.core.task import Reject, Scene
from tracegen.kits import trees as T

SIZES = {1: (6, 9, 3), 2: (10, 13, 4), 3: (14, 18, 5)}
W, H = 900, 660
TITLES = {"plain": ("Binary Tree", "Tree Diagram", "Binary Tree Structure"),
          "bst": ("Binary Search Tree", "BST", "Search Tree"),
          "heap": ("Binary Heap", "Heap", "Priority Heap")}
PREAMBLE = {"plain": ("The image shows a labelled binary tree with the root at the top; a left child is drawn "
                      "below and to the left of its parent, a right child below and to the right."),
            "bst": "The image shows a binary search tree with numeric keys (smaller keys go left, larger go right).",
            "heap": "The image shows a binary tree of numeric keys drawn as a heap, root at the top."}


def random_tree(rng, difficulty, n=None):
    lo, hi, depth = SIZES[difficulty]
    n = n or int(rng.integers(lo, hi + 1))
    return T.random_binary_tree(rng, n, depth, deep=float(rng.uniform(0.0, 1.5)))


class BinaryTree(Scene):
    domain, scene_id, size = "graph", "binary_tree", (W, H)
    megapixels = (0.5, 0.8)   # image area (MP); the original's median is 0.594
    fluid = True
    description = ("A binary tree drawn top-down with left and right children shown by position, nodes labelled "
                   "with letters, numbers, short names or codes, or numeric keys for search trees and heaps.")

    def sample(self, rng, difficulty):
        kids = random_tree(rng, difficulty)
        return {"kind": "plain", "kids": kids, "labels": T.tree_labels(rng, len(kids))}

    def variant(self, state):
        return state["kind"]

    def render(self, c, state, params):
        titles = TITLES[state["kind"]]
        title = titles[c.style.accent % len(titles)]
        c.text(c.width / 2, 30, title, size=22, bold=c.style.accent % 2 == 0)
        T.draw_binary_tree(c, state["kids"], state["labels"], (30, 64, c.width - 30, c.height - 26))


SCENE = BinaryTree()
task = SCENE.task


# ------------------------------------------------------------------ helpers
def _nodes(idx):
    return [f"node:{i}" for i in idx]


def _keys(rng, n, lo=1, hi=99):
    return [int(k) for k in rng.choice(range(lo, hi + 1), size=n, replace=False)]


def _lab(s, v):
    return s["labels"][v]


# ------------------------------------------------------------------ tasks
STRUCTURES = {"leaf": "How many leaf nodes (nodes with no children) are there?",
              "two_children": "How many nodes have both a left child and a right child?",
              "one_child": "How many nodes have exactly one child?",
              "left_only": "How many nodes have a left child but no right child?",
              "right_only": "How many nodes have a right child but no left child?"}
STRUCT_SUPPORT = range(1, 8)


def structure_of(kids, v):
    left, right = (c != T.NONE for c in kids[v])
    return {(False, False): "leaf", (True, True): "two_children", (True, False): "left_only",
            (False, True): "right_only"}[(left, right)]


def _shape_for(r, want, t, difficulty):
    """(two-child node count, single-child sides) of a tree whose ``want`` count is ``t``, its
    size near the difficulty's range."""
    lo, hi, _ = SIZES[difficulty]
    n = int(r.integers(lo, hi + 1))
    if want in ("leaf", "two_children"):
        two = t - 1 if want == "leaf" else t
        ones = max(0, n - 2 * two - 1)
        sides = [int(x) for x in r.integers(0, 2, size=ones)]
    elif want == "one_child":
        two = max(1, (n - t - 1) // 2)
        sides = [int(x) for x in r.integers(0, 2, size=t)]
    else:
        side = 0 if want == "left_only" else 1
        two = max(1, (n - t - 1) // 2)
        others = max(0, n - 2 * two - 1 - t)
        sides = [side] * t + [1 - side] * int(r.integers(0, others + 1))
    return two, sides


@task("child_structure_node_count", answer="integer", annotation="point_set", ops="filtering,counting,topology")
def child_structure_node_count(q):
    t = q.target(STRUCT_SUPPORT, stratified=True)
    want = q.choice("structure", list(STRUCTURES))

    def edit(s, r):
        two, sides = _shape_for(r, want, t, q.difficulty)
        kids = T.shaped_tree(r, two, sides, SIZES[q.difficulty][2] + 1)
        if kids is None:
            raise Reject("the tree does not fit its depth")
        s["kids"], s["labels"] = kids, T.tree_labels(r, len(kids))
        return s

    s = q.edit(edit)
    hit = [v for v in range(len(s["kids"])) if structure_of(s["kids"], v) == want
           or (want == "one_child" and structure_of(s["kids"], v) in ("left_only", "right_only"))]
    q.require(len(hit) == t, "count differs from the target")
    q.step("filter_nodes", structure=want, nodes=[_lab(s, v) for v in hit])
    return q.answer(len(hit), witnesses=_nodes(hit), question=f"{PREAMBLE['plain']} {STRUCTURES[want]}")


DEPTH_SUPPORT = range(2, 8)


@task("depth_level_node_count", answer="integer", annotation="point_set", ops="filtering,counting,topology")
def depth_level_node_count(q):
    t = q.target(DEPTH_SUPPORT, stratified=True)
    lo, hi, max_depth = SIZES[q.difficulty]
    levels = [d for d in range(1, max_depth + 1) if 2 ** d >= t]
    depth = q.choice("depth", levels)

    def edit(s, r):
        sizes = T.level_profile(r, depth, t, (lo, hi), max_depth)
        if sizes is None:
            raise Reject("no level profile fits")
        s["kids"] = T.profile_tree(r, sizes)
        s["labels"] = T.tree_labels(r, len(s["kids"]))
        return s

    s = q.edit(edit)
    hit = [v for v, d in enumerate(T.depths(s["kids"])) if d == depth]
    q.step("nodes_at_depth", depth=depth, nodes=[_lab(s, v) for v in hit])
    return q.answer(len(hit), witnesses=_nodes(hit),
                    question=f"{PREAMBLE['plain']} How many nodes are at depth {depth}, where the root is at depth 0?")


RELATIONS = {1: ("parent", "left_child", "right_child"),
             2: ("parent", "left_child", "right_child", "sibling"),
             3: ("parent", "left_child", "right_child", "sibling", "grandparent")}
RELATION_TEXT = {"parent": "the parent of", "left_child": "the left child of", "right_child": "the right child of",
                 "sibling": "the sibling (the other child of the same parent) of",
                 "grandparent": "the grandparent (the parent's parent) of"}


def relative(kids, v, relation):
    par = T.parents(kids)
    if relation == "parent":
        return par[v]
    if relation == "left_child":
        return kids[v][0]
    if relation == "right_child":
        return kids[v][1]
    if relation == "grandparent":
        return par[par[v]] if par[v] != T.NONE else T.NONE
    p = par[v]
    if p == T.NONE:
        return T.NONE
    return kids[p][1] if kids[p][0] == v else kids[p][0]


@task("local_relative_node_label", answer="string", annotation="point_map", ops="topology")
def local_relative_node_label(q):
    s = q.state
    rel = q.choice("relation", RELATIONS[q.difficulty])
    ok = [v for v in range(len(s["kids"])) if relative(s["kids"], v, rel) != T.NONE]
    q.require(bool(ok), "no node has that relative")
    v = q.param("reference", lambda r: ok[int(r.integers(len(ok)))])
    w = relative(s["kids"], v, rel)
    q.step("relative", reference=_lab(s, v), relation=rel, answer=_lab(s, w))
    return q.answer(_lab(s, w), witnesses={"reference": f"node:{v}", "answer": f"node:{w}"},
                    examples=[x for x in s["labels"] if x != _lab(s, w)],
                    question=f"{PREAMBLE['plain']} Which node is {RELATION_TEXT[rel]} {_lab(s, v)}? "
                             f"Answer with its label.")


def lca(kids, a, b):
    up = T.ancestors(kids, a)
    for v in T.ancestors(kids, b):
        if v in up:
            return v
    return T.NONE


@task("lowest_common_ancestor_label", answer="string", annotation="point_map", ops="ranking,topology")
def lowest_common_ancestor_label(q):
    s = q.state
    kids = s["kids"]
    n = len(kids)
    pairs = [(a, b) for a in range(1, n) for b in range(a + 1, n)
             if a not in T.ancestors(kids, b) and b not in T.ancestors(kids, a)]
    q.require(bool(pairs), "no two unrelated nodes")
    deep = q.param("below_root", lambda r: bool(r.random() < 0.65))
    pool = [p for p in pairs if (lca(kids, *p) != 0) == deep]
    q.require(bool(pool), "no pair with that kind of ancestor")
    a, b = q.param("pair", lambda r: list(pool[int(r.integers(len(pool)))]))
    if q.param("swap", lambda r: bool(r.random() < 0.5)):
        a, b = b, a
    m = lca(kids, a, b)
    q.step("lca", a=_lab(s, a), b=_lab(s, b), ancestors_a=[_lab(s, v) for v in T.ancestors(kids, a)],
           answer=_lab(s, m))
    return q.answer(_lab(s, m), witnesses={"node_a": f"node:{a}", "node_b": f"node:{b}", "ancestor": f"node:{m}"},
                    examples=[x for x in s["labels"] if x != _lab(s, m)],
                    question=f"{PREAMBLE['plain']} Which node is the lowest common ancestor (the deepest node that "
                             f"is an ancestor of both) of {_lab(s, a)} and {_lab(s, b)}? Answer with its label.")


ORDERS = {"preorder": "preorder (node, then its left subtree, then its right subtree)",
          "inorder": "inorder (left subtree, then the node, then its right subtree)",
          "postorder": "postorder (left subtree, then right subtree, then the node)",
          "level_order": "level order (level by level from the top, left to right within a level)"}
K_RANGE = {1: (2, 5), 2: (3, 7), 3: (4, 10)}


@task("traversal_kth_label", answer="string", annotation="point_sequence", ops="ranking,topology")
def traversal_kth_label(q):
    s = q.state
    order = q.choice("order", list(ORDERS))
    lo, hi = K_RANGE[q.difficulty]
    k = q.param("k", lambda r: int(r.integers(lo, min(hi, len(s["kids"])) + 1)))
    seq = T.TRAVERSALS[order](s["kids"])
    q.step("traverse", order=order, visited=[_lab(s, v) for v in seq[:k]])
    return q.answer(_lab(s, seq[k - 1]), witnesses=_nodes(seq[:k]),
                    examples=[x for x in s["labels"] if x != _lab(s, seq[k - 1])],
                    question=f"{PREAMBLE['plain']} Traverse the tree in {ORDERS[order]}, starting at the root. "
                             f"Which node is visited at position {k} (the root's position counts from 1 where it "
                             f"is visited)? Answer with its label.")


# ------------------------------------------------------------------ numeric-key trees
def _as_bst(s, r):
    keys = sorted(_keys(r, len(s["kids"])))
    lab = [""] * len(keys)
    for k, v in zip(keys, T.inorder(s["kids"])):
        lab[v] = str(k)
    s["kind"], s["labels"] = "bst", lab
    return s


OPERATIONS = ("search", "insert", "delete")
PATH_NODES = {1: (2, 3), 2: (2, 3, 4, 5), 3: (4, 5, 6)}   # nodes on the path; the original's level: 1-5, median 3


@task("bst_path_operation_label", answer="string", annotation="point_sequence", ops="topology,state_update")
def bst_path_operation_label(q):
    s = q.edit(_as_bst)
    kids, keys = s["kids"], [int(x) for x in s["labels"]]
    op = q.choice("operation", OPERATIONS)
    t = q.target(PATH_NODES[q.difficulty], stratified=True)
    if op == "delete":
        def successor_path(v):
            path = [v, kids[v][1]]
            while kids[path[-1]][0] != T.NONE:
                path.append(kids[path[-1]][0])
            return path

        two = [v for v in range(len(kids)) if T.NONE not in kids[v] and len(successor_path(v)) == t]
        q.require(bool(two), "no node with two children and a successor path of the target length")
        v = q.param("target_node", lambda r: two[int(r.integers(len(two)))])
        path = successor_path(v)
        key = keys[v]
        question = (f"Node {key} has two children. If it is deleted by copying its inorder successor's key into it, "
                    f"which node's key is copied? Answer with that node's key.")
    else:
        gaps = [g for g in range(1, 100) if g not in keys and len(T.bst_path(kids, keys, g)) == t]
        q.require(bool(gaps), "no missing key whose search path has the target length")
        key = q.param("key", lambda r: int(gaps[int(r.integers(len(gaps)))]))
        path = T.bst_path(kids, keys, key)
        question = (f"If you search this tree for {key}, the search ends without finding it. Which node is the last "
                    f"one the search visits? Answer with its key." if op == "search" else
                    f"If the key {key} is inserted into this tree as a new leaf, which node becomes its parent? "
                    f"Answer with that node's key.")
    q.step("bst_path", operation=op, key=key, path=[keys[v] for v in path])
    return q.answer(str(keys[path[-1]]), witnesses=_nodes(path),
                    examples=[x for x in s["labels"] if x != str(keys[path[-1]])],
                    question=f"{PREAMBLE['bst']} {question}")


HEAP_SIZES = {1: (6, 8), 2: (9, 12), 3: (13, 16)}


def heap_violations(kids, keys, kind):
    bad = []
    for p, cs in enumerate(kids):
        for ch in cs:
            if ch != T.NONE and (keys[ch] < keys[p] if kind == "min" else keys[ch] > keys[p]):
                bad.append((p, ch))
    return bad


def _plant_heap(difficulty):
    def edit(s, r):
        lo, hi = HEAP_SIZES[difficulty]
        n = int(r.integers(lo, hi + 1))
        kids = T.complete_tree(n)
        kind = ("min", "max")[int(r.integers(2))]
        keys = _keys(r, n, 1, 99)
        sign = 1 if kind == "min" else -1
        keys = [sign * k for k in keys]
        heapq.heapify(keys)                            # heapq's layout is complete_tree's (2i+1, 2i+2)
        keys = [sign * k for k in keys]
        used = set(keys)
        cand = []
        for ch in range(1, n):
            p = (ch - 1) // 2
            sub = [k for k in range(1, 100) if k not in used and (k < keys[p] if kind == "min" else k > keys[p])]
            if sub:
                cand.append((ch, sub))
        if not cand:
            raise Reject("no child key can break the heap order")
        ch, sub = cand[int(r.integers(len(cand)))]
        p = (ch - 1) // 2
        near = sorted(sub, key=lambda k: abs(k - keys[p]))[: {1: len(sub), 2: 12, 3: 5}[difficulty]]
        keys[ch] = int(near[int(r.integers(len(near)))])
        s.update(kind="heap", heap=kind, kids=kids, labels=[str(k) for k in keys])
        return s

    return edit


@task("heap_property_violation_label", answer="string", annotation="point_map", ops="topology,matching")
def heap_property_violation_label(q):
    s = q.edit(_plant_heap(q.difficulty))
    keys = [int(x) for x in s["labels"]]
    bad = heap_violations(s["kids"], keys, s["heap"])
    q.require(len(bad) == 1, "not exactly one violation")
    p, ch = bad[0]
    order = ("smaller" if s["heap"] == "min" else "larger")
    q.step("check_heap", heap=s["heap"], parent=keys[p], child=keys[ch])
    return q.answer(str(keys[ch]), witnesses={"parent": f"node:{p}", "child": f"node:{ch}"},
                    examples=[x for x in s["labels"] if x != str(keys[ch])],
                    question=(f"{PREAMBLE['heap']} It is meant to be a {s['heap']}-heap (every parent's key "
                              f"{'<=' if s['heap'] == 'min' else '>='} its children's keys), but exactly one child "
                              f"has a {order} key than its parent. What is that child's key?"))
