"""games/snakes_ladders: a numbered Snakes and Ladders board (squares 1..n*n in a boustrophedon from the
bottom-left), snakes and ladders, one token and a die showing the roll.

Rules: the token moves forward by the die value; if it lands on a ladder's foot it climbs to the ladder's
top, if it lands on a snake's head it slides to the snake's tail; a roll that would pass the last square
leaves the token where it is.  No square starts two jumps, and no jump starts where another ends.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene

SIDES = {1: 6, 2: 7, 3: 10}
JUMPS = {1: (1, 3), 2: (1, 4), 3: (2, 6)}
BOARD_PX = 470.0
LADDER = (0.55, 0.38, 0.18)
SNAKE = (0.22, 0.55, 0.25)
TOKEN = (0.85, 0.15, 0.15)


def square_rc(n, sq):
    """(row from the top, column) of square ``sq`` (1-based, row 0 of the numbering at the bottom)."""
    k = sq - 1
    row, pos = divmod(k, n)
    col = pos if row % 2 == 0 else n - 1 - pos
    return n - 1 - row, col


def jump_map(state):
    out = {}
    for a, b in state["ladders"]:
        out[a] = b
    for a, b in state["snakes"]:
        out[a] = b
    return out


def move(state, die):
    """(square after the roll and any jump, square reached by the roll before the jump)."""
    last = state["n"] ** 2
    land = state["token"] + die
    if land > last:
        return state["token"], state["token"]
    return jump_map(state).get(land, land), land


def _row(n, sq):
    return (sq - 1) // n


def _pt(n, sq):
    r, c = square_rc(n, sq)
    return c + 0.5, r + 0.5


def _point_seg(p, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _crosses(a, b, c, d) -> bool:
    def orient(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return (orient(a, b, c) * orient(a, b, d) < 0) and (orient(c, d, a) * orient(c, d, b) < 0)


def apart(n, j1, j2, gap=0.55) -> bool:
    """Two jumps (square pairs) drawn as segments between square centres neither cross nor come closer than
    ``gap`` cells."""
    a, b = _pt(n, j1[0]), _pt(n, j1[1])
    c, d = _pt(n, j2[0]), _pt(n, j2[1])
    if _crosses(a, b, c, d):
        return False
    return min(_point_seg(a, c, d), _point_seg(b, c, d), _point_seg(c, a, b), _point_seg(d, a, b)) >= gap


def random_jumps(rng, n, n_ladders, n_snakes, avoid=()):
    """Ladders (foot, top) and snakes (head, tail) on distinct squares, each spanning at least one row,
    none touching the first or last square, none starting where another ends."""
    last = n * n
    for _ in range(200):
        used = set(avoid)
        ladders, snakes = [], []
        ok = True
        for kind, count in (("L", n_ladders), ("S", n_snakes)):
            for _k in range(count):
                for _t in range(50):
                    a, b = sorted(int(x) for x in rng.choice(range(2, last), 2, replace=False))
                    if _row(n, b) - _row(n, a) < 1 or b - a > 3 * n or a in used or b in used:
                        continue
                    if not all(apart(n, (a, b), j) for j in ladders + snakes):
                        continue
                    if any(_point_seg(_pt(n, x), _pt(n, a), _pt(n, b)) < 0.45 for x in avoid):
                        continue
                    used |= {a, b}
                    (ladders.append([a, b]) if kind == "L" else snakes.append([b, a]))
                    break
                else:
                    ok = False
        if ok:
            return sorted(ladders), sorted(snakes)
    return None


class SnakesLadders(Scene):
    domain, scene_id, size = "games", "snakes_ladders", (700, 530)
    megapixels = (0.62, 0.92)   # image area (MP); the original's median is 0.76
    description = ("A numbered Snakes and Ladders board with ladders (two rails and rungs), snakes (head at the "
                   "higher square, pointed tail at the lower one), one round token and a die showing a roll.")

    def sample(self, rng, difficulty):
        n = SIDES[difficulty]
        lo, hi = JUMPS[difficulty]
        while True:
            got = random_jumps(rng, n, int(rng.integers(lo, hi + 1)), int(rng.integers(lo, hi + 1)))
            if got is None:
                continue
            ladders, snakes = got
            starts = {a for a, _ in ladders} | {a for a, _ in snakes}
            free = [s for s in range(1, n * n) if s not in starts]
            token = free[int(rng.integers(len(free)))]
            return {"n": n, "ladders": ladders, "snakes": snakes, "token": token, "die": int(rng.integers(1, 7))}

    def render(self, c, state, params):
        n = state["n"]
        w, h = self.size
        cell = BOARD_PX / n
        x0, y0 = 24.0, (h - BOARD_PX) / 2

        def center(sq):
            r, k = square_rc(n, sq)
            return x0 + (k + 0.5) * cell, y0 + (r + 0.5) * cell

        shades = ((0.99, 0.98, 0.94), (0.93, 0.95, 0.90))
        for sq in range(1, n * n + 1):
            r, k = square_rc(n, sq)
            bx, by = x0 + k * cell, y0 + r * cell
            c.rect(bx, by, cell, cell, fill=shades[(r + k) % 2], stroke=(0.45, 0.45, 0.45), lw=1, id=f"sq:{sq}")
            c.text(bx + 4, by + 3, str(sq), size=13, anchor="l", valign="t", color=(0.15, 0.15, 0.18), kind="tick")
        for a, b in state["ladders"]:
            (xa, ya), (xb, yb) = center(a), center(b)
            ang = math.atan2(yb - ya, xb - xa)
            ox, oy = -math.sin(ang) * 7, math.cos(ang) * 7
            c.line(xa + ox, ya + oy, xb + ox, yb + oy, color=LADDER, lw=3.5)
            c.line(xa - ox, ya - oy, xb - ox, yb - oy, color=LADDER, lw=3.5)
            steps = max(2, int(math.hypot(xb - xa, yb - ya) / 16))
            for i in range(1, steps):
                t = i / steps
                px, py = xa + (xb - xa) * t, ya + (yb - ya) * t
                c.line(px + ox, py + oy, px - ox, py - oy, color=LADDER, lw=2.5)
        for a, b in state["snakes"]:
            (xa, ya), (xb, yb) = center(a), center(b)
            length = math.hypot(xb - xa, yb - ya)
            nx, ny = -(yb - ya) / length, (xb - xa) / length
            pts = []
            for i in range(41):
                t = i / 40
                wav = math.sin(t * math.pi * 3) * 9 * (1 - t * 0.6)
                pts.append((xa + (xb - xa) * t + nx * wav, ya + (yb - ya) * t + ny * wav))
            c.polyline(pts, color=SNAKE, lw=6)
            # pointed tail
            tx, ty = pts[-1]
            ux, uy = (xb - xa) / length, (yb - ya) / length
            c.polygon([(tx + ux * 10, ty + uy * 10), (tx - uy * 4, ty + ux * 4), (tx + uy * 4, ty - ux * 4)], fill=SNAKE)
            c.circle(xa, ya, 10, fill=SNAKE, stroke=(0.1, 0.25, 0.1), lw=1.5)
            c.circle(xa - 3.5, ya - 2.5, 2.2, fill="white")
            c.circle(xa + 3.5, ya - 2.5, 2.2, fill="white")
        tx, ty = center(state["token"])
        c.circle(tx + cell * 0.18, ty + cell * 0.12, min(14.0, cell * 0.24), fill=TOKEN, stroke=(0.1, 0.1, 0.1), lw=2,
                 id="token")
        # die panel
        px = x0 + BOARD_PX + 30
        c.rect(px, y0, w - px - 20, 190, fill="panel", stroke="ink", lw=1.5)
        c.text(px + (w - px - 20) / 2, y0 + 26, "Roll", size=17, bold=True)
        dx, dy, ds = px + (w - px - 20) / 2 - 40, y0 + 58, 80.0
        c.rect(dx, dy, ds, ds, fill="white", stroke=(0.1, 0.1, 0.1), lw=2.5, id="die")
        pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
                5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)]}
        for gx, gy in pips[state["die"]]:
            c.circle(dx + ds * (0.22 + 0.28 * gx), dy + ds * (0.22 + 0.28 * gy), 7, fill=(0.08, 0.08, 0.08))
        c.text(px + (w - px - 20) / 2, y0 + 166, "die", size=14, color="muted")


SCENE = SnakesLadders()
task = SCENE.task

RULES = ("The token moves forward by the number rolled on the die. If it lands on the foot of a ladder it climbs "
         "to the ladder's top; if it lands on a snake's head it slides down to the snake's tail. A roll that would "
         "go past the last square leaves the token where it is.")


def _sq(sq):
    return f"sq:{sq}"


@task("move_outcome_value", answer="integer", annotation="bbox_map", ops="state_update")
def move_outcome_value(q):
    jump = q.choice("landing", ["ladder", "snake", "plain", "ladder", "snake"])

    def edit(state, rng):
        n = state["n"]
        starts = [a for a, _ in (state["ladders"] if jump == "ladder" else state["snakes"])]
        all_starts = {a for a, _ in state["ladders"]} | {a for a, _ in state["snakes"]}
        if jump == "plain":
            cands = [(t, d) for t in range(1, n * n) for d in range(1, 7)
                     if t not in all_starts and t + d <= n * n and t + d not in all_starts]
        else:
            cands = [(s - d, d) for s in starts for d in range(1, 7) if s - d >= 1 and s - d not in all_starts]
        q.require(bool(cands), "no roll reaches the chosen kind of square")
        state["token"], state["die"] = cands[int(rng.integers(len(cands)))]
        return state

    s = q.edit(edit)
    end, land = move(s, s["die"])
    q.step("roll", token=s["token"], die=s["die"], landed=land, final=end)
    return q.answer(end, witnesses={"start_square": _sq(s["token"]), "final_square": _sq(end)},
                    question=(f"This is a numbered Snakes and Ladders board with one token; the die beside the board "
                              f"shows the roll. {RULES} Which square number is the token on after this roll?"))


REMAIN_SUPPORT = {1: range(1, 21), 2: range(1, 29), 3: range(5, 60)}


@task("remaining_to_finish_value", answer="integer", annotation="bbox_map", ops="formula_evaluation")
def remaining_to_finish_value(q):
    t = q.target(REMAIN_SUPPORT[q.difficulty], stratified=True)

    def edit(state, rng):
        last = state["n"] ** 2
        token = last - t
        starts = {a for a, _ in state["ladders"]} | {a for a, _ in state["snakes"]}
        q.require(token not in starts and token >= 1, "the token would stand on a jump start")
        state["token"] = token
        return state

    s = q.edit(edit)
    last = s["n"] ** 2
    q.step("difference", finish=last, token=s["token"])
    return q.answer(last - s["token"], witnesses={"token_square": _sq(s["token"]), "finish_square": _sq(last)},
                    question=(f"This is a numbered Snakes and Ladders board with one token. Ignoring snakes and "
                              f"ladders, how many squares does the token still have to advance to reach the last "
                              f"square (the last square's number minus the token's square number)?"))


COUNT_SUPPORT = {1: range(1, 4), 2: range(1, 5), 3: range(2, 7)}


@task("special_square_count", answer="integer", annotation="bbox_set", ops="counting",
      queries=("ladder_count", "snake_count"))
def special_square_count(q):
    t = q.target(COUNT_SUPPORT[q.difficulty], stratified=True)
    ladder = q.query_id == "ladder_count"

    def edit(state, rng):
        n = state["n"]
        lo, hi = JUMPS[q.difficulty]
        other = int(rng.integers(lo, hi + 1))
        got = random_jumps(rng, n, t if ladder else other, other if ladder else t, avoid={state["token"]})
        q.require(got is not None, "no room for the jumps")
        state["ladders"], state["snakes"] = got
        return state

    s = q.edit(edit)
    items = s["ladders"] if ladder else s["snakes"]
    starts = [a for a, _ in items]
    q.step("count", kind="ladders" if ladder else "snakes", starts=starts)
    what = "ladders" if ladder else "snakes"
    return q.answer(len(items), witnesses=[_sq(a) for a in starts],
                    question=f"This is a numbered Snakes and Ladders board with one token. How many {what} are on the board?")
