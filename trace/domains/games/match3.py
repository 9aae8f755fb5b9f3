"""games/match3: a match-3 jewel grid with numbered rows and columns, coloured gems and swap arrows.

Rules: swapping two adjacent gems clears at once every gem in a straight horizontal or vertical
run of 3 or more equal gems (``tracegen.kits.gridgames.swap_clear``); no falling, refill or
cascades are applied.  The board at rest has no run of 3.  The original's grid is 5 x 5.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS
from tracegen.kits.grid import Grid
from tracegen.kits.gridgames import match_runs, swap_clear

SIZES = {1: 4, 2: 5, 3: 7}
COLORS = ("red", "blue", "green", "yellow", "purple", "cyan", "orange")
N_COLORS = {1: 4, 2: 6, 3: 7}
SHAPES = ("diamond", "pentagon", "hexagon", "circle")
TEXT = (0.15, 0.15, 0.18)
BADGE_EDGE = (0.75, 0.15, 0.3)


def calm_board(rng, n, palette):
    """A random grid with no run of 3 (each gem avoids completing one to its left or above)."""
    board = [[None] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            bad = set()
            if c >= 2 and board[r][c - 1] == board[r][c - 2]:
                bad.add(board[r][c - 1])
            if r >= 2 and board[r - 1][c] == board[r - 2][c]:
                bad.add(board[r - 1][c])
            pool = [x for x in palette if x not in bad]
            board[r][c] = pool[int(rng.integers(len(pool)))]
    return board


def adjacent_swaps(n):
    return [((r, c), (r + dr, c + dc)) for r in range(n) for c in range(n) for dr, dc in ((0, 1), (1, 0))
            if r + dr < n and c + dc < n]


class Match3(Scene):
    domain, scene_id, size = "games", "match3", (680, 640)
    megapixels = (0.48, 0.62)
    description = "A match-3 jewel grid with numbered rows and columns, coloured gems and lettered swap arrows."

    def sample(self, rng, difficulty):
        n = SIZES[difficulty]
        k = N_COLORS[difficulty]
        palette = [COLORS[int(i)] for i in sorted(rng.choice(len(COLORS), size=k, replace=False))]
        return {"n": n, "palette": palette, "board": calm_board(rng, n, palette), "swaps": []}

    def claims(self, state, params):
        return [Claim(f"gem:{r}:{c}", "colour", v) for r, row in enumerate(state["board"]) for c, v in enumerate(row)]

    def render(self, c, state, params):
        n = state["n"]
        w, h = self.size
        c.rect(70, 20, w - 140, h - 40, fill=(0.97, 0.96, 0.95), stroke=(0.35, 0.3, 0.3), lw=2.5)
        g = Grid.fit(n, n, 150, 90, w - 250, h - 130)
        shape = SHAPES[c.style.accent % len(SHAPES)]
        for i in range(n):
            c.text(g.x0 - 28, g.y0 + (i + 0.5) * g.ch, str(i + 1), size=18, color=TEXT)
            c.text(g.x0 + (i + 0.5) * g.cell, g.y0 - 24, str(i + 1), size=18, color=TEXT)
        for r in range(n):
            for k in range(n):
                x0, y0, x1, y1 = g.box(r, k, inset=3)
                c.rect(x0, y0, x1 - x0, y1 - y0, fill=(0.99, 0.97, 0.94), stroke=(0.5, 0.45, 0.42), lw=1.0,
                       id=f"cell:{r}:{k}")
                cx, cy = g.center(r, k)
                c.shape(shape, cx, cy, g.cell * 0.62, fill=state["board"][r][k], stroke=(0.2, 0.2, 0.22), lw=1.3,
                        id=f"gem:{r}:{k}")
        for lab, (a, b) in zip(LETTERS, state["swaps"]):
            (ax, ay), (bx, by) = g.center(*a), g.center(*b)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            dx, dy = (bx - ax) / g.cell, (by - ay) / g.ch
            s = g.cell * 0.3
            c.line(mx - dx * s, my - dy * s, mx + dx * s, my + dy * s, color=BADGE_EDGE, lw=4)
            for sgn in (-1, 1):
                tx, ty = mx + sgn * dx * (s + 8), my + sgn * dy * (s + 8)
                c.polygon([(tx, ty), (tx - sgn * dx * 11 - dy * 8, ty - sgn * dy * 11 - dx * 8),
                           (tx - sgn * dx * 11 + dy * 8, ty - sgn * dy * 11 + dx * 8)], fill=BADGE_EDGE)
            c.circle(mx, my, 15, fill="white", stroke=BADGE_EDGE, lw=2, id=f"swap:{lab}")
            c.text(mx, my + 1, lab, size=16, bold=True, color=TEXT)


SCENE = Match3()
task = SCENE.task

INTRO = "The picture shows a match-3 jewel grid with numbered rows and columns and coloured gems."
SWAP_RULE = ("A lettered double arrow marks a swap of the two adjacent gems it joins. After a swap, a gem clears "
             "when it is part of a straight horizontal or vertical run of 3 or more gems of the same colour; "
             "there is no falling, refill or cascade.")


@task("gem_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("grid_color_gem_count", "row_color_gem_count", "column_color_gem_count"))
def gem_count(q):
    scope = q.query_id.split("_")[0]
    n = q.state["n"]
    # the whole grid holds more of a colour than one line: its counts run higher (the original's reach 8)
    support = {1: range(3, 6), 2: range(5, 9), 3: range(6, 13)}[q.difficulty] if scope == "grid" else range(1, n + 1)
    t = q.target(support, stratified=True)
    color = q.choice("target_color", q.state["palette"])
    line = q.param("line", lambda r: int(r.integers(n))) if scope != "grid" else None

    def cells_in_scope():
        if scope == "grid":
            return [(r, c) for r in range(n) for c in range(n)]
        return [(line, c) for c in range(n)] if scope == "row" else [(r, line) for r in range(n)]

    def plant(st, rng):
        cells = cells_in_scope()
        for _ in range(200):
            b = [row[:] for row in st["board"]]
            pick = {cells[int(i)] for i in rng.choice(len(cells), size=t, replace=False)}
            others = [x for x in st["palette"] if x != color]
            for r, c in cells:
                if (r, c) in pick:
                    b[r][c] = color
                elif b[r][c] == color:
                    b[r][c] = others[int(rng.integers(len(others)))]
            if scope != "grid" or not match_runs(b):
                st["board"] = b
                return st
        return st

    s = q.edit(plant)
    hits = [(r, c) for r, c in cells_in_scope() if s["board"][r][c] == color]
    q.require(len(hits) == t, "target missed")
    where = "in the whole grid" if scope == "grid" else f"in {scope} {line + 1}"
    q.claim(None, colour=color)
    return q.answer(len(hits), witnesses=[f"gem:{r}:{c}" for r, c in hits],
                    question=f"{INTRO} How many {color} gems are there {where}?")


CLEAR_SUPPORT = {1: (0, 3, 4, 5), 2: (0, 3, 4, 5, 6), 3: (0, 3, 4, 5, 6, 7)}


def segments_through(n, cell, avoid, axis):
    """Runs of length 3-5 on ``axis`` ("h"/"v") through ``cell`` that leave out ``avoid``."""
    r, c = cell
    out = []
    for ln in (3, 4, 5):
        for off in range(ln):
            cells = [(r, c - off + i) if axis == "h" else (r - off + i, c) for i in range(ln)]
            if all(0 <= a < n and 0 <= b < n for a, b in cells) and avoid not in cells:
                out.append(cells)
    return out


def plant_swap(board, rng, n, palette, t, tries=300):
    """A calm board and an adjacent swap clearing exactly ``t`` gems: runs of the moved gems' colours
    painted through their new cells, kept when the board stays calm and the count is right."""
    for _ in range(tries):
        swaps = adjacent_swaps(n)
        a, b = swaps[int(rng.integers(len(swaps)))]
        if rng.random() < 0.5:
            a, b = b, a
        base = calm_board(rng, n, palette)
        x, y = base[a[0]][a[1]], base[b[0]][b[1]]
        if x == y:
            continue
        if t:
            plan = [(b, a, x)] + ([(a, b, y)] if rng.random() < 0.35 else [])
            ok = True
            for dest, src, col in plan:
                segs = [s for axis in ("h", "v") for s in segments_through(n, dest, src, axis)]
                seg = segs[int(rng.integers(len(segs)))]
                for cell in seg:
                    if cell != dest:
                        if cell == src:
                            ok = False
                        base[cell[0]][cell[1]] = col
            if not ok:
                continue
        if match_runs(base):
            continue
        if len(swap_clear(base, a, b)) == t:
            return base, [list(a), list(b)]
    return None, None


@task("swap_clear_count", answer="integer", annotation="bbox_set", ops="counting,state_update")
def swap_clear_count(q):
    t = q.target(CLEAR_SUPPORT[q.difficulty], stratified=True)

    def plant(st, rng):
        board, swap = plant_swap(st["board"], rng, st["n"], st["palette"], t)
        if board:
            st["board"], st["swaps"] = board, [swap]
        return st

    s = q.edit(plant)
    q.require(len(s["swaps"]) == 1, "no swap reaches the target")
    a, b = (tuple(x) for x in s["swaps"][0])
    cleared = sorted(swap_clear(s["board"], a, b))
    q.require(len(cleared) == t, "target missed")
    # the witnesses are the cleared cells (where the gems sit after the swap)
    return q.answer(len(cleared), witnesses=[f"cell:{r}:{c}" for r, c in cleared],
                    question=(f"{INTRO} {SWAP_RULE} Make the swap marked A. How many gems clear? (0 if none.)"))


@task("max_clear_swap_label", answer="option_letter", annotation="point", ops="counting,ranking,state_update")
def max_clear_swap_label(q):
    letter = q.target(LETTERS[:4], stratified=True)

    def plant(st, rng):
        n = st["n"]
        for _ in range(30):
            best = (4, 5, 6)[int(rng.integers(3))] if n > 4 else (3, 4, 5)[int(rng.integers(3))]
            board, swap = plant_swap(st["board"], rng, n, st["palette"], best, tries=100)
            if not board:
                continue
            used = {tuple(map(tuple, swap)), tuple(map(tuple, swap[::-1]))}
            pool = [s for s in adjacent_swaps(n)
                    if s not in used and board[s[0][0]][s[0][1]] != board[s[1][0]][s[1][1]]]
            scored = [(len(swap_clear(board, *s)), s) for s in pool]
            good = [s for v, s in scored if 0 < v < best]
            rest = [s for v, s in scored if v == 0]
            if len(good) + len(rest) < 3:
                continue
            k = min(len(good), int(rng.integers(1, 3)))
            pick = [good[int(i)] for i in rng.choice(len(good), size=k, replace=False)] if k else []
            pick += [rest[int(i)] for i in rng.choice(len(rest), size=3 - k, replace=False)]
            pick = [[list(a), list(b)] for a, b in (pick[int(i)] for i in rng.permutation(3))]
            cells = {tuple(x) for s in pick + [swap] for x in s}
            if len(cells) < 8 and rng.random() < 0.7:
                continue   # prefer arrows on distinct gems
            pick.insert(LETTERS.index(letter), swap)
            st["board"], st["swaps"] = board, pick
            return st
        return st

    s = q.edit(plant)
    q.require(len(s["swaps"]) == 4, "no board with a unique best swap")
    vals = [len(swap_clear(s["board"], tuple(a), tuple(b))) for a, b in s["swaps"]]
    best = max(vals)
    q.require(vals.count(best) == 1, "tied best swap")
    i = vals.index(best)
    q.offer(4, "image")
    q.step("clears", values=vals)
    return q.answer(LETTERS[i], witnesses=f"swap:{LETTERS[i]}",
                    question=f"{INTRO} {SWAP_RULE} Which lettered swap clears the most gems?")
