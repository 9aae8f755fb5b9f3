"""graph/phylogeny_tree: rooted cladograms drawn left to right (root at the left, every taxon at the
right edge), slanted or elbow branches by style -- one tree, one tree with a marked clade (a thick
accent-coloured stem and, below difficulty 3, a bracket beside its taxa), or four lettered trees
over the same taxa where three share one rooted topology drawn with different branch orders.

Difficulty grows the trees: 7-8, 9-11 and 12-15 taxa (5, 6 and 7 in the four-tree panels, whose
odd tree out differs by any re-branching at difficulty 1 and by one nearest-neighbour interchange
or one swapped pair of taxa above it).  Taxa are capital letters, short names or codes.
"""

from __future__ import annotations

from tracegen.core.task import Reject, Scene
from tracegen.kits import trees as T
from tracegen.kits.cards import label_badge, rounded_rect

W, H = 920, 800
PANELS = (1260, 920)
N_LEAVES = {1: (7, 8), 2: (9, 11), 3: (12, 15)}
PANEL_LEAVES = {1: 5, 2: 6, 3: 7}
LETTERS = "ABCD"
TITLES = ("Phylogeny", "Cladogram", "Phylogenetic Tree", "Rooted Cladogram")
PREAMBLE = "The image shows a rooted phylogeny cladogram: the root is at the left and the labelled taxa at the right."


def _taxa(rng, n):
    return T.tree_labels(rng, n, ("letters", "names", "codes")[int(rng.integers(3))])


class PhylogenyTree(Scene):
    domain, scene_id, size = "graph", "phylogeny_tree", (W, H)
    fluid = True
    description = ("Rooted cladograms drawn left to right with labelled taxa: one tree, one with a marked clade, or "
                   "four lettered trees over the same taxa of which one has a different branching structure.")

    def canvas_size(self, state):
        return PANELS if state.get("panels") else (W, H)

    def sample(self, rng, difficulty):
        lo, hi = N_LEAVES[difficulty]
        n = int(rng.integers(lo, hi + 1))
        kids, root = T.random_cladogram(rng, n)
        return {"kids": kids, "root": root, "labels": _taxa(rng, n), "mark": None, "bracket": False}

    def variant(self, state):
        return "panels" if state.get("panels") else ("marked" if state.get("mark") is not None else "single")

    def render(self, c, state, params):
        if state.get("panels"):
            return self._panels(c, state)
        title = TITLES[c.style.accent % len(TITLES)]
        c.text(c.width / 2, 30, title, size=22, bold=c.style.accent % 2 == 1)
        size = 18.0 if len(state["labels"]) < 12 else 16.0
        lw = T.label_width(c, state["labels"], size, c.style.accent % 3 == 1)
        right = c.width - 40 - lw - (26 if state["bracket"] else 0)
        T.draw_cladogram(c, state["kids"], state["root"], state["labels"], (44, 72, right, c.height - 36),
                         mark=state["mark"], bracket=state["bracket"], size=size)

    def _panels(self, c, state):
        gap = 24
        pw, ph = (c.width - 3 * gap) / 2, (c.height - 3 * gap) / 2
        size = 17.0
        lw = T.label_width(c, state["labels"], size, c.style.accent % 3 == 1)
        for i, tree in enumerate(state["panels"]):
            kids, root, labels = T.from_nested(tree)
            x, y = gap + (i % 2) * (pw + gap), gap + (i // 2) * (ph + gap)
            rounded_rect(c, x, y, pw, ph, radius=12, fill="paper", stroke="muted", lw=1.5, id=f"option:{LETTERS[i]}")
            label_badge(c, x + 12, y + 12, LETTERS[i], size=18)
            T.draw_cladogram(c, kids, root, labels,
                             (x + 70, y + 40, x + pw - 30 - lw, y + ph - 34), size=size, prefix=f"p{i}:")


SCENE = PhylogenyTree()
task = SCENE.task


# ------------------------------------------------------------------ helpers
def _leaves(s, v):
    return sorted(T.clade_leaves(s["kids"], v))


def _leaf_ids(idx):
    return [f"leaf:{i}" for i in idx]


def _q(s, v):
    return f'"{s["labels"][v]}"'


def _with_clade(q, t, *, mark, bracket=False):
    """A fresh tree (the difficulty's taxon count) holding a clade of exactly ``t`` taxa."""
    def edit(s, r):
        lo, hi = N_LEAVES[q.difficulty]
        n = max(int(r.integers(lo, hi + 1)), t + 2)
        kids, root, clade = T.cladogram_with_clade(r, n, t)
        s.update(kids=kids, root=root, labels=_taxa(r, n), mark=clade if mark else None, bracket=bracket,
                 clade=clade)
        return s

    return q.edit(edit)


# ------------------------------------------------------------------ tasks
CLADE_SUPPORT = range(3, 9)


@task("clade_leaf_count", answer="integer", annotation="point_set", ops="counting,topology")
def clade_leaf_count(q):
    t = q.target(CLADE_SUPPORT, stratified=True)
    s = _with_clade(q, t, mark=True, bracket=q.difficulty < 3)
    leaves = _leaves(s, s["mark"])
    q.step("clade_taxa", taxa=[s["labels"][v] for v in leaves])
    how = "a thick coloured stem and a bracket beside its taxa" if s["bracket"] else "a thick coloured stem"
    return q.answer(len(leaves), witnesses=_leaf_ids(leaves),
                    question=(f"{PREAMBLE} One clade is marked with {how}. How many taxa (terminal labels) does "
                              f"the marked clade contain?"))


MRCA_SUPPORT = range(3, 9)


@task("mrca_clade_membership_count", answer="integer", annotation="point_set", ops="counting,topology")
def mrca_clade_membership_count(q):
    t = q.target(MRCA_SUPPORT, stratified=True)
    s = _with_clade(q, t, mark=False)
    a_side, b_side = (T.clade_leaves(s["kids"], c) for c in s["kids"][s["clade"]])
    a, b = q.param("pair", lambda r: sorted([a_side[int(r.integers(len(a_side)))],
                                             b_side[int(r.integers(len(b_side)))]], key=lambda v: r.random()))
    leaves = _leaves(s, s["clade"])
    q.step("mrca", taxa=[s["labels"][a], s["labels"][b]], clade=[s["labels"][v] for v in leaves])
    return q.answer(len(leaves), witnesses=_leaf_ids(leaves),
                    question=(f"{PREAMBLE} How many taxa are in the clade rooted at the most recent common ancestor "
                              f"of {_q(s, a)} and {_q(s, b)} (count every taxon descending from that ancestor)?"))


@task("sister_leaf_label", answer="string", annotation="point", ops="topology")
def sister_leaf_label(q):
    s = q.state
    par = T.tree_parents(s["kids"])
    cherries = [v for v in range(len(s["labels"])) if all(not s["kids"][c] for c in s["kids"][par[v]])]
    q.require(bool(cherries), "no taxon has a sister taxon")
    v = q.param("taxon", lambda r: cherries[int(r.integers(len(cherries)))])
    w = next(c for c in s["kids"][par[v]] if c != v)
    q.step("sister", taxon=s["labels"][v], sister=s["labels"][w])
    return q.answer(s["labels"][w], witnesses=f"leaf:{w}", examples=[x for x in s["labels"] if x != s["labels"][w]],
                    question=(f"{PREAMBLE} Which taxon shares its immediate parent node with {_q(s, v)}? Answer "
                              f"with its label."))


def _odd_tree(rng, base, labels, difficulty):
    """A tree over the same taxa with another rooted topology: any other tree at difficulty 1, one
    nearest-neighbour interchange or one swapped pair of taxa above it."""
    canon = T.nested_topology(base)
    for _ in range(30):
        if difficulty == 1:
            kids, root = T.random_cladogram(rng, len(labels))
            odd = T.to_nested(kids, root, [labels[int(i)] for i in rng.permutation(len(labels))])
        elif rng.random() < 0.5:
            odd = T.nni_nested(rng, base)
        else:
            odd = T.swap_taxa_nested(rng, base, labels)
        if T.nested_topology(odd) != canon:
            return odd
    raise Reject("no tree with another topology")


@task("topology_outlier_label", answer="string", annotation="bbox", ops="topology,matching")
def topology_outlier_label(q):
    q.offer(4, "image")
    letter = q.target(LETTERS, stratified=True)

    def edit(s, r):
        n = PANEL_LEAVES[q.difficulty]
        labels = _taxa(r, n)
        kids, root = T.random_cladogram(r, n)
        base = T.to_nested(kids, root, labels)
        odd = _odd_tree(r, base, labels, q.difficulty)
        s.update(labels=sorted(labels), mark=None, bracket=False,
                 panels=[T.rotate_nested(r, odd if x == letter else base) for x in LETTERS])
        return s

    s = q.edit(edit)
    tops = [T.nested_topology(t) for t in s["panels"]]
    odd = [i for i, t in enumerate(tops) if tops.count(t) == 1]
    q.require(len(odd) == 1 and len(set(tops)) == 2, "not three alike and one different")
    q.step("topologies", panels=dict(zip(LETTERS, tops)), outlier=LETTERS[odd[0]])
    return q.answer(LETTERS[odd[0]], witnesses=f"option:{LETTERS[odd[0]]}", examples=[x for x in LETTERS],
                    question=("The image shows four rooted cladograms, A to D, over the same taxa (root at the left). "
                              "Three of them have the same rooted branching structure, only drawn with branches in "
                              "other orders; one differs. Which one has the different structure? Answer with its "
                              "letter."))
