"""Top-down pixel-art tile maps: terrain tiles, sprites stored as data (``kits.sprites_data``),
letter tags, and the grid movement rules tactical maps use (4-neighbour moves, per-terrain
entry costs, impassable tiles: Dijkstra and connected components).

Terrain codes (one character per tile): G grass, R road, W water, F forest, M mountain,
B bridge.  A map is a list of equal-length strings, row 0 at the top."""

from __future__ import annotations

import functools
import heapq

from tracegen.kits import sprites_data as sd

TERRAIN_NAMES = {"G": "grass", "R": "road", "W": "water", "F": "forest", "M": "mountain", "B": "bridge"}
# the classic tactics costs: entering a tile costs its terrain's points; None = cannot be entered
MOVE_COSTS = {"G": 1, "R": 1, "B": 1, "F": 2, "M": 3, "W": None}
NEIGH4 = ((-1, 0), (1, 0), (0, -1), (0, 1))
MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


# ---------------------------------------------------------------------------- rules
def neighbours(grid, r, c):
    R, C = len(grid), len(grid[0])
    for dr, dc in NEIGH4:
        rr, cc = r + dr, c + dc
        if 0 <= rr < R and 0 <= cc < C:
            yield rr, cc


def move_costs(grid, start, costs=MOVE_COSTS) -> dict:
    """Fewest movement points from ``start`` to every reachable tile (entering a tile costs its
    terrain's cost; the start tile costs nothing): {(r, c): points}."""
    start = tuple(start)
    dist = {start: 0}
    heap = [(0, start)]
    R, C = len(grid), len(grid[0])
    get, pop, push = dist.get, heapq.heappop, heapq.heappush
    while heap:
        d, rc = pop(heap)
        if d > get(rc, 1 << 30):
            continue
        r, c = rc
        for dr, dc in NEIGH4:               # ``neighbours`` written out (the same tiles in the same order)
            rr, cc = r + dr, c + dc
            if 0 <= rr < R and 0 <= cc < C:
                k = costs[grid[rr][cc]]
                if k is None:
                    continue
                nd = d + k
                if nd < get((rr, cc), 1 << 30):
                    dist[(rr, cc)] = nd
                    push(heap, (nd, (rr, cc)))
    return dist


def costs_to(grid, goal, costs=MOVE_COSTS) -> dict:
    """Fewest points from every tile to ``goal`` (the cost of the tiles entered after it):
    {(r, c): points}; a tile that cannot be entered has its value as if it were left from."""
    goal = tuple(goal)
    dist = {goal: 0}
    heap = [(0, goal)]
    R, C = len(grid), len(grid[0])
    get, pop, push = dist.get, heapq.heappop, heapq.heappush
    while heap:
        d, rc = pop(heap)
        if d > get(rc, 1 << 30):
            continue
        r, c = rc
        k = costs[grid[r][c]]
        if k is None:
            continue
        nd = d + k
        for dr, dc in NEIGH4:               # stepping from (rr, cc) into (r, c) costs k
            rr, cc = r + dr, c + dc
            if 0 <= rr < R and 0 <= cc < C and nd < get((rr, cc), 1 << 30):
                dist[(rr, cc)] = nd
                push(heap, (nd, (rr, cc)))
    return dist


def component(grid, start, passable) -> set:
    """Tiles reachable from ``start`` by 4-neighbour moves over tiles whose code is in ``passable``."""
    start = tuple(start)
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for rr, cc in neighbours(grid, r, c):
            if (rr, cc) not in seen and grid[rr][cc] in passable:
                seen.add((rr, cc))
                stack.append((rr, cc))
    return seen


def walk(start, moves, shape) -> list | None:
    """Tiles visited by a sequence of move words from ``start``; None if it leaves the map."""
    R, C = shape
    r, c = start
    out = []
    for m in moves:
        dr, dc = MOVES[m]
        r, c = r + dr, c + dc
        if not (0 <= r < R and 0 <= c < C):
            return None
        out.append((r, c))
    return out


# ---------------------------------------------------------------------------- drawing
@functools.lru_cache(maxsize=None)
def _sprite_runs(name):
    """Sprite ``name``'s horizontal runs of one colour: [(colour, [(column, row, length), ...]), ...] in
    colour order, each colour's runs row by row (worked out once per sprite)."""
    rows = sd.SPRITES[name]
    runs: dict[str, list] = {}
    for i, row in enumerate(rows):
        j = 0
        while j < len(row):
            ch = row[j]
            k = j
            while k < len(row) and row[k] == ch:
                k += 1
            if ch != ".":
                runs.setdefault(ch, []).append((j, i, k - j))
            j = k
    return [(ch, runs[ch]) for ch in sorted(runs)]


def draw_sprite(c, name, x, y, size, *, palette=None) -> None:
    """Draw sprite ``name`` scaled into the square (x, y, size): one filled path per colour,
    horizontal runs of a colour merged into one rectangle."""
    pal = palette or sd.PALETTE
    n = len(sd.SPRITES[name])
    p = size / n
    ctx = c.ctx
    rect = ctx.rectangle
    for ch, runs in _sprite_runs(name):
        for j, i, w in runs:
            rect(x + j * p, y + i * p, w * p + 0.02, p + 0.02)
        ctx.set_source_rgb(*pal[ch])
        ctx.fill()


def grass_shade(r, col, seed=0) -> int:
    """Which of the two grass shades tile (r, col) gets (a fixed scramble, no randomness)."""
    return ((r * 7 + col * 13 + seed * 5 + (r * col) % 3) // 2) % 2


def draw_terrain(c, code, x, y, t, *, shade=0) -> None:
    """One terrain tile of side ``t`` at (x, y)."""
    if code in ("G", "F"):
        c.rect(x, y, t, t, fill=sd.GRASS[shade])
        draw_sprite(c, "tuft" if code == "G" else "pines", x, y, t)
    elif code == "R":
        c.rect(x, y, t, t, fill=sd.ROAD)
        for k, (a, b) in enumerate(((0.12, 0.55), (0.35, 0.9), (0.2, 0.7))):
            yy = y + t * (0.25 + 0.25 * k)
            c.line(x + t * a, yy, x + t * b, yy, color=sd.ROAD_LINE, lw=max(1.0, t / 50))
    elif code in ("W", "B"):
        c.rect(x, y, t, t, fill=sd.WATER)
        draw_sprite(c, "waves", x, y + t * 0.1, t)
        if code == "B":
            m = t * 0.07
            c.rect(x + m, y + m, t - 2 * m, t - 2 * m, fill=sd.PLANK, stroke=sd.PLANK_DARK, lw=max(1.5, t / 30))
            for k in (1, 2):
                xx = x + m + (t - 2 * m) * k / 3
                c.line(xx, y + m, xx, y + t - m, color=sd.PLANK_DARK, lw=max(1.0, t / 40))
    elif code == "M":
        c.rect(x, y, t, t, fill=sd.MOUNTAIN)
        draw_sprite(c, "rocks", x, y, t)
    else:
        raise ValueError(f"unknown terrain code {code!r}")


def draw_map(c, grid, x0, y0, t, *, seed=0, cell_id="tile") -> None:
    """Every tile of ``grid`` (registered as ``f"{cell_id}:{r}:{c}"``) and the grid lines."""
    R, C = len(grid), len(grid[0])
    for r in range(R):
        for col in range(C):
            x, y = x0 + col * t, y0 + r * t
            draw_terrain(c, grid[r][col], x, y, t, shade=grass_shade(r, col, seed))
            c.register(f"{cell_id}:{r}:{col}", box=(x, y, x + t, y + t))
    lw = max(1.0, t / 60)
    for r in range(R + 1):
        c.line(x0, y0 + r * t, x0 + C * t, y0 + r * t, color=sd.GRASS_LINE, lw=lw)
    for col in range(C + 1):
        c.line(x0 + col * t, y0, x0 + col * t, y0 + R * t, color=sd.GRASS_LINE, lw=lw)


def draw_tag(c, cx, cy, letter, *, size=18.0, id=None) -> None:
    """A letter on a small cream plaque centred at (cx, cy) (an offered choice: ``kind="option"``)."""
    w = h = size * 1.45
    c.rect(cx - w / 2, cy - h / 2, w, h, fill=sd.TAG, stroke=sd.TAG_EDGE, lw=1.6)
    c.text(cx, cy, letter, size=size, bold=True, color=sd.TAG_INK, kind="option")
    if id is not None:
        c.register(id, box=(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))


def draw_unit(c, x, y, t, *, id=None) -> None:
    """The blue unit standing on the tile at (x, y), registered as drawn blue."""
    draw_sprite(c, "unit", x + t * 0.1, y + t * 0.1, t * 0.8)
    if id is not None:
        c.register(id, box=(x + t * 0.15, y + t * 0.15, x + t * 0.85, y + t * 0.85), fill="blue")
