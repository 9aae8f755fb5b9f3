"""puzzles/cell_board: a square-cell board, either coloured cells or walls with a green S and a red G cell.

The image is the board's own size, as in the original (which sizes its canvas to the board: 0.15 MP
at the default level, 0.04 MP for the small symmetry boards): cells of a drawn pixel size, a thin
margin, no render scaling.
"""

from __future__ import annotations

from tracegen.core.claims import COLOUR_WORDS, Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import bfs, components, neighbors4, tint
from tracegen.kits.grid import Grid

SIZES = {1: (5, 6), 2: (7, 8), 3: (9, 10)}
SYMMETRY_SIZES = {1: (3, 4), 2: (3, 5), 3: (5, 7)}   # the original's mirror boards are 3-5 cells a side
CELL = (30, 56)            # cell side in pixels (the original's cells are 28-69 px)
SYMMETRY_CELL = (26, 42)   # its mirror boards come out smaller still (0.04 MP)
MARGIN = 14                # around the board: room for the dashed mirror line's overhang
COLORS = ("red", "blue", "yellow", "green", "purple")


def walls_board(rng, rows, cols) -> dict:
    p = float(rng.uniform(0.22, 0.4))
    cells = [[int(v) for v in row] for row in (rng.random((rows, cols)) < p)]
    free = [(r, c) for r in range(rows) for c in range(cols)]
    i, j = rng.choice(len(free), size=2, replace=False)
    (sr, sc), (gr, gc) = free[int(i)], free[int(j)]
    cells[sr][sc] = cells[gr][gc] = 0
    return {"variant": "walls", "rows": rows, "cols": cols, "cells": cells, "start": [sr, sc], "goal": [gr, gc],
            "cell": _cell(rng, CELL)}


def colors_board(rng, rows, cols, k, cell_range=CELL) -> dict:
    names = [COLORS[int(i)] for i in rng.choice(len(COLORS), size=k, replace=False)]
    cells = [[int(v) for v in row] for row in rng.integers(0, k, size=(rows, cols))]
    return {"variant": "colors", "rows": rows, "cols": cols, "cells": cells, "palette": names,
            "cell": _cell(rng, cell_range)}


def _cell(rng, lo_hi) -> int:
    return int(rng.integers(lo_hi[0], lo_hi[1] + 1))


class CellBoard(Scene):
    domain, scene_id, size = "puzzles", "cell_board", (600, 600)
    megapixels = (0.0, 0.0)   # no render scaling: the board's cells set the image size (canvas_size)
    aspect_pad = 0.1
    description = "A board of square cells: coloured cells, or open and wall cells with a start S and a goal G."

    def canvas_size(self, state):
        return (state["cols"] * state["cell"] + 2 * MARGIN, state["rows"] * state["cell"] + 2 * MARGIN)

    def sample(self, rng, difficulty):
        lo, hi = SIZES[difficulty]
        rows, cols = (int(v) for v in rng.integers(lo, hi + 1, size=2))
        if rng.random() < 0.5:
            return walls_board(rng, rows, cols)
        return colors_board(rng, rows, cols, 3 if difficulty == 1 else int(rng.integers(3, 5)))

    def claims(self, state, params):
        """Prompts name cells by colour (black walls, a palette colour) and the green S / red G cells."""
        cells = state["cells"]
        if state["variant"] == "walls":
            return ([Claim(f"cell:{r}:{k}", "colour", "black" if v else "white")
                     for r, row in enumerate(cells) for k, v in enumerate(row)]
                    + [Claim("start", "colour", "green", part="stroke"), Claim("goal", "colour", "red", part="stroke")])
        return [Claim(f"cell:{r}:{k}", "colour", state["palette"][v])
                for r, row in enumerate(cells) for k, v in enumerate(row) if state["palette"][v] in COLOUR_WORDS]

    def render(self, c, state, params):
        rows, cols, cells = state["rows"], state["cols"], state["cells"]
        g = Grid(MARGIN, MARGIN, rows, cols, state["cell"])
        walls = state["variant"] == "walls"
        for r in range(rows):
            for k in range(cols):
                if walls:
                    fill = "black" if cells[r][k] else "white"
                else:
                    fill = state["palette"][cells[r][k]]
                x0, y0, x1, y1 = g.box(r, k)
                c.rect(x0, y0, x1 - x0, y1 - y0, fill=fill, id=f"cell:{r}:{k}")
        if walls:
            for key, color, letter in (("start", "green", "S"), ("goal", "red", "G")):
                r, k = state[key]
                x0, y0, x1, y1 = g.box(r, k, inset=2.5)
                c.rect(x0, y0, x1 - x0, y1 - y0, fill=tint(color, 0.35), stroke=color, lw=4, id=key)
                cx, cy = g.center(r, k)
                c.text(cx, cy, letter, size=g.cell * 0.45, bold=True, color="black")
            for r in range(rows):
                for k in range(cols):
                    if cells[r][k]:
                        continue
                    for r2, k2 in ((r, k + 1), (r + 1, k)):
                        if r2 < rows and k2 < cols and not cells[r2][k2]:
                            c.register(f"step:{r}:{k}:{r2}:{k2}", segment=(g.center(r, k), g.center(r2, k2)))
        lw = 2.0 if walls else 1.5
        for r in range(rows + 1):
            c.line(g.x0, g.y0 + r * g.ch, g.x1, g.y0 + r * g.ch, color="gray", lw=lw)
        for k in range(cols + 1):
            c.line(g.x0 + k * g.cell, g.y0, g.x0 + k * g.cell, g.y1, color="gray", lw=lw)
        c.rect(g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0, stroke="ink", lw=3)
        axis = params.get("axis")
        if axis:
            for r, k, r2, k2 in mirror_pairs(rows, cols, axis):
                c.register(f"mirror:{r}:{k}", segment=(g.center(r, k), g.center(r2, k2)))
            if axis == "vertical":
                x = (g.x0 + g.x1) / 2
                c.line(x, g.y0 - 12, x, g.y1 + 12, color="black", lw=3.5, dash=[10, 6], id="axis")
            else:
                y = (g.y0 + g.y1) / 2
                c.line(g.x0 - 12, y, g.x1 + 12, y, color="black", lw=3.5, dash=[10, 6], id="axis")


def mirror_pairs(rows, cols, axis):
    """(r, c, r', c') for every cell on the counted side (left / top) and its mirror image."""
    if axis == "vertical":
        return [(r, k, r, cols - 1 - k) for r in range(rows) for k in range(cols // 2)]
    return [(r, k, rows - 1 - r, k) for r in range(rows // 2) for k in range(cols)]


SCENE = CellBoard()
task = SCENE.task


def _variant(q, variant):
    s = q.state
    if s["variant"] != variant:
        k = 3 if q.difficulty == 1 else 4
        q.edit(lambda st, rng: walls_board(rng, st["rows"], st["cols"]) if variant == "walls"
               else colors_board(rng, st["rows"], st["cols"], k))
    return q.state


ADJ = "Cells are connected only through shared edges (up, down, left, right), not diagonally."


LARGEST = {1: range(2, 6), 2: range(3, 8), 3: range(8, 14)}   # the original's level: 2-7


def plant_blob(st, rng, idx, t):
    """Recolour the board so that colour ``idx``'s largest edge-connected group has exactly ``t``
    cells and every other group of it is smaller."""
    rows, cols, cells = st["rows"], st["cols"], st["cells"]
    k = len(st["palette"])
    start = (int(rng.integers(rows)), int(rng.integers(cols)))
    blob, frontier = {start}, [start]
    while len(blob) < t and frontier:
        r, c = frontier[int(rng.integers(len(frontier)))]
        nbs = [nb for nb in neighbors4(r, c, rows, cols) if nb not in blob]
        if not nbs:
            frontier.remove((r, c))
            continue
        nb = nbs[int(rng.integers(len(nbs)))]
        blob.add(nb)
        frontier.append(nb)
    for r, c in blob:
        cells[r][c] = idx
    other = lambda v: (v + int(rng.integers(1, k))) % k  # noqa: E731
    for r, c in blob:                       # keep the blob's border free of its colour
        for r2, c2 in neighbors4(r, c, rows, cols):
            if (r2, c2) not in blob and cells[r2][c2] == idx:
                cells[r2][c2] = other(idx)
    for _ in range(rows * cols):
        big = [cp for cp in components(cells, rows, cols, value=idx) if len(cp) >= t and set(cp) != blob]
        if not big:
            break
        r, c = big[0][int(rng.integers(len(big[0])))]
        cells[r][c] = other(idx)
    return st


@task("largest_component_size", answer="integer", annotation="bbox_set", ops="counting,ranking,topology")
def largest_component_size(q):
    s = _variant(q, "colors")
    t = q.target(LARGEST[q.difficulty], stratified=True)
    color = q.choice("color", s["palette"])
    idx = s["palette"].index(color)
    s = q.edit(lambda st, rng: plant_blob(st, rng, idx, t))
    comps = components(s["cells"], s["rows"], s["cols"], value=idx)
    q.require(bool(comps), "colour absent")
    sizes = sorted((len(cp) for cp in comps), reverse=True)
    q.require(len(sizes) == 1 or sizes[0] > sizes[1], "tied largest group")
    q.require(sizes[0] == t, "planting missed the target")
    best = max(comps, key=len)
    q.step("components", color=color, sizes=sizes)
    return q.answer(len(best), witnesses=[f"cell:{r}:{k}" for r, k in best],
                    question=(f"{ADJ} How many cells are in the largest connected group of {color} cells?"))


REACH = {1: range(1, 5), 2: range(1, 7), 3: range(3, 11)}   # the original's level: 1-6 cells


def plant_region(st, rng, t):
    """Wall in a region of exactly ``t`` open cells around S: grow it from S over random neighbours,
    make its outer neighbours walls and keep G open outside it where there is room (the caller checks
    the region's size and G)."""
    rows, cols, cells = st["rows"], st["cols"], st["cells"]
    start = tuple(st["start"])
    region, frontier = {start}, [start]
    while len(region) < t and frontier:
        cell = frontier[int(rng.integers(len(frontier)))]
        nbs = [nb for nb in neighbors4(*cell, rows, cols) if nb not in region]
        if not nbs:
            frontier.remove(cell)
            continue
        nb = nbs[int(rng.integers(len(nbs)))]
        region.add(nb)
        frontier.append(nb)
    rim = {nb for cell in region for nb in neighbors4(*cell, rows, cols)} - region
    for r, k in region:
        cells[r][k] = 0
    for r, k in rim:
        cells[r][k] = 1
    outside = [(r, k) for r in range(rows) for k in range(cols) if (r, k) not in region and (r, k) not in rim]
    if outside and tuple(st["goal"]) not in outside:
        st["goal"] = list(outside[int(rng.integers(len(outside)))])
    if outside:
        cells[st["goal"][0]][st["goal"][1]] = 0
    return st


@task("reachable_region_size", answer="integer", annotation="bbox_set", ops="filtering,counting,topology")
def reachable_region_size(q):
    _variant(q, "walls")
    t = q.target(REACH[q.difficulty], stratified=True)
    s = q.edit(lambda st, rng: plant_region(st, rng, t))
    cells = s["cells"]
    q.require(not cells[s["goal"][0]][s["goal"][1]], "no room for G outside the walled region")
    dist = bfs(s["start"], lambda r, k: not cells[r][k], s["rows"], s["cols"])
    q.require(len(dist) == t, "the walled region missed the target size")
    reach = sorted(dist)
    q.step("flood_fill", start=s["start"], reached=len(reach))
    return q.answer(len(reach), witnesses=[f"cell:{r}:{k}" for r, k in reach],
                    question=(f"Black cells are walls; every other cell is open (the S and G cells are open). {ADJ} "
                              f"How many open cells can be reached from the green S cell, counting the S cell itself?"))


PATH_LENGTHS = {1: range(3, 7), 2: range(4, 10), 3: range(6, 15)}


@task("shortest_path_length_value", answer="integer", annotation="segment_set", ops="counting,ranking,topology")
def shortest_path_length_value(q):
    _variant(q, "walls")
    t = q.target(PATH_LENGTHS[q.difficulty])

    def place_goal(st, rng):
        # move G to an open cell whose shortest route from S has the target length and is unique
        cells, rows, cols = st["cells"], st["rows"], st["cols"]
        dist = bfs(st["start"], lambda r, k: not cells[r][k], rows, cols)
        ways = {}
        for cell in sorted(dist, key=dist.get):
            ways[cell] = 1 if dist[cell] == 0 else sum(
                ways[nb] for nb in neighbors4(cell[0], cell[1], rows, cols) if dist.get(nb) == dist[cell] - 1)
        cands = sorted(cell for cell, d in dist.items() if d == t and ways[cell] == 1)
        if cands:
            st["goal"] = list(cands[int(rng.integers(len(cands)))])
        return st

    s = q.edit(place_goal)
    cells, rows, cols = s["cells"], s["rows"], s["cols"]
    free = lambda r, k: not cells[r][k]  # noqa: E731
    dist = bfs(s["start"], free, rows, cols)
    goal = tuple(s["goal"])
    q.require(goal in dist, "goal unreachable")
    q.balance(dist[goal], PATH_LENGTHS[q.difficulty])
    back = bfs(goal, free, rows, cols)
    total = dist[goal]
    # walk back from the goal; require the shortest route to be unique so the annotation is too
    path = [goal]
    cur = goal
    while dist[cur] > 0:
        prev = [nb for nb in neighbors4(cur[0], cur[1], rows, cols) if dist.get(nb) == dist[cur] - 1]
        q.require(len(prev) == 1, "several shortest routes")
        cur = prev[0]
        path.append(cur)
    on_some = sum(1 for cell, d in dist.items() if back.get(cell, -1) + d == total)
    q.require(on_some == total + 1, "several shortest routes")
    path.reverse()
    segs = []
    for a, b in zip(path, path[1:]):
        a, b = sorted((a, b))
        segs.append(f"step:{a[0]}:{a[1]}:{b[0]}:{b[1]}")
    q.step("bfs", length=total, path=[list(p) for p in path])
    return q.answer(total, witnesses=segs,
                    question=("Black cells are walls; every other cell is open. Moving one cell at a time up, down, "
                              "left or right through open cells, what is the smallest number of moves needed to go "
                              "from the green S cell to the red G cell?"))


SYMMETRY = {1: (1, 2, 3), 2: (1, 1, 2, 2, 3, 4, 5), 3: range(2, 9)}   # the original's level: 1-5, mostly 1-2


@task("symmetry_violation_count", answer="integer", annotation="segment_set",
      ops="counting,transformation,matching")
def symmetry_violation_count(q):
    lo, hi = SYMMETRY_SIZES[q.difficulty]
    k = 3 if q.difficulty == 1 else 4
    axis = q.choice("axis", ["vertical", "horizontal"])
    t = q.target(SYMMETRY[q.difficulty])

    def board(st, rng):
        rows, cols = (int(v) for v in rng.integers(lo, hi + 1, size=2))
        if len(mirror_pairs(rows, cols, axis)) < t:
            q.reject("board too small for the target")
        return colors_board(rng, rows, cols, k, SYMMETRY_CELL)

    s = q.edit(board)

    def plant(st, rng):
        pairs = mirror_pairs(st["rows"], st["cols"], axis)
        k = len(st["palette"])
        cells = st["cells"]
        for r, c, r2, c2 in pairs:
            cells[r2][c2] = cells[r][c]
        for i in rng.choice(len(pairs), size=t, replace=False):
            r, c, r2, c2 = pairs[int(i)]
            cells[r2][c2] = (cells[r][c] + int(rng.integers(1, k))) % k
        return st

    s = q.edit(plant)
    cells = s["cells"]
    bad = [(r, c) for r, c, r2, c2 in mirror_pairs(s["rows"], s["cols"], axis) if cells[r][c] != cells[r2][c2]]
    side, other = ("left", "right") if axis == "vertical" else ("top", "bottom")
    q.step("mirror_compare", axis=axis, mismatches=[list(b) for b in bad])
    q.claim("axis", line="dashed")
    note = " Cells the line passes through are not counted." if (
        (axis == "vertical" and s["cols"] % 2) or (axis == "horizontal" and s["rows"] % 2)) else ""
    return q.answer(len(bad), witnesses=[f"mirror:{r}:{c}" for r, c in bad],
                    question=(f"Reflect the board across the dashed {axis} line. How many cells on the {side} side "
                              f"have a different colour from their mirror-image cell on the {other} side?{note}"))
