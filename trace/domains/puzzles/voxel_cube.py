"""puzzles/voxel_cube: stacks of unit cubes on a small grid drawn in isometric view (a height map:
every cube rests on the ground or on another cube, and every stack's top face is in full view, so
the drawing determines the structure), with a faint floor grid.

Questions: how many cubes; which of four grids is the front view; how many cubes were taken off
a reference structure to leave the changed one (cubes come off the tops of stacks); how many cells
of the right view's grid are filled.  The front view looks at the lower-left faces (columns left to
right as drawn), the right view at the lower-right faces; the drawing shows both directions.

Difficulty: the grid (2x2, 3x3, 4x4) and stack heights (2, 3, 4).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits import isometric as iso_kit

GRID = {1: 2, 2: 3, 3: 4}
TALL = {1: 2, 2: 3, 3: 4}
COUNT = {1: (2, 6), 2: (4, 14), 3: (9, 24)}
LETTERS = "ABCD"
SHADES = {"top": "yellow", "right": "orange", "left": "brown"}


def top_visible(h) -> bool:
    """Every stack's top face is in full view: the sight line from points of the top face towards
    the viewer (direction (1, 1, 1)) passes through no cube."""
    n = len(h)
    for x in range(n):
        for y in range(n):
            if not h[x][y]:
                continue
            z0 = h[x][y]
            for a in (0.05, 0.5, 0.95):
                for b in (0.05, 0.5, 0.95):
                    t = 0.02
                    while t < 2 * n + 5:
                        X, Y, Z = math.floor(x + a + t), math.floor(y + b + t), math.floor(z0 + t)
                        if 0 <= X < n and 0 <= Y < n and Z < h[X][Y]:
                            return False
                        t += 0.05
    return True


def front_view(h):
    """Rows bottom first; columns x left to right."""
    n = len(h)
    tall = max(max(r) for r in h)
    return [[int(max(h[x][y] for y in range(n)) > z) for x in range(n)] for z in range(tall)]


def right_view(h):
    """Rows bottom first; columns y from the far (right on the page) end."""
    n = len(h)
    tall = max(max(r) for r in h)
    return [[int(max(h[x][y] for x in range(n)) > z) for y in reversed(range(n))] for z in range(tall)]


def random_heights(rng, n, tall, total):
    for _ in range(400):
        h = [[0] * n for _ in range(n)]
        left = total
        cells = [(x, y) for x in range(n) for y in range(n)]
        while left > 0:
            x, y = cells[int(rng.integers(len(cells)))]
            if h[x][y] < tall:
                h[x][y] += 1
                left -= 1
            elif all(h[a][b] >= tall for a, b in cells):
                return None
        if top_visible(h):
            return h
    return None


class VoxelCube(Scene):
    domain, scene_id, size = "puzzles", "voxel_cube", (760, 520)
    megapixels = (0.33, 0.45)   # render-only: the original's one 760 x 520 canvas
    description = ("Stacks of unit cubes in isometric view: count them, pick the front view, count the cubes removed "
                   "between two structures, or count the filled cells of a side view.")

    def sample(self, rng, difficulty):
        return {"n": GRID[difficulty], "tall": TALL[difficulty]}

    # ------------------------------------------------------------------ drawing
    @staticmethod
    def draw_stack(c, h, cx, by, s, *, id=None, arrows=False):
        """The structure (the isometric kit's voxels, faces in SHADES) with its floor grid; the floor's
        front corner at (cx, by)."""
        n = len(h)
        ux, uy = s * math.cos(math.radians(30)), s * math.sin(math.radians(30))
        iso = iso_kit.Iso(cx, by - 2 * n * uy, 2 * ux, 2 * uy, s)
        P = iso.pt
        for k in range(n + 1):
            c.line(*P(k, 0, 0), *P(k, n, 0), color="muted", lw=1.0)
            c.line(*P(0, k, 0), *P(n, k, 0), color="muted", lw=1.0)
        cubes = [(x, y, z, None) for x in range(n) for y in range(n) for z in range(h[x][y])]
        iso_kit.draw_voxels(c, iso, cubes, lambda _: (SHADES, "black", None), lw=1.2)
        tall = max(max(r) for r in h) if cubes else 0
        box = iso_kit.bbox(iso_kit.stack_silhouette(iso, 0, 0, tall, w=n, d=n))
        if id is not None:
            c.register(id, box=box)
        if arrows:
            c.arrow(*P(n / 2, n + 1.9, 0), *P(n / 2, n + 0.5, 0), color="ink", lw=2.0, head=10)
            c.text(*P(n / 2, n + 2.5, 0), "Front", size=15)
            c.arrow(*P(n + 1.9, n / 2, 0), *P(n + 0.5, n / 2, 0), color="ink", lw=2.0, head=10)
            c.text(*P(n + 2.5, n / 2, 0), "Right", size=15)
        return box

    @staticmethod
    def draw_grid(c, cells, x0, y0, s, *, id_prefix=None, filled=True):
        rows = len(cells)
        for z, row in enumerate(cells):
            for k, v in enumerate(row):
                x, y = x0 + k * s, y0 + (rows - 1 - z) * s
                c.rect(x, y, s, s, fill=("gray" if v and filled else "panel"), stroke="ink", lw=1.5,
                       id=f"{id_prefix}{k}:{z}" if id_prefix else None)

    def render(self, c, state, params):
        mode = state["mode"]
        h = state["h"]
        n = len(h)
        if mode == "count":
            s = min(60.0, 300.0 / (n + max(max(r) for r in h)))
            self.draw_stack(c, h, 380, 330 + s * n * 0.5, s, id="structure")
        elif mode == "change":
            s = min(48.0, 230.0 / (n + state["tall"]))
            c.text(200, 90, "Reference", size=18, bold=True)
            c.text(560, 90, "Changed", size=18, bold=True)
            self.draw_stack(c, state["ref"], 200, 300 + s * n * 0.5, s, id="reference")
            self.draw_stack(c, h, 560, 300 + s * n * 0.5, s, id="changed")
        elif mode == "projection":
            s = min(46.0, 230.0 / (n + state["tall"]))
            self.draw_stack(c, h, 200, 250 + s * n * 0.5, s, id="structure", arrows=True)
            for k, g in enumerate(state["options"]):
                x, y = 400 + (k % 2) * 175, 30 + (k // 2) * 240
                c.rect(x, y, 160, 225, fill="background", stroke="muted", lw=1.5, id=f"option:{LETTERS[k]}")
                c.text(x + 20, y + 22, LETTERS[k], size=18, bold=True, kind="option")
                gs = min(130.0 / len(g[0]), 170.0 / len(g))
                self.draw_grid(c, g, x + 80 - gs * len(g[0]) / 2, y + 40 + (170 - gs * len(g)) / 2, gs)
        else:
            s = min(48.0, 240.0 / (n + state["tall"]))
            self.draw_stack(c, h, 220, 260 + s * n * 0.5, s, id="structure", arrows=True)
            view = right_view(h)
            cols, rows = n, state["tall"]
            gs = min(200.0 / cols, 260.0 / rows, 60.0)
            x0, y0 = 560 - gs * cols / 2, 110
            c.rect(x0 - 24, y0 - 54, gs * cols + 48, gs * rows + 78, fill="panel", stroke="muted", lw=1.5)
            c.text(560, y0 - 30, "Right view", size=18, bold=True)
            grid = [[0] * cols for _ in range(rows)]
            for z in range(rows):
                for k in range(cols):
                    grid[z][k] = view[z][k] if z < len(view) else 0
            self.draw_grid(c, grid, x0, y0, gs, id_prefix="cell:", filled=False)


SCENE = VoxelCube()
task = SCENE.task
LEAD = ("The picture shows unit cubes stacked in columns on a square floor grid (every cube rests on the floor or "
        "on another cube, and every column's top face is in view). ")


def _build(q, total):
    def fn(s, rng):
        h = random_heights(rng, s["n"], s["tall"], total)
        q.require(h is not None, "no readable structure")
        s.update(h=h)
        return s
    return fn


@task("cube_count", answer="integer", annotation="bbox", ops="counting", version=2)
def cube_count(q):
    lo, hi = COUNT[q.difficulty]
    total = q.target(list(range(lo, hi + 1)))

    def fn(s, rng):
        s = _build(q, total)(s, rng)
        s["mode"] = "count"
        return s

    q.edit(fn)
    return q.answer(total, witnesses="structure", examples=[total + 2, 7],
                    question=LEAD + "How many unit cubes make up the structure?")


@task("cube_projection_match_label", answer="option_letter", annotation="bbox",
      ops="transformation,matching", version=2)
def cube_projection_match_label(q):
    q.offer(4, "image")
    letter = q.target(list(LETTERS), stratified=True)
    lo, hi = COUNT[q.difficulty]

    def fn(s, rng):
        s = _build(q, int(rng.integers(lo, hi + 1)))(s, rng)
        h = s["h"]
        right = front_view(h)
        cands = [right_view(h), [row[::-1] for row in right]]
        for _ in range(20):
            g = [row[:] for row in right]
            z, k = int(rng.integers(len(g))), int(rng.integers(len(g[0])))
            g[z][k] = 1 - g[z][k]
            cands.append(g)
        pool = []
        for g in cands:
            if g != right and g not in pool:
                pool.append(g)
        q.require(len(pool) >= 3, "too few distractors")
        picks = pool[:2] if len(pool[:2]) == 2 else []
        rest = [g for g in pool[2:]]
        picks = (picks + [rest[int(rng.integers(len(rest)))]]) if rest else pool[:3]
        picks = picks[:3]
        q.require(len(picks) == 3, "too few distractors")
        order = [int(i) for i in rng.permutation(3)]
        picks = [picks[i] for i in order]
        picks.insert(LETTERS.index(letter), right)
        s.update(mode="projection", options=picks)
        return s

    q.edit(fn)
    return q.answer(letter, witnesses=f"option:{letter}", examples=[x for x in LETTERS if x != letter][:2],
                    question=LEAD + "Looking at the structure from the front (the Front arrow), which grid A-D shows "
                                    "its front view (shaded cells are filled)?")


@task("cube_structure_change_count", answer="integer", annotation="bbox_set", ops="counting,matching", version=2)
def cube_structure_change_count(q):
    k = q.target([1, 2, 3, 4, 5] if q.difficulty > 1 else [1, 2, 3])
    lo, hi = COUNT[q.difficulty]

    def fn(s, rng):
        total = int(rng.integers(max(lo, k + 3), max(hi, k + 4) + 1))
        s = _build(q, total)(s, rng)
        ref = s["h"]
        h = [row[:] for row in ref]
        left = k
        while left:
            x, y = int(rng.integers(s["n"])), int(rng.integers(s["n"]))
            if h[x][y]:
                h[x][y] -= 1
                left -= 1
        q.require(top_visible(h), "changed structure not readable")
        s.update(mode="change", ref=ref, h=h)
        return s

    q.edit(fn)
    return q.answer(k, witnesses=["reference", "changed"], examples=[k + 1, 2],
                    question=LEAD + "Some cubes were taken off the tops of the reference structure's stacks to leave "
                                    "the changed one. How many cubes were removed?")


@task("cube_visible_projection_count", answer="integer", annotation="bbox_set",
      ops="counting,transformation", version=2)
def cube_visible_projection_count(q):
    lo, hi = COUNT[q.difficulty]

    def fn(s, rng):
        s = _build(q, int(rng.integers(lo, hi + 1)))(s, rng)
        s["mode"] = "right"
        return s

    s = q.edit(fn)
    view = right_view(s["h"])
    cells = [f"cell:{k}:{z}" for z, row in enumerate(view) for k, v in enumerate(row) if v]
    return q.answer(len(cells), witnesses=cells, examples=[len(cells) + 1, 4],
                    question=LEAD + "The empty grid is the structure's right view (seen along the Right arrow: one "
                                    "cell per cube position, the floor at the bottom). How many of its cells are "
                                    "filled?")
