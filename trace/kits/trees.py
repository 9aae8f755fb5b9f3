"""Trees: random binary trees and rooted (phylogenetic) trees, their traversals, tidy layouts and
drawing -- binary trees top-down with left/right children shown by position, cladograms left to
right with every taxon at the right edge.

A tree is JSON-native: ``kids[i]`` lists node ``i``'s children.  A binary tree keeps two slots,
``[left, right]`` with -1 for a missing child, and node 0 is its root; a cladogram's leaves are
nodes ``0 .. L-1`` (``kids[i] == []``) and its root is given explicitly.  Layouts are computed
at render time from the structure alone (in layout units), so a fluid canvas may stretch them.
"""

from __future__ import annotations

import math
from collections import deque

from .cards import rounded_rect

NONE = -1
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CODE_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"


# ---------------------------------------------------------------------------- binary trees
def random_binary_tree(rng, n: int, max_depth: int, *, deep: float = 0.0) -> list[list[int]]:
    """A random binary tree of ``n`` nodes no deeper than ``max_depth``, grown by filling a random
    free child slot (weighted by ``(depth + 1) ** deep``: > 0 favours deep, stringy trees);
    nodes are numbered in level order (node 0 the root)."""
    if n > 2 ** (max_depth + 1) - 1:
        raise ValueError(f"{n} nodes do not fit depth {max_depth}")
    kids, depth = [[NONE, NONE]], [0]
    while len(kids) < n:
        slots = [(v, s) for v in range(len(kids)) if depth[v] < max_depth for s in (0, 1) if kids[v][s] == NONE]
        w = [(depth[v] + 1.0) ** deep for v, _ in slots]
        tot = sum(w)
        v, s = slots[int(rng.choice(len(slots), p=[x / tot for x in w]))]
        kids[v][s] = len(kids)
        kids.append([NONE, NONE])
        depth.append(depth[v] + 1)
    return renumber_level_order(kids)


def shaped_tree(rng, n_two: int, sides, max_depth: int, tries: int = 40) -> list[list[int]] | None:
    """A random binary tree with exactly ``n_two`` two-child nodes and one single-child node per
    entry of ``sides`` (0: only a left child, 1: only a right child), no deeper than
    ``max_depth``; None when the draws keep exceeding the depth.  A full tree is grown by
    splitting random leaves, then each single-child node is inserted above a random node."""
    for _ in range(tries):
        kids, depth, leaves = [[NONE, NONE]], [0], [0]
        for _ in range(n_two):
            cand = [v for v in leaves if depth[v] < max_depth]
            if not cand:
                break
            v = cand[int(rng.integers(len(cand)))]
            leaves.remove(v)
            for side in (0, 1):
                kids[v][side] = len(kids)
                leaves.append(len(kids))
                kids.append([NONE, NONE])
                depth.append(depth[v] + 1)
        else:
            root, ok = 0, True
            for side in sides:
                par = parents(kids)
                d = depths(kids, root)
                height = _heights(kids, root)
                cand = [x for x in range(len(kids)) if d[x] + height[x] + 1 <= max_depth]
                if not cand:
                    ok = False
                    break
                x = cand[int(rng.integers(len(cand)))]
                u = len(kids)
                kids.append([x, NONE] if side == 0 else [NONE, x])
                if par[x] == NONE:
                    root = u
                else:
                    kids[par[x]][kids[par[x]].index(x)] = u
            if ok:
                return renumber_level_order(kids, root)
    return None


def _heights(kids, root) -> list[int]:
    """Levels below each node (0 for a leaf)."""
    h = [0] * len(kids)
    for v in reversed(level_order(kids, root)):
        h[v] = max([h[c] + 1 for c in kids[v] if c != NONE], default=0)
    return h


def profile_tree(rng, sizes) -> list[list[int]]:
    """A random binary tree with ``sizes[k]`` nodes at depth k (sizes[0] == 1 and each level at most
    twice the one above): every level's nodes take random free child slots of the level above."""
    kids, prev = [[NONE, NONE]], [0]
    for k in range(1, len(sizes)):
        slots = [(v, side) for v in prev for side in (0, 1)]
        pick = sorted(int(i) for i in rng.choice(len(slots), size=sizes[k], replace=False))
        prev = []
        for i in pick:
            v, side = slots[i]
            kids[v][side] = len(kids)
            prev.append(len(kids))
            kids.append([NONE, NONE])
    return renumber_level_order(kids)


def level_profile(rng, depth: int, count: int, n_range, max_depth: int, tries: int = 60) -> list[int] | None:
    """Level sizes of a tree with ``count`` nodes at ``depth`` and no deeper than ``max_depth``: the
    levels above ``depth`` drawn as narrow or wide as they may be, levels below added until the
    total reaches a goal drawn from ``n_range`` (lo, hi) -- or, when the levels down to ``depth``
    already hold more, ``lo // 4`` more nodes.  None when no draw reaches ``lo`` nodes."""
    lo, hi = n_range
    if count > 2 ** depth:
        return None
    for _ in range(tries):
        sizes = [0] * (depth + 1)
        sizes[depth] = count
        for k in range(depth - 1, -1, -1):
            least = -(-sizes[k + 1] // 2)
            sizes[k] = int(rng.integers(least, min(2 ** k, max(least, sizes[k + 1] + 1)) + 1))
        goal = max(int(rng.integers(lo, hi + 1)), sum(sizes) + lo // 4)
        while len(sizes) <= max_depth and sum(sizes) < goal:
            sizes.append(int(rng.integers(1, min(2 * sizes[-1], goal - sum(sizes), 8) + 1)))
        if sum(sizes) >= min(goal, lo):
            return sizes
    return None


def complete_tree(n: int) -> list[list[int]]:
    """The heap-shaped tree of ``n`` nodes (children of i at 2i+1, 2i+2)."""
    return [[2 * i + 1 if 2 * i + 1 < n else NONE, 2 * i + 2 if 2 * i + 2 < n else NONE] for i in range(n)]


def renumber_level_order(kids, root: int = 0) -> list[list[int]]:
    order = level_order(kids, root)
    new = {v: k for k, v in enumerate(order)}
    return [[new[c] if c != NONE else NONE for c in kids[v]] for v in order]


def level_order(kids, root: int = 0) -> list[int]:
    out, dq = [], deque([root])
    while dq:
        v = dq.popleft()
        out.append(v)
        dq.extend(c for c in kids[v] if c != NONE)
    return out


def preorder(kids, v: int = 0) -> list[int]:
    if v == NONE:
        return []
    return [v] + preorder(kids, kids[v][0]) + preorder(kids, kids[v][1])


def inorder(kids, v: int = 0) -> list[int]:
    if v == NONE:
        return []
    return inorder(kids, kids[v][0]) + [v] + inorder(kids, kids[v][1])


def postorder(kids, v: int = 0) -> list[int]:
    if v == NONE:
        return []
    return postorder(kids, kids[v][0]) + postorder(kids, kids[v][1]) + [v]


TRAVERSALS = {"preorder": preorder, "inorder": inorder, "postorder": postorder, "level_order": level_order}


def parents(kids) -> list[int]:
    par = [NONE] * len(kids)
    for v, cs in enumerate(kids):
        for c in cs:
            if c != NONE:
                par[c] = v
    return par


def depths(kids, root: int = 0) -> list[int]:
    d = [0] * len(kids)
    for v in level_order(kids, root):
        for c in kids[v]:
            if c != NONE:
                d[c] = d[v] + 1
    return d


def ancestors(kids, v: int) -> list[int]:
    """``v`` and its ancestors, from ``v`` up to the root."""
    par = parents(kids)
    out = [v]
    while par[out[-1]] != NONE:
        out.append(par[out[-1]])
    return out


def bst_path(kids, keys, key) -> list[int]:
    """Nodes a binary-search-tree search for ``key`` visits, from the root to where it stops."""
    path, v = [], 0
    while v != NONE:
        path.append(v)
        if key == keys[v]:
            break
        v = kids[v][0] if key < keys[v] else kids[v][1]
    return path


# ---------------------------------------------------------------------------- labels
def tree_labels(rng, n: int, family: str | None = None) -> list[str]:
    """``n`` distinct node labels of one family: capital letters, numbers, short names ("Hsu",
    "Dao") or three-letter codes ("RLJ")."""
    from .graphs import node_labels

    family = family or ("letters", "numbers", "names", "codes")[int(rng.integers(4))]
    if family == "letters" and n > len(LETTERS):
        family = "codes"
    if family != "codes":
        return node_labels(rng, n, family)
    out: list[str] = []
    while len(out) < n:
        s = "".join(_CODE_LETTERS[int(i)] for i in rng.integers(len(_CODE_LETTERS), size=int(rng.integers(2, 4))))
        if s not in out:
            out.append(s)
    return out


# ---------------------------------------------------------------------------- tidy layout
def tidy_layout(kids, root: int = 0, *, sep: float = 1.0) -> dict[int, tuple[float, int]]:
    """Node -> (x in units, depth): a parent centred over its two children, a single child one
    unit to its side, subtrees pushed apart until every level keeps ``sep`` units between them
    (a simple Reingold-Tilford).  x starts at 0."""
    def place(v):
        sub = []
        for side, c in enumerate(kids[v]):
            if c != NONE:
                xs, contour = place(c)
                sub.append((side, xs, contour))
        if not sub:
            return {v: 0.0}, [(0.0, 0.0)]
        if len(sub) == 1:
            side, xs, contour = sub[0]
            off = -1.0 if side == 0 else 1.0
        else:
            (_, lx, lc), (_, rx, rc) = sub
            need = max(lc[d][1] - rc[d][0] for d in range(min(len(lc), len(rc)))) + sep
            half = max(need, 2.0) / 2
            xs = {k: x - half for k, x in lx.items()}
            xs.update({k: x + half for k, x in rx.items()})
            contour = []
            for d in range(max(len(lc), len(rc))):
                parts = ([(lc[d][0] - half, lc[d][1] - half)] if d < len(lc) else []) + \
                        ([(rc[d][0] + half, rc[d][1] + half)] if d < len(rc) else [])
                contour.append((min(a for a, _ in parts), max(b for _, b in parts)))
            xs[v] = 0.0
            return xs, [(0.0, 0.0)] + contour
        xs = {k: x + off for k, x in xs.items()}
        xs[v] = 0.0
        return xs, [(0.0, 0.0)] + [(a + off, b + off) for a, b in contour]

    xs, _ = place(root)
    lo = min(xs.values())
    d = depths(kids, root)
    return {v: (x - lo, d[v]) for v, x in xs.items()}


def fit_layout(layout: dict, box, *, r: float) -> dict[int, tuple[float, float]]:
    """Layout units -> canvas points inside ``box`` (x0, y0, x1, y1), node radius ``r`` kept in."""
    x0, y0, x1, y1 = box
    xmax = max(x for x, _ in layout.values())
    dmax = max(d for _, d in layout.values())
    sx = (x1 - x0 - 2 * r) / xmax if xmax else 0.0
    sy = (y1 - y0 - 2 * r) / dmax if dmax else 0.0
    cx = 0.0 if xmax else (x1 - x0 - 2 * r) / 2
    return {v: (x0 + r + cx + x * sx, y0 + r + d * sy) for v, (x, d) in layout.items()}


def unit_spacing(layout: dict, width: float) -> float:
    xmax = max(x for x, _ in layout.values())
    return width / xmax if xmax else width


def draw_binary_tree(c, kids, labels, box, *, fill=None, r_max: float = 23.0, title: str | None = None):
    """A binary tree drawn top-down in ``box``: straight edges, round (or rounded-square, by the
    style's marker) nodes with their labels; registers ``node:i`` (centre point and box) and
    ``edge:p-c``.  Returns the node centres."""
    lay = tidy_layout(kids)
    unit = unit_spacing(lay, box[2] - box[0] - 2 * r_max)
    r = max(14.0, min(r_max, unit * 0.42))
    pts = fit_layout(lay, box, r=r)
    fill = fill or (f"series:{c.style.accent}" if c.style.accent % 2 else "panel")
    edge_col = "muted" if c.style.accent % 3 else "ink"
    for v, cs in enumerate(kids):
        for ch in cs:
            if ch == NONE:
                continue
            (ax, ay), (bx, by) = pts[v], pts[ch]
            L = math.hypot(bx - ax, by - ay)
            ux, uy = (bx - ax) / L, (by - ay) / L
            c.line(ax + ux * r, ay + uy * r, bx - ux * r, by - uy * r, color=edge_col, lw=2.2, id=f"edge:{v}-{ch}")
    square = c.style.marker == "square"
    for v, (x, y) in pts.items():
        if square:
            rounded_rect(c, x - r, y - r, 2 * r, 2 * r, radius=r * 0.35, fill=fill, stroke="ink", lw=1.6)
            c.register(f"node:{v}", box=(x - r, y - r, x + r, y + r), point=(x, y))
        else:
            c.circle(x, y, r, fill=fill, stroke="ink", lw=1.6, id=f"node:{v}")
        label = labels[v]
        size = max(12.0, min(16.0, r * 0.78, 1.55 * r / max(1, len(label)) * 1.25))
        while size > 12.0 and c.text_width(label, size=size, bold=True) > 1.8 * r:
            size = max(12.0, size - 1.0)
        c.text(x, y, label, size=size, bold=True, color=c.text_on(fill))
    return pts


# ---------------------------------------------------------------------------- rooted trees (cladograms)
def random_cladogram(rng, n_leaves: int) -> tuple[list[list[int]], int]:
    """A random rooted binary tree on leaves 0..n-1 (a Yule process: a random tip splits until
    there are ``n_leaves``); returns (kids, root) with internal nodes numbered after the leaves."""
    # grow on provisional ids, then renumber leaves 0..L-1 in drawing order, internals after
    kids: list[list[int]] = [[]]
    tips = [0]
    while len(tips) < n_leaves:
        t = tips.pop(int(rng.integers(len(tips))))
        a, b = len(kids), len(kids) + 1
        kids[t] = [a, b]
        kids += [[], []]
        tips += [a, b]
    return relabel_cladogram(kids, 0)


def cladogram_with_clade(rng, n_leaves: int, clade: int) -> tuple[list[list[int]], int, int]:
    """A random rooted binary tree on ``n_leaves`` leaves holding a clade (not the whole tree) of
    exactly ``clade`` leaves: a random tree of ``clade`` leaves grafted onto a random tip of a
    random tree of the remaining leaves plus one.  Returns (kids, root, clade node)."""
    if not 1 <= clade < n_leaves:
        raise ValueError(f"a clade of {clade} in {n_leaves} leaves")
    sub, sub_root = random_cladogram(rng, clade)
    rest, rest_root = random_cladogram(rng, n_leaves - clade + 1)
    tip = int(rng.integers(n_leaves - clade + 1))       # leaves are 0..L-1 after relabelling
    off = len(rest)
    kids = [list(cs) for cs in rest] + [[c + off for c in cs] for cs in sub]
    par = tree_parents(rest)
    if tip == rest_root:
        rest_root = sub_root + off
    else:
        p = par[tip]
        kids[p][kids[p].index(tip)] = sub_root + off
    kids[tip] = []                                       # the replaced tip is left unreachable
    mark_old = sub_root + off
    reach, stack = [], [rest_root]
    while stack:
        v = stack.pop()
        reach.append(v)
        stack.extend(kids[v])
    keep = {v: k for k, v in enumerate(sorted(reach))}
    kids = [[keep[c] for c in kids[v]] for v in sorted(reach)]
    new, root = relabel_cladogram(kids, keep[rest_root])
    order = _relabel_map(kids, keep[rest_root])
    return new, root, order[keep[mark_old]]


def _relabel_map(kids, root) -> dict[int, int]:
    leaves, internals = [], []

    def walk(v):
        if not kids[v]:
            leaves.append(v)
            return
        for c in kids[v]:
            walk(c)
        internals.append(v)

    walk(root)
    return {v: k for k, v in enumerate(leaves + internals)}


def relabel_cladogram(kids, root) -> tuple[list[list[int]], int]:
    """Renumber so leaves are 0..L-1 in drawing (depth-first) order and internals follow."""
    new = _relabel_map(kids, root)
    out = [[] for _ in new]
    for v, k in new.items():
        out[k] = [new[c] for c in kids[v]]
    return out, new[root]


def clade_leaves(kids, v) -> list[int]:
    if not kids[v]:
        return [v]
    return [x for c in kids[v] for x in clade_leaves(kids, c)]


def tree_parents(kids) -> dict[int, int]:
    return {c: v for v, cs in enumerate(kids) for c in cs}


def clade_depths(kids, root) -> dict[int, int]:
    d = {root: 0}
    stack = [root]
    while stack:
        v = stack.pop()
        for c in kids[v]:
            d[c] = d[v] + 1
            stack.append(c)
    return d


def cladogram_layout(kids, root, box) -> dict[int, tuple[float, float]]:
    """Points of a left-to-right cladogram in ``box``: leaves evenly spaced down the right edge in
    drawing order, an internal node at its depth's column and midway between its outer children."""
    x0, y0, x1, y1 = box
    d = clade_depths(kids, root)
    leaves = [v for v in range(len(kids)) if not kids[v]]
    dmax = max(d.values())
    step = (x1 - x0) / dmax
    gap = (y1 - y0) / max(1, len(leaves) - 1)
    pts: dict[int, tuple[float, float]] = {}

    def place(v):
        if not kids[v]:
            pts[v] = (x1, y0 + leaves.index(v) * gap)
            return
        for c in kids[v]:
            place(c)
        ys = [pts[c][1] for c in kids[v]]
        pts[v] = (x0 + d[v] * step, (min(ys) + max(ys)) / 2)

    place(root)
    return pts


def draw_cladogram(c, kids, root, labels, box, *, elbow: bool | None = None, mark: int | None = None,
                   size: float = 16.0, prefix: str = "", lw: float = 2.2, bracket: bool = True):
    """A cladogram in ``box`` (labels outside it, to the right of the tips): slanted or elbow
    branches (render-only, by the style unless ``elbow`` is given), a dot on every node, taxon
    labels.  ``mark`` highlights one clade: its stem drawn thick in the accent colour and a
    bracket beside its taxa.  Registers ``{prefix}leaf:i`` (tip point, label box), ``{prefix}node:i``
    (internal nodes) and ``{prefix}clade`` (the bracket) when marked."""
    pts = cladogram_layout(kids, root, box)
    elbow = (c.style.accent % 2 == 0) if elbow is None else elbow
    par = tree_parents(kids)
    col = "ink" if c.style.accent % 3 == 0 else "muted"
    for v, p in par.items():
        (px, py), (x, y) = pts[p], pts[v]
        hot = mark is not None and v == mark
        colour, w = ("accent", lw * 2.4) if hot else (col, lw)
        if elbow:
            c.line(px, py, px, y, color=col, lw=lw)
            c.line(px, y, x, y, color=colour, lw=w)
        else:
            c.line(px, py, x, y, color=colour, lw=w)
    dot = max(3.0, lw * 1.6)
    for v, (x, y) in pts.items():
        kind = "leaf" if not kids[v] else "node"
        c.circle(x, y, dot, fill=col, id=f"{prefix}{kind}:{v}")
    tops = []
    for v in range(len(kids)):
        if kids[v]:
            continue
        x, y = pts[v]
        b = c.text(x + dot + 6, y, labels[v], size=size, anchor="l", bold=c.style.accent % 3 == 1)
        tops.append(b[2])
        c.register(f"{prefix}label:{v}", box=b)
    if mark is not None and bracket:
        ys = [pts[v][1] for v in clade_leaves(kids, mark)]
        bx = max(tops) + 10
        pad = size * 0.6
        c.line(bx, min(ys) - pad, bx, max(ys) + pad, color="accent", lw=4.0)
        for yy in (min(ys) - pad, max(ys) + pad):
            c.line(bx - 8, yy, bx, yy, color="accent", lw=4.0)
        c.register(f"{prefix}clade", box=(bx - 8, min(ys) - pad, bx + 2, max(ys) + pad))
    return pts


def label_width(c, labels, size: float, bold: bool = False) -> float:
    return max(c.text_width(s, size=size, bold=bold) for s in labels)


# ---------------------------------------------------------------------------- nested rooted trees
# A rooted tree over labelled taxa as nested lists: a taxon is its label, a clade the list of its
# children (["A", ["B", "C"]]).  Child order is the drawing order.
def to_nested(kids, root, labels):
    if not kids[root]:
        return labels[root]
    return [to_nested(kids, c, labels) for c in kids[root]]


def from_nested(tree) -> tuple[list[list[int]], int, list[str]]:
    """(kids, root, labels) with leaves 0..L-1 in drawing order and labels[i] leaf i's taxon."""
    kids: list[list[int]] = []

    def build(t):
        v = len(kids)
        kids.append([])
        if not isinstance(t, str):
            for c in t:
                kids[v].append(build(c))
        return v

    build(tree)
    names: dict[int, str] = {}

    def collect(t, v):
        if isinstance(t, str):
            names[v] = t
            return
        for c, w in zip(t, kids[v]):
            collect(c, w)

    collect(tree, 0)
    new, root = relabel_cladogram(kids, 0)
    old_to_new = _relabel_map(kids, 0)
    out_labels = [""] * sum(1 for cs in new if not cs)
    for v, name in names.items():
        out_labels[old_to_new[v]] = name
    return new, root, out_labels


def nested_topology(tree) -> str:
    """Canonical text of the rooted topology (child order ignored)."""
    if isinstance(tree, str):
        return tree
    return "(" + ",".join(sorted(nested_topology(c) for c in tree)) + ")"


def rotate_nested(rng, tree, p: float = 0.5):
    """The same topology with each clade's children reversed with probability ``p``."""
    if isinstance(tree, str):
        return tree
    kids = [rotate_nested(rng, c, p) for c in tree]
    return kids[::-1] if rng.random() < p else kids


def _clade_paths(tree, path=()):
    out = [path]
    if not isinstance(tree, str):
        for i, c in enumerate(tree):
            out += _clade_paths(c, path + (i,))
    return out


def _get(tree, path):
    for i in path:
        tree = tree[i]
    return tree


def _copy(tree):
    return tree if isinstance(tree, str) else [_copy(c) for c in tree]


def nni_nested(rng, tree):
    """One nearest-neighbour interchange: a clade's child swaps places with the clade's sibling."""
    inner = [p for p in _clade_paths(tree) if p and not isinstance(_get(tree, p), str)]
    if not inner:
        return _copy(tree)
    path = inner[int(rng.integers(len(inner)))]
    new = _copy(tree)
    parent, clade = _get(new, path[:-1]), _get(new, path)
    aunt_i = 1 - path[-1] if len(parent) == 2 else next(i for i in range(len(parent)) if i != path[-1])
    g = int(rng.integers(len(clade)))
    clade[g], parent[aunt_i] = parent[aunt_i], clade[g]
    return new


def swap_taxa_nested(rng, tree, labels):
    """The tree with two random taxa exchanged."""
    a, b = (labels[int(i)] for i in rng.choice(len(labels), size=2, replace=False))

    def sw(t):
        if isinstance(t, str):
            return b if t == a else a if t == b else t
        return [sw(c) for c in t]

    return sw(tree)
