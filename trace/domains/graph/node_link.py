"""graph/node_link: a node-link diagram with lettered circular nodes and straight edges.

Edges may be undirected lines, directed arrows, weighted (a number in a small box on the
edge) or coloured; nodes may be coloured (a coloured ring around the letter).  The layout is
planar: nodes sit in distinct cells of a jittered grid and edges come from a non-crossing
candidate set, so every edge is readable.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Reject, Scene
from tracegen.kits import graphs as G

N_NODES = {1: (5, 7), 2: (8, 10), 3: (11, 13)}
GRID = {1: (4, 3), 2: (5, 3), 3: (5, 4)}
BOX = (24.0, 24.0, 616.0, 456.0)
NODE_COLORS = ("red", "blue", "green", "orange", "purple", "cyan")
EDGE_COLORS = ("red", "blue", "green", "orange", "purple")
N_COLORS = {1: 3, 2: 3, 3: 4}
CROSSING = {1: 0.0, 2: 0.25, 3: 0.6}


class NodeLink(Scene):
    domain, scene_id, size = "graph", "node_link", (640, 480)
    megapixels = (0.52, 0.8)   # image area (MP); the original's median is 0.553 and 0.691 (edge-text tasks)
    description = ("A node-link graph: lettered circular nodes joined by straight edges, drawn without crossings; "
                   "edges may be arrows, carry weight labels or be coloured, nodes may carry a coloured ring.")

    def sample(self, rng, difficulty):
        lo, hi = N_NODES[difficulty]
        return graph_state(rng, int(rng.integers(lo, hi + 1)), difficulty)

    def variant(self, state):
        if state.get("weights") is not None:
            return "weighted"
        if state.get("node_colors"):
            return "node_colored"
        if state.get("edge_colors"):
            return "edge_colored"
        return "directed" if state.get("directed") else "undirected"

    def claims(self, state, params):
        """Colour prompts name nodes and edges by the colour they are drawn in."""
        directed = bool(state.get("directed"))
        return ([Claim(f"node:{i}", "colour", col) for i, col in enumerate(state.get("node_colors") or [])]
                + [Claim(G.edge_id(u, v, directed), "colour", col)
                   for (u, v), col in zip(state["edges"], state.get("edge_colors") or [])])

    def render(self, c, state, params):
        G.draw_node_link(c, state)


def graph_state(rng, n, difficulty):
    """A connected graph of ``n`` nodes: a jittered-grid layout, its candidate edges (crossing ones
    in some cluttered drawings), a random spanning tree plus random extra candidates, node labels."""
    cols, rows = GRID[difficulty]
    cw, ch = (BOX[2] - BOX[0]) / cols, (BOX[3] - BOX[1]) / rows
    cross = bool(rng.random() < CROSSING[difficulty])      # cluttered drawings: edges may cross
    dmax = (3.0 if cross else 2.2) * max(cw, ch)
    for _ in range(30):
        pos = G.grid_layout(rng, n, BOX, cols, rows)
        cand = G.planar_candidates(pos, dmax=dmax, allow_cross=cross)
        if G.n_components(n, cand) == 1:
            break
    tree = G.spanning_tree(rng, n, cand)
    p = float(rng.uniform(0.0, 0.45 if cross else 0.7))
    tset = {tuple(e) for e in tree}
    extra = [e for e in cand if tuple(e) not in tset and rng.random() < p]
    return {"n": n, "labels": G.node_labels(rng, n), "pos": pos, "cand": cand,
            "edges": sorted(tree + extra), "directed": False}


SCENE = NodeLink()
task = SCENE.task


# path and reachability tasks: the original draws larger graphs for them (medians 10-12.5 nodes)
LARGE_NODES = {1: (5, 7), 2: (10, 12), 3: (13, 15)}


def redraw(q, nodes):
    """Edit: a fresh graph with a node count in ``nodes[difficulty]`` (lo, hi) -- for tasks whose graphs
    the original draws smaller or larger than the scene's.  The count sits where the scene state's count
    sits in the scene's range (uniform there, so uniform here): a bigger sampled state stays bigger, and
    the engine's size knob acts on these tasks too."""
    lo, hi = nodes[q.difficulty]
    slo, shi = N_NODES[q.difficulty]
    return q.edit(lambda s, r: graph_state(r, lo + round((s["n"] - slo) * (hi - lo) / max(1, shi - slo)),
                                           q.difficulty))


# ------------------------------------------------------------------ helpers
def _nodes(idx):
    return [f"node:{i}" for i in idx]


def _lab(s, i):
    return s["labels"][i]


def _orient_random(s, r):
    s["edges"] = sorted([v, u] if r.random() < 0.5 else [u, v] for u, v in s["edges"])
    s["directed"] = True
    return s


def _orient_dag(s, r):
    rank = [int(x) for x in r.permutation(s["n"])]
    s["edges"] = sorted([u, v] if rank[u] < rank[v] else [v, u] for u, v in s["edges"])
    s["directed"] = True
    return s


def _degrees(s, kind):
    n = s["n"]
    out = [0] * n
    for u, v in s["edges"]:
        if kind in ("deg", "out"):
            out[u] += 1
        if kind in ("deg", "in"):
            out[v] += 1
    return out


def _grow_components(s, r, first, cap, p_extra=None):
    """Rebuild the edges as components grown over the candidate edges: the first has ``first``
    nodes (else Reject), the others at most ``cap`` nodes each."""
    n, cand = s["n"], s["cand"]
    nb = G.adjacency(n, cand)
    free = [True] * n
    groups = []

    def grow(seed, size):
        g = [seed]
        free[seed] = False
        frontier = [u for u in nb[seed] if free[u]]
        while len(g) < size:
            frontier = [u for u in frontier if free[u]]
            if not frontier:
                break
            u = frontier[int(r.integers(len(frontier)))]
            free[u] = False
            g.append(u)
            frontier += [w for w in nb[u] if free[w]]
        return g

    g0 = grow(int(r.integers(n)), first)
    if len(g0) < first:
        raise Reject("component could not grow to target size")
    groups.append(g0)
    while any(free):
        rest = [i for i in range(n) if free[i]]
        groups.append(grow(rest[int(r.integers(len(rest)))], int(r.integers(1, cap + 1))))
    p = float(r.uniform(0.0, 0.5)) if p_extra is None else p_extra
    edges = []
    for g in groups:
        gs = set(g)
        sub = [e for e in cand if e[0] in gs and e[1] in gs]
        tree = G.spanning_tree(r, n, sub)
        tset = {tuple(e) for e in tree}
        edges += tree + [e for e in sub if tuple(e) not in tset and r.random() < p]
    s["edges"] = sorted(edges)
    return s


# ------------------------------------------------------------------ tasks
def _rebuild_until(q, value_fn, support, tries=40):
    """Resample the edges (spanning tree of the candidates plus random extras, random density)
    until ``value_fn(state)`` equals the instance's balance target; Reject if it never does."""
    t = q.target(support, stratified=True)

    def rebuild(s, r):
        for _ in range(tries):
            tree = G.spanning_tree(r, s["n"], s["cand"])
            p = float(r.uniform(0.0, 0.8))
            tset = {tuple(e) for e in tree}
            s["edges"] = sorted(tree + [e for e in s["cand"] if tuple(e) not in tset and r.random() < p])
            if value_fn(s) == t:
                return s
        raise Reject("edge resampling did not reach the target answer")

    s = q.edit(rebuild)
    q.require(value_fn(s) == t, "answer differs from target")
    return s


CUT_SUPPORT = {1: range(2, 6), 2: range(2, 7), 3: range(3, 8)}


@task("articulation_point_count", answer="integer", annotation="point_set", ops="filtering,counting,topology")
def articulation_point_count(q):
    s = _rebuild_until(q, lambda st: len(G.articulation_points(st["n"], st["edges"])), CUT_SUPPORT[q.difficulty])
    cut = G.articulation_points(s["n"], s["edges"])
    q.step("cut_vertices", nodes=cut)
    return q.answer(len(cut), witnesses=_nodes(cut),
                    question=("How many nodes in this undirected graph are articulation points, i.e. nodes whose "
                              "removal (with their edges) would split the graph into more connected pieces?"))


BRIDGE_SUPPORT = {1: range(1, 4), 2: range(1, 6), 3: range(3, 11)}   # the original's level: 1-4, median 3


@task("bridge_count", answer="integer", annotation="segment_set", ops="filtering,counting,topology")
def bridge_count(q):
    s = _rebuild_until(q, lambda st: len(G.bridges(st["n"], st["edges"])), BRIDGE_SUPPORT[q.difficulty])
    br = G.bridges(s["n"], s["edges"])
    ids = [G.edge_id(*s["edges"][k]) for k in br]
    q.step("bridges", edges=ids)
    return q.answer(len(br), witnesses=ids,
                    question=("How many edges in this undirected graph are bridges, i.e. edges whose removal would "
                              "split the graph into more connected pieces?"))


EXT_SUPPORT = {
    "undirected_max_degree_value": {1: (2, 3, 4), 2: (3, 4, 5), 3: (3, 4, 5, 6)},
    "undirected_min_degree_value": {1: (0, 1, 2), 2: (0, 1, 2), 3: (0, 1, 2)},
    "directed_max_in_degree_value": {1: (2, 3), 2: (2, 3, 4), 3: (2, 3, 4, 5)},
    "directed_max_out_degree_value": {1: (2, 3), 2: (2, 3, 4), 3: (2, 3, 4, 5)},
}


def _plant_max(s, r, t, kind):
    n, cand = s["n"], s["cand"]
    nb = G.adjacency(n, cand)
    ok = [v for v in range(n) if len(nb[v]) >= t]
    if not ok:
        raise Reject("no node can reach the planted degree")
    v = ok[int(r.integers(len(ok)))]
    chosen = {int(u) for u in r.choice(nb[v], size=t, replace=False)}
    edges = [([u, v] if kind == "in" else [v, u]) for u in sorted(chosen)]
    m = [0] * n  # metric of the other nodes
    if kind == "deg":
        for u in chosen:
            m[u] = 1
    p = float(r.uniform(0.35, 0.95))
    for k in r.permutation(len(cand)):
        a, b = cand[int(k)]
        if kind == "deg":
            if v in (a, b) or r.random() >= p:
                continue
            if m[a] < t - 1 and m[b] < t - 1:
                m[a] += 1
                m[b] += 1
                edges.append([a, b])
            continue
        if (a == v and b in chosen) or (b == v and a in chosen) or r.random() >= p:
            continue
        a, b = (b, a) if r.random() < 0.5 else (a, b)
        # metric node: target for in-degree, source for out-degree
        head = b if kind == "in" else a
        if head == v:
            a, b = b, a
            head = b if kind == "in" else a
        if m[head] < t - 1:
            m[head] += 1
            edges.append([a, b])
    s["edges"] = sorted(edges)
    s["directed"] = kind != "deg"
    return s


def _plant_min(s, r, t):
    n, cand = s["n"], s["cand"]
    nb = G.adjacency(n, cand)
    base = [len(x) for x in nb]
    feasible = []
    for v in range(n):
        if base[v] < t:
            continue
        # keep v's edges to the neighbours that can least afford to lose one
        keep = set(sorted(nb[v], key=lambda u: base[u])[:t])
        if all(base[u] - (u in nb[v] and u not in keep) > t for u in range(n) if u != v):
            feasible.append((v, keep))
    if not feasible:
        raise Reject("no node can hold a unique planted minimum")
    v, keep = feasible[int(r.integers(len(feasible)))]
    edges = [e for e in cand if v not in e or (e[0] in keep or e[1] in keep)]
    deg = [0] * n
    for a, b in edges:
        deg[a] += 1
        deg[b] += 1
    p = float(r.uniform(0.1, 0.6))
    out = []
    for k in r.permutation(len(edges)):
        a, b = edges[int(k)]
        if v not in (a, b) and deg[a] > t + 1 and deg[b] > t + 1 and r.random() < p:
            deg[a] -= 1
            deg[b] -= 1
            continue
        out.append([a, b])
    s["edges"] = sorted(out)
    s["directed"] = False
    return s


@task("degree_extremum_value", answer="integer", annotation="point", ops="ranking,topology",
      queries=("undirected_max_degree_value", "undirected_min_degree_value", "directed_max_in_degree_value",
               "directed_max_out_degree_value"))
def degree_extremum_value(q):
    qid = q.query_id
    t = q.target(EXT_SUPPORT[qid][q.difficulty])
    kind = {"undirected": "deg", "in": "in", "out": "out"}[
        "undirected" if qid.startswith("undirected") else ("in" if "_in_" in qid else "out")]
    if qid == "undirected_min_degree_value":
        s = q.edit(lambda st, r: _plant_min(st, r, t))
    else:
        s = q.edit(lambda st, r: _plant_max(st, r, t, kind))
    m = _degrees(s, kind)
    want_max = "_max_" in qid
    best = max(m) if want_max else min(m)
    at = [i for i, x in enumerate(m) if x == best]
    q.require(len(at) == 1, "extremum not attained by a single node")
    q.step("extremum", metric=kind, value=best, node=at[0])
    what = {"undirected_max_degree_value": "the largest degree (number of edges touching a node)",
            "undirected_min_degree_value": "the smallest degree (number of edges touching a node)",
            "directed_max_in_degree_value": "the largest in-degree (number of arrows pointing into a node)",
            "directed_max_out_degree_value": "the largest out-degree (number of arrows leaving a node)"}[qid]
    kind_word = "undirected" if kind == "deg" else "directed"
    return q.answer(best, witnesses=f"node:{at[0]}",
                    question=f"In this {kind_word} graph, what is {what} over all nodes?")


@task("degree_value_filter_count", answer="integer", annotation="point_set", ops="filtering,counting,topology",
      queries=("undirected_degree_count", "directed_in_degree_count", "directed_out_degree_count"))
def degree_value_filter_count(q):
    qid = q.query_id
    kind = {"undirected_degree_count": "deg", "directed_in_degree_count": "in",
            "directed_out_degree_count": "out"}[qid]
    if kind != "deg":
        q.edit(_orient_random)
    s = q.state
    m = _degrees(s, kind)
    t = q.target(range(1, 3 + q.difficulty))
    ks = range(1, 6) if kind == "deg" else range(0, 4)

    def pick(r):
        ok = [k for k in ks if m.count(k) == t]
        return ok[int(r.integers(len(ok)))] if ok else None

    k = q.param("degree", pick)
    q.require(k is not None and m.count(k) == t, "no degree value with the target count")
    hits = [i for i in range(s["n"]) if m[i] == k]
    q.step("filter", metric=kind, degree=k, nodes=hits)
    what = {"deg": f"degree exactly {k} (exactly {k} edge{'s' if k != 1 else ''} touching the node)",
            "in": f"in-degree exactly {k} (exactly {k} arrow{'s' if k != 1 else ''} pointing into the node)",
            "out": f"out-degree exactly {k} (exactly {k} arrow{'s' if k != 1 else ''} leaving the node)"}[kind]
    kind_word = "undirected" if kind == "deg" else "directed"
    return q.answer(len(hits), witnesses=_nodes(hits),
                    question=f"In this {kind_word} graph, how many nodes have {what}?")


def _plant_color_count(q, palette, key, count, spare, support):
    """Colour ``count(state)`` items (edges or nodes) from a few ``palette`` colours so that exactly the
    instance's target number get the target colour; ``spare`` items must remain for the other colours.
    Returns (target colour, state, indices of the target-coloured items)."""
    t = q.target(support[q.difficulty])
    k = N_COLORS[q.difficulty]
    colors = q.param("colors", lambda r: sorted(str(c) for c in r.choice(palette, size=k, replace=False)))
    target = q.choice("target_color", colors)
    others = [c for c in colors if c != target]

    def paint(s, r):
        n = count(s)
        if n < t + spare:
            raise Reject(f"too few {key.split('_')[0]}s for the target count")
        hit = {int(i) for i in r.choice(n, size=t, replace=False)}
        s[key] = [target if i in hit else others[int(r.integers(len(others)))] for i in range(n)]
        return s

    s = q.edit(paint)
    return target, s, [i for i, c in enumerate(s[key]) if c == target]


@task("edge_color_count", answer="integer", annotation="segment_set", ops="filtering,counting")
def edge_color_count(q):
    target, s, idx = _plant_color_count(q, EDGE_COLORS, "edge_colors", lambda s: len(s["edges"]), spare=1,
                                        support={1: range(2, 5), 2: range(2, 6), 3: range(3, 7)})
    ids = [G.edge_id(*s["edges"][i]) for i in idx]
    q.step("filter", color=target, edges=ids)
    return q.answer(len(idx), witnesses=ids, question=f"How many edges in the graph are drawn in {target}?")


@task("node_color_count", answer="integer", annotation="point_set", ops="filtering,counting")
def node_color_count(q):
    target, s, idx = _plant_color_count(q, NODE_COLORS, "node_colors", lambda s: s["n"], spare=0,
                                        support={1: range(2, 5), 2: range(2, 6), 3: range(3, 7)})
    q.step("filter", color=target, nodes=idx)
    return q.answer(len(idx), witnesses=_nodes(idx),
                    question=f"How many nodes in the graph have a {target} ring?")


LARGEST_SUPPORT = {1: (2, 3, 4), 2: (3, 4, 5, 6), 3: (4, 5, 6, 7)}   # the original's level: 2-5


@task("largest_component_size", answer="integer", annotation="point_set", ops="counting,ranking,topology")
def largest_component_size(q):
    t = q.target(LARGEST_SUPPORT[q.difficulty], stratified=True)
    s = q.edit(lambda st, r: _grow_components(st, r, t, t - 1))
    comps = G.components(s["n"], s["edges"])
    sizes = sorted((len(c) for c in comps), reverse=True)
    q.require(len(sizes) >= 2 and sizes[0] > sizes[1], "largest component not unique")
    big = max(comps, key=len)
    q.step("components", sizes=sizes, largest=big)
    return q.answer(len(big), witnesses=_nodes(big),
                    question=("This undirected graph falls into separate connected pieces. How many nodes are in "
                              "its largest connected component?"))


LONGEST_SUPPORT = {1: (2, 3, 4), 2: (2, 3, 4, 5), 3: (3, 4, 5, 6)}   # the original's level: 2-5


def _longest_paths(n, edges):
    """Longest path length (edges) in a DAG, the number of such paths and one of them."""
    adj = G.adjacency(n, edges, directed=True)
    indeg = [0] * n
    for _, v in edges:
        indeg[v] += 1
    order = [v for v in range(n) if indeg[v] == 0]
    for u in order:
        for v in adj[u]:
            indeg[v] -= 1
            if indeg[v] == 0:
                order.append(v)
    ln, cnt, prev = [0] * n, [1] * n, [None] * n
    for u in order:
        for v in adj[u]:
            if ln[u] + 1 > ln[v]:
                ln[v], cnt[v], prev[v] = ln[u] + 1, cnt[u], u
            elif ln[u] + 1 == ln[v]:
                cnt[v] += cnt[u]
    best = max(ln)
    total = sum(cnt[v] for v in range(n) if ln[v] == best)
    end = max(range(n), key=lambda v: ln[v])
    path = [end]
    while prev[path[-1]] is not None:
        path.append(prev[path[-1]])
    return best, total, path[::-1]


@task("longest_path_length", answer="integer", annotation="point_sequence", ops="counting,ranking,topology",
      version=2)
def longest_path_length(q):
    redraw(q, LARGE_NODES)
    t = q.target(LONGEST_SUPPORT[q.difficulty], stratified=True)

    def build(s, r):
        for k in range(60):
            if k % 4 == 0:  # fresh edges every few orientations
                tree = G.spanning_tree(r, s["n"], s["cand"])
                p = float(r.uniform(0.0, 0.6))
                tset = {tuple(e) for e in tree}
                und = sorted(tree + [e for e in s["cand"] if tuple(e) not in tset and r.random() < p])
            s["edges"] = und
            s = _orient_dag(s, r)
            best, total, _ = _longest_paths(s["n"], s["edges"])
            if best == t and total == 1:
                return s
        raise Reject("no orientation with a unique longest path of the target length")

    s = q.edit(build)
    best, total, path = _longest_paths(s["n"], s["edges"])
    q.require(total == 1 and best == t, "longest path not unique")
    q.step("longest_path", nodes=path, length=best)
    return q.answer(best, witnesses=_nodes(path),
                    question=("This directed graph has no directed cycles. How many edges are on its longest "
                              "directed path (following the arrows)?"))


def _weigh(s, r, top=None):
    lp = G.place_edge_labels(s["pos"], s["edges"], bw=G.WEIGHT_BOX[0], bh=G.WEIGHT_BOX[1], bounds=(12, 12, 628, 468))
    keep = [k for k, p in enumerate(lp) if p is not None]
    s["edges"] = [s["edges"][k] for k in keep]
    s["label_pos"] = [lp[k] for k in keep]
    s["weights"] = G.distinct_weights(r, len(keep), top)
    return s


MST_NODES = {1: (3, 4), 2: (4, 5), 3: (6, 8)}       # the original's weighted graphs: 4-5 nodes, weights 1-9
MST_TOP_WEIGHT = {1: 9, 2: 9, 3: 20}
MST_TOTAL = {1: range(4, 12), 2: range(8, 19), 3: range(18, 41)}   # the original's level: 8-23, median 13


def _mst_total(s):
    return sum(s["weights"][k] for k in G.minimum_spanning_tree(s["n"], s["edges"], s["weights"]))


@task("mst_weight", answer="integer", annotation="segment_set", ops="ranking,aggregation,topology")
def mst_weight(q):
    lo, hi = MST_NODES[q.difficulty]
    t = q.target(MST_TOTAL[q.difficulty], stratified=True)

    def build(s, r):
        """A small weighted graph of its own, redrawn until its minimum spanning tree weighs the target."""
        for _ in range(100):
            st = _weigh(graph_state(r, int(r.integers(lo, hi + 1)), q.difficulty), r, MST_TOP_WEIGHT[q.difficulty])
            if G.n_components(st["n"], st["edges"]) == 1 and _mst_total(st) == t:
                return st
        q.reject("no small weighted graph with the target spanning-tree weight")

    s = q.edit(build)
    q.require(G.n_components(s["n"], s["edges"]) == 1, "weighted graph is not connected")
    chosen = G.minimum_spanning_tree(s["n"], s["edges"], s["weights"])
    total = sum(s["weights"][k] for k in chosen)
    ids = [G.edge_id(*s["edges"][k]) for k in chosen]
    q.step("kruskal", edges=ids, total=total)
    return q.answer(total, witnesses=ids,
                    question=("The numbers on the edges are edge weights. What is the total weight of a minimum "
                              "spanning tree of this graph?"))


REACH_SUPPORT = {1: (2, 3, 4, 5), 2: (3, 4, 5, 6, 7), 3: (4, 5, 6, 7, 8, 9)}


@task("reachable_count", answer="integer", annotation="point_set", ops="filtering,counting,topology", version=2)
def reachable_count(q):
    redraw(q, LARGE_NODES)
    s = q.edit(_orient_random)
    n = s["n"]
    t = q.target(REACH_SUPPORT[q.difficulty])
    reach = [G.descendants(n, s["edges"], v) for v in range(n)]

    def pick(r):
        ok = [v for v in range(n) if len(reach[v]) == t]
        return ok[int(r.integers(len(ok)))] if ok else None

    src = q.param("source", pick)
    q.require(src is not None and len(reach[src]) == t, "no source with the target reach")
    q.step("reach", source=src, nodes=reach[src])
    return q.answer(t, witnesses=_nodes(reach[src]),
                    question=(f"Starting at node {_lab(s, src)} and following the arrows, how many other nodes "
                              f"can be reached (not counting {_lab(s, src)} itself)?"))


SAME_SUPPORT = {1: (3, 4, 5), 2: (3, 4, 5, 6, 7), 3: (4, 5, 6, 7, 8)}


@task("same_component_count", answer="integer", annotation="point_set", ops="counting,topology", version=2)
def same_component_count(q):
    redraw(q, LARGE_NODES)
    t = q.target(SAME_SUPPORT[q.difficulty])
    cap = q.param("cap", lambda r: int(r.integers(2, 6)))
    s = q.edit(lambda st, r: _grow_components(st, r, t, cap))
    comps = G.components(s["n"], s["edges"])
    q.require(len(comps) >= 2, "graph is connected")
    cands = [c for c in comps if len(c) == t]

    def pick(r):
        c = cands[int(r.integers(len(cands)))]
        return int(c[int(r.integers(len(c)))])

    ref = q.param("reference", pick)
    comp = next(c for c in comps if ref in c)
    q.step("component", reference=ref, nodes=comp)
    return q.answer(len(comp), witnesses=_nodes(comp),
                    question=(f"How many nodes are in the same connected component as node {_lab(s, ref)}, "
                              f"counting {_lab(s, ref)} itself?"))


PATH_SUPPORT = {1: (2, 3, 4), 2: (2, 3, 4, 5), 3: (3, 4, 5, 6)}   # the original's level: 2-5


@task("shortest_path_length", answer="integer", annotation="point_sequence", ops="counting,ranking,topology",
      queries=("undirected_shortest_path_length", "directed_shortest_path_length"), version=2)
def shortest_path_length(q):
    directed = q.query_id == "directed_shortest_path_length"
    redraw(q, LARGE_NODES)
    if directed:
        q.edit(_orient_random)
    s = q.state
    n = s["n"]
    t = q.target(PATH_SUPPORT[q.difficulty], stratified=True)
    adj = G.adjacency(n, s["edges"], directed=directed)
    info = [G.shortest_paths_count(adj, v) for v in range(n)]

    def pick(r):
        ok = [[a, b] for a in range(n) for b in range(n)
              if a != b and info[a][0].get(b) == t and info[a][1][b] == 1 and (directed or a < b)]
        if not ok:
            return None
        a, b = ok[int(r.integers(len(ok)))]
        return [a, b] if directed or r.random() < 0.5 else [b, a]

    pair = q.param("pair", pick)
    q.require(pair is not None, "no pair with a unique shortest path of the target length")
    a, b = pair
    dist = info[a][0]
    path = [b]
    while path[-1] != a:  # walk back along the unique shortest path
        u = path[-1]
        path.append(next(w for w in range(n) if dist.get(w) == dist[u] - 1 and u in adj[w]))
    path.reverse()
    q.step("shortest_path", nodes=path, length=t)
    how = " following the arrows" if directed else ""
    return q.answer(t, witnesses=_nodes(path),
                    question=(f"What is the length, in edges, of the shortest path from node {_lab(s, a)} to "
                              f"node {_lab(s, b)}{how}?"))
