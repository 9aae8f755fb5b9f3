"""icons/icon_grid: coloured shape icons in the cells of a ruled grid (some cells empty)."""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.grid import Grid, draw_lines
from tracegen.kits.icons import COLORS, KINDS, draw_icon

GRID_DIMS = {1: ((3, 3), (3, 4)), 2: ((4, 4), (4, 5)), 3: ((5, 5), (5, 6))}
EMPTY_RATE = 0.12


class IconGrid(Scene):
    domain, scene_id, size = "icons", "icon_grid", (600, 520)
    description = ("A ruled grid whose cells hold coloured icons (geometric shapes and pictograms such as flags, "
                   "trees and mugs); some cells are empty.")

    def sample(self, rng, difficulty):
        dims = GRID_DIMS[difficulty]
        rows, cols = dims[int(rng.integers(len(dims)))]
        shapes = [KINDS[i] for i in rng.choice(len(KINDS), size=int(rng.integers(2, 9)), replace=False)]
        colors = [COLORS[i] for i in rng.choice(len(COLORS), size=int(rng.integers(2, 9)), replace=False)]
        cells = []
        for _ in range(rows * cols):
            if rng.random() < EMPTY_RATE:
                cells.append(None)
            else:
                cells.append([shapes[int(rng.integers(len(shapes)))], colors[int(rng.integers(len(colors)))]])
        if all(cell is None for cell in cells):
            cells[0] = [shapes[0], colors[0]]
        return {"rows": rows, "cols": cols, "cells": cells}

    def render(self, c, state, params):
        w, h = self.size
        rows, cols = state["rows"], state["cols"]
        g = Grid.fit(rows, cols, 20, 20, w - 40, h - 40)
        c.rect(g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0, fill="panel")
        draw_lines(c, g, color="muted", lw=1.0, outer_lw=2.0)
        for i, cell in enumerate(state["cells"]):
            if cell is None:
                continue
            r, k = divmod(i, cols)
            cx, cy = g.center(r, k)
            draw_icon(c, cell[0], cell[1], cx, cy, g.cell * 0.66, id=f"icon:{r}:{k}", outline=False)


SCENE = IconGrid()
task = SCENE.task


def _recolor(attr, t):
    """Edit: re-draw attribute ``attr`` (0 = shape, 1 = colour) so exactly ``t`` distinct values appear."""
    pool = KINDS if attr == 0 else COLORS

    def edit(state, rng):
        filled = [i for i, cell in enumerate(state["cells"]) if cell is not None]
        values = [pool[i] for i in rng.choice(len(pool), size=t, replace=False)]
        order = [filled[i] for i in rng.permutation(len(filled))]
        for j, i in enumerate(order):
            state["cells"][i][attr] = values[j] if j < t else values[int(rng.integers(t))]
        return state

    return edit


def _distinct(q, attr, support):
    cells = q.state["cells"]
    n_filled = sum(cell is not None for cell in cells)
    t = q.target(support)
    q.require(t <= n_filled, "fewer icons than the target")
    q.edit(_recolor(attr, t))
    first = {}
    for i, cell in enumerate(q.state["cells"]):
        if cell is not None and cell[attr] not in first:
            first[cell[attr]] = i
    cols = q.state["cols"]
    ids = [f"icon:{i // cols}:{i % cols}" for i in sorted(first.values())]
    q.step("distinct", values=sorted(first), first_cells=ids)
    return len(first), ids


COLOR_SUPPORT = {1: range(2, 6), 2: range(3, 8), 3: range(3, 10)}
TYPE_SUPPORT = {1: range(2, 6), 2: range(2, 7), 3: range(3, 9)}


@task("distinct_color_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def distinct_color_count(q):
    n, ids = _distinct(q, 1, COLOR_SUPPORT[q.difficulty])
    return q.answer(n, witnesses=ids,
                    question=("Counting each colour once, at its first icon in reading order (row by row from the top "
                              "left), how many different colours do the icons in the grid have?"))


@task("distinct_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def distinct_type_count(q):
    n, ids = _distinct(q, 0, TYPE_SUPPORT[q.difficulty])
    return q.answer(n, witnesses=ids,
                    question=("Counting each icon type once, at its first icon in reading order (row by row from the "
                              "top left), how many different icon types (a flag, a tree, a square, ... whatever its "
                              "colour) appear in the grid?"))
