"""graph/adjacency: an undirected graph given as text, either an adjacency matrix or an
adjacency list (neighbours in alphabetical order), optionally with edge weights."""

from __future__ import annotations

from collections import deque

from tracegen.core import graphs as G
from tracegen.core.grid import Grid
from tracegen.core.task import Reject, Scene

N_NODES = {1: (5, 6), 2: (7, 8), 3: (9, 10)}
W, H = 640, 480
TOP = 52


class Adjacency(Scene):
    domain, scene_id, size = "graph", "adjacency", (W, H)
    description = ("An undirected graph written as an adjacency matrix (1/0, or weights with '-' for no edge) "
                   "or as an adjacency list (each node followed by its neighbours, weights in brackets).")

    def sample(self, rng, difficulty):
        lo, hi = N_NODES[difficulty]
        n = int(rng.integers(lo, hi + 1))
        order = [int(x) for x in rng.permutation(n)]
        edges = set()
        for k in range(1, n):
            u, v = order[k], order[int(rng.integers(k))]
            edges.add((min(u, v), max(u, v)))
        p = float(rng.uniform(0.0, 0.3))
        for u in range(n):
            for v in range(u + 1, n):
                if (u, v) not in edges and rng.random() < p:
                    edges.add((u, v))
        return {"n": n, "labels": list(G.LETTERS[:n]), "edges": sorted(list(e) for e in edges),
                "weights": None, "variant": "matrix" if rng.random() < 0.5 else "list"}

    def variant(self, state):
        return state["variant"] + ("_weighted" if state.get("weights") is not None else "")

    def render(self, c, state, params):
        weighted = state.get("weights") is not None
        kind = "matrix" if state["variant"] == "matrix" else "list"
        title = f"{'Weighted adjacency' if weighted else 'Adjacency'} {kind} of an undirected graph"
        c.text(W / 2, 26, title, size=17, bold=True)
        if kind == "matrix":
            _render_matrix(c, state, weighted)
        else:
            _render_list(c, state, weighted)


def _wmap(state):
    ws = state.get("weights")
    return {(u, v): (ws[k] if ws is not None else 1) for k, (u, v) in enumerate(state["edges"])}


def _render_matrix(c, state, weighted):
    n, labels = state["n"], state["labels"]
    wm = _wmap(state)
    g = Grid.fit(n + 1, n + 1, 20, TOP, W - 40, H - TOP - 16)
    size = min(15.0, max(12.0, g.cell * 0.42))
    for r in range(n + 1):
        for k in range(n + 1):
            x0, y0, x1, y1 = g.box(r, k)
            header = r == 0 or k == 0
            c.rect(x0, y0, x1 - x0, y1 - y0, fill="panel" if header else None, stroke="grid", lw=1.0)
    c.rect(g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0, stroke="ink", lw=1.5)
    c.line(g.x0, g.y0 + g.ch, g.x1, g.y0 + g.ch, color="ink", lw=1.5)
    c.line(g.x0 + g.cell, g.y0, g.x0 + g.cell, g.y1, color="ink", lw=1.5)
    for i in range(n):
        cx, cy = g.center(i + 1, 0)
        c.text(cx, cy, labels[i], size=size, bold=True)
        c.register(f"node:{i}", box=g.box(i + 1, 0))
        cx, cy = g.center(0, i + 1)
        c.text(cx, cy, labels[i], size=size, bold=True)
        c.register(f"col:{i}", box=g.box(0, i + 1))
    for i in range(n):
        for j in range(n):
            w = wm.get((min(i, j), max(i, j)))
            s = (str(w) if w is not None else "-") if weighted else ("1" if w is not None else "0")
            cx, cy = g.center(i + 1, j + 1)
            c.text(cx, cy, s, size=size, color="ink" if w is not None else "muted", bold=w is not None)
            c.register(f"entry:{i}:{j}", box=g.box(i + 1, j + 1))


def _render_list(c, state, weighted):
    n, labels = state["n"], state["labels"]
    wm = _wmap(state)
    nbrs = [[] for _ in range(n)]
    for (u, v), w in sorted(wm.items()):
        nbrs[u].append((v, w))
        nbrs[v].append((u, w))
    lh = min(40.0, (H - TOP - 16) / n)
    size = 15.0 if lh >= 34 else 14.0
    x0 = 44.0
    y = TOP + (H - TOP - 16 - lh * n) / 2
    for i in range(n):
        cy = y + (i + 0.5) * lh
        if i % 2 == 0:
            c.rect(x0 - 14, cy - lh / 2, W - 2 * (x0 - 14), lh, fill="panel")
        b = c.text(x0, cy, labels[i], size=size + 1, bold=True, anchor="l")
        c.register(f"node:{i}", box=(b[0] - 4, cy - lh / 2 + 2, b[2] + 4, cy + lh / 2 - 2))
        x = c.text(b[2], cy, ":", size=size + 1, bold=True, anchor="l")[2] + 14
        items = sorted(nbrs[i])
        if not items:
            c.text(x, cy, "(none)", size=size, color="muted", anchor="l")
        for k, (j, w) in enumerate(items):
            s = f"{labels[j]} ({w})" if weighted else labels[j]
            bb = c.text(x, cy, s, size=size, anchor="l", id=f"entry:{i}:{j}")
            x = bb[2]
            if k < len(items) - 1:
                x = c.text(x, cy, ",", size=size, anchor="l")[2] + 10


SCENE = Adjacency()
task = SCENE.task


def _entry(u, v):
    return f"entry:{min(u, v)}:{max(u, v)}"


# ------------------------------------------------------------------ tasks
@task("mst_weight", answer="integer", annotation="bbox_set", ops="ranking,aggregation,topology")
def mst_weight(q):
    def weigh(s, r):
        s["weights"] = G.distinct_weights(r, len(s["edges"]))
        return s

    s = q.edit(weigh)
    q.require(G.n_components(s["n"], s["edges"]) == 1, "graph is not connected")
    chosen = G.minimum_spanning_tree(s["n"], s["edges"], s["weights"])
    total = sum(s["weights"][k] for k in chosen)
    ids = [_entry(*s["edges"][k]) for k in chosen]
    q.step("kruskal", edges=ids, total=total)
    return q.answer(total, witnesses=ids,
                    question=("The table describes a weighted undirected graph. What is the total weight of its "
                              "minimum spanning tree?"))


def _traverse(n, edges, src, mode):
    adj = [sorted(x) for x in G.adjacency(n, edges)]
    if mode == "bfs":
        seen, order, dq = {src}, [], deque([src])
        while dq:
            u = dq.popleft()
            order.append(u)
            for v in adj[u]:
                if v not in seen:
                    seen.add(v)
                    dq.append(v)
        return order
    seen, order = set(), []
    stack = [(src, iter(adj[src]))]
    seen.add(src)
    order.append(src)
    while stack:
        u, it = stack[-1]
        for v in it:
            if v not in seen:
                seen.add(v)
                order.append(v)
                stack.append((v, iter(adj[v])))
                break
        else:
            stack.pop()
    return order


ORDINAL = {2: "2nd", 3: "3rd"}


@task("traversal_kth_label", answer="string", annotation="bbox_sequence", ops="ranking,topology")
def traversal_kth_label(q):
    s = q.state
    n = s["n"]
    mode = q.choice("traversal", ["bfs", "dfs"])
    src = q.param("source", lambda r: int(r.integers(n)))
    order = _traverse(n, s["edges"], src, mode)
    q.require(len(order) >= 3, "source reaches too few nodes")
    k = q.param("position", lambda r: int(r.integers(2, min(len(order), 3 + 2 * q.difficulty) + 1)))
    q.require(k <= len(order), "position beyond the traversal")
    seq = order[:k]
    ans = s["labels"][seq[-1]]
    q.step("traverse", mode=mode, source=src, order=order, position=k)
    nth = ORDINAL.get(k, f"{k}th")
    src_l = s["labels"][src]
    if mode == "bfs":
        how = (f"Run a breadth-first search from node {src_l}: when a node is taken from the queue, its unvisited "
               f"neighbours are added to the queue in alphabetical order.")
    else:
        how = (f"Run a depth-first search from node {src_l}: from the current node always go to its alphabetically "
               f"first unvisited neighbour, and backtrack when there is none.")
    return q.answer(ans, witnesses=[f"node:{i}" for i in seq], examples=s["labels"],
                    question=(f"The table describes an undirected graph. {how} Counting {src_l} as the 1st node "
                              f"visited, which node is visited {nth}?"))


@task("undirected_component_count", answer="integer", annotation="bbox_set", ops="filtering,counting,topology")
def undirected_component_count(q):
    t = q.target(range(1, 3 + q.difficulty))

    def build(s, r):
        n = s["n"]
        perm = [int(x) for x in r.permutation(n)]
        cuts = sorted(int(x) for x in r.choice(range(1, n), size=t - 1, replace=False)) if t > 1 else []
        groups = [perm[a:b] for a, b in zip([0] + cuts, cuts + [n])]
        p = float(r.uniform(0.0, 0.4))
        edges = set()
        for g in groups:
            for k in range(1, len(g)):
                u, v = g[k], g[int(r.integers(k))]
                edges.add((min(u, v), max(u, v)))
            for a in range(len(g)):
                for b in range(a + 1, len(g)):
                    if r.random() < p:
                        edges.add((min(g[a], g[b]), max(g[a], g[b])))
        s["edges"] = sorted(list(e) for e in edges)
        return s

    s = q.edit(build)
    comps = G.components(s["n"], s["edges"])
    if len(comps) != t:
        raise Reject("component count differs from target")
    reps = [c[0] for c in comps]
    q.step("components", components=comps)
    return q.answer(len(comps), witnesses=[f"node:{i}" for i in reps],
                    question=("The table describes an undirected graph. How many connected components does the "
                              "graph have (an isolated node counts as its own component)?"))
