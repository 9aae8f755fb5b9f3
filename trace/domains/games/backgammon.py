"""games/backgammon: a numbered backgammon board (24 points as triangles, a bar, black and white checker
stacks) with a header naming the player to move and its direction and two dice; in the pip-count mode the
moving player's stacks carry D labels (their distance to bear off) instead of point numbers and dice.

The rules (single-die moves, blocked points, hits, the bar, bearing off, pip counts) live in
``tracegen.kits.race_boards``.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene, retrying
from tracegen.kits import race_boards as rb

STACKS = {1: (4, 6), 2: (6, 9), 3: (9, 13)}          # occupied points
SIDE_WORD = {"B": "black", "W": "white"}
CHECKER = {"B": "black", "W": "white"}
PALETTES = (  # (play area, triangle a, triangle b, frame)
    ((0.95, 0.91, 0.82), (0.66, 0.24, 0.20), (0.22, 0.40, 0.58), (0.35, 0.22, 0.12)),
    ((0.93, 0.93, 0.88), (0.30, 0.52, 0.36), (0.72, 0.50, 0.26), (0.18, 0.26, 0.20)),
    ((0.94, 0.90, 0.86), (0.42, 0.30, 0.55), (0.80, 0.42, 0.30), (0.16, 0.18, 0.30)),
)
W, H = 870, 588
X0, Y0, X1, Y1 = 44.0, 76.0, 826.0, 556.0        # play area
BAR = 40.0
PW = (X1 - X0 - BAR) / 12
TRI = 190.0
R = 22.5
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)]}


def point_column(p: int):
    """(column 0..11 from the left, top row?) of point ``p``: 1..12 along the bottom from the left,
    13..24 along the top from the right."""
    return (p - 1, False) if p <= 12 else (24 - p, True)


def column_x(col: int) -> float:
    """Left edge of a point column."""
    return X0 + col * PW + (BAR if col >= 6 else 0.0)


def random_counts(rng, k):
    return [int(rng.choice([1, 1, 1, 2, 2, 2, 3, 3, 4, 5])) for _ in range(k)]


def random_board(rng, difficulty, active):
    lo, hi = STACKS[difficulty]
    n = int(rng.integers(lo, hi + 1))
    pts = sorted(int(p) for p in rng.choice(range(1, 25), n, replace=False))
    n_act = max(1, int(round(n * rng.uniform(0.35, 0.6))))
    act = set(int(i) for i in rng.choice(n, n_act, replace=False))
    counts = random_counts(rng, n)
    return [[p, active if i in act else rb.OTHER[active], counts[i]] for i, p in enumerate(pts)]


class Backgammon(Scene):
    domain, scene_id, size = "games", "backgammon", (W, H)
    megapixels = (0.42, 0.68)   # image area (MP); the original's median is 0.512
    description = ("A numbered backgammon board: 24 triangular points around a central bar, black and white checker "
                   "stacks (a count on the top checker of a stack of four or more), a header naming the player to "
                   "move and its direction, and two dice; a pip-count variant labels the mover's stacks with D "
                   "distances instead.")

    def sample(self, rng, difficulty):
        active = "B" if rng.random() < 0.5 else "W"
        bar = {"B": 0, "W": 0}
        if rng.random() < 0.25:
            bar[rb.OTHER[active]] = 1
        return {"points": random_board(rng, difficulty, active), "bar": bar, "active": active,
                "dir": -1 if rng.random() < 0.5 else 1,
                "dice": [int(rng.integers(1, 7)), int(rng.integers(1, 7))], "mode": "moves"}

    def claims(self, state, params):
        out = [Claim(None, "colour", "black"), Claim(None, "colour", "white")]
        out += [Claim(f"checker:{p}", "colour", CHECKER[s]) for p, s, _ in state["points"]]
        return out

    def _stack(self, c, x, top, side, n, ident):
        """A stack of ``n`` checkers in a column starting at the board edge (``top`` from the top)."""
        shown = min(n, 4)
        cy0 = Y0 + R + 1 if top else Y1 - R - 1
        step = 2 * R * (1 if top else -1)
        fill = CHECKER[side]
        edge = (0.55, 0.55, 0.55) if side == "B" else (0.15, 0.15, 0.15)
        ys = [cy0 + i * step for i in range(shown)]
        for i, cy in enumerate(ys):
            c.circle(x, cy, R - 1, fill=fill, stroke=edge, lw=1.6)
        if n >= 4:
            c.circle(x, ys[-1], R * 0.62, fill=(0.98, 0.96, 0.86), stroke=(0.2, 0.2, 0.2), lw=1)
            c.text(x, ys[-1] + 0.5, str(n), size=14, bold=True, color=(0.08, 0.08, 0.08), kind="count")
        y_lo, y_hi = min(ys) - R, max(ys) + R
        c.register(ident, box=(x - R, y_lo, x + R, y_hi), fill=fill, stroke=edge, shape="circle")

    def render(self, c, state, params):
        play, tri_a, tri_b, frame = PALETTES[c.style.accent % len(PALETTES)]
        side, d = state["active"], state["dir"]
        pip = state.get("mode") == "pip"
        if pip:
            head = f"{SIDE_WORD[side].capitalize()} pip count: use the D labels"
        else:
            head = f"{SIDE_WORD[side].capitalize()} moves from point {24 if d < 0 else 1} toward point {1 if d < 0 else 24}"
        tw = c.text_width(head, size=19, bold=True)
        c.rect(W / 2 - tw / 2 - 40, 14, tw + 80, 40, fill="panel", stroke="ink", lw=1.3)
        c.circle(W / 2 - tw / 2 - 18, 34, 10, fill=CHECKER[side], stroke=(0.45, 0.45, 0.45), lw=1.2)
        c.text(W / 2 + 6, 34, head, size=19, bold=True, id="header")
        c.rect(X0 - 14, Y0 - 14, X1 - X0 + 28, Y1 - Y0 + 28, fill=frame, stroke=(0.05, 0.05, 0.05), lw=2)
        c.rect(X0, Y0, X1 - X0, Y1 - Y0, fill=play, stroke=None)
        bx = X0 + 6 * PW
        c.rect(bx, Y0 - 14, BAR, Y1 - Y0 + 28, fill=frame, stroke=(0.05, 0.05, 0.05), lw=1.5, id="bar")
        board = rb.bg_board(state["points"])
        dlabels = {}
        if pip:
            dlabels = {p: rb.bg_distance(p, d) for p, (s, _) in board.items() if s == side}
        for p in range(1, 25):
            col, top = point_column(p)
            x = column_x(col)
            tip = Y0 + TRI if top else Y1 - TRI
            base = Y0 if top else Y1
            c.polygon([(x + 1, base), (x + PW - 1, base), (x + PW / 2, tip)], fill=tri_a if col % 2 == 0 else tri_b,
                      stroke=None, id=f"point:{p}")
            ly = tip + 16 if top else tip - 16
            if not pip:
                c.text(x + PW / 2, ly, str(p), size=16, color=(0.1, 0.1, 0.1), kind="tick")
            elif p in dlabels:
                lab = f"D{dlabels[p]}"
                lw_ = c.text_width(lab, size=15, bold=True) + 12
                c.rect(x + PW / 2 - lw_ / 2, ly - 12, lw_, 24, fill=(1.0, 0.97, 0.80), stroke=(0.1, 0.1, 0.1), lw=1.2)
                c.text(x + PW / 2, ly, lab, size=15, bold=True, color=(0.08, 0.08, 0.08), kind="dlabel",
                       id=f"dlabel:{p}")
        for p, (s, n) in sorted(board.items()):
            col, top = point_column(p)
            self._stack(c, column_x(col) + PW / 2, top, s, n, f"checker:{p}")
        for s, n in sorted(state["bar"].items()):
            if n:
                cy = (Y0 + Y1) / 2 + (-60 if s == "W" else 60)
                edge = (0.55, 0.55, 0.55) if s == "B" else (0.15, 0.15, 0.15)
                c.circle(bx + BAR / 2, cy, BAR / 2 - 3, fill=CHECKER[s], stroke=edge, lw=1.5, id=f"barchecker:{s}")
        if not pip:
            ds = 36.0
            x = X0 + 6 * PW + BAR + PW * 1.5 - ds - 6
            for i, v in enumerate(state["dice"]):
                dx, dy = x + i * (ds + 14), (Y0 + Y1) / 2 - ds / 2
                c.rect(dx, dy, ds, ds, fill="white", stroke=(0.1, 0.1, 0.1), lw=2, id=f"die:{i}")
                for gx, gy in PIPS[v]:
                    c.circle(dx + ds * (0.22 + 0.28 * gx), dy + ds * (0.22 + 0.28 * gy), 3.6, fill=(0.08, 0.08, 0.08))


SCENE = Backgammon()
task = SCENE.task

INTRO = ("The image shows a numbered backgammon board with black and white checker stacks (a number on the top "
         "checker gives the size of a stack of four or more) and two dice.")


def _pt(p):
    return f"point:{p}"


def _direction_words(state):
    d = state["dir"]
    return (f"The header names the player to move and its direction: that player's checkers move from point "
            f"{24 if d < 0 else 1} toward point {1 if d < 0 else 24}.")


DEST_SUPPORT = {1: range(0, 4), 2: range(0, 6), 3: range(1, 8)}
DEST_WORD = {"legal_move_count": "legal (not blocked)", "hit_move_count": "hit moves (landing on a single "
             "opposing checker)", "blocked_destination_count": "blocked"}


def _build_destinations(q, t):
    qid = q.query_id

    def build(state, rng):
        side, d = state["active"], state["dir"]
        other = rb.OTHER[side]
        lo, hi = STACKS[q.difficulty]
        n_total = int(rng.integers(lo, hi + 1))
        k_act = int(rng.integers(2, max(3, n_total // 2 + 1)))
        act_pts = sorted(int(p) for p in rng.choice(range(1, 25), k_act, replace=False))
        dice = [int(rng.integers(1, 7)), int(rng.integers(1, 7))]
        counts = random_counts(rng, k_act)
        points = [[p, side, n] for p, n in zip(act_pts, counts)]
        dests = rb.bg_destinations(points, {}, side, d, dice)
        own = sorted(p for p, st in dests.items() if st == "own")
        free = [p for p, st in dests.items() if st == "empty"]
        free = [free[int(i)] for i in rng.permutation(len(free))]
        kind = {}
        if qid == "hit_move_count":
            if len(free) < t:
                return None
            for i, p in enumerate(free):
                kind[p] = "blot" if i < t else ("empty" if rng.random() < 0.5 else "block")
        elif qid == "blocked_destination_count":
            if len(free) < t:
                return None
            for i, p in enumerate(free):
                kind[p] = "block" if i < t else ("empty" if rng.random() < 0.6 else "blot")
        else:
            need = t - len(own)
            if need < 0 or len(free) < need:
                return None
            for i, p in enumerate(free):
                kind[p] = ("blot" if rng.random() < 0.35 else "empty") if i < need else "block"
        for p, k in kind.items():
            if k == "blot":
                points.append([p, other, 1])
            elif k == "block":
                points.append([p, other, int(rng.choice([2, 2, 3, 4, 5]))])
        used = {p for p, _, _ in points} | set(dests)
        rest = [p for p in range(1, 25) if p not in used]
        extra = max(0, n_total - len(points))
        if len(rest) < extra:
            return None
        for p in (rest[int(i)] for i in rng.permutation(len(rest))[:extra]):
            points.append([p, other, random_counts(rng, 1)[0]])
        state["points"] = sorted(points)
        state["dice"] = dice
        state["bar"][side] = 0
        state["mode"] = "moves"
        return state

    return build


@task("destination_count", answer="integer", annotation="bbox_set", ops="filtering,counting,state_update",
      queries=("legal_move_count", "hit_move_count", "blocked_destination_count"))
def destination_count(q):
    t = q.target(DEST_SUPPORT[q.difficulty], stratified=True)
    s = q.edit(retrying(_build_destinations(q, t), 300))
    side = s["active"]
    q.require(not s["bar"].get(side, 0), "the mover has a checker on the bar")
    dests = rb.bg_destinations(s["points"], s["bar"], side, s["dir"], s["dice"])
    want = {"legal_move_count": ("empty", "own", "hit"), "hit_move_count": ("hit",),
            "blocked_destination_count": ("blocked",)}[q.query_id]
    hits = sorted(p for p, st in dests.items() if st in want)
    q.require(len(hits) == t, "the board does not reach the target count")
    q.step("destinations", dice=s["dice"], statuses={str(p): st for p, st in sorted(dests.items())}, counted=hits)
    return q.answer(len(hits), witnesses=[_pt(p) for p in hits], examples=[2, 4],
                    question=(f"{INTRO} {_direction_words(s)} For every point holding the moving player's checkers "
                              f"and each of the two dice, moving one checker that many points in the player's "
                              f"direction gives a candidate destination point; a move that would go past the last "
                              f"point (bearing off) reaches no numbered point and is not counted. A destination "
                              f"holding two or more opposing checkers is blocked; one holding exactly one opposing "
                              f"checker is a hit. Counting each destination point once, however many checkers or "
                              f"dice reach it, how many distinct destination points are {DEST_WORD[q.query_id]}?"))


PIP_SUPPORT = {1: range(1, 6), 2: range(1, 9), 3: range(6, 19)}
PIP_SHAPE = {1: (2, 6, 3), 2: (3, 6, 4), 3: (4, 9, 4)}   # (max stacks, max distance, max per stack)


def _pip_splits(t, max_stacks, max_d, max_c):
    """Every set of (distance, count) stacks with distinct distances whose pips sum to ``t``."""
    out = []

    def rec(start, left, acc):
        if left == 0:
            out.append(list(acc))
            return
        if len(acc) == max_stacks:
            return
        for dd in range(start, min(max_d, left) + 1):
            for cc in range(1, max_c + 1):
                if cc * dd > left:
                    break
                rec(dd + 1, left - cc * dd, acc + [(dd, cc)])

    rec(1, t, [])
    return out


@task("pip_count_value", answer="integer", annotation="bbox_set", ops="aggregation,topology,formula_evaluation")
def pip_count_value(q):
    t = q.target(PIP_SUPPORT[q.difficulty], stratified=True)

    def build(state, rng):
        side, d = state["active"], state["dir"]
        max_k, max_d, max_c = PIP_SHAPE[q.difficulty]
        splits = _pip_splits(t, max_k, max_d, max_c)
        want_k = int(rng.choice([1, 1, 1, 1, 2, 2, 2, 3, 3, 4]))
        ks = sorted({len(x) for x in splits}, key=lambda k: (abs(k - want_k), k))
        pick = [x for x in splits if len(x) == ks[0]]
        split = pick[int(rng.integers(len(pick)))]
        points = [[dd if d < 0 else 25 - dd, side, cc] for dd, cc in split]
        lo, hi = STACKS[q.difficulty]
        n_total = max(int(rng.integers(lo, hi + 1)), len(points) + 2)
        used = {p for p, _, _ in points}
        rest = [p for p in range(1, 25) if p not in used]
        for p in (rest[int(i)] for i in rng.permutation(len(rest))[:n_total - len(points)]):
            points.append([p, rb.OTHER[side], random_counts(rng, 1)[0]])
        state["points"] = sorted(points)
        state["bar"] = {"B": 0, "W": 0}
        state["mode"] = "pip"
        return state

    s = q.edit(build)
    side = s["active"]
    mine = sorted(p for p, sd, _ in s["points"] if sd == side)
    value = rb.bg_pip_count(s["points"], s["bar"], side, s["dir"])
    q.step("pips", stacks={str(p): [n, rb.bg_distance(p, s["dir"])] for p, sd, n in s["points"] if sd == side})
    word = SIDE_WORD[side]
    return q.answer(value, witnesses=[_pt(p) for p in mine], examples=[6, 9],
                    question=(f"The image shows a backgammon board set up for a pip count, with black and white "
                              f"checker stacks (a number on the top checker gives the size of a stack of four or "
                              f"more). The player counted is {word}: count only the {word} checkers. Each {word} "
                              f"stack carries a D label, its distance in pips to bearing off. The pip count is the "
                              f"sum over the {word} stacks of (number of checkers x D). What is the {word} "
                              f"player's pip count?"))


STATE_SUPPORT = {1: range(0, 5), 2: range(0, 7), 3: range(1, 9)}
CONDITIONS = {"one": ("exactly one", lambda n: n == 1, (1,), (2, 3, 4)),
              "two_plus": ("two or more", lambda n: n >= 2, (2, 3, 4, 5), (1,)),
              "three_plus": ("three or more", lambda n: n >= 3, (3, 4, 5), (1, 2))}


@task("point_state_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def point_state_count(q):
    t = q.target(STATE_SUPPORT[q.difficulty], stratified=True)
    cond = q.choice("condition", sorted(CONDITIONS))
    colour = q.choice("colour", ["B", "W"])
    words, test, hit_counts, miss_counts = CONDITIONS[cond]

    def build(state, rng):
        lo, hi = STACKS[q.difficulty]
        n_total = max(int(rng.integers(lo, hi + 1)), t + 2)
        pts = [int(p) for p in rng.choice(range(1, 25), n_total, replace=False)]
        points = []
        for i, p in enumerate(pts):
            if i < t:
                points.append([p, colour, int(rng.choice(hit_counts))])
            elif rng.random() < 0.4:
                points.append([p, colour, int(rng.choice(miss_counts))])
            else:
                points.append([p, rb.OTHER[colour], random_counts(rng, 1)[0]])
        state["points"] = sorted(points)
        state["mode"] = "moves"
        return state

    s = q.edit(build)
    match = sorted(p for p, sd, n in s["points"] if sd == colour and test(n))
    q.step("filter", colour=colour, condition=cond, points=match)
    word = SIDE_WORD[colour]
    return q.answer(len(match), witnesses=[_pt(p) for p in match], examples=[3, 1],
                    question=(f"{INTRO} Checkers on the bar are not on a numbered point. How many numbered points "
                              f"hold {words} {word} checker{'' if cond == 'one' else 's'}?"))
