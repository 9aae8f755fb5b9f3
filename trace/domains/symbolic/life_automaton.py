"""symbolic/life_automaton: Conway's Game of Life (B3/S23) on a small bounded grid: cells beyond the
edge count as empty.  A START grid of black (alive) and white (empty) cells, alone or above four
lettered future grids, one of which is the grid after one or two updates; the others are the usual
slips (the wrong number of updates, the start grid itself, a wrapped-around edge, a changed
survival or birth count, a cell off).

Difficulty grows the grid: 3 x 3 with 2-4 alive cells (1), 3 x 3 (counting) or 3-5 cells a side
(options) (2), 4 x 4 or 5-6 a side (3).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from tracegen.core.claims import Claim
from tracegen.core.options import insert_at
from tracegen.core.task import Scene
from tracegen.kits.cards import label_badge, rounded_rect
from tracegen.kits.grid import Grid, draw_cell_grid

LETTERS = "ABCD"
FILLS = {0: "white", 1: "black"}
COUNT_SIZE = {1: 3, 2: 3, 3: 4}
OPTION_SIZES = {1: (3,), 2: (3, 4, 5), 3: (5, 6)}
SRC_CELL, OPT_CELL, GAP, MARGIN = 36.0, 31.0, 20.0, 20.0
RULE = ("An alive cell with 2 or 3 alive neighbours (of the 8 cells around it) stays alive, an empty cell with "
        "exactly 3 alive neighbours becomes alive, and every other cell is empty in the next grid; cells beyond "
        "the edge of the grid count as empty.")
LEAD = "Black cells are alive and white cells are empty."


@lru_cache(maxsize=None)
def _neighbours(n: int, m: int, wrap: bool) -> tuple:
    """For each cell of an n x m grid (row by row), the flat indices of its 8 neighbours: those inside the
    grid, or all 8 taken around the edges with ``wrap``."""
    out = []
    for r in range(n):
        for k in range(m):
            cells = []
            for dr, dk in product((-1, 0, 1), repeat=2):
                if not (dr or dk):
                    continue
                rr, kk = r + dr, k + dk
                if wrap:
                    cells.append(rr % n * m + kk % m)
                elif 0 <= rr < n and 0 <= kk < m:
                    cells.append(rr * m + kk)
            out.append(tuple(cells))
    return tuple(out)


def step(grid, *, wrap=False, survive=(2, 3), birth=(3,)):
    """One update of ``grid`` (rows of 0/1) under a birth/survival rule."""
    n, m = len(grid), len(grid[0])
    flat = [v for row in grid for v in row]
    at = flat.__getitem__
    new = [int(sum(map(at, cells)) in (survive if v else birth)) for v, cells in zip(flat, _neighbours(n, m, wrap))]
    return [new[r * m:(r + 1) * m] for r in range(n)]


def run(grid, steps, **rule):
    for _ in range(steps):
        grid = step(grid, **rule)
    return grid


@lru_cache(maxsize=None)
def _small_grids(n: int) -> tuple:
    """Every n x n grid (n = 3) with its alive count after one update."""
    out = []
    for bits in product((0, 1), repeat=n * n):
        g = [list(bits[r * n:(r + 1) * n]) for r in range(n)]
        out.append((g, sum(map(sum, step(g)))))
    return tuple(out)


@lru_cache(maxsize=None)
def _start_pool(want: int, lo: int, hi: int) -> tuple:
    """The 3 x 3 grids with ``want`` alive cells after one update and ``lo`` to ``hi`` alive now, in
    ``_small_grids`` order."""
    return tuple(g for g, a in _small_grids(3) if a == want and lo <= sum(map(sum, g)) <= hi)


def random_grid(rng, n, density):
    return [[int(rng.random() < density) for _ in range(n)] for _ in range(n)]


class LifeAutomaton(Scene):
    domain, scene_id, size = "symbolic", "life_automaton", (380, 320)
    megapixels = (0.1, 0.12)          # the layout's own size: the image grows with the grid
    description = ("A Game of Life START grid of black (alive) and white (empty) cells, alone or above four lettered "
                   "future grids.")

    def canvas_size(self, state):
        n = len(state["grid"])
        if state["layout"] == "count":
            return (380, 320) if n == 3 else (420, 360)
        card = n * OPT_CELL + 36
        return (int(4 * card + 3 * GAP + 2 * MARGIN), int(n * SRC_CELL + n * OPT_CELL + 200))

    def sample(self, rng, difficulty):
        n = COUNT_SIZE[difficulty]
        return {"level": difficulty, "grid": random_grid(rng, n, 0.4), "layout": "count", "steps": 1,
                "options": []}

    def claims(self, state, params):
        """Prompts name alive cells black and empty ones white."""
        out = [Claim(f"cell:{r}:{k}", "colour", FILLS[v]) for r, row in enumerate(state["grid"])
               for k, v in enumerate(row)]
        for L, opt in zip(LETTERS, state["options"]):
            out += [Claim(f"{L}:cell:{r}:{k}", "colour", FILLS[v]) for r, row in enumerate(opt) for k, v in
                    enumerate(row)]
        return out

    def render(self, c, state, params):
        w, h = self.canvas_size(state)
        n = len(state["grid"])
        cell = 52.0 if state["layout"] == "count" else SRC_CELL
        side = n * cell
        top = (h - side - 70) / 2 + 52 if state["layout"] == "count" else 64.0
        g = Grid((w - side) / 2, top, n, n, cell)
        rounded_rect(c, g.x0 - 18, top - 52, side + 36, side + 70, radius=12, fill="panel", stroke="ink", lw=1.5)
        tw = c.text_width("START", size=15, bold=True) + 20
        rounded_rect(c, w / 2 - tw / 2, top - 42, tw, 26, radius=10, fill="paper", stroke="ink", lw=1.2)
        c.text(w / 2, top - 29, "START", size=15, bold=True, color=c.text_on("paper"))
        draw_cell_grid(c, g, state["grid"], FILLS, stroke="gray", lw=1.4)
        c.register("source_grid", box=(g.x0, g.y0, g.x1, g.y1))
        if state["layout"] == "count":
            return
        card = n * OPT_CELL + 36
        y = top + side + 46
        for i, (L, opt) in enumerate(zip(LETTERS, state["options"])):
            x = MARGIN + i * (card + GAP)
            rounded_rect(c, x, y, card, card + 26, radius=12, fill="panel", stroke="ink", lw=1.5, id=f"option:{L}")
            label_badge(c, x + 8, y + 6, L, size=15)
            draw_cell_grid(c, Grid(x + 18, y + 38, n, n, OPT_CELL), opt, FILLS, prefix=f"{L}:cell", stroke="gray",
                           lw=1.2)


SCENE = LifeAutomaton()
task = SCENE.task


def _flip(grid, r, k):
    out = [list(row) for row in grid]
    out[r][k] = 1 - out[r][k]
    return out


# ---------------------------------------------------------------------- tasks
@task("life_future_grid_label", answer="option_letter", annotation="bbox_map", ops="state_update",
      queries=("one_step_future_grid", "two_step_future_grid"))
def life_future_grid_label(q):
    steps = 1 if q.query_id == "one_step_future_grid" else 2
    q.offer(4, "image")
    letter = q.target(LETTERS, stratified=True)

    def edit(s, r):
        sizes = OPTION_SIZES[s["level"]]
        n = sizes[int(r.integers(len(sizes)))]
        g = random_grid(r, n, float(r.uniform(0.3, 0.5)))
        right = run(g, steps)
        slips = [run(g, 3 - steps), g, run(g, steps, wrap=True), run(g, steps, survive=(2,)),
                 run(g, steps, survive=(3,)), run(g, steps, birth=(2, 3)), run(g, steps, survive=(2, 3, 4))]
        slips = [slips[int(i)] for i in r.permutation(len(slips))]
        flips = [_flip(right, int(i) // n, int(i) % n) for i in r.permutation(n * n)]
        wrong = []
        for cand in slips + flips:
            if cand != right and cand not in wrong:
                wrong.append(cand)
            if len(wrong) == 3:
                break
        q.require(any(map(any, right)) or r.random() < 0.25, "an empty future (kept for a quarter only)")
        s.update(grid=g, layout="future", steps=steps, options=insert_at(letter, right, wrong))
        return s

    s = q.edit(edit)
    right = run(s["grid"], s["steps"])
    k = s["options"].index(right)
    q.step("update", steps=s["steps"], result=right)
    when = "one update" if steps == 1 else "two updates, the second applied to the result of the first"
    return q.answer(LETTERS[k], witnesses={"source_grid": "source_grid", "selected_option": f"option:{LETTERS[k]}"},
                    question=(f"The image shows a cellular-automaton grid marked START above four lettered future "
                              f"grids. {LEAD} {RULE} Which lettered grid is the START grid after {when}? Answer with "
                              "its letter."))


COUNTS = {"one_step_alive_cell_count": range(0, 8), "one_step_dead_cell_count": range(2, 10)}
START_ALIVE = {1: (2, 4), 2: (1, 8), 3: (3, 12)}


@task("one_step_cell_state_count", answer="integer", annotation="bbox_set", ops="counting,state_update",
      queries=("one_step_alive_cell_count", "one_step_dead_cell_count"))
def one_step_cell_state_count(q):
    alive = q.query_id == "one_step_alive_cell_count"
    n = COUNT_SIZE[q.difficulty]
    lo, hi = START_ALIVE[q.difficulty]
    cells = n * n
    support = COUNTS[q.query_id] if n == 3 else (range(1, 11) if alive else range(cells - 10, cells))
    if q.difficulty == 1:
        reach = {a for g, a in _small_grids(3) if lo <= sum(map(sum, g)) <= hi}
        support = [v for v in support if (v if alive else cells - v) in reach]
    t = q.target(support, stratified=True)
    want = t if alive else cells - t

    def edit(s, r):
        if n == 3:
            pool = _start_pool(want, lo, hi)
            q.require(bool(pool), "no start grid gives the target")
            s["grid"] = [list(row) for row in pool[int(r.integers(len(pool)))]]
            return s
        for _ in range(800):
            g = random_grid(r, n, float(r.uniform(0.25, 0.7)))
            if lo <= sum(map(sum, g)) <= hi and sum(map(sum, step(g))) == want:
                s["grid"] = g
                return s
        q.reject("no start grid gives the target")

    s = q.edit(edit)
    nxt = step(s["grid"])
    hits = [(r, k) for r in range(n) for k in range(n) if nxt[r][k] == int(alive)]
    q.step("update", result=nxt)
    what = "alive" if alive else "empty"
    return q.answer(len(hits), witnesses=[f"cell:{r}:{k}" for r, k in hits],
                    question=(f"The image shows a cellular-automaton grid marked START. {LEAD} {RULE} After one update "
                              f"of the START grid, how many of its cells are {what}?"))
