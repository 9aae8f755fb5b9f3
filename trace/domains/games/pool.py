"""games/pool: an eight-ball pool table from above with the cue ball, numbered balls and six pockets.

Balls 1-7 are solids (fully coloured), 9-15 stripes (white with a coloured band), 8 is the black ball.
A planned shot is drawn as two straight segments: cue ball to the marked target ball, and target ball
to the marked pocket.  Another ball blocks a segment when the moving ball would touch it on the way:
its centre is closer to the segment than two ball radii.  States are kept only when every ball is
clearly in or clearly out of that reach.  The original's tables: 9-11 object balls.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.raytrace import seg_point_distance

W, H = 760, 520
CLOTH = (70.0, 70.0, 690.0, 450.0)
R, MARGIN = 14.0, 4.0
POCKETS = [(70.0, 70.0), (380.0, 62.0), (690.0, 70.0), (70.0, 450.0), (380.0, 458.0), (690.0, 450.0)]
BALL_RGB = {1: (0.96, 0.78, 0.12), 2: (0.15, 0.30, 0.80), 3: (0.85, 0.18, 0.15), 4: (0.45, 0.22, 0.65),
            5: (0.95, 0.50, 0.10), 6: (0.10, 0.55, 0.28), 7: (0.55, 0.15, 0.12), 8: (0.06, 0.06, 0.06)}
LEVELS = {1: (5, 7), 2: (8, 11), 3: (12, 15)}
GROUP_SUPPORT = {1: range(1, 4), 2: range(2, 7), 3: range(3, 8)}
BLOCK_SUPPORT = {1: range(0, 3), 2: range(0, 5), 3: range(1, 6)}
TRIES = 300


def colour_of(n):
    return BALL_RGB[n if n <= 8 else n - 8]


def _free(balls, x, y, gap=2 * R + 3):
    return all(math.hypot(x - b[1], y - b[2]) > gap for b in balls)


def _spot(rng, balls, tries=200, ok=lambda x, y: True):
    x0, y0, x1, y1 = CLOTH
    for _ in range(tries):
        x, y = float(rng.uniform(x0 + R + 6, x1 - R - 6)), float(rng.uniform(y0 + R + 6, y1 - R - 6))
        if _free(balls, x, y) and ok(x, y):
            return x, y
    return None


def segments(state):
    """The shot's two segments: cue -> target ball, target ball -> pocket."""
    balls = {b[0]: b for b in state["balls"]}
    cue, tgt = balls[0], balls[state["target"]]
    pocket = POCKETS[state["pocket"]]
    return [((cue[1], cue[2]), (tgt[1], tgt[2])), ((tgt[1], tgt[2]), pocket)]


def blockers(state):
    """Numbers of the balls (not the cue or target ball) within two radii of a shot segment, or None when
    some ball is within the margin of that reach."""
    out = []
    for n, x, y in state["balls"]:
        if n in (0, state["target"]):
            continue
        d = min(seg_point_distance(a, b, (x, y)) for a, b in segments(state))
        if abs(d - 2 * R) < MARGIN:
            return None
        if d < 2 * R:
            out.append(n)
    return sorted(out)


class Pool(Scene):
    domain, scene_id, size = "games", "pool", (W, H)
    megapixels = (0.72, 1.0)   # the original's frames are 1120 x 760 (0.85 MP)
    description = ("An eight-ball pool table from above: the cue ball, numbered solid and striped balls, six pockets, "
                   "and sometimes a planned two-segment shot to a marked pocket.")

    def sample(self, rng, difficulty):
        lo, hi = LEVELS[difficulty]
        nums = sorted(int(v) + 1 for v in rng.permutation(15)[:int(rng.integers(lo, hi + 1))])
        balls = []
        for n in [0] + nums:
            p = _spot(rng, balls)
            if p:
                balls.append([n, *p])
        return {"balls": balls, "target": None, "pocket": None}

    def render(self, c, state, params):
        x0, y0, x1, y1 = CLOTH
        c.rect(x0 - 44, y0 - 44, x1 - x0 + 88, y1 - y0 + 88, fill=(0.16, 0.17, 0.20), stroke="muted", lw=1.5)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill=(0.16, 0.42, 0.52), stroke=(0.55, 0.75, 0.82), lw=1.5)
        for i, (px, py) in enumerate(POCKETS):
            c.circle(px, py, 22, fill=(0.02, 0.02, 0.02), stroke=(0.85, 0.85, 0.85), lw=1.5, id=f"pocket:{i}")
        if state["target"] is not None:
            for a, b in segments(state):
                c.line(*a, *b, color=(0.98, 0.86, 0.45), lw=3)
            px, py = POCKETS[state["pocket"]]
            c.circle(px, py, 28, stroke=(0.98, 0.86, 0.45), lw=3.5)
        for n, x, y in state["balls"]:
            self._ball(c, n, x, y)
            if n == state["target"]:
                c.circle(x, y, R + 5, stroke=(0.98, 0.86, 0.45), lw=3)

    def _ball(self, c, n, x, y):
        if n == 0:
            c.circle(x, y, R, fill=(0.98, 0.98, 0.96), stroke=(0.30, 0.30, 0.30), lw=1.2, id="ball:0")
            return
        col = colour_of(n)
        if n <= 8:
            c.circle(x, y, R, fill=col, stroke=(0.10, 0.10, 0.10), lw=1.2)
        else:
            c.circle(x, y, R, fill=(0.98, 0.98, 0.96), stroke=(0.10, 0.10, 0.10), lw=1.2)
            h = R * 0.55     # the band: the part of the disc between y - h and y + h
            ys = [y - h + 2 * h * k / 10 for k in range(11)]
            band = [(x + math.sqrt(R * R - (v - y) ** 2), v) for v in ys] + \
                   [(x - math.sqrt(R * R - (v - y) ** 2), v) for v in reversed(ys)]
            c.polygon(band, fill=col)
            c.circle(x, y, R, stroke=(0.10, 0.10, 0.10), lw=1.2)
        c.register(f"ball:{n}", box=(x - R, y - R, x + R, y + R), fill=col)
        c.circle(x, y, 8.5, fill=(0.98, 0.98, 0.96))
        c.text(x, y + 0.5, str(n), size=12, bold=True, color="black")


SCENE = Pool()
task = SCENE.task

INTRO = ("The picture shows an eight-ball pool table from above with the cue ball, numbered object balls and six "
         "pockets. Balls 1-7 are the solids (coloured all over) and balls 9-15 the stripes (drawn with a coloured band).")


@task("blocking_ball_count", answer="integer", annotation="bbox_set", ops="filtering,counting,spatial_relations")
def blocking_ball_count(q):
    t = q.target(BLOCK_SUPPORT[q.difficulty], stratified=True)
    lo, hi = LEVELS[q.difficulty]

    def plant(st, rng):
        x0, y0, x1, y1 = CLOTH
        for _ in range(TRIES):
            pocket = int(rng.integers(6))
            px, py = POCKETS[pocket]
            cue = _spot(rng, [])
            tgt = _spot(rng, [[0, *cue]], ok=lambda x, y: 140 < math.hypot(x - px, y - py) < 420)
            if tgt is None:
                continue
            a1 = math.atan2(tgt[1] - cue[1], tgt[0] - cue[0])
            a2 = math.atan2(py - tgt[1], px - tgt[0])
            if math.hypot(tgt[0] - cue[0], tgt[1] - cue[1]) < 150 or \
                    abs((a1 - a2 + math.pi) % (2 * math.pi) - math.pi) > math.radians(50):
                continue
            nums = [int(v) + 1 for v in rng.permutation(15)[:int(rng.integers(max(lo, t + 2), hi + 2))]]
            balls = [[0, *cue], [nums[0], *tgt]]
            st.update(balls=balls, target=nums[0], pocket=pocket)
            segs = segments(st)
            for n in nums[1:t + 1]:     # blockers: near a segment's middle, well inside the reach
                a, b = segs[int(rng.integers(2))]
                for _ in range(50):
                    u, off = float(rng.uniform(0.25, 0.75)), float(rng.uniform(-(2 * R - 8), 2 * R - 8))
                    L = math.hypot(b[0] - a[0], b[1] - a[1])
                    nx, ny = -(b[1] - a[1]) / L, (b[0] - a[0]) / L
                    x, y = a[0] + u * (b[0] - a[0]) + off * nx, a[1] + u * (b[1] - a[1]) + off * ny
                    if x0 + R < x < x1 - R and y0 + R < y < y1 - R and _free(balls, x, y):
                        balls.append([n, x, y])
                        break
            for n in nums[t + 1:]:      # the rest: clear of both segments
                p = _spot(rng, balls, ok=lambda x, y: min(seg_point_distance(a, b, (x, y)) for a, b in segs)
                          > 2 * R + 3 * MARGIN)
                if p:
                    balls.append([n, *p])
            st["balls"] = sorted(balls)
            if blockers(st) is not None and len(blockers(st)) == t:
                return st
        return st

    s = q.edit(plant)
    q.require(s["target"] is not None, "no shot")
    bl = blockers(s)
    q.require(bl is not None and len(bl) == t, "blocker count off target")
    return q.answer(len(bl), witnesses=[f"ball:{n}" for n in bl],
                    question=(f"{INTRO} The planned shot is drawn in two straight segments: the cue ball to the circled "
                              "target ball, then the target ball to the circled pocket. A ball blocks the shot when "
                              "the moving ball would touch it along either segment. How many other balls block the "
                              "shot?"))


@task("group_ball_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def group_ball_count(q):
    t = q.target(GROUP_SUPPORT[q.difficulty], stratified=True)
    group = q.choice("group", ["solids", "stripes"])

    def plant(st, rng):
        mine = list(range(1, 8)) if group == "solids" else list(range(9, 16))
        theirs = list(range(9, 16)) if group == "solids" else list(range(1, 8))
        k = int(rng.integers(max(1, t - 2), min(7, t + 3)))
        nums = [mine[int(i)] for i in rng.permutation(7)[:t]] + [theirs[int(i)] for i in rng.permutation(7)[:k]]
        nums += [8] if rng.random() < 0.7 else []
        balls = [[0, *_spot(rng, [])]]
        for n in sorted(nums):
            p = _spot(rng, balls)
            if p:
                balls.append([n, *p])
        st.update(balls=balls, target=None, pocket=None)
        return st

    s = q.edit(plant)
    found = [b[0] for b in s["balls"] if (1 <= b[0] <= 7 if group == "solids" else b[0] >= 9)]
    q.require(len(found) == t, "group count off target")
    return q.answer(len(found), witnesses=[f"ball:{n}" for n in found],
                    question=f"{INTRO} How many balls of the {group} group are on the table?")
