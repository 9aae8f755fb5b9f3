"""puzzles/star_battle: a partly filled one-star Star Battle grid -- N x N cells split into N coloured
regions (thick borders between regions), some stars placed.  The rules: exactly one star in every row,
every column and every region, and no two stars touching, not even at a corner.

A cell is a legal place for another star when it is empty, its row, column and region hold no star yet
and none of its eight neighbours holds one.  The board is built from a solution (one star per row and
column, never touching) whose regions grow from its stars; a few of those stars are shown.  Tasks count
the legal cells of a highlighted row or column, or ask which of several lettered cells is legal (the
others break one rule each).  Difficulty: 5 x 5 with two stars shown (1), 6 x 6 or 7 x 7 with two or
three (2, the original's 7 x 7), 8 x 8 with three or four (3).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.boards import N4, answer_among, tint
from tracegen.kits.cards import label_badge
from tracegen.kits.geometry import Draws

W, H = 760, 640
SIZES = {1: (5, 5), 2: (6, 7), 3: (8, 8)}
SHOWN = {1: (2, 2), 2: (2, 3), 3: (3, 4)}
COUNTS = {1: (1, 2, 3), 2: (2, 3, 4, 5), 3: (2, 3, 4, 5, 6)}       # legal cells of the highlighted line
REGION_COLORS = ("red", "blue", "green", "yellow", "orange", "purple", "pink", "cyan")
LETTERS8 = "ABCDEFGH"


def solution(rng, n):
    """Star columns per row: a permutation whose consecutive rows are at least two columns apart."""
    while True:
        cols, used = [], set()

        def place(r):
            if r == n:
                return True
            options = [c for c in range(n) if c not in used and (r == 0 or abs(c - cols[-1]) >= 2)]
            for c in [options[int(i)] for i in rng.permutation(len(options))]:
                cols.append(c)
                used.add(c)
                if place(r + 1):
                    return True
                cols.pop()
                used.discard(c)
            return False

        if place(0):
            return cols


_NEIGHBOURS: dict[int, list] = {}


def _neighbours(n):
    """Flat indices of each cell's in-grid N4 neighbours, in N4 order (one list per board size)."""
    nb = _NEIGHBOURS.get(n)
    if nb is None:
        nb = _NEIGHBOURS[n] = [[(r + dr) * n + c + dc for dr, dc in N4 if 0 <= r + dr < n and 0 <= c + dc < n]
                               for r in range(n) for c in range(n)]
    return nb


def grow_regions(rng, n, stars):
    """Regions grown at random from each star cell until every cell belongs to one (all edge-connected).

    Each step claims a uniform pick from the frontier: every (claimed cell, unclaimed N4 neighbour)
    pair, listed by claimed cell in reading order, then in N4 order.  The list is not built: ``free``
    keeps each claimed cell's number of unclaimed neighbours, and the pick is walked to through it."""
    nb = _neighbours(n)
    region = [-1] * (n * n)
    for i, (r, c) in enumerate(stars):
        region[r * n + c] = i
    free = [0] * (n * n)
    for r, c in stars:
        free[r * n + c] = sum(region[t] < 0 for t in nb[r * n + c])
    total = sum(free)
    with Draws(rng) as d:             # the generator's own draws in plain Python (one per claimed cell)
        for _ in range(n * n - n):
            j, s = d.integers(total), 0
            while j >= free[s]:
                j -= free[s]
                s += 1
            for t in nb[s]:
                if region[t] < 0:
                    if not j:
                        break
                    j -= 1
            region[t] = region[s]
            free[t] = 0
            for u in nb[t]:
                if region[u] < 0:
                    free[t] += 1
                    total += 1
                else:
                    free[u] -= 1
                    total -= 1
    return [region[r * n:(r + 1) * n] for r in range(n)]


def legal(state, cell) -> bool:
    """Whether a star may go in ``cell`` next to the shown stars."""
    r, c = cell
    n, region = state["n"], state["regions"]
    for sr, sc in state["shown"]:      # (a shown star's own cell shares its row)
        if sr == r or sc == c or region[sr][sc] == region[r][c] or (abs(sr - r) <= 1 and abs(sc - c) <= 1):
            return False
    return 0 <= r < n and 0 <= c < n


class StarBattle(Scene):
    domain, scene_id, size = "puzzles", "star_battle", (W, H)
    megapixels = (0.82, 1.2)
    description = "A partly filled one-star Star Battle grid with coloured regions, a highlighted line or lettered cells."

    def sample(self, rng, difficulty):
        lo, hi = SIZES[difficulty]
        n = int(rng.integers(lo, hi + 1))
        cols = solution(rng, n)
        stars = [(r, c) for r, c in enumerate(cols)]
        regions = grow_regions(rng, n, stars)
        colors = [REGION_COLORS[int(i)] for i in rng.permutation(len(REGION_COLORS))[:n]]
        return {"level": difficulty, "n": n, "solution": [list(s) for s in stars], "regions": regions,
                "colors": colors, "shown": []}

    def render(self, c, state, params):
        n, regions = state["n"], state["regions"]
        u = min(72.0, (H - 40) / n)
        x0, y0 = (W - n * u) / 2, (H - n * u) / 2
        for r in range(n):
            for k in range(n):
                c.rect(x0 + k * u, y0 + r * u, u, u, fill=tint(state["colors"][regions[r][k]], 0.45), stroke="muted",
                       lw=1.0, id=f"cell:{r}:{k}")
        for r in range(n):            # thick borders between regions
            for k in range(n):
                if k + 1 < n and regions[r][k] != regions[r][k + 1]:
                    c.line(x0 + (k + 1) * u, y0 + r * u, x0 + (k + 1) * u, y0 + (r + 1) * u, color="ink", lw=3.5)
                if r + 1 < n and regions[r][k] != regions[r + 1][k]:
                    c.line(x0 + k * u, y0 + (r + 1) * u, x0 + (k + 1) * u, y0 + (r + 1) * u, color="ink", lw=3.5)
        c.rect(x0, y0, n * u, n * u, stroke="ink", lw=4.0)
        for r, k in state["shown"]:
            c.star(x0 + (k + 0.5) * u, y0 + (r + 0.5) * u, u * 0.36, fill="black", id=f"star:{r}:{k}")
        line = state.get("line")
        if line:
            which, i = line
            box = (x0 - 5, y0 + i * u - 5, n * u + 10, u + 10) if which == "row" else (x0 + i * u - 5, y0 - 5, u + 10,
                                                                                      n * u + 10)
            c.rect(*box, stroke="accent", lw=5.0, id="line")
        for letter, (r, k) in state.get("labels", {}).items():
            label_badge(c, x0 + (k + 0.5) * u - 12, y0 + (r + 0.5) * u - 12, letter, size=17, fill="white")


SCENE = StarBattle()
task = SCENE.task

RULES = ("Star Battle rules: every row, every column and every outlined region must end up with exactly one "
         "star, and no two stars may touch, not even diagonally.")


def show_stars(s, r, k):
    """Show ``k`` of the solution's stars, drawn by ``r`` (a generator, or the ``Draws`` of one)."""
    stars = s["solution"]
    s["shown"] = [stars[int(i)] for i in sorted(r.choice(len(stars), k, replace=False))]


# ---------------------------------------------------------------------- tasks
@task("remaining_valid_cell_count", answer="integer", annotation="bbox_set", ops="filtering,counting,matching",
      queries=("remaining_valid_cells_in_marked_row_count", "remaining_valid_cells_in_marked_column_count"))
def remaining_valid_cell_count(q):
    which = "row" if q.query_id.endswith("_row_count") else "column"
    want = q.target(COUNTS[q.difficulty], stratified=True)

    def edit(s, r):
        n = s["n"]
        lo, hi = SHOWN[s["level"]]
        axis = 0 if which == "row" else 1
        with Draws(r) as d:           # the generator's own draws in plain Python: ~50 tries on average
            for _ in range(300):
                show_stars(s, d, d.integers(lo, hi + 1))
                taken = {st[axis] for st in s["shown"]}
                lines = [i for i in range(n) if i not in taken]
                i = lines[d.integers(len(lines))]
                cells = [(i, k) if which == "row" else (k, i) for k in range(n)]
                if sum(legal(s, x) for x in cells) == want:
                    s["line"] = [which, i]
                    return s
        q.reject("no line with the target count")

    s = q.edit(edit)
    which, i = s["line"]
    cells = [(i, k) if which == "row" else (k, i) for k in range(s["n"])]
    good = [x for x in cells if legal(s, x)]
    q.step("legal_cells", line=s["line"], cells=[list(x) for x in good])
    where = f"row {i + 1} from the top" if which == "row" else f"column {i + 1} from the left"
    return q.answer(len(good), witnesses=[f"cell:{a}:{b}" for a, b in good], question=(
        f"The image shows a partly filled Star Battle grid with outlined coloured regions and one highlighted "
        f"{which}. {RULES} A cell is a legal place for another star if it is empty, no star is yet in its row, its "
        f"column or its region, and no star touches it. How many cells of the highlighted {which} ({where}) are "
        "legal places for another star?"))


def option_count(q, letter):
    """Lettered cells: 4 (level 1); at least 5 and up to the target letter, 6 at the median (2, as the
    original's 5-8); 8 (3)."""
    if q.difficulty == 1:
        return 4
    if q.difficulty == 3:
        return 8
    return max(LETTERS8.index(letter) + 1, q.param("option_base", lambda r: int(r.choice([5, 6, 6, 6]))))


@task("valid_cell_anywhere_label", answer="option_letter", annotation="bbox", ops="matching",
      queries=("valid_cell_anywhere_label",))
def valid_cell_anywhere_label(q):
    letter = q.target("ABCD" if q.difficulty == 1 else LETTERS8, stratified=True)
    k = option_count(q, letter)
    q.offer(k, "image")

    def edit(s, r):
        n = s["n"]
        lo, hi = SHOWN[s["level"]]
        show_stars(s, r, int(r.integers(lo, hi + 1)))
        shown = [tuple(x) for x in s["shown"]]
        good = [tuple(x) for x in s["solution"] if tuple(x) not in shown]     # the hidden stars are legal
        empty = [(a, b) for a in range(n) for b in range(n) if (a, b) not in shown]
        bad = [x for x in empty if not legal(s, x)]
        q.require(len(bad) >= k - 1, "too few illegal cells")
        answer = good[int(r.integers(len(good)))]
        picks = answer_among(r, answer, [bad[int(i)] for i in r.permutation(len(bad))[:k - 1]], letter)
        s["labels"] = {x: list(cell) for x, cell in zip(LETTERS8, picks)}
        return s

    s = q.edit(edit)
    good = [x for x, cell in sorted(s["labels"].items()) if legal(s, cell)]
    q.require(len(good) == 1, "not exactly one legal lettered cell")
    r0, k0 = s["labels"][good[0]]
    q.step("legal_cell", letter=good[0], cell=[r0, k0])
    return q.answer(good[0], witnesses=f"cell:{r0}:{k0}", examples=list(s["labels"]), question=(
        "The image shows a partly filled Star Battle grid with outlined coloured regions and some lettered empty "
        f"cells. {RULES} Which lettered cell is a legal place for another star, given the stars already placed "
        "(its row, column and region hold no star yet and no star touches it)?"))
