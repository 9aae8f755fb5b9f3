"""games/ludo_board: a Ludo cross board (15 x 15 cells: four coloured yards, the 52-square track walked
clockwise, four coloured home columns, the centre finish triangles), coloured tokens on it, and, per task,
lettered roll options below the board, a dice sequence, or lettered destination squares.

The rules (track, start and star squares, home columns, exact finish, captures, "6 then k") live in
``tracegen.kits.race_boards``.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.style import NAMED_COLORS
from tracegen.core.task import Scene, retrying
from tracegen.kits import race_boards as rb

CELL = 40.0
M = 24.0
BOARD = 15 * CELL
STRIP = 86.0
LETTERS = "ABCDEF"
N_TOKENS = {1: 2, 2: 4, 3: 6}
YARD = {"red": (0, 0), "green": (0, 9), "yellow": (9, 9), "blue": (9, 0)}      # top-left cell of each yard
TRACK_FILL = (0.99, 0.98, 0.94)
LINE = (0.25, 0.22, 0.20)
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)]}


def tint(colour, f):
    r, g, b = NAMED_COLORS[colour]
    return (r + (1 - r) * f, g + (1 - g) * f, b + (1 - b) * f)


def roll_text(rolls):
    return " then ".join(str(r) for r in rolls)


def token_cells(tokens):
    return {tuple(rb.ludo_cell(col, p)) for col, p in tokens}


class LudoBoard(Scene):
    domain, scene_id, size = "games", "ludo_board", (int(BOARD + 2 * M), int(BOARD + 2 * M))
    megapixels = (0.6, 0.86)   # image area (MP); the original's medians are 0.69-0.81
    description = ("A Ludo cross board: four coloured yards, a clockwise track of squares with arrows, starred safe "
                   "squares and coloured start squares, coloured home columns leading to the centre triangles, "
                   "coloured tokens, and (per task) lettered roll options, a dice sequence or lettered squares.")

    def canvas_size(self, state):
        w = int(BOARD + 2 * M)
        return (w, w + (int(STRIP) if state.get("options") or state.get("rolls") else 0))

    def sample(self, rng, difficulty):
        n = N_TOKENS[difficulty]
        cols = [rb.LUDO_COLOURS[int(i)] for i in rng.permutation(4)]
        colours = cols[:min(n, 4)] + [cols[int(i)] for i in rng.permutation(4)[:max(0, n - 4)]]
        tokens = []
        for col in colours:
            while True:
                p = int(rng.integers(0, 51)) if rng.random() < 0.85 else int(rng.integers(51, 56))
                if tuple(rb.ludo_cell(col, p)) not in token_cells(tokens):
                    break
            tokens.append([col, p])
        return {"tokens": tokens}

    def claims(self, state, params):
        return [Claim(f"token:{i}", "colour", col) for i, (col, _) in enumerate(state["tokens"])]

    def _xy(self, r, c):
        return M + c * CELL, M + r * CELL

    def _centre(self, r, c):
        return M + (c + 0.5) * CELL, M + (r + 0.5) * CELL

    def render(self, c, state, params):
        w, h = self.canvas_size(state)
        c.rect(M - 10, M - 10, BOARD + 20, BOARD + 20, fill="panel", stroke=LINE, lw=2)
        for col, (r0, c0) in YARD.items():
            x, y = self._xy(r0, c0)
            c.rect(x, y, 6 * CELL, 6 * CELL, fill=tint(col, 0.25), stroke=LINE, lw=1.5)
            c.rect(x + CELL, y + CELL, 4 * CELL, 4 * CELL, fill=(0.99, 0.98, 0.94), stroke=LINE, lw=1.5)
            for dr in (0, 1):
                for dc in (0, 1):
                    c.rect(x + (1.7 + 1.6 * dc) * CELL - 11, y + (1.7 + 1.6 * dr) * CELL - 11, 22, 22,
                           fill=tint(col, 0.55), stroke=LINE, lw=1)
        start_of = {rb.START[col]: col for col in rb.LUDO_COLOURS}
        for i, (r, k) in enumerate(rb.TRACK):
            x, y = self._xy(r, k)
            fill = tint(start_of[i], 0.3) if i in start_of else TRACK_FILL
            c.rect(x, y, CELL, CELL, fill=fill, stroke=LINE, lw=1.2, id=f"cell:{r}:{k}")
            if i in rb.SAFE and i not in start_of:
                cx, cy = self._centre(r, k)
                c.star(cx, cy, CELL * 0.36, fill=(0.72, 0.72, 0.70), stroke=(0.45, 0.45, 0.45), lw=1)
        for col, cells in rb.HOME_COLUMN.items():
            for r, k in cells:
                x, y = self._xy(r, k)
                c.rect(x, y, CELL, CELL, fill=tint(col, 0.3), stroke=LINE, lw=1.2, id=f"cell:{r}:{k}")
        cx, cy = self._centre(7, 7)
        half = 1.5 * CELL
        corners = {"tl": (cx - half, cy - half), "tr": (cx + half, cy - half), "br": (cx + half, cy + half),
                   "bl": (cx - half, cy + half)}
        tri = {"red": ("tl", "bl"), "green": ("tl", "tr"), "yellow": ("tr", "br"), "blue": ("bl", "br")}
        for col, (a, b) in tri.items():
            c.polygon([corners[a], corners[b], (cx, cy)], fill=tint(col, 0.1), stroke=LINE, lw=1.2,
                      id=f"finish:{col}")
        # direction arrows: one step after each start square, and into each home column
        for col in rb.LUDO_COLOURS:
            i = (rb.START[col] + 2) % rb.TRACK_LEN
            (r0, k0), (r1, k1) = rb.TRACK[i], rb.TRACK[(i + 1) % rb.TRACK_LEN]
            ax, ay = self._centre(r0, k0)
            c.arrow(ax - (k1 - k0) * CELL * 0.32, ay - (r1 - r0) * CELL * 0.32, ax + (k1 - k0) * CELL * 0.32,
                    ay + (r1 - r0) * CELL * 0.32, color=(0.15, 0.15, 0.15), lw=2.2, head=8)
            entry = rb.TRACK[(rb.START[col] - 2) % rb.TRACK_LEN]
            first = rb.HOME_COLUMN[col][0]
            ax, ay = self._centre(*entry)
            bx, by = self._centre(*first)
            c.arrow(ax + (bx - ax) * 0.05, ay + (by - ay) * 0.05, ax + (bx - ax) * 0.6, ay + (by - ay) * 0.6,
                    color=(0.15, 0.15, 0.15), lw=2.2, head=8)
        for i, (col, p) in enumerate(state["tokens"]):
            r, k = rb.ludo_cell(col, p)
            tx, ty = self._centre(r, k)
            c.circle(tx - 2, ty + 2, CELL * 0.33, fill=col, stroke=(0.08, 0.08, 0.08), lw=2, id=f"token:{i}")
            c.circle(tx - 7, ty - 4, CELL * 0.08, fill=(1.0, 1.0, 1.0), stroke=None)
        for lab, (r, k) in sorted((state.get("labels") or {}).items()):
            x, y = self._xy(r, k)
            c.circle(x + CELL - 10, y + 10, 9.5, fill=(1.0, 1.0, 1.0), stroke=(0.1, 0.1, 0.1), lw=1.3)
            c.text(x + CELL - 10, y + 10.5, lab, size=13, bold=True, color=(0.05, 0.05, 0.05), kind="option")
        y0 = M + BOARD + 22
        if state.get("options"):
            opts = state["options"]
            bw, gap = 112.0, 10.0
            x = w / 2 - (len(opts) * bw + (len(opts) - 1) * gap) / 2
            for lab, rolls in zip(LETTERS, opts):
                c.rect(x, y0, bw, 46, fill="panel", stroke="ink", lw=1.3, id=f"option:{lab}")
                c.text(x + 16, y0 + 23, lab, size=16, bold=True, kind="option")
                c.text(x + 66, y0 + 23, roll_text(rolls), size=15, kind="option")
                x += bw + gap
        elif state.get("rolls"):
            rolls = state["rolls"]
            ds = 46.0
            tw = c.text_width("then", size=15)
            total = len(rolls) * ds + (len(rolls) - 1) * (tw + 20)
            x = w / 2 - total / 2
            for j, v in enumerate(rolls):
                if j:
                    c.text(x + 10 + tw / 2, y0 + ds / 2, "then", size=15)
                    x += tw + 20
                c.rect(x, y0, ds, ds, fill="white", stroke=(0.1, 0.1, 0.1), lw=2, id=f"die:{j}")
                for gx, gy in PIPS[v]:
                    c.circle(x + ds * (0.22 + 0.28 * gx), y0 + ds * (0.22 + 0.28 * gy), 4.2, fill=(0.08, 0.08, 0.08))
                x += ds


SCENE = LudoBoard()
task = SCENE.task

INTRO = ("The image shows a Ludo board: a track of squares around four coloured yards, a home column of coloured "
         "squares for each colour leading to that colour's finish triangle in the centre, and coloured tokens. "
         "Tokens move clockwise along the track, as the arrows show.")
TURN = ("A token that comes round to the square just before its own home column turns into that column (it never "
        "goes round the track again) and moves on toward the centre.")


def _tok(i):
    return f"token:{i}"


def _single(tokens):
    """Indices of tokens whose colour appears once."""
    cols = [col for col, _ in tokens]
    return [i for i, col in enumerate(cols) if cols.count(col) == 1]


def _place(tokens, i, col, p, rng):
    """Put token i at progress p; the other tokens move off the cells it needs (None if impossible)."""
    tokens[i] = [col, p]
    taken = {tuple(rb.ludo_cell(col, p))}
    for j, (cj, pj) in enumerate(tokens):
        if j == i:
            continue
        for _ in range(40):
            cell = tuple(rb.ludo_cell(cj, pj))
            if cell not in taken:
                break
            pj = int(rng.integers(0, 51))
        else:
            return None
        tokens[j] = [cj, pj]
        taken.add(cell)
    return tokens


OPTION_COUNT = [4] * 17 + [5] * 1 + [6] * 2


@task("capture_roll_option_label", answer="option_letter", annotation="point_map", ops="topology,state_update")
def capture_roll_option_label(q):
    letter = q.target(["A", "A", "B", "B", "C", "C", "D", "D", "E", "F"])
    n_opts = max(q.choice("n_options", OPTION_COUNT), LETTERS.index(letter) + 1)
    reach = {1: 6, 2: 11, 3: 11}[q.difficulty]

    def build(state, rng):
        tokens = state["tokens"]
        single = _single(tokens)
        mi, ti = (single[int(i)] for i in rng.permutation(len(single))[:2])
        mcol, tcol = tokens[mi][0], tokens[ti][0]
        d = int(rng.integers(1, reach + 1))
        p = int(rng.integers(0, 51 - d))
        tidx = rb.track_index(mcol, p + d)
        if tidx in rb.SAFE:
            return None
        tp = rb.progress_of(tcol, tidx)
        if tp > rb.LAST_TRACK:
            return None
        pool = [[r] for r in range(1, 7)] + ([[6, k] for k in range(1, 6)] if q.difficulty > 1 else [])
        right = [o for o in pool if rb.captures(mcol, p, o, tidx)]
        wrong = [o for o in pool if not rb.captures(mcol, p, o, tidx)]
        if not right or len(wrong) < n_opts - 1:
            return None
        ans = right[int(rng.integers(len(right)))]
        dec = [wrong[int(i)] for i in rng.permutation(len(wrong))[:n_opts - 1]]
        dec.insert(LETTERS.index(letter), ans)
        tokens = _place(tokens, mi, mcol, p, rng)
        if tokens is None or tuple(rb.ludo_cell(tcol, tp)) in token_cells(t for j, t in enumerate(tokens) if j != ti):
            return None
        tokens[ti] = [tcol, tp]
        if len(token_cells(tokens)) != len(tokens):
            return None
        state["tokens"], state["options"], state["mover"], state["target"] = tokens, dec, mi, ti
        return state

    s = q.edit(retrying(build, 200))
    q.require("options" in s, "no capture layout")
    q.offer(len(s["options"]), "image")
    mcol, mp = s["tokens"][s["mover"]]
    tcol, tp = s["tokens"][s["target"]]
    tidx = rb.track_index(tcol, tp)
    hits = [LETTERS[j] for j, o in enumerate(s["options"]) if rb.captures(mcol, mp, o, tidx)]
    q.require(len(hits) == 1, "not exactly one capturing option")
    q.step("options", distance=(tidx - rb.track_index(mcol, mp)) % rb.TRACK_LEN,
           options={LETTERS[j]: o for j, o in enumerate(s["options"])}, capturing=hits)
    return q.answer(hits[0], witnesses={"mover": _tok(s["mover"]), "target": _tok(s["target"])},
                    examples=["C", "A"],
                    question=(f"{INTRO} A roll moves a token that many squares. A rolled 6 earns another roll: the "
                              f"option \"6 then k\" moves 6 squares and then k more. A token captures another "
                              f"colour's token by landing on its square after one of its rolls (tokens on starred "
                              f"squares and coloured start squares are safe). The lettered options below the board "
                              f"are possible rolls. Which option lets the {mcol} token capture the {tcol} token?"))


LABEL_COUNT = [5] * 13 + [4] * 3 + [6] * 4


@task("move_result_option_label", answer="option_letter", annotation="point_map", ops="topology,state_update")
def move_result_option_label(q):
    letter = q.target(list("ABCDE"), stratified=True)
    n_lab = max(q.choice("n_labels", LABEL_COUNT), LETTERS.index(letter) + 1)

    def build(state, rng):
        tokens = state["tokens"]
        single = _single(tokens)
        mi = single[int(rng.integers(len(single)))]
        col = tokens[mi][0]
        if q.difficulty == 1 or rng.random() < 0.6:
            rolls = [int(rng.integers(1, 7))]
        else:
            rolls = [6, int(rng.integers(1, 6))]
        total = sum(rolls)
        turn = q.difficulty > 1 and rng.random() < 0.35
        p = int(rng.integers(rb.LAST_TRACK - total + 1, min(rb.LAST_TRACK, rb.FINISH - 1 - total) + 1)) if turn \
            else int(rng.integers(0, rb.LAST_TRACK - total + 1))
        dest = p + total
        cell = tuple(rb.ludo_cell(col, dest))
        start = tuple(rb.ludo_cell(col, p))
        near = [dest + k for k in (-3, -2, -1, 1, 2, 3) if 0 <= dest + k <= 55 and dest + k != p]
        pool = [tuple(rb.ludo_cell(col, x)) for x in near]
        if dest > rb.LAST_TRACK:
            pool.append(tuple(rb.TRACK[(rb.START[col] + dest) % rb.TRACK_LEN]))
        if p - total >= 0:
            pool.append(tuple(rb.ludo_cell(col, p - total)))
        if len(rolls) == 2:
            pool.append(tuple(rb.ludo_cell(col, p + rolls[1])))
        pool = sorted({x for x in pool if x not in (cell, start)})
        if len(pool) < n_lab - 1:
            return None
        dec = [pool[int(i)] for i in rng.permutation(len(pool))[:n_lab - 1]]
        dec.insert(LETTERS.index(letter), cell)
        tokens = _place(tokens, mi, col, p, rng)
        if tokens is None:
            return None
        state["tokens"], state["rolls"], state["mover"] = tokens, rolls, mi
        state["labels"] = {LETTERS[j]: list(x) for j, x in enumerate(dec)}
        return state

    s = q.edit(retrying(build, 200))
    q.require("labels" in s, "no destination layout")
    q.offer(len(s["labels"]), "image")
    col, p = s["tokens"][s["mover"]]
    lands = rb.advance(p, s["rolls"])
    q.require(lands is not None and lands[-1] < rb.FINISH, "the move overshoots")
    cell = list(rb.ludo_cell(col, lands[-1]))
    hits = [lab for lab, x in sorted(s["labels"].items()) if x == cell]
    q.require(len(hits) == 1, "the destination is not labelled once")
    q.step("move", start=p, rolls=s["rolls"], landings=lands, cell=cell)
    return q.answer(hits[0], witnesses={"token": _tok(s["mover"]), "destination": f"cell:{cell[0]}:{cell[1]}"},
                    examples=["D", "B"],
                    question=(f"{INTRO} {TURN} The dice below the board show the roll sequence (after a 6 the "
                              f"token moves again by the next die). Some squares carry letters. On which lettered "
                              f"square does the {col} token end after moving by all the dice shown?"))


WIN_SUPPORT = {1: range(1, 6), 2: range(1, 6), 3: range(1, 7)}


@task("winning_roll_value", answer="integer", annotation="point", ops="topology,state_update,formula_evaluation")
def winning_roll_value(q):
    t = q.target(WIN_SUPPORT[q.difficulty], stratified=True)

    def build(state, rng):
        tokens = state["tokens"]
        single = _single(tokens)
        i = single[int(rng.integers(len(single)))]
        tokens = _place(tokens, i, tokens[i][0], rb.FINISH - t, rng)
        if tokens is None:
            return None
        state["tokens"], state["mover"] = tokens, i
        return state

    s = q.edit(retrying(build, 50))
    q.require("mover" in s, "no layout")
    col, p = s["tokens"][s["mover"]]
    q.step("finish", progress=p, roll=rb.finish_roll(p))
    return q.answer(rb.finish_roll(p), witnesses=_tok(s["mover"]), examples=[4, 2],
                    question=(f"{INTRO} {TURN} A token finishes by reaching its colour's triangle in the centre, "
                              f"one step beyond the last square of its home column, and it needs the exact roll to "
                              f"get there. What single die roll takes the {col} token exactly to its finish?"))
