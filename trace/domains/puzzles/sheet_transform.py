"""puzzles/sheet_transform: square paper sheets on a cell grid, folded, punched and laid over each other.
The top panel shows the process; four lettered result sheets below show candidate outcomes.

* fold and cut: the sheet is folded in half along a dashed line (once, or twice: across both
  axes) in the arrows' direction, a hole is punched through every layer of the folded packet
  (drawn where it lies on the sheet), and the sheet is unfolded: every hole reappears mirrored in
  each fold line.
* fold projection: the marks are printed through the paper; the sheet is folded once and the
  result is the kept half with its own marks and the folded half's marks mirrored onto it.
* overlay: two transparent sheets of the same grid laid on each other show the union of their
  marked cells.

Wrong results are the mistakes a solver makes: a mark slid instead of mirrored, the other half
kept, one axis forgotten, the intersection or difference instead of the union, a cell off by one.
Difficulty grows the sheets: 4 x 4 with one fold or hole (1), 6 x 6 and 5 x 5 (2, the original's),
8 x 8 and 6 x 6 with two folds, two holes and more marks (3).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, answer_among
from tracegen.kits.cards import rounded_rect
from tracegen.kits.panels import panel_card

W, H = 860, 620
FOLD_N = {1: 4, 2: 6, 3: 8}
OVERLAY_N = {1: 4, 2: 5, 3: 6}
MARK_SHAPES = ("circle", "square", "diamond", "star", "hexagon", "triangle", "pentagon", "cross")
MARK_COLORS = ("red", "blue", "green", "orange", "purple", "cyan", "pink", "brown")
HOLE_FILL = "ink"


# ---------------------------------------------------------------------- sheet geometry
def mirror(cell, axis, n):
    """A cell's mirror image across the middle line of an n x n sheet (axis "v": left-right)."""
    r, c = cell
    return (r, n - 1 - c) if axis == "v" else (n - 1 - r, c)


def kept_cells(folds, n):
    """The cells of the part that stays in place (the folded packet's footprint)."""
    rows, cols = range(n), range(n)
    for axis, towards in folds:
        half = range(n // 2) if towards == "low" else range(n // 2, n)
        if axis == "v":
            cols = [c for c in cols if c in half]
        else:
            rows = [r for r in rows if r in half]
    return [(r, c) for r in rows for c in cols]


def unfold(holes, folds, n):
    """Every hole of the packet with its images in each fold line (all layers are punched)."""
    out = set(map(tuple, holes))
    for axis, _ in folds:
        out |= {mirror(h, axis, n) for h in out}
    return sorted(out)


def fold_marks(marks, axis, towards, n):
    """The folded sheet (the kept half, in its own cells) with the moving half's marks mirrored on it."""
    keep = range(n // 2) if towards == "low" else range(n // 2, n)
    out = []
    for m in marks:
        r, c = m["cell"]
        if (c if axis == "v" else r) not in keep:
            r, c = mirror((r, c), axis, n)
        out.append({**m, "cell": [r, c - keep[0]] if axis == "v" else [r - keep[0], c]})
    return sorted(out, key=lambda m: (m["cell"], m["shape"]))


# ---------------------------------------------------------------------- scene
class SheetTransform(Scene):
    domain, scene_id, size = "puzzles", "sheet_transform", (W, H)
    megapixels = (0.66, 0.95)
    description = ("Paper sheets on a cell grid: a fold-and-punch, a fold of a marked sheet or two transparent "
                   "sheets laid over each other, and four lettered result sheets.")

    def sample(self, rng, difficulty):
        return {"level": difficulty, "variant": ["grid", "plain"][int(rng.integers(2))]}

    # ------------------------------------------------------------------ drawing
    def sheet(self, c, state, x, y, rows, cols, unit, *, holes=(), marks=(), cells=(), id=None):
        """A sheet of rows x cols cells at (x, y): punched ``holes``, shape ``marks`` or filled ``cells``."""
        rounded_rect(c, x - 4, y - 4, cols * unit + 8, rows * unit + 8, radius=8, fill="paper", stroke="ink", lw=2.2,
                     id=id)
        if state["variant"] == "grid":
            for k in range(1, cols):
                c.line(x + k * unit, y, x + k * unit, y + rows * unit, color="grid", lw=1.0)
            for k in range(1, rows):
                c.line(x, y + k * unit, x + cols * unit, y + k * unit, color="grid", lw=1.0)
        for r, k in holes:
            s = unit * 0.42
            c.rect(x + (k + 0.5) * unit - s / 2, y + (r + 0.5) * unit - s / 2, s, s, fill=HOLE_FILL)
        for r, k in cells:
            c.rect(x + k * unit + unit * 0.18, y + r * unit + unit * 0.18, unit * 0.64, unit * 0.64, fill="red",
                   stroke="ink", lw=1.0)
        for m in marks:
            r, k = m["cell"]
            c.shape(m["shape"], x + (k + 0.5) * unit, y + (r + 0.5) * unit, unit * 0.62, fill=m["color"],
                    stroke="ink", lw=1.2)

    def fold_lines(self, c, x, y, n, unit, folds):
        for i, (axis, towards) in enumerate(folds):
            mid = n * unit / 2
            if axis == "v":
                c.line(x + mid, y - 12, x + mid, y + n * unit + 12, color="ink", lw=2.2, dash=[9, 6], id=f"fold:{i}")
                a, b = (x + n * unit * 0.8, x + n * unit * 0.2) if towards == "low" else (x + n * unit * 0.2,
                                                                                          x + n * unit * 0.8)
                c.arrow(a, y - 26, b, y - 26, color="accent", lw=3.0, head=12)
            else:
                a, b = (y + n * unit * 0.8, y + n * unit * 0.2) if towards == "low" else (y + n * unit * 0.2,
                                                                                          y + n * unit * 0.8)
                c.line(x - 12, y + mid, x + n * unit + 12, y + mid, color="ink", lw=2.2, dash=[9, 6], id=f"fold:{i}")
                c.arrow(x - 28, a, x - 28, b, color="accent", lw=3.0, head=12)

    def render(self, c, state, params):
        top = panel_card(c, (16, 10, W - 16, 318), None)
        kind, n = state["kind"], state["n"]
        unit = min(30.0, 230.0 / n)
        y = (top[1] + top[3]) / 2 - n * unit / 2 + 6
        if kind == "overlay":
            gap = 90
            x = W / 2 - n * unit - gap / 2
            self.sheet(c, state, x, y, n, n, unit, cells=state["left"], id="sheet:left")
            c.text(W / 2, y + n * unit / 2, "+", size=34, bold=True)
            self.sheet(c, state, x + n * unit + gap, y, n, n, unit, cells=state["right"], id="sheet:right")
        else:
            folds = state["folds"]
            x = W / 2 - n * unit - 50 if kind == "cut" else W / 2 - n * unit / 2
            self.sheet(c, state, x, y, n, n, unit, marks=state.get("marks", ()), id="sheet:source")
            self.fold_lines(c, x, y, n, unit, folds)
            if kind == "cut":
                c.arrow(W / 2 - 24, y + n * unit / 2, W / 2 + 24, y + n * unit / 2, color="ink", lw=2.4, head=11)
                keep = kept_cells(folds, n)
                r0, c0 = min(r for r, _ in keep), min(k for _, k in keep)
                rows, cols = 1 + max(r for r, _ in keep) - r0, 1 + max(k for _, k in keep) - c0
                self.sheet(c, state, W / 2 + 60, y + r0 * unit, rows, cols, unit,
                           holes=[(r - r0, k - c0) for r, k in state["holes"]], id="packet")
        rows, cols = state["opt_shape"]
        ou = min(34.0, 180.0 / max(rows, cols))
        slot = (W - 32) / 4
        for i, opt in enumerate(state["options"]):
            cx = 16 + slot * (i + 0.5)
            ox, oy = cx - cols * ou / 2, 340 + (190 - rows * ou) / 2
            kw = {"overlay": {"cells": opt}, "cut": {"holes": opt}, "fold": {"marks": opt}}[kind]
            self.sheet(c, state, ox, oy, rows, cols, ou, id=f"option:{LETTERS[i]}", **kw)
            c.text(cx, 340 + 190 + 34, LETTERS[i], size=24, bold=True, kind="option")


SCENE = SheetTransform()
task = SCENE.task


def finish(q, s, r, letter, answer, pool, key):
    """Four options: the answer at ``letter`` and three distinct wrong results from ``pool``."""
    wrong, seen = [], {key(answer)}
    for cand in pool:
        if cand is not None and key(cand) not in seen and len(wrong) < 3:
            seen.add(key(cand))
            wrong.append(cand)
    q.require(len(wrong) == 3, "too few distinct wrong results")
    s["options"] = answer_among(r, answer, wrong, letter)
    return s


def shifted(cells, dr, dc, rows, cols):
    out = [(r + dr, c + dc) for r, c in cells]
    return sorted(out) if all(0 <= r < rows and 0 <= c < cols for r, c in out) else None


# ---------------------------------------------------------------------- tasks
@task("fold_cut_result_label", answer="option_letter", annotation="bbox", ops="transformation")
def fold_cut_result_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        n = FOLD_N[s["level"]]
        first = ("v", ["low", "high"][int(r.integers(2))])
        folds = [first] if s["level"] == 1 or (s["level"] == 2 and r.random() < 0.5) else [
            first, ("h", ["low", "high"][int(r.integers(2))])]
        if r.random() < 0.5:
            folds = [(("h" if a == "v" else "v"), t) for a, t in folds]
        keep = kept_cells(folds, n)
        n_holes = 2 if s["level"] == 3 else 1
        holes = [keep[int(i)] for i in r.choice(len(keep), size=n_holes, replace=False)]
        answer = unfold(holes, folds, n)
        q.require(len(answer) == len(holes) * 2 ** len(folds), "holes overlap when unfolded")
        pool = [sorted(map(tuple, holes)),                                   # never unfolded
                unfold(holes, folds[:1], n), unfold(holes, folds[1:], n),   # one fold forgotten
                unfold(holes, [("h" if a == "v" else "v", t) for a, t in folds], n)]   # the other axis
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1)):
            pool.append(shifted(answer, dr, dc, n, n))
            moved = shifted(holes, dr, dc, n, n)
            pool.append(None if moved is None or not set(moved) <= set(keep) else unfold(moved, folds, n))
        pool = [pool[int(i)] for i in r.permutation(len(pool))]
        s.update(kind="cut", n=n, folds=[list(f) for f in folds], holes=[list(h) for h in holes], opt_shape=[n, n])
        return finish(q, s, r, letter, answer, pool, lambda cells: tuple(sorted(map(tuple, cells))))

    s = q.edit(edit)
    folds = [tuple(f) for f in s["folds"]]
    truth = unfold(s["holes"], folds, s["n"])
    good = [LETTERS[i] for i, o in enumerate(s["options"]) if sorted(map(tuple, o)) == truth]
    q.require(len(good) == 1, "not exactly one unfolded result")
    for i in range(len(folds)):
        q.claim(f"fold:{i}", line="dashed")
    q.step("unfold", holes=truth)
    twice = " (first along one line, then along the other)" if len(folds) == 2 else ""
    return q.answer(good[0], witnesses=f"option:{good[0]}", question=(
        f"The image shows a square paper sheet folded in half along the dashed line{'s' if len(folds) == 2 else ''}"
        f"{twice}, each fold in the direction of its arrow. The folded packet, drawn on the right the way the part "
        "of the sheet that stayed in place lies, has a square hole punched through all of its layers. Which lettered sheet shows the holes after the "
        "paper is unfolded?"))


@task("fold_projection_result_label", answer="option_letter", annotation="bbox", ops="transformation")
def fold_projection_result_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        n = FOLD_N[s["level"]]
        axis = ["v", "h"][int(r.integers(2))]
        towards = ["low", "high"][int(r.integers(2))]
        k = {1: 3, 2: 5, 3: 7}[s["level"]]
        cells = [divmod(int(i), n) for i in r.choice(n * n, size=k, replace=False)]
        kinds = [int(i) for i in r.choice(len(MARK_SHAPES), size=k, replace=False)]
        marks = [{"shape": MARK_SHAPES[j], "color": MARK_COLORS[j], "cell": list(cell)} for j, cell in zip(kinds, cells)]
        answer = fold_marks(marks, axis, towards, n)
        spots = [tuple(m["cell"]) for m in answer]
        q.require(len(set(spots)) == len(spots), "two marks land on one cell")
        side = [m for m in marks if (m["cell"][1] if axis == "v" else m["cell"][0]) in
                (range(n // 2) if towards == "low" else range(n // 2, n))]
        q.require(0 < len(side) < len(marks), "every mark on one side of the fold")
        other = "high" if towards == "low" else "low"
        half = n // 2
        # the moving half slid across instead of flipped: every mark keeps its place within its half
        slid = sorted(({**m, "cell": [m["cell"][0], m["cell"][1] % half] if axis == "v"
                        else [m["cell"][0] % half, m["cell"][1]]} for m in marks),
                      key=lambda m: (m["cell"], m["shape"]))
        pool = [fold_marks(marks, axis, other, n), slid]
        rows, cols = (n, half) if axis == "v" else (half, n)
        cross_mirror = [{**m, "cell": [m["cell"][0], cols - 1 - m["cell"][1]] if axis == "v"
                         else [rows - 1 - m["cell"][0], m["cell"][1]]} for m in answer]
        pool.append(cross_mirror)
        for j in range(len(answer)):        # one mark off by a cell
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                rr, cc = answer[j]["cell"][0] + dr, answer[j]["cell"][1] + dc
                if 0 <= rr < rows and 0 <= cc < cols and [rr, cc] not in [m["cell"] for m in answer]:
                    pool.append(answer[:j] + [{**answer[j], "cell": [rr, cc]}] + answer[j + 1:])
        pool = pool[:3] + [pool[3 + int(i)] for i in r.permutation(len(pool) - 3)]
        pool = [p for p in pool if len({tuple(m["cell"]) for m in p}) == len(p)
                and all(0 <= m["cell"][0] < rows and 0 <= m["cell"][1] < cols for m in p)]
        s.update(kind="fold", n=n, folds=[[axis, towards]], marks=marks, opt_shape=[rows, cols])
        return finish(q, s, r, letter, answer, pool,
                      lambda ms: tuple(sorted((tuple(m["cell"]), m["shape"]) for m in ms)))

    s = q.edit(edit)
    (axis, towards), n = s["folds"][0], s["n"]
    truth = fold_marks(s["marks"], axis, towards, n)
    key = sorted((tuple(m["cell"]), m["shape"]) for m in truth)
    good = [LETTERS[i] for i, o in enumerate(s["options"]) if sorted((tuple(m["cell"]), m["shape"]) for m in o) == key]
    q.require(len(good) == 1, "not exactly one folded result")
    q.claim("fold:0", line="dashed")
    q.step("fold", axis=axis, towards=towards, result=truth)
    return q.answer(good[0], witnesses=f"option:{good[0]}", question=(
        "The image shows a square paper sheet whose marks are printed right through the paper. It is folded in "
        "half along the dashed line, in the direction of the arrow. Each lettered result shows the folded sheet "
        "from above: the half that stayed in place, with the other half's marks now lying on it. Which result "
        "is correct?"))


@task("overlay_union_result_label", answer="option_letter", annotation="bbox",
      ops="logical_composition,transformation")
def overlay_union_result_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        n = OVERLAY_N[s["level"]]
        k = {1: (2, 3), 2: (2, 5), 3: (4, 7)}[s["level"]]
        left, right = ({divmod(int(i), n) for i in r.choice(n * n, size=int(r.integers(k[0], k[1] + 1)),
                                                             replace=False)} for _ in range(2))
        q.require(left & right and left - right and right - left, "sheets share no cell or one holds the other")
        union = sorted(left | right)
        pool = [sorted(left & right), sorted(left ^ right), sorted(left), sorted(right),
                sorted(left | {(a, n - 1 - b) for a, b in right})]
        free = [(a, b) for a in range(n) for b in range(n) if (a, b) not in left | right]
        for _ in range(4):
            drop = union[int(r.integers(len(union)))]
            add = free[int(r.integers(len(free)))]
            pool += [sorted(set(union) - {drop}), sorted(set(union) | {add}), sorted(set(union) - {drop} | {add})]
        pool = [pool[int(i)] for i in r.permutation(len(pool))]
        pool = [p for p in pool if p]
        s.update(kind="overlay", n=n, left=[list(x) for x in sorted(left)], right=[list(x) for x in sorted(right)],
                 opt_shape=[n, n])
        return finish(q, s, r, letter, union, pool, lambda cells: tuple(sorted(map(tuple, cells))))

    s = q.edit(edit)
    truth = sorted(set(map(tuple, s["left"])) | set(map(tuple, s["right"])))
    good = [LETTERS[i] for i, o in enumerate(s["options"]) if sorted(map(tuple, o)) == truth]
    q.require(len(good) == 1, "not exactly one overlay")
    q.step("union", cells=truth)
    return q.answer(good[0], witnesses=f"option:{good[0]}", question=(
        "The image shows two transparent sheets of the same grid with some cells marked. If one sheet is laid "
        "exactly on the other, which lettered result shows every marked cell that would be visible?"))
