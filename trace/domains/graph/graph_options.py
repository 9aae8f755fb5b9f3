"""graph/graph_options: a labelled graph (the Target or Reference) in a wide panel above four
labelled option panels, each a small labelled graph in its own layout; the graphs are all
directed (arrows) or all undirected.

Tasks pick the option whose labelled edges all occur in the Target (a labelled subgraph), and the
option with exactly the Reference's labelled nodes and edges in another layout.  Distractors
differ by an edge the Target lacks, a reversed arrow, a moved edge or two swapped labels, and are
checked not to qualify.  Difficulty: level 1 draws undirected graphs of 4 nodes, level 2 4-6
nodes with arrows in half the instances (the original), level 3 6-7 nodes, always arrows, with
distractors one reversed arrow or one edge away.
"""

from __future__ import annotations

from tracegen.core.options import LETTERS
from tracegen.core.task import Scene
from tracegen.kits import graphs as G
from tracegen.kits.icons import window

SIZE = (1260, 920)
TOP = (20.0, 20.0, 1220.0, 330.0)        # x, y, w, h of the Target / Reference panel
N_NODES = {1: (4, 4), 2: (4, 6), 3: (6, 7)}
R = 18.0
NODE_LETTERS = G.LETTERS[4:]             # node labels never read like the option letters A-D


def option_box(i):
    rr, kk = divmod(i, 2)
    return (20.0 + kk * 620.0, 370.0 + rr * 275.0, 600.0, 260.0)


def random_graph(r, labels, directed, extra):
    """A connected graph on ``labels``: a random spanning tree plus ``extra`` more edges."""
    n = len(labels)
    order = [int(i) for i in r.permutation(n)]
    edges = set()
    for k in range(1, n):
        u, v = order[k], order[int(r.integers(k))]
        edges.add((u, v) if (not directed or r.random() < 0.5) else (v, u))
    pool = [(u, v) for u in range(n) for v in range(n) if u != v and (directed or u < v)]
    added = 0
    for i in r.permutation(len(pool)):
        u, v = pool[int(i)]
        if added < extra and (u, v) not in edges and (v, u) not in edges:    # no pair joined twice
            edges.add((u, v))
            added += 1
    return sorted(norm(e, directed) for e in edges)


def norm(e, directed):
    u, v = e
    return [u, v] if directed or u < v else [v, u]


def labelled(graph):
    """The graph's labelled edge set (label pairs; unordered pairs when undirected)."""
    labels, directed = graph["labels"], graph["directed"]
    out = set()
    for u, v in graph["edges"]:
        a, b = labels[u], labels[v]
        out.add((a, b) if directed else tuple(sorted((a, b))))
    return frozenset(out)


def layout(r, n, edges, box, cols, rows):
    """Node centres in panel ``box``: the tidiest of several jittered-grid layouts for ``edges``."""
    x, y, w, h = box
    return G.tidy_layout(r, n, edges, (x + 30, y + 50, x + w - 30, y + h - 16), cols, rows, r=R)


class GraphOptions(Scene):
    domain, scene_id, size = "graph", "graph_options", SIZE
    description = ("A labelled graph in a wide panel above four labelled option panels of small labelled graphs, "
                   "all directed or all undirected.")
    megapixels = (0.95, 1.45)   # image area (MP); the original's median is 1.16

    def sample(self, rng, difficulty):
        lo, hi = N_NODES[difficulty]
        n = int(rng.integers(lo, hi + 1))
        labels = [NODE_LETTERS[int(i)] for i in rng.choice(len(NODE_LETTERS), size=n, replace=False)]
        directed = difficulty == 3 or (difficulty == 2 and bool(rng.random() < 0.5))
        edges = random_graph(rng, labels, directed, n - 2)
        # every task replaces this graph with its own (``_difficulty_graph`` in its edit, from the params
        # stream), so the sampled one only keeps the state drawable: one jittered-grid draw in the panel,
        # not the tidiest of many (nothing reads the semantic stream after it)
        x, y, w, h = TOP
        pos = G.grid_layout(rng, n, (x + 30, y + 50, x + w - 30, y + h - 16), 6, 3, r=R)
        g = {"labels": labels, "directed": directed, "edges": edges, "pos": pos}
        return {"title": "Target Graph", "main": g, "options": []}

    def variant(self, state):
        return "directed" if state["main"]["directed"] else "undirected"

    def render(self, c, state, params):
        x, y, w, h = TOP
        window(c, x, y, w, h, title=state["title"])
        G.draw_node_link(c, state["main"], r=R)
        for i, g in enumerate(state["options"]):
            bx, by, bw, bh = option_box(i)
            window(c, bx, by, bw, bh, title=LETTERS[i], id=f"option:{LETTERS[i]}", title_kind="option")
            G.draw_node_link(c, g, r=R)


SCENE = GraphOptions()
task = SCENE.task


def _panel(r, labels, edges, directed, i):
    """An option graph on ``labels`` with ``edges`` (label pairs), laid out in option panel i."""
    idx = {a: k for k, a in enumerate(labels)}
    es = sorted(norm((idx[a], idx[b]), directed) for a, b in edges)
    return {"labels": list(labels), "directed": directed, "edges": es,
            "pos": layout(r, len(labels), es, option_box(i), 5, 3)}


def _shuffled(r, xs):
    return [xs[int(i)] for i in r.permutation(len(xs))]


def _difficulty_graph(q, r):
    d = q.difficulty
    lo, hi = N_NODES[d]
    n = int(r.integers(lo, hi + 1))
    labels = sorted(NODE_LETTERS[int(i)] for i in r.choice(len(NODE_LETTERS), size=n, replace=False))
    directed = d == 3 or (d == 2 and bool(r.random() < 0.5))
    extra = int(r.integers(max(1, n - 3), n))
    edges = random_graph(r, labels, directed, extra)
    return {"labels": labels, "directed": directed, "edges": edges, "pos": layout(r, n, edges, TOP, 6, 3)}


def _mutations(r, labels, edges, directed, all_labels):
    """Label-edge sets one change away from ``edges`` (over ``labels``): another edge, touching
    ``labels`` and drawn from ``all_labels``, in place of one; a reversed arrow; two swapped labels."""
    out = []
    es = sorted(edges)
    pool = [(a, b) for a in all_labels for b in all_labels if a != b and (directed or a < b)]
    for _ in range(12):
        kind = int(r.integers(3))
        e = es[int(r.integers(len(es)))]
        if kind == 0:
            new = [p for p in pool if p not in edges and (p[1], p[0]) not in edges and set(p) & set(labels)]
            if new:
                out.append(frozenset(set(edges) - {e} | {new[int(r.integers(len(new)))]}))
        elif kind == 1 and directed:
            if (e[1], e[0]) not in edges:
                out.append(frozenset(set(edges) - {e} | {(e[1], e[0])}))
        else:
            a, b = (labels[int(i)] for i in r.choice(len(labels), size=2, replace=False))
            swap = {a: b, b: a}
            moved = set()
            for u, v in edges:
                p = (swap.get(u, u), swap.get(v, v))
                moved.add(p if directed else tuple(sorted(p)))
            out.append(frozenset(moved))
    return out


@task("contained_subgraph_label", answer="option_letter", annotation="bbox", ops="topology,matching")
def contained_subgraph_label(q):
    letter = q.target(LETTERS[:4], stratified=True)
    q.offer(4, "image")

    def build(st, r):
        g = _difficulty_graph(q, r)
        target = labelled(g)
        n = len(g["labels"])
        size = int(r.integers(3, min(4, n - 1) + 1))     # a proper part of the Target
        # a connected labelled subgraph: grow a node set along target edges
        start = g["labels"][int(r.integers(n))]
        nodes = {start}
        while len(nodes) < size:
            touch = sorted(e for e in target if (e[0] in nodes) != (e[1] in nodes))
            e = touch[int(r.integers(len(touch)))]
            nodes |= set(e)
        inside = sorted(e for e in target if set(e) <= nodes)
        keep = sorted(_shuffled(r, inside)[:max(len(nodes) - 1, int(r.integers(len(nodes) - 1, len(inside) + 1)))])
        answer = frozenset(keep)
        sub_labels = sorted(nodes)
        fakes = [m for m in _mutations(r, sub_labels, answer, g["directed"], g["labels"])
                 if not m <= target and m != answer]
        fakes = list(dict.fromkeys(fakes))
        if len(fakes) < 3:
            return {**st, "bad": 1}
        chosen = _shuffled(r, fakes)[:3]
        chosen.insert(LETTERS.index(letter), answer)
        opts = [_panel(r, sorted(set(sub_labels) | {a for e in es for a in e}), es, g["directed"], i)
                for i, es in enumerate(chosen)]
        return {"title": "Target Graph", "main": g, "options": opts}

    s = q.edit(build)
    target = labelled(s["main"])
    return _answer(q, s, lambda o: labelled(o) <= target, "subgraph",
                   "The image shows a Target Graph above four labelled graph options.{arrows} Which option shows a "
                   "labelled subgraph of the Target Graph, that is, every edge it draws joins the same labelled "
                   "nodes in the Target Graph?")


def _answer(q, s, qualifies, step, question):
    """The one option that ``qualifies``: its letter, its panel, and the question (``{arrows}``
    filled in for directed graphs)."""
    q.require("bad" not in s, "too few distractors")
    hits = [i for i, o in enumerate(s["options"]) if qualifies(o)]
    q.require(len(hits) == 1, "not exactly one qualifying option")
    pick = LETTERS[hits[0]]
    q.step(step, main=sorted(labelled(s["main"])), match=pick)
    arrows = " Arrow directions matter." if s["main"]["directed"] else ""
    return q.answer(pick, witnesses=f"option:{pick}", question=question.format(arrows=arrows),
                    examples=[x for x in LETTERS[:4] if x != pick])


@task("same_structure_label", answer="option_letter", annotation="bbox", ops="topology,matching")
def same_structure_label(q):
    letter = q.target(LETTERS[:4], stratified=True)
    q.offer(4, "image")

    def build(st, r):
        g = _difficulty_graph(q, r)
        ref = labelled(g)
        fakes = [m for m in _mutations(r, g["labels"], ref, g["directed"], g["labels"]) if m != ref]
        fakes = list(dict.fromkeys(fakes))
        if len(fakes) < 3:
            return {**st, "bad": 1}
        chosen = _shuffled(r, fakes)[:3]
        chosen.insert(LETTERS.index(letter), ref)
        opts = [_panel(r, g["labels"], es, g["directed"], i) for i, es in enumerate(chosen)]
        return {"title": "Reference", "main": g, "options": opts}

    s = q.edit(build)
    ref = labelled(s["main"])
    return _answer(q, s, lambda o: labelled(o) == ref, "structure",
                   "The image shows a Reference labelled graph above four labelled graph options.{arrows} Which "
                   "option has exactly the same labelled nodes and edges as the Reference, ignoring the layout?")
