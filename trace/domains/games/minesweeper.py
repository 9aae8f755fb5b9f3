"""games/minesweeper: a mid-game Minesweeper board with revealed numbers, covered tiles and flags.

The forced-cell tasks follow the original's rule: a cell is forced when one number on its own
forces it (the number already has that many flags around it, so its other covered neighbours are
safe; or it still needs as many mines as it has covered neighbours, so they are all mines), not
by chaining several numbers together.  Boards are 4-5 cells a side at the original's level.
"""

from __future__ import annotations

import functools
from collections import deque

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, assign_letters, badge, neighbors8
from tracegen.kits.grid import Grid

SIZES = {1: (4, 4), 2: (4, 5), 3: (6, 8)}   # rows and columns; the original's boards are 4-5
NUMBER_RGB = {1: (0.10, 0.22, 0.80), 2: (0.05, 0.45, 0.10), 3: (0.78, 0.08, 0.08), 4: (0.12, 0.05, 0.48),
              5: (0.48, 0.16, 0.04), 6: (0.0, 0.40, 0.45), 7: (0.08, 0.08, 0.08), 8: (0.35, 0.35, 0.35)}
COVER_RGB = (0.70, 0.72, 0.76)
OPEN_RGB = (0.97, 0.97, 0.96)
SEARCH_BUDGET = 40000


@functools.lru_cache(maxsize=64)
def _around(rows, cols):
    """Each cell's neighbours (``neighbors8`` order), listed once per board size: the deduction
    and play search walk them thousands of times per instance."""
    return tuple(tuple(tuple(neighbors8(r, c, rows, cols)) for c in range(cols)) for r in range(rows))


def clue_numbers(mines, rows, cols):
    around = _around(rows, cols)
    return [[sum(mines[a][b] for a, b in around[r][c]) for c in range(cols)] for r in range(rows)]


def _flood(revealed, numbers, mines, start, rows, cols):
    dq = deque([start])
    while dq:
        r, c = dq.popleft()
        if revealed[r][c] or mines[r][c]:
            continue
        revealed[r][c] = 1
        if numbers[r][c] == 0:
            for nb in neighbors8(r, c, rows, cols):
                if not revealed[nb[0]][nb[1]]:
                    dq.append(nb)


class Minesweeper(Scene):
    domain, scene_id, size = "games", "minesweeper", (600, 600)
    megapixels = (0.42, 0.64)   # image area (MP); the original's median is 0.45-0.55
    description = "A Minesweeper board in mid-game: revealed cells with mine-count numbers, covered tiles and red flags."

    def sample(self, rng, difficulty):
        lo, hi = SIZES[difficulty]
        rows, cols = (int(v) for v in rng.integers(lo, hi + 1, size=2))
        r0, c0 = int(rng.integers(rows)), int(rng.integers(cols))
        safe = {(r0, c0), *neighbors8(r0, c0, rows, cols)}
        spots = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in safe]
        n_mines = int(round(rows * cols * float(rng.uniform(0.14, 0.21))))
        mines = [[0] * cols for _ in range(rows)]
        for i in rng.choice(len(spots), size=min(n_mines, len(spots)), replace=False):
            r, c = spots[int(i)]
            mines[r][c] = 1
        numbers = clue_numbers(mines, rows, cols)
        revealed = [[0] * cols for _ in range(rows)]
        _flood(revealed, numbers, mines, (r0, c0), rows, cols)
        if rng.random() < 0.5:  # a second click somewhere safe
            rest = [(r, c) for r in range(rows) for c in range(cols) if not mines[r][c] and not revealed[r][c]]
            if rest:
                _flood(revealed, numbers, mines, rest[int(rng.integers(len(rest)))], rows, cols)
        pf = float(rng.uniform(0.0, 0.6))
        flags = [[0] * cols for _ in range(rows)]
        for r in range(rows):
            for c in range(cols):
                if mines[r][c] and any(revealed[a][b] for a, b in neighbors8(r, c, rows, cols)) and rng.random() < pf:
                    flags[r][c] = 1
        return {"rows": rows, "cols": cols, "mines": mines, "revealed": revealed, "flags": flags}

    def claims(self, state, params):
        """The rules name red flags (a category: a board may have none) and the orange outline."""
        out = [Claim(None, "colour", "red")]
        out += [Claim(f"flag:{r}:{k}", "colour", "red") for r, row in enumerate(state["flags"])
                for k, v in enumerate(row) if v]
        if params.get("marked") or state.get("marked"):
            out.append(Claim("mark", "colour", "orange"))
        return out

    def render(self, c, state, params):
        rows, cols = state["rows"], state["cols"]
        numbers = clue_numbers(state["mines"], rows, cols)
        w, h = self.size
        g = Grid.fit(rows, cols, 20, 20, w - 40, h - 40)
        fs = g.cell * 0.52
        for r in range(rows):
            for k in range(cols):
                x0, y0, x1, y1 = g.box(r, k)
                if state["revealed"][r][k]:
                    c.rect(x0, y0, x1 - x0, y1 - y0, fill=OPEN_RGB, id=f"cell:{r}:{k}")
                    v = numbers[r][k]
                    if v:
                        cx, cy = g.center(r, k)
                        c.text(cx, cy + 1, str(v), size=fs, bold=True, color=NUMBER_RGB[v])
                else:
                    c.rect(x0, y0, x1 - x0, y1 - y0, fill=COVER_RGB, id=f"cell:{r}:{k}")
                    b = max(2.0, g.cell * 0.07)
                    c.polygon([(x0, y0), (x1, y0), (x1 - b, y0 + b), (x0 + b, y0 + b), (x0 + b, y1 - b), (x0, y1)],
                              fill=(0.93, 0.94, 0.96))
                    c.polygon([(x1, y1), (x0, y1), (x0 + b, y1 - b), (x1 - b, y1 - b), (x1 - b, y0 + b), (x1, y0)],
                              fill=(0.45, 0.47, 0.52))
                    if state["flags"][r][k]:
                        cx, cy = g.center(r, k)
                        s = g.cell
                        c.line(cx + 0.08 * s, cy - 0.34 * s, cx + 0.08 * s, cy + 0.26 * s, color="black", lw=3)
                        c.polygon([(cx + 0.08 * s, cy - 0.34 * s), (cx - 0.3 * s, cy - 0.16 * s),
                                   (cx + 0.08 * s, cy + 0.02 * s)], fill="red", id=f"flag:{r}:{k}")
                        c.rect(cx - 0.16 * s, cy + 0.24 * s, 0.48 * s, 0.08 * s, fill="black")
        for r in range(rows + 1):
            c.line(g.x0, g.y0 + r * g.ch, g.x1, g.y0 + r * g.ch, color="gray", lw=1.2)
        for k in range(cols + 1):
            c.line(g.x0 + k * g.cell, g.y0, g.x0 + k * g.cell, g.y1, color="gray", lw=1.2)
        c.rect(g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0, stroke="ink", lw=3)
        marked = params.get("marked") or state.get("marked")
        if marked:
            x0, y0, x1, y1 = g.box(*marked, inset=2.5)
            c.rect(x0, y0, x1 - x0, y1 - y0, stroke="orange", lw=4.5, id="mark")
        for (r, k), lab in zip(state.get("options") or [], state.get("option_labels") or []):
            cx, cy = g.center(r, k)
            badge(c, cx, cy, lab, size=max(14.0, g.cell * 0.3), anchor="c")


# ---------------------------------------------------------------------- deduction
def single_clue_status(state, numbers=None):
    """The covered, unflagged cells that one revealed number forces on its own: {(r, c): "mine" | "safe"}.

    A number with as many flags around it as its value makes its other covered neighbours safe; a
    number that still needs as many mines as it has covered, unflagged neighbours makes them all
    mines.  Numbers are not combined (no chaining); a consistent board never forces a cell both ways.
    ``numbers``: the board's ``clue_numbers`` where the caller already has them (the mines do not
    change while play is searched).
    """
    rows, cols = state["rows"], state["cols"]
    rev, flags = state["revealed"], state["flags"]
    if numbers is None:
        numbers = clue_numbers(state["mines"], rows, cols)
    around = _around(rows, cols)
    out = {}
    for r in range(rows):
        for c in range(cols):
            if not rev[r][c]:
                continue
            nb = around[r][c]
            covered = [x for x in nb if not rev[x[0]][x[1]] and not flags[x[0]][x[1]]]
            need = numbers[r][c] - sum(flags[a][b] for a, b in nb)
            if covered and need in (0, len(covered)):
                out.update((x, "safe" if need == 0 else "mine") for x in covered)
    return out


def deduce(state):
    """Forced status of every covered, unflagged cell from the visible numbers and flags.

    Returns {(r, c): "mine" | "safe" | "open"} or None when the search budget runs out.
    Cells next to no revealed number are unconstrained ("open"); flags count as mines.
    """
    rows, cols = state["rows"], state["cols"]
    rev, flags = state["revealed"], state["flags"]
    numbers = clue_numbers(state["mines"], rows, cols)
    unknown = [(r, c) for r in range(rows) for c in range(cols) if not rev[r][c] and not flags[r][c]]
    index = {cell: i for i, cell in enumerate(unknown)}
    cons = []  # (variable ids, mines still needed)
    for r in range(rows):
        for c in range(cols):
            if not rev[r][c]:
                continue
            nb = list(neighbors8(r, c, rows, cols))
            vs = [index[x] for x in nb if x in index]
            if vs:
                cons.append((vs, numbers[r][c] - sum(flags[a][b] for a, b in nb)))
    var_cons = [[] for _ in unknown]
    for j, (vs, _) in enumerate(cons):
        for v in vs:
            var_cons[v].append(j)
    status = {cell: "open" for cell in unknown}
    can = [set() for _ in unknown]
    budget = [SEARCH_BUDGET]

    def dfs(order, pos, first, assign, ones, free):
        if pos == len(order):
            return True
        v = order[pos]
        for val in (first if pos == 0 else (0, 1)):
            budget[0] -= 1
            if budget[0] < 0:
                raise TimeoutError
            if all(ones[j] + val <= cons[j][1] <= ones[j] + val + free[j] - 1 for j in var_cons[v]):
                assign[v] = val
                for j in var_cons[v]:
                    ones[j] += val
                    free[j] -= 1
                if dfs(order, pos + 1, first, assign, ones, free):
                    return True
                for j in var_cons[v]:
                    ones[j] -= val
                    free[j] += 1
        return False

    def bfs_order(v0):
        order, seen, dq = [v0], {v0}, deque([v0])
        while dq:
            v = dq.popleft()
            for j in var_cons[v]:
                for u in cons[j][0]:
                    if u not in seen:
                        seen.add(u)
                        order.append(u)
                        dq.append(u)
        return order

    done = set()
    try:
        for v0 in range(len(unknown)):
            if not var_cons[v0] or v0 in done:
                continue
            comp = bfs_order(v0)
            done.update(comp)
            for v in comp:
                for val in (0, 1):
                    if val in can[v]:
                        continue
                    order = bfs_order(v)
                    assign = {}
                    ones = [0] * len(cons)
                    free = [len(vs) for vs, _ in cons]
                    if dfs(order, 0, (val,), assign, ones, free):
                        for u, x in assign.items():
                            can[u].add(x)
            for v in comp:
                status[unknown[v]] = "open" if len(can[v]) == 2 else ("mine" if 1 in can[v] else "safe")
    except TimeoutError:
        return None
    return status


SCENE = Minesweeper()
task = SCENE.task

RULES = ("Each number on a revealed cell counts the mines among its up to 8 neighbouring cells (diagonals included); "
         "red flags mark cells known to be mines. There is no total mine count.")
ONE_NUMBER = ("A single number forces its covered, unflagged neighbours in two cases: if it already has that many "
              "flags around it, they are all safe; if it still needs exactly as many mines as there are of them, "
              "they are all mines.")


def _status(q):
    st = deduce(q.state)
    q.require(st is not None, "deduction search too large")
    return st


# per query and difficulty: the counts play is steered to (the original's level: 1-5)
FORCED_SUPPORT = {"mine": {1: range(1, 4), 2: range(1, 6), 3: range(2, 8)},
                  "safe": {1: range(1, 4), 2: range(1, 6), 3: range(2, 8)}}


def _forced(st, want, numbers=None):
    return sum(1 for v in single_clue_status(st, numbers).values() if v == want)


def plant_forced(st, rng, want, t, steps=40):
    """Play on until exactly ``t`` cells are forced ``want`` by single numbers: each step makes the
    move (click a covered safe cell, flooding blanks as the game does; flag or unflag a mine next
    to a revealed cell) that brings the count nearest to ``t``, ties broken at random."""
    rows, cols, mines = st["rows"], st["cols"], st["mines"]
    numbers = clue_numbers(mines, rows, cols)
    for _ in range(steps):
        if _forced(st, want, numbers) == t:
            return st
        rev, flags = st["revealed"], st["flags"]
        moves = []
        for r in range(rows):
            for c in range(cols):
                if rev[r][c]:
                    continue
                if not mines[r][c]:
                    moves.append(("click", r, c))
                elif flags[r][c] or any(rev[a][b] for a, b in neighbors8(r, c, rows, cols)):
                    moves.append(("flag", r, c))
        scored = []
        for move, r, c in moves:
            nxt = {**st, "revealed": [row[:] for row in rev], "flags": [row[:] for row in flags]}
            if move == "click":
                _flood(nxt["revealed"], numbers, mines, (r, c), rows, cols)
            else:
                nxt["flags"][r][c] ^= 1
            scored.append((abs(_forced(nxt, want, numbers) - t), nxt))
        if not scored:
            break
        best = min(d for d, _ in scored)
        pool = [nxt for d, nxt in scored if d == best]
        chosen = pool[int(rng.integers(len(pool)))]
        st["revealed"], st["flags"] = chosen["revealed"], chosen["flags"]
    return st


@task("forced_cell_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("forced_mine_count", "forced_safe_count"), version=2)
def forced_cell_count(q):
    want = "mine" if q.query_id == "forced_mine_count" else "safe"
    t = q.target(FORCED_SUPPORT[want][q.difficulty], stratified=True)
    s = q.edit(lambda st, rng: plant_forced(st, rng, want, t))
    status = single_clue_status(s)
    hits = sorted(cell for cell, v in status.items() if v == want)
    q.require(len(hits) == t, "play did not reach the target count")
    q.step("single_clue_rules", status=want, cells=[list(x) for x in hits])
    what = "mines" if want == "mine" else "safe"
    return q.answer(len(hits), witnesses=[f"cell:{r}:{c}" for r, c in hits],
                    question=(f"{RULES} {ONE_NUMBER} Applying these two rules to each number on its own (without "
                              f"combining numbers), how many covered, unflagged cells are forced to be {what}?"))


@task("forced_mine_cell_label", answer="option_letter", annotation="point", ops="formula_evaluation,matching", version=2)
def forced_mine_cell_label(q):
    k = 4
    letter = q.target(LETTERS[:k], stratified=True)
    status = _status(q)
    single = single_clue_status(q.state)

    def plant(st, rng):
        # the answer: a mine one number forces on its own (the original's rule)
        mines = sorted(cell for cell, s in single.items() if s == "mine")
        # decoys: covered cells next to a number that no reasoning forces to be mines (safe or undecidable)
        rows, cols, rev = st["rows"], st["cols"], st["revealed"]
        decoys = sorted(cell for cell, s in status.items() if s != "mine"
                        and any(rev[a][b] for a, b in neighbors8(cell[0], cell[1], rows, cols)))
        if not mines or len(decoys) < k - 1:
            return st
        answer = mines[int(rng.integers(len(mines)))]
        picks = [decoys[int(i)] for i in rng.choice(len(decoys), size=k - 1, replace=False)]
        opts = sorted(picks + [answer])
        st["options"] = [list(o) for o in opts]
        st["option_labels"] = assign_letters(k, opts.index(answer), letter, rng)
        return st

    s = q.edit(plant)
    q.require("options" in s, "no forced mine or too few decoys")
    hits = [i for i, (r, c) in enumerate(s["options"]) if status[(r, c)] == "mine"]
    q.require(len(hits) == 1 and single.get(tuple(s["options"][hits[0]])) == "mine",
              "not exactly one forced-mine option")
    i = hits[0]
    r, c = s["options"][i]
    q.step("deduce", options={lab: status[tuple(o)] for o, lab in zip(s["options"], s["option_labels"])})
    listed = ", ".join(sorted(s["option_labels"]))
    q.offer(k, "image")
    return q.answer(s["option_labels"][i], witnesses=f"cell:{r}:{c}",
                    question=(f"{RULES} {ONE_NUMBER} Exactly one of the covered cells labelled {listed} must contain "
                              f"a mine given the numbers and flags shown. Which label is it?"))


REMAINING_SUPPORT = {1: range(0, 4), 2: range(0, 5), 3: range(1, 6)}


@task("remaining_mine_count_value", answer="integer", annotation="point", ops="counting,formula_evaluation")
def remaining_mine_count_value(q):
    t = q.target(REMAINING_SUPPORT[q.difficulty])

    def plant(st, rng):
        """Mark a number, bury mines under covered tiles around it until it reaches ``t`` (covered tiles
        never touch a revealed blank, so only numbers change), then flag all but ``t`` of its mines."""
        rows, cols, mines, rev = st["rows"], st["cols"], st["mines"], st["revealed"]
        numbers = clue_numbers(mines, rows, cols)

        def spare(r, c):
            return [x for x in neighbors8(r, c, rows, cols) if not rev[x[0]][x[1]] and not mines[x[0]][x[1]]]

        clues = [(r, c) for r in range(rows) for c in range(cols)
                 if rev[r][c] and numbers[r][c] >= 1 and numbers[r][c] + len(spare(r, c)) >= t]
        q.require(bool(clues), "no number can reach the target")
        r, c = clues[int(rng.integers(len(clues)))]
        free = spare(r, c)
        for i in rng.permutation(len(free))[:max(0, t - numbers[r][c])]:
            mines[free[int(i)][0]][free[int(i)][1]] = 1
        around = [x for x in neighbors8(r, c, rows, cols) if mines[x[0]][x[1]]]
        flagged = {around[int(i)] for i in rng.choice(len(around), size=len(around) - t, replace=False)}
        for x in around:
            st["flags"][x[0]][x[1]] = int(x in flagged)
        st["marked"] = [r, c]
        return st

    s = q.edit(plant)
    r, c = q.param("marked", lambda _: s["marked"])
    rows, cols = s["rows"], s["cols"]
    number = clue_numbers(s["mines"], rows, cols)[r][c]
    value = number - sum(s["flags"][a][b] for a, b in neighbors8(r, c, rows, cols))
    q.step("remaining", number=number, flags=number - value, result=value)
    return q.answer(value, witnesses=f"cell:{r}:{c}",
                    question=(f"{RULES} Look at the number outlined in orange. How many of the mines it counts "
                              f"are not yet flagged?"))
