"""games/ultimate_tictactoe: an Ultimate Tic-Tac-Toe position (nine small boards in a 3 x 3 frame) reached
by random legal play.

Rules: X moves first, then the players alternate.  A move is sent to the small board matching the cell
just played (cell k of a small board sends the opponent to small board k); if that board is closed (won
or full), the player may play in any open board.  A small board is won by the first three-in-a-row inside
it and takes no more marks; a full small board without a winner is drawn.  The game ends when a player
wins three small boards in a row, or no move is left.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
PLIES = {1: (24, 45), 2: (40, 81), 3: (60, 81)}
CALM = {1: (0.5, 0.97), 2: (0.5, 0.97), 3: (0.85, 0.99)}
MIN_MARKS = {1: 0, 2: 0, 3: 62}
FRAME = ((0.30, 0.34, 0.40), (0.25, 0.30, 0.36), (0.35, 0.30, 0.28), (0.22, 0.32, 0.34))
X_INK = (0.10, 0.22, 0.55)
O_INK = (0.55, 0.12, 0.12)


def winner(cells) -> str | None:
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def status(cells) -> str:
    """"X" or "O" (won), "D" (full, no winner) or "open"."""
    w = winner(cells)
    if w:
        return w
    return "D" if "." not in cells else "open"


def wins_in_one(cells, who) -> list[int]:
    """Empty cells of an open small board where ``who`` completes three in a row."""
    if status(cells) != "open":
        return []
    out = []
    for i in range(9):
        if cells[i] == ".":
            t = cells[:i] + who + cells[i + 1:]
            if winner(t) == who:
                out.append(i)
    return out


def macro(boards) -> str:
    return "".join(s if s in "XO" else "." for s in (status(b) for b in boards))


def legal_boards(boards, last) -> list[int]:
    """Small boards the next move may use (``last`` = the cell index last played, or None)."""
    if winner(macro(boards)):
        return []
    openb = [k for k in range(9) if status(boards[k]) == "open"]
    if last is not None and last in openb:
        return [last]
    return openb


def random_game(rng, plies, calm=0.0):
    """Random legal play: the list of positions (boards, side to move, forced board or None) visited.  With
    probability ``calm`` a move avoids winning a small board when another move is left (slower games, more
    drawn boards)."""
    boards, who, last = ["." * 9 for _ in range(9)], "X", None
    out = [(list(boards), who, None)]
    for _ in range(plies):
        allowed = legal_boards(boards, last)
        if not allowed:
            break
        moves = [(k, i) for k in allowed for i in range(9) if boards[k][i] == "."]
        if calm and rng.random() < calm:
            quiet = [(k, i) for k, i in moves if winner(boards[k][:i] + who + boards[k][i + 1:]) is None]
            moves = quiet or moves
        k, i = moves[int(rng.integers(len(moves)))]
        boards[k] = boards[k][:i] + who + boards[k][i + 1:]
        who, last = ("O" if who == "X" else "X"), i
        out.append((list(boards), who, last))
    return out


class UltimateTicTacToe(Scene):
    domain, scene_id, size = "games", "ultimate_tictactoe", (540, 540)
    megapixels = (0.25, 0.38)   # image area (MP); the original's medians are 0.29-0.39
    description = ("An Ultimate Tic-Tac-Toe position: nine small 3 x 3 boards in a 3 x 3 frame holding X and O "
                   "marks; one small board may be highlighted in orange with lettered empty cells.")

    def sample(self, rng, difficulty):
        lo, hi = PLIES[difficulty]
        boards, who, _ = random_game(rng, int(rng.integers(lo, hi + 1)))[-1]
        return {"boards": boards}

    def claims(self, state, params):
        return [Claim("highlight", "colour", "orange")] if state.get("highlight") is not None else []

    def render(self, c, state, params):
        w, h = self.size
        cell = 44.0
        gap = 16.0
        side = 9 * cell + 2 * gap
        x0, y0 = (w - side) / 2, (h - side) / 2
        frame = FRAME[c.style.accent % len(FRAME)]
        c.rect(x0 - 12, y0 - 12, side + 24, side + 24, fill="panel", stroke=frame, lw=2.5)
        opts = dict(zip(state.get("options") or [], state.get("option_labels") or []))
        for k, cells in enumerate(state["boards"]):
            bx, by = x0 + (k % 3) * (3 * cell + gap), y0 + (k // 3) * (3 * cell + gap)
            c.rect(bx, by, 3 * cell, 3 * cell, fill=(0.97, 0.97, 0.95), stroke=frame, lw=3, id=f"board:{k}")
            for i in range(1, 3):
                c.line(bx + i * cell, by + 4, bx + i * cell, by + 3 * cell - 4, color=(0.55, 0.58, 0.62), lw=1.2)
                c.line(bx + 4, by + i * cell, bx + 3 * cell - 4, by + i * cell, color=(0.55, 0.58, 0.62), lw=1.2)
            for i, ch in enumerate(cells):
                cx, cy = bx + (i % 3 + 0.5) * cell, by + (i // 3 + 0.5) * cell
                c.register(f"cell:{k}:{i}", box=(cx - cell / 2 + 2, cy - cell / 2 + 2, cx + cell / 2 - 2,
                                                 cy + cell / 2 - 2), point=(cx, cy))
                q = cell * 0.27
                if ch == "X":
                    c.line(cx - q, cy - q, cx + q, cy + q, color=X_INK, lw=3.2)
                    c.line(cx - q, cy + q, cx + q, cy - q, color=X_INK, lw=3.2)
                elif ch == "O":
                    c.circle(cx, cy, q * 1.1, stroke=O_INK, lw=3.2)
                elif (k * 9 + i) in opts:
                    c.circle(cx, cy, cell * 0.32, fill=(1.0, 0.93, 0.62), stroke=(0.3, 0.3, 0.3), lw=1.2)
                    c.text(cx, cy + 0.5, opts[k * 9 + i], size=15, bold=True, color="black", kind="option")
        hl = state.get("highlight")
        if hl is not None:
            bx, by = x0 + (hl % 3) * (3 * cell + gap), y0 + (hl // 3) * (3 * cell + gap)
            c.rect(bx - 5, by - 5, 3 * cell + 10, 3 * cell + 10, stroke="orange", lw=5, id="highlight")


SCENE = UltimateTicTacToe()
task = SCENE.task

RULES = ("Each small board is an ordinary 3 x 3 Tic-Tac-Toe board: a player wins it with three of their marks in a "
         "row, column or diagonal inside it, after which it takes no more marks; a full small board with no "
         "winner is drawn.")


def _scan(q, accept, tries=40):
    """Edit: play random legal games and keep a random visited position that ``accept(boards)`` takes
    (``accept`` returns True, or a dict of extra state keys, or None)."""
    def edit(state, rng):
        lo, hi = PLIES[q.difficulty]
        for _ in range(tries):
            line = random_game(rng, int(rng.integers(lo, hi + 1)), calm=float(rng.uniform(*CALM[q.difficulty])))
            line = [x for x in line[max(1, len(line) // 2):] if len(x[0]) and sum(
                ch != "." for b in x[0] for ch in b) >= MIN_MARKS[q.difficulty]]
            hits = [(b, x) for b, _, _ in line for x in [accept(b, rng)] if x is not None]
            if hits:
                b, extra = hits[int(rng.integers(len(hits)))]
                state["boards"] = b
                if isinstance(extra, dict):
                    state.update(extra)
                return state
        q.reject("no position reaches the target")

    return q.edit(edit)


STATUS = {"x_won_board_count": "X", "o_won_board_count": "O", "neither_won_board_count": "neither",
          "drawn_board_count": "D"}
STATUS_SUPPORT = {1: {"X": range(1, 4), "O": range(1, 4), "D": range(0, 2), "neither": range(4, 9)},
                  2: {"X": range(1, 5), "O": range(1, 5), "D": range(0, 4), "neither": range(2, 8)},
                  3: {"X": range(1, 5), "O": range(1, 5), "D": range(0, 4), "neither": range(2, 8)}}


def _status_hits(boards, kind):
    return [k for k, b in enumerate(boards) if (status(b) in ("D", "open") if kind == "neither" else status(b) == kind)]


@task("small_board_status_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=tuple(STATUS))
def small_board_status_count(q):
    kind = STATUS[q.query_id]
    t = q.target(STATUS_SUPPORT[q.difficulty][kind], stratified=True)
    s = _scan(q, lambda b, rng: True if len(_status_hits(b, kind)) == t else None)
    hits = _status_hits(s["boards"], kind)
    ask = {"X": "How many small boards has X won?", "O": "How many small boards has O won?",
           "D": "How many small boards are drawn (full, with no three-in-a-row)?",
           "neither": "How many small boards has neither player won (drawn boards and boards still in play)?"}[kind]
    q.step("board_status", statuses=[status(b) for b in s["boards"]])
    return q.answer(len(hits), witnesses=[f"board:{k}" for k in hits],
                    question=f"This is an Ultimate Tic-Tac-Toe position of nine small boards. {RULES} {ask}")


@task("macro_threat_board_count", answer="integer", annotation="bbox_set", ops="filtering,counting,logical_composition",
      queries=("x_immediate_win_board_count", "o_immediate_win_board_count"))
def macro_threat_board_count(q):
    who = "X" if q.query_id.startswith("x") else "O"
    t = q.target(range(0, 6), stratified=True)

    def hits_of(b):
        return [k for k in range(9) if wins_in_one(b[k], who)]

    s = _scan(q, lambda b, rng: True if len(hits_of(b)) == t else None)
    hits = hits_of(s["boards"])
    q.step("threats", player=who, boards=hits)
    return q.answer(len(hits), witnesses=[f"board:{k}" for k in hits],
                    question=(f"This is an Ultimate Tic-Tac-Toe position of nine small boards. {RULES} Counting only "
                              f"small boards that are still open (not won and not full), in how many could {who} "
                              f"complete three in a row with one more mark (ignore whose turn it is and which "
                              f"board the next move is sent to)?"))


LETTERS = "ABCDE"


@task("line_completion_move_label", answer="string", annotation="bbox", ops="state_update",
      queries=("x_winning_move_label", "o_winning_move_label", "x_blocking_move_label", "o_blocking_move_label"))
def line_completion_move_label(q):
    who = "X" if q.query_id.startswith("x") else "O"
    opp = "O" if who == "X" else "X"
    block = "blocking" in q.query_id
    letter = q.target(list(LETTERS), stratified=True)

    def good(cells):
        if block:
            return len(wins_in_one(cells, opp)) == 1 and not wins_in_one(cells, who)
        return len(wins_in_one(cells, who)) == 1

    def accept(boards, rng):
        ks = [k for k in range(9) if good(boards[k]) and boards[k].count(".") >= len(LETTERS)]
        if not ks:
            return None
        k = ks[int(rng.integers(len(ks)))]
        cells = boards[k]
        target = (wins_in_one(cells, opp) if block else wins_in_one(cells, who))[0]
        empty = [i for i in range(9) if cells[i] == "."]
        n = len(LETTERS)
        others = [i for i in empty if i != target]
        pick = sorted([others[int(j)] for j in rng.permutation(len(others))[:n - 1]])
        order = pick[:LETTERS.index(letter)] + [target] + pick[LETTERS.index(letter):]
        if len(order) != n:
            return None
        return {"highlight": k, "options": [k * 9 + i for i in order], "option_labels": list(LETTERS[:n])}

    s = _scan(q, accept)
    k = s["highlight"]
    cells = s["boards"][k]
    key = wins_in_one(cells, opp) if block else wins_in_one(cells, who)
    q.require(len(key) == 1 and good(cells), "the highlighted board is not a single-answer board")
    q.offer(len(LETTERS), "image")
    labels = dict(zip(s["options"], s["option_labels"]))
    ans = labels[k * 9 + key[0]]
    if block:
        ask = (f"In the small board outlined in orange, {opp} threatens to complete three in a row and {who} cannot "
               f"win there at once. Which lettered cell must {who} take in that board to block {opp}?")
    else:
        ask = (f"In the small board outlined in orange, which lettered cell lets {who} complete three in a row at "
               f"once?")
    q.step("line_completion", board=k, player=who, blocking=block, cell=key[0])
    return q.answer(ans, witnesses=f"cell:{k}:{key[0]}",
                    question=(f"This is an Ultimate Tic-Tac-Toe position of nine small boards. {RULES} Look only at "
                              f"the highlighted small board; letters mark some of its empty cells. {ask} Answer "
                              f"with the letter."),
                    examples=[x for x in s["option_labels"] if x != ans][:3])
