"""puzzles/tents: a Tents puzzle grid -- trees, tents, and the number of tents each row and column holds
printed beside it.  The rules: every tree has its own tent directly above, below, left or right of it,
and no two tents touch, not even diagonally.

Boards come from a solution: tents placed so that none touch, each given a tree in one of its four
neighbouring cells.  One task hides the tent of a marked tree and letters the tree's four empty neighbours
(exactly one is still a legal place: empty, touching no tent, in a row and a column whose count is not
yet reached); the other moves one tent away from every tree and letters it among three proper tents.
Difficulty grows the grid: 5 x 5 (1), 6 x 6 to 6 x 8 (2, the original's 6 x 8 and 6 x 6), 8 x 9 (3),
where more tents are hidden.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.boards import N4, answer_among
from tracegen.kits.cards import label_badge

W, H = 600, 520
SIZES = {1: ((5, 5),), 2: ((6, 6), (6, 7), (6, 8)), 3: ((8, 9),)}
HIDDEN = {1: 0, 2: 0, 3: 2}      # tents hidden besides the marked tree's


def board(rng, rows, cols):
    """A solution: (trees, tents) with tents never touching and each tent's tree beside it."""
    target = max(3, rows * cols // 6)
    for _ in range(200):
        tents, trees = [], []
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        for r, c in [cells[int(i)] for i in rng.permutation(len(cells))]:
            if len(tents) == target:
                break
            if any(max(abs(r - a), abs(c - b)) <= 1 for a, b in tents) or (r, c) in trees:
                continue
            spots = [(r + dr, c + dc) for dr, dc in N4 if 0 <= r + dr < rows and 0 <= c + dc < cols
                     and (r + dr, c + dc) not in trees and (r + dr, c + dc) not in tents]
            if not spots:
                continue
            tents.append((r, c))
            trees.append(spots[int(rng.integers(len(spots)))])
        if len(tents) == target:
            return trees, tents
    raise RuntimeError("no tents board")


def counts(tents, rows, cols):
    return ([sum(1 for r, _ in tents if r == i) for i in range(rows)],
            [sum(1 for _, c in tents if c == i) for i in range(cols)])


class Tents(Scene):
    domain, scene_id, size = "puzzles", "tents", (W, H)
    megapixels = (0.38, 0.52)
    description = "A Tents puzzle grid with row and column tent counts, trees, tents and lettered cells or tents."

    def sample(self, rng, difficulty):
        shapes = SIZES[difficulty]
        rows, cols = shapes[int(rng.integers(len(shapes)))]
        trees, tents = board(rng, rows, cols)
        return {"level": difficulty, "rows": rows, "cols": cols, "trees": [list(t) for t in trees],
                "tents": [list(t) for t in tents]}

    def render(self, c, state, params):
        rows, cols = state["rows"], state["cols"]
        u = min(56.0, (W - 80) / (cols + 1), (H - 40) / (rows + 1))
        x0 = (W - (cols + 1) * u) / 2 + u
        y0 = (H - (rows + 1) * u) / 2 + u
        rc, cc = state["row_counts"], state["col_counts"]
        c.rect(x0, y0, cols * u, rows * u, fill="paper")
        for i in range(rows):
            c.text(x0 - u / 2, y0 + (i + 0.5) * u, str(rc[i]), size=min(20.0, u * 0.45), bold=True)
        for k in range(cols):
            c.text(x0 + (k + 0.5) * u, y0 - u / 2, str(cc[k]), size=min(20.0, u * 0.45), bold=True)
        for i in range(rows + 1):
            c.line(x0, y0 + i * u, x0 + cols * u, y0 + i * u, color="grid" if 0 < i < rows else "ink",
                   lw=1.0 if 0 < i < rows else 2.4)
        for k in range(cols + 1):
            c.line(x0 + k * u, y0, x0 + k * u, y0 + rows * u, color="grid" if 0 < k < cols else "ink",
                   lw=1.0 if 0 < k < cols else 2.4)
        for r in range(rows):
            for k in range(cols):
                c.register(f"cell:{r}:{k}", box=(x0 + k * u, y0 + r * u, x0 + (k + 1) * u, y0 + (r + 1) * u))
        for i, (r, k) in enumerate(state["trees"]):
            cx, cy = x0 + (k + 0.5) * u, y0 + (r + 0.5) * u
            c.rect(cx - u * 0.06, cy + u * 0.05, u * 0.12, u * 0.3, fill="brown")
            c.circle(cx, cy - u * 0.08, u * 0.27, fill="green", stroke="ink", lw=1.2, id=f"tree:{i}")
        for i, (r, k) in enumerate(state["shown"]):
            cx, cy = x0 + (k + 0.5) * u, y0 + (r + 0.5) * u
            c.polygon([(cx, cy - u * 0.32), (cx + u * 0.34, cy + u * 0.28), (cx - u * 0.34, cy + u * 0.28)],
                      fill="orange", stroke="ink", lw=1.4, id=f"tent:{r}:{k}")
            c.line(cx, cy - u * 0.05, cx, cy + u * 0.28, color="ink", lw=1.6)
        marked = state.get("marked")
        if marked is not None:
            r, k = state["trees"][marked]
            c.rect(x0 + k * u + 3, y0 + r * u + 3, u - 6, u - 6, stroke="accent", lw=3.5, id="marked_tree")
        for letter, (r, k) in state.get("labels", {}).items():
            on_tent = [r, k] in state["shown"]
            bx, by = (x0 + (k + 1) * u - 22, y0 + r * u + 2) if on_tent else (x0 + (k + 0.5) * u - 11,
                                                                               y0 + (r + 0.5) * u - 12)
            label_badge(c, bx, by, letter, size=15, fill="white")


SCENE = Tents()
task = SCENE.task

RULES = ("The rules: every tree has its own tent directly above, below, left or right of it; no two tents touch, "
         "not even diagonally; the number beside each row and above each column is how many tents it holds.")


def legal_spot(s, cell) -> bool:
    """Whether a tent may stand in ``cell`` given the shown tents and the counts."""
    r, c = cell
    rows, cols = s["rows"], s["cols"]
    if not (0 <= r < rows and 0 <= c < cols) or [r, c] in s["trees"] or [r, c] in s["shown"]:
        return False
    if any(max(abs(r - a), abs(c - b)) <= 1 for a, b in s["shown"]):
        return False
    rc, cc = counts([tuple(t) for t in s["shown"]], rows, cols)
    return rc[r] < s["row_counts"][r] and cc[c] < s["col_counts"][c]


# ---------------------------------------------------------------------- tasks
@task("missing_tent_cell_label", answer="option_letter", annotation="bbox", ops="topology")
def missing_tent_cell_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        rows, cols = s["rows"], s["cols"]
        trees, tents = s["trees"], s["tents"]
        s["row_counts"], s["col_counts"] = counts([tuple(t) for t in tents], rows, cols)
        for i in [int(v) for v in r.permutation(len(trees))]:
            tr, tc = trees[i]
            nbs = [[tr + dr, tc + dc] for dr, dc in N4]
            if not all(0 <= a < rows and 0 <= b < cols and [a, b] not in trees for a, b in nbs):
                continue
            hide = [tents[i]] + [tents[int(j)] for j in r.permutation(len(tents)) if int(j) != i][:HIDDEN[s["level"]]]
            s["shown"] = [t for t in tents if t not in hide]
            if any(x in s["shown"] for x in nbs) or sum(legal_spot(s, x) for x in nbs) != 1:
                continue
            good = next(x for x in nbs if legal_spot(s, x))
            others = answer_among(r, good, [x for x in nbs if x != good], letter)
            s.update(marked=i, labels={x: cell for x, cell in zip("ABCD", others)})
            return s
        q.reject("no tree with exactly one legal neighbour")

    s = q.edit(edit)
    good = [x for x, cell in sorted(s["labels"].items()) if legal_spot(s, cell)]
    q.require(len(good) == 1, "not exactly one legal cell")
    rr, kk = s["labels"][good[0]]
    q.step("legal_tent", tree=s["trees"][s["marked"]], letter=good[0])
    return q.answer(good[0], witnesses=f"cell:{rr}:{kk}", question=(
        "The image shows a Tents puzzle grid with trees, some tents already placed, and one marked tree whose "
        f"tent is missing; the four cells around that tree are lettered. {RULES} Which lettered cell is the only "
        "legal place for the marked tree's tent, given the tents already placed and the counts?"))


@task("violating_tent_label", answer="option_letter", annotation="bbox", ops="topology")
def violating_tent_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        rows, cols = s["rows"], s["cols"]
        trees, tents = s["trees"], s["tents"]
        q.require(len(tents) >= 4, "too few tents")
        near = {(a + dr, b + dc) for a, b in trees for dr, dc in N4}
        free = [[a, b] for a in range(rows) for b in range(cols) if (a, b) not in near and [a, b] not in trees
                and all(max(abs(a - x), abs(b - y)) > 1 for x, y in tents)]
        q.require(bool(free), "no cell away from every tree")
        moved = int(r.integers(len(tents)))
        stray = free[int(r.integers(len(free)))]
        shown = [t for j, t in enumerate(tents) if j != moved] + [stray]
        # the moved tent's tree keeps no tent: drop that tree so every other tree still has its own tent
        trees = [t for j, t in enumerate(trees) if j != moved]
        proper = [t for t in shown if t != stray]
        picks = answer_among(r, stray, [proper[int(j)] for j in r.permutation(len(proper))[:3]], letter)
        rc, cc = counts([tuple(t) for t in shown], rows, cols)
        s.update(trees=trees, shown=shown, row_counts=rc, col_counts=cc, labels={x: t for x, t in zip("ABCD", picks)})
        return s

    s = q.edit(edit)
    trees = {tuple(t) for t in s["trees"]}
    alone = [x for x, (a, b) in sorted(s["labels"].items())
             if not any((a + dr, b + dc) in trees for dr, dc in N4)]
    q.require(len(alone) == 1, "not exactly one tent away from every tree")
    a, b = s["labels"][alone[0]]
    q.step("no_tree", letter=alone[0], tent=[a, b])
    return q.answer(alone[0], witnesses=f"tent:{a}:{b}", question=(
        "The image shows a Tents puzzle grid with trees, tents and row and column tent counts; four of the tents "
        f"are lettered. {RULES} Which lettered tent breaks the rules by having no tree directly above, below, left "
        "or right of it?"))

