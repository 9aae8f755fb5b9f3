"""icons/named_grid: a grid with numbered rows and columns and one named icon (a pictogram such as
a guitar, a ladder or a folder, in any colour) in each cell.

Tasks count one kind in a numbered row or column, count the rows or columns meeting a count
predicate (at least, exactly, none), pick the row or column with the most or fewest of a kind,
and count adjacent pairs of two kinds along a line.  Every count is planted by re-drawing the
kinds of the cells of the lines concerned, with the rest of the grid as drawn.  Difficulty grows
the grid (5-6, 6-7, 7-8 cells a side) and the vocabulary, tilts the icons at level 3 and brings
the near misses closer (lines one icon short of the predicate, a runner-up one icon behind).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.glyphs import ALL_ICONS, draw_glyph
from tracegen.kits.icons import COLORS, window

DIMS = {1: ((5, 5), (5, 6), (6, 5)), 2: ((6, 6), (6, 7), (7, 6)), 3: ((7, 7), (7, 8), (8, 7))}
N_KINDS = {1: (5, 7), 2: (6, 9), 3: (8, 11)}
TILT = {1: 0, 2: 0, 3: 18}
ICON_KINDS = tuple(ALL_ICONS)
SIZE = (880, 680)


class NamedGrid(Scene):
    domain, scene_id, size = "icons", "named_grid", SIZE
    megapixels = (0.55, 0.65)    # the original's 880 x 680 (0.6 MP); never below the frame (about 0.65-0.85 MP)
    description = ("A grid with numbered rows and columns holding one coloured pictogram icon (guitar, ladder, "
                   "folder, ...) in each cell.")

    def sample(self, rng, difficulty):
        dims = DIMS[difficulty]
        rows, cols = dims[int(rng.integers(len(dims)))]
        lo, hi = N_KINDS[difficulty]
        kinds = [ICON_KINDS[int(i)] for i in rng.choice(len(ICON_KINDS), size=int(rng.integers(lo, hi + 1)),
                                                         replace=False)]
        weights = rng.dirichlet([1.2] * len(kinds))
        tilt = TILT[difficulty]
        cells = [[kinds[int(rng.choice(len(kinds), p=weights))], COLORS[int(rng.integers(len(COLORS) - 1))],
                  int(rng.integers(-tilt, tilt + 1)) if tilt else 0] for _ in range(rows * cols)]
        return {"rows": rows, "cols": cols, "kinds": kinds, "cells": cells}

    def render(self, c, state, params):
        w, h = SIZE
        x0, y0, x1, y1 = window(c, 10, 10, w - 20, h - 20)
        rows, cols = state["rows"], state["cols"]
        cell = min((x1 - x0 - 120) / cols, (y1 - y0 - 44) / rows)
        gx = (x0 + x1 - cell * cols) / 2 + 10
        gy = y0 + 38 + (y1 - y0 - 38 - cell * rows) / 2
        fs = 19.0
        for k in range(cols):
            c.text(gx + (k + 0.5) * cell, gy - 20, str(k + 1), size=fs, bold=c.style.accent % 2 == 0, kind="tick")
            c.register(f"col:{k}", box=(gx + k * cell, gy, gx + (k + 1) * cell, gy + rows * cell))
        for r in range(rows):
            c.text(gx - 24, gy + (r + 0.5) * cell, str(r + 1), size=fs, bold=c.style.accent % 2 == 0, kind="tick")
            c.register(f"row:{r}", box=(gx, gy + r * cell, gx + cols * cell, gy + (r + 1) * cell))
        for i, (kind, color, tilt) in enumerate(state["cells"]):
            r, k = divmod(i, cols)
            bx, by = gx + k * cell, gy + r * cell
            c.rect(bx, by, cell, cell, fill="paper" if (r + k) % 2 == 0 else "panel", stroke="muted", lw=1.2)
            draw_glyph(c, kind, color, bx + cell / 2, by + cell / 2, cell * 0.56, id=f"cell:{r}:{k}", angle=tilt)
        for r in range(rows):                    # adjacent cell pairs, for the pair-count annotation
            for k in range(cols):
                cx, cy = gx + (k + 0.5) * cell, gy + (r + 0.5) * cell
                if k + 1 < cols:
                    c.register(f"pair:{r}:{k}:{r}:{k + 1}", segment=((cx, cy), (cx + cell, cy)))
                if r + 1 < rows:
                    c.register(f"pair:{r}:{k}:{r + 1}:{k}", segment=((cx, cy), (cx, cy + cell)))


SCENE = NamedGrid()
task = SCENE.task
INTRO = "The image shows a grid with numbered rows and columns and one icon in each cell."


# ---------------------------------------------------------------------- lines
def line_cells(s, scope, j):
    """(row, col) of the cells of row j or column j, in order."""
    if scope == "row":
        return [(j, k) for k in range(s["cols"])]
    return [(r, j) for r in range(s["rows"])]


def n_lines(s, scope):
    return s["rows"] if scope == "row" else s["cols"]


def kind_at(s, rc):
    return s["cells"][rc[0] * s["cols"] + rc[1]][0]


def cell_id(rc):
    return f"cell:{rc[0]}:{rc[1]}"


def fill_line(s, r, scope, j, pattern, others):
    """Write ``pattern`` (kinds, or None for 'any kind from ``others``') into line j."""
    for rc, kind in zip(line_cells(s, scope, j), pattern):
        cell = s["cells"][rc[0] * s["cols"] + rc[1]]
        cell[0] = kind if kind is not None else others[int(r.integers(len(others)))]


def with_count(r, length, kind, n):
    """A line pattern holding ``kind`` exactly ``n`` times at random places."""
    at = set(int(i) for i in r.choice(length, size=n, replace=False))
    return [kind if i in at else None for i in range(length)]


def _kind(q, name="kind"):
    return q.choice(name, q.state["kinds"])


def _scope(q, need):
    """Rows or columns (a recorded parameter), among the scopes with at least ``need`` lines."""
    s = q.state
    ok = [sc for sc in ("row", "column") if n_lines(s, sc) >= need]
    q.require(bool(ok), "grid too small for the target")
    return q.choice("scope", ok)


# ---------------------------------------------------------------------- tasks
@task("scoped_attribute_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def scoped_attribute_count(q):
    t = q.target(range(1, 6), stratified=True)
    scope = _scope(q, 1)
    s = q.state
    j = q.param("line", lambda r: int(r.integers(n_lines(s, scope))))
    kind = _kind(q)
    others = [k for k in s["kinds"] if k != kind]
    s = q.edit(lambda st, r: fill_line(st, r, scope, j, with_count(r, len(line_cells(st, scope, j)), kind, t),
                                       others) or st)
    hits = [rc for rc in line_cells(s, scope, j) if kind_at(s, rc) == kind]
    q.step("count_in_line", scope=scope, line=j + 1, kind=kind, cells=[cell_id(rc) for rc in hits])
    return q.answer(len(hits), witnesses=[cell_id(rc) for rc in hits],
                    question=f"{INTRO} How many \"{kind}\" icons are in {scope} {j + 1}?")


PREDICATES = ("at_least", "exactly", "none")


@task("group_predicate_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison")
def group_predicate_count(q):
    t = q.target(range(1, 7), stratified=True)
    scope = _scope(q, t)
    s = q.state
    pred = q.choice("predicate", PREDICATES)
    k = q.param("k", lambda r: int(r.integers(2, 4)) if pred != "none" else 0)
    kind = _kind(q)
    others = [x for x in s["kinds"] if x != kind]
    length = n_lines(s, "column" if scope == "row" else "row")
    near = q.difficulty == 3

    def count_for(r, yes):
        if pred == "none":
            return 0 if yes else int(r.integers(1, 3 if near else 4))
        if pred == "exactly":
            if yes:
                return k
            return int(r.choice([k - 1, k + 1] if near else [x for x in range(0, 5) if x != k]))
        return int(r.integers(k, min(length, k + 2) + 1)) if yes else int(r.integers(k - 1 if near else 0, k))

    def plant(st, r):
        chosen = set(int(i) for i in r.choice(n_lines(st, scope), size=t, replace=False))
        for j in range(n_lines(st, scope)):
            fill_line(st, r, scope, j, with_count(r, length, kind, count_for(r, j in chosen)), others)
        return st

    s = q.edit(plant)
    counts = [sum(kind_at(s, rc) == kind for rc in line_cells(s, scope, j)) for j in range(n_lines(s, scope))]
    ok = [j for j, n in enumerate(counts) if {"at_least": n >= k, "exactly": n == k, "none": n == 0}[pred]]
    q.step("line_counts", scope=scope, kind=kind, counts=counts, qualifying=[j + 1 for j in ok])
    what = {"at_least": f"at least {k}", "exactly": f"exactly {k}", "none": "no"}[pred]
    return q.answer(len(ok), witnesses=[f"{'row' if scope == 'row' else 'col'}:{j}" for j in ok],
                    question=f"{INTRO} How many {scope}s contain {what} \"{kind}\" icons?")


@task("row_column_shape_extreme_number", answer="integer", annotation="bbox_set", ops="filtering,counting,ranking")
def row_column_shape_extreme_number(q):
    t = q.target(range(1, 7), stratified=True)
    scope = _scope(q, t)
    s = q.state
    most = q.choice("extreme", ["most", "fewest"]) == "most"
    kind = _kind(q)
    others = [x for x in s["kinds"] if x != kind]
    length = n_lines(s, "column" if scope == "row" else "row")
    gap = {1: 2, 2: 1, 3: 1}[q.difficulty]

    def plant(st, r):
        best = int(r.integers(3, min(6, length - 1) + 1)) if most else int(r.integers(1, 4))
        for j in range(n_lines(st, scope)):
            if j == t - 1:
                n = best
            elif most:
                n = int(r.integers(max(0, best - gap - 2), best - gap + 1))
            else:
                n = int(r.integers(best + gap, min(length, best + gap + 2) + 1))
            fill_line(st, r, scope, j, with_count(r, length, kind, n), others)
        return st

    s = q.edit(plant)
    counts = [sum(kind_at(s, rc) == kind for rc in line_cells(s, scope, j)) for j in range(n_lines(s, scope))]
    ext = max(counts) if most else min(counts)
    q.require(counts.count(ext) == 1, "the extreme line is not unique")
    j = counts.index(ext)
    hits = [rc for rc in line_cells(s, scope, j) if kind_at(s, rc) == kind]
    q.step("line_counts", scope=scope, kind=kind, counts=counts, chosen=j + 1)
    return q.answer(j + 1, witnesses=[cell_id(rc) for rc in hits],
                    question=(f"{INTRO} Which {scope} has the {'most' if most else 'fewest'} \"{kind}\" icons? "
                              f"Answer with the {scope} number."))


def pair_pattern(r, length, a, b, t):
    """A line pattern (kinds a, b, or None for another kind) with exactly ``t`` adjacent a-b pairs:
    one or two alternating runs, the other cells never next to the opposite kind."""
    split = t >= 2 and length - (t + 1) >= 2 and r.random() < 0.5
    first = int(r.integers(1, t)) if split else t
    runs = [first + 1, t - first + 1] if split else [t + 1]      # a run of n pairs has n + 1 cells
    slots = [0] * (len(runs) + 1)                                 # free cells before, between, after
    for _ in range(length - sum(runs) - (len(runs) - 1)):
        slots[int(r.integers(len(slots)))] += 1
    out: list = [None] * slots[0]
    for i, n in enumerate(runs):
        start = a if r.random() < 0.5 else b
        out += [start if m % 2 == 0 else (b if start == a else a) for m in range(n)]
        out += [None] * (slots[i + 1] + (1 if i + 1 < len(runs) else 0))
    for i in range(length):                                  # same-kind neighbours that add no pair
        if out[i] is None and r.random() < 0.35:
            left = out[i - 1] if i else None
            right = out[i + 1] if i + 1 < length else None
            for kind in (a, b):
                other = b if kind == a else a
                if left != other and right != other and (left is not None or right is not None):
                    out[i] = kind
                    break
    return out


def pair_count(kinds, a, b):
    return sum({x, y} == {a, b} for x, y in zip(kinds, kinds[1:]))


@task("line_adjacency_pair_count", answer="integer", annotation="segment_set",
      ops="filtering,counting,spatial_relations",
      queries=("row_unordered_adjacent_pair_count", "column_unordered_adjacent_pair_count"))
def line_adjacency_pair_count(q):
    t = q.target(range(1, 6), stratified=True)
    scope = "row" if q.query_id.startswith("row") else "column"
    s = q.state
    j = q.param("line", lambda r: int(r.integers(n_lines(s, scope))))
    a, b = q.param("kinds", lambda r: [s["kinds"][int(i)] for i in r.choice(len(s["kinds"]), 2, replace=False)])
    others = [x for x in s["kinds"] if x not in (a, b)]
    cells = line_cells(s, scope, j)
    q.require(len(cells) >= t + 1, "line too short for the target")
    s = q.edit(lambda st, r: fill_line(st, r, scope, j, pair_pattern(r, len(cells), a, b, t), others) or st)
    kinds = [kind_at(s, rc) for rc in cells]
    hits = [i for i in range(len(cells) - 1) if {kinds[i], kinds[i + 1]} == {a, b}]
    q.require(len(hits) == t, "pattern missed the target")
    q.step("adjacent_pairs", scope=scope, line=j + 1, pairs=[[i + 1, i + 2] for i in hits])
    ids = [f"pair:{cells[i][0]}:{cells[i][1]}:{cells[i + 1][0]}:{cells[i + 1][1]}" for i in hits]
    return q.answer(len(hits), witnesses=ids,
                    question=(f"{INTRO} In {scope} {j + 1}, how many adjacent two-cell pairs contain one \"{a}\" "
                              f"icon and one \"{b}\" icon? Count overlapping pairs separately."))
