"""icons/mirror_grid: mirror symmetry over icons that look different in every orientation.

Two layouts.  The grid layout shows a grid of icon cells mirrored across a drawn axis (each cell
is the mirror image of its counterpart across the axis) with one cell a question mark, beside
labelled option cells.  The reference layout shows a Reference cell whose icons are arranged
with a mirror symmetry (left-right, top-bottom, either diagonal, or both axes) beside labelled
option cells with other arrangements.

Tasks pick the option that completes the mirrored grid, and the option cell whose arrangement
has the same mirror symmetry as the Reference.  Difficulty: level 1 uses a 2 x 4 grid, four
options and distractors of other types; level 2 a 4 x 4 grid and four or six options, as the
original; level 3 a 4 x 6 grid, six options that are the same icon in other orientations, and
arrangements broken by one wrongly turned icon.
"""

from __future__ import annotations

from tracegen.core.options import LETTERS
from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect
from tracegen.kits.geometry import Draws
from tracegen.kits.icons import COLORS, option_cells, window
from tracegen.kits.motifs import CHIRAL, DIHEDRAL, compose, draw_motif

SIZE = (1104, 640)
PALETTE = tuple(c for c in COLORS if c not in ("black", "gray"))
# mirrors as (point map on (u, v), the icon's orientation change); y points down
MIRRORS = {
    "vertical": (lambda u, v: (-u, v), (0, True)),
    "horizontal": (lambda u, v: (u, -v), (180, True)),
    "diagonal_main": (lambda u, v: (v, u), (270, True)),
    "diagonal_anti": (lambda u, v: (-v, -u), (90, True)),
}
SYMMETRIES = {"vertical": ("vertical",), "horizontal": ("horizontal",), "diagonal_main": ("diagonal_main",),
              "diagonal_anti": ("diagonal_anti",), "both_axes": ("vertical", "horizontal"), "none": ()}
LATTICE = (-1.5, -0.5, 0.5, 1.5)
GRID_DIMS = {1: (2, 4), 2: (4, 4), 3: (4, 6)}


def _icon(r):
    return [CHIRAL[int(r.integers(len(CHIRAL)))], PALETTE[int(r.integers(len(PALETTE)))], 90 * int(r.integers(4)),
            False]


def mirrored(cell, axis):
    kind, color, angle, mirror = cell
    a, m = compose((angle, mirror), MIRRORS[axis][1])
    return [kind, color, a, m]


def symmetry_set(icons) -> tuple:
    """The mirrors that map the arrangement onto itself (position, type, colour and orientation)."""
    # positions rounded once: the mirrors only negate and swap them, which commutes with rounding
    placed = [(round(u, 3), round(v, 3), k, c, a, m) for k, c, a, m, u, v in icons]
    key = sorted((u, v, k, c, a % 360, m) for u, v, k, c, a, m in placed)
    out = []
    for name, (pmap, turn) in MIRRORS.items():
        image = []
        for u, v, k, c, a, m in placed:
            aa, mm = compose((a, m), turn)
            image.append((*pmap(u, v), k, c, aa % 360, mm))
        if sorted(image) == key:
            out.append(name)
    return tuple(out)


def symmetry_name(icons) -> str:
    found = symmetry_set(icons)
    for name, axes in SYMMETRIES.items():
        if tuple(sorted(axes)) == tuple(sorted(found)):
            return name
    return "other"


def arrangement(r, sym, difficulty, *, broken=False):
    """Icons at lattice points of the unit cell with exactly the symmetry ``sym``; ``broken``
    turns one image icon wrongly (a near miss that has no symmetry)."""
    with Draws(r) as d:           # the generator's own integers / choice draws in plain Python
        return _arrangement(d, sym, difficulty, broken)


def _arrangement(r, sym, difficulty, broken):
    pts = [(u, v) for u in LATTICE for v in LATTICE]
    if sym == "none":
        n = r.integers(4, 7)
        chosen = [pts[i] for i in r.choice(len(pts), n)]
        return [_icon(r) + [u, v] for u, v in chosen]
    axes = SYMMETRIES[sym]
    if sym == "both_axes":
        region = [(u, v) for u, v in pts if u < 0 and v < 0]
    else:
        pmap = MIRRORS[axes[0]][0]
        region = [(u, v) for u, v in pts if pmap(u, v) != (u, v) and (u, v) < pmap(u, v)]
    lo, hi = (1, 3) if sym == "both_axes" else (2, 4 if difficulty < 3 else 5)
    seeds = [region[i] for i in r.choice(len(region), min(len(region), r.integers(lo, hi)))]
    icons = []
    for u, v in seeds:
        base = _icon(r)
        orbit = [(base, (u, v))]
        for ax in axes:
            pmap = MIRRORS[ax][0]
            orbit += [(mirrored(cell, ax), pmap(*p)) for cell, p in orbit]
        icons += [cell + [p[0], p[1]] for cell, p in orbit]
    if broken:
        i = r.integers(1, len(icons))
        icons[i][2] = (icons[i][2] + 90 * r.integers(1, 4)) % 360
    return icons


class MirrorGrid(Scene):
    domain, scene_id, size = "icons", "mirror_grid", SIZE
    description = ("A grid of icon cells mirrored across a drawn axis with one cell missing, or a Reference cell of "
                   "icons arranged with a mirror symmetry, beside labelled option cells.")
    megapixels = (0.55, 0.85)   # image area (MP); the original's median is 0.707

    def sample(self, rng, difficulty):
        with Draws(rng) as d:         # the generator's own integers draws in plain Python
            return grid_state(d, difficulty, "vertical")

    def variant(self, state):
        return state["variant"]

    def render(self, c, state, params):
        w, h = SIZE
        grid = state["variant"] == "grid"
        lx0, ly0, lx1, ly1 = window(c, 16, 16, 330, h - 32, title="Grid" if grid else "Reference")
        ox0, oy0, ox1, oy1 = window(c, 362, 16, w - 378, h - 32, title="Options")
        if grid:
            self._grid(c, state, (lx0 + lx1) / 2, (ly0 + ly1) / 2, lx1 - lx0 - 12)
        else:
            side = 250.0
            cx, cy = (lx0 + lx1) / 2, (ly0 + ly1) / 2
            rounded_rect(c, cx - side / 2, cy - side / 2, side, side, radius=12, fill="paper", stroke="muted", lw=1.6,
                         id="reference")
            _draw_arrangement(c, state["reference"], cx, cy, side)
        k = len(state["options"])
        cells = option_cells(c, (ox0, oy0, ox1, oy1), k, cols=3 if k > 4 else 2)
        for opt, (bx, by, side, _) in zip(state["options"], cells):
            if grid:
                kind, color, angle, mirror = opt
                draw_motif(c, kind, color, bx + side / 2, by + side / 2 + 6, side * 0.34, angle=angle, mirror=mirror)
            else:
                _draw_arrangement(c, opt, bx + side / 2, by + side / 2 + 6, side - 24)

    @staticmethod
    def _grid(c, state, cx, cy, width):
        rows, cols = state["rows"], state["cols"]
        cell = min(width / cols, 74.0)
        gx, gy = cx - cols * cell / 2, cy - rows * cell / 2
        rounded_rect(c, gx - 10, gy - 10, cols * cell + 20, rows * cell + 20, radius=12, fill="paper", stroke="muted",
                     lw=1.4)
        for i, content in enumerate(state["cells"]):
            r, k = divmod(i, cols)
            x, y = gx + k * cell, gy + r * cell
            rounded_rect(c, x + 4, y + 4, cell - 8, cell - 8, radius=7, stroke="muted", lw=1.2, id=f"cell:{r}:{k}")
            if content is None:
                c.text(x + cell / 2, y + cell / 2, "?", size=26, bold=True)
            else:
                kind, color, angle, mirror = content
                draw_motif(c, kind, color, x + cell / 2, y + cell / 2, cell * 0.56, angle=angle, mirror=mirror)
        if state["axis"] == "vertical":
            c.line(cx, gy - 8, cx, gy + rows * cell + 8, color="ink", lw=3.0, id="axis")
        else:
            c.line(gx - 8, cy, gx + cols * cell + 8, cy, color="ink", lw=3.0, id="axis")


def _draw_arrangement(c, icons, cx, cy, side):
    step = side * 0.27
    for kind, color, angle, mirror, u, v in icons:
        draw_motif(c, kind, color, cx + u * step, cy + v * step, side * 0.2, angle=angle, mirror=mirror)


SCENE = MirrorGrid()
task = SCENE.task


def grid_state(r, difficulty, axis):
    """A grid mirrored across ``axis``: each cell of one half and its mirror image across the axis."""
    rows, cols = GRID_DIMS[difficulty]
    cells: list = [None] * (rows * cols)
    for rr in range(rows):
        for k in range(cols):
            twin = (rr, cols - 1 - k) if axis == "vertical" else (rows - 1 - rr, k)
            if (rr, k) < twin:
                cells[rr * cols + k] = _icon(r)
                cells[twin[0] * cols + twin[1]] = mirrored(cells[rr * cols + k], axis)
    return {"variant": "grid", "rows": rows, "cols": cols, "axis": axis, "cells": cells, "missing": None,
            "options": []}


def _n_options(q):
    # the original offers four or six; six in most instances (its median is six)
    return q.param("n_options", lambda r: {1: 4, 2: 6 if r.random() < 0.75 else 4, 3: 6}[q.difficulty])


@task("missing_mirror_cell_label", answer="option_letter", annotation="bbox", ops="transformation,matching")
def missing_mirror_cell_label(q):
    d = q.difficulty
    k = _n_options(q)
    letter = q.target(LETTERS[:k])
    q.offer(k, "image")
    axis = q.choice("axis", ["vertical", "horizontal"])

    def build(st, r):
        with Draws(r) as dr:          # the generator's own integers draws (up to the shuffle) in plain Python
            st = grid_state(dr, d, axis)
            rows, cols = st["rows"], st["cols"]
            miss = dr.integers(rows * cols)
            answer = st["cells"][miss]
            rr, kk = divmod(miss, cols)
            twin = st["cells"][(rr * cols + cols - 1 - kk) if axis == "vertical" else ((rows - 1 - rr) * cols + kk)]
            if d == 3:
                pool = [[answer[0], answer[1], a, m] for a, m in DIHEDRAL]
            else:
                pool = [list(twin)] if d == 2 else []
                pool += [c for c in st["cells"] if c[0] != answer[0]]
                pool += [_icon(dr) for _ in range(8)]
        pool = [p for p in pool if p != answer]
        uniq = []
        for p in (pool[int(i)] for i in r.permutation(len(pool))):
            if p not in uniq and (d == 3 or p[0] != answer[0] or p == list(twin)):
                uniq.append(p)
        if d == 2 and list(twin) in uniq and r.random() < 0.7:   # keep the unreflected copy in play
            uniq.remove(list(twin))
            uniq.insert(0, list(twin))
        opts = uniq[:k - 1]
        opts.insert(LETTERS.index(letter), list(answer))
        st["cells"][miss] = None
        st.update({"missing": miss, "answer": answer, "options": opts})
        return st

    s = q.edit(build)
    q.require(len(s["options"]) == k, "too few distinct options")
    pick = LETTERS[s["options"].index(s["answer"])]
    q.step("mirror", axis=axis, missing=s["missing"], answer=s["answer"])
    where = "a vertical axis (left and right halves)" if axis == "vertical" else "a horizontal axis (top and bottom halves)"
    return q.answer(pick, witnesses=f"option:{pick}",
                    question=(f"The image shows a grid of icon cells beside labelled options. The grid is mirror "
                              f"symmetric across {where}: each icon is the mirror image of the icon in the mirrored "
                              f"cell. Which option completes the cell with the question mark?"),
                    examples=[x for x in LETTERS[:k] if x != pick])


@task("mirror_symmetry_match_label", answer="option_letter", annotation="bbox_map", ops="transformation,matching")
def mirror_symmetry_match_label(q):
    d = q.difficulty
    k = _n_options(q)
    letter = q.target(LETTERS[:k])
    q.offer(k, "image")
    kinds = [s for s in SYMMETRIES if s != "none"]
    sym = q.choice("symmetry", kinds)

    def build(st, r):
        others = [s for s in SYMMETRIES if s != sym]
        opts = []
        for i in range(k):
            if LETTERS[i] == letter:
                opts.append(arrangement(r, sym, d))
            elif d == 3 and r.random() < 0.5:
                opts.append(arrangement(r, sym, d, broken=True))
            else:
                opts.append(arrangement(r, others[int(r.integers(len(others)))], d))
        return {"variant": "reference", "reference": arrangement(r, sym, d), "options": opts}

    s = q.edit(build)
    ref = symmetry_name(s["reference"])
    found = [symmetry_name(o) for o in s["options"]]
    q.require(ref == sym and found.count(sym) == 1, "an arrangement has an unintended symmetry")
    pick = LETTERS[found.index(sym)]
    q.step("symmetries", reference=ref, options=found)
    return q.answer(pick, witnesses={"reference_cell": "reference", "matching_option_cell": f"option:{pick}"},
                    question=("The image shows a Reference cell of icons arranged with mirror symmetry beside "
                              "labelled option cells. Which option cell has exactly the same mirror symmetry as the "
                              "Reference (the same mirror axes, taking each icon's orientation into account)?"),
                    examples=[x for x in LETTERS[:k] if x != pick])
