"""graph/node_link, second task module: relations between named nodes, imagined edits (an edge or a
node removed or added), cycles (unique, Hamiltonian, chordless), topological order, coloured
endpoints and text labels on edges.

Same scene as ``node_link`` (its sampler and renderer; a separate Scene instance so each module
registers its own tasks).  Most programs resample the edges over the layout's candidate set until
some choice of nodes or edges reaches the instance's balanced target, and keep that choice in the
state (``pick``), so the picture, the question and the answer come from one recorded state.
"""

from __future__ import annotations

import math

from tracegen.domains.graph.node_link import LARGE_NODES, NodeLink, _degrees, _lab, _nodes, _orient_random, redraw
from tracegen.kits import graphs as G

SCENE = NodeLink()
task = SCENE.task

NODE_PALETTE = ("red", "blue", "green", "yellow", "orange", "purple", "cyan", "pink")


# ------------------------------------------------------------------ helpers
def _resample(s, r, mode="undirected", p_hi=0.6, drop=0):
    """Fresh edges over the layout's candidates: a random spanning tree, ``drop`` tree edges taken
    out (to split the graph), random extra edges; oriented at random for ``mode="directed"``."""
    tree = G.spanning_tree(r, s["n"], s["cand"])
    for _ in range(drop):
        if tree:
            tree.pop(int(r.integers(len(tree))))
    p = float(r.uniform(0.0, p_hi))
    tset = {tuple(e) for e in tree}
    s["edges"] = sorted(tree + [e for e in s["cand"] if tuple(e) not in tset and r.random() < p])
    s["directed"] = False
    if mode == "directed":
        _orient_random(s, r)
    return s


def _search(q, support, attempt, *, mode="undirected", tries=40, p_hi=0.6, drop=(0, 0)):
    """Edit: resample the edges until ``attempt(state, rng, target)`` returns a choice (JSON) for the
    instance's target (stratified over a build); the choice is kept in the state as ``pick``."""
    t = q.target(support[q.difficulty] if isinstance(support, dict) else support, stratified=True)

    def fn(s, r):
        for _ in range(tries):
            _resample(s, r, mode, p_hi, int(r.integers(drop[0], drop[1] + 1)))
            pick = attempt(s, r, t)
            if pick is not None:
                s["pick"] = pick
                return s
        q.reject("no graph reaches the target")

    s = q.edit(fn)
    return t, s, s["pick"]


def _choose(r, items):
    return items[int(r.integers(len(items)))] if items else None


def _relation(s, kind):
    """Per node: neighbours (undirected), successors or predecessors."""
    n = s["n"]
    out = [set() for _ in range(n)]
    for u, v in s["edges"]:
        if kind in ("neighbor", "successor"):
            out[u].add(v)
        if kind in ("neighbor", "predecessor"):
            out[v].add(u)
    return out


def _component(n, edges, v):
    return next(c for c in G.components(n, edges) if v in c)


def _edge_ids(s, idx):
    return [G.edge_id(*s["edges"][k], directed=bool(s.get("directed"))) for k in idx]


def _kind_word(s):
    return "directed" if s.get("directed") else "undirected"


# ------------------------------------------------------------------ relations between named nodes
REL = {"undirected_common_neighbor_count": "neighbor", "directed_common_successor_count": "successor",
       "directed_common_predecessor_count": "predecessor"}


def _set_pair(s, a, b, into_b):
    """Put the candidate pair {a, b} into the edges (directed graphs: a -> b if ``into_b``)."""
    s["edges"] = [e for e in s["edges"] if sorted(e) != sorted([a, b])]
    s["edges"].append([a, b] if into_b or not s["directed"] else [b, a])
    if not s["directed"]:
        s["edges"][-1].sort()


@task("common_related_node_count", answer="integer", annotation="point_set",
      ops="filtering,counting,logical_composition,topology", queries=tuple(REL))
def common_related_node_count(q):
    kind = REL[q.query_id]
    t = q.target({1: range(1, 4), 2: range(1, 5), 3: range(2, 5)}[q.difficulty])

    def fn(s, r):
        """Two nodes with at least ``t`` common candidate neighbours; exactly ``t`` of them made related
        to both, every other common neighbour related to at most one of the two."""
        nb = [set(x) for x in G.adjacency(s["n"], s["cand"])]
        pairs = [[a, b] for a in range(s["n"]) for b in range(a + 1, s["n"]) if len(nb[a] & nb[b]) >= t]
        q.require(bool(pairs), "no two nodes share enough candidate neighbours")
        _resample(s, r, "undirected" if kind == "neighbor" else "directed", 0.8)
        a, b = _choose(r, pairs)
        shared = sorted(nb[a] & nb[b])
        keep = {shared[int(i)] for i in r.choice(len(shared), size=t, replace=False)}
        out = kind != "predecessor"          # arrows from a and b to x (successors), or from x (predecessors)
        for x in shared:
            if x in keep:
                _set_pair(s, a, x, out)
                _set_pair(s, b, x, out)
            elif kind == "neighbor":
                s["edges"] = [e for e in s["edges"] if sorted(e) != sorted([b, x])]
            else:
                _set_pair(s, b, x, not out)
        s["edges"].sort()
        s["pick"] = [a, b]
        return s

    s = q.edit(fn)
    a, b = s["pick"]
    rel = _relation(s, kind)
    common = sorted(rel[a] & rel[b])
    q.step("common", nodes=[a, b], relation=kind, common=common)
    A, B = _lab(s, a), _lab(s, b)
    what = {"neighbor": f"are joined by an edge to both node {A} and node {B}",
            "successor": f"have an arrow coming from node {A} and an arrow coming from node {B}",
            "predecessor": f"have an arrow going to node {A} and an arrow going to node {B}"}[kind]
    return q.answer(len(common), witnesses=_nodes(common),
                    question=f"In this {_kind_word(s)} graph, how many nodes {what}?")


@task("unique_related_node_label", answer="string", annotation="point", ops="topology",
      queries=("unique_neighbor_label", "unique_successor_label", "unique_predecessor_label"))
def unique_related_node_label(q):
    kind = q.query_id.split("_")[1]

    def fn(s, r):
        _resample(s, r, "undirected" if kind == "neighbor" else "directed", 0.7)
        rel = _relation(s, kind)
        s["pick"] = _choose(r, [v for v in range(s["n"]) if len(rel[v]) == 1])
        q.require(s["pick"] is not None, "no node with exactly one related node")
        return s

    s = q.edit(fn)
    v = s["pick"]
    (u,) = _relation(s, kind)[v]
    q.step("unique_relation", node=v, relation=kind, related=u)
    V = _lab(s, v)
    what = {"neighbor": f"Node {V} is joined by an edge to exactly one other node",
            "successor": f"Exactly one arrow leaves node {V}",
            "predecessor": f"Exactly one arrow points into node {V}"}[kind]
    end = {"neighbor": "Which node is it", "successor": "Which node does it point to",
           "predecessor": "Which node does it come from"}[kind]
    return q.answer(_lab(s, u), witnesses=f"node:{u}", examples=s["labels"],
                    question=f"In this {_kind_word(s)} graph: {what}. {end}? Answer with its label.")


# the original's level: 0-3, mostly 0 and 1 (median 1)
NAMED_SUPPORT = {"touch": {1: (1, 2), 2: (1, 2, 3), 3: range(2, 6)},
                 "one_way": {1: (0, 1), 2: (0, 0, 1, 2), 3: range(1, 5)}}
NAMED = {"undirected_named_node_degree_value": "deg", "directed_named_node_in_degree_value": "in",
         "directed_named_node_out_degree_value": "out", "directed_named_node_total_degree_value": "total"}


@task("named_node_degree_value", answer="integer", annotation="segment_set", ops="filtering,topology",
      queries=tuple(NAMED))
def named_node_degree_value(q):
    kind = NAMED[q.query_id]
    t = q.target(NAMED_SUPPORT["touch" if kind in ("deg", "total") else "one_way"][q.difficulty], stratified=True)

    def fn(s, r):
        """A node with enough candidate edges gets exactly ``t`` edges of the asked kind."""
        nb = G.adjacency(s["n"], s["cand"])
        vs = [v for v in range(s["n"]) if len(nb[v]) >= max(t, 1)]
        q.require(bool(vs), "no node can reach the degree")
        _resample(s, r, "undirected" if kind == "deg" else "directed", 0.8)
        v = _choose(r, vs)
        touching = [x for e in s["edges"] if v in e for x in e if x != v]
        if kind in ("deg", "total"):
            chosen = [nb[v][int(i)] for i in r.choice(len(nb[v]), size=t, replace=False)]
            s["edges"] = [e for e in s["edges"] if v not in e]
            for x in chosen:
                _set_pair(s, v, x, bool(r.random() < 0.5))
        else:
            spare = [x for x in nb[v] if x not in touching]
            while len(touching) < t:
                touching.append(spare.pop(int(r.integers(len(spare)))))
            inward = {touching[int(i)] for i in r.choice(len(touching), size=t, replace=False)}
            for x in touching:   # exactly t of v's arrows point the asked way
                _set_pair(s, v, x, (x in inward) != (kind == "in"))
        s["edges"].sort()
        s["pick"] = v
        return s

    s = q.edit(fn)
    v = s["pick"]
    touching = [k for k, (a, b) in enumerate(s["edges"]) if (kind in ("deg", "total", "out") and a == v)
                or (kind in ("deg", "total", "in") and b == v)]
    q.step("degree", node=v, metric=kind, edges=touching)
    V = _lab(s, v)
    what = {"deg": f"How many edges touch node {V}",
            "in": f"How many arrows point into node {V}",
            "out": f"How many arrows leave node {V}",
            "total": f"How many arrows touch node {V} in total (arrows in plus arrows out)"}[kind]
    return q.answer(len(touching), witnesses=_edge_ids(s, touching),
                    question=f"In this {_kind_word(s)} graph: {what}?")


# ------------------------------------------------------------------ imagined edits
@task("component_size_after_edge_edit", answer="integer", annotation="point_set",
      ops="counting,topology,state_update",
      queries=("component_size_after_edge_removal", "component_size_after_edge_addition"))
def component_size_after_edge_edit(q):
    removal = q.query_id.endswith("removal")

    def attempt(s, r, t):
        n, edges = s["n"], s["edges"]
        have = {tuple(e) for e in edges}
        opts = []
        if removal:
            for k, (u, v) in enumerate(edges):
                rest = edges[:k] + edges[k + 1:]
                opts += [[u, v, ref] for ref in (u, v) if len(_component(n, rest, ref)) == t]
        else:
            for u in range(n):
                for v in range(u + 1, n):
                    if (u, v) not in have and _component(n, edges, u) != _component(n, edges, v):
                        opts += [[u, v, ref] for ref in (u, v)
                                 if len(_component(n, edges + [[u, v]], ref)) == t]
        return _choose(r, opts)

    _, s, (u, v, ref) = _search(q, {1: range(2, 6), 2: range(2, 7), 3: range(4, 10)}, attempt, p_hi=0.35,
                                drop=(1, 3))
    edited = [e for e in s["edges"] if e != [u, v]] if removal else s["edges"] + [[u, v]]
    comp = _component(s["n"], edited, ref)
    q.step("edit", edge=[u, v], removed=removal, component=comp)
    U, V, R = _lab(s, u), _lab(s, v), _lab(s, ref)
    edit = (f"the edge between node {U} and node {V} were deleted" if removal else
            f"a new edge were drawn between node {U} and node {V}")
    return q.answer(len(comp), witnesses=_nodes(comp),
                    question=(f"In this undirected graph, suppose {edit}. How many nodes would then be in the "
                              f"connected component containing node {R}, counting {R} itself?"))


@task("reachable_count_after_edge_edit", answer="integer", annotation="point_set",
      ops="filtering,counting,topology,state_update",
      queries=("reachable_count_after_edge_removal", "reachable_count_after_edge_addition"), version=2)
def reachable_count_after_edge_edit(q):
    removal = q.query_id.endswith("removal")

    def attempt(s, r, t):
        n, edges = s["n"], s["edges"]
        pairs = {frozenset(e) for e in edges}
        edits = ([e for e in edges] if removal else
                 [[a, b] for a in range(n) for b in range(n) if a != b and frozenset((a, b)) not in pairs])
        edits = [edits[int(i)] for i in r.permutation(len(edits))[:24]]
        opts, changed = [], []
        for e in edits:
            after = [x for x in edges if x != e] if removal else edges + [e]
            for src in range(n):
                k = len(G.descendants(n, after, src)) + 1            # the start node counts, as in the original
                if k == t:
                    (changed if k != len(G.descendants(n, edges, src)) + 1 else opts).append([e[0], e[1], src])
        return _choose(r, changed if changed and r.random() < 0.8 else opts or changed)

    redraw(q, LARGE_NODES)
    _, s, (a, b, src) = _search(q, {1: range(2, 6), 2: range(2, 7), 3: range(4, 11)}, attempt, mode="directed",
                                p_hi=0.5, tries=25)
    after = [x for x in s["edges"] if x != [a, b]] if removal else s["edges"] + [[a, b]]
    reach = sorted([src] + G.descendants(s["n"], after, src))
    q.step("edit", arrow=[a, b], removed=removal, source=src, reachable=reach)
    A, B, S = _lab(s, a), _lab(s, b), _lab(s, src)
    edit = (f"the arrow from node {A} to node {B} were deleted" if removal else
            f"a new arrow were drawn from node {A} to node {B}")
    return q.answer(len(reach), witnesses=_nodes(reach),
                    question=(f"In this directed graph, suppose {edit}. How many nodes could then be reached from "
                              f"node {S} by following arrows, including {S} itself?"))


@task("isolated_after_removal_count", answer="integer", annotation="point_set",
      ops="filtering,counting,topology,state_update")
def isolated_after_removal_count(q):
    directed = q.param("directed", lambda r: bool(r.random() < 0.5))

    def lonely(s, v):
        touched = {x for e in s["edges"] if v not in e for x in e}
        return [u for u in range(s["n"]) if u != v and u not in touched]

    def attempt(s, r, t):
        return _choose(r, [v for v in range(s["n"]) if len(lonely(s, v)) == t])

    _, s, v = _search(q, {1: range(1, 5), 2: range(1, 6), 3: range(2, 7)}, attempt,
                      mode="directed" if directed else "undirected", p_hi=0.2, drop=(0, 2))
    iso = lonely(s, v)
    q.step("remove_node", node=v, isolated=iso)
    V = _lab(s, v)
    link = "arrows" if directed else "edges"
    return q.answer(len(iso), witnesses=_nodes(iso),
                    question=(f"In this {_kind_word(s)} graph, imagine deleting node {V} together with all its "
                              f"{link}. How many of the remaining nodes would then have no {link} at all?"))


REMOVAL_NODES = {1: (4, 5), 2: (5, 7), 3: (8, 10)}   # the original draws these graphs small: 5-7 nodes


@task("degree_after_removal_filter_count", answer="integer", annotation="point_set",
      ops="filtering,counting,topology,state_update",
      queries=("undirected_degree_one_filter_remaining_count", "directed_in_degree_one_filter_remaining_count",
               "directed_out_degree_one_filter_remaining_count"))
def degree_after_removal_filter_count(q):
    kind = "deg" if q.query_id.startswith("undirected") else ("in" if "_in_" in q.query_id else "out")

    def attempt(s, r, t):
        return 1 if sum(1 for m in _degrees(s, kind) if m != 1) == t else None

    redraw(q, REMOVAL_NODES)
    _, s, _ = _search(q, {1: range(1, 5), 2: range(1, 6), 3: range(4, 9)}, attempt,
                      mode="undirected" if kind == "deg" else "directed", p_hi=0.5, tries=60)
    keep = [v for v, m in enumerate(_degrees(s, kind)) if m != 1]
    q.step("remove_degree_one", metric=kind, remaining=keep)
    what = {"deg": "exactly one edge", "in": "exactly one incoming arrow", "out": "exactly one outgoing arrow"}[kind]
    return q.answer(len(keep), witnesses=_nodes(keep),
                    question=(f"In this {_kind_word(s)} graph, delete at once every node that has {what} (judged in "
                              f"the graph as drawn). How many nodes remain?"))


# ------------------------------------------------------------------ cycles and order
def _tree_path(n, tree, a, b):
    adj = G.adjacency(n, tree)
    prev, todo = {a: None}, [a]
    while todo:
        u = todo.pop()
        for w in adj[u]:
            if w not in prev:
                prev[w] = u
                todo.append(w)
    path = [b]
    while path[-1] != a:
        path.append(prev[path[-1]])
    return path[::-1]


@task("unique_cycle_size", answer="integer", annotation="point_set", ops="counting,topology")
def unique_cycle_size(q):
    t = q.target({1: range(3, 6), 2: range(3, 7), 3: range(4, 9)}[q.difficulty])

    def fn(s, r):
        for _ in range(30):
            tree = G.spanning_tree(r, s["n"], s["cand"])
            tset = {tuple(e) for e in tree}
            extra = [e for e in s["cand"] if tuple(e) not in tset
                     and len(_tree_path(s["n"], tree, *e)) == t]
            if extra:
                e = extra[int(r.integers(len(extra)))]
                s["edges"], s["directed"] = sorted(tree + [e]), False
                s["pick"] = _tree_path(s["n"], tree, *e)
                return s
        q.reject("no candidate edge closes a cycle of the target size")

    s = q.edit(fn)
    cyc = sorted(s["pick"])
    q.step("cycle", nodes=s["pick"])
    return q.answer(len(cyc), witnesses=_nodes(cyc),
                    question="This undirected graph contains exactly one cycle. How many nodes lie on that cycle?")


def chordless_cycles(n, edges):
    """Every induced (chordless) cycle of length >= 3, each once, as a node list from its smallest node."""
    adj = [set(x) for x in G.adjacency(n, edges)]
    out = []

    def extend(path):
        for w in sorted(adj[path[-1]]):
            if w <= path[0] or w in path or any(x in adj[w] for x in path[1:-1]):
                continue                      # smaller than the start, on the path, or a chord to an inner node
            if len(path) >= 2 and path[0] in adj[w]:
                if path[1] < w:               # closes a cycle (each cycle once, in one direction)
                    out.append(path + [w])
                continue                      # going on would leave the chord w-start
            extend(path + [w])

    for s0 in range(n):
        extend([s0])
    return out


@task("largest_chordless_cycle_size", answer="integer", annotation="point_set",
      ops="filtering,counting,ranking,topology")
def largest_chordless_cycle_size(q):
    t = q.target({1: range(4, 7), 2: range(3, 8), 3: range(7, 11)}[q.difficulty], stratified=True)

    def largest(edges):
        cyc = chordless_cycles(q.state["n"], edges)
        sizes = sorted((len(c) for c in cyc), reverse=True)
        return max(cyc, key=len) if sizes and sizes[0] == t and (len(sizes) < 2 or sizes[1] < t) else None

    def fn(s, r):
        """A spanning tree, one extra edge closing a chordless cycle of ``t`` nodes, then extra edges
        that only close smaller cycles (kept when the largest chordless cycle stays unique)."""
        n, cand = s["n"], s["cand"]
        for _ in range(40):
            tree = G.spanning_tree(r, n, cand)
            tset = {tuple(e) for e in tree}
            rest = [e for e in cand if tuple(e) not in tset]
            first = [e for e in rest if len(_tree_path(n, tree, *e)) == t]
            if not first:
                continue
            edges = tree + [first[int(r.integers(len(first)))]]
            want, added = int(r.integers(1, 4)), 0
            for k in r.permutation(len(rest)):
                e = rest[int(k)]
                if added < want and e not in edges and largest(edges + [e]) is not None:
                    edges.append(e)
                    added += 1
            if added or t == 3:            # a triangle stays the largest only while it is the one cycle
                s["edges"], s["directed"] = sorted(edges), False
                return s
        q.reject("no graph with a unique largest chordless cycle of the target size")

    s = q.edit(fn)
    big = largest(s["edges"])
    q.require(big is not None, "largest chordless cycle not unique")
    q.step("chordless_cycles", largest=big)
    return q.answer(len(big), witnesses=_nodes(sorted(big)),
                    question=("A chordless cycle is a cycle with no extra edge joining two of its nodes that are not "
                              "next to each other on the cycle. In this undirected graph, how many nodes are on the "
                              "largest chordless cycle?"))


def hamiltonian_cycles(n, edges, limit=2):
    """Up to ``limit`` Hamiltonian cycles (each once: from node 0, second node < last node)."""
    adj = [sorted(x) for x in G.adjacency(n, edges)]
    found = []

    def walk(path, seen):
        if len(found) >= limit:
            return
        u = path[-1]
        if len(path) == n:
            if 0 in adj[u] and path[1] < path[-1]:
                found.append(list(path))
            return
        for w in adj[u]:
            if w not in seen:
                seen.add(w)
                path.append(w)
                walk(path, seen)
                path.pop()
                seen.discard(w)

    if n >= 3:
        walk([0], {0})
    return found


@task("hamiltonian_cycle_neighbor_label", answer="string", annotation="point", ops="topology",
      queries=("next_in_hamiltonian_cycle_label", "previous_in_hamiltonian_cycle_label"))
def hamiltonian_cycle_neighbor_label(q):
    def fn(s, r):
        n, pos = s["n"], s["pos"]
        cx, cy = sum(p[0] for p in pos) / n, sum(p[1] for p in pos) / n
        order = sorted(range(n), key=lambda i: math.atan2(pos[i][1] - cy, pos[i][0] - cx))
        ring = [sorted([order[k], order[(k + 1) % n]]) for k in range(n)]
        clear = {tuple(e) for e in G.planar_candidates(pos, dmax=1e9, allow_cross=True, min_angle=0.0)}
        q.require(all(tuple(e) in clear for e in ring), "the ring passes too close to a node")
        edges = [list(e) for e in ring]
        chords = [e for e in s["cand"] if e not in edges]
        p = float(r.uniform(0.3, 0.9))
        for k in r.permutation(len(chords)):
            if r.random() < p and len(hamiltonian_cycles(n, edges + [chords[int(k)]])) == 1:
                edges.append(chords[int(k)])
        s["edges"], s["directed"] = sorted(edges), False
        return s

    s = q.edit(fn)
    cycles = hamiltonian_cycles(s["n"], s["edges"])
    q.require(len(cycles) == 1, "Hamiltonian cycle not unique")
    cyc = cycles[0]
    n = s["n"]
    def pick(r):
        start = int(r.integers(n))
        i = cyc.index(start)
        last = cyc[(i + (1 if r.random() < 0.5 else -1)) % n]     # a cycle neighbour of the start
        return [start, last, int(r.choice([v for v in range(n) if v != start]))]

    start, last, ask = q.param("nodes", pick)
    i = cyc.index(start)
    # the walk from ``start`` whose final node before returning is ``last``
    tour = cyc[i:] + cyc[:i] if cyc[(i - 1) % n] == last else [cyc[(i - k) % n] for k in range(n)]
    j = tour.index(ask)
    nxt = q.query_id.startswith("next")
    ans = tour[(j + 1) % n] if nxt else tour[(j - 1) % n]
    q.step("tour", order=tour, asked=ask, answer=ans)
    S, L, X = _lab(s, start), _lab(s, last), _lab(s, ask)
    return q.answer(_lab(s, ans), witnesses=f"node:{ans}", examples=s["labels"],
                    question=(f"This undirected graph has exactly one Hamiltonian cycle (a cycle through every node "
                              f"exactly once). Walk around it starting at node {S}, in the direction that visits node "
                              f"{L} last before returning to {S}. Which node comes immediately "
                              f"{'after' if nxt else 'before'} node {X} on that walk?"))


@task("topological_endpoint_node_label", answer="string", annotation="point", ops="ranking,topology",
      queries=("first_in_topological_order_label", "last_in_topological_order_label"))
def topological_endpoint_node_label(q):
    def fn(s, r):
        for _ in range(40):
            _resample(s, r, "undirected", 0.6)
            n = s["n"]
            src = int(r.integers(n))
            dist = G.bfs_dist(G.adjacency(n, s["edges"]), src)
            rank = [dist[v] + float(r.random()) * 1.5 for v in range(n)]
            s["edges"] = sorted([u, v] if rank[u] < rank[v] else [v, u] for u, v in s["edges"])
            s["directed"] = True
            ins, outs = _degrees(s, "in"), _degrees(s, "out")
            if ins.count(0) == 1 and outs.count(0) == 1:
                return s
        q.reject("no orientation with a single source and a single sink")

    s = q.edit(fn)
    first = q.query_id.startswith("first")
    v = (_degrees(s, "in") if first else _degrees(s, "out")).index(0)
    q.step("endpoint", node=v, first=first)
    where = "first" if first else "last"
    return q.answer(_lab(s, v), witnesses=f"node:{v}", examples=s["labels"],
                    question=(f"This directed graph has no directed cycles. In a topological order every arrow points "
                              f"from an earlier node to a later one. Which node comes {where} in every topological "
                              f"order of this graph? Answer with its label."))


# ------------------------------------------------------------------ colours and edge texts
@task("cross_color_edge_count", answer="integer", annotation="segment_set", ops="filtering,counting,topology",
      queries=("cross_color_edge_count", "directed_cross_color_edge_count"))
def cross_color_edge_count(q):
    directed = q.query_id.startswith("directed")
    t = q.target({1: range(2, 5), 2: range(2, 6), 3: range(3, 7)}[q.difficulty])
    k = {1: 3, 2: 4, 3: 5}[q.difficulty]
    palette = q.param("palette", lambda r: sorted(str(c) for c in r.choice(NODE_PALETTE, size=k, replace=False)))
    a, b = q.param("pair", lambda r: [str(c) for c in r.choice(palette, size=2, replace=False)])

    def hits(s):
        col = s["node_colors"]
        return [i for i, (u, v) in enumerate(s["edges"])
                if (col[u], col[v]) == (a, b) or (not directed and (col[u], col[v]) == (b, a))]

    def fn(s, r):
        for _ in range(20):
            _resample(s, r, "directed" if directed else "undirected", 0.8)
            for _k in range(30):
                s["node_colors"] = [palette[int(i)] for i in r.integers(len(palette), size=s["n"])]
                if len(hits(s)) == t:
                    return s
        q.reject("no colouring reaches the target")

    s = q.edit(fn)
    idx = hits(s)
    q.step("filter_edges", colors=[a, b], directed=directed, edges=idx)
    what = (f"How many arrows go from a {a} node to a {b} node" if directed else
            f"How many edges join a {a} node and a {b} node")
    return q.answer(len(idx), witnesses=_edge_ids(s, idx), question=f"In this {_kind_word(s)} graph: {what}?")


def _texts(q, mode, make_texts):
    """Edit: fresh edges, keep those whose text box can be placed, then ``make_texts(n_edges, rng)``."""
    def fn(s, r):
        _resample(s, r, mode, 0.5)
        texts = make_texts(len(s["edges"]), r)
        widths = [G.edge_text_box(x)[0] for x in texts]
        lp = G.place_edge_labels(s["pos"], s["edges"], bw=0, bh=G.edge_text_box("x")[1], widths=widths,
                                 bounds=(12, 12, 628, 468))
        keep = [k for k, p in enumerate(lp) if p is not None]
        s["edges"] = [s["edges"][k] for k in keep]
        s["label_pos"] = [lp[k] for k in keep]
        s["edge_text"] = [texts[k] for k in keep]
        return s

    return q.edit(fn)


@task("edge_between_nodes_label", answer="string", annotation="bbox", ops="topology",
      queries=("edge_between_nodes_label", "directed_edge_between_nodes_label"))
def edge_between_nodes_label(q):
    directed = q.query_id.startswith("directed")
    s = _texts(q, "directed" if directed else "undirected", lambda m, r: G.words(r, m))
    q.require(len(s["edges"]) >= 3, "too few labelled edges")
    k = q.param("edge", lambda r: int(r.integers(len(s["edges"]))))
    u, v = s["edges"][k]
    if not directed and q.param("flip", lambda r: bool(r.random() < 0.5)):
        u, v = v, u
    q.step("read_edge", edge=s["edges"][k], text=s["edge_text"][k])
    U, V = _lab(s, u), _lab(s, v)
    what = f"the arrow from node {U} to node {V}" if directed else f"the edge between node {U} and node {V}"
    return q.answer(s["edge_text"][k], witnesses=f"etext:{k}", examples=s["edge_text"],
                    question=f"Edges of this {_kind_word(s)} graph carry text labels. What is the label on {what}?")


@task("edge_text_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def edge_text_count(q):
    t = q.target({1: range(2, 6), 2: range(3, 9), 3: range(4, 10)}[q.difficulty])

    def make(m, r):
        vocab = G.words(r, {1: 3, 2: 4, 3: 5}[q.difficulty])
        q.require(m >= t + 2, "too few edges")
        hit = {int(i) for i in r.choice(m, size=t, replace=False)}
        return [vocab[0] if i in hit else vocab[1 + int(r.integers(len(vocab) - 1))] for i in range(m)]

    s = _texts(q, "undirected", make)
    counts = {}
    for x in s["edge_text"]:
        counts[x] = counts.get(x, 0) + 1
    word = q.param("word", lambda r: max(counts, key=lambda w: (counts[w] == t, -abs(counts[w] - t))))
    q.require(counts.get(word) == t, "dropped labels changed the count")
    idx = [k for k, x in enumerate(s["edge_text"]) if x == word]
    q.step("filter_texts", text=word, edges=idx)
    return q.answer(len(idx), witnesses=[f"etext:{k}" for k in idx],
                    question=f'Edges of this graph carry text labels in boxes. How many edge labels read "{word}"?')
