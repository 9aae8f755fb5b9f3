"""games/hex: a Hex position on an n x n rhombus of hexagonal cells with red and blue stones.

Rules: Red (who moves first) joins the left and right sides, Blue the top and bottom sides; a side wins by
a chain of its stones, each next to the one before (hexagons sharing an edge), touching both of its
sides.  Sampled positions are unfinished games: Red has as many stones as Blue or one more, and neither
side has a winning chain.  Row r is drawn shifted right by r half cells, so the neighbours of (r, c) are
(r, c -+ 1), (r - 1, c), (r - 1, c + 1), (r + 1, c - 1) and (r + 1, c).
"""

from __future__ import annotations

import functools
import math
from collections import deque

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import assign_letters

SIZES = {1: (5, 5), 2: (6, 7), 3: (9, 9)}
DENSITY = (0.35, 0.55)
NAMES = {"R": "Red", "B": "Blue"}
FILLS = {"R": "red", "B": "blue"}
NB = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, -1), (1, 0))
CELL_FILLS = ((0.96, 0.90, 0.78), (0.94, 0.92, 0.86), (0.92, 0.88, 0.80), (0.97, 0.94, 0.84))
RAD = 24.0


def neighbours(n, r, c):
    for dr, dc in NB:
        if 0 <= r + dr < n and 0 <= c + dc < n:
            yield r + dr, c + dc


def other(who):
    return "B" if who == "R" else "R"


def to_move(rows):
    s = "".join(rows)
    return "R" if s.count("R") == s.count("B") else "B"


@functools.lru_cache(maxsize=None)
def _nbs(n):
    """Per board size: each flat cell's neighbour cells (flat indices, in ``NB`` order)."""
    return [[(r + dr) * n + c + dc for dr, dc in NB if 0 <= r + dr < n and 0 <= c + dc < n]
            for r in range(n) for c in range(n)]


def _sides_flat(n, who):
    """Flat cells of ``who``'s two sides: (where its chains start, where they end)."""
    if who == "R":
        return range(0, n * n, n), range(n - 1, n * n, n)
    return range(n), range(n * (n - 1), n * n)


def gap(rows, who, blocked=()):
    """Fewest empty cells ``who`` must fill to join its sides (0-1 BFS: own stones cost 0, empty cells 1,
    opponent stones and ``blocked`` cells are walls), with one cheapest set of empty cells; (None, []) when
    the sides cannot be joined."""
    n = len(rows)
    # flat cells r * n + c (their order is the order of the (r, c) pairs); each cell's neighbours listed in
    # ``NB`` order and its cost read from a table, so the search visits and records as the 0-1 BFS on pairs
    flat = "".join(rows)
    wt = [0 if ch == who else (1 if ch == "." else None) for ch in flat]
    for r, c in blocked:
        if flat[r * n + c] == ".":
            wt[r * n + c] = None
    nbs = _nbs(n)
    starts, goals = _sides_flat(n, who)
    dist, prev = [None] * (n * n), [None] * (n * n)
    dq = deque()
    for s in starts:
        w = wt[s]
        if w is not None:
            dist[s] = w
            (dq.appendleft if w == 0 else dq.append)(s)
    done = bytearray(n * n)
    while dq:
        cur = dq.popleft()
        if done[cur]:
            continue
        done[cur] = 1
        here = dist[cur]
        for nb in nbs[cur]:
            w = wt[nb]
            if w is None:
                continue
            d = here + w
            dn = dist[nb]
            if dn is None or d < dn:
                dist[nb], prev[nb] = d, cur
                if w == 0:
                    dq.appendleft(nb)
                else:
                    dq.append(nb)
    ends = [i for i in goals if dist[i] is not None]
    if not ends:
        return None, []
    end = min(ends, key=lambda i: (dist[i], i))
    cells, p = [], end
    while p is not None:
        if flat[p] == ".":
            cells.append(divmod(p, n))
        p = prev[p]
    return dist[end], sorted(cells)


def _reach(flat, n, who, seeds):
    """Flat cells of ``who``'s stones joined (through ``who``'s stones) to a stone among ``seeds``."""
    nbs = _nbs(n)
    seen = bytearray(n * n)
    todo = [s for s in seeds if flat[s] == who]
    for s in todo:
        seen[s] = 1
    while todo:
        cur = todo.pop()
        for nb in nbs[cur]:
            if not seen[nb] and flat[nb] == who:
                seen[nb] = 1
                todo.append(nb)
    return seen


def joined(rows, who) -> bool:
    """``gap(rows, who)[0] == 0``: a chain of ``who``'s stones already joins its sides."""
    n = len(rows)
    flat = "".join(rows)
    starts, goals = _sides_flat(n, who)
    seen = _reach(flat, n, who, starts)
    return any(seen[g] for g in goals)


def unique_gap(rows, who):
    """(k, cells) when the cheapest set of empty cells is unique (every cell of it is needed), else (k, None)."""
    k, cells = gap(rows, who)
    if k is None or k == 0:
        return k, None
    for x in cells:
        k2, _ = gap(rows, who, blocked={x})
        if k2 is not None and k2 <= k:
            return k, None
    return k, cells


def winning_cells(rows, who):
    """Empty cells where a ``who`` stone completes a winning chain."""
    n = len(rows)
    flat = "".join(rows)
    starts, goals = _sides_flat(n, who)
    from_start = _reach(flat, n, who, starts)
    if any(from_start[g] for g in goals):
        # already joined: any stone leaves a winning chain
        return [divmod(i, n) for i in range(n * n) if flat[i] == "."]
    # not joined yet, so a winning chain passes the new stone: it must touch (be on, or be next to a
    # stone joined to) the start side and likewise the goal side
    from_goal = _reach(flat, n, who, goals)
    on_start, on_goal = set(starts), set(goals)
    nbs = _nbs(n)
    out = []
    for i in range(n * n):
        if flat[i] == ".":
            if (i in on_start or any(from_start[j] for j in nbs[i])) and \
                    (i in on_goal or any(from_goal[j] for j in nbs[i])):
                out.append(divmod(i, n))
    return out


def finished(rows) -> bool:
    return joined(rows, "R") or joined(rows, "B")


def _mutate(rng, rows):
    """A random change keeping the stone counts' balance: move a stone, swap a red and a blue stone, or
    add or remove one stone of each colour."""
    n = len(rows)
    g = [list(row) for row in rows]
    cells = [(r, c) for r in range(n) for c in range(n)]
    empty = [p for p in cells if g[p[0]][p[1]] == "."]
    red = [p for p in cells if g[p[0]][p[1]] == "R"]
    blue = [p for p in cells if g[p[0]][p[1]] == "B"]
    op = rng.random()

    def pick(xs):
        return xs[int(rng.integers(len(xs)))]

    if op < 0.4 and empty and (red or blue):
        a, b = pick(red + blue), pick(empty)
        g[b[0]][b[1]], g[a[0]][a[1]] = g[a[0]][a[1]], "."
    elif op < 0.6 and red and blue:
        a, b = pick(red), pick(blue)
        g[a[0]][a[1]], g[b[0]][b[1]] = "B", "R"
    elif op < 0.8 and len(empty) >= 2:
        i, j = rng.choice(len(empty), 2, replace=False)
        g[empty[int(i)][0]][empty[int(i)][1]] = "R"
        g[empty[int(j)][0]][empty[int(j)][1]] = "B"
    elif len(red) > 1 and len(blue) > 1:
        a, b = pick(red), pick(blue)
        g[a[0]][a[1]] = g[b[0]][b[1]] = "."
    return ["".join(row) for row in g]


def search(rng, rows, score, steps=500):
    cur, best = list(rows), score(rows)
    for _ in range(steps):
        if best == 0:
            return cur
        nxt = _mutate(rng, cur)
        if finished(nxt):
            continue
        v = score(nxt)
        if v <= best:
            cur, best = nxt, v
    return cur if best == 0 else None


def geometry(n, w):
    """Cell centre function and the top-left origin for an n x n board on a canvas ``w`` wide."""
    hw = math.sqrt(3) * RAD
    width = hw * (n + (n - 1) / 2)
    x0 = (w - width) / 2 + hw / 2
    y0 = 90.0 + RAD
    return lambda r, c: (x0 + (c + r / 2) * hw, y0 + r * 1.5 * RAD)


def _corner(cx, cy, k):
    """Vertex k of a pointy-top hexagon (0 top, then clockwise)."""
    a = -math.pi / 2 + k * math.pi / 3
    return cx + RAD * math.cos(a), cy + RAD * math.sin(a)


class Hex(Scene):
    domain, scene_id = "games", "hex"
    size = (520, 420)
    megapixels = (0.22, 0.34)   # image area (MP); the original's median is 0.275
    description = ("A Hex board: a rhombus of hexagonal cells with red and blue stones, the left and right sides "
                   "edged in red, the top and bottom sides edged in blue, the side to move named above.")

    def canvas_size(self, state):
        n = len(state["rows"])
        hw = math.sqrt(3) * RAD
        return (int(hw * (n + (n - 1) / 2) + 60), int(90 + RAD * (1.5 * (n - 1) + 2) + 30))

    def sample(self, rng, difficulty):
        lo, hi = SIZES[difficulty]
        n = int(rng.integers(lo, hi + 1))
        while True:
            stones = int(round(n * n * rng.uniform(*DENSITY)))
            cells = [divmod(int(i), n) for i in rng.permutation(n * n)[:stones]]
            g = [["."] * n for _ in range(n)]
            for k, (r, c) in enumerate(cells):
                g[r][c] = "R" if k % 2 == 0 else "B"
            rows = ["".join(row) for row in g]
            if not finished(rows):
                return {"rows": rows}

    def claims(self, state, params):
        out = [Claim(None, "colour", "red"), Claim(None, "colour", "blue")]
        out += [Claim(f"stone:{r}:{c}", "colour", FILLS[ch]) for r, row in enumerate(state["rows"])
                for c, ch in enumerate(row) if ch in "RB"]
        out += [Claim(f"goal:{who}:{k}", "colour", FILLS[who]) for who in "RB" for k in (0, 1)]
        if state.get("marked"):
            out.append(Claim("mark", "colour", "green"))
        return out

    def render(self, c, state, params):
        rows = state["rows"]
        n = len(rows)
        w, _ = self.canvas_size(state)
        center = geometry(n, w)
        who = to_move(rows)
        text = f"{NAMES[who]} to move"
        tw = c.text_width(text, size=18, bold=True)
        bx = w / 2 - (tw + 50) / 2
        c.rect(bx, 18, tw + 50, 38, fill="panel", stroke="ink", lw=1.3)
        c.circle(bx + 21, 37, 10, fill=FILLS[who], stroke=(0.3, 0.3, 0.3), lw=1.2)
        c.text(bx + 38, 37, text, size=18, bold=True, anchor="l")
        fill = CELL_FILLS[c.style.accent % len(CELL_FILLS)]
        for r in range(n):
            for k in range(n):
                cx, cy = center(r, k)
                c.regular_polygon(cx, cy, RAD, 6, fill=fill, stroke=(0.35, 0.22, 0.12), lw=1.3)
                c.register(f"cell:{r}:{k}", box=(cx - RAD * 0.8, cy - RAD * 0.8, cx + RAD * 0.8, cy + RAD * 0.8),
                           point=(cx, cy))
        # goal sides: red left and right (the cells' outer vertical edges), blue top and bottom
        for k, col in enumerate((0, n - 1)):
            pts = []
            for r in range(n):
                cx, cy = center(r, col)
                pts += [_corner(cx, cy, 5), _corner(cx, cy, 4)] if col == 0 else [_corner(cx, cy, 1), _corner(cx, cy, 2)]
            c.polyline([(x - 4 if col == 0 else x + 4, y) for x, y in pts], color="red", lw=5)
            c.register(f"goal:R:{k}", segment=(pts[0], pts[-1]), stroke="red", line="solid")
        for k, row in enumerate((0, n - 1)):
            pts = []
            for col in range(n):
                cx, cy = center(row, col)
                pts += [_corner(cx, cy, 5), _corner(cx, cy, 0), _corner(cx, cy, 1)] if row == 0 else \
                    [_corner(cx, cy, 4), _corner(cx, cy, 3), _corner(cx, cy, 2)]
            c.polyline([(x, y - 4 if row == 0 else y + 4) for x, y in pts], color="blue", lw=5)
            c.register(f"goal:B:{k}", segment=(pts[0], pts[-1]), stroke="blue", line="solid")
        for r, row in enumerate(rows):
            for k, ch in enumerate(row):
                if ch in "RB":
                    cx, cy = center(r, k)
                    c.circle(cx, cy, RAD * 0.62, fill=FILLS[ch], stroke=(0.1, 0.1, 0.1), lw=1.2, id=f"stone:{r}:{k}")
        for (r, k), lab in zip(state.get("options") or [], state.get("option_labels") or []):
            cx, cy = center(r, k)
            c.circle(cx, cy, RAD * 0.55, fill="white", stroke=(0.2, 0.2, 0.2), lw=1.2)
            c.text(cx, cy + 0.5, lab, size=16, bold=True, color="black", kind="option")
        m = state.get("marked")
        if m:
            cx, cy = center(*m)
            c.regular_polygon(cx, cy, RAD - 3, 6, stroke="green", lw=4.5, id="mark")


SCENE = Hex()
task = SCENE.task

RULES = ("Cells are adjacent when their hexagons share an edge. Red wants a chain of red stones joining the left "
         "and right sides (edged in red); Blue wants a chain of blue stones joining the top and bottom sides "
         "(edged in blue).")


def _build(q, score):
    def edit(state, rng):
        found = search(rng, state["rows"], score)
        q.require(found is not None, "search did not reach the target")
        state["rows"] = found
        return state

    return q.edit(edit)["rows"]


KINDS = {"R": "red stones", "B": "blue stones", ".": "empty"}


def _neighbour_hits(rows, cell, kind):
    return [p for p in neighbours(len(rows), *cell) if rows[p[0]][p[1]] == kind]


@task("candidate_neighbor_count", answer="integer", annotation="point_set", ops="filtering,counting,topology")
def candidate_neighbor_count(q):
    t = q.target(range(0, 7), stratified=True)
    kind = q.choice("kind", ["R", "B", "."])

    def edit(state, rng):
        rows = state["rows"]
        n = len(rows)
        inner = [(r, c) for r in range(1, n - 1) for c in range(1, n - 1)]
        for _ in range(60):
            cands = [(r, c) for r in range(n) for c in range(n) if len(_neighbour_hits(rows, (r, c), kind)) == t]
            if cands:
                state["rows"], state["marked"] = rows, list(cands[int(rng.integers(len(cands)))])
                return state
            # plant: set the neighbours of an inner cell, then restore the stone balance elsewhere
            cell = inner[int(rng.integers(len(inner)))]
            g = [list(x) for x in rows]
            nbs = [tuple(p) for p in neighbours(n, *cell)]
            chosen = {nbs[int(i)] for i in rng.permutation(len(nbs))[:t]}
            for p in nbs:
                if p in chosen:
                    g[p[0]][p[1]] = kind
                elif g[p[0]][p[1]] == kind:
                    g[p[0]][p[1]] = [x for x in "RB." if x != kind][int(rng.integers(2))]
            keep = set(nbs) | {cell}
            free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in keep]
            for _k in range(40):
                s = "".join("".join(x) for x in g)
                d = s.count("R") - s.count("B")
                if d in (0, 1):
                    break
                want, drop = ("B", "R") if d > 1 else ("R", "B")
                p = free[int(rng.integers(len(free)))]
                if g[p[0]][p[1]] == drop:
                    g[p[0]][p[1]] = "."
                elif g[p[0]][p[1]] == ".":
                    g[p[0]][p[1]] = want
            cand = ["".join(x) for x in g]
            s = "".join(cand)
            if s.count("R") - s.count("B") in (0, 1) and not finished(cand):
                rows = cand
        q.reject("neighbour count not plantable")

    s = q.edit(edit)
    rows, cell = s["rows"], tuple(s["marked"])
    hits = _neighbour_hits(rows, cell, kind)
    q.step("neighbours", cell=list(cell), kind=kind, hits=[list(p) for p in hits])
    what = "are empty (hold no stone)" if kind == "." else f"hold {KINDS[kind]}"
    return q.answer(len(hits), witnesses=[f"cell:{r}:{c}" for r, c in hits],
                    question=(f"This Hex board has red and blue stones. Cells are adjacent when their hexagons share "
                              f"an edge (an inner cell has six neighbours). The cell outlined in green is the "
                              f"reference cell. How many of the cells adjacent to it {what}?"))


GAP_SUPPORT = {1: range(1, 4), 2: range(1, 6), 3: range(2, 7)}


@task("connection_gap_count", answer="integer", annotation="point_set", ops="counting,ranking,topology")
def connection_gap_count(q):
    t = q.target(GAP_SUPPORT[q.difficulty], stratified=True)
    who = q.choice("player", ["R", "B"])

    def score(rows):
        k, cells = unique_gap(rows, who)
        if k is None:
            return 20
        return abs(k - t) + (cells is None)

    rows = _build(q, score)
    k, cells = unique_gap(rows, who)
    q.require(cells is not None and k == t, "no unique cheapest connection")
    q.step("cheapest_connection", player=who, cells=[list(p) for p in cells])
    return q.answer(k, witnesses=[f"cell:{r}:{c}" for r, c in cells],
                    question=(f"This Hex board has red and blue stones. {RULES} Ignoring whose turn it is, what is "
                              f"the smallest number of empty cells {NAMES[who]} would have to fill with "
                              f"{FILLS[who]} stones to complete such a chain?"))


N_LABELS = {1: 4, 2: 6, 3: 6}


@task("winning_move_cell_label", answer="string", annotation="point", ops="filtering,topology,state_update")
def winning_move_cell_label(q):
    k = N_LABELS[q.difficulty]
    letter = q.target(list("ABCDEF"[:k]), stratified=True)

    def score(rows):
        who = to_move(rows)
        g, _ = gap(rows, who)
        if g is None:
            return 30
        if g != 1:
            return 10 + abs(g - 1)
        wins = winning_cells(rows, who)
        empty = sum(ch == "." for ch in "".join(rows))
        return abs(len(wins) - 1) + max(0, k - empty + len(wins))

    def edit(state, rng):
        rows = search(rng, state["rows"], score)
        q.require(rows is not None, "search did not reach one winning cell")
        who = to_move(rows)
        win = winning_cells(rows, who)[0]
        n = len(rows)
        empty = [(r, c) for r in range(n) for c in range(n) if rows[r][c] == "." and (r, c) != win]
        decoys = [empty[int(i)] for i in rng.permutation(len(empty))[:k - 1]]
        opts = sorted(decoys + [win])
        state["rows"], state["options"] = rows, [list(p) for p in opts]
        state["option_labels"] = assign_letters(k, opts.index(win), letter, rng)
        return state

    s = q.edit(edit)
    rows = s["rows"]
    who = to_move(rows)
    wins = set(winning_cells(rows, who))
    hits = [lab for p, lab in zip(s["options"], s["option_labels"]) if tuple(p) in wins]
    q.require(hits == [letter], "not exactly one winning labelled cell")
    win = next(tuple(p) for p, lab in zip(s["options"], s["option_labels"]) if lab == letter)
    q.step("winning_cells", player=who, cells=[list(p) for p in sorted(wins)])
    return q.answer(letter, witnesses=f"cell:{win[0]}:{win[1]}",
                    question=(f"This Hex board has red and blue stones; some empty cells carry letters. {RULES} It is "
                              f"{NAMES[who]}'s turn. In which lettered cell can {NAMES[who]} place a stone to "
                              f"complete a winning chain at once? Answer with the cell's letter."),
                    examples=[x for x in "ABCDEF"[:k] if x != letter][:3])
