"""games/bingo: one 5 x 5 bingo card (columns B 1-15, I 16-30, N 31-45, G 46-60, O 61-75, five
different numbers per column, every cell printed as in the original), with daubed (marked) cells,
and for one task a list of called numbers beside it.

A line is a row or a column of five cells; it is complete when all five are marked, and needs one
more mark when exactly four are.
"""

from __future__ import annotations

from tracegen.core.task import Scene, retrying
from tracegen.kits.boards import tint

LETTERS = "BINGO"
CARD = (800, 560)
WITH_CALLED = (980, 560)
MARK = "green"
CALLED_N = {1: 5, 2: 7, 3: 10}
EXTRA_MARKS = {1: (1, 3), 2: (4, 8), 3: (9, 12)}


def column_range(k: int) -> range:
    return range(15 * k + 1, 15 * k + 16)


def lines(kind: str):
    """Cells of each row (kind "row") or column ("col") as (r, c) lists."""
    if kind == "row":
        return [[(r, c) for c in range(5)] for r in range(5)]
    return [[(r, c) for r in range(5)] for c in range(5)]


class Bingo(Scene):
    domain, scene_id, size = "games", "bingo", CARD
    megapixels = (0.3, 0.34)   # scale 1: the image is the layout's size (0.54-0.66 MP in the original)
    description = "A 5 x 5 bingo card (B I N G O columns) with daubed cells, sometimes beside a list of called numbers."

    def canvas_size(self, state):
        return WITH_CALLED if state.get("called") else CARD

    def sample(self, rng, difficulty):
        grid = [[0] * 5 for _ in range(5)]
        for k in range(5):
            col = rng.choice(list(column_range(k)), size=5, replace=False)
            for r in range(5):
                grid[r][k] = int(col[r])
        return {"grid": grid, "marks": [[0] * 5 for _ in range(5)], "called": []}

    def claims(self, state, params):
        return []

    def render(self, c, state, params):
        w, h = self.canvas_size(state)
        card_w = CARD[0] - 40
        c.rect(20, 20, card_w, h - 40, fill="panel", stroke="muted", lw=2)
        cw, ch, g = 120, 68, 10
        x0 = 20 + (card_w - (5 * cw + 4 * g)) / 2
        y0 = 140
        c.text(20 + card_w / 2, 58, "BINGO", size=30, bold=True)
        for k in range(5):
            c.text(x0 + k * (cw + g) + cw / 2, 110, LETTERS[k], size=22, bold=True)
        for r in range(5):
            for k in range(5):
                x, y = x0 + k * (cw + g), y0 + r * (ch + g)
                marked = state["marks"][r][k]
                if marked:
                    c.rect(x, y, cw, ch, fill=tint(MARK, 0.42), stroke=MARK, lw=5)
                    c.circle(x + cw / 2, y + ch / 2, ch * 0.36, fill=tint(MARK, 0.7))
                else:
                    c.rect(x, y, cw, ch, fill=(0.99, 0.99, 0.98), stroke="muted", lw=1.5)
                c.register(f"cell:{r}:{k}", box=(x, y, x + cw, y + ch), point=(x + cw / 2, y + ch / 2))
                c.text(x + cw / 2, y + ch / 2, str(state["grid"][r][k]), size=24, bold=bool(marked),
                       color=(0.08, 0.08, 0.1))
        for k in range(5):
            cx = x0 + k * (cw + g) + cw / 2
            c.register(f"col:{k}", segment=((cx, y0 + ch / 2), (cx, y0 + 4 * (ch + g) + ch / 2)))
        for r in range(5):
            cy = y0 + r * (ch + g) + ch / 2
            c.register(f"row:{r}", segment=((x0 + cw / 2, cy), (x0 + 4 * (cw + g) + cw / 2, cy)))
        called = state.get("called") or []
        if called:
            px = CARD[0] - 4
            pw = w - px - 20
            c.rect(px, 20, pw, h - 40, fill="panel", stroke="muted", lw=2)
            c.text(px + pw / 2, 56, "CALLED", size=20, bold=True)
            step = min(56.0, (h - 130) / len(called))
            for i, v in enumerate(called):
                y = 84 + i * step
                c.rect(px + 22, y, pw - 44, step - 10, fill=(0.99, 0.99, 0.98), stroke="muted", lw=1.5,
                       id=f"called:{i}")
                c.text(px + pw / 2, y + (step - 10) / 2, str(v), size=min(22.0, step * 0.45),
                       color=(0.08, 0.08, 0.1))


SCENE = Bingo()
task = SCENE.task

INTRO = ("The image shows a 5 x 5 bingo card with columns headed B, I, N, G, O. Marked (daubed) cells are shaded "
         "with a thick outline.")


def _full(marks, cells):
    return all(marks[r][c] for r, c in cells)


def _complete(marks):
    return [("row", i) for i, ln in enumerate(lines("row")) if _full(marks, ln)] + \
           [("col", i) for i, ln in enumerate(lines("col")) if _full(marks, ln)]


def _mark_one_line(st, rng, kind, i, extra):
    """Mark line ``i`` of ``kind`` fully plus ``extra`` random other cells, no other line complete."""
    marks = [[0] * 5 for _ in range(5)]
    for r, c in lines(kind)[i]:
        marks[r][c] = 1
    free = [(r, c) for r in range(5) for c in range(5) if not marks[r][c]]
    for j in rng.permutation(len(free))[:extra]:
        r, c = free[int(j)]
        marks[r][c] = 1
    if _complete(marks) != [(kind, i)]:
        return None
    st["marks"] = marks
    return st


@task("completed_column_label", answer="string", annotation="segment", ops="filtering")
def completed_column_label(q):
    letter = q.target(list(LETTERS), stratified=True)
    lo, hi = EXTRA_MARKS[q.difficulty]
    k = LETTERS.index(letter)
    s = q.edit(retrying(lambda st, rng: _mark_one_line(st, rng, "col", k, int(rng.integers(lo, hi + 1)))))
    done = _complete(s["marks"])
    q.require(done == [("col", k)], "not exactly one completed column")
    return q.answer(LETTERS[k], witnesses=f"col:{k}", examples=[x for x in LETTERS if x != LETTERS[k]][:3],
                    question=(f"{INTRO} Exactly one column has all five of its cells marked. Which column is it? "
                              "Answer with its letter (B, I, N, G or O)."))


@task("completed_line_sum_value", answer="integer", annotation="point_set", ops="aggregation")
def completed_line_sum_value(q):
    kind = q.choice("line_kind", ["row", "col"])
    lo, hi = EXTRA_MARKS[q.difficulty]
    i = q.param("line", lambda r: int(r.integers(5)))
    s = q.edit(retrying(lambda st, rng: _mark_one_line(st, rng, kind, i, int(rng.integers(lo, hi + 1)))))
    q.require(_complete(s["marks"]) == [(kind, i)], "not exactly one completed line")
    cells = lines(kind)[i]
    total = sum(s["grid"][r][c] for r, c in cells)
    q.step("line", kind=kind, index=i, values=[s["grid"][r][c] for r, c in cells])
    return q.answer(total, witnesses=[f"cell:{r}:{c}" for r, c in cells], examples=[150, 190, 240],
                    question=(f"{INTRO} Exactly one row or column has all five of its cells marked. What is the "
                              "sum of the five numbers printed in that completed line?"))


NEAR = {1: range(0, 3), 2: range(0, 5), 3: range(1, 6)}
OTHER_MARKS = {1: (0, 2), 2: (1, 3), 3: (2, 3)}   # marks on a line that is not near-complete


@task("near_complete_line_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("near_complete_row_count", "near_complete_column_count"))
def near_complete_line_count(q):
    kind = "row" if q.query_id == "near_complete_row_count" else "col"
    t = q.target(NEAR[q.difficulty], stratified=True)
    lo, hi = OTHER_MARKS[q.difficulty]

    def build(st, rng):
        marks = [[0] * 5 for _ in range(5)]
        near = sorted(rng.choice(5, size=t, replace=False).tolist())
        for i in range(5):
            cells = lines(kind)[i]
            if i in near:
                k = 4
            else:
                k = int(rng.integers(lo, hi + 1)) if rng.random() < 0.85 else 5
            for j in rng.permutation(5)[:k]:
                r, c = cells[int(j)]
                marks[r][c] = 1
        st["marks"] = marks
        return st

    s = q.edit(retrying(build))
    near = [ln for ln in lines(kind) if sum(s["marks"][r][c] for r, c in ln) == 4]
    q.require(len(near) == t, "near-complete count off target")
    gaps = [next((r, c) for r, c in ln if not s["marks"][r][c]) for ln in near]
    what = "rows" if kind == "row" else "columns"
    return q.answer(len(near), witnesses=[f"cell:{r}:{c}" for r, c in gaps], examples=[1, 2, 3],
                    question=(f"{INTRO} How many {what} have exactly four of their five cells marked, so that "
                              "one more mark would complete them?"))


@task("called_number_match_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def called_number_match_count(q):
    n = CALLED_N[q.difficulty]
    t = q.target(range(0, 6) if q.difficulty > 1 else range(0, 4), stratified=True)

    def build(st, rng):
        on = [v for row in st["grid"] for v in row]
        off = [v for v in range(1, 76) if v not in on]
        called = [on[int(i)] for i in rng.choice(len(on), size=t, replace=False)]
        called += [off[int(i)] for i in rng.choice(len(off), size=n - t, replace=False)]
        st["called"] = [called[int(i)] for i in rng.permutation(n)]
        return st

    s = q.edit(build)
    pos = {v: (r, c) for r, row in enumerate(s["grid"]) for c, v in enumerate(row)}
    hits = [pos[v] for v in s["called"] if v in pos]
    q.require(len(hits) == t, "count off target")
    return q.answer(len(hits), witnesses=[f"cell:{r}:{c}" for r, c in hits], examples=[1, 2, 4],
                    question=("The image shows a 5 x 5 bingo card (columns B, I, N, G, O) and a CALLED list of "
                              "numbers beside it. How many of the called numbers appear on the card?"))
