"""games/tic_tac_toe_3d: a 3D Tic-Tac-Toe position (3 x 3 x 3, or 4 x 4 x 4 at the hardest
level) drawn as stacked, slanted layers from top to bottom.

Rules are the real game's: players X and O alternate (X first, so X has as many marks as O or
one more), and a player wins by filling any straight line of n cells -- a row, column or
diagonal inside a layer, a vertical pillar through the layers, a diagonal across a vertical
face, or one of the four space diagonals (49 lines on 3 x 3 x 3, 76 on 4 x 4 x 4).  Positions
never hold a finished line.

Tasks: the labelled empty cell (A-D) that wins at once for the player to move, the one that
blocks the opponent's only immediate threat, and the count of one player's marks on a layer.
Difficulty grows the marks (5-7, 7-11, and 12-18 on the 4 x 4 x 4 board).
"""

from __future__ import annotations

from itertools import product

from tracegen.core.task import Scene

SIZE = {1: 3, 2: 3, 3: 4}
MARKS = {1: (5, 7), 2: (7, 11), 3: (12, 18)}
LETTERS = "ABCD"
LAYER_NAMES = {3: ("Top", "Middle", "Bottom"), 4: ("Top", "Second", "Third", "Bottom")}
LAYER_WORDS = {3: ("top", "middle", "bottom"), 4: ("top", "second", "third", "bottom")}


def lines(n: int) -> list[list[tuple[int, int, int]]]:
    """Every winning line of the n x n x n board as (layer, row, col) cells: 13 directions, each
    line once (3n^2 + 6n + 4 lines)."""
    dirs = [d for d in product((-1, 0, 1), repeat=3) if d > (0, 0, 0)]
    out = []
    for d in dirs:
        for s in product(range(n), repeat=3):
            cells = [tuple(s[a] + k * d[a] for a in range(3)) for k in range(n)]
            if all(0 <= v < n for cell in cells for v in cell):
                out.append(cells)
    return out


_LINES = {n: lines(n) for n in (3, 4)}


def at(board, cell):
    l, r, c = cell
    return board[l][r][c]


def winning_cells(board, player) -> dict:
    """Empty cell -> the line it would complete for ``player`` (first such line)."""
    out = {}
    for ln in _LINES[len(board)]:
        marks = [at(board, cell) for cell in ln]
        if marks.count(player) == len(ln) - 1 and marks.count("") == 1:
            cell = ln[marks.index("")]
            out.setdefault(cell, ln)
    return out


def finished(board) -> bool:
    return any(len({at(board, cell) for cell in ln}) == 1 and at(board, ln[0]) != "" for ln in _LINES[len(board)])


def counts(board):
    flat = [v for layer in board for row in layer for v in row]
    return flat.count("X"), flat.count("O")


def to_move(board) -> str:
    x, o = counts(board)
    return "X" if x == o else "O"


def empty_board(n):
    return [[["" for _ in range(n)] for _ in range(n)] for _ in range(n)]


def random_board(rng, n, total):
    """A legal position (X first, alternating) with ``total`` marks and no finished line."""
    cells = list(product(range(n), repeat=3))
    for _ in range(200):
        b = empty_board(n)
        order = rng.permutation(len(cells))[:total]
        for k, idx in enumerate(order):
            l, r, c = cells[int(idx)]
            b[l][r][c] = "X" if k % 2 == 0 else "O"
        if not finished(b):
            return b
    return b


W = 580


def geometry(n):
    cw, ch, sx, sy = (88.0, 40.0, 44.0, 9.0) if n == 3 else (70.0, 32.0, 34.0, 7.0)
    layer_h = n * ch + (n - 1) * sy
    gap = 72.0 if n == 3 else 58.0
    return cw, ch, sx, sy, layer_h, gap


def canvas_h(n):
    *_, layer_h, gap = geometry(n)
    return int(60 + n * layer_h + (n - 1) * gap + 50)


def cell_quad(n, l, r, c):
    cw, ch, sx, sy, layer_h, gap = geometry(n)
    x0 = 110.0
    y0 = 50.0 + l * (layer_h + gap)

    def p(rr, cc):
        return (x0 + cc * cw + rr * sx, y0 + rr * ch + cc * sy)

    return [p(r, c), p(r, c + 1), p(r + 1, c + 1), p(r + 1, c)]


class TicTacToe3D(Scene):
    domain, scene_id, size = "games", "tic_tac_toe_3d", (W, 720)
    megapixels = (0.36, 0.48)
    aspect_pad = 0.1
    description = ("A 3D Tic-Tac-Toe position: stacked slanted n x n layers from top to bottom holding X and O marks, "
                   "with lettered candidate cells.")

    def canvas_size(self, state):
        return (W, canvas_h(state["n"]))

    def sample(self, rng, difficulty):
        n = SIZE[difficulty]
        lo, hi = MARKS[difficulty]
        return {"n": n, "board": random_board(rng, n, int(rng.integers(lo, hi + 1)))}

    def render(self, c, state, params):
        n, board = state["n"], state["board"]
        for l in range(n):
            q0 = cell_quad(n, l, 0, 0)
            c.text(24, q0[0][1] + 8, LAYER_NAMES[n][l], size=14, anchor="l", bold=True, id=f"layer:{l}")
            for r in range(n):
                for col in range(n):
                    quad = cell_quad(n, l, r, col)
                    c.polygon(quad, fill="panel", stroke="ink", lw=1.6)
                    xs, ys = [p[0] for p in quad], [p[1] for p in quad]
                    cx, cy = sum(xs) / 4, sum(ys) / 4
                    c.register(f"cell:{l}:{r}:{col}", box=(min(xs), min(ys), max(xs), max(ys)), point=(cx, cy))
                    v = board[l][r][col]
                    s = 11.0 if n == 3 else 9.0
                    if v == "X":
                        c.line(cx - s * 1.2, cy - s * 0.75, cx + s * 1.2, cy + s * 0.75, color="ink", lw=3.2)
                        c.line(cx - s * 1.2, cy + s * 0.75, cx + s * 1.2, cy - s * 0.75, color="ink", lw=3.2)
                    elif v == "O":
                        c.ellipse(cx, cy, s * 1.35, s * 0.85, stroke="ink", lw=3.0)
        for k, cell in enumerate(params.get("options") or []):
            l, r, col = cell
            quad = cell_quad(n, l, r, col)
            cx, cy = sum(p[0] for p in quad) / 4, sum(p[1] for p in quad) / 4
            c.circle(cx, cy, 12.5, fill="background", stroke="ink", lw=1.5)
            c.text(cx, cy, LETTERS[k], size=14, bold=True, kind="option", id=f"option:{k}")


SCENE = TicTacToe3D()
task = SCENE.task


def _rules(n):
    return (f"The image shows a 3D Tic-Tac-Toe board: {n} stacked {n} by {n} layers, drawn from top to bottom. X moves "
            f"first and the players alternate. A player wins by filling a straight line of {n} cells: a row, column "
            f"or diagonal within one layer, a vertical line straight through the layers, a diagonal across a vertical "
            f"slice, or a space diagonal from a top corner to the opposite bottom corner. ")


def _ids(cells):
    return [f"cell:{l}:{r}:{c}" for l, r, c in cells]


def _plant_threat(rng, n, total, owner, mover, *, quiet_mover=False):
    """A legal board of ``total`` marks with ``mover`` to move where ``owner`` has exactly one
    immediate winning cell (and, with ``quiet_mover``, the mover none); None when the draws fail."""
    cells = list(product(range(n), repeat=3))
    left = {"X": (total + 1) // 2, "O": total // 2}
    for _ in range(60):
        ln = _LINES[n][int(rng.integers(len(_LINES[n])))]
        hole = int(rng.integers(n))
        b = empty_board(n)
        for k, (l, r, c) in enumerate(ln):
            if k != hole:
                b[l][r][c] = owner
        rest = dict(left)
        rest[owner] -= n - 1
        if min(rest.values()) < 0:
            return None
        free = [cell for cell in cells if at(b, cell) == "" and cell != ln[hole]]
        pick = rng.permutation(len(free))
        k = 0
        for p in ("X", "O"):
            for _ in range(rest[p]):
                l, r, c = free[int(pick[k])]
                b[l][r][c] = p
                k += 1
        if finished(b) or to_move(b) != mover:
            continue
        if list(winning_cells(b, owner)) != [ln[hole]]:
            continue
        if quiet_mover and winning_cells(b, mover):
            continue
        return b
    return None


def _move_task(q, block: bool):
    s = q.state
    mover = "X" if q.query_id.startswith("x_") else "O"
    owner = ("O" if mover == "X" else "X") if block else mover
    target = q.target(LETTERS)
    n = s["n"]

    def plant(st, rng):
        total = sum(counts(st["board"]))
        total += (total % 2) != (0 if mover == "X" else 1)         # X to move: even count, O: odd
        b = _plant_threat(rng, n, total, owner, mover, quiet_mover=block)
        if b is not None:
            st["board"] = b
        return st

    s = q.edit(plant)
    b = s["board"]
    q.require(not finished(b) and to_move(b) == mover, "illegal position")
    threats = winning_cells(b, owner)
    q.require(len(threats) == 1, "not exactly one winning cell")
    if block:
        q.require(not winning_cells(b, mover), "the mover could win instead")
    (goal, line), = threats.items()
    empties = [cell for cell in product(range(n), repeat=3) if at(b, cell) == "" and cell != goal]
    q.require(len(empties) >= 3, "too few empty cells")

    def draw_opts(r):
        others = [empties[int(k)] for k in r.choice(len(empties), size=3, replace=False)]
        opts = [list(x) for x in others]
        opts.insert(LETTERS.index(target), list(goal))
        return opts

    opts = [tuple(x) for x in q.param("options", draw_opts)]
    q.require(opts.count(goal) == 1 and all(at(b, x) == "" for x in opts), "bad options")
    letter = LETTERS[opts.index(goal)]
    q.offer(4, "image")
    q.step("line", cells=[list(x) for x in line], empty=list(goal))
    other = "O" if mover == "X" else "X"
    ask = (f"It is {mover}'s turn. {other} threatens to complete a line on the next move. Which lettered empty cell "
           f"must {mover} take to block it?" if block else
           f"It is {mover}'s turn. Which lettered empty cell completes a line for {mover} at once?")
    return q.answer(letter, witnesses=_ids(line), examples=list(LETTERS),
                    question=_rules(n) + ask + " The candidate cells are lettered A to D on the board.")


@task("winning_move_cell_label", answer="string", annotation="bbox_set", ops="state_update",
      queries=("x_winning_move_label", "o_winning_move_label"))
def winning_move_cell_label(q):
    return _move_task(q, block=False)


@task("blocking_move_cell_label", answer="string", annotation="bbox_set", ops="state_update",
      queries=("x_blocking_move_label", "o_blocking_move_label"))
def blocking_move_cell_label(q):
    return _move_task(q, block=True)


@task("layer_piece_count", answer="integer", annotation="point_set", ops="filtering,counting")
def layer_piece_count(q):
    s = q.state
    n = s["n"]
    layer = q.param("layer", lambda r: int(r.integers(n)))
    player = q.choice("player", ["X", "O"])
    top = {3: 5, 4: 8}[n]
    target = q.target(range(0, top + 1))

    def plant(st, rng):
        b = st["board"]
        cells = [(layer, r, c) for r in range(n) for c in range(n)]
        order = [cells[int(k)] for k in rng.permutation(len(cells))]
        mine = [x for x in order if at(b, x) == player]
        free = [x for x in order if at(b, x) == ""]
        while len(mine) > target:                       # hand extra marks to other layers' empty cells
            l, r, c = mine.pop()
            b[l][r][c] = ""
        while len(mine) < target and free:
            l, r, c = free.pop()
            b[l][r][c] = player
            mine.append((l, r, c))
        # restore X-first alternation by adding or removing marks outside the layer
        outside = [x for x in product(range(n), repeat=3) if x[0] != layer]
        outside = [outside[int(k)] for k in rng.permutation(len(outside))]
        for _ in range(64):
            x, o = counts(b)
            if x - o in (0, 1):
                break
            big, small = ("X", "O") if x - o > 1 else ("O", "X")
            spot = next((y for y in outside if at(b, y) == big), None)
            hole = next((y for y in outside if at(b, y) == ""), None)
            if hole is not None:
                b[hole[0]][hole[1]][hole[2]] = small
            elif spot is not None:
                b[spot[0]][spot[1]][spot[2]] = ""
        return st

    s = q.edit(plant)
    b = s["board"]
    x, o = counts(b)
    q.require(x - o in (0, 1), "marks do not alternate")
    q.require(not finished(b), "a line is already complete")
    hits = [(layer, r, c) for r in range(n) for c in range(n) if b[layer][r][c] == player]
    q.step("layer_marks", cells=[list(h) for h in hits])
    return q.answer(len(hits), witnesses=[f"cell:{l}:{r}:{c}" for l, r, c in hits],
                    question=(f"The image shows a 3D Tic-Tac-Toe board: {n} stacked {n} by {n} layers, drawn from top "
                              f"to bottom and named at the left. How many {player} marks are on the "
                              f"{LAYER_WORDS[n][layer]} layer?"))
