"""graph/flow_network: a directed capacity network -- a source S, a sink T and lettered inner
nodes joined by arrows, each arrow carrying its capacity in a small box.

Tasks ask for the maximum S-to-T flow and for the number of arrows in the minimum cut.  Each
network is built around a planted cut: the nodes split into an S side and a T side, the arrows
from the S side to the T side are the cut, every node of the S side is reached from S and every
node of the T side reaches T along arrows of larger capacity than the whole cut, so the planted
cut is the unique minimum cut and its capacity the maximum flow (both checked with networkx).
Difficulty grows the network (level 1: 2-3 inner nodes, level 2: 3-4 as the original, level 3:
5-6) and the cut.
"""

from __future__ import annotations

import networkx as nx

from tracegen.core.task import Scene
from tracegen.kits import graphs as G
from tracegen.kits.icons import window

SIZE = (864, 640)
BOX = (150.0, 100.0, 714.0, 590.0)          # inner nodes; S and T sit left and right of it
N_INNER = {1: (2, 3), 2: (3, 4), 3: (5, 6)}
GRID = {1: (2, 2), 2: (3, 2), 3: (3, 3)}
R = 20.0


def unique_min_cut(n, edges, caps, s, t):
    """(flow value, cut arrows as indices) when the minimum s-t cut is unique, else None.

    In the residual network of a maximum flow, the nodes reachable from s and the nodes that
    reach t partition the graph exactly when the minimum cut is unique."""
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    for (u, v), cap in zip(edges, caps):
        g.add_edge(u, v, capacity=cap)
    value, flows = nx.maximum_flow(g, s, t)
    res = nx.DiGraph()
    res.add_nodes_from(range(n))
    for u, v, d in g.edges(data=True):
        if flows[u][v] < d["capacity"]:
            res.add_edge(u, v)
        if flows[u][v] > 0:
            res.add_edge(v, u)
    near = nx.descendants(res, s) | {s}
    far = nx.ancestors(res, t) | {t}
    if len(near) + len(far) != n:
        return None
    return value, [k for k, (u, v) in enumerate(edges) if u in near and v in far]


def build(r, difficulty, cut_caps):
    """A network whose unique minimum cut is arrows of capacities ``cut_caps``; None when the
    sides are too small for that many arrows or the labels do not fit."""
    lo, hi = N_INNER[difficulty]
    m = int(r.integers(lo, hi + 1))
    n = m + 2
    s, t = 0, n - 1
    k = len(cut_caps)
    inner = [int(i) + 1 for i in r.permutation(m)]
    k_s = int(r.integers(0, min(m - 1, k) + 1))        # inner nodes on the S side: each gets a cut arrow
    s_side, t_side = [s] + inner[:k_s], inner[k_s:] + [t]
    pairs = [(u, v) for u in s_side for v in t_side if (u, v) != (s, t)]
    if len(pairs) < k:
        return None
    total = sum(cut_caps)
    big = lambda: int(r.integers(total + 3, total + 12))   # noqa: E731
    edges, caps = [], []
    for side, toward in ((s_side, True), (t_side, False)):
        done = [s] if toward else [t]
        for v in [x for x in side if x not in done]:         # an arborescence from S / into T
            u = done[int(r.integers(len(done)))]
            edges.append((u, v) if toward else (v, u))
            caps.append(big())
            done.append(v)
    # the cut: an arrow out of every inner S-side node first, into the inner T-side nodes next
    order = [pairs[int(i)] for i in r.permutation(len(pairs))]
    cut: list = []
    for u in s_side[1:]:                          # k_s <= k: one arrow out of each inner S-side node
        cut.append(next(p for p in order if p[0] == u))
    for v in t_side[:-1]:                         # then, while arrows remain, one into each inner T-side node
        if len(cut) < k and all(q[1] != v for q in cut):
            cut.append(next(p for p in order if p[1] == v and p not in cut))
    cut += [p for p in order if p not in cut][:k - len(cut)]
    edges += cut
    caps += list(cut_caps)
    fed = {v for _, v in edges}
    for v in t_side[:-1]:                                   # no inner node without an inflow
        if v not in fed:
            src = [u for u in t_side[:-1] if u in fed and u != v]
            if not src:
                return None
            edges.append((src[int(r.integers(len(src)))], v))
            caps.append(int(r.integers(2, 20)))
            fed.add(v)
    back = [(v, u) for u in s_side for v in t_side if (v, u) not in edges and (u, v) not in edges and u != s
            and v != t]
    for i in r.permutation(len(back))[:int(r.integers(0, 2 + (difficulty == 3)))]:
        edges.append(back[int(i)])                         # arrows back from the T side: no part of the cut
        caps.append(int(r.integers(1, 20)))
    # layout: S left, T right, the inner nodes in a jittered grid between them
    pos = [[0.0, 0.0]] * n
    inner_pos = G.grid_layout(r, m, BOX, *GRID[difficulty], r=R)
    for node, p in zip(range(1, m + 1), inner_pos):
        pos[node] = p
    mid = (BOX[1] + BOX[3]) / 2
    pos[s] = [70.0, round(mid + float(r.uniform(-80, 80)), 1)]
    pos[t] = [794.0, round(mid + float(r.uniform(-80, 80)), 1)]
    order = sorted(range(len(edges)), key=lambda k: edges[k])
    edges = [list(edges[k]) for k in order]
    caps = [caps[k] for k in order]
    lpos = G.place_edge_labels(pos, edges, bw=G.WEIGHT_BOX[0] + 6, bh=G.WEIGHT_BOX[1], r=R,
                               bounds=(20, 60, 844, 620), ts=(0.5, 0.4, 0.6, 0.3, 0.7, 0.25, 0.75))
    if any(p is None for p in lpos):
        return None
    labels = ["S"] + [G.LETTERS[i] for i in range(m)] + ["T"]
    return {"n": n, "pos": pos, "labels": labels, "edges": edges, "weights": caps, "label_pos": lpos,
            "directed": True, "node_colors": ["green"] + [None] * m + ["purple"]}


class FlowNetwork(Scene):
    domain, scene_id, size = "graph", "flow_network", SIZE
    description = ("A directed capacity network: a source S, a sink T and lettered inner nodes joined by arrows that "
                   "carry their capacities.")
    megapixels = (0.5, 0.74)   # image area (MP); the original's median is 0.553

    def sample(self, rng, difficulty):
        for _ in range(50):
            st = build(rng, difficulty, [int(rng.integers(2, 9)) for _ in range(int(rng.integers(1, 4)))])
            if st:
                return st
        raise RuntimeError("flow_network: no layout fits the edge labels")

    def render(self, c, state, params):
        w, h = SIZE
        window(c, 10, 10, w - 20, h - 20, title="Capacity Network")
        fills = [col or "panel" for col in state["node_colors"]]
        G.draw_node_link(c, dict(state, node_colors=fills), r=R)


SCENE = FlowNetwork()
task = SCENE.task
INTRO = "The diagram shows a directed capacity network with source S and sink T."


def _plant(q, caps_for):
    kept = []   # the accepted network's cut, worked out once (a replay skips the edit and solves it here)

    def fn(st, r):
        for _ in range(40):
            new = build(r, q.difficulty, caps_for(r))
            found = new and unique_min_cut(new["n"], new["edges"], new["weights"], 0, new["n"] - 1)
            if found:
                kept.append(found)
                return new
        return {**st, "bad": 1}

    s = q.edit(fn)
    q.require("bad" not in s, "no network reaches the target")
    found = kept[0] if kept else unique_min_cut(s["n"], [tuple(e) for e in s["edges"]], s["weights"], 0, s["n"] - 1)
    q.require(found is not None, "the minimum cut is not unique")
    return s, found


def _cut_ids(s, cut):
    return [G.edge_id(*s["edges"][k], directed=True) for k in cut]


@task("max_flow_value", answer="integer", annotation="segment_set", ops="ranking,aggregation,topology")
def max_flow_value(q):
    t = q.target({1: range(2, 6), 2: range(2, 7), 3: range(3, 10)}[q.difficulty])
    s, (value, cut) = _plant(q, lambda r: [t])
    q.require(value == t, "planting missed the target")
    q.step("max_flow", value=value, min_cut=[s["edges"][k] for k in cut])
    return q.answer(value, witnesses=_cut_ids(s, cut),
                    question=(f"{INTRO} Using the capacities on the directed edges, what is the maximum flow from S "
                              f"to T?"))


@task("min_cut_edge_count", answer="integer", annotation="segment_set", ops="counting,ranking,topology")
def min_cut_edge_count(q):
    t = q.target({1: range(1, 4), 2: range(1, 6), 3: range(2, 7)}[q.difficulty])
    s, (value, cut) = _plant(q, lambda r: [int(r.integers(2, 10 if t < 3 else 6)) for _ in range(t)])
    q.require(len(cut) == t, "planting missed the target")
    q.step("min_cut", value=value, edges=[s["edges"][k] for k in cut])
    return q.answer(len(cut), witnesses=_cut_ids(s, cut),
                    question=(f"{INTRO} How many directed edges are in the minimum-capacity cut that separates S "
                              f"from T (the edges from the source side to the sink side)?"))
