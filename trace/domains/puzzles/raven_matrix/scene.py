"""puzzles/raven_matrix: a 3 x 3 Raven-style matrix with its lower-right cell replaced by "?" and
four lettered candidate cells below it, as the reference draws them.  Cells hold shapes (kind,
colour, size, count, turn, fill) or small grids of filled squares.

The six rules: an attribute analogy (each row steps the same attributes the same way), a count
progression of filled squares, feature binding (two or three attributes each follow their own
row/column pattern), a marker moving without wrapping, a set operation of the first two columns
(union, intersection, symmetric difference, difference) and a quarter turn per column.
Difficulty adds varying attributes, larger grids (4 x 4), second markers and closer candidates
(each wrong candidate differs from the answer in one attribute, or is another plausible rule's
result).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect

SHAPES = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon", "star", "cross")
TURNABLE = ("arrow", "triangle", "chevron", "flag")
COLORS = ("red", "blue", "green", "orange", "purple", "yellow")
SIZES = (0.34, 0.52, 0.72)
FILLS = ("solid", "outline", "dotted")
W, H = 900, 720
CELL, GAP = 148, 12
OPT = 126


class RavenMatrix(Scene):
    domain, scene_id, size = "puzzles", "raven_matrix", (W, H)
    megapixels = (0.95, 1.4)
    description = ("A 3 x 3 Raven-style matrix of shape or mini-grid cells with the last cell missing, and four "
                   "lettered candidate cells below it.")

    def sample(self, rng, difficulty):
        return {"level": difficulty, "kind": "shapes", "cells": [], "options": [],
                "palette": [COLORS[int(i)] for i in rng.permutation(len(COLORS))]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        x0 = (W - 3 * CELL - 2 * GAP) / 2
        for i, cell in enumerate(state["cells"]):
            r, k = divmod(i, 3)
            x, y = x0 + k * (CELL + GAP), 16 + r * (CELL + GAP)
            rounded_rect(c, x, y, CELL, CELL, radius=14, fill="paper", stroke="muted", lw=2, id=f"cell:{i}")
            if i == 8:
                c.text(x + CELL / 2, y + CELL / 2, "?", size=48, bold=True, color="accent"
                       if c.style.accent % 2 else "ink")
            else:
                draw_cell(c, cell, x, y, CELL)
        step = (W - 80) / 4
        for i, cell in enumerate(state["options"]):
            cx = 40 + (i + 0.5) * step
            y = 16 + 3 * CELL + 2 * GAP + 62
            c.text(cx, y - 22, "ABCD"[i], size=26, bold=True, kind="option")
            rounded_rect(c, cx - OPT / 2, y, OPT, OPT, radius=12, fill="paper", stroke="muted", lw=2,
                         id=f"option:{'ABCD'[i]}")
            draw_cell(c, cell, cx - OPT / 2, y, OPT)


# ---------------------------------------------------------------------- cells
def draw_cell(c, cell, x, y, size):
    if "grid" in cell:
        draw_grid(c, cell, x, y, size)
    else:
        draw_tokens(c, cell, x, y, size)


def draw_grid(c, cell, x, y, size):
    n = cell["grid"]
    side = size * 0.66
    gx, gy, sq = x + (size - side) / 2, y + (size - side) / 2, side / n
    on = set(cell["on"])
    for k in range(n * n):
        r, col = divmod(k, n)
        c.rect(gx + col * sq, gy + r * sq, sq, sq, fill=cell["color"] if k in on else "paper", stroke="ink", lw=1.3)
    for m in cell.get("marks", []):
        r, col = divmod(m["at"], n)
        c.shape(m["shape"], gx + (col + 0.5) * sq, gy + (r + 0.5) * sq, sq * 0.7, fill=m["color"], stroke="ink",
                lw=1.2)


def token_points(kind, cx, cy, r, turn):
    """Outline of a turnable token (pointing up at turn 0, a quarter turn clockwise per step)."""
    base = {"arrow": [(0, -1), (0.6, -0.2), (0.25, -0.2), (0.25, 0.9), (-0.25, 0.9), (-0.25, -0.2), (-0.6, -0.2)],
            "triangle": [(0, -1), (0.87, 0.6), (-0.87, 0.6)],
            "chevron": [(0, -0.9), (0.85, 0.1), (0.85, 0.75), (0, -0.15), (-0.85, 0.75), (-0.85, 0.1)],
            "flag": [(-0.55, 0.95), (-0.55, -0.95), (0.75, -0.5), (-0.3, -0.05), (-0.3, 0.95)]}[kind]
    a = math.radians(90 * turn)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + r * (px * ca - py * sa), cy + r * (px * sa + py * ca)) for px, py in base]


def draw_tokens(c, cell, x, y, size):
    n = cell.get("count", 1)
    r = size * SIZES[cell.get("size", 1)] / 2 * (1.0 if n == 1 else 0.5)
    fill = cell.get("fill", "solid")
    colour = cell["color"]
    spots = {1: [(0, 0)], 2: [(-0.5, 0), (0.5, 0)], 3: [(-0.5, 0.48), (0.5, 0.48), (0, -0.48)]}[n]
    for sx, sy in spots:
        cx, cy = x + size / 2 + sx * size * 0.46, y + size / 2 + sy * size * 0.44
        kw = {"fill": colour, "stroke": "ink", "lw": 1.5} if fill == "solid" else {
            "fill": "paper", "stroke": colour, "lw": 4.0}
        if cell["shape"] in TURNABLE:
            c.polygon(token_points(cell["shape"], cx, cy, r, cell.get("turn", 0)), **kw)
        else:
            c.shape(cell["shape"], cx, cy, 2 * r, **kw)
        if fill == "dotted":
            c.circle(cx, cy, max(2.5, r * 0.22), fill=colour)


SCENE = RavenMatrix()
task = SCENE.task


# ---------------------------------------------------------------------- building puzzles
def finish(q, make, candidates, rule: str, rule_step):
    """The rule tasks' common program: build the matrix with ``make(s, r)`` (its nine cells, the
    answer last), then the four options -- the answer at the balanced letter and three distinct
    wrong cells from ``candidates(s, r)`` (closest first) -- and ask which completes it."""
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        make(s, r)
        answer = s["cells"][8]
        wrong = []
        for cand in candidates(s, r):
            if cand != answer and cand not in wrong:
                wrong.append(cand)
        q.require(len(wrong) >= 3, "too few distinct wrong candidates")
        picks = wrong[:3]
        picks = [picks[int(i)] for i in r.permutation(3)]
        picks.insert("ABCD".index(letter), answer)
        s["options"] = picks
        return s

    s = q.edit(edit)
    letter = "ABCD"[s["options"].index(s["cells"][8])]
    q.step("rule", **rule_step(s), answer=s["cells"][8])
    return q.answer(letter, witnesses=f"option:{letter}",
                    question=f"{LEAD} {rule} Which candidate completes the matrix? Answer with the candidate's letter.")


LEAD = ("The image shows a 3 x 3 matrix puzzle whose lower-right cell is missing (marked ?) and four lettered "
        "candidate cells below it.")


def cyc(values, start, step, k):
    return values[(start + step * k) % len(values)]
