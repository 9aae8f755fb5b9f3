"""games/slot_machine: a toy three-reel slot machine showing three rows of symbols, sometimes
with a paytable beside it, or with two reels shown and lettered candidate third reels.

The paylines are the three rows and the two long diagonals; a payline wins when its three
symbols are the same.
"""

from __future__ import annotations

from tracegen.core.task import Scene, retrying
from tracegen.kits.cards import rounded_box

SYMBOLS = ("cherry", "star", "bar", "seven", "coin", "diamond", "bell", "clover")
KINDS = {1: 4, 2: 6, 3: 8}
PAYLINES = {"row0": ((0, 0), (0, 1), (0, 2)), "row1": ((1, 0), (1, 1), (1, 2)), "row2": ((2, 0), (2, 1), (2, 2)),
            "diag_down": ((0, 0), (1, 1), (2, 2)), "diag_up": ((2, 0), (1, 1), (0, 2))}
SIZES = {"machine": (760, 660), "paytable": (980, 660), "options": (760, 660)}
BODY = (0.46, 0.36, 0.28)
GOLD = (0.88, 0.74, 0.44)
WINDOW = (0.11, 0.11, 0.13)
CELL = (0.99, 0.97, 0.90)
LETTERS = "ABCD"


def wins(grid) -> list[str]:
    return [name for name, cells in PAYLINES.items() if len({grid[r][c] for r, c in cells}) == 1]


def draw_symbol(c, cx: float, cy: float, s: float, sym: str) -> None:
    """One reel symbol about ``s`` across, centred on (cx, cy)."""
    if sym == "cherry":
        c.line(cx - s * 0.18, cy + s * 0.12, cx + s * 0.1, cy - s * 0.3, color=(0.2, 0.5, 0.2), lw=max(2, s * 0.05))
        c.line(cx + s * 0.2, cy + s * 0.14, cx + s * 0.1, cy - s * 0.3, color=(0.2, 0.5, 0.2), lw=max(2, s * 0.05))
        c.ellipse(cx + s * 0.2, cy - s * 0.32, s * 0.12, s * 0.07, fill=(0.25, 0.55, 0.28))
        for dx, dy in ((-0.18, 0.2), (0.2, 0.22)):
            c.circle(cx + dx * s, cy + dy * s, s * 0.17, fill=(0.80, 0.10, 0.16), stroke=(0.35, 0.05, 0.05), lw=1.2)
    elif sym == "star":
        c.star(cx, cy, s * 0.42, points=5, inner=0.45, fill=(0.96, 0.72, 0.12), stroke=(0.45, 0.3, 0.05), lw=1.2)
    elif sym == "bar":
        c.rect(cx - s * 0.38, cy - s * 0.16, s * 0.76, s * 0.32, fill=(0.1, 0.1, 0.1), stroke=GOLD, lw=2)
        c.text(cx, cy, "BAR", size=max(12.0, s * 0.2), bold=True, color=(1.0, 1.0, 1.0))
    elif sym == "seven":
        c.text(cx, cy, "7", size=s * 0.62, bold=True, color=(0.72, 0.08, 0.12))
    elif sym == "coin":
        c.circle(cx, cy, s * 0.34, fill=(0.95, 0.56, 0.15), stroke=(0.4, 0.22, 0.05), lw=1.5)
        c.circle(cx, cy, s * 0.19, fill=(0.99, 0.82, 0.40), stroke=(0.6, 0.35, 0.08), lw=1)
    elif sym == "diamond":
        c.polygon([(cx, cy - s * 0.38), (cx + s * 0.34, cy), (cx, cy + s * 0.38), (cx - s * 0.34, cy)],
                  fill=(0.22, 0.50, 0.78), stroke=(0.1, 0.25, 0.45), lw=1.2)
    elif sym == "bell":
        c.polygon([(cx - s * 0.12, cy - s * 0.3), (cx + s * 0.12, cy - s * 0.3), (cx + s * 0.24, cy),
                   (cx + s * 0.34, cy + s * 0.22), (cx - s * 0.34, cy + s * 0.22), (cx - s * 0.24, cy)],
                  fill=(0.93, 0.80, 0.20), stroke=(0.45, 0.35, 0.05), lw=1.2)
        c.circle(cx, cy + s * 0.29, s * 0.07, fill=(0.45, 0.35, 0.05))
    else:  # clover
        for dx, dy in ((0, -0.16), (-0.16, 0.04), (0.16, 0.04)):
            c.circle(cx + dx * s, cy + dy * s, s * 0.15, fill=(0.15, 0.55, 0.25))
        c.line(cx, cy + s * 0.05, cx + s * 0.08, cy + s * 0.36, color=(0.15, 0.45, 0.2), lw=max(2, s * 0.05))


class SlotMachine(Scene):
    domain, scene_id, size = "games", "slot_machine", SIZES["machine"]
    megapixels = (0.3, 0.34)   # scale 1: the image is the layout's size (0.52-0.67 MP in the original)
    description = ("A toy three-reel slot machine with three visible rows of symbols, with a paytable beside it "
                   "or with lettered candidate third reels.")

    def canvas_size(self, state):
        return SIZES[state["layout"]]

    def sample(self, rng, difficulty):
        k = KINDS[difficulty]
        kinds = [SYMBOLS[int(i)] for i in rng.permutation(len(SYMBOLS))[:k]]
        grid = [[kinds[int(rng.integers(k))] for _ in range(3)] for _ in range(3)]
        return {"layout": "machine", "kinds": kinds, "grid": grid}

    def render(self, c, state, params):
        layout = state["layout"]
        cols = 2 if layout == "options" else 3
        cell, gap = 118, 14
        mw = cols * cell + (cols - 1) * gap + 2 * 24 + 2 * 40
        mh = 3 * cell + 2 * gap + 2 * 24 + 150
        if layout == "paytable":
            mx = 40
        elif layout == "options":
            mx = 30
        else:
            mx = (SIZES["machine"][0] - mw) / 2
        my = (SIZES[layout][1] - mh) / 2
        c.polygon(rounded_box(mx, my, mw, mh, 28), fill=BODY, stroke=GOLD, lw=5)
        c.polygon(rounded_box(mx + 30, my + 24, mw - 60, 56, 12), fill=GOLD, stroke=(0.35, 0.25, 0.15), lw=2)
        c.text(mx + mw / 2, my + 52, "SLOTS", size=30, bold=True, color=(0.45, 0.14, 0.16))
        wx, wy = mx + 40, my + 110
        ww, wh = cols * cell + (cols - 1) * gap + 48, 3 * cell + 2 * gap + 48
        c.polygon(rounded_box(wx, wy, ww, wh, 16), fill=WINDOW, stroke=GOLD, lw=3)
        if layout != "options":
            c.line(mx + mw - 4, my + 150, mx + mw + 34, my + 320, color=(0.3, 0.22, 0.16), lw=7)
            c.circle(mx + mw + 34, my + 320, 17, fill=GOLD, stroke=(0.3, 0.22, 0.16), lw=2)
        centres = {}
        for r in range(3):
            for k in range(cols):
                x, y = wx + 24 + k * (cell + gap), wy + 24 + r * (cell + gap)
                c.polygon(rounded_box(x, y, cell, cell, 10), fill=CELL)
                c.register(f"cell:{r}:{k}", box=(x, y, x + cell, y + cell), fill=CELL, shape="rectangle")
                centres[(r, k)] = (x + cell / 2, y + cell / 2)
                draw_symbol(c, x + cell / 2, y + cell / 2, cell * 0.8, state["grid"][r][k])
        if cols == 3:
            for name, cells in PAYLINES.items():
                c.register(f"line:{name}", segment=(centres[cells[0]], centres[cells[-1]]))
        if layout == "paytable":
            self._paytable(c, state, mx + mw + 70, my + 20)
        if layout == "options":
            self._options(c, state, mx + mw + 40, my)

    def _paytable(self, c, state, x, y):
        kinds = state["kinds"]
        rh = 58
        h = 70 + len(kinds) * rh
        c.polygon(rounded_box(x, y, 220, h, 14), fill=(0.97, 0.95, 0.88), stroke=GOLD, lw=3)
        c.text(x + 110, y + 34, "PAYTABLE", size=20, bold=True, color=(0.25, 0.2, 0.15))
        for i, sym in enumerate(kinds):
            yy = y + 60 + i * rh
            c.polygon(rounded_box(x + 12, yy, 196, rh - 8, 8), fill=(1.0, 0.99, 0.95), stroke=(0.8, 0.72, 0.55), lw=1)
            c.polygon(rounded_box(x + 22, yy + 3, rh - 14, rh - 14, 6), fill=CELL)
            draw_symbol(c, x + 22 + (rh - 14) / 2, yy + 3 + (rh - 14) / 2, rh - 14, sym)
            c.text(x + 150, yy + (rh - 8) / 2, f"= {state['pay'][sym]}", size=22, bold=True, color=(0.15, 0.12, 0.1),
                   id=f"pay:{sym}")

    def _options(self, c, state, x, y):
        cell, gap = 68, 10
        ow, oh = cell + 40, 3 * cell + 2 * gap + 78
        for i, (col, lab) in enumerate(zip(state["options"], state["labels"])):
            ox, oy = x + (i % 2) * (ow + 40), y + (i // 2) * (oh + 20) - 30
            c.polygon(rounded_box(ox, oy, ow, oh, 18), fill=BODY, stroke=GOLD, lw=3)
            c.circle(ox + ow / 2, oy + 32, 20, fill=(0.99, 0.97, 0.90), stroke=GOLD, lw=2)
            c.text(ox + ow / 2, oy + 32, lab, size=22, bold=True, color=(0.15, 0.12, 0.1), kind="option")
            c.register(f"option:{i}", box=(ox, oy, ox + ow, oy + oh))
            for r, sym in enumerate(col):
                yy = oy + 62 + r * (cell + gap)
                c.polygon(rounded_box(ox + 20, yy, cell, cell, 8), fill=CELL)
                draw_symbol(c, ox + 20 + cell / 2, yy + cell / 2, cell * 0.8, sym)


SCENE = SlotMachine()
task = SCENE.task

RULES = ("The paylines are the three rows and the two long diagonals (top-left to bottom-right and bottom-left "
         "to top-right); a payline wins when its three symbols are the same.")


def _plant(rng, kinds, t):
    """A 3 x 3 grid with exactly ``t`` winning paylines (None if this try fails)."""
    names = list(PAYLINES)
    chosen = [names[int(i)] for i in rng.choice(5, size=t, replace=False)]
    parent = {(r, c): (r, c) for r in range(3) for c in range(3)}

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for name in chosen:
        a = PAYLINES[name][0]
        for b in PAYLINES[name][1:]:
            parent[find(b)] = find(a)
    sym = {}
    grid = [[None] * 3 for _ in range(3)]
    for r in range(3):
        for c in range(3):
            root = find((r, c))
            if root not in sym:
                sym[root] = kinds[int(rng.integers(len(kinds)))]
            grid[r][c] = sym[root]
    return grid if sorted(wins(grid)) == sorted(chosen) else None


@task("winning_payline_count", answer="integer", annotation="segment_set", ops="counting,matching")
def winning_payline_count(q):
    t = q.target(range(0, 6) if q.difficulty > 1 else range(0, 4), stratified=True)

    def build(st, rng):
        grid = _plant(rng, st["kinds"], t)
        if grid is None:
            return None
        st["grid"] = grid
        return st

    s = q.edit(retrying(build))
    won = wins(s["grid"])
    q.require(len(won) == t, "payline count off target")
    return q.answer(len(won), witnesses=[f"line:{x}" for x in won], examples=[1, 2, 3],
                    question=(f"The image shows a toy slot machine with three reels and three visible rows. {RULES} "
                              "How many paylines win?"))


@task("paytable_score_value", answer="integer", annotation="segment", ops="formula_evaluation,matching")
def paytable_score_value(q):
    n = len(q.state["kinds"])
    value = q.target(range(1, n + 1), stratified=True)

    def build(st, rng):
        kinds = st["kinds"]
        scores = [int(v) + 1 for v in rng.permutation(len(kinds))]
        pay = dict(zip(kinds, scores))
        win_sym = next(k for k in kinds if pay[k] == value)
        grid = _plant(rng, kinds, 1)
        if grid is None:
            return None
        line = wins(grid)[0]
        old = grid[PAYLINES[line][0][0]][PAYLINES[line][0][1]]
        swap = {old: win_sym, win_sym: old}
        grid = [[swap.get(x, x) for x in row] for row in grid]
        if len(wins(grid)) != 1:
            return None
        st.update(layout="paytable", grid=grid, pay=pay)
        return st

    s = q.edit(retrying(build))
    won = wins(s["grid"])
    q.require(len(won) == 1 and s["layout"] == "paytable", "not exactly one winning payline")
    r, c = PAYLINES[won[0]][0]
    score = s["pay"][s["grid"][r][c]]
    q.step("win", payline=won[0], symbol=s["grid"][r][c])
    return q.answer(score, witnesses=f"line:{won[0]}", examples=[2, 4, 5],
                    question=(f"The image shows a toy slot machine with three reels and three visible rows, and a "
                              f"paytable of symbol scores beside it. {RULES} Exactly one payline wins. What score does "
                              "the paytable give for its symbol?"))


@task("reel_completion_label", answer="option_letter", annotation="bbox",
      ops="counting,formula_evaluation,matching")
def reel_completion_label(q):
    letter = q.target(list(LETTERS), stratified=True)
    idx = LETTERS.index(letter)

    def build(st, rng):
        kinds = st["kinds"]
        full = _plant(rng, kinds, 1)
        if full is None:
            return None
        two = [row[:2] for row in full]
        answer = [row[2] for row in full]
        decoys = []
        for _ in range(60):
            col = [kinds[int(rng.integers(len(kinds)))] for _ in range(3)]
            if col != answer and col not in decoys and not wins([a + [b] for a, b in zip(two, col)]):
                decoys.append(col)
            if len(decoys) == 3:
                break
        if len(decoys) < 3:
            return None
        options = decoys[:idx] + [answer] + decoys[idx:]
        st.update(layout="options", grid=two, options=options, labels=list(LETTERS))
        return st

    s = q.edit(retrying(build))
    q.require(s["layout"] == "options", "no options built")
    counts = [len(wins([a + [b] for a, b in zip(s["grid"], col)])) for col in s["options"]]
    hits = [i for i, n in enumerate(counts) if n == 1]
    q.require(len(hits) == 1 and counts.count(0) == 3, "not exactly one completing reel")
    q.offer(4, "image")
    return q.answer(s["labels"][hits[0]], witnesses=f"option:{hits[0]}",
                    question=(f"The image shows a toy slot machine with its first two reels and three visible rows, "
                              f"and four lettered candidate third reels (each read top to bottom). {RULES} Which "
                              "candidate third reel makes exactly one payline win?"))
