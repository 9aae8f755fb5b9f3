"""games/brick_breaker: a brick-breaker playfield with lettered bricks, the ball and its heading.

The ball moves in a straight line and bounces off the side walls and the ceiling like a mirror
(the velocity's component across the wall flips); it stops at the first brick it touches.  The ball
has a radius, so its centre touches a brick when it enters the brick grown by that radius.  States
are kept only when the answer survives growing or shrinking that margin by a few units (no grazing
shots).  Catch lanes split the floor into lettered zones.  The original's walls: 5-6 columns of
3-5 rows, 5-6 catch lanes.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits import arcade
from tracegen.kits.raytrace import inflate, trace

ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# brick columns (lo, hi), rows (lo, hi), catch lanes (lo, hi), most wall bounces
LEVELS = {1: ((4, 5), (2, 3), (3, 4), 0), 2: ((5, 6), (3, 4), (5, 6), 1), 3: ((6, 7), (4, 5), (6, 7), 2)}
REMAIN_SUPPORT = {1: range(1, 4), 2: range(1, 6), 3: range(2, 7)}
W, H = 640, 460
ARENA = (34.0, 26.0, 606.0, 438.0)
BRICK_TOP, BRICK_H, GAP = 48.0, 30.0, 8.0
CATCH_Y, LANE_H = 392.0, 30.0
R, MARGIN = 8.0, 3.0
SHADES = ((0.60, 0.80, 0.95), (0.72, 0.88, 0.97), (0.55, 0.72, 0.92), (0.66, 0.86, 0.90), (0.80, 0.90, 0.98))
SKY = (0.08, 0.15, 0.30)
TRIES = 80


def brick_box(state, row, col):
    x0, _, x1, _ = ARENA
    n = state["cols"]
    bw = (x1 - x0 - 40 - GAP * (n - 1)) / n
    bx = x0 + 20 + col * (bw + GAP)
    by = BRICK_TOP + row * (BRICK_H + GAP)
    return (bx, by, bx + bw, by + BRICK_H)


def lane_box(state, i):
    x0, _, x1, _ = ARENA
    lw = (x1 - x0) / state["lanes"]
    return (x0 + i * lw, CATCH_Y, x0 + (i + 1) * lw, CATCH_Y + LANE_H)


def _flight(state, grow):
    x0, y0, x1, _ = ARENA
    bounds = (x0 + R, y0 + R, x1 - R, CATCH_Y)
    obstacles = [inflate(brick_box(state, b[0], b[1]), R + grow) for b in state["bricks"]]
    return trace(state["ball"], state["dir"], bounds, reflect=("left", "right", "top"), obstacles=obstacles,
                 max_bounces=state["max_bounces"])


def first_hit(state):
    """Index of the first brick the ball touches, or None (no brick, too many bounces, or a grazing shot)."""
    lo, hi = _flight(state, -MARGIN), _flight(state, MARGIN)
    if lo["hit"] is None or lo["hit"] != hi["hit"] or lo["bounces"] != hi["bounces"]:
        return None
    return lo["hit"]


def catch_lane(state):
    """Index of the catch lane the falling ball reaches, or None (brick in the way, too many bounces, or
    within a few units of a lane boundary)."""
    f = _flight(state, 0.0)
    if f["hit"] is not None or f["side"] != "bottom":
        return None
    x0, _, x1, _ = ARENA
    lw = (x1 - x0) / state["lanes"]
    u = (f["end"][0] - x0) / lw
    if min(u - math.floor(u), math.ceil(u) - u) * lw < 10:
        return None
    return int(u)


class BrickBreaker(Scene):
    domain, scene_id, size = "games", "brick_breaker", (W, H)
    megapixels = (0.46, 0.7)   # the original's frames are 805 x 577 (0.46 MP; median 0.57 with its frame)
    description = ("A brick-breaker playfield: lettered bricks at the top, the ball with an arrow showing its heading, "
                   "the paddle, and lettered catch lanes along the floor.")

    def sample(self, rng, difficulty):
        (clo, chi), (rlo, rhi), (llo, lhi), bounces = LEVELS[difficulty]
        cols, rows = int(rng.integers(clo, chi + 1)), int(rng.integers(rlo, rhi + 1))
        cells = [(r, c) for r in range(rows) for c in range(cols) if rng.random() < 0.8]
        letters = [ALPHA[int(i)] for i in rng.permutation(26)[:len(cells)]]
        bricks = [[r, c, lab, int(rng.integers(len(SHADES)))] for (r, c), lab in zip(cells, letters)]
        st = {"cols": cols, "rows": rows, "bricks": bricks, "lanes": int(rng.integers(llo, lhi + 1)),
              "max_bounces": bounces}
        aim(st, rng, up=True)
        return st

    def render(self, c, state, params):
        x0, y0, x1, y1 = ARENA
        c.rect(x0 - 10, y0 - 10, x1 - x0 + 20, y1 - y0 + 20, fill="panel", stroke="muted", lw=1.5)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill=SKY, stroke=(0.55, 0.75, 0.95), lw=3)
        for i, (r, col, lab, shade) in enumerate(state["bricks"]):
            bx0, by0, bx1, by1 = brick_box(state, r, col)
            c.rect(bx0, by0, bx1 - bx0, by1 - by0, fill=SHADES[shade], stroke=(0.92, 0.97, 1.0), lw=1.5)
            c.register(f"brick:{i}", box=(bx0, by0, bx1, by1), point=((bx0 + bx1) / 2, (by0 + by1) / 2),
                       fill=SHADES[shade])
            c.text((bx0 + bx1) / 2, (by0 + by1) / 2, lab, size=15, bold=True, color=(0.06, 0.10, 0.22))
        for i in range(state["lanes"]):
            lx0, ly0, lx1, ly1 = lane_box(state, i)
            c.rect(lx0 + 3, ly0, lx1 - lx0 - 6, ly1 - ly0, fill=(0.80, 0.88, 0.97), stroke=(0.55, 0.75, 0.95), lw=1.5)
            c.register(f"lane:{i}", box=(lx0 + 3, ly0, lx1 - 3, ly1), point=((lx0 + lx1) / 2, (ly0 + ly1) / 2))
            c.text((lx0 + lx1) / 2, (ly0 + ly1) / 2, ALPHA[i], size=15, bold=True, color=(0.06, 0.10, 0.22))
        # the paddle, a short bar above the lanes (decor: the question follows the ball to the floor)
        px = (x0 + x1) / 2 + state.get("paddle", 0.0)
        c.rect(px - 45, CATCH_Y - 16, 90, 7, fill=(0.75, 0.92, 1.0), stroke=(0.45, 0.70, 0.95), lw=1.2)
        bx, by = state["ball"]
        dx, dy = state["dir"]
        n = math.hypot(dx, dy)
        c.arrow(bx + dx / n * (R + 3), by + dy / n * (R + 3), bx + dx / n * 58, by + dy / n * 58,
                color=(0.98, 0.75, 0.30), lw=3, head=12, id="heading")
        c.circle(bx, by, R, fill=(0.98, 0.96, 0.88), stroke=(0.70, 0.66, 0.55), lw=1.5, id="ball")


def aim(st, rng, *, up):
    """Place the ball below the bricks and point it up (towards the bricks) or down (towards the floor)."""
    x0, _, x1, _ = ARENA
    low = brick_box(st, st["rows"] - 1, 0)[3]
    st["ball"] = [float(rng.uniform(x0 + 40, x1 - 40)), float(rng.uniform(low + 60, CATCH_Y - 70))]
    ang = math.radians(float(rng.uniform(12, 62))) * (1 if rng.random() < 0.5 else -1)
    st["dir"] = [round(math.sin(ang), 4), round(-math.cos(ang) if up else math.cos(ang), 4)]
    st["paddle"] = float(rng.uniform(-150, 150))
    return st


SCENE = BrickBreaker()
task = SCENE.task

INTRO = ("The picture shows a brick-breaker playfield: lettered bricks at the top, the ball with an arrow showing "
         "the direction it is moving, a paddle, and lettered catch lanes along the floor.")
MOTION = ("The ball moves in a straight line and bounces off the side walls and the ceiling at equal angles; "
          "it stops at the first brick it touches.")


@task("hit_row_remaining_count", answer="integer", annotation="bbox_set", ops="filtering,counting,state_update")
def hit_row_remaining_count(q):
    t = q.target(REMAIN_SUPPORT[q.difficulty], stratified=True)

    def plant(st, rng):
        for _ in range(TRIES):
            aim(st, rng, up=True)
            hit = first_hit(st)
            if hit is None:
                continue
            row = st["bricks"][hit][0]
            # fill or empty the hit row's other cells, keeping the first hit where it was
            target = st["bricks"][hit]
            others = [b for b in st["bricks"] if b[0] != row]
            cols = [c for c in range(st["cols"]) if c != target[1]]
            if len(cols) < t:
                continue
            pick = sorted(cols[int(i)] for i in rng.permutation(len(cols))[:t])
            used = {b[2] for b in others} | {target[2]}
            free = [x for x in ALPHA if x not in used]
            new = [[row, c, free[int(i)], int(rng.integers(len(SHADES)))]
                   for c, i in zip(pick, rng.permutation(len(free))[:t])]
            trial = {**st, "bricks": sorted(others + [target] + new)}
            h = first_hit(trial)
            if h is not None and trial["bricks"][h] == target:
                return trial
        return st

    s = q.edit(plant)
    hit = first_hit(s)
    q.require(hit is not None, "no clean first hit")
    row = s["bricks"][hit][0]
    rest = [i for i, b in enumerate(s["bricks"]) if b[0] == row and i != hit]
    q.require(len(rest) == t, "row count off target")
    q.step("first_hit", brick=s["bricks"][hit][2])
    return q.answer(len(rest), witnesses=[f"brick:{i}" for i in rest],
                    question=(f"{INTRO} {MOTION} The brick the ball touches first breaks and disappears. How many "
                              "bricks are then left in that brick's row?"))


@task("next_hit_label", answer="string", annotation="point", ops="ranking,spatial_relations")
def next_hit_label(q):
    def plant(st, rng):
        for _ in range(TRIES):
            if first_hit(st) is not None:
                return st
            aim(st, rng, up=True)
        return st

    s = q.edit(plant)
    hit = first_hit(s)
    q.require(hit is not None, "no clean first hit")
    lab = s["bricks"][hit][2]
    return q.answer(lab, witnesses=f"brick:{hit}",
                    question=f"{INTRO} {MOTION} Which lettered brick does the ball touch first?",
                    examples=[b[2] for b in s["bricks"] if b[2] != lab][:3])


@task("paddle_catch_label", answer="string", annotation="point", ops="spatial_relations")
def paddle_catch_label(q):
    d = q.difficulty
    llo, lhi = LEVELS[d][2]
    t = q.target(list(ALPHA[:lhi]), stratified=True)

    def plant(st, rng):
        st["lanes"] = max(st["lanes"], ALPHA.index(t) + 1)
        for _ in range(TRIES):
            aim(st, rng, up=False)
            if catch_lane(st) == ALPHA.index(t):
                # the paddle stays clear of the ball's way down
                end = _flight(st, 0.0)["end"][0]
                mid = (ARENA[0] + ARENA[2]) / 2
                spots = [v for v in range(-150, 151, 10) if abs(mid + v - end) > 45 + R + 30]
                st["paddle"] = float(spots[int(rng.integers(len(spots)))])
                return st
        return st

    s = q.edit(plant)
    lane = catch_lane(s)
    q.require(lane is not None and ALPHA[lane] == t, "the ball does not reach the target lane cleanly")
    return q.answer(ALPHA[lane], witnesses=f"lane:{lane}",
                    question=(f"{INTRO} The ball is falling; it bounces off the side walls at equal angles and "
                              "misses the paddle. Which lettered catch lane does it reach?"),
                    examples=[x for x in ALPHA[:s["lanes"]] if x != ALPHA[lane]][:3])
