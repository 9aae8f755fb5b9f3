"""icons/pair_grid: a Reference pair (an icon, an arrow, the icon again) beside a Scene grid of
labelled cells, each holding another such pair.  The two icons of a pair are the same type and
differ in colour or in orientation.

Tasks pick the cell whose left and right colours are the Reference's (in that order), and the
cell whose before-to-after transformation (a quarter turn either way, a half turn, a left-right
or a top-bottom flip) is the Reference's.  Difficulty: level 1 offers four cells with unrelated
distractors; level 2 is the original (six colour cells with swapped and half-matching colours,
four transform cells over all five transformations); level 3 makes every colour distractor a
near miss and turns the "before" icons of the transform cells.
"""

from __future__ import annotations

from tracegen.core.options import LETTERS
from tracegen.core.task import Scene
from tracegen.kits.icons import COLORS, option_cells, window
from tracegen.kits.motifs import CHIRAL, MOTIFS, TRANSFORMS, compose, draw_motif

SIZE = (1104, 640)
PALETTE = tuple(c for c in COLORS if c not in ("black", "gray"))
KINDS = tuple(MOTIFS)


def pair(kind, left, right):
    """A pair: one kind, the left and right icons as (colour, angle, mirror)."""
    return {"kind": kind, "left": list(left), "right": list(right)}


class PairGrid(Scene):
    domain, scene_id, size = "icons", "pair_grid", SIZE
    description = ("A Reference pair of icons joined by an arrow beside a Scene grid of labelled cells holding other "
                   "pairs; a pair's icons differ in colour or in orientation.")
    megapixels = (0.55, 0.85)   # image area (MP); the original's median is 0.707

    def sample(self, rng, difficulty):
        kind = KINDS[int(rng.integers(len(KINDS)))]
        a, b = (PALETTE[int(i)] for i in rng.choice(len(PALETTE), size=2, replace=False))
        return {"reference": pair(kind, (a, 0, False), (b, 0, False)), "cells": []}

    def render(self, c, state, params):
        w, h = SIZE
        lx0, ly0, lx1, ly1 = window(c, 16, 16, 330, h - 32, title="Reference")
        ox0, oy0, ox1, oy1 = window(c, 362, 16, w - 378, h - 32, title="Scene")
        _draw_pair(c, state["reference"], (lx0 + lx1) / 2, (ly0 + ly1) / 2, 84, id="reference")
        n = len(state["cells"])
        cells = option_cells(c, (ox0, oy0, ox1, oy1), n, cols=3 if n > 4 else 2, gap=20.0, square=False,
                             prefix="cell")
        for p, (bx, by, cw, ch) in zip(state["cells"], cells):
            _draw_pair(c, p, bx + cw / 2, by + ch / 2 + 8, min(70.0, cw * 0.3))


def _draw_pair(c, p, cx, cy, size, id=None):
    dx = size * 0.95
    for side, x in (("left", cx - dx), ("right", cx + dx)):
        color, angle, mirror = p[side]
        draw_motif(c, p["kind"], color, x, cy, size, angle=angle, mirror=mirror)
    c.arrow(cx - size * 0.32, cy, cx + size * 0.32, cy, color="muted", lw=3.0, head=10.0)
    c.register(id, box=(cx - dx - size / 2, cy - size / 2, cx + dx + size / 2, cy + size / 2))


SCENE = PairGrid()
task = SCENE.task


def _cells(q, k, letter, answer, distractors):
    """Cells: ``answer`` at the target letter, ``k - 1`` of ``distractors`` elsewhere."""
    cells = list(distractors[:k - 1])
    cells.insert(LETTERS.index(letter), answer)
    return cells


@task("reference_color_pair_match_label", answer="option_letter", annotation="bbox", ops="matching")
def reference_color_pair_match_label(q):
    d = q.difficulty
    k = 4 if d == 1 else 6
    letter = q.target(LETTERS[:k])
    q.offer(k, "image")

    def build(st, r):
        a, b, x, y = (PALETTE[int(i)] for i in r.choice(len(PALETTE), size=4, replace=False))
        kinds = [KINDS[int(i)] for i in r.choice(len(KINDS), size=k + 1, replace=False)]
        near = [(b, a), (a, x), (x, b), (a, a), (b, b), (y, b), (a, y)]
        far = [(x, y), (y, x), (x, x)] + [tuple(PALETTE[int(i)] for i in r.choice(len(PALETTE), 2, replace=False))
                                          for _ in range(6)]
        near = [near[int(i)] for i in r.permutation(len(near))]
        far = [far[int(i)] for i in r.permutation(len(far))]
        pool = near if d == 3 else (near[:3] + far if d == 2 else far + near)
        pool = [p for p in dict.fromkeys(pool) if p != (a, b)]
        pool = pool[:k - 1]
        pool = [pool[int(i)] for i in r.permutation(len(pool))]
        cells = _cells(q, k, letter, (a, b), pool)
        st["reference"] = pair(kinds[0], (a, 0, False), (b, 0, False))
        st["cells"] = [pair(kind, (l, 0, False), (rc, 0, False)) for kind, (l, rc) in zip(kinds[1:], cells)]
        return st

    s = q.edit(build)
    ref = (s["reference"]["left"][0], s["reference"]["right"][0])
    hits = [i for i, p in enumerate(s["cells"]) if (p["left"][0], p["right"][0]) == ref]
    q.require(len(hits) == 1 and len(s["cells"]) == k, "the matching cell is not unique")
    pick = LETTERS[hits[0]]
    q.step("color_pairs", reference=list(ref), match=pick)
    return q.answer(pick, witnesses=f"cell:{pick}",
                    question=("The image shows a Reference pair of icons beside a labelled Scene grid of pairs. Which "
                              "labelled Scene cell has the same left and right colors as the Reference pair, in the "
                              "same order?"),
                    examples=[x for x in LETTERS[:k] if x != pick])


@task("reference_transform_match_label", answer="option_letter", annotation="bbox", ops="transformation,matching")
def reference_transform_match_label(q):
    d = q.difficulty
    k = 4
    letter = q.target(LETTERS[:k])
    q.offer(k, "image")
    names = tuple(TRANSFORMS) if d > 1 else ("rotate_90_clockwise", "rotate_180", "flip_horizontal",
                                              "flip_vertical")
    ref_t = q.choice("transform", names)

    def build(st, r):
        kinds = [CHIRAL[int(i)] for i in r.choice(len(CHIRAL), size=k + 1, replace=False)]
        others = [t for t in names if t != ref_t]
        pool = [others[int(i)] for i in r.permutation(len(others))][:k - 1]
        cells = _cells(q, k, letter, ref_t, pool)

        def make(kind, t):
            color = PALETTE[int(r.integers(len(PALETTE)))]
            before = (90 * int(r.integers(4)), bool(r.random() < 0.5)) if d == 3 else (0, False)
            after = compose(before, TRANSFORMS[t])
            return pair(kind, (color, *before), (color, *after))

        st["reference"] = make(kinds[0], ref_t)
        st["cells"] = [make(kind, t) for kind, t in zip(kinds[1:], cells)]
        st["pool"] = list(names)
        st["turned"] = d == 3
        return st

    s = q.edit(build)

    def relation(p):
        (_, a0, m0), (_, a1, m1) = p["left"], p["right"]
        return [t for t, op in TRANSFORMS.items() if compose((a0, m0), op) == (a1 % 360, m1)]

    ref = relation(s["reference"])
    hits = [i for i, p in enumerate(s["cells"]) if relation(p) == ref]
    q.require(ref == [ref_t] and len(hits) == 1, "the matching cell is not unique")
    pick = LETTERS[hits[0]]
    q.step("transforms", reference=ref_t, match=pick)
    return q.answer(pick, witnesses=f"cell:{pick}",
                    question=("The image shows a Reference pair of icons (before, arrow, after) beside a labelled "
                              "Scene grid of pairs. Which labelled Scene cell shows the same before-to-after "
                              "transformation (a turn or a flip) as the Reference pair?"),
                    examples=[x for x in LETTERS[:k] if x != pick])
