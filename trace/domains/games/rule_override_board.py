"""games/rule_override_board: several lettered mini-boards judged by a rule that overrides the usual one.

Two games: tic-tac-toe-style grids of X and O, where a full row, column or diagonal of the target
player's marks now *loses* (a "misere" rule) and having none wins; and Othello-style grids of black and
white discs, where the target player *wins* with fewer discs than the opponent and loses with more
(equal counts never occur).  The task counts the boards the target player wins or loses under the
stated rule.  The original's sets: 4-8 boards of 3x3 or 4x4 cells, 0-6 counted.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene

ALPHA = "ABCDEFGHIJ"
LEVELS = {1: ((3, 4), (3, 3)), 2: ((4, 8), (3, 4)), 3: ((7, 10), (4, 5))}   # boards, board size
COUNT_SUPPORT = {1: range(0, 4), 2: range(0, 7), 3: range(1, 9)}
CELL = 44.0
WOOD = ((0.80, 0.58, 0.36), (0.88, 0.70, 0.46))
FRAME = (0.55, 0.36, 0.20)
TRIES = 200


def lines(n):
    rows = [[(r, c) for c in range(n)] for r in range(n)]
    cols = [[(r, c) for r in range(n)] for c in range(n)]
    return rows + cols + [[(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)]]


def has_line(cells, mark):
    n = len(cells)
    return any(all(cells[r][c] == mark for r, c in ln) for ln in lines(n))


def count(cells, mark):
    return sum(v == mark for row in cells for v in row)


def wins(game, cells, player):
    """The target player's result under the overriding rule: True (win) / False (loss)."""
    if game == "line":
        return not has_line(cells, player)
    other = "W" if player == "B" else "B"
    return count(cells, player) < count(cells, other)


def make_board(rng, game, n, player, win):
    """An n x n board where ``player`` wins (``win``) or loses under the overriding rule, or None."""
    marks = ("X", "O") if game == "line" else ("B", "W")
    other = marks[1] if player == marks[0] else marks[0]
    for _ in range(60):
        cells = [[None] * n for _ in range(n)]
        fill = float(rng.uniform(0.55, 0.9))
        for r in range(n):
            for c in range(n):
                if rng.random() < fill:
                    cells[r][c] = marks[int(rng.integers(2))]
        if game == "line" and not win:   # plant a full line of the target player's marks
            ln = lines(n)[int(rng.integers(2 * n + 2))]
            for r, c in ln:
                cells[r][c] = player
        if game == "line" and win and not has_line(cells, player):
            # a near miss: one line short by a single mark, so the board is worth a careful look
            ln = lines(n)[int(rng.integers(2 * n + 2))]
            gap = int(rng.integers(n))
            for i, (r, c) in enumerate(ln):
                cells[r][c] = player if i != gap else (other if rng.random() < 0.6 else None)
        if game == "piece" and count(cells, player) == count(cells, other):
            continue
        if wins(game, cells, player) == win:
            return cells
    return None


class RuleOverrideBoard(Scene):
    domain, scene_id, size = "games", "rule_override_board", (460, 520)
    megapixels = (0.43, 0.56)   # the original's: 0.38 MP (X/O boards) and 0.52 MP (disc boards) at the median
    description = ("Several lettered mini-boards of a tic-tac-toe-style game (X and O) or an Othello-style game "
                   "(black and white discs), to be judged under a stated overriding rule.")

    def sample(self, rng, difficulty):
        (blo, bhi), (slo, shi) = LEVELS[difficulty]
        game = "line" if rng.random() < 0.5 else "piece"
        n = int(rng.integers(slo, shi + 1))
        k = int(rng.integers(blo, bhi + 1))
        player = ("X", "O")[int(rng.integers(2))] if game == "line" else ("B", "W")[int(rng.integers(2))]
        boards = [make_board(rng, game, n, player, bool(rng.random() < 0.5)) for _ in range(k)]
        return {"game": game, "n": n, "boards": [b for b in boards if b is not None]}

    def _layout(self, state):
        k = len(state["boards"])
        cols = 2 if k <= 4 else (3 if k <= 6 else 4)
        rows = -(-k // cols)
        bw, bh = state["n"] * CELL + 24, state["n"] * CELL + 52
        return cols, rows, bw, bh

    def canvas_size(self, state):
        cols, rows, bw, bh = self._layout(state)
        return (int(cols * bw + (cols + 1) * 18 + 20), int(rows * bh + (rows + 1) * 18 + 20))

    def claims(self, state, params):
        out = [Claim(None, "colour", "black"), Claim(None, "colour", "white")]
        if state["game"] == "piece":
            for b, cells in enumerate(state["boards"]):
                for r, row in enumerate(cells):
                    for c, v in enumerate(row):
                        if v:
                            out.append(Claim(f"disc:{b}:{r}:{c}", "colour", "black" if v == "B" else "white"))
        return out

    def render(self, c, state, params):
        cols, rows, bw, bh = self._layout(state)
        w, h = self.canvas_size(state)
        c.rect(8, 8, w - 16, h - 16, fill="panel", stroke="muted", lw=1.5)
        n = state["n"]
        for b, cells in enumerate(state["boards"]):
            bx = 18 + 10 + (b % cols) * (bw + 18)
            by = 18 + 10 + (b // cols) * (bh + 18)
            c.rect(bx, by, bw, bh, fill=FRAME, stroke=(0.30, 0.18, 0.08), lw=2, id=f"board:{b}")
            c.text(bx + bw / 2, by + 15, f"Board {ALPHA[b]}", size=15, bold=True, color="white")
            gx, gy = bx + 12, by + 34
            for r in range(n):
                for k in range(n):
                    x, y = gx + k * CELL, gy + r * CELL
                    c.rect(x, y, CELL, CELL, fill=WOOD[(r + k) % 2], stroke=(0.30, 0.18, 0.08), lw=1.5)
                    v = cells[r][k]
                    if v in ("X", "O"):
                        c.text(x + CELL / 2, y + CELL / 2 + 1, v, size=27, bold=True, color="black")
                    elif v:
                        c.circle(x + CELL / 2, y + CELL / 2, CELL * 0.36, fill="black" if v == "B" else "white",
                                 stroke=(0.45, 0.30, 0.15) if v == "W" else (0.85, 0.80, 0.70), lw=1.5,
                                 id=f"disc:{b}:{r}:{k}")


SCENE = RuleOverrideBoard()
task = SCENE.task

NAMES = {"X": "X", "O": "O", "B": "Black", "W": "White"}


def _count_task(q, game):
    win = q.query_id.endswith("_win_count")
    d = q.difficulty
    t = q.target(COUNT_SUPPORT[d], stratified=True)
    player = q.choice("player", ["X", "O"] if game == "line" else ["B", "W"])

    def plant(st, rng):
        (blo, bhi), (slo, shi) = LEVELS[d]
        k = max(int(rng.integers(blo, bhi + 1)), t)
        st["game"], st["n"] = game, int(rng.integers(slo, shi + 1))
        chosen = {int(i) for i in rng.permutation(k)[:t]}
        boards = [make_board(rng, game, st["n"], player, win if i in chosen else not win) for i in range(k)]
        st["boards"] = boards if all(b is not None for b in boards) else []
        return st

    s = q.edit(plant)
    q.require(bool(s["boards"]) and s["game"] == game, "no boards")
    hits = [b for b, cells in enumerate(s["boards"]) if wins(game, cells, player) == win]
    q.require(len(hits) == t, "count off target")
    who = NAMES[player]
    if game == "line":
        rule = (f"Overriding rule: for {who}, having a full row, column or diagonal of {who}'s marks loses; "
                f"otherwise {who} wins.")
        intro = "The picture shows several lettered tic-tac-toe-style boards of X and O marks."
    else:
        other = NAMES["W" if player == "B" else "B"]
        rule = (f"Overriding rule: {who} (the {who.lower()} discs) wins a board by having fewer discs on it than "
                f"{other} (the {other.lower()} discs), and loses by having more.")
        intro = "The picture shows several lettered Othello-style boards of black and white discs."
    word = "win" if win else "loss"
    return q.answer(len(hits), witnesses=[f"board:{b}" for b in hits],
                    question=f"{intro} {rule} On how many boards is the result a {word} for {who}?")


@task("line_result_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("line_override_win_count", "line_override_loss_count"))
def line_result_count(q):
    return _count_task(q, "line")


@task("piece_result_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("piece_override_win_count", "piece_override_loss_count"))
def piece_result_count(q):
    return _count_task(q, "piece")
