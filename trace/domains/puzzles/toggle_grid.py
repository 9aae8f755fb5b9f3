"""puzzles/toggle_grid: a Lights-Out style toggle grid -- cells are on (filled) or off (empty); pressing a
switch cell flips that cell and its edge neighbours (up, down, left, right), not its diagonal ones.  A
legend shows the on and off looks.

One task shows a start grid with four lettered switches beside the target grid after one press (which
switch was pressed?); the other marks one switch of the start grid with a red ring and offers four
lettered result grids (the press applied, or a press of a neighbour, the cell alone, the diagonal
neighbours, the whole 3 x 3 block, or the plus without its centre).  Difficulty grows the grid: 3 x 3 (1),
4 x 4 or 5 x 5 (2, the original's), 6 x 6 (3).
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, answer_among
from tracegen.kits.cards import draw_card, label_badge
from tracegen.kits.panels import panel_card

W, H = 900, 600
SIZES = {1: (3, 3), 2: (4, 5), 3: (6, 6)}
ON_COLORS = ("blue", "green", "orange", "purple")
PLUS = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))


def press(grid, cell, pattern=PLUS):
    """The grid after flipping the cells of ``pattern`` around ``cell`` (those inside the grid)."""
    n = len(grid)
    out = [list(row) for row in grid]
    for dr, dc in pattern:
        r, c = cell[0] + dr, cell[1] + dc
        if 0 <= r < n and 0 <= c < n:
            out[r][c] ^= 1
    return out


class ToggleGrid(Scene):
    domain, scene_id, size = "puzzles", "toggle_grid", (W, H)
    megapixels = (0.72, 1.05)
    description = ("A toggle grid of on and off cells with a legend: a start grid, a target grid or a marked switch, "
                   "and lettered switches or result grids.")

    def sample(self, rng, difficulty):
        lo, hi = SIZES[difficulty]
        n = int(rng.integers(lo, hi + 1))
        grid = [[int(v) for v in row] for row in (rng.random((n, n)) < rng.uniform(0.35, 0.65))]
        return {"level": difficulty, "n": n, "start": grid, "on": ON_COLORS[int(rng.integers(len(ON_COLORS)))]}

    def claims(self, state, params):
        """The result prompt names the red ring around the pressed switch."""
        return [Claim("switch", "colour", "red")] if state.get("switch") else []

    # ------------------------------------------------------------------ drawing
    def grid(self, c, state, grid, x, y, u, *, prefix=None):
        for r, row in enumerate(grid):
            for k, v in enumerate(row):
                c.rect(x + k * u, y + r * u, u, u, fill=state["on"] if v else "paper", stroke="ink",
                       lw=1.6 if u > 30 else 1.0, id=None if prefix is None else f"{prefix}:{r}:{k}")

    def legend(self, c, state):
        x, y = W / 2 - 90, 18
        c.rect(x, y, 22, 22, fill="paper", stroke="ink", lw=1.4)
        c.text(x + 30, y + 11, "OFF", size=15, anchor="l")
        c.rect(x + 100, y, 22, 22, fill=state["on"], stroke="ink", lw=1.4)
        c.text(x + 130, y + 11, "ON", size=15, anchor="l")

    def render(self, c, state, params):
        self.legend(c, state)
        n = state["n"]
        if state["kind"] == "repair":
            for j, (title, grid) in enumerate((("Start grid with lettered switches", state["start"]),
                                               ("Target grid after one press", state["target"]))):
                box = panel_card(c, (16 + j * (W / 2 - 8), 52, W / 2 - 8 + j * (W / 2 - 8), H - 14), title, size=18)
                u = min(70.0, (box[2] - box[0] - 20) / n, (box[3] - box[1] - 20) / n)
                x, y = (box[0] + box[2] - n * u) / 2, (box[1] + box[3] - n * u) / 2
                self.grid(c, state, grid, x, y, u, prefix="start" if j == 0 else "target")
                if j == 0:
                    for letter, (r, k) in state["labels"].items():
                        label_badge(c, x + (k + 0.5) * u - 12, y + (r + 0.5) * u - 12, letter, size=16, fill="white")
            return
        box = panel_card(c, (16, 52, W - 16, 322), "Start grid: press the switch in the red ring", size=18)
        u = min(56.0, (box[3] - box[1] - 10) / n)
        x, y = (W - n * u) / 2, (box[1] + box[3] - n * u) / 2
        self.grid(c, state, state["start"], x, y, u, prefix="start")
        r, k = state["switch"]
        c.circle(x + (k + 0.5) * u, y + (r + 0.5) * u, u * 0.3, stroke="red", lw=4.0, id="switch")
        cw = (W - 32 - 3 * 14) / 4
        for i, opt in enumerate(state["options"]):
            bx = (16 + i * (cw + 14), 336, cw, H - 336 - 14)
            inner = draw_card(c, bx, LETTERS[i], id=f"option:{LETTERS[i]}", badge_size=16)
            ou = min(36.0, (cw - 30) / n, (inner[3] - inner[1] - 6) / n)
            self.grid(c, state, opt, bx[0] + (cw - n * ou) / 2, (inner[1] + inner[3]) / 2 - n * ou / 2, ou)


SCENE = ToggleGrid()
task = SCENE.task

RULE = ("Pressing a switch cell flips that cell and the cells directly above, below, left and right of it "
        "(on becomes off, off becomes on); diagonal cells do not change.")


# ---------------------------------------------------------------------- tasks
@task("toggle_repair_switch_label", answer="option_letter", annotation="bbox", ops="state_update")
def toggle_repair_switch_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        n = s["n"]
        cells = [(a, b) for a in range(n) for b in range(n)]
        picks = [cells[int(i)] for i in r.permutation(len(cells))[:4]]
        s.update(kind="repair", target=press(s["start"], picks[0]))
        others = answer_among(r, picks[0], picks[1:], letter)
        s["labels"] = {x: list(cell) for x, cell in zip("ABCD", others)}
        return s

    s = q.edit(edit)
    good = [x for x, cell in sorted(s["labels"].items()) if press(s["start"], cell) == s["target"]]
    q.require(len(good) == 1, "not exactly one switch giving the target")
    rr, kk = s["labels"][good[0]]
    q.step("press", switch=[rr, kk], letter=good[0])
    return q.answer(good[0], witnesses=f"start:{rr}:{kk}", question=(
        "The image shows a toggle grid of on and off cells (see the legend): a start grid with four lettered "
        f"switch cells and the target grid after one press. {RULE} Which lettered switch, pressed once, turns the "
        "start grid into the target grid?"))


WRONG_PATTERNS = (((0, 0),), ((-1, 0), (1, 0), (0, -1), (0, 1)), ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)),
                  tuple((a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)))


@task("toggle_result_label", answer="option_letter", annotation="bbox", ops="state_update")
def toggle_result_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        n = s["n"]
        sw = (int(r.integers(n)), int(r.integers(n)))
        answer = press(s["start"], sw)
        pool = [press(s["start"], sw, p) for p in WRONG_PATTERNS]
        pool += [press(s["start"], (sw[0] + dr, sw[1] + dc)) for dr, dc in PLUS[1:]
                 if 0 <= sw[0] + dr < n and 0 <= sw[1] + dc < n]
        pool = [pool[int(i)] for i in r.permutation(len(pool))]
        wrong = []
        for g in pool:
            if g != answer and g != s["start"] and g not in wrong and len(wrong) < 3:
                wrong.append(g)
        q.require(len(wrong) == 3, "too few distinct wrong results")
        s.update(kind="result", switch=list(sw), options=answer_among(r, answer, wrong, letter))
        return s

    s = q.edit(edit)
    truth = press(s["start"], s["switch"])
    good = [x for x, g in zip("ABCD", s["options"]) if g == truth]
    q.require(len(good) == 1, "not exactly one correct result")
    q.step("press", switch=s["switch"], letter=good[0])
    return q.answer(good[0], witnesses=f"option:{good[0]}", question=(
        "The image shows a toggle grid of on and off cells (see the legend); one switch of the start grid is "
        f"circled by a red ring. {RULE} Which lettered grid shows the result of pressing the circled switch once?"))
