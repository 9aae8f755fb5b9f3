"""games/connect_four: a Connect Four position (red and yellow discs in a 7-column, 6-row rack).

Rules: Red moves first, so Red is to move when both colours have as many discs and Yellow when Red has
one more; a drop lands in the lowest empty hole of a column that is not full; four discs of one colour
in a horizontal, vertical or diagonal line win.  Sampled positions hold no four in a row yet.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene

COLS, ROWS = 7, 6
LABELS = "ABCDEFG"
DISCS = {1: (8, 14), 2: (14, 26), 3: (24, 34)}
NAMES = {"R": "Red", "Y": "Yellow"}
FILLS = {"R": "red", "Y": "yellow"}
DIRS = ((0, 1), (1, 0), (1, 1), (1, -1))
# render-only rack colours (picked from the style's accent index)
RACKS = ((0.16, 0.30, 0.72), (0.13, 0.22, 0.45), (0.20, 0.22, 0.28), (0.10, 0.36, 0.62))
HOLE = (0.95, 0.96, 0.98)
RULES = ("A legal drop picks a column that is not full and lands in its lowest empty hole. Four discs of one "
         "colour in a horizontal, vertical or diagonal line win.")


# ---------------------------------------------------------------------- rules (row 0 is the bottom)
def heights(cols):
    return [len(col) for col in cols]


def cell(cols, r, c):
    """The disc at row ``r`` (0 = bottom) of column ``c``, or None."""
    if 0 <= c < COLS and 0 <= r < len(cols[c]):
        return cols[c][r]
    return None


def line_through(cols, r, c, who) -> bool:
    """Would a ``who`` disc on (r, c) be part of four in a row (the other cells as they are)?"""
    for dr, dc in DIRS:
        n = 1
        for sgn in (1, -1):
            k = 1
            while cell(cols, r + sgn * k * dr, c + sgn * k * dc) == who:
                n += 1
                k += 1
        if n >= 4:
            return True
    return False


def has_four(cols) -> bool:
    return any(line_through(cols, r, c, col[r]) for c, col in enumerate(cols) for r in range(len(col)))


def winning_columns(cols, who) -> list[int]:
    """Columns where a ``who`` drop completes four in a row."""
    return [c for c in range(COLS) if len(cols[c]) < ROWS and line_through(cols, len(cols[c]), c, who)]


def to_move(cols) -> str:
    red = sum(col.count("R") for col in cols)
    yellow = sum(col.count("Y") for col in cols)
    return "R" if red == yellow else "Y"


def other(who: str) -> str:
    return "Y" if who == "R" else "R"


def _random_position(rng, n):
    """``n`` alternating drops (Red first) into random non-full columns; None if a four appears."""
    cols = [[] for _ in range(COLS)]
    who = "R"
    for _ in range(n):
        free = [c for c in range(COLS) if len(cols[c]) < ROWS]
        safe = [c for c in free if not line_through(cols, len(cols[c]), c, who)]
        if not safe:
            return None
        c = safe[int(rng.integers(len(safe)))]
        cols[c].append(who)
        who = other(who)
    return cols


def search(rng, cols, score, steps=500):
    """Local search keeping the disc counts and gravity and no four in a row: swap a red and a yellow
    disc, or move a top disc to another column, accepting changes that do not raise ``score(cols)``.
    Returns a position with score 0, or None."""
    cur = [list(col) for col in cols]
    best = score(cur)
    for _ in range(steps):
        if best == 0:
            return cur
        nxt = [list(col) for col in cur]
        if rng.random() < 0.6:
            spots = [(c, r) for c in range(COLS) for r in range(len(nxt[c]))]
            a, b = (spots[int(i)] for i in rng.choice(len(spots), 2, replace=False))
            if nxt[a[0]][a[1]] == nxt[b[0]][b[1]]:
                continue
            nxt[a[0]][a[1]], nxt[b[0]][b[1]] = nxt[b[0]][b[1]], nxt[a[0]][a[1]]
        else:
            src = [c for c in range(COLS) if nxt[c]]
            dst = [c for c in range(COLS) if len(nxt[c]) < ROWS]
            s, d = src[int(rng.integers(len(src)))], dst[int(rng.integers(len(dst)))]
            if s == d:
                continue
            nxt[d].append(nxt[s].pop())
        if has_four(nxt):
            continue
        v = score(nxt)
        if v <= best:
            cur, best = nxt, v
    return cur if best == 0 else None


class ConnectFour(Scene):
    domain, scene_id, size = "games", "connect_four", (620, 620)
    megapixels = (0.6, 0.9)   # image area (MP); the original's median is 0.761
    description = ("A Connect Four rack of 7 lettered columns and 6 rows holding red and yellow discs, with the side "
                   "to move named above it.")

    def sample(self, rng, difficulty):
        lo, hi = DISCS[difficulty]
        while True:
            cols = _random_position(rng, int(rng.integers(lo, hi + 1)))
            if cols is not None:
                return {"cols": ["".join(col) for col in cols]}

    def claims(self, state, params):
        out = [Claim(None, "colour", "red"), Claim(None, "colour", "yellow")]
        out += [Claim(f"disc:{r}:{c}", "colour", FILLS[ch]) for c, col in enumerate(state["cols"])
                for r, ch in enumerate(col)]
        return out

    def render(self, c, state, params):
        w, h = self.size
        step = 74.0
        x0 = (w - COLS * step) / 2
        y0 = 96.0
        bw, bh = COLS * step + 16, ROWS * step + 16
        rack = RACKS[c.style.accent % len(RACKS)]
        who = to_move(state["cols"])
        # the turn banner
        text = f"{NAMES[who]} to move"
        tw = c.text_width(text, size=20, bold=True)
        bx = w / 2 - (tw + 56) / 2
        c.rect(bx, 26, tw + 56, 42, fill="panel", stroke="ink", lw=1.4)
        c.circle(bx + 24, 47, 12, fill=FILLS[who], stroke=(0.2, 0.2, 0.2), lw=1.2)
        c.text(bx + 44, 47, text, size=20, bold=True, anchor="l")
        c.rect(x0 - 8, y0 - 8, bw, bh, fill=rack, stroke=(0.08, 0.08, 0.1), lw=2)
        rad = step * 0.40
        for col in range(COLS):
            for row in range(ROWS):
                cx, cy = x0 + (col + 0.5) * step, y0 + (ROWS - row - 0.5) * step
                box = (cx - rad, cy - rad, cx + rad, cy + rad)
                ch = cell(state["cols"], row, col)
                if ch is None:
                    c.circle(cx, cy, rad, fill=HOLE, stroke=(0.05, 0.05, 0.08), lw=1.5)
                    c.register(f"cell:{row}:{col}", box=box, point=(cx, cy))
                else:
                    c.circle(cx, cy, rad, fill=FILLS[ch], stroke=(0.05, 0.05, 0.08), lw=1.5, id=f"disc:{row}:{col}")
                    c.circle(cx, cy, rad * 0.68, stroke=(0.45, 0.1, 0.1) if ch == "R" else (0.6, 0.45, 0.05),
                             lw=1.2)
                    c.register(f"cell:{row}:{col}", box=box, point=(cx, cy))
            c.text(x0 + (col + 0.5) * step, y0 + bh + 14, LABELS[col], size=20, bold=True,
                   id=f"label:{LABELS[col]}")


SCENE = ConnectFour()
task = SCENE.task


def _cols(state):
    return [list(col) for col in state["cols"]]


def _landing(cols, c):
    return f"cell:{len(cols[c])}:{c}"


def _turn_text(who):
    return f"It is {NAMES[who]}'s turn (the side to move is shown above the rack)."


def _build(q, score):
    """Edit the sampled position by local search until ``score`` is 0 (reject otherwise)."""
    def edit(state, rng):
        found = search(rng, _cols(state), score)
        q.require(found is not None, "search did not reach the target")
        state["cols"] = ["".join(col) for col in found]
        return state

    return _cols(q.edit(edit))


@task("winning_move_column_label", answer="string", annotation="point", ops="state_update")
def winning_move_column_label(q):
    t = LABELS.index(q.target(list(LABELS), stratified=True))

    def score(cols):
        wins = winning_columns(cols, to_move(cols))
        return len([c for c in wins if c != t]) + (t not in wins)

    cols = _build(q, score)
    who = to_move(cols)
    wins = winning_columns(cols, who)
    q.require(wins == [t], "not exactly one winning column")
    q.step("winning_drops", player=NAMES[who], columns=[LABELS[c] for c in wins])
    return q.answer(LABELS[t], witnesses=_landing(cols, t),
                    question=(f"This Connect Four position has red and yellow discs. {_turn_text(who)} {RULES} "
                              f"In which column can {NAMES[who]} drop a disc to win at once? Answer with the "
                              f"column's letter."),
                    examples=[x for x in LABELS if x != LABELS[t]][:3])


@task("blocking_move_column_label", answer="string", annotation="point", ops="state_update")
def blocking_move_column_label(q):
    t = LABELS.index(q.target(list(LABELS), stratified=True))

    def score(cols):
        who = to_move(cols)
        threats = winning_columns(cols, other(who))
        return (len([c for c in threats if c != t]) + (t not in threats)
                + len(winning_columns(cols, who)))

    cols = _build(q, score)
    who = to_move(cols)
    threats = winning_columns(cols, other(who))
    q.require(threats == [t] and not winning_columns(cols, who), "not exactly one threat to block")
    q.step("opponent_threats", player=NAMES[other(who)], columns=[LABELS[c] for c in threats])
    return q.answer(LABELS[t], witnesses=_landing(cols, t),
                    question=(f"This Connect Four position has red and yellow discs. {_turn_text(who)} {RULES} "
                              f"{NAMES[other(who)]} threatens to win with the next drop in exactly one column, and "
                              f"{NAMES[who]} cannot win at once. In which column must {NAMES[who]} drop to block "
                              f"that win? Answer with the column's letter."),
                    examples=[x for x in LABELS if x != LABELS[t]][:3])


WIN_SUPPORT = {1: range(0, 3), 2: range(0, 5), 3: range(0, 6)}


@task("winning_move_count", answer="integer", annotation="bbox_set", ops="filtering,counting,state_update")
def winning_move_count(q):
    t = q.target(WIN_SUPPORT[q.difficulty], stratified=True)
    cols = _build(q, lambda cols: abs(len(winning_columns(cols, to_move(cols))) - t))
    who = to_move(cols)
    wins = winning_columns(cols, who)
    q.step("winning_drops", player=NAMES[who], columns=[LABELS[c] for c in wins])
    return q.answer(len(wins), witnesses=[_landing(cols, c) for c in wins],
                    question=(f"This Connect Four position has red and yellow discs. {_turn_text(who)} {RULES} "
                              f"How many different columns could {NAMES[who]} drop a disc into to win at once?"))


def _profile(col):
    return (col.count("R"), col.count("Y"))


@task("column_disc_profile_label", answer="string", annotation="bbox_set", ops="filtering,counting,logical_composition")
def column_disc_profile_label(q):
    t = LABELS.index(q.target(list(LABELS), stratified=True))

    def score(cols):
        mine = _profile(cols[t])
        return (sum(_profile(col) == mine for k, col in enumerate(cols) if k != t)
                + max(0, 2 - len(cols[t])))

    cols = _build(q, score)
    red, yellow = q.param("profile", lambda _: list(_profile(cols[t])))
    hits = [k for k, col in enumerate(cols) if _profile(col) == (red, yellow)]
    q.require(hits == [t], "profile not unique")
    q.step("column_profiles", profiles={LABELS[k]: list(_profile(col)) for k, col in enumerate(cols)})

    def plural(n, word):
        return f"{n} {word} disc" + ("" if n == 1 else "s")

    return q.answer(LABELS[t], witnesses=[f"disc:{r}:{t}" for r in range(len(cols[t]))],
                    question=(f"This Connect Four rack holds red and yellow discs, with column letters under it. "
                              f"Which column holds exactly {plural(red, 'red')} and {plural(yellow, 'yellow')}? "
                              f"Answer with the column's letter."),
                    examples=[x for x in LABELS if x != LABELS[t]][:3])
