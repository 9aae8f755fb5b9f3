"""games/reversi: a Reversi (Othello) position reached by random legal play from the standard opening, the
side to move named above the board.

Rules: a move places a disc of the mover's colour on an empty square so that, along at least one of the
eight directions, a contiguous line of opponent discs is closed by another disc of the mover's colour;
every such bracketed disc flips.  A side without a legal move passes; the game ends when neither side
has one.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene

BOARD = {1: 6, 2: 8, 3: 10}
FILL = {1: (0.45, 0.8), 2: (0.55, 0.9), 3: (0.55, 0.9)}
DIRS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
NAMES = {"B": "Black", "W": "White"}
FILLS = {"B": "black", "W": "white"}
FELT = ((0.20, 0.50, 0.30), (0.16, 0.44, 0.34), (0.24, 0.46, 0.26), (0.18, 0.40, 0.40))


def other(who: str) -> str:
    return "W" if who == "B" else "B"


def start(n: int) -> list[list[str]]:
    g = [["."] * n for _ in range(n)]
    m = n // 2
    g[m - 1][m - 1] = g[m][m] = "W"
    g[m - 1][m] = g[m][m - 1] = "B"
    return g


def flips(g, r, c, who) -> list[tuple[int, int]]:
    """Discs flipped by ``who`` playing on (r, c) (empty if the move is illegal)."""
    n = len(g)
    if g[r][c] != ".":
        return []
    out = []
    for dr, dc in DIRS:
        line = []
        rr, cc = r + dr, c + dc
        while 0 <= rr < n and 0 <= cc < n and g[rr][cc] == other(who):
            line.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if line and 0 <= rr < n and 0 <= cc < n and g[rr][cc] == who:
            out += line
    return sorted(out)


def legal(g, who) -> list[tuple[int, int]]:
    n = len(g)
    return [(r, c) for r in range(n) for c in range(n) if flips(g, r, c, who)]


def play(g, r, c, who):
    g2 = [row[:] for row in g]
    for a, b in flips(g, r, c, who):
        g2[a][b] = who
    g2[r][c] = who
    return g2


def frontier(g, who) -> list[tuple[int, int]]:
    """Discs of ``who`` next (8 directions) to at least one empty square."""
    n = len(g)
    return [(r, c) for r in range(n) for c in range(n) if g[r][c] == who and any(
        0 <= r + dr < n and 0 <= c + dc < n and g[r + dr][c + dc] == "." for dr, dc in DIRS)]


def random_line(rng, g, who, plies=None):
    """Random legal play from (g, who): the list of positions (grid, side to move) visited, the first
    included, until the game ends or ``plies`` moves are made; passes are taken automatically."""
    out = [(g, who)]
    made = 0
    while plies is None or made < plies:
        moves = legal(g, who)
        if not moves:
            if not legal(g, other(who)):
                break
            who = other(who)
            out[-1] = (g, who)
            continue
        r, c = moves[int(rng.integers(len(moves)))]
        g, who = play(g, r, c, who), other(who)
        out.append((g, who))
        made += 1
    return out


class Reversi(Scene):
    domain, scene_id, size = "games", "reversi", (600, 640)
    megapixels = (0.68, 0.98)   # image area (MP); the original's is 0.81
    description = ("A Reversi board with black and white discs on a green grid, the side to move named above it; a "
                   "marked square has a red outline.")

    def sample(self, rng, difficulty):
        n = BOARD[difficulty]
        lo, hi = FILL[difficulty]
        target = int(round(n * n * rng.uniform(lo, hi)))
        g, who = start(n), "B"
        line = random_line(rng, g, who, plies=target - 4)
        g, who = line[-1]
        if not legal(g, who):
            who = other(who)
        return {"rows": ["".join(row) for row in g], "to_move": who}

    def claims(self, state, params):
        out = [Claim(None, "colour", "black"), Claim(None, "colour", "white")]
        out += [Claim(f"disc:{r}:{k}", "colour", FILLS[ch]) for r, row in enumerate(state["rows"])
                for k, ch in enumerate(row) if ch in "BW"]
        if state.get("marked"):
            out.append(Claim("mark", "colour", "red"))
        return out

    def render(self, c, state, params):
        w, h = self.size
        rows = state["rows"]
        n = len(rows)
        side = 520.0
        cell = side / n
        x0, y0 = (w - side) / 2, 96.0
        who = state["to_move"]
        text = f"{NAMES[who]} to move"
        tw = c.text_width(text, size=19, bold=True)
        bx = w / 2 - (tw + 54) / 2
        c.rect(bx, 24, tw + 54, 40, fill="panel", stroke="ink", lw=1.3)
        c.circle(bx + 23, 44, 11, fill=FILLS[who], stroke=(0.45, 0.45, 0.45), lw=1.4)
        c.text(bx + 42, 44, text, size=19, bold=True, anchor="l")
        felt = FELT[c.style.accent % len(FELT)]
        c.rect(x0 - 8, y0 - 8, side + 16, side + 16, fill=(0.20, 0.14, 0.10), stroke="ink", lw=1.5)
        c.rect(x0, y0, side, side, fill=felt)
        for i in range(n + 1):
            c.line(x0 + i * cell, y0, x0 + i * cell, y0 + side, color=(0.06, 0.18, 0.10), lw=1.4)
            c.line(x0, y0 + i * cell, x0 + side, y0 + i * cell, color=(0.06, 0.18, 0.10), lw=1.4)
        rad = cell * 0.40
        for r, row in enumerate(rows):
            for k, ch in enumerate(row):
                cx, cy = x0 + (k + 0.5) * cell, y0 + (r + 0.5) * cell
                c.register(f"sq:{r}:{k}", box=(x0 + k * cell, y0 + r * cell, x0 + (k + 1) * cell, y0 + (r + 1) * cell),
                           point=(cx, cy))
                if ch == "B":
                    c.circle(cx, cy, rad, fill="black", stroke=(0.5, 0.5, 0.5), lw=1.2, id=f"disc:{r}:{k}")
                elif ch == "W":
                    c.circle(cx, cy, rad, fill="white", stroke=(0.35, 0.35, 0.35), lw=1.6, id=f"disc:{r}:{k}")
        m = state.get("marked")
        if m:
            c.rect(x0 + m[1] * cell + 3, y0 + m[0] * cell + 3, cell - 6, cell - 6, stroke="red", lw=4.5, id="mark")


SCENE = Reversi()
task = SCENE.task

RULES = ("A legal move places a disc on an empty square so that, in at least one of the eight directions (along "
         "a row, column or diagonal), an unbroken line of opponent discs lies between the new disc and another "
         "disc of the mover's colour; all such bracketed opponent discs flip.")


def _grid(state):
    return [list(row) for row in state["rows"]]


def _scan(q, accept):
    """Edit: play on randomly from the sampled position; among the positions visited (the sampled one
    first) that ``accept(grid, side) -> extra or None`` takes, keep a random one."""
    def edit(state, rng):
        line = random_line(rng, _grid(state), state["to_move"], plies=14)
        hits = [(g, who, x) for g, who in line for x in [accept(g, who)] if x is not None]
        q.require(bool(hits), "no position reaches the target")
        g, who, extra = hits[int(rng.integers(len(hits)))]
        state["rows"], state["to_move"] = ["".join(row) for row in g], who
        if extra is not True:
            state["marked"] = list(extra)
        return state

    return q.edit(edit)


def _turn(who):
    return f"It is {NAMES[who]}'s turn."


FRONTIER_SUPPORT = {1: range(0, 5), 2: range(0, 6), 3: range(0, 8)}


@task("frontier_disc_count", answer="integer", annotation="point_set", ops="filtering,counting,spatial_relations")
def frontier_disc_count(q):
    t = q.target(FRONTIER_SUPPORT[q.difficulty], stratified=True)
    color = q.choice("color", ["B", "W"])
    s = _scan(q, lambda g, who: True if len(frontier(g, color)) == t and any(color in row for row in g) else None)
    f = frontier(_grid(s), color)
    q.step("frontier", color=color, discs=[list(x) for x in f])
    return q.answer(len(f), witnesses=[f"disc:{r}:{k}" for r, k in f],
                    question=(f"This Reversi board shows black and white discs. A frontier disc is a disc next to at "
                              f"least one empty square in any of the eight directions (horizontal, vertical or "
                              f"diagonal). How many {FILLS[color]} discs are frontier discs?"))


@task("legal_destination_count", answer="integer", annotation="bbox_set", ops="counting,state_update")
def legal_destination_count(q):
    t = q.target(range(1, 6) if q.difficulty < 3 else range(2, 9), stratified=True)
    s = _scan(q, lambda g, who: True if len(legal(g, who)) == t else None)
    who = s["to_move"]
    moves = legal(_grid(s), who)
    q.step("legal_moves", side=who, squares=[list(x) for x in moves])
    return q.answer(len(moves), witnesses=[f"sq:{r}:{k}" for r, k in moves],
                    question=(f"This Reversi board shows black and white discs. {_turn(who)} {RULES} On how many "
                              f"different empty squares can {NAMES[who]} legally place a disc?"))


FLIP_SUPPORT = {1: range(1, 5), 2: range(1, 7), 3: range(2, 9)}


@task("marked_move_flip_count", answer="integer", annotation="point_set", ops="counting,state_update")
def marked_move_flip_count(q):
    t = q.target(FLIP_SUPPORT[q.difficulty], stratified=True)

    def accept(g, who):
        sqs = [m for m in legal(g, who) if len(flips(g, *m, who)) == t]
        return sqs[len(sqs) // 2] if sqs else None

    s = _scan(q, accept)
    who, (r, k) = s["to_move"], s["marked"]
    fl = flips(_grid(s), r, k, who)
    q.require(len(fl) > 0, "the marked move is not legal")
    q.step("flips", side=who, move=[r, k], flipped=[list(x) for x in fl])
    return q.answer(len(fl), witnesses=[f"disc:{a}:{b}" for a, b in fl],
                    question=(f"This Reversi board shows black and white discs. {_turn(who)} {RULES} The empty square "
                              f"outlined in red is a legal move for {NAMES[who]}. How many discs flip if "
                              f"{NAMES[who]} plays there?"))
