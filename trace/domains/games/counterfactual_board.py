"""games/counterfactual_board: a familiar game board drawn with unfamiliar dimensions.

A checkered chess/checkers board, a sudoku-style grid (thick box lines every 2 or 3 cells) or a
xiangqi board (pieces stand on line crossings; a river gap splits the board, where only the two edge
files run through; the two palaces carry diagonal crosses) -- but with counts that differ from the
standard 8x8, 9x9 or 9x10, so the answer has to be counted rather than remembered.  The original's
boards: 6-10 rows or columns, 7-12 xiangqi lines.
"""

from __future__ import annotations

from tracegen.core.task import Scene

DIM_SUPPORT = {1: range(4, 8), 2: range(6, 11), 3: range(9, 15)}
LINE_SUPPORT = {1: range(6, 10), 2: range(7, 13), 3: range(10, 16)}
STANDARD = {"checkered": (8, 8), "sudoku": (9, 9), "xiangqi": (10, 9)}
CELL = 40.0
MARGIN = 34.0
CHECKER = (((0.93, 0.85, 0.70), (0.55, 0.38, 0.24)), ((0.92, 0.92, 0.88), (0.30, 0.45, 0.30)))
WOOD = (0.95, 0.80, 0.54)
LINE = (0.30, 0.18, 0.10)


def river_after(state):
    """Index of the horizontal xiangqi line after which the river gap lies (the middle of the board)."""
    return state["rows"] // 2 - 1


class CounterfactualBoard(Scene):
    domain, scene_id, size = "games", "counterfactual_board", (400, 400)
    megapixels = (0.21, 0.36)   # the original's boards: 355-534 px a side (median 0.28 MP)
    description = ("A game board (checkered chess/checkers board, sudoku-style grid or xiangqi board) drawn with "
                   "non-standard numbers of rows, columns or lines.")

    def sample(self, rng, difficulty):
        style = ("checkered", "sudoku", "xiangqi")[int(rng.integers(3))]
        support = list((LINE_SUPPORT if style == "xiangqi" else DIM_SUPPORT)[difficulty])
        return {"style": style, "rows": int(rng.choice(support)), "cols": int(rng.choice(support)),
                "box": int(rng.integers(2, 4)), "palette": int(rng.integers(len(CHECKER)))}

    def canvas_size(self, state):
        if state["style"] == "xiangqi":   # rows and cols count lines: one cell fewer than lines each way
            return (int((state["cols"] - 1) * CELL + 2 * MARGIN), int(state["rows"] * CELL + 2 * MARGIN))
        return (int(state["cols"] * CELL + 2 * MARGIN), int(state["rows"] * CELL + 2 * MARGIN))

    def render(self, c, state, params):
        w, h = self.canvas_size(state)
        rows, cols = state["rows"], state["cols"]
        c.rect(6, 6, w - 12, h - 12, fill=(0.16, 0.22, 0.36), stroke="muted", lw=1.5)
        x0, y0 = MARGIN, MARGIN
        if state["style"] == "xiangqi":
            self._xiangqi(c, state, x0, y0)
            return
        light, dark = CHECKER[state["palette"]]
        for r in range(rows):
            for k in range(cols):
                fill = (light if (r + k) % 2 == 0 else dark) if state["style"] == "checkered" else (0.99, 0.99, 0.98)
                c.rect(x0 + k * CELL, y0 + r * CELL, CELL, CELL, fill=fill)
        if state["style"] == "sudoku":
            for r in range(rows + 1):
                thick = r % state["box"] == 0 or r == rows
                c.line(x0, y0 + r * CELL, x0 + cols * CELL, y0 + r * CELL, color=(0.15, 0.15, 0.20),
                       lw=3.2 if thick else 1.0)
            for k in range(cols + 1):
                thick = k % state["box"] == 0 or k == cols
                c.line(x0 + k * CELL, y0, x0 + k * CELL, y0 + rows * CELL, color=(0.15, 0.15, 0.20),
                       lw=3.2 if thick else 1.0)
        c.rect(x0, y0, cols * CELL, rows * CELL, stroke=(0.10, 0.10, 0.12), lw=2.5)
        for r in range(rows):
            c.register(f"row:{r}", box=(x0, y0 + r * CELL, x0 + cols * CELL, y0 + (r + 1) * CELL))
        for k in range(cols):
            c.register(f"col:{k}", box=(x0 + k * CELL, y0, x0 + (k + 1) * CELL, y0 + rows * CELL))

    def _xiangqi(self, c, state, x0, y0):
        rows, cols = state["rows"], state["cols"]      # horizontal and vertical lines
        gap = river_after(state)
        ys = [y0 + i * CELL + (CELL if i > gap else 0.0) for i in range(rows)]
        xs = [x0 + k * CELL for k in range(cols)]
        c.rect(x0 - 18, y0 - 18, xs[-1] - x0 + 36, ys[-1] - y0 + 36, fill=WOOD, stroke=LINE, lw=1.5)
        for i, y in enumerate(ys):
            c.line(xs[0], y, xs[-1], y, color=LINE, lw=1.8, id=f"hline:{i}")
        for k, x in enumerate(xs):
            if k in (0, cols - 1):
                c.line(x, ys[0], x, ys[-1], color=LINE, lw=1.8, id=f"vline:{k}")
            else:   # interrupted by the river
                c.line(x, ys[0], x, ys[gap], color=LINE, lw=1.8)
                c.line(x, ys[gap + 1], x, ys[-1], color=LINE, lw=1.8)
                c.register(f"vline:{k}", segment=((x, ys[0]), (x, ys[-1])))
        mid = (cols - 1) // 2
        a, b = max(0, mid - 1), min(cols - 1, mid + 1)
        for top in (0, rows - 3):   # the palaces: diagonal crosses over 2x2 cells at both ends
            if 0 <= top and top + 2 < rows and (top + 2 <= gap or top > gap):
                c.line(xs[a], ys[top], xs[b], ys[top + 2], color=LINE, lw=1.4)
                c.line(xs[b], ys[top], xs[a], ys[top + 2], color=LINE, lw=1.4)


SCENE = CounterfactualBoard()
task = SCENE.task


@task("board_dimension_count", answer="integer", annotation="bbox_set", ops="counting",
      queries=("row_count", "column_count"))
def board_dimension_count(q):
    rows = q.query_id == "row_count"
    t = q.target(DIM_SUPPORT[q.difficulty], stratified=True)

    def plant(st, rng):
        st["style"] = ("checkered", "sudoku")[int(rng.integers(2))]
        other = [v for v in DIM_SUPPORT[q.difficulty] if v != t]
        st["rows" if rows else "cols"] = t
        st["cols" if rows else "rows"] = other[int(rng.integers(len(other)))] if rng.random() < 0.7 else t
        return st

    s = q.edit(plant)
    n = s["rows"] if rows else s["cols"]
    q.require(n == t and (n, s["cols" if rows else "rows"]) != STANDARD[s["style"]], "off target")
    kind = "rows" if rows else "columns"
    return q.answer(n, witnesses=[f"{'row' if rows else 'col'}:{i}" for i in range(n)],
                    question=f"The picture shows a game-board grid. How many {kind} of squares does this board have?")


@task("board_line_count", answer="integer", annotation="segment_set", ops="counting",
      queries=("horizontal_line_count", "vertical_line_count"))
def board_line_count(q):
    horiz = q.query_id == "horizontal_line_count"
    t = q.target(LINE_SUPPORT[q.difficulty], stratified=True)

    def plant(st, rng):
        st["style"] = "xiangqi"
        other = [v for v in LINE_SUPPORT[q.difficulty] if v != t]
        st["rows" if horiz else "cols"] = t
        st["cols" if horiz else "rows"] = other[int(rng.integers(len(other)))]
        if st["rows"] < 6:   # room for a palace on each side of the river
            st["rows"] = 6
        return st

    s = q.edit(plant)
    n = s["rows"] if horiz else s["cols"]
    q.require(n == t and (s["rows"], s["cols"]) != STANDARD["xiangqi"], "off target")
    kind = "horizontal" if horiz else "vertical"
    note = (" A vertical line broken by the river gap still counts once." if not horiz else
            " Both edges of the river gap are lines.")
    return q.answer(n, witnesses=[f"{'hline' if horiz else 'vline'}:{i}" for i in range(n)],
                    question=(f"The picture shows a xiangqi-style game board drawn with an unusual number of lines. "
                              f"How many {kind} lines does it have?{note}"))
