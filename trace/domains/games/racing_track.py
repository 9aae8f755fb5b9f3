"""games/racing_track: a closed-loop racing circuit with a checkered finish line, a direction arrow and cars.

The cars race around the loop in the arrow's direction.  A car's distance to the finish is measured
along the track in that direction; a car is "ahead" of another when it will cross the finish line
first, i.e. its remaining distance is smaller.  Cars are spaced well apart along the track and away
from the finish line, so the order is clear.  The original's circuits: 5-6 lettered cars.
"""

from __future__ import annotations

import functools
import math
from bisect import bisect_left

from tracegen.core.claims import Claim
from tracegen.core.task import Scene

ALPHA = "ABCDEFGH"
W, H = 700, 530
CX, CY = 350.0, 270.0
LEVELS = {1: (4, 4), 2: (5, 6), 3: (7, 8)}
AHEAD_SUPPORT = {1: range(0, 3), 2: range(0, 5), 3: range(1, 7)}
N = 720
CAR_RGB = ((0.20, 0.45, 0.55), (0.80, 0.25, 0.30), (0.75, 0.55, 0.30), (0.35, 0.55, 0.35), (0.45, 0.40, 0.70))
TRIES = 200


def centreline(state):
    """Dense closed polyline of the track's centre (N points) and cumulative arc lengths (N + 1 values).
    Computed once per track shape (callers only read the two lists)."""
    return _centreline(*state["shape"])


@functools.lru_cache(maxsize=16)
def _centreline(a, b, ph, ps):
    pts = []
    for i in range(N):
        th = 2 * math.pi * i / N
        r = 1.0 + a * math.cos(3 * th + ph) + b * math.cos(2 * th + ps)
        pts.append((CX + 235 * r * math.cos(th), CY + 165 * r * math.sin(th)))
    cum = [0.0]
    for p, q in zip(pts, pts[1:] + pts[:1]):
        cum.append(cum[-1] + math.dist(p, q))
    return pts, cum


def at(state, s):
    """Point and unit tangent (increasing index) at arc length s."""
    pts, cum = centreline(state)
    L = cum[-1]
    s %= L
    # the first k with cum[k + 1] >= s (cum never decreases)
    i = max(0, min(N - 1, bisect_left(cum, s, 1, N + 1) - 1))
    p, q = pts[i], pts[(i + 1) % N]
    f = (s - cum[i]) / max(cum[i + 1] - cum[i], 1e-9)
    t = (q[0] - p[0], q[1] - p[1])
    n = math.hypot(*t)
    return (p[0] + f * t[0], p[1] + f * t[1]), (t[0] / n, t[1] / n)


def remaining(state, s):
    """Distance along the track, in the race direction, from arc length s to the finish line."""
    L = centreline(state)[1][-1]
    return ((state["finish"] - s) * state["dir"]) % L


def place_cars(state, rng, k):
    L = centreline(state)[1][-1]
    for _ in range(TRIES):
        ss = sorted(float(v) for v in rng.uniform(0, L, size=k))
        gaps = [(b - a) for a, b in zip(ss, ss[1:] + [ss[0] + L])]
        if min(gaps) > 70 and all(min(abs(s - state["finish"]) % L, L - abs(s - state["finish"]) % L) > 45
                                  for s in ss):
            labels = [ALPHA[int(i)] for i in rng.permutation(k)]
            state["cars"] = [{"s": round(s, 3), "label": lab, "colour": int(rng.integers(len(CAR_RGB)))}
                             for s, lab in zip(ss, labels)]
            return True
    return False


class RacingTrack(Scene):
    domain, scene_id, size = "games", "racing_track", (W, H)
    megapixels = (0.64, 0.9)   # the original's frames are 1000 x 760 (0.76 MP)
    description = ("A closed-loop racing circuit from above with a checkered finish line, an arrow showing the race "
                   "direction, and lettered cars on the track.")

    def sample(self, rng, difficulty):
        lo, hi = LEVELS[difficulty]
        st = {"shape": [float(rng.uniform(0.0, 0.16)), float(rng.uniform(0.0, 0.12)),
                        float(rng.uniform(0, 2 * math.pi)), float(rng.uniform(0, 2 * math.pi))],
              "dir": 1 if rng.random() < 0.5 else -1, "cars": [], "marked": None}
        L = centreline(st)[1][-1]
        st["finish"] = round(float(rng.uniform(0, L)), 3)
        place_cars(st, rng, int(rng.integers(lo, hi + 1)))
        return st

    def claims(self, state, params):
        return [Claim("mark", "colour", "red")] if state["marked"] else []

    def render(self, c, state, params):
        c.rect(16, 16, W - 32, H - 32, fill=(0.88, 0.76, 0.55), stroke=(0.40, 0.28, 0.15), lw=2.5)
        pts, cum = centreline(state)
        loop = pts + pts[:1]
        c.polyline(loop, color=(0.30, 0.20, 0.12), lw=58)
        c.polyline(loop, color=(0.45, 0.33, 0.22), lw=50)
        c.polyline(loop, color=(0.92, 0.85, 0.65), lw=2)
        (fx, fy), (tx, ty) = at(state, state["finish"])
        nx, ny = -ty, tx
        for k in range(-5, 5):     # the checkered finish line across the track
            for j in range(2):
                ox, oy = fx + nx * (k * 5 + 2.5) + tx * (j * 5 - 5 + 2.5), fy + ny * (k * 5 + 2.5) + ty * (j * 5 - 5 + 2.5)
                col = (0.05, 0.05, 0.05) if (k + j) % 2 else (0.98, 0.98, 0.98)
                c.polygon([(ox + dx * 2.5 * nx + dy * 2.5 * tx, oy + dx * 2.5 * ny + dy * 2.5 * ty)
                           for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))], fill=col)
        c.register("finish", segment=((fx - nx * 25, fy - ny * 25), (fx + nx * 25, fy + ny * 25)))
        # the direction arrow, on the track half a lap from the finish
        L = cum[-1]
        s0 = state["finish"] + L / 2
        cars = [car["s"] for car in state["cars"]]
        while any(min(abs(s0 - s) % L, L - abs(s0 - s) % L) < 70 for s in cars):
            s0 += 23
        (ax, ay), (ux, uy) = at(state, s0)
        d = state["dir"]
        c.arrow(ax - d * ux * 34, ay - d * uy * 34, ax + d * ux * 34, ay + d * uy * 34, color=(0.55, 0.85, 0.95),
                lw=6, head=22, id="direction")
        for i, car in enumerate(state["cars"]):
            (x, y), (ux, uy) = at(state, car["s"])
            hw, hh = 20.0, 12.0
            corners = [(x + sx * hw * ux - sy * hh * uy, y + sx * hw * uy + sy * hh * ux)
                       for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            c.polygon(corners, fill=CAR_RGB[car["colour"]], stroke=(0.10, 0.10, 0.10), lw=1.5)
            c.register(f"car:{car['label']}", point=(x, y), box=(min(p[0] for p in corners), min(p[1] for p in corners),
                                                              max(p[0] for p in corners), max(p[1] for p in corners)))
            c.circle(x, y, 10, fill="white")
            c.text(x, y, car["label"], size=13, bold=True, color="black")
            if state["marked"] == car["label"]:
                c.polygon([(x + sx * (hw + 6) * ux - sy * (hh + 6) * uy, y + sx * (hw + 6) * uy + sy * (hh + 6) * ux)
                           for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))], stroke="red", lw=3.5, id="mark")


SCENE = RacingTrack()
task = SCENE.task

INTRO = ("The picture shows a looped racing circuit with a checkered finish line, an arrow giving the race "
         "direction, and lettered cars. Distances are measured along the track in the arrow's direction.")


@task("ahead_object_count", answer="integer", annotation="bbox_set", ops="filtering,counting,logical_composition")
def ahead_object_count(q):
    t = q.target(AHEAD_SUPPORT[q.difficulty], stratified=True)
    lo, hi = LEVELS[q.difficulty]

    def plant(st, rng):
        if not place_cars(st, rng, max(int(rng.integers(lo, hi + 1)), t + 1)):
            return st
        order = sorted(st["cars"], key=lambda car: remaining(st, car["s"]))
        st["marked"] = order[t]["label"]
        return st

    s = q.edit(plant)
    q.require(s["marked"] is not None, "no cars")
    me = next(car for car in s["cars"] if car["label"] == s["marked"])
    ahead = sorted(car["label"] for car in s["cars"] if remaining(s, car["s"]) < remaining(s, me["s"]))
    q.require(len(ahead) == t, "ahead count off target")
    return q.answer(len(ahead), witnesses=[f"car:{lab}" for lab in ahead],
                    question=(f"{INTRO} The car outlined in red is the marked car. How many other cars are ahead of "
                              "it, between it and the finish line in the race direction?"))


@task("finish_distance_extremum_label", answer="string", annotation="point", ops="ranking,spatial_relations")
def finish_distance_extremum_label(q):
    closest = q.choice("operator", ["closest", "farthest"]) == "closest"
    lo, hi = LEVELS[q.difficulty]
    want = q.target(list(ALPHA[:6]) if q.difficulty > 1 else list(ALPHA[:4]), stratified=True)

    def plant(st, rng):
        k = max(int(rng.integers(lo, hi + 1)), ALPHA.index(want) + 1)
        if not place_cars(st, rng, k):
            return st
        ext = (min if closest else max)(st["cars"], key=lambda car: remaining(st, car["s"]))
        other = next(car for car in st["cars"] if car["label"] == want)
        ext["label"], other["label"] = want, ext["label"]
        return st

    s = q.edit(plant)
    q.require(bool(s["cars"]), "no cars")
    ext = (min if closest else max)(s["cars"], key=lambda car: remaining(s, car["s"]))
    word = "closest to" if closest else "farthest from"
    return q.answer(ext["label"], witnesses=f"car:{ext['label']}",
                    question=f"{INTRO} Which car is {word} the finish line?",
                    examples=[car["label"] for car in s["cars"] if car["label"] != ext["label"]][:3])
