"""games/minigolf: a mini-golf green seen from above with a ball, the hole, lettered obstacles and shot cues.

A putt rolls straight from the ball in the cue's direction and bounces off the course's walls like a
mirror (angle in = angle out); it stops at the first obstacle it touches (round bumpers and square
blocks, grown by the ball's radius), drops into the hole if its centre passes within the hole's radius,
and has the speed for a stated number of wall bounces: it stops when it reaches a wall once more.
States are kept only when every answer survives growing or shrinking the margins by a few units.
The original's greens: 6 obstacles, up to 6 cues.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS
from tracegen.kits.raytrace import inflate, seg_point_distance, trace

W, H = 700, 520
COURSE = (40.0, 40.0, 660.0, 480.0)
BALL_R, HOLE_R, MARGIN = 9.0, 15.0, 4.0
LEVELS = {1: (4, 0, 3), 2: (6, 1, 4), 3: (6, 2, 6)}    # obstacles, wall bounces, cues
OB_COLOURS = ((0.55, 0.70, 0.85), (0.85, 0.50, 0.40), (0.65, 0.55, 0.80), (0.75, 0.62, 0.35),
              (0.45, 0.70, 0.55), (0.90, 0.55, 0.70))
CUE_RGB = ((0.95, 0.78, 0.20), (0.40, 0.70, 0.95), (0.95, 0.45, 0.60), (0.60, 0.45, 0.90), (0.30, 0.80, 0.55),
           (0.95, 0.60, 0.25))
GREEN = (0.16, 0.22, 0.26)
TRIES = 200


def _unit(a):
    return [round(math.cos(a), 5), round(math.sin(a), 5)]


def flight(state, d, grow=0.0):
    """The putt's path from the ball along d: trace dict (path, hit obstacle index or None)."""
    x0, y0, x1, y1 = COURSE
    bounds = (x0 + BALL_R, y0 + BALL_R, x1 - BALL_R, y1 - BALL_R)
    boxes = [inflate((o["x"] - o["s"], o["y"] - o["s"], o["x"] + o["s"], o["y"] + o["s"]), BALL_R + grow)
             for o in state["obstacles"] if o["shape"] == "square"]
    circ = [(o["x"], o["y"], o["s"] + BALL_R + grow) for o in state["obstacles"] if o["shape"] == "circle"]
    order = [i for i, o in enumerate(state["obstacles"]) if o["shape"] == "square"] + \
            [i for i, o in enumerate(state["obstacles"]) if o["shape"] == "circle"]
    f = trace(state["ball"], d, bounds, reflect=("left", "right", "top", "bottom"), obstacles=boxes, circles=circ,
              max_bounces=state["bounces"])
    f["obstacle"] = None if f["hit"] is None else order[f["hit"]]
    return f


def hole_gap(f, hole):
    return min(seg_point_distance(a, b, hole) for a, b in zip(f["path"], f["path"][1:]))


def outcome(state, d):
    """("hole", None) / ("obstacle", index) / ("stop", None), or None when margins change the outcome."""
    res = set()
    for g in (-MARGIN, MARGIN):
        f = flight(state, d, g)
        gap = hole_gap(f, state["hole"])
        if abs(gap - HOLE_R) < MARGIN:
            return None
        if gap < HOLE_R:
            res.add(("hole", None))
        elif f["obstacle"] is not None:
            res.add(("obstacle", f["obstacle"]))
        else:
            res.add(("stop", None))
    return res.pop() if len(res) == 1 else None


def layout(rng, n_obs):
    x0, y0, x1, y1 = COURSE
    ball = [float(rng.uniform(x0 + 120, x1 - 120)), float(rng.uniform(y1 - 70, y1 - 30))]
    hole = [float(rng.uniform(x0 + 80, x1 - 80)), float(rng.uniform(y0 + 40, y0 + 110))]
    obs = []
    for _ in range(400):
        if len(obs) == n_obs:
            break
        o = {"x": float(rng.uniform(x0 + 50, x1 - 50)), "y": float(rng.uniform(y0 + 120, y1 - 110)),
             "s": float(rng.uniform(20, 28)), "shape": "circle" if rng.random() < 0.7 else "square",
             "colour": int(rng.integers(len(OB_COLOURS)))}
        if all(math.hypot(o["x"] - p["x"], o["y"] - p["y"]) > 95 for p in obs) and \
                math.hypot(o["x"] - hole[0], o["y"] - hole[1]) > 80 and math.hypot(o["x"] - ball[0], o["y"] - ball[1]) > 90:
            obs.append(o)
    labels = [LETTERS[int(i)] for i in rng.permutation(6)[:len(obs)]]
    for o, lab in zip(obs, labels):
        o["label"] = lab
    return ball, hole, obs


class Minigolf(Scene):
    domain, scene_id, size = "games", "minigolf", (W, H)
    megapixels = (0.62, 0.9)   # the original's frames are 1000 x 740 (0.74 MP)
    description = ("A mini-golf green from above: the ball, the hole with its flag, lettered round and square "
                   "obstacles, and one or more cue lines showing putt directions.")

    def sample(self, rng, difficulty):
        n_obs, bounces, _ = LEVELS[difficulty]
        ball, hole, obs = layout(rng, n_obs)
        return {"ball": ball, "hole": hole, "obstacles": obs, "bounces": bounces, "cues": []}

    def render(self, c, state, params):
        x0, y0, x1, y1 = COURSE
        c.rect(x0 - 14, y0 - 14, x1 - x0 + 28, y1 - y0 + 28, fill=(0.35, 0.80, 0.55), stroke="muted", lw=1.5)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill=GREEN, stroke=(0.10, 0.14, 0.16), lw=2, id="course")
        hx, hy = state["hole"]
        c.circle(hx, hy, HOLE_R, fill=(0.02, 0.02, 0.03), stroke=(0.90, 0.92, 0.95), lw=1.5, id="hole")
        c.line(hx + 4, hy - 2, hx + 4, hy - 38, color=(0.92, 0.92, 0.92), lw=2)
        c.polygon([(hx + 4, hy - 38), (hx + 28, hy - 32), (hx + 4, hy - 26)], fill=(0.95, 0.35, 0.50))
        for i, o in enumerate(state["obstacles"]):
            col = OB_COLOURS[o["colour"]]
            if o["shape"] == "circle":
                c.circle(o["x"], o["y"], o["s"], fill=col, stroke=(0.95, 0.95, 0.95), lw=1.5)
            else:
                c.rect(o["x"] - o["s"], o["y"] - o["s"], 2 * o["s"], 2 * o["s"], fill=col,
                       stroke=(0.95, 0.95, 0.95), lw=1.5)
            c.register(f"obstacle:{o['label']}", point=(o["x"], o["y"]),
                       box=(o["x"] - o["s"], o["y"] - o["s"], o["x"] + o["s"], o["y"] + o["s"]))
            c.text(o["x"], o["y"], o["label"], size=15, bold=True, color="black")
        bx, by = state["ball"]
        for k, cue in enumerate(state["cues"]):
            d, lab = cue["d"], cue["label"]
            ex, ey = bx + d[0] * 78, by + d[1] * 78
            col = CUE_RGB[k % len(CUE_RGB)]
            c.line(bx + d[0] * (BALL_R + 2), by + d[1] * (BALL_R + 2), ex, ey, color=col, lw=3.5, id=f"cue:{lab}")
            if lab:
                c.circle(ex + d[0] * 12, ey + d[1] * 12, 12, fill="white", stroke=col, lw=2.5)
                c.text(ex + d[0] * 12, ey + d[1] * 12, lab, size=13, bold=True, color="black")
        c.circle(bx, by, BALL_R, fill="white", stroke=(0.30, 0.75, 0.45), lw=2, id="ball")


SCENE = Minigolf()
task = SCENE.task


def _rule(state):
    n = state["bounces"]
    speed = ("it stops when it first reaches a wall" if n == 0 else
             f"it has the speed for {'one bounce' if n == 1 else f'{n} bounces'} off the walls and stops when it "
             "reaches a wall after that")
    return ("The picture shows a mini-golf course from above with the ball, the hole, lettered obstacles and cue "
            "lines. A putt rolls straight from the ball in its cue's direction and bounces off the course walls "
            f"like a mirror; it stops at the first obstacle it touches, drops in if it rolls over the hole, and "
            f"{speed}.")


@task("first_obstacle_label", answer="string", annotation="point",
      ops="ranking,spatial_relations,topology,state_update")
def first_obstacle_label(q):
    want = q.target(list(LETTERS[:6]), stratified=True)
    d_ = q.difficulty

    def plant(st, rng):
        for _ in range(TRIES):
            ball, hole, obs = layout(rng, LEVELS[d_][0])
            if want not in [o["label"] for o in obs]:
                continue
            st.update(ball=ball, hole=hole, obstacles=obs)
            for _ in range(30):
                d = _unit(float(rng.uniform(-math.pi * 0.95, -math.pi * 0.05)))
                out = outcome(st, d)
                if out and out[0] == "obstacle" and obs[out[1]]["label"] == want:
                    st["cues"] = [{"d": d, "label": ""}]
                    return st
        return st

    s = q.edit(plant)
    q.require(len(s["cues"]) == 1, "no clean first hit")
    out = outcome(s, s["cues"][0]["d"])
    q.require(out is not None and out[0] == "obstacle", "no clean first hit")
    lab = s["obstacles"][out[1]]["label"]
    return q.answer(lab, witnesses=f"obstacle:{lab}",
                    question=f"{_rule(s)} The ball is putted along the cue line shown. Which lettered obstacle does "
                             "it hit first?",
                    examples=[o["label"] for o in s["obstacles"] if o["label"] != lab][:3])


@task("shot_path_label", answer="string", annotation="segment", ops="spatial_relations,topology,state_update")
def shot_path_label(q):
    d_ = q.difficulty
    top = LEVELS[d_][2] if d_ != 2 else 6
    want = q.target([str(i + 1) for i in range(top)], stratified=True)
    k = max(LEVELS[d_][2], int(want))      # the original shows 4 cues at the median, up to 6

    def plant(st, rng):
        x0, y0, x1, y1 = COURSE
        for _ in range(TRIES):
            ball, hole, obs = layout(rng, LEVELS[d_][0])
            st.update(ball=ball, hole=hole, obstacles=obs)
            # aim at the hole or at one of its mirror images across a wall (one bounce)
            aims = [hole]
            if st["bounces"] >= 1:
                lo = (x0 + BALL_R, y0 + BALL_R, x1 - BALL_R, y1 - BALL_R)
                aims += [[2 * lo[0] - hole[0], hole[1]], [2 * lo[2] - hole[0], hole[1]], [hole[0], 2 * lo[1] - hole[1]]]
            aim = aims[int(rng.integers(len(aims)))]
            win = _unit(math.atan2(aim[1] - ball[1], aim[0] - ball[0]))
            if outcome(st, win) != ("hole", None):
                continue
            cues, angles = [win], [math.atan2(win[1], win[0])]
            for _ in range(80):
                if len(cues) == k:
                    break
                a = float(rng.uniform(-math.pi * 0.95, -math.pi * 0.05))
                if min(abs(a - b) for b in angles) < math.radians(12):
                    continue
                d = _unit(a)
                out = outcome(st, d)
                if out is not None and out[0] != "hole":
                    cues.append(d)
                    angles.append(a)
            if len(cues) < k:
                continue
            at = int(want) - 1
            others = cues[1:]
            order = others[:at] + [cues[0]] + others[at:]
            st["cues"] = [{"d": d, "label": str(i + 1)} for i, d in enumerate(order)]
            return st
        return st

    s = q.edit(plant)
    q.require(len(s["cues"]) == k, "no cue set with one holing putt")
    wins = [cu["label"] for cu in s["cues"] if outcome(s, cu["d"]) == ("hole", None)]
    q.require(len(wins) == 1, "not exactly one holing cue")
    return q.answer(wins[0], witnesses=f"cue:{wins[0]}",
                    question=f"{_rule(s)} Each numbered cue line shows a possible putt direction. Which numbered putt "
                             "drops into the hole?",
                    examples=[cu["label"] for cu in s["cues"] if cu["label"] != wins[0]][:3])
