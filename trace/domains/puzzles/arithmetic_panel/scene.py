"""puzzles/arithmetic_panel: a number puzzle on a card with one question-mark entry (outlined):
a polygon of circles whose sides have equal sums, a number wall (each brick the sum of the two
below it), an operation table (headers and cells, some headers blank), a grid with row and
column totals, or a column addition or subtraction with a hidden digit.

Difficulty grows the puzzle (triangle to square to pentagon sides with one or two middle
circles; 3 to 5 wall rows with blank bricks to work through; 3 x 3 to 4 x 4 tables with blank
headers; 3 x 3 to 4 x 5 grids where the question mark's row has a second blank; 2- to 4-digit
columns with carries and borrows).  Answers are planted flat over their range.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect

W, H = 640, 460
COLUMN = (520, 380)


class ArithmeticPanel(Scene):
    domain, scene_id, size = "puzzles", "arithmetic_panel", (W, H)
    megapixels = (0.2, 0.3)    # at about the logical size: the original draws 720x500 panels and 560x380 columns
    description = ("A number puzzle with one question-mark entry: an equal-sum polygon of circles, a number wall, "
                   "an operation table, a grid with row and column totals, or a column sum with a hidden digit.")

    def canvas_size(self, state):
        return COLUMN if state.get("kind") == "column" else (W, H)

    def sample(self, rng, difficulty):
        return {"kind": None, "level": difficulty}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        w, h = self.canvas_size(state)
        rounded_rect(c, 12, 12, w - 24, h - 24, radius=16, fill="panel", stroke="grid", lw=1.5)
        getattr(self, "_" + state["kind"])(c, state, w, h)

    @staticmethod
    def box(c, x, y, bw, bh, value, *, circle=False, id=None, size=22):
        """One entry: a number, a blank, or the outlined question mark."""
        ask = value == "?"
        fill = "paper"
        stroke, lw = ("red", 3.0) if ask else ("ink", 1.6)
        if circle:
            c.circle(x + bw / 2, y + bh / 2, bw / 2, fill=fill, stroke=stroke, lw=lw, id=id)
        else:
            rounded_rect(c, x, y, bw, bh, radius=6, fill=fill, stroke=stroke, lw=lw, id=id)
        if value is not None:
            c.text(x + bw / 2, y + bh / 2, str(value), size=size, bold=ask)

    def _polygon(self, c, state, w, h):
        n, per = state["sides"], state["per_side"]
        cx, cy, rad = w / 2, h / 2 + (14 if n == 3 else 4), min(w, h) * (0.4 if n == 3 else 0.36)
        corners = [(cx + rad * math.cos(-math.pi / 2 + 2 * math.pi * k / n),
                    cy + rad * math.sin(-math.pi / 2 + 2 * math.pi * k / n)) for k in range(n)]
        pts = node_points(corners, per)
        for k in range(n):
            a, b = corners[k], corners[(k + 1) % n]
            c.line(a[0], a[1], b[0], b[1], color="ink", lw=2.2)
        r = 24 if len(pts) <= 9 else 21
        for i, ((x, y), v) in enumerate(zip(pts, state["values"])):
            self.box(c, x - r, y - r, 2 * r, 2 * r, v, circle=True, id=f"node:{i}", size=20)

    def _wall(self, c, state, w, h):
        rows = state["rows"]                     # bottom row first
        n = len(rows[0])
        bw = min(92.0, (w - 70) / n)
        bh = min(48.0, (h - 60) / len(rows))
        y0 = h / 2 + bh * len(rows) / 2 - bh
        for r, row in enumerate(rows):
            x0 = w / 2 - bw * len(row) / 2
            for i, v in enumerate(row):
                self.box(c, x0 + i * bw + 1, y0 - r * bh + 1, bw - 2, bh - 2, v, id=f"brick:{r}:{i}")

    def _table(self, c, state, w, h):
        body = state["cells"]
        nr, nc = len(body), len(body[0])
        s = min(62.0, (h - 70) / (nr + 1), (w - 70) / (nc + 1))
        x0, y0 = w / 2 - s * (nc + 1) / 2, h / 2 - s * (nr + 1) / 2
        self.box(c, x0 + 2, y0 + 2, s - 4, s - 4, state["op"])
        for j, v in enumerate(state["cols"]):
            rounded_rect(c, x0 + (j + 1) * s + 2, y0 + 2, s - 4, s - 4, radius=6, fill="background", stroke="ink",
                         lw=2.2)
            if v is not None:
                c.text(x0 + (j + 1.5) * s, y0 + s / 2, str(v), size=21, bold=True)
        for i, row in enumerate(body):
            y = y0 + (i + 1) * s
            rounded_rect(c, x0 + 2, y + 2, s - 4, s - 4, radius=6, fill="background", stroke="ink", lw=2.2)
            if state["rows"][i] is not None:
                c.text(x0 + s / 2, y + s / 2, str(state["rows"][i]), size=21, bold=True)
            for j, v in enumerate(row):
                self.box(c, x0 + (j + 1) * s + 2, y + 2, s - 4, s - 4, v, id=f"cell:{i}:{j}")

    def _totals(self, c, state, w, h):
        body = state["cells"]
        nr, nc = len(body), len(body[0])
        s = min(56.0, (h - 70) / (nr + 1), (w - 70) / (nc + 1))
        x0, y0 = w / 2 - s * (nc + 1) / 2, h / 2 - s * (nr + 1) / 2
        for i, row in enumerate(body):
            for j, v in enumerate(row):
                self.box(c, x0 + j * s + 2, y0 + i * s + 2, s - 4, s - 4, v, id=f"cell:{i}:{j}")
            self.total(c, x0 + nc * s + 2, y0 + i * s + 2, s - 4, state["row_totals"][i])
        for j, v in enumerate(state["col_totals"]):
            self.total(c, x0 + j * s + 2, y0 + nr * s + 2, s - 4, v)
        c.line(x0 + nc * s, y0 - 4, x0 + nc * s, y0 + nr * s, color="muted", lw=2.0, dash=[5, 4])
        c.line(x0 - 4, y0 + nr * s, x0 + nc * s, y0 + nr * s, color="muted", lw=2.0, dash=[5, 4])

    @staticmethod
    def total(c, x, y, s, v):
        rounded_rect(c, x, y, s, s, radius=6, fill="background", stroke="muted", lw=1.6)
        c.text(x + s / 2, y + s / 2, str(v), size=20, bold=True)

    def _column(self, c, state, w, h):
        rows = [state["a"], state["b"], state["c"]]
        n = max(len(r) for r in rows)
        s = 50.0
        x0 = w / 2 - s * n / 2 + 14
        y0 = h / 2 - 1.5 * s - 6
        for k, digits in enumerate(rows):
            y = y0 + k * s + (10 if k == 2 else 0)
            for i, v in enumerate(digits):
                self.box(c, x0 + (n - len(digits) + i) * s + 3, y + 3, s - 6, s - 6, v, id=f"digit:{k}:{i}", size=24)
        c.text(x0 - 24, y0 + 1.5 * s, "+" if state["op"] == "+" else "−", size=30, bold=True)
        c.line(x0 - 40, y0 + 2 * s + 5, x0 + n * s + 4, y0 + 2 * s + 5, color="ink", lw=3.0)


def node_points(corners, per):
    """Circle centres along the polygon: each corner, then ``per`` evenly spaced on its side."""
    pts = []
    n = len(corners)
    for k in range(n):
        a, b = corners[k], corners[(k + 1) % n]
        pts.append(a)
        pts += [(a[0] + (b[0] - a[0]) * j / (per + 1), a[1] + (b[1] - a[1]) * j / (per + 1))
                for j in range(1, per + 1)]
    return pts


def side_nodes(n, per):
    """Node indices of each side (corner, middles, next corner)."""
    step = per + 1
    return [[k * step + j for j in range(step)] + [((k + 1) * step) % (n * step)] for k in range(n)]


SCENE = ArithmeticPanel()
task = SCENE.task
LEAD = "The image shows a number puzzle with one entry replaced by an outlined question mark."


def plant(q, support, build):
    """The target answer (flat over ``support`` in consecutive instances) and the puzzle built
    around it by ``build(s, r, t)``."""
    t = q.target(support, stratified=True)
    return t, q.edit(lambda s, r: build(s, r, t))
