"""graph/adjacency: a graph given as text, either an adjacency matrix or an adjacency list.

Nodes carry short names (places, surnames, words) or letters.  Graphs are undirected or directed;
an adjacency list shows each node's neighbours (successors for a directed graph) as chips in a
row, in a listed order that traversals follow left to right; a matrix reads row -> column, its
columns in the nodes' listed order.  Weighted graphs show the weight in each entry (matrix) or in
brackets after the neighbour (list).  Difficulty grows the node count (5-6, 7-8, 9-10); the
weighted spanning-tree task draws its own smaller graph (3-4, 4-5, 6-8 nodes), as the original does.
"""

from __future__ import annotations

from collections import deque

from tracegen.core.task import Scene
from tracegen.kits import graphs as G
from tracegen.kits.grid import Grid
from tracegen.kits.names import category_labels

N_NODES = {1: (5, 6), 2: (7, 8), 3: (9, 10)}
W, H = 760, 560
TOP = 64


def _labels(rng, n, variant):
    """Matrix headers need short labels (letters, numbers, short names); lists mostly show names."""
    if variant == "matrix" or rng.random() < 0.25:
        return G.node_labels(rng, n)
    return category_labels(rng, n, families=("places", "surnames", "words"), max_len=6)


def _random_edges(rng, n, p_hi=0.3, directed=False, p_lo=0.05):
    """A random spanning tree plus extra pairs (each with a probability drawn from p_lo..p_hi);
    directed graphs orient each pair one way (or both)."""
    order = [int(x) for x in rng.permutation(n)]
    pairs = set()
    for k in range(1, n):
        u, v = order[k], order[int(rng.integers(k))]
        pairs.add((min(u, v), max(u, v)))
    p = float(rng.uniform(p_lo, p_hi))
    for u in range(n):
        for v in range(u + 1, n):
            if (u, v) not in pairs and rng.random() < p:
                pairs.add((u, v))
    if not directed:
        return sorted(list(e) for e in pairs)
    arcs = set()
    for u, v in pairs:
        x = rng.random()
        if x < 0.15:
            arcs |= {(u, v), (v, u)}
        else:
            arcs.add((u, v) if x < 0.575 else (v, u))
    return sorted(list(e) for e in arcs)


class Adjacency(Scene):
    domain, scene_id, size = "graph", "adjacency", (W, H)
    megapixels = (0.5, 0.78)   # image area (MP); the original's median is 0.576
    description = ("A graph written as an adjacency matrix (1/0, or weights with '-' for no edge) or as an "
                   "adjacency list (each node followed by its neighbours, weights in brackets); undirected or "
                   "directed, with named nodes.")

    def sample(self, rng, difficulty):
        lo, hi = N_NODES[difficulty]
        n = int(rng.integers(lo, hi + 1))
        variant = "matrix" if rng.random() < 0.5 else "list"
        state = {"n": n, "labels": _labels(rng, n, variant), "edges": _random_edges(rng, n), "directed": False,
                 "weights": None, "variant": variant}
        return shuffle_rows(state, rng)

    def variant(self, state):
        return state["variant"] + ("_weighted" if state.get("weights") is not None else "")

    def canvas_size(self, state):
        """Wide enough for the longest list row (a generous per-character estimate for every font)."""
        if state["variant"] != "list":
            return W, H
        labels, wm = state["labels"], _wmap(state)
        weighted = state.get("weights") is not None
        head = max(len(x) for x in labels) * 11.0 + 28
        rows = [sum(10.0 * len(f"{labels[j]} ({wm[(i, j)]})" if weighted else labels[j]) + 24 for j in nb)
                for i, nb in enumerate(neighbours(state))]
        return max(W, int(24 + head + 40 + max(rows) + 32)), H

    def render(self, c, state, params):
        weighted = state.get("weights") is not None
        kind = state["variant"]
        what = "a directed" if state.get("directed") else "an undirected"
        title = f"{'Weighted adjacency' if weighted else 'Adjacency'} {kind} of {what} graph"
        c.text(24, 24, title, size=18, bold=True, anchor="l")
        hint = ("row -> column" if kind == "matrix" else "neighbours read left to right") if state.get("directed") \
            else ("symmetric" if kind == "matrix" else "neighbours read left to right")
        c.text(24, 48, hint, size=13, color="muted", anchor="l")
        if kind == "matrix":
            _render_matrix(c, state, weighted)
        else:
            _render_list(c, state, weighted)


def shuffle_rows(state, rng):
    """A random listed order of every node's neighbours (the list variant shows them in it)."""
    state["nbr_order"] = [[int(v) for v in rng.permutation(sorted(set(out)))] for out in _out_lists(state)]
    return state


def _out_lists(state):
    out = [[] for _ in range(state["n"])]
    for u, v in state["edges"]:
        out[u].append(v)
        if not state.get("directed"):
            out[v].append(u)
    return out


def neighbours(state):
    """Each node's neighbours (successors) in the order the picture lists them."""
    if state["variant"] == "list":
        return [list(x) for x in state["nbr_order"]]
    return [sorted(x) for x in _out_lists(state)]


def _wmap(state):
    ws = state.get("weights")
    out = {}
    for k, (u, v) in enumerate(state["edges"]):
        w = ws[k] if ws is not None else 1
        out[(u, v)] = w
        if not state.get("directed"):
            out[(v, u)] = w
    return out


def entry_id(state, u, v):
    if state.get("directed"):
        return f"entry:{u}:{v}"
    return f"entry:{min(u, v)}:{max(u, v)}"


def _render_matrix(c, state, weighted):
    n, labels = state["n"], state["labels"]
    wm = _wmap(state)
    head = max(48.0, max(c.text_width(x, size=14, bold=True) for x in labels) + 16)
    cell = min(56.0, (W - 48 - head) / n, (H - TOP - 20) / (n + 1))
    left = (W - head - n * cell) / 2
    g = Grid(x0=left + head - cell, y0=TOP + 6, rows=n + 1, cols=n + 1, cell=cell)
    size = 14.0
    c.rect(left, g.y0, head, cell, fill="panel", stroke="grid", lw=1.0)
    for k in range(n):
        x0, y0, x1, y1 = g.box(0, k + 1)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="panel", stroke="grid", lw=1.0)
        c.text((x0 + x1) / 2, (y0 + y1) / 2, labels[k], size=size if len(labels[k]) < 3 else 12.5, bold=True)
        c.register(f"col:{k}", box=(x0, y0, x1, y1))
        x0, y0, x1, y1 = g.box(k + 1, 0)
        c.rect(left, y0, head, y1 - y0, fill="panel", stroke="grid", lw=1.0)
        c.text(left + head / 2, (y0 + y1) / 2, labels[k], size=size, bold=True)
        c.register(f"node:{k}", box=(left, y0, left + head, y1))
    for i in range(n):
        for j in range(n):
            x0, y0, x1, y1 = g.box(i + 1, j + 1)
            c.rect(x0, y0, x1 - x0, y1 - y0, stroke="grid", lw=1.0)
            w = wm.get((i, j))
            s = (str(w) if w is not None else "-") if weighted else ("1" if w is not None else "0")
            c.text((x0 + x1) / 2, (y0 + y1) / 2, s, size=size, color="ink" if w is not None else "muted",
                   bold=w is not None)
            if state.get("directed") or i <= j:
                c.register(entry_id(state, i, j), box=(x0, y0, x1, y1))
    c.rect(left, g.y0, g.x1 - left, g.y1 - g.y0, stroke="ink", lw=1.5)
    _register_pairs(c, state, lambda u, v: g.center(u + 1, v + 1))


def _render_list(c, state, weighted):
    n, labels = state["n"], state["labels"]
    wm = _wmap(state)
    order = neighbours(state)
    lh = min(44.0, (H - TOP - 16) / n)
    size = 15.0 if lh >= 36 else 14.0
    head = max(c.text_width(x, size=size + 1, bold=True) for x in labels) + 28
    centres = {}
    y = TOP + 8
    for i in range(n):
        cy = y + (i + 0.5) * lh
        c.rect(16, cy - lh / 2 + 3, c.width - 32, lh - 6, fill="panel", stroke="grid", lw=1.0)
        c.rect(24, cy - lh / 2 + 7, head, lh - 14, fill="accent", stroke=None)
        c.text(24 + head / 2, cy, labels[i], size=size + 1, bold=True, color=c.text_on("accent"))
        c.register(f"node:{i}", box=(24, cy - lh / 2 + 7, 24 + head, cy + lh / 2 - 7))
        x = 24 + head + 14
        x = c.text(x, cy, ":", size=size, bold=True, anchor="l")[2] + 12
        if not order[i]:
            c.text(x, cy, "none", size=size, color="muted", anchor="l")
        for j in order[i]:
            s = f"{labels[j]} ({wm[(i, j)]})" if weighted else labels[j]
            tw = c.text_width(s, size=size)
            c.rect(x, cy - lh / 2 + 8, tw + 16, lh - 16, fill="background", stroke="muted", lw=1.0)
            c.text(x + 8 + tw / 2, cy, s, size=size)
            box = (x, cy - lh / 2 + 8, x + tw + 16, cy + lh / 2 - 8)
            if state.get("directed") or i < j:
                c.register(entry_id(state, i, j), box=box)
            centres[(i, j)] = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            x += tw + 24
    _register_pairs(c, state, lambda u, v: centres[(u, v)])


def _register_pairs(c, state, centre):
    """``pair:u-v`` for mutual arcs of a directed graph: the segment joining the two entries."""
    if not state.get("directed"):
        return
    arcs = {tuple(e) for e in state["edges"]}
    for u, v in sorted(arcs):
        if u < v and (v, u) in arcs:
            (x0, y0), (x1, y1) = centre(u, v), centre(v, u)
            c.register(f"pair:{u}-{v}", segment=((x0, y0), (x1, y1)))


SCENE = Adjacency()
task = SCENE.task


def _intro(s):
    return (f"The {'table' if s['variant'] == 'matrix' else 'list'} describes "
            f"{'a directed' if s.get('directed') else 'an undirected'} graph. ")


def _rebuild(q, edges_fn):
    """Edit: new edges from ``edges_fn(state, rng)`` and a fresh listed order of the neighbours."""
    def fn(s, r):
        s["edges"] = edges_fn(s, r)
        return shuffle_rows(s, r)

    return q.edit(fn)


# ------------------------------------------------------------------ tasks
MST_NODES = {1: (3, 4), 2: (4, 5), 3: (6, 8)}      # the original's weighted graphs: 4-5 nodes, weights 1-11
MST_TOP_WEIGHT = {1: 8, 2: 10, 3: 20}
MST_TOTAL = {1: range(4, 11), 2: range(7, 15), 3: range(18, 41)}   # the original's level: 7-14


@task("mst_weight", answer="integer", annotation="bbox_set", ops="ranking,aggregation,topology")
def mst_weight(q):
    lo, hi = MST_NODES[q.difficulty]
    t = q.target(MST_TOTAL[q.difficulty], stratified=True)

    def weigh(s, r):
        """A small weighted graph of its own (fewer nodes than the scene's, fairly dense, small
        weights), redrawn until its minimum spanning tree weighs the target."""
        for _ in range(200):
            n = int(r.integers(lo, hi + 1))
            edges = _random_edges(r, n, 0.9, p_lo=0.4)
            weights = G.distinct_weights(r, len(edges), MST_TOP_WEIGHT[q.difficulty])
            if sum(weights[k] for k in G.minimum_spanning_tree(n, edges, weights)) == t:
                s["n"], s["labels"], s["edges"], s["weights"] = n, _labels(r, n, s["variant"]), edges, weights
                return shuffle_rows(s, r)
        q.reject("no small weighted graph with the target spanning-tree weight")

    s = q.edit(weigh)
    q.require(G.n_components(s["n"], s["edges"]) == 1, "graph is not connected")
    chosen = G.minimum_spanning_tree(s["n"], s["edges"], s["weights"])
    total = sum(s["weights"][k] for k in chosen)
    ids = [entry_id(s, *s["edges"][k]) for k in chosen]
    q.step("kruskal", edges=ids, total=total)
    return q.answer(total, witnesses=ids,
                    question=_intro(s) + "Each entry gives an edge weight. What is the total weight of the "
                                         "graph's minimum spanning tree?")


def traverse(nbrs, src, mode):
    """Visit order of a BFS or DFS from ``src`` taking neighbours in the listed order."""
    if mode == "bfs":
        seen, order, dq = {src}, [], deque([src])
        while dq:
            u = dq.popleft()
            order.append(u)
            for v in nbrs[u]:
                if v not in seen:
                    seen.add(v)
                    dq.append(v)
        return order
    seen, order = {src}, [src]
    stack = [(src, iter(nbrs[src]))]
    while stack:
        u, it = stack[-1]
        for v in it:
            if v not in seen:
                seen.add(v)
                order.append(v)
                stack.append((v, iter(nbrs[v])))
                break
        else:
            stack.pop()
    return order


def _ordinal(k):
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


@task("traversal_kth_label", answer="string", annotation="bbox_sequence", ops="ranking,topology")
def traversal_kth_label(q):
    t = q.target({1: range(4, 7), 2: range(5, 9), 3: range(5, 11)}[q.difficulty])
    k = q.param("position", lambda _: t)
    directed = q.param("directed", lambda r: bool(r.random() < 0.5))

    def build(st, r):
        st["directed"] = directed
        return _random_edges(r, st["n"], 0.35, directed)

    s = _rebuild(q, build)
    mode = q.choice("traversal", ["bfs", "dfs"])
    nbrs = neighbours(s)
    reach = [len(traverse(nbrs, v, mode)) for v in range(s["n"])]
    src = q.param("source", lambda r: _pick_source(r, reach, k))
    q.require(src is not None and reach[src] >= k, "no source reaches enough nodes")
    order = traverse(nbrs, src, mode)
    q.step("traverse", mode=mode, source=src, order=order, position=k)
    S = s["labels"][src]
    where = "along its row, left to right" if s["variant"] == "list" else "in column order, left to right"
    how = ("breadth-first search: take nodes from a queue and add their unvisited neighbours to its end"
           if mode == "bfs" else
           "depth-first search: from the current node go to its first unvisited neighbour, and go back when "
           "there is none")
    nb = "successors" if directed else "neighbours"
    return q.answer(s["labels"][order[k - 1]], witnesses=[f"node:{i}" for i in order[:k]], examples=s["labels"],
                    question=(_intro(s) + f"Run a {how}, starting at node {S} and taking each node's {nb} in the "
                              f"order listed ({where}). Counting {S} as the 1st node visited, which node is visited "
                              f"{_ordinal(k)}?"))


def _pick_source(r, reach, k):
    ok = [v for v, m in enumerate(reach) if m >= k]
    return ok[int(r.integers(len(ok)))] if ok else None


def _groups(r, n, t):
    perm = [int(x) for x in r.permutation(n)]
    cuts = sorted(int(x) for x in r.choice(range(1, n), size=t - 1, replace=False)) if t > 1 else []
    return [perm[a:b] for a, b in zip([0] + cuts, cuts + [n])]


@task("undirected_component_count", answer="integer", annotation="bbox_set", ops="filtering,counting,topology")
def undirected_component_count(q):
    t = q.target({1: range(2, 6), 2: range(4, 8), 3: range(6, 10)}[q.difficulty])
    q.require(t <= q.state["n"], "more components than nodes")

    def build(s, r):
        p = float(r.uniform(0.0, 0.5))
        edges = set()
        for g in _groups(r, s["n"], t):
            for k in range(1, len(g)):
                u, v = g[k], g[int(r.integers(k))]
                edges.add((min(u, v), max(u, v)))
            edges |= {(min(a, b), max(a, b)) for a in g for b in g if a < b and r.random() < p}
        return sorted(list(e) for e in edges)

    s = _rebuild(q, build)
    comps = G.components(s["n"], s["edges"])
    reps = [c[0] for c in comps]
    q.step("components", components=comps)
    return q.answer(len(comps), witnesses=[f"node:{i}" for i in reps],
                    question=_intro(s) + ("How many connected components does the graph have (an isolated node "
                                          "counts as its own component)?"))


# ------------------------------------------------------------------ tranche 2: directed graphs
@task("directed_pair_reciprocity_count", answer="integer", annotation="segment_set",
      ops="filtering,counting,logical_composition,topology")
def directed_pair_reciprocity_count(q):
    t = q.target({1: range(1, 6), 2: range(2, 8), 3: range(3, 10)}[q.difficulty])

    def build(s, r):
        pairs = {tuple(sorted(e)) for e in _random_edges(r, s["n"], 0.45)}
        q.require(len(pairs) >= t + 1, "too few pairs")
        pairs = sorted(pairs)
        both = {pairs[int(i)] for i in r.choice(len(pairs), size=t, replace=False)}
        arcs = set()
        for u, v in pairs:
            arcs |= {(u, v), (v, u)} if (u, v) in both else {(u, v) if r.random() < 0.5 else (v, u)}
        s["directed"] = True
        return sorted(list(e) for e in arcs)

    s = _rebuild(q, build)
    arcs = {tuple(e) for e in s["edges"]}
    mutual = sorted((u, v) for u, v in arcs if u < v and (v, u) in arcs)
    q.step("mutual_pairs", pairs=mutual)
    return q.answer(len(mutual), witnesses=[f"pair:{u}-{v}" for u, v in mutual],
                    question=_intro(s) + ("How many unordered pairs of nodes are joined in both directions "
                                          "(an edge from each node to the other)?"))


def strong_components(n, arcs):
    """Strongly connected components (Kosaraju), each sorted, ordered by smallest node."""
    out = [[] for _ in range(n)]
    inn = [[] for _ in range(n)]
    for u, v in arcs:
        out[u].append(v)
        inn[v].append(u)
    seen, order = set(), []
    for s0 in range(n):
        if s0 in seen:
            continue
        seen.add(s0)
        stack = [(s0, iter(out[s0]))]
        while stack:
            u, it = stack[-1]
            nxt = next((v for v in it if v not in seen), None)
            if nxt is None:
                stack.pop()
                order.append(u)
            else:
                seen.add(nxt)
                stack.append((nxt, iter(out[nxt])))
    comp = {}
    for s0 in reversed(order):
        if s0 in comp:
            continue
        comp[s0], todo = s0, [s0]
        while todo:
            u = todo.pop()
            for v in inn[u]:
                if v not in comp:
                    comp[v] = s0
                    todo.append(v)
    groups = {}
    for v in range(n):
        groups.setdefault(comp[v], []).append(v)
    return sorted(sorted(g) for g in groups.values())


@task("directed_strong_component_count", answer="integer", annotation="bbox_set", ops="filtering,counting,topology")
def directed_strong_component_count(q):
    t = q.target({1: range(2, 6), 2: range(3, 7), 3: range(6, 10)}[q.difficulty], stratified=True)
    q.require(t <= q.state["n"], "more components than nodes")

    def build(s, r):
        """Groups made strongly connected by a cycle (plus chords); arcs between groups only go forward."""
        groups = _groups(r, s["n"], t)
        arcs = set()
        for g in groups:
            if len(g) > 1:
                arcs |= {(g[k], g[(k + 1) % len(g)]) for k in range(len(g))}
                arcs |= {(a, b) for a in g for b in g if a != b and (b, a) not in arcs and r.random() < 0.15}
        p = float(r.uniform(0.1, 0.35))
        for i, gi in enumerate(groups):
            for gj in groups[i + 1:]:
                arcs |= {(a, b) for a in gi for b in gj if r.random() < p / max(len(gi), len(gj))}
        s["directed"] = True
        return sorted(list(e) for e in arcs)

    s = _rebuild(q, build)
    comps = strong_components(s["n"], s["edges"])
    q.step("strong_components", components=comps)
    return q.answer(len(comps), witnesses=[f"node:{c[0]}" for c in comps],
                    question=_intro(s) + ("How many strongly connected components does it have (groups in which "
                                          "every node can reach every other by following edge directions; a node "
                                          "on its own counts as one)?"))
