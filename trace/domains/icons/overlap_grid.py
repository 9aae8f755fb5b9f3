"""icons/overlap_grid: a Reference cell with two overlapping icons (one drawn over the other)
beside a labelled Scene grid of cells with the same two icon types overlapping, in other colours
and placements and with either one on top.

The task counts the Scene cells whose front-to-back order (which type is on top) is the
Reference's.  Difficulty: level 1 shows four cells with the icons side by side as in the
Reference, level 2 five to eight cells as the original, level 3 eight cells with the placement
(which type sits left, right, above or below) varying from cell to cell and smaller overlaps.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect
from tracegen.kits.icons import COLORS, option_cells, window
from tracegen.kits.motifs import draw_motif, draw_motif_cut, mask

SIZE = (1104, 640)
# icons that cover most of their box, so that the upper one visibly hides part of the lower one
SOLID = ("circle", "square", "hexagon", "pentagon", "star", "heart", "house", "bell", "cloud", "car", "mug", "gift",
         "bottle", "camera", "mushroom", "crown", "folder", "printer", "card", "book", "phone", "trophy", "padlock",
         "boot", "teapot", "snail", "fish", "drop", "leaf", "tree", "sun", "envelope")
PALETTE = tuple(c for c in COLORS if c not in ("gray",))
N_CELLS = {1: (4, 4), 2: (5, 8), 3: (8, 8)}
LETTERS = "ABCDEFGH"                 # cell labels (eight cells at most)
OFFSETS = {"right": (1, 0), "left": (-1, 0), "below": (0, 1), "above": (0, -1)}


@lru_cache(maxsize=None)
def extent(kind):
    """The silhouette's ink box in the icon's unit frame: (x0, y0, x1, y1)."""
    m = mask(kind)
    ys, xs = np.nonzero(m)
    f = m.shape[0] / 2 * 0.9
    to_unit = lambda v: (v - m.shape[0] / 2) / f      # noqa: E731
    return to_unit(xs.min()), to_unit(ys.min()), to_unit(xs.max() + 1), to_unit(ys.max() + 1)


def cell(r, difficulty, a_on_top, kinds, side="right"):
    """One overlapping pair: colours, where b sits relative to a, the centre distance (in icon
    sizes: the two ink boxes overlap by a share of the narrower one), and the order."""
    ca, cb = (PALETTE[int(i)] for i in r.choice(len(PALETTE), size=2, replace=False))
    if difficulty == 3:
        side = tuple(OFFSETS)[int(r.integers(4))]
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = extent(kinds[0]), extent(kinds[1])
    dx, dy = OFFSETS[side]
    if dx:
        reach = (ax1 - bx0) if dx > 0 else (bx1 - ax0)       # centre distance at which the boxes touch
        narrow = min(ax1 - ax0, bx1 - bx0)
    else:
        reach = (ay1 - by0) if dy > 0 else (by1 - ay0)
        narrow = min(ay1 - ay0, by1 - by0)
    share = float(r.uniform(0.25, 0.35) if difficulty == 3 else r.uniform(0.35, 0.5))
    shift = (reach - share * narrow) / 2                     # unit frame -> icon sizes
    return {"colors": [ca, cb], "side": side, "shift": round(shift, 3), "top": "a" if a_on_top else "b"}


class OverlapGrid(Scene):
    domain, scene_id, size = "icons", "overlap_grid", SIZE
    description = ("A Reference cell with two overlapping icons beside a labelled Scene grid of cells with the same "
                   "two icon types overlapping, in other colours and placements, either one on top.")
    megapixels = (0.55, 0.85)   # image area (MP); the original's median is 0.707

    def sample(self, rng, difficulty):
        a, b = (SOLID[int(i)] for i in rng.choice(len(SOLID), size=2, replace=False))
        n = int(rng.integers(N_CELLS[difficulty][0], N_CELLS[difficulty][1] + 1))
        return {"kinds": [a, b], "reference": cell(rng, 1, True, [a, b]),
                "cells": [cell(rng, difficulty, bool(rng.random() < 0.5), [a, b]) for _ in range(n)]}

    def render(self, c, state, params):
        w, h = SIZE
        lx0, ly0, lx1, ly1 = window(c, 16, 16, 330, h - 32, title="Reference")
        ox0, oy0, ox1, oy1 = window(c, 362, 16, w - 378, h - 32, title="Scene")
        side = 250.0
        cx, cy = (lx0 + lx1) / 2, (ly0 + ly1) / 2
        rounded_rect(c, cx - side / 2, cy - side / 2, side, side, radius=12, fill="paper", stroke="muted", lw=1.6,
                     id="reference")
        _pair(c, state["kinds"], state["reference"], cx, cy, 96)
        n = len(state["cells"])
        cells = option_cells(c, (ox0, oy0, ox1, oy1), n, cols=4 if n > 6 else 3 if n > 4 else 2, gap=18.0,
                             square=False, max_aspect=1.15, prefix="cell")
        for p, (bx, by, cw, ch) in zip(state["cells"], cells):
            _pair(c, state["kinds"], p, bx + cw / 2, by + ch / 2 + 8, min(cw, ch) * 0.4)


def _pair(c, kinds, p, cx, cy, size):
    dx, dy = OFFSETS[p["side"]]
    d = size * p["shift"]
    pos = {"a": (cx - dx * d / 2, cy - dy * d / 2), "b": (cx + dx * d / 2, cy + dy * d / 2)}
    lower, upper = ("b", "a") if p["top"] == "a" else ("a", "b")     # the upper icon is drawn last
    k = "ab".index(lower)
    draw_motif(c, kinds[k], p["colors"][k], *pos[lower], size)
    k = "ab".index(upper)
    draw_motif_cut(c, kinds[k], p["colors"][k], *pos[upper], size)


SCENE = OverlapGrid()
task = SCENE.task


def _a(kind):
    return f"{'an' if kind[0] in 'aeiou' else 'a'} \"{kind}\""


@task("occlusion_order_count", answer="integer", annotation="bbox_set", ops="counting,spatial_relations")
def occlusion_order_count(q):
    d = q.difficulty
    t = q.target({1: range(0, 4), 2: range(0, 5), 3: range(0, 7)}[d], stratified=True)

    def build(st, r):
        lo, hi = N_CELLS[d]
        n = int(r.integers(max(lo, t + 1), max(hi, t + 1) + 1))
        ref_top = bool(r.random() < 0.5)
        st["reference"] = cell(r, 1, ref_top, st["kinds"])
        same = set(int(i) for i in r.choice(n, size=t, replace=False))
        st["cells"] = [cell(r, d, ref_top == (i in same), st["kinds"]) for i in range(n)]
        return st

    s = q.edit(build)
    top = s["reference"]["top"]
    hits = [i for i, p in enumerate(s["cells"]) if p["top"] == top]
    q.step("orders", reference=top, cells=[p["top"] for p in s["cells"]], same=hits)
    a, b = s["kinds"]
    return q.answer(len(hits), witnesses=[f"cell:{LETTERS[i]}" for i in hits],
                    question=(f"The image shows a Reference cell with {_a(a)} icon and {_a(b)} icon overlapping, "
                              f"beside a labelled Scene grid of cells with the same two icons. How many labelled "
                              f"Scene cells show the same front-to-back order as the Reference, that is, the same "
                              f"icon on top?"))
