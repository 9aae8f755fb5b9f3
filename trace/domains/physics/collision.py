"""physics/collision: a perfectly inelastic (sticky) collision on a frictionless table -- puck 1 moving
along the x axis, puck 2 along the y axis, both reaching the same point and sticking together.

Momentum is conserved per axis: the combined puck moves with (mA vA, mB vB) / (mA + mB).  The
direction task draws four candidate arrows under the table.  Difficulty grows the masses and speeds.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.cards import card_row
from tracegen.kits.mechanics import force_arrow, tag

W, H = 900, 500
CARDS = 150
TABLE = (30, 60, W - 30, H - 20)
RANGES = {1: (1, 5), 2: (2, 10), 3: (5, 20)}
PUCK = 28


def final_velocity(st):
    a, b = st["a"], st["b"]
    m = a["m"] + b["m"]
    return a["m"] * a["v"] / m, b["m"] * b["v"] / m


def _screen_dir(deg):
    """Unit vector on screen (y down) of a direction given in degrees counterclockwise from +x (y up)."""
    return math.cos(math.radians(deg)), -math.sin(math.radians(deg))


class Collision(Scene):
    domain, scene_id, size = "physics", "collision", (W, H)
    description = "Two pucks moving along perpendicular axes collide and stick; masses and speeds are labelled."
    megapixels = (0.76, 0.98)

    def canvas_size(self, state):
        return (W, H + CARDS) if state.get("cards") else (W, H)

    def sample(self, rng, difficulty):
        lo, hi = RANGES[difficulty]

        def val():
            return int(rng.integers(lo, hi + 1))

        return {"a": {"m": val(), "v": val() * int(rng.choice([-1, 1]))},
                "b": {"m": val(), "v": val() * int(rng.choice([-1, 1]))},
                "cx": int(rng.integers(360, 541)), "cy": int(rng.integers(250, 291)), "cards": False}

    def render(self, c, state, params):
        x0, y0, x1, y1 = TABLE
        c.text(W / 2, 30, "Frictionless table, seen from above", size=18, bold=True)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper", stroke="ink", lw=2.0)
        for gx in range(int(x0) + 40, int(x1), 40):
            c.gridline(gx, y0, gx, y1)
        for gy in range(int(y0) + 40, int(y1), 40):
            c.gridline(x0, gy, x1, gy)
        # axes key
        ox, oy = x0 + 30, y0 + 70
        c.arrow(ox, oy, ox + 48, oy, color="ink", lw=2.0, head=8)
        c.arrow(ox, oy, ox, oy - 48, color="ink", lw=2.0, head=8)
        c.text(ox + 60, oy, "+x", size=14, bold=True)
        c.text(ox, oy - 60, "+y", size=14, bold=True)
        cx, cy = state["cx"], state["cy"]
        a, b = state["a"], state["b"]
        sa = 1 if a["v"] > 0 else -1          # A moves along +x (sa = 1) or -x
        sb = 1 if b["v"] > 0 else -1          # B moves along +y (up on screen) or -y
        ax, bx_y = cx - sa * 230, cy + sb * 150
        # combined puck at the meeting point
        c.circle(cx, cy, PUCK * 1.3, fill="panel", stroke="ink", lw=2.0, id="puck:ab")
        c.text(cx, cy, "1+2", size=15, bold=True)
        # puck A and its velocity
        c.circle(ax, cy, PUCK, fill="orange", stroke="ink", lw=2.0, id="puck:a")
        c.text(ax, cy, "1", size=17, bold=True, color="black")
        ta, tb = ax + sa * (PUCK + 8), cx - sa * (PUCK * 1.3 + 12)
        force_arrow(c, ta, cy, tb, cy, color="ink", lw=3.5, id="velocity:a")
        tag(c, (ta + tb) / 2, cy + 30, f"v1 = {abs(a['v'])} m/s", size=15)
        tag(c, ax, cy - PUCK - 24, f"m1 = {a['m']} kg", size=15)
        # puck B and its velocity
        c.circle(cx, bx_y, PUCK, fill="cyan", stroke="ink", lw=2.0, id="puck:b")
        c.text(cx, bx_y, "2", size=17, bold=True, color="black")
        ua, ub = bx_y - sb * (PUCK + 8), cy + sb * (PUCK * 1.3 + 12)
        force_arrow(c, cx, ua, cx, ub, color="ink", lw=3.5, id="velocity:b")
        tag(c, cx + 18, (ua + ub) / 2, f"v2 = {abs(b['v'])} m/s", size=15, anchor="l")
        tag(c, cx + PUCK + 14, bx_y, f"m2 = {b['m']} kg", size=15, anchor="l")
        if state.get("cards"):
            boxes = card_row(c, 60, H + 8, W - 120, list("ABCD"), None, cols=4, h=CARDS - 20, gap=24)
            for (bx0, by0, bx1, by1), deg in zip(boxes, params["options"]):
                mx, my = (bx0 + bx1) / 2, (by0 + by1) / 2
                ux, uy = _screen_dir(deg)
                c.arrow(mx - ux * 40, my - uy * 40, mx + ux * 40, my + uy * 40, color="ink", lw=3.0, head=12)


SCENE = Collision()
task = SCENE.task

QUESTION = ("Seen from above, puck 1 slides along the x axis and puck 2 along the y axis of a frictionless table "
            "(the arrows show which way each moves; +x is to the right, +y is up). They meet at the marked point "
            "and stick together (a perfectly inelastic collision). ")


def _val_range(q):
    return RANGES[q.difficulty]


@task("sticky_collision_direction_choice", answer="option_letter", annotation="segment_set",
      ops="aggregation,formula_evaluation")
def sticky_collision_direction_choice(q):
    s = q.edit(lambda st, r: {**st, "cards": True})
    vx, vy = final_velocity(s)
    a, b = s["a"], s["b"]
    correct = round(math.degrees(math.atan2(vy, vx)), 1)
    q.offer(4, "prompt")
    letter = q.target("ABCD")

    def sep(u, v):
        d = abs(u - v) % 360
        return min(d, 360 - d)

    def draw(r):
        raw = [math.atan2(vy, -vx), math.atan2(-vy, vx), math.atan2(-vy, -vx), math.atan2(vx, vy),
               math.atan2(b["v"], a["v"]), math.atan2(a["m"] * vy, b["m"] * vx) if vx and vy else 0.0,
               math.atan2(0, 1 if vx > 0 else -1), math.atan2(1 if vy > 0 else -1, 0),
               math.atan2(-vx, vy), math.atan2(vx, -vy)]
        raw = [round(math.degrees(t), 1) for t in raw]
        order = r.permutation(len(raw))
        pool = []
        for i in order:
            d = raw[int(i)]
            if sep(d, correct) >= 20 and all(sep(d, p) >= 20 for p in pool):
                pool.append(d)
        q.require(len(pool) >= 3, "too few well-separated distractor directions")
        picks = pool[:3]
        k = "ABCD".index(letter)
        return picks[:k] + [correct] + picks[k:]

    opts = q.param("options", draw)
    q.step("momentum", px=a["m"] * a["v"], py=b["m"] * b["v"], total_mass=a["m"] + b["m"], direction_deg=correct)
    ans = "ABCD"[opts.index(correct)]
    return q.answer(ans, witnesses=["velocity:a", "velocity:b"],
                    question=QUESTION + ("Which of the candidate arrows A, B, C or D drawn below the table shows the "
                                         "direction in which the combined puck moves after the collision?"))


SPEEDS = {1: (0.5, 5.0), 2: (2.5, 6.0), 3: (4.0, 16.0)}


@task("sticky_collision_speed_value", answer="number", annotation="segment_set", ops="aggregation,formula_evaluation")
def sticky_collision_speed_value(q):
    s = q.state
    lo, hi = SPEEDS[q.difficulty]
    vx, vy = final_velocity(s)
    speed = math.hypot(vx, vy)
    q.require(lo <= speed <= hi, "final speed outside the level's range")
    a, b = s["a"], s["b"]
    q.require(abs(abs(speed * 10 - math.floor(speed * 10)) - 0.5) > 0.01, "speed sits on a rounding boundary")
    printed = [a["m"], abs(a["v"]), b["m"], abs(b["v"])]
    q.require(all(abs(p - speed) >= 0.05 for p in printed), "the answer is printed as a label")
    q.step("momentum", px=a["m"] * a["v"], py=b["m"] * b["v"], total_mass=a["m"] + b["m"], vx=vx, vy=vy,
           result=speed)
    return q.answer(speed, rounding=1, witnesses=["velocity:a", "velocity:b"],
                    question=QUESTION + "What is the speed of the combined puck just after the collision, in m/s?",
                    examples=[5.0, 3.2])
