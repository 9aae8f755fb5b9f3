"""games/snake: a Snake board with a yellow head, a connected blue body, red food and grey walls.

Rules (``tracegen.kits.gridgames.snake_step``): each move sends the head one cell up, down, left
or right; the body follows (every segment takes the place of the one before it, the tail cell is
left) and the snake grows by one when the head lands on food.  The game is over when the head
leaves the board or enters a wall or the body.  States where the head would enter the cell the tail
is leaving are rejected, so the answers never hinge on that timing.  The original's board is 7 x 7.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS
from tracegen.kits.grid import Grid
from tracegen.kits.gridgames import MOVE_STEP, snake_run, sprite

SIZES = {1: 6, 2: 7, 3: 9}
LENGTHS = {1: (4, 8), 2: (6, 12), 3: (9, 16)}
N_MOVES = {1: (2, 3), 2: (3, 5), 3: (5, 7)}
BODY = "blue"
BODY_EDGE = (0.12, 0.22, 0.45)
TEXT = (0.12, 0.12, 0.15)
DIRS = ("up", "down", "left", "right")


def random_snake(rng, n, length):
    for _ in range(200):
        cells = [(int(rng.integers(n)), int(rng.integers(n)))]
        while len(cells) < length:
            r, c = cells[-1]
            nxt = [(r + a, c + b) for a, b in MOVE_STEP.values()
                   if 0 <= r + a < n and 0 <= c + b < n and (r + a, c + b) not in cells]
            if not nxt:
                break
            cells.append(nxt[int(rng.integers(len(nxt)))])
        if len(cells) == length:
            return [list(x) for x in cells]
    return None


def free_cells(st):
    n = st["n"]
    used = {tuple(x) for x in st["snake"] + st["walls"] + st["food"]}
    return [(r, c) for r in range(n) for c in range(n) if (r, c) not in used]


def add_items(st, rng, walls, food):
    st["walls"], st["food"] = [], []
    for key, k in (("walls", walls), ("food", food)):
        free = free_cells(st)
        st[key] = sorted([list(free[int(i)]) for i in rng.choice(len(free), size=k, replace=False)])
    return st


class Snake(Scene):
    domain, scene_id, size = "games", "snake", (760, 760)
    megapixels = (0.72, 0.9)
    description = "A Snake game board: a yellow head with a connected blue body, red food and grey wall blocks."

    def sample(self, rng, difficulty):
        n = SIZES[difficulty]
        lo, hi = LENGTHS[difficulty]
        for _ in range(50):
            snake = random_snake(rng, n, int(rng.integers(lo, hi + 1)))
            if snake:
                st = {"n": n, "snake": snake, "walls": [], "food": [], "moves": [], "options": []}
                return add_items(st, rng, int(rng.integers(3, 7)), int(rng.integers(1, 3)))
        raise RuntimeError("no snake fits")

    def claims(self, state, params):
        out = [Claim("head", "colour", "yellow"), Claim(None, "colour", "red"), Claim(None, "colour", "gray")]
        out += [Claim(f"food:{r}:{c}", "colour", "red") for r, c in state["food"]]
        out += [Claim(f"wall:{r}:{c}", "colour", "gray") for r, c in state["walls"]]
        out += [Claim(f"body:{r}:{c}", "colour", "blue") for r, c in state["snake"][1:]]
        return out

    def render(self, c, state, params):
        n = state["n"]
        w, h = self.size
        low = 60 if state["options"] else 0
        c.rect(40, 40, w - 80, h - 80 - low, fill=(0.86, 0.88, 0.93), stroke=(0.3, 0.32, 0.4), lw=3)
        g = Grid.fit(n, n, 60, 60, w - 120, h - 120 - low)
        for r in range(n):
            for k in range(n):
                x0, y0, x1, y1 = g.box(r, k)
                c.rect(x0, y0, x1 - x0, y1 - y0, fill=(0.97, 0.98, 1.0) if (r + k) % 2 else (0.91, 0.93, 0.98),
                       stroke=(0.78, 0.8, 0.86), lw=0.8, id=f"cell:{r}:{k}")
        s = g.cell
        for r, k in state["walls"]:
            x0, y0, x1, y1 = g.box(r, k, inset=s * 0.1)
            c.rect(x0, y0, x1 - x0, y1 - y0, fill="gray", stroke=(0.2, 0.2, 0.22), lw=2, id=f"wall:{r}:{k}")
            for t in (0.3, 0.55, 0.8):
                c.line(x0 + (x1 - x0) * (t - 0.2), y1 - 4, x0 + (x1 - x0) * t, y0 + 4, color=(0.85, 0.85, 0.85), lw=1.5)
        for r, k in state["food"]:
            x0, y0, _, _ = g.box(r, k, inset=s * 0.15)
            sprite(c, "cherry", x0, y0, s * 0.7, id=f"food:{r}:{k}", fill_id="red")
        body = [tuple(x) for x in state["snake"]]
        for (a, b), (p, q) in zip(body, body[1:]):
            (x0, y0), (x1, y1) = g.center(a, b), g.center(p, q)
            c.line(x0, y0, x1, y1, color=BODY, lw=s * 0.22)
        for i, (r, k) in enumerate(body[1:], start=1):
            inset = s * (0.3 if i == len(body) - 1 else 0.16)
            x0, y0, x1, y1 = g.box(r, k, inset=inset)
            c.rect(x0, y0, x1 - x0, y1 - y0, fill=BODY, stroke=BODY_EDGE, lw=1.5, id=f"body:{r}:{k}")
        hr, hk = body[0]
        x0, y0, x1, y1 = g.box(hr, hk, inset=s * 0.1)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="yellow", stroke=(0.45, 0.35, 0.05), lw=2, id="head")
        cx, cy = g.center(hr, hk)
        for dx in (-0.14, 0.14):
            c.circle(cx + dx * s, cy - 0.06 * s, s * 0.06, fill="black")
        for (r, k), lab in zip(state["options"], LETTERS):
            cx, cy = g.center(r, k)
            c.circle(cx, cy, s * 0.24, fill="white", stroke=(0.15, 0.15, 0.2), lw=1.6, id=f"opt:{lab}")
            c.text(cx, cy + 1, lab, size=max(14.0, s * 0.26), bold=True, color=TEXT)
        if state["options"]:
            lab = LETTERS[len(state["options"])]
            c.rect(w / 2 - 110, h - 90, 220, 46, fill="white", stroke=(0.3, 0.32, 0.4), lw=1.6, id=f"opt:{lab}")
            c.text(w / 2, h - 66, f"{lab}: GAME OVER", size=18, bold=True, color=TEXT)


SCENE = Snake()
task = SCENE.task

INTRO = ("The picture shows a Snake board: a yellow head with a connected body of blue segments ending in a "
         "small tail segment, red food and gray wall blocks.")
SAFE = ("A move is safe when the head stays on the board and does not enter a gray wall or a cell of the snake; "
        "moving onto red food is safe.")


def snake_length_support(d):
    lo, hi = LENGTHS[d]
    return range(lo, hi + 1)


@task("snake_length_count", answer="integer", annotation="bbox_set", ops="counting")
def snake_length_count(q):
    t = q.target(snake_length_support(q.difficulty), stratified=True)

    def plant(st, rng):
        snake = random_snake(rng, st["n"], t)
        if snake:
            st["snake"] = snake
            add_items(st, rng, len(st["walls"]), len(st["food"]))
        return st

    s = q.edit(plant)
    q.require(len(s["snake"]) == t, "target missed")
    ids = ["head"] + [f"body:{r}:{c}" for r, c in s["snake"][1:]]
    return q.answer(len(s["snake"]), witnesses=ids,
                    question=f"{INTRO} How many cells does the snake occupy, head and tail included?")


def safe_moves(st):
    n = st["n"]
    hr, hc = st["snake"][0]
    blocked = {tuple(x) for x in st["snake"] + st["walls"]}
    return [(d, (hr + a, hc + b)) for d, (a, b) in MOVE_STEP.items()
            if 0 <= hr + a < n and 0 <= hc + b < n and (hr + a, hc + b) not in blocked]


def tail_next_to_head(st):
    (hr, hc), (tr, tc) = st["snake"][0], st["snake"][-1]
    return abs(hr - tr) + abs(hc - tc) == 1


@task("safe_direction_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def safe_direction_count(q):
    t = q.target(range(0, 4), stratified=True)

    def plant(st, rng):
        for _ in range(60):
            safe = safe_moves(st)
            if len(safe) < t or tail_next_to_head(st):
                snake = random_snake(rng, st["n"], len(st["snake"]))
                if snake:
                    st["snake"] = snake
                    add_items(st, rng, len(st["walls"]), len(st["food"]))
                continue
            # wall off safe cells until t are left
            extra = [safe[int(i)][1] for i in rng.choice(len(safe), size=len(safe) - t, replace=False)]
            st["walls"] = sorted(st["walls"] + [list(x) for x in extra])
            st["food"] = [f for f in st["food"] if tuple(f) not in extra]
            return st
        return st

    s = q.edit(plant)
    q.require(not tail_next_to_head(s), "the tail is next to the head")
    safe = sorted(cell for _, cell in safe_moves(s))
    q.require(len(safe) == t, "target missed")
    return q.answer(len(safe), witnesses=[f"cell:{r}:{c}" for r, c in safe],
                    question=f"{INTRO} {SAFE} How many of the four moves up, down, left and right are safe right now?")


def outcome(st, moves):
    return snake_run(st["n"], [tuple(x) for x in st["snake"]], {tuple(x) for x in st["walls"]},
                     {tuple(x) for x in st["food"]}, moves)


def plant_path(st, rng, letter, difficulty):
    n = st["n"]
    lo, hi = N_MOVES[difficulty]
    want_over = letter == LETTERS[3]
    for _ in range(400):
        k = int(rng.integers(lo, hi + 1))
        moves = [DIRS[int(i)] for i in rng.integers(0, 4, size=k)]
        res = outcome(st, moves)
        if res["tail_touch"] or res["over"] != want_over:
            continue
        if want_over and res["step"] < k - 2:
            continue   # the crash comes late in the sequence
        truth = None if want_over else res["head"]
        # decoys: where slightly different sequences would leave the head (pure displacement)
        cands = []
        hr, hc = st["snake"][0]
        variants = [moves[:-1], moves + [moves[-1]], [m for m in moves[::-1]]]
        variants += [moves[:i] + [d] + moves[i + 1:] for i in range(k) for d in DIRS if d != moves[i]]
        blocked = {tuple(x) for x in st["walls"] + st["snake"]}
        for v in variants:
            r, c = hr + sum(MOVE_STEP[m][0] for m in v), hc + sum(MOVE_STEP[m][1] for m in v)
            if 0 <= r < n and 0 <= c < n and (r, c) not in blocked and (r, c) != truth and (r, c) not in cands:
                cands.append((r, c))
        if len(cands) < (3 if want_over else 2):
            continue
        near = cands[:3]
        pick = [near[int(i)] for i in rng.permutation(len(near))][:3 if want_over else 2]
        if not want_over:
            pick.insert(LETTERS.index(letter), truth)
        st["moves"], st["options"] = moves, [list(x) for x in pick]
        return st
    return st


@task("path_outcome_option_label", answer="option_letter", annotation="bbox_set",
      ops="topology,state_update,matching")
def path_outcome_option_label(q):
    letter = q.target(LETTERS[:4], stratified=True)
    s = q.edit(lambda st, rng: plant_path(st, rng, letter, q.difficulty))
    q.require(len(s["options"]) == 3, "no move sequence fits")
    res = outcome(s, s["moves"])
    q.require(not res["tail_touch"], "the head enters the tail's cell")
    if res["over"]:
        ans = LETTERS[3]
    else:
        (i,) = [j for j, o in enumerate(s["options"]) if tuple(o) == res["head"]]
        ans = LETTERS[i]
    path = res["path"] or [tuple(s["snake"][0])]
    q.offer(4, "prompt")
    seq = ", ".join(f"{i + 1}. {m.upper()}" for i, m in enumerate(s["moves"]))
    return q.answer(ans, witnesses=[f"cell:{r}:{c}" for r, c in path],
                    question=(f"{INTRO} {SAFE} Each move sends the head one cell; the body follows it (each "
                              f"segment moves into the cell of the one ahead of it) and the snake grows by one "
                              f"segment when it eats food. Make these moves in order: {seq}. Where does it end up? "
                              f"Options A, B and C are the lettered cells (the head's final cell); option D: GAME "
                              f"OVER, the head leaves the board or enters a wall or the snake's body."))
