"""geometry/polar_graph_paper: polar graph paper -- a ring for every unit of radius (labelled along
the 0° ray), spokes every 15° or 30° with the 30° ones labelled in degrees -- and marked points on
ring-spoke crossings.  Tasks read a marked point's radius or angle, compare two marked points
(absolute radius difference, smaller angle between their rays), or count the marked points on
a prompted ring or spoke.

Difficulty: the outer ring grows (6, 8 or 10 units) and at 3 every 15° spoke carries points
though only the 30° ones are labelled; counting scenes hold more points.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, around
from tracegen.kits.geometry import rint

SIZE = (820, 640)
RADIUS = 255.0
RINGS = {1: (6,), 2: (8, 10), 3: (10,)}
STEP = {1: 30, 2: 30, 3: 15}


class PolarGraphPaper(Scene):
    domain, scene_id, size = "geometry", "polar_graph_paper", SIZE
    megapixels = (0.5, 0.72)    # render-only: the original's one 820 x 640 canvas
    aspect_pad = 0.1
    allow_noise = False         # fine rings and spokes (the original records no image noise here)
    description = ("Polar graph paper with unit rings, labelled spokes every 30 degrees and marked points on "
                   "ring-spoke crossings.")

    def sample(self, rng, difficulty):
        rings = RINGS[difficulty]
        return {"rmax": rings[int(rng.integers(len(rings)))], "step": STEP[difficulty], "points": []}

    def render(self, c, state, params):
        W, H = SIZE
        cx, cy = W / 2, H / 2 + 4
        rmax = state["rmax"]
        unit = RADIUS / rmax
        labels = Labels(c)
        for k in range(1, rmax + 1):                       # rings: every unit, stronger every other
            strong = k % 2 == 0 or k == rmax
            c.circle(cx, cy, k * unit, stroke="muted" if strong else "grid", lw=1.6 if strong else 1.0)
            labels.ring(cx, cy, k * unit)
        for a in range(0, 360, 15):                        # spokes: every 15°, stronger every 30°
            t = math.radians(a)
            x, y = cx + RADIUS * math.cos(t), cy - RADIUS * math.sin(t)
            axis = a % 90 == 0
            c.line(cx, cy, x, y, color="ink" if axis else "muted" if a % 30 == 0 else "grid",
                   lw=2.0 if axis else 1.4 if a % 30 == 0 else 0.9)
            labels.seg((cx, cy), (x, y))
            if a % 30 == 0:
                lx, ly = cx + (RADIUS + 24) * math.cos(t), cy - (RADIUS + 17) * math.sin(t)
                c.text(lx, ly, f"{a}°", size=14.0, kind="tick")
        for k in range(1, rmax + 1):
            c.text(cx + k * unit, cy + 17, str(k), size=12.5, kind="tick")
        c.text(cx - 11, cy + 17, "O", size=12.5)
        pts = state["points"]
        color = {"P": "series:0", "Q": "series:1"}
        for k, p in enumerate(pts):
            t = math.radians(p["a"])
            x, y = cx + p["r"] * unit * math.cos(t), cy - p["r"] * unit * math.sin(t)
            if p["label"]:
                c.line(cx, cy, x, y, color=color[p["label"]], lw=2.0)
            c.circle(x, y, 8.0, fill=color.get(p["label"], "series:2"), stroke="ink", lw=1.4,
                     id=f"pt:{p['label'] or k}")
            labels.disc(x, y, 9.0)
        texts = []
        for p in pts:
            if p["label"]:
                t = math.radians(p["a"])
                x, y = cx + p["r"] * unit * math.cos(t), cy - p["r"] * unit * math.sin(t)
                texts.append({"text": p["label"], "candidates": around(x, y, 12.0, -t + math.pi / 2), "size": 19.0,
                              "bold": True, "halo": True})
        labels.place_all(texts)


SCENE = PolarGraphPaper()
task = SCENE.task
INTRO = ("The figure shows polar graph paper with marked points; angles are measured counter-clockwise from the 0° "
         "ray. ")


def angles(s):
    return list(range(0, 360, s["step"]))


def place(q, fn):
    s = q.edit(fn)
    q.require(bool(s["points"]), "no layout")
    return s


# ---------------------------------------------------------------------- one point
@task("readout_value", answer="integer", annotation="point", ops="direct_retrieval",
      queries=("radius_readout_value", "angle_readout_value"))
def readout_value(q):
    radius = q.query_id == "radius_readout_value"
    s = q.state
    target = q.target(range(1, s["rmax"] + 1) if radius else angles(s), stratified=True)

    def fn(s, rng):
        r = target if radius else rint(rng, 2, s["rmax"])
        a = target if not radius else angles(s)[int(rng.integers(len(angles(s))))]
        s["points"] = [{"label": "P", "r": r, "a": a}]
        return s

    s = place(q, fn)
    p = s["points"][0]
    value = p["r"] if radius else p["a"]
    what = "radius (the ring it lies on)" if radius else "angle in degrees"
    return q.answer(value, witnesses="pt:P", question=INTRO + f"What is the polar {what} of point P?")


# ---------------------------------------------------------------------- two points
@task("coordinate_difference_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("radius_difference_value", "angle_difference_value"))
def coordinate_difference_value(q):
    radius = q.query_id == "radius_difference_value"
    s = q.state
    step = s["step"]
    target = q.target(range(1, s["rmax"]) if radius else range(step, 181, step), stratified=True)

    def fn(s, rng):
        A = angles(s)
        for _ in range(100):
            if radius:
                r1 = rint(rng, 1, s["rmax"] - target)
                r1, r2 = (r1, r1 + target) if rng.integers(2) else (r1 + target, r1)
                a1, a2 = A[int(rng.integers(len(A)))], A[int(rng.integers(len(A)))]
            else:
                r1, r2 = rint(rng, 2, s["rmax"]), rint(rng, 2, s["rmax"])
                a1 = A[int(rng.integers(len(A)))]
                a2 = (a1 + target * (1 if rng.integers(2) else -1)) % 360
            if (r1, a1) != (r2, a2) and (a1 != a2 or abs(r1 - r2) >= 2):
                s["points"] = [{"label": "P", "r": r1, "a": a1}, {"label": "Q", "r": r2, "a": a2}]
                return s
        return s

    s = place(q, fn)
    P, Q = s["points"]
    if radius:
        value = abs(P["r"] - Q["r"])
        ask = "What is the absolute difference between the polar radii of P and Q?"
    else:
        d = abs(P["a"] - Q["a"]) % 360
        value = min(d, 360 - d)
        ask = ("What is the smaller angle, in degrees, between the rays OP and OQ (the difference of their polar "
               "angles)?")
    return q.answer(value, witnesses={"P": "pt:P", "Q": "pt:Q"}, question=INTRO + ask)


# ---------------------------------------------------------------------- count on a ring or spoke
N_POINTS = {1: (6, 8), 2: (8, 11), 3: (10, 14)}
COUNTS = {1: range(1, 5), 2: range(1, 6), 3: range(2, 7)}


@task("coordinate_value_point_count", answer="integer", annotation="point_set",
      ops="filtering,counting,comparison,formula_evaluation",
      queries=("radius_value_point_count", "angle_value_point_count"))
def coordinate_value_point_count(q):
    radius = q.query_id == "radius_value_point_count"
    d = q.difficulty
    target = q.target(COUNTS[d], stratified=True)

    def fn(s, rng):
        A = angles(s)
        value = rint(rng, 1, s["rmax"]) if radius else A[int(rng.integers(len(A)))]
        lo, hi = N_POINTS[d]
        n = max(rint(rng, lo, hi), target + 3)
        cells = [(r, a) for r in range(1, s["rmax"] + 1) for a in A]
        on = [c for c in cells if (c[0] if radius else c[1]) == value]
        off = [c for c in cells if (c[0] if radius else c[1]) != value]
        near = [c for c in off if abs((c[0] - value) if radius else ((c[1] - value + 180) % 360 - 180)) <=
                (1 if radius else s["step"])]
        if len(on) < target:
            return s
        pick_on = [on[int(i)] for i in rng.permutation(len(on))[:target]]
        k_near = min(len(near), int(rng.integers(1, 4)))
        pick_near = [near[int(i)] for i in rng.permutation(len(near))[:k_near]]
        rest = [c for c in off if c not in pick_near]
        pick_rest = [rest[int(i)] for i in rng.permutation(len(rest))[:n - target - k_near]]
        chosen = pick_on + pick_near + pick_rest
        order = rng.permutation(len(chosen))
        s["points"] = [{"label": "", "r": chosen[int(i)][0], "a": chosen[int(i)][1]} for i in order]
        s["value"] = value
        return s

    s = place(q, fn)
    v = s["value"]
    hits = [k for k, p in enumerate(s["points"]) if (p["r"] if radius else p["a"]) == v]
    ask = (f"How many marked points lie on the ring of radius {v}?" if radius
           else f"How many marked points lie on the {v}° spoke (polar angle {v} degrees)?")
    return q.answer(len(hits), witnesses=[f"pt:{k}" for k in hits], question=INTRO + ask)
