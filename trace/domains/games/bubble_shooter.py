"""games/bubble_shooter: a close-packed bubble-shooter board hanging from the ceiling, with a launcher.

The board is a hexagonal close packing in "odd-r" offset rows (odd rows sit half a bubble to the
right); every bubble touches up to six others.  The real game's rules: a fired bubble sticks at an
empty spot next to the board; if it joins a connected same-colour group of three or more (itself
included), that group pops; then every bubble left without a chain of touching bubbles up to the
top row drops.  Landing spots are empty cells touching the board (or the ceiling) that the open
space below reaches.  The original's boards: 9 bubbles a row, 3 rows plus hanging strands.
"""

from __future__ import annotations

import math
from collections import deque

from tracegen.core.task import Scene
from tracegen.kits import arcade
from tracegen.kits.boards import LETTERS

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
# columns, base rows, colours in play, strands (lo, hi), strand length (lo, hi), grid rows
LEVELS = {1: (7, 2, 4, (1, 2), (1, 4), 7), 2: (9, 3, 5, (1, 3), (2, 6), 9), 3: (11, 4, 6, (2, 4), (2, 7), 12)}
POP_SUPPORT = {1: (0, 2, 3), 2: (0, 2, 3, 4, 5), 3: (0, 2, 3, 4, 5, 6)}
DROP_SUPPORT = {1: range(0, 3), 2: range(0, 5), 3: range(0, 6)}
TARGETS = {1: 3, 2: 4, 3: 4}
W, H = 680, 600
BOARD = (60.0, 20.0, 560.0, 560.0)    # x, y, w, h of the board panel
LAUNCH = 110.0                        # the launcher strip at the bottom of the panel
PANEL_RGB = (0.96, 0.94, 0.89)
TRIES = 60


# ------------------------------------------------------------------------------ rules
def neighbours(r, k, rows, cols):
    """The up to six touching cells of (r, k) in odd-r offset rows."""
    d = ((-1, 0), (-1, 1), (1, 0), (1, 1)) if r % 2 else ((-1, -1), (-1, 0), (1, -1), (1, 0))
    out = [(r, k - 1), (r, k + 1)] + [(r + a, k + b) for a, b in d]
    return [(a, b) for a, b in out if 0 <= a < rows and 0 <= b < cols]


def anchored(cells):
    """Cells with a path of touching bubbles to the top row."""
    rows, cols = len(cells), len(cells[0])
    seen = {(0, k) for k in range(cols) if cells[0][k]}
    dq = deque(seen)
    while dq:
        r, k = dq.popleft()
        for a, b in neighbours(r, k, rows, cols):
            if cells[a][b] and (a, b) not in seen:
                seen.add((a, b))
                dq.append((a, b))
    return seen


def landing_spots(cells):
    """Where a fired bubble can come to rest: empty cells touching a bubble (or the ceiling, row 0) next to
    a free cell -- empty and touching nothing -- that free cells connect to the bottom row.  A flying bubble
    travels through free cells only and sticks as soon as it touches the board."""
    rows, cols = len(cells), len(cells[0])

    def touches(r, k):
        return r == 0 or any(cells[a][b] for a, b in neighbours(r, k, rows, cols))

    free = {(rows - 1, k) for k in range(cols) if not cells[rows - 1][k] and not touches(rows - 1, k)}
    dq = deque(free)
    while dq:
        r, k = dq.popleft()
        for a, b in neighbours(r, k, rows, cols):
            if not cells[a][b] and not touches(a, b) and (a, b) not in free:
                free.add((a, b))
                dq.append((a, b))
    return sorted((r, k) for r in range(rows) for k in range(cols)
                  if not cells[r][k] and touches(r, k) and any(x in free for x in neighbours(r, k, rows, cols)))


def resolve(cells, spot, colour):
    """Place ``colour`` at ``spot``: (existing bubbles that pop, bubbles that drop afterwards)."""
    rows, cols = len(cells), len(cells[0])
    group, dq = {tuple(spot)}, deque([tuple(spot)])
    while dq:
        r, k = dq.popleft()
        for a, b in neighbours(r, k, rows, cols):
            if cells[a][b] == colour and (a, b) not in group:
                group.add((a, b))
                dq.append((a, b))
    if len(group) < 3:
        return [], []
    popped = sorted(group - {tuple(spot)})
    after = [row[:] for row in cells]
    for r, k in popped:
        after[r][k] = None
    keep = anchored(after)
    dropped = sorted((r, k) for r in range(rows) for k in range(cols) if after[r][k] and (r, k) not in keep)
    return popped, dropped


# ------------------------------------------------------------------------------ scene
def _board(rng, difficulty):
    cols, base, ncol, (s_lo, s_hi), (l_lo, l_hi), rows = LEVELS[difficulty]
    palette = [COLOURS[int(i)] for i in sorted(rng.choice(len(COLOURS), size=ncol, replace=False))]

    def pick(prev):
        if prev is not None and rng.random() < 0.45:
            return prev
        return palette[int(rng.integers(len(palette)))]

    cells = [[None] * cols for _ in range(rows)]
    for r in range(base):
        prev = None
        for k in range(cols):
            if rng.random() < (0.92 if r == 0 else 0.78):
                above = cells[r - 1][k] if r else None
                prev = pick(above if above is not None and rng.random() < 0.5 else prev)
                cells[r][k] = prev
    for _ in range(int(rng.integers(s_lo, s_hi + 1))):
        starts = [(r, k) for r in range(base) for k in range(cols) if cells[r][k]
                  and (r == base - 1 or not cells[r + 1][k])]
        if not starts:
            break
        r, k = starts[int(rng.integers(len(starts)))]
        prev = cells[r][k]
        for _ in range(int(rng.integers(l_lo, l_hi + 1))):
            below = [(a, b) for a, b in neighbours(r, k, rows, cols) if a == r + 1 and a < rows - 2]
            if not below:
                break
            r, k = below[int(rng.integers(len(below)))]
            prev = pick(prev)
            cells[r][k] = prev
    keep = anchored(cells)
    for r in range(rows):
        for k in range(cols):
            if (r, k) not in keep:
                cells[r][k] = None
    return cells, palette


def geometry(state):
    """Bubble radius and the centre of cell (r, k) (logical units)."""
    rows, cols = len(state["cells"]), len(state["cells"][0])
    bx, by, bw, bh = BOARD
    rad = min((bw - 30) / (2 * cols + 1), (bh - LAUNCH - 30) / (2 + (rows - 1) * math.sqrt(3)), 24.0)
    x0 = bx + (bw - rad * (2 * cols + 1)) / 2

    def centre(r, k):
        return x0 + rad + 2 * rad * k + (rad if r % 2 else 0.0), by + 16 + rad + r * math.sqrt(3) * rad
    return rad, centre


class BubbleShooter(Scene):
    domain, scene_id, size = "games", "bubble_shooter", (W, H)
    megapixels = (0.5, 0.78)   # the original's frames: 674-980 x 536-820 (median 0.61 MP)
    description = ("A bubble-shooter board: close-packed coloured bubbles hanging from the ceiling, empty landing "
                   "spots marked with rings, and a launcher holding the next bubble.")

    def sample(self, rng, difficulty):
        cells, palette = _board(rng, difficulty)
        return {"cells": cells, "palette": palette, "shooter": None, "target": None, "targets": [], "options": []}

    def render(self, c, state, params):
        bx, by, bw, bh = BOARD
        c.rect(bx - 8, by - 8, bw + 16, bh + 16, fill="panel", stroke="muted", lw=1.5)
        c.rect(bx, by, bw, bh, fill=PANEL_RGB, stroke=(0.42, 0.38, 0.32), lw=2.5)
        c.line(bx + 4, by + 10, bx + bw - 4, by + 10, color=(0.42, 0.38, 0.32), lw=3)   # the ceiling
        rad, centre = geometry(state)
        for r, row in enumerate(state["cells"]):
            for k, col in enumerate(row):
                if col:
                    arcade.ball(c, *centre(r, k), rad - 1.0, col, id=f"bubble:{r}:{k}")
        if state["target"]:
            arcade.ring(c, *centre(*state["target"]), rad - 1.0, cross=True, id="spot:{}:{}".format(*state["target"]))
        for r, k, lab in state["targets"]:
            arcade.ring(c, *centre(r, k), rad - 1.0, label=lab, size=max(13.0, rad * 0.8), id=f"spot:{r}:{k}")
        # the launcher
        lx, ly = bx + bw / 2, by + bh - LAUNCH / 2
        c.rect(lx - 62, ly - 34, 124, 68, fill=(0.87, 0.83, 0.75), stroke=(0.42, 0.38, 0.32), lw=2)
        if state["shooter"]:
            arcade.ball(c, lx, ly + 4, min(rad, 16.0), state["shooter"], id="shooter")
        else:
            c.circle(lx, ly + 4, 14, fill=(0.96, 0.94, 0.89), stroke=(0.42, 0.38, 0.32), lw=2, id="shooter")
        c.line(lx, ly - 14, lx + 10, ly - 28, color=(0.42, 0.38, 0.32), lw=3)
        if state["options"]:
            n = len(state["options"])
            c.rect(bx + 12, ly - 30, lx - 72 - bx - 12, 64, fill=(0.90, 0.87, 0.80), stroke=(0.42, 0.38, 0.32), lw=1.5)
            tx0, tx1 = bx + 16, lx - 76
            step = (tx1 - tx0) / n
            for i, (lab, col) in enumerate(state["options"]):
                ox = tx0 + step * (i + 0.5)
                arcade.ball(c, ox, ly - 8, 12, col, id=f"option:{lab}")
                c.text(ox, ly + 18, lab, size=14, bold=True, color="black", kind="option")


SCENE = BubbleShooter()
task = SCENE.task

INTRO = ("The picture shows a bubble-shooter board: close-packed coloured bubbles hanging from the ceiling, ringed "
         "empty landing spots, and a launcher at the bottom.")
POP = ("A fired bubble sticks at its landing spot; if that makes a connected group of three or more bubbles of one "
       "colour (the new bubble included), the whole group pops.")
DROP = "After a pop, every bubble no longer connected through touching bubbles to the top row drops."


def _bid(x):
    return f"bubble:{x[0]}:{x[1]}"


def _search(st, rng, difficulty, fn):
    """Fresh boards until ``fn(state, rng)`` plants what the task needs (returns the state or None)."""
    for _ in range(TRIES):
        out = fn(st, rng)
        if out is not None:
            return out
        st["cells"], st["palette"] = _board(rng, difficulty)
    return st


def _pick(rng, xs):
    return xs[int(rng.integers(len(xs)))]


def _shot_task(q, support, measure):
    """Plant a marked spot and a launcher colour whose shot gives ``measure`` equal to the target."""
    t = q.target(support, stratified=True)

    def plant(st, rng):
        fits = []
        for spot in landing_spots(st["cells"]):
            near = {st["cells"][a][b] for a, b in neighbours(*spot, len(st["cells"]), len(st["cells"][0]))} - {None}
            for col in sorted(near):
                if measure(*resolve(st["cells"], spot, col)) == t:
                    fits.append((spot, col))
        if not fits:
            return None
        spot, col = _pick(rng, fits)
        st["target"], st["shooter"] = list(spot), col
        return st

    return t, q.edit(lambda st, rng: _search(st, rng, q.difficulty, plant))


@task("drop_count", answer="integer", annotation="bbox_set", ops="counting,topology,state_update")
def drop_count(q):
    t, s = _shot_task(q, DROP_SUPPORT[q.difficulty], lambda popped, dropped: len(dropped) if popped else -1)
    q.require(s["target"] is not None, "no spot gives the target drop")
    popped, dropped = resolve(s["cells"], s["target"], s["shooter"])
    q.require(bool(popped) and len(dropped) == t, "drop count off target")
    q.step("pop", bubbles=[list(x) for x in popped])
    q.step("drop", bubbles=[list(x) for x in dropped])
    return q.answer(len(dropped), witnesses=[_bid(x) for x in dropped],
                    question=(f"{INTRO} The launcher's bubble is fired to the landing spot marked with a crosshair. "
                              f"{POP} {DROP} How many bubbles drop? Do not count the popped bubbles or the fired "
                              "bubble."))


@task("pop_color_label", answer="string", annotation="bbox_set", ops="state_update")
def pop_color_label(q):
    d = q.difficulty
    letter = q.target(LETTERS[:4] if d == 1 else LETTERS[:6], stratified=True)
    lo = max(4, LETTERS.index(letter) + 1)
    k = q.param("options", lambda r: 4 if d == 1 else (6 if d == 3 else int(r.choice([lo, 5, 6, 6, 6]))))
    k = max(k, lo)

    def plant(st, rng):
        rows, cols = len(st["cells"]), len(st["cells"][0])
        fits = []
        for spot in landing_spots(st["cells"]):
            near = sorted({st["cells"][a][b] for a, b in neighbours(*spot, rows, cols)} - {None})
            pops = [col for col in near if resolve(st["cells"], spot, col)[0]]
            if len(pops) == 1:
                fits.append((spot, pops[0]))
        if not fits:
            return None
        spot, col = _pick(rng, fits)
        others = [x for x in COLOURS if x != col]
        others = [others[int(i)] for i in rng.permutation(len(others))][:k - 1]
        at = LETTERS.index(letter)
        cols_ = others[:at] + [col] + others[at:]
        st["target"], st["options"] = list(spot), [[LETTERS[i], x] for i, x in enumerate(cols_)]
        return st

    s = q.edit(lambda st, rng: _search(st, rng, d, plant))
    q.require(len(s["options"]) == k, "no spot with exactly one popping colour")
    wins = [(lab, col) for lab, col in s["options"] if resolve(s["cells"], s["target"], col)[0]]
    q.require(len(wins) == 1, "not exactly one popping option")
    lab, col = wins[0]
    popped = resolve(s["cells"], s["target"], col)[0]
    q.offer(k, "image")
    return q.answer(lab, witnesses=[_bid(x) for x in popped],
                    question=(f"{INTRO} The launcher is empty; the lettered balls below the board are the colours it "
                              f"could fire to the landing spot marked with a crosshair. {POP} Exactly one option makes "
                              "bubbles pop: which letter?"),
                    examples=[x for x, _ in s["options"] if x != lab])


@task("pop_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison,topology,state_update")
def pop_count(q):
    t, s = _shot_task(q, POP_SUPPORT[q.difficulty], lambda popped, dropped: len(popped))
    q.require(s["target"] is not None, "no spot gives the target pop")
    popped, _ = resolve(s["cells"], s["target"], s["shooter"])
    q.require(len(popped) == t, "pop count off target")
    return q.answer(len(popped), witnesses=[_bid(x) for x in popped],
                    question=(f"{INTRO} The launcher's bubble is fired to the landing spot marked with a crosshair. "
                              f"{POP} How many of the bubbles already on the board pop? Do not count the fired bubble; "
                              "answer 0 if nothing pops."))


@task("pop_target_label", answer="string", annotation="bbox",
      ops="filtering,counting,comparison,topology,state_update")
def pop_target_label(q):
    d = q.difficulty
    k = TARGETS[d]
    letter = q.target(LETTERS[:k], stratified=True)

    def plant(st, rng):
        rows, cols = len(st["cells"]), len(st["cells"][0])
        spots = landing_spots(st["cells"])
        for col in [st["palette"][int(i)] for i in rng.permutation(len(st["palette"]))]:
            win = [s for s in spots if resolve(st["cells"], s, col)[0]]
            lose = [s for s in spots if not resolve(st["cells"], s, col)[0]]
            # tempting decoys first: spots touching one bubble of the launcher's colour
            near = [s for s in lose if any(st["cells"][a][b] == col for a, b in neighbours(*s, rows, cols))]
            far = [s for s in lose if s not in near]
            if not win or len(lose) < k - 1:
                continue
            decoys = [near[int(i)] for i in rng.permutation(len(near))][:int(rng.integers(1, k))]
            decoys += [far[int(i)] for i in rng.permutation(len(far))][:k - 1 - len(decoys)]
            if len(decoys) < k - 1:
                decoys = [lose[int(i)] for i in rng.permutation(len(lose))][:k - 1]
            rest = [x for x in LETTERS[:k] if x != letter]
            st["shooter"] = col
            st["targets"] = sorted([[*_pick(rng, win), letter]] + [[*s, rest[i]] for i, s in enumerate(decoys)])
            return st
        return None

    s = q.edit(lambda st, rng: _search(st, rng, d, plant))
    q.require(len(s["targets"]) == k, "no board with one popping spot among the tags")
    wins = [(r, c, lab) for r, c, lab in s["targets"] if resolve(s["cells"], (r, c), s["shooter"])[0]]
    q.require(len(wins) == 1, "not exactly one popping spot")
    r, c, lab = wins[0]
    return q.answer(lab, witnesses=f"spot:{r}:{c}",
                    question=(f"{INTRO} The launcher's bubble could be fired to any of the lettered landing spots. "
                              f"{POP} At which lettered spot would it make bubbles pop?"),
                    examples=[x for x in LETTERS[:k] if x != lab])
