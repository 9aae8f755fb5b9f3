"""games/2048 (module game_2048: a module name cannot start with a digit; the scene id is "2048").

A 2048 board with a move arrow.  One move slides every tile toward the arrow's wall; two equal
tiles that meet merge into their sum (the pair nearest the wall first) and a merged tile does not
merge again in that move (``tracegen.kits.gridgames.slide_2048``).  The original's board is 4 x 4.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS
from tracegen.kits.grid import Grid
from tracegen.kits.gridgames import MOVE_STEP, draw_2048, slide_2048

SIZES = {1: 3, 2: 4, 3: 5}
MOVES = tuple(MOVE_STEP)
ARROW = (0.32, 0.25, 0.2)
TEXT = (0.15, 0.13, 0.12)
PANEL = (0.97, 0.96, 0.93)
LAYOUT_SIZES = {"board": (600, 600), "options": (820, 880)}


def random_board(rng, n, top_exp, count=None, values=None):
    count = count if count is not None else int(rng.integers(n * n // 3 + 1, n * n - 1))
    cells = rng.choice(n * n, size=count, replace=False)
    board = [[0] * n for _ in range(n)]
    for i in cells:
        v = values[int(rng.integers(len(values)))] if values else 2 ** int(rng.integers(1, top_exp + 1))
        board[int(i) // n][int(i) % n] = v
    return board


class Game2048(Scene):
    domain, scene_id, size = "games", "2048", (600, 600)
    megapixels = (0.38, 0.5)
    description = "A 2048 board of numbered tiles with an arrow showing the move to make."

    def sample(self, rng, difficulty):
        n = SIZES[difficulty]
        return {"n": n, "board": random_board(rng, n, 6), "move": MOVES[int(rng.integers(4))], "layout": "board"}

    def canvas_size(self, state):
        return LAYOUT_SIZES[state.get("layout", "board")]

    @staticmethod
    def _arrow(c, g, move, length=54.0):
        dr, dc = MOVE_STEP[move]
        cx, cy = (g.x0 + g.x1) / 2, (g.y0 + g.y1) / 2
        hw, hh = (g.x1 - g.x0) / 2 + 14, (g.y1 - g.y0) / 2 + 14
        x0, y0 = cx + dc * hw, cy + dr * hh
        x1, y1 = x0 + dc * length, y0 + dr * length
        hx, hy = x1 - dc * 24, y1 - dr * 24        # the head's base
        c.line(x0, y0, hx, hy, color=ARROW, lw=9)
        c.polygon([(x1, y1), (hx - dr * 17, hy - dc * 17), (hx + dr * 17, hy + dc * 17)], fill=ARROW, id="arrow")

    def render(self, c, state, params):
        n, move = state["n"], state["move"]
        if state.get("layout", "board") == "board":
            c.rect(14, 14, 572, 572, fill=PANEL, stroke=(0.4, 0.35, 0.3), lw=1.6)
            g = Grid.fit(n, n, 90, 90, 420, 420)
            draw_2048(c, g, state["board"])
            self._arrow(c, g, move)
            _, merges = slide_2048(state["board"], move)
            for i, (a, b) in enumerate(merges):
                c.register(f"merge:{i}", segment=(g.center(*a), g.center(*b)))
            return
        w, h = LAYOUT_SIZES["options"]
        c.rect(w / 2 - 200, 14, 400, 350, fill=PANEL, stroke=(0.4, 0.35, 0.3), lw=1.6)
        g = Grid.fit(n, n, w / 2 - 110, 80, 220, 220)
        draw_2048(c, g, state["board"], prefix="tile")
        self._arrow(c, g, move, length=40)
        pw, ph = (w - 4 * 14) / 3, (h - 380 - 3 * 14) / 2
        for i, (lab, board) in enumerate(zip(LETTERS, state["options"])):
            x, y = 14 + (i % 3) * (pw + 14), 380 + (i // 3) * (ph + 14)
            c.rect(x, y, pw, ph, fill=(0.97, 0.96, 0.93), stroke=(0.4, 0.35, 0.3), lw=1.6, id=f"option:{lab}")
            og = Grid.fit(n, n, x + 16, y + 14, pw - 32, ph - 56)
            draw_2048(c, og, board, prefix=None)
            c.circle(x + pw / 2, y + ph - 20, 14, fill=(0.98, 0.95, 0.85), stroke=(0.4, 0.35, 0.3), lw=1.4)
            c.text(x + pw / 2, y + ph - 19, lab, size=16, bold=True, color=TEXT)


SCENE = Game2048()
task = SCENE.task


def rules(n):
    return (f"The picture shows a {n} x {n} 2048 board with numbered tiles and an arrow. In 2048 a move slides "
            f"every tile as far as it goes toward the arrow; two equal tiles that meet merge into one tile "
            f"holding their sum, the pair nearest the wall merging first, and a merged tile does not merge "
            f"again in the same move. No new tile appears.")


MAX_SUPPORT = {1: (8, 16, 32, 64), 2: (16, 32, 64, 128, 256), 3: (32, 64, 128, 256, 512)}


def plant_max(st, rng, t):
    n, move = st["n"], st["move"]
    exp = t.bit_length() - 1
    for _ in range(200):
        board = random_board(rng, n, exp - 2)
        # two tiles of t/2 in one line of the move, nothing between them
        line = int(rng.integers(n))
        a, b = sorted(int(x) for x in rng.choice(n, size=2, replace=False))
        for i in range(a + 1, b):
            if move in ("left", "right"):
                board[line][i] = 0
            else:
                board[i][line] = 0
        for i in (a, b):
            if move in ("left", "right"):
                board[line][i] = t // 2
            else:
                board[i][line] = t // 2
        after, merges = slide_2048(board, move)
        top = [m for m in merges if after_value(board, m) == t]
        if max(max(r) for r in after) == t and len(top) == 1:
            st["board"] = board
            return st
    return st


def after_value(board, m):
    (r, c), _ = m
    return 2 * board[r][c]


@task("max_tile_value", answer="integer", annotation="bbox_set", ops="ranking,state_update")
def max_tile_value(q):
    t = q.target(MAX_SUPPORT[q.difficulty], stratified=True)
    s = q.edit(lambda st, rng: plant_max(st, rng, t))
    after, merges = slide_2048(s["board"], s["move"])
    best = max(max(r) for r in after)
    top = [m for m in merges if after_value(s["board"], m) == best]
    q.require(best == t and len(top) == 1, "target missed")
    (a, b), = top
    return q.answer(best, witnesses=[f"tile:{a[0]}:{a[1]}", f"tile:{b[0]}:{b[1]}"],
                    question=f"{rules(s['n'])} What is the largest tile value on the board after the move?")


MERGE_SUPPORT = {1: range(0, 4), 2: range(0, 5), 3: range(0, 7)}


def plant_merges(st, rng, t):
    n = st["n"]
    for _ in range(400):
        k = int(rng.integers(2, 6))
        values = [2 ** int(e) for e in rng.choice(range(1, 8), size=k, replace=False)]
        board = random_board(rng, n, 6, values=values)
        if len(slide_2048(board, st["move"])[1]) == t:
            st["board"] = board
            return st
    return st


@task("merge_count", answer="integer", annotation="segment_set", ops="counting,state_update")
def merge_count(q):
    t = q.target(MERGE_SUPPORT[q.difficulty], stratified=True)
    s = q.edit(lambda st, rng: plant_merges(st, rng, t))
    _, merges = slide_2048(s["board"], s["move"])
    q.require(len(merges) == t, "target missed")
    return q.answer(len(merges), witnesses=[f"merge:{i}" for i in range(len(merges))],
                    question=f"{rules(s['n'])} How many merges does the move make?")


@task("move_result_board_label", answer="string", annotation="bbox", ops="state_update")
def move_result_board_label(q):
    letter = q.target(LETTERS[:6], stratified=True)

    def plant(st, rng):
        n, move = st["n"], st["move"]
        for attempt in range(100):
            board = st["board"] if attempt == 0 else random_board(rng, n, 5)
            right, merges = slide_2048(board, move)
            if not merges:
                continue
            wrong = [slide_2048(board, m)[0] for m in MOVES if m != move]
            wrong += [slide_2048(board, move, merge=False)[0], slide_2048(board, move, chain=True)[0], board]
            uniq = []
            for x in wrong:
                if x != right and x not in uniq:
                    uniq.append(x)
            if len(uniq) < 5:
                continue
            pick = [uniq[int(i)] for i in rng.choice(len(uniq), size=5, replace=False)]
            pick.insert(LETTERS.index(letter), right)
            st.update(board=board, options=pick, layout="options")
            return st
        return st

    s = q.edit(plant)
    q.require(s["layout"] == "options", "no board with five distinct wrong results")
    right, _ = slide_2048(s["board"], s["move"])
    (i,) = [j for j, o in enumerate(s["options"]) if o == right]
    q.offer(6, "image")
    return q.answer(LETTERS[i], witnesses=f"option:{LETTERS[i]}", examples=[x for x in LETTERS[:6] if x != letter],
                    question=(f"{rules(s['n'])} The lettered boards below are candidate results. Which one shows "
                              f"the board right after the arrow's move?"))
