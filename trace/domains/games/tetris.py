"""games/tetris: a Tetris well with a stack of locked blocks and a falling (or NEXT) tetromino.

Standard rules: a piece moves sideways only through empty cells, falls one row per step until the
next row down would collide, locks, and every completely filled row clears while the rows above
fall by the number of cleared rows (``tracegen.kits.gridgames``).  The original's well is 7 columns
by 13 rows at level 2.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS
from tracegen.kits.gridgames import (SHAPES, TILE_RGB, draw_blocks, drop_steps, fits, lock, max_clear, panel,
                                     placements, tetromino_rotations, union_box)
from tracegen.kits.grid import Grid

SIZES = {1: (10, 6), 2: (13, 7), 3: (16, 9)}            # rows, columns
STACK = {1: (2, 4), 2: (3, 6), 3: (4, 8)}               # stack height range
N_COLORS = len(TILE_RGB)
OUTLINE = (0.08, 0.08, 0.1)
LAYOUT_SIZES = {"plain": (400, 560), "shapes": (460, 660), "next": (420, 740), "options": (460, 900)}


def piece_cells(state):
    return [tuple(x) for x in state["piece"]["cells"]] if state.get("piece") else []


def sample_stack(rng, rows, cols, lo, hi):
    base = int(rng.integers(lo, hi + 1))
    board = [[0] * cols for _ in range(rows)]
    for k in range(cols):
        h = max(1, min(rows - 6, base + int(rng.integers(-2, 3))))
        for i in range(h):
            if rng.random() > 0.12:
                board[rows - 1 - i][k] = int(rng.integers(1, N_COLORS + 1))
    for r in range(rows):   # a live well has no full row
        if all(board[r]):
            board[r][int(rng.integers(cols))] = 0
    return board


def touches(board, cells):
    rows, cols = len(board), len(board[0])
    return any(0 <= r + a < rows and 0 <= k + b < cols and board[r + a][k + b]
               for r, k in cells for a in (-1, 0, 1) for b in (-1, 0, 1))


def place_piece(rng, board, shape=None):
    """A falling piece near the top, clear of the stack (no cell of it touches a block, diagonals
    included).  Returns the piece dict or None."""
    cols = len(board[0])
    shape = shape or SHAPES[int(rng.integers(len(SHAPES)))]
    rots = tetromino_rotations(shape)
    for _ in range(30):
        rot = rots[int(rng.integers(len(rots)))]
        w = max(k for _, k in rot) + 1
        r0, c0 = int(rng.integers(0, 3)), int(rng.integers(0, cols - w + 1))
        cells = [(r + r0, k + c0) for r, k in rot]
        if fits(board, cells) and not touches(board, cells):
            return {"shape": shape, "cells": [list(x) for x in cells], "color": int(rng.integers(1, N_COLORS + 1))}
    return None


class Tetris(Scene):
    domain, scene_id, size = "games", "tetris", (400, 560)
    megapixels = (0.28, 0.4)
    description = "A Tetris well: a stack of coloured locked blocks with a falling tetromino or a NEXT piece."

    def sample(self, rng, difficulty):
        rows, cols = SIZES[difficulty]
        for _ in range(50):
            board = sample_stack(rng, rows, cols, *STACK[difficulty])
            piece = place_piece(rng, board)
            if piece:
                return {"rows": rows, "cols": cols, "board": board, "piece": piece, "layout": "plain"}
        raise RuntimeError("no room for a falling piece")

    def canvas_size(self, state):
        return LAYOUT_SIZES[state.get("layout", "plain")]

    # ------------------------------------------------------------------ drawing
    def _well(self, c, state, x0, y0, x1, y1, title, *, board=None, prefix="cell", with_piece=True, pid="piece",
              title_color=(0.12, 0.13, 0.16), panel_id=None):
        """A titled panel holding the well; returns the grid."""
        rows, cols = state["rows"], state["cols"]
        tsize = 17.0
        panel(c, x0, y0, x1, y1, title, size=tsize, id=panel_id, title_color=title_color)
        g = Grid.fit(rows, cols, x0 + 8, y0 + tsize * 1.8, x1 - x0 - 16, y1 - y0 - tsize * 1.8 - 8)
        grid = [list(row) for row in (board if board is not None else state["board"])]
        cells = piece_cells(state) if with_piece else []
        for r, k in cells:
            grid[r][k] = state["piece"]["color"]
        draw_blocks(c, g, grid, prefix=prefix)
        if cells:
            self._outline(c, g, cells)
            c.register(pid, box=union_box(g.box(r, k) for r, k in cells))
        return g

    @staticmethod
    def _outline(c, g, cells):
        cs = set(cells)
        for r, k in cells:
            x0, y0, x1, y1 = g.box(r, k)
            for (a, b), seg in (((-1, 0), (x0, y0, x1, y0)), ((1, 0), (x0, y1, x1, y1)),
                                ((0, -1), (x0, y0, x0, y1)), ((0, 1), (x1, y0, x1, y1))):
                if (r + a, k + b) not in cs:
                    c.line(*seg, color=OUTLINE, lw=3.2)

    def render(self, c, state, params):
        layout = state.get("layout", "plain")
        w, h = LAYOUT_SIZES[layout]
        if layout == "plain":
            g = self._well(c, state, 40, 14, w - 40, h - 14, "BOARD")
        elif layout == "shapes":
            g = self._well(c, state, 70, 14, w - 70, h - 110, "BOARD")
            bw = (w - 40 - 3 * 10) / 4
            for i, name in enumerate(state["shape_options"]):
                x = 20 + i * (bw + 10)
                c.rect(x, h - 84, bw, 60, fill=(0.97, 0.97, 0.98), stroke=(0.25, 0.27, 0.32), lw=1.6,
                       id=f"option:{LETTERS[i]}")
                c.text(x + bw / 2, h - 54, f"{LETTERS[i]}: {name}", size=19, color=(0.1, 0.1, 0.12))
        elif layout == "next":
            nx0, nx1 = w / 2 - 80, w / 2 + 80
            panel(c, nx0, 14, nx1, 200, "NEXT", size=17)
            ng = Grid.fit(4, 4, nx0 + 14, 46, nx1 - nx0 - 28, 144)
            rot = tetromino_rotations(state["next"])[0]
            hgt, wid = max(r for r, _ in rot) + 1, max(k for _, k in rot) + 1
            r0, c0 = (4 - hgt) // 2, (4 - wid) // 2
            mini = [[0] * 4 for _ in range(4)]
            for r, k in rot:
                mini[r + r0][k + c0] = state["next_color"]
            draw_blocks(c, ng, mini, prefix=None)
            c.register("next_piece", box=union_box(ng.box(r + r0, k + c0) for r, k in rot))
            g = self._well(c, state, 40, 220, w - 40, h - 14, "BOARD", with_piece=False)
            _, best = max_clear(state["board"], state["next"])
            if best:
                c.register("landing", box=union_box(g.box(r, k) for r, k in best[2]))
        else:   # options: the START well above four lettered result wells
            pw, ph = (w - 3 * 16) / 2, (h - 4 * 14) / 3
            g = self._well(c, state, (w - pw) / 2, 14, (w + pw) / 2, 14 + ph, "START", title_color=(0.62, 0.12, 0.12))
            for i, (lab, board) in enumerate(zip(state["option_labels"], state["options"])):
                x = 16 + (i % 2) * (pw + 16)
                y = 14 + (1 + i // 2) * (ph + 14)
                self._well(c, state, x, y, x + pw, y + ph, lab, board=board, prefix=f"opt{lab}", with_piece=False,
                           panel_id=f"option:{lab}")
        for r in range(state["rows"]):
            c.register(f"row:{r}", box=(g.x0, g.y0 + r * g.ch, g.x1, g.y0 + (r + 1) * g.ch))


SCENE = Tetris()
task = SCENE.task

INTRO = "The picture shows a Tetris well with coloured locked blocks."
FALLING = ("The falling piece is the tetromino floating above the stack, drawn with a thick outline.")
CLEAR_RULE = ("After the piece locks, every completely filled row clears and all rows above it fall down by the "
              "number of cleared rows.")


@task("active_piece_shape_label", answer="string", annotation="bbox", ops="matching")
def active_piece_shape_label(q):
    letter = q.target(LETTERS[:4], stratified=True)

    def plant(st, rng):
        shape = st["piece"]["shape"]
        others = [x for x in SHAPES if x != shape]
        opts = [others[int(i)] for i in rng.choice(len(others), size=3, replace=False)]
        opts.insert(LETTERS.index(letter), shape)
        st["shape_options"], st["layout"] = opts, "shapes"
        return st

    s = q.edit(plant)
    q.offer(4, "image")
    q.step("identify", shape=s["piece"]["shape"], options=s["shape_options"])
    return q.answer(letter, witnesses="piece", examples=[x for x in LETTERS[:4] if x != letter],
                    question=(f"{INTRO} {FALLING} The options name tetromino shapes by their standard letters "
                              f"(I, O, T, S, Z, J, L; S rises to the right, Z to the left; J and L are the "
                              f"mirror-image hooks shaped like those letters). Which option names the shape of "
                              f"the falling piece?"))


SHIFTS = {"no_shift_collision_time": 0, "left_shift_collision_time": -1, "right_shift_collision_time": 1}


DROP_TOP = {1: 5, 2: 8, 3: 11}


def _shift_ok(board, cells, shift):
    step = 1 if shift > 0 else -1
    return all(fits(board, [(r, c + j * step) for r, c in cells]) for j in range(1, abs(shift) + 1))


def plant_drop(st, rng, shift, t, difficulty):
    """Place the falling piece (any orientation, column and top row 0-4, clear of the stack) so that
    after the sideways move it falls exactly ``t`` rows; a new stack when no spot does."""
    rows, cols = st["rows"], st["cols"]
    for attempt in range(20):
        if attempt:
            st["board"] = sample_stack(rng, rows, cols, *STACK[difficulty])
        board, shape = st["board"], st["piece"]["shape"]
        spots = []
        for rot in tetromino_rotations(shape):
            for r0 in range(5):
                for c0 in range(cols):
                    cells = [(r + r0, k + c0) for r, k in rot]
                    if not fits(board, cells) or touches(board, cells) or not _shift_ok(board, cells, shift):
                        continue
                    if drop_steps(board, [(r, c + shift) for r, c in cells]) == t:
                        spots.append(cells)
        if spots:
            cells = spots[int(rng.integers(len(spots)))]
            st["piece"]["cells"] = [list(x) for x in cells]
            return st
    return st


@task("drop_collision_time_value", answer="integer", annotation="bbox_set_map", ops="filtering,state_update",
      queries=tuple(SHIFTS))
def drop_collision_time_value(q):
    k = q.param("shift_columns", lambda r: int(r.integers(1, 3))) if SHIFTS[q.query_id] else 0
    shift = SHIFTS[q.query_id] * k
    t = q.target(range(0 if shift else 1, DROP_TOP[q.difficulty] + 1), stratified=True)
    s = q.edit(lambda st, rng: plant_drop(st, rng, shift, t, q.difficulty))
    cells = piece_cells(s)
    q.require(not touches(s["board"], cells), "the piece touches the stack")
    q.require(_shift_ok(s["board"], cells, shift), "the sideways move is blocked")
    moved = [(r, c + shift) for r, c in cells]
    n = drop_steps(s["board"], moved)
    landed = [(r + n, c) for r, c in moved]
    below = sorted({(r + 1, c) for r, c in landed if r + 1 < s["rows"] and s["board"][r + 1][c]
                    and (r + 1, c) not in landed})
    stop = below or sorted((r, c) for r, c in landed if r == s["rows"] - 1)
    q.step("drop", shift=shift, steps=n)
    if shift == 0:
        move = "Do not move it sideways."
    else:
        side = "left" if shift < 0 else "right"
        move = f"First move it {k} column{'s' if k > 1 else ''} to the {side} (the move is not blocked)."
    return q.answer(n, witnesses={"piece": [f"cell:{r}:{c}" for r, c in sorted(cells)],
                                  "collision": [f"cell:{r}:{c}" for r, c in stop]},
                    question=(f"{INTRO} {FALLING} {move} Then it falls straight down one row per timestep. A "
                              f"timestep counts only when the move down succeeds; the move that would collide with "
                              f"a block or the floor does not count. How many timesteps does it fall before it "
                              f"collides?"))


def _rows_clear_plant(st, rng, landed, want):
    """Fill the rows of ``want`` landed-piece rows except the piece's cells (never above a piece cell
    of the same column, which would block the fall)."""
    b = st["board"]
    if any(sum(1 for v in b[r] if v) < 2 for r in want):
        return False    # only rows of the stack, no floating rows
    for r in want:
        for c in range(st["cols"]):
            if (r, c) in landed or b[r][c]:
                continue
            if any(rr > r and cc == c for rr, cc in landed):
                return False
            b[r][c] = int(rng.integers(1, N_COLORS + 1))
    return True


@task("drop_result_label", answer="string", annotation="bbox", ops="state_update")
def drop_result_label(q):
    letter = q.target(LETTERS[:4], stratified=True)

    def plant(st, rng):
        cells = piece_cells(st)
        n = drop_steps(st["board"], cells)
        landed = [(r + n, c) for r, c in cells]
        if rng.random() < 0.7:
            rows = sorted({r for r, _ in landed})
            want = [rows[int(i)] for i in rng.choice(len(rows), size=min(len(rows), int(rng.integers(1, 3))),
                                                      replace=False)]
            saved = [row[:] for row in st["board"]]
            if not _rows_clear_plant(st, rng, set(landed), want) or drop_steps(st["board"], cells) != n \
                    or any(all(row) for row in st["board"]) or touches(st["board"], cells):
                st["board"] = saved
        st["layout"] = "options"
        return st

    s = q.edit(plant)
    board, cells, color = s["board"], piece_cells(s), s["piece"]["color"]
    n = drop_steps(board, cells)
    landed = [(r + n, c) for r, c in cells]
    right, cleared = lock(board, landed, color)
    decoys = []
    if cleared:
        b = [row[:] for row in board]
        for r, c in landed:
            b[r][c] = color
        decoys.append(b)                                        # rows not cleared
    for dc in (-1, 1):                                          # dropped one column over
        moved = [(r, c + dc) for r, c in cells]
        if fits(board, moved):
            m = drop_steps(board, moved)
            decoys.append(lock(board, [(r + m, c) for r, c in moved], color)[0])
    if n > 0:                                                   # locked one row too early
        decoys.append(lock(board, [(r + n - 1, c) for r, c in cells], color)[0])
    if cleared:                                                 # cleared rows removed without the fall
        b = [row[:] for row in board]
        for r, c in landed:
            b[r][c] = color
        decoys.append([[0] * s["cols"] if r in cleared else row for r, row in enumerate(b)])
    uniq = []
    for d in decoys:
        if d != right and d not in uniq:
            uniq.append(d)
    q.require(len(uniq) >= 3, "fewer than three distinct wrong boards")

    def options(st, rng):
        wrong = [uniq[int(i)] for i in rng.choice(len(uniq), size=3, replace=False)]
        wrong.insert(LETTERS.index(letter), right)
        st["options"], st["option_labels"] = wrong, list(LETTERS[:4])
        return st

    s = q.edit(options)
    q.offer(4, "image")
    q.step("drop", steps=n, cleared=cleared)
    return q.answer(letter, witnesses=f"option:{letter}", examples=[x for x in LETTERS[:4] if x != letter],
                    question=(f"{INTRO} {FALLING} In the START well, the falling piece drops straight down from "
                              f"where it is shown, without moving sideways or rotating, until the next row down "
                              f"would collide, and locks. {CLEAR_RULE} Which lettered well shows the result?"))


LINE_SUPPORT = {1: range(0, 3), 2: range(0, 5), 3: range(0, 5)}


def plant_clears(st, rng, t, difficulty):
    """Rebuild the stack until the NEXT piece's best placement clears exactly ``t`` rows."""
    rows, cols = st["rows"], st["cols"]
    for _ in range(60):
        if t == 4:
            shape = "I"
        elif t == 3:
            shape = ("I", "J", "L")[int(rng.integers(3))]
        else:
            shape = SHAPES[int(rng.integers(len(SHAPES)))]
        board = sample_stack(rng, rows, cols, *STACK[difficulty])
        st["board"] = board
        places = list(placements(board, shape))
        i, _, landed, _ = places[int(rng.integers(len(places)))]
        prow = sorted({r for r, _ in landed})
        if len(prow) < t:
            continue
        want = [prow[int(j)] for j in rng.choice(len(prow), size=t, replace=False)]
        if not _rows_clear_plant(st, rng, set(landed), want):
            continue
        for r in prow:
            if r not in want and all(board[r][c] or (r, c) in landed for c in range(cols)):
                free = [c for c in range(cols) if (r, c) not in landed]
                board[r][free[int(rng.integers(len(free)))]] = 0
        if any(all(row) for row in board) or max_clear(board, shape)[0] != t:
            continue
        st.update(next=shape, next_color=int(rng.integers(1, N_COLORS + 1)), piece=None, layout="next")
        return st
    return st


@task("line_clear_count", answer="integer", annotation="bbox_map", ops="filtering,counting,ranking,state_update")
def line_clear_count(q):
    t = q.target(LINE_SUPPORT[q.difficulty], stratified=True)
    s = q.edit(lambda st, rng: plant_clears(st, rng, t, q.difficulty))
    q.require(s.get("layout") == "next", "no stack reached the target")
    best, place = max_clear(s["board"], s["next"])
    q.require(best == t, "target missed")
    q.step("search", best=best, placement=[place[0], place[1]])
    return q.answer(best, witnesses={"next_piece": "next_piece", "landing": "landing"},
                    question=(f"{INTRO} The NEXT piece may be rotated and moved sideways above the stack, then it "
                              f"falls straight down until it rests on a block or the floor, and locks. {CLEAR_RULE} "
                              f"Over all such placements, what is the largest number of rows the NEXT piece can "
                              f"clear?"))


ROW_SUPPORT = {1: range(0, 4), 2: range(0, 6), 3: range(0, 7)}


def plant_rows(st, rng, want_full, t):
    rows, cols = st["rows"], st["cols"]
    cap = rows - 6
    height = min(cap, max(t + int(rng.integers(1, 4)), int(rng.integers(3, cap + 1))))
    chosen = {rows - 1 - int(i) for i in rng.choice(height, size=t, replace=False)}
    board = [[0] * cols for _ in range(rows)]
    for r in range(rows - height, rows):
        if r in chosen:
            gaps = 0 if want_full else 1
        elif want_full:
            gaps = int(rng.integers(1, cols - 2))
        else:
            gaps = 0 if rng.random() < 0.2 else int(rng.integers(2, cols - 1))
        empty = {int(i) for i in rng.choice(cols, size=gaps, replace=False)}
        board[r] = [0 if c in empty else int(rng.integers(1, N_COLORS + 1)) for c in range(cols)]
    st["board"] = board
    st["piece"] = place_piece(rng, board, st["piece"]["shape"])
    return st


@task("row_occupancy_status_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("full_row_count", "one_gap_row_count"))
def row_occupancy_status_count(q):
    full = q.query_id == "full_row_count"
    t = q.target(ROW_SUPPORT[q.difficulty], stratified=True)
    s = q.edit(lambda st, rng: plant_rows(st, rng, full, t))
    q.require(s["piece"] is not None, "no room for the falling piece")
    grid = [row[:] for row in s["board"]]
    for r, c in piece_cells(s):
        grid[r][c] = 1
    want = 0 if full else 1
    hits = [r for r, row in enumerate(grid) if sum(1 for v in row if not v) == want]
    q.require(len(hits) == t, "target missed")
    what = "every cell filled" if full else "exactly one empty cell"
    return q.answer(len(hits), witnesses=[f"row:{r}" for r in hits],
                    question=f"{INTRO} {FALLING} How many rows of the well have {what}?")
