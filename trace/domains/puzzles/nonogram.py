"""puzzles/nonogram: a nonogram clue grid (row clues on the left, column clues on top: the lengths of the
runs of filled cells, in order) above four lettered option cards -- filled grids of which exactly one
satisfies every clue, or row strips of which exactly one completes the highlighted row.

In the row task the highlighted row shows some cells already decided (filled, or crossed out as
empty); its clue and those cells determine the row's only completion, which one strip shows; the
others break the clue or a decided cell.  Difficulty grows the grid: 4 x 4 (1), 4 x 5 or 5 x 5 (2,
the original's 4 x 5), 6 x 6 or 6 x 7 (3).
"""

from __future__ import annotations

from itertools import product

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, answer_among
from tracegen.kits.cards import draw_card
from tracegen.kits.grid import Grid

W, H = 880, 540
SHAPES = {1: ((4, 4),), 2: ((4, 5), (5, 5), (4, 5)), 3: ((6, 6), (6, 7))}
FILL = "blue"


def runs(line) -> list[int]:
    """The clue of a line: lengths of its runs of filled cells ([0] for an empty line)."""
    out, k = [], 0
    for v in line:
        if v:
            k += 1
        elif k:
            out.append(k)
            k = 0
    if k:
        out.append(k)
    return out or [0]


def clues(grid):
    return [runs(row) for row in grid], [runs(col) for col in zip(*grid)]


def satisfies(grid, row_clues, col_clues) -> bool:
    """``clues(grid) == (row_clues, col_clues)``, stopping at the first row whose clue differs."""
    if len(grid) != len(row_clues):
        return False
    for row, clue in zip(grid, row_clues):
        if runs(row) != clue:
            return False
    return [runs(col) for col in zip(*grid)] == col_clues


def completions(known, clue):
    """Every row agreeing with the decided cells (1 filled, 0 empty, None unknown) whose clue is ``clue``."""
    free = [i for i, v in enumerate(known) if v is None]
    out = []
    for bits in product((0, 1), repeat=len(free)):
        row = list(known)
        for i, b in zip(free, bits):
            row[i] = b
        if runs(row) == clue:
            out.append(row)
    return out


class Nonogram(Scene):
    domain, scene_id, size = "puzzles", "nonogram", (W, H)
    megapixels = (0.5, 0.74)
    description = ("A nonogram clue grid with row and column clues above four lettered options: filled grids, or "
                   "strips completing a highlighted row.")

    def sample(self, rng, difficulty):
        shapes = SHAPES[difficulty]
        rows, cols = shapes[int(rng.integers(len(shapes)))]
        for _ in range(100):
            p = float(rng.uniform(0.4, 0.62))
            grid = [[int(v) for v in row] for row in (rng.random((rows, cols)) < p)]
            if all(any(row) for row in grid) and all(any(col) for col in zip(*grid)):
                break
        return {"level": difficulty, "grid": grid, "variant": ["board", "paper"][int(rng.integers(2))]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        grid = state["grid"]
        rows, cols = len(grid), len(grid[0])
        rc, cc = clues(grid)
        mark = state.get("row")
        card_h = 200.0 if mark is None else 120.0
        clue_w = max(len(" ".join(map(str, x))) for x in rc) * 11 + 24
        clue_h = max(len(x) for x in cc) * 20 + 10
        unit = min(44.0, (H - 28 - 22 - card_h - clue_h) / rows, 360.0 / cols)
        x0 = (W - cols * unit - clue_w) / 2 + clue_w
        y0 = (H - clue_h - rows * unit - 22 - card_h) / 2 + clue_h
        g = Grid(x0, y0, rows, cols, unit)
        c.rect(g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0, fill="paper")
        known = state.get("known")
        for r in range(rows):
            c.text(x0 - 12, g.center(r, 0)[1], " ".join(map(str, rc[r])), size=17, anchor="r", bold=True)
            for k in range(cols):
                bx0, by0, bx1, by1 = g.box(r, k)
                if mark is not None and r == mark and known[k] is not None:
                    if known[k]:
                        c.rect(bx0 + 2, by0 + 2, unit - 4, unit - 4, fill=FILL)
                    else:
                        c.line(bx0 + unit * 0.25, by0 + unit * 0.25, bx1 - unit * 0.25, by1 - unit * 0.25, lw=2.2)
                        c.line(bx0 + unit * 0.25, by1 - unit * 0.25, bx1 - unit * 0.25, by0 + unit * 0.25, lw=2.2)
        for k in range(cols):
            cx = g.center(0, k)[0]
            for j, v in enumerate(reversed(cc[k])):
                c.text(cx, y0 - 14 - j * 20, str(v), size=16, bold=True)
        for r in range(rows + 1):
            c.line(g.x0, g.y0 + r * unit, g.x1, g.y0 + r * unit, color="ink", lw=2.0 if r in (0, rows) else 1.0)
        for k in range(cols + 1):
            c.line(g.x0 + k * unit, g.y0, g.x0 + k * unit, g.y1, color="ink", lw=2.0 if k in (0, cols) else 1.0)
        if mark is not None:
            y = g.y0 + mark * unit
            c.rect(g.x0 - clue_w + 4, y - 2, g.x1 - g.x0 + clue_w - 2, unit + 4, stroke="accent", lw=3.5,
                   id="marked_row")
        top = g.y1 + 22
        cw = (W - 32 - 3 * 16) / 4
        for i, opt in enumerate(state["options"]):
            box = (16 + i * (cw + 16), top, cw, card_h)
            inner = draw_card(c, box, LETTERS[i], id=f"option:{LETTERS[i]}", badge_size=16)
            lines = opt if mark is None else [opt]
            n_r, n_c = len(lines), len(lines[0])
            u = min(26.0, (cw - 40) / n_c, (inner[3] - inner[1] - 6) / n_r)
            ox = box[0] + (cw - n_c * u) / 2
            oy = (inner[1] + inner[3]) / 2 - n_r * u / 2
            for r, line in enumerate(lines):
                for k, v in enumerate(line):
                    c.rect(ox + k * u, oy + r * u, u, u, fill=FILL if v else "paper", stroke="ink", lw=1.0)


SCENE = Nonogram()
task = SCENE.task


def place(r, letter, answer, pool):
    """The answer at ``letter`` among three wrong options drawn from ``pool``."""
    return answer_among(r, answer, [pool[int(i)] for i in r.permutation(len(pool))[:3]], letter)


# ---------------------------------------------------------------------- tasks
@task("candidate_solution_label", answer="option_letter", annotation="bbox", ops="matching")
def candidate_solution_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        grid = s["grid"]
        rows, cols = len(grid), len(grid[0])
        rc, cc = clues(grid)
        pool = []
        for _ in range(30):
            cand = [list(row) for row in grid]
            kind = int(r.integers(3))
            if kind == 0:           # one cell toggled
                a, b = int(r.integers(rows)), int(r.integers(cols))
                cand[a][b] ^= 1
            elif kind == 1:         # two cells of one row swapped (the row clue may still hold)
                a = int(r.integers(rows))
                i, j = (int(v) for v in r.choice(cols, size=2, replace=False))
                cand[a][i], cand[a][j] = cand[a][j], cand[a][i]
            else:                   # a row slid by one cell
                a = int(r.integers(rows))
                row = cand[a]
                cand[a] = row[1:] + row[:1] if r.random() < 0.5 else row[-1:] + row[:-1]
            # only row a differs from the grid, whose clues rc, cc are: satisfies(cand, rc, cc) needs
            # only that row's clue and the column clues checked
            ok = runs(cand[a]) == rc[a] and [runs(col) for col in zip(*cand)] == cc
            if not ok and cand not in pool and cand != grid:
                pool.append(cand)
        q.require(len(pool) >= 3, "too few wrong grids")
        s["options"] = place(r, letter, grid, pool)
        return s

    s = q.edit(edit)
    rc, cc = clues(s["grid"])
    good = [LETTERS[i] for i, o in enumerate(s["options"]) if satisfies(o, rc, cc)]
    q.require(len(good) == 1, "not exactly one grid satisfying the clues")
    q.step("check_clues", option=good[0])
    return q.answer(good[0], witnesses=f"option:{good[0]}", question=(
        "The image shows a nonogram clue grid: the numbers left of each row and above each column give the "
        "lengths of the runs of filled cells in that line, in order. Below it are four lettered filled grids. "
        "Which grid satisfies every row clue and every column clue?"))


@task("line_completion_label", answer="option_letter", annotation="bbox", ops="matching")
def line_completion_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        grid = s["grid"]
        cols = len(grid[0])
        rc = clues(grid)[0]
        order = [int(i) for i in r.permutation(len(grid))]
        for row_i in order:
            row = grid[row_i]
            clue = rc[row_i]
            # reveal cells one by one until the row's completion is unique, leaving at least one unknown
            known = [None] * cols
            for k in [int(i) for i in r.permutation(cols)]:
                if len(completions(known, clue)) == 1:
                    break
                known[k] = row[k]
            if None not in known or known.count(None) == cols or len(completions(known, clue)) != 1:
                continue
            pool = []
            for bits in product((0, 1), repeat=cols):
                cand = list(bits)
                if cand == row:
                    continue
                agrees = all(v is None or v == b for v, b in zip(known, cand))
                fits = runs(cand) == clue
                if agrees != fits:            # breaks exactly one of the two requirements: tempting
                    pool.append(cand)
            if len(pool) >= 3:
                s.update(row=row_i, known=known, options=place(r, letter, list(row), pool))
                return s
        q.reject("no row with a unique completion and tempting strips")

    s = q.edit(edit)
    row, known = s["row"], s["known"]
    clue = clues(s["grid"])[0][row]
    good = [LETTERS[i] for i, o in enumerate(s["options"])
            if runs(o) == clue and all(v is None or v == b for v, b in zip(known, o))]
    q.require(len(good) == 1, "not exactly one completing strip")
    q.step("complete_row", row=row, option=good[0])
    return q.answer(good[0], witnesses=f"option:{good[0]}", question=(
        "The image shows a nonogram clue grid (the numbers give the lengths of the runs of filled cells in each "
        f"line, in order) with one highlighted row, row {row + 1} from the top, in which some cells are already "
        "decided: filled, or crossed out as empty. Below are four lettered strips, each a complete filling of "
        "that row. Which strip satisfies the row's clue and keeps every decided cell?"))
