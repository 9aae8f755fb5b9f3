"""puzzles/sudoku: a partially filled 9x9 Sudoku board (as the reference's always are) with a marked
cell or four labelled cells; difficulty thins the givens (about 62 %, 50 %, 38 % of the cells)."""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, assign_letters, badge, tint
from tracegen.kits.grid import Grid, draw_lines

# difficulty -> (box rows, box cols); the board side is their product (9x9 at every level)
BOXES = {1: (3, 3), 2: (3, 3), 3: (3, 3)}
DENSITY = {1: (0.55, 0.7), 2: (0.42, 0.58), 3: (0.3, 0.45)}


def full_grid(rng, br: int, bc: int) -> list[list[int]]:
    """A valid solved board: the banded base pattern under random row/column/digit permutations."""
    n = br * bc

    def order(groups, size):  # permute groups, then members inside each group
        out = []
        for g in rng.permutation(groups):
            out += [int(g) * size + int(k) for k in rng.permutation(size)]
        return out

    rows = order(bc, br)   # bc bands of br rows
    cols = order(br, bc)   # br stacks of bc columns
    digits = [int(d) + 1 for d in rng.permutation(n)]
    return [[digits[(bc * (r % br) + r // br + c) % n] for c in cols] for r in rows]


def peers(r: int, c: int, n: int, br: int, bc: int) -> list[tuple[int, int]]:
    out = set()
    for k in range(n):
        out.add((r, k))
        out.add((k, c))
    r0, c0 = r - r % br, c - c % bc
    for a in range(r0, r0 + br):
        for b in range(c0, c0 + bc):
            out.add((a, b))
    out.discard((r, c))
    return sorted(out)


def candidates(board, r: int, c: int, br: int, bc: int) -> list[int]:
    n = br * bc
    seen = {board[a][b] for a, b in peers(r, c, n, br, bc)}
    return [d for d in range(1, n + 1) if d not in seen]


class Sudoku(Scene):
    domain, scene_id, size = "puzzles", "sudoku", (600, 600)
    description = "A partially filled Sudoku board with thick box borders; a cell may be highlighted or labelled."
    allow_noise = True

    def sample(self, rng, difficulty):
        br, bc = BOXES[difficulty]
        n = br * bc
        sol = full_grid(rng, br, bc)
        lo, hi = DENSITY[difficulty]
        keep = rng.random((n, n)) < rng.uniform(lo, hi)
        board = [[sol[r][c] if keep[r, c] else 0 for c in range(n)] for r in range(n)]
        return {"n": n, "box": [br, bc], "solution": sol, "board": board}

    def claims(self, state, params):
        """Prompts name the marked cell's red outline."""
        return [Claim("mark", "colour", "red")] if params.get("marked") else []

    def render(self, c, state, params):
        n = state["n"]
        br, bc = state["box"]
        w, h = self.size
        g = Grid.fit(n, n, 20, 20, w - 40, h - 40)
        c.rect(g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0, fill="paper")
        marked = params.get("marked")
        if marked:
            x0, y0, x1, y1 = g.box(*marked)
            c.rect(x0, y0, x1 - x0, y1 - y0, fill=tint("yellow", 0.55))
        draw_lines(c, g, color="ink", lw=1.0)
        for k in range(0, n + 1):
            if k % bc == 0:
                x = g.x0 + k * g.cell
                c.line(x, g.y0, x, g.y1, color="ink", lw=3.5)
            if k % br == 0:
                y = g.y0 + k * g.ch
                c.line(g.x0, y, g.x1, y, color="ink", lw=3.5)
        fs = g.cell * (0.5 if n == 9 else 0.42)
        for r in range(n):
            for k in range(n):
                c.register(f"cell:{r}:{k}", box=g.box(r, k))
                v = state["board"][r][k]
                if v:
                    cx, cy = g.center(r, k)
                    c.text(cx, cy + 1, str(v), size=fs, bold=True)
        if marked:
            x0, y0, x1, y1 = g.box(*marked, inset=3)
            c.rect(x0, y0, x1 - x0, y1 - y0, stroke="red", lw=3.5, id="mark")
        for i, (r, k) in enumerate(state.get("options") or []):
            x0, y0, x1, y1 = g.box(r, k, inset=3)
            c.rect(x0, y0, x1 - x0, y1 - y0, stroke="blue", lw=2.5)
            badge(c, x0 + 2, y0 + 2, state["option_labels"][i], size=13)


SCENE = Sudoku()
task = SCENE.task


def _rules(s) -> str:
    n = s["n"]
    br, bc = s["box"]
    return (f"This is a {n}x{n} Sudoku: each row, each column and each {br}x{bc} box outlined by thick lines "
            f"may contain each digit 1-{n} at most once.")


def _plant_candidates(s, rng, cell, count):
    """Hide/reveal peers of the (emptied) cell so that it has exactly ``count`` candidate digits."""
    n = s["n"]
    br, bc = s["box"]
    r, c = cell
    sol, board = s["solution"], s["board"]
    board[r][c] = 0
    v = sol[r][c]
    others = [d for d in range(1, n + 1) if d != v]
    shown = set(int(d) for d in rng.choice(others, size=n - count, replace=False)) if count < n else set()
    by_digit: dict = {}
    for a, b in peers(r, c, n, br, bc):
        by_digit.setdefault(sol[a][b], []).append((a, b))
    for d, cells in by_digit.items():
        if d in shown:
            if not any(board[a][b] for a, b in cells):
                a, b = cells[int(rng.integers(len(cells)))]
                board[a][b] = d
        else:
            for a, b in cells:
                board[a][b] = 0
    return s


def _empty_cell(q, s, want=None):
    n = s["n"]

    def draw(r):
        cells = [[a, b] for a in range(n) for b in range(n) if want is None or s["solution"][a][b] == want]
        return cells[int(r.integers(len(cells)))]

    return q.param("marked", draw)


CANDIDATES = {1: range(1, 4), 2: range(1, 6), 3: range(2, 8)}


@task("marked_cell_candidate_count", answer="integer", annotation="bbox", ops="counting")
def marked_cell_candidate_count(q):
    s = q.state
    t = q.target(CANDIDATES[q.difficulty])
    r, c = _empty_cell(q, s)
    s = q.edit(lambda st, rng: _plant_candidates(st, rng, (r, c), t))
    board, (br, bc) = s["board"], s["box"]
    q.require(board[r][c] == 0, "marked cell not empty")
    cands = candidates(board, r, c, br, bc)
    q.step("candidates", cell=[r, c], digits=cands)
    return q.answer(len(cands), witnesses=f"cell:{r}:{c}",
                    question=(f"{_rules(s)} How many digits could legally be written in the highlighted empty cell "
                              f"(outlined in red), considering only the digits already on the board?"))


@task("marked_cell_value", answer="integer", annotation="bbox", ops="formula_evaluation,matching")
def marked_cell_value(q):
    s = q.state
    v = q.target(range(1, s["n"] + 1))
    r, c = _empty_cell(q, s, want=v)
    s = q.edit(lambda st, rng: _plant_candidates(st, rng, (r, c), 1))
    board, (br, bc) = s["board"], s["box"]
    cands = candidates(board, r, c, br, bc)
    q.require(board[r][c] == 0 and len(cands) == 1, "marked cell not forced")
    q.step("single_candidate", cell=[r, c], digit=cands[0])
    return q.answer(cands[0], witnesses=f"cell:{r}:{c}",
                    question=(f"{_rules(s)} The highlighted empty cell (outlined in red) has only one digit that "
                              f"does not clash with the digits already in its row, column and box. Which digit is it?"))


def _conflicted(board, r, c, br, bc) -> bool:
    v = board[r][c]
    return v != 0 and any(board[a][b] == v for a, b in peers(r, c, br * bc, br, bc))


@task("mistake_cell_label", answer="option_letter", annotation="bbox", ops="matching")
def mistake_cell_label(q):
    s = q.state
    n, (br, bc) = s["n"], s["box"]
    k = 4                  # four lettered cells, as the reference offers
    letter = q.target(LETTERS[:k])

    def plant(st, rng):
        board, sol = st["board"], st["solution"]
        filled = [(a, b) for a in range(n) for b in range(n) if board[a][b]]
        a, b = filled[int(rng.integers(len(filled)))]
        # a wrong digit that repeats a digit visible among the cell's peers
        seen = sorted({board[x][y] for x, y in peers(a, b, n, br, bc) if board[x][y]} - {sol[a][b]})
        if not seen:
            return st
        board[a][b] = int(seen[int(rng.integers(len(seen)))])
        clean = [(x, y) for x, y in filled if (x, y) != (a, b) and not _conflicted(board, x, y, br, bc)]
        if len(clean) < k - 1:
            return st
        picks = [clean[int(i)] for i in rng.choice(len(clean), size=k - 1, replace=False)]
        opts = sorted(picks + [(a, b)])
        idx = opts.index((a, b))
        st["options"] = [list(o) for o in opts]
        st["option_labels"] = assign_letters(k, idx, letter, rng)
        return st

    s = q.edit(plant)
    q.require("options" in s, "no mistake could be planted")
    opts, labels = s["options"], s["option_labels"]
    bad = [i for i, (a, b) in enumerate(opts) if _conflicted(s["board"], a, b, br, bc)]
    q.require(len(bad) == 1, "not exactly one conflicting option")
    i = bad[0]
    q.step("conflict", cell=opts[i], label=labels[i])
    q.offer(k, "image")
    listed = ", ".join(sorted(labels))
    return q.answer(labels[i], witnesses=f"cell:{opts[i][0]}:{opts[i][1]}",
                    question=(f"{_rules(s)} Exactly one of the labelled cells ({listed}) holds a digit that breaks "
                              f"this rule because the same digit already appears in its row, column or box. "
                              f"Which label marks that cell?"))
