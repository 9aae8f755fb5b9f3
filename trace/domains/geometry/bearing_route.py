"""geometry/bearing_route: compass-bearing routes (bearings clockwise from north).

Two sketches.  A graph-paper grid (each square one step) with a start S and lettered candidate
endpoints beside a route panel of bearing-and-steps instructions (cardinal bearings) and a
compass rose: which candidate does the route reach?  Or a route diagram S -> turn point -> F
whose two legs carry their bearings and equal lengths, with six lettered bearing options
drawn under it: which option is the direct bearing from S to F?  With equal legs the triangle is
isosceles, so the direct bearing lies halfway between the two leg bearings (the smaller way
round).

Difficulty: larger grids, more candidates and a third instruction; leg bearings on a 90°, 5°
or 2° grid.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, View, around, beside
from tracegen.kits.geometry import draw_grid, pick, rint

SIZE = (820, 580)
POOL = "ABCDGHJKLMPQRTUVXYZ"          # candidate letters: no compass letters N E S W, no O / I / F


class BearingRoute(Scene):
    domain, scene_id, size = "geometry", "bearing_route", SIZE
    megapixels = (0.46, 0.62)   # render-only: the original's one 820 x 580 canvas
    aspect_pad = 0.1
    description = ("A compass-bearing route: a graph-paper grid with a start, lettered candidate endpoints and a route "
                   "panel, or a two-leg route diagram with lettered bearing options.")

    def sample(self, rng, difficulty):
        return {"kind": ""}

    def render(self, c, state, params):
        (draw_grid_route if state["kind"] == "grid" else draw_leg_route)(c, state)


SCENE = BearingRoute()
task = SCENE.task
STEPS = {0: (0, 1), 90: (1, 0), 180: (0, -1), 270: (-1, 0)}


def compass(c, x, y, r=30.0, labels=None):
    c.circle(x, y, r, stroke="ink", lw=1.6)
    c.line(x - r + 6, y, x + r - 6, y, color="ink", lw=1.4)
    c.arrow(x, y + r - 6, x, y - r + 4, color="ink", lw=1.8, head=8)
    for t, dx, dy in (("N", 0, -r - 12), ("E", r + 14, 0), ("S", 0, r + 12), ("W", -r - 14, 0)):
        c.text(x + dx, y + dy, t, size=14, bold=t == "N")
    if labels is not None:
        labels.box((x - r - 24, y - r - 22, x + r + 24, y + r + 22))


# ---------------------------------------------------------------------- grid route
def draw_grid_route(c, s):
    cols, rows = s["cols"], s["rows"]
    box = (40, 40, 540, 540)
    c.rect(box[0], box[1], box[2] - box[0], box[3] - box[1], fill="panel", stroke="muted", lw=1.4)
    unit = min((box[2] - box[0] - 60) / cols, (box[3] - box[1] - 60) / rows)
    gx = (box[0] + box[2]) / 2 - unit * cols / 2
    gy = (box[1] + box[3]) / 2 - unit * rows / 2
    draw_grid(c, gx, gy, cols, rows, unit, c.color("grid"))
    labels = Labels(c, box)

    def px(p):
        return (gx + p[0] * unit, gy + (rows - p[1]) * unit)

    pts = [("S", s["start"])] + [(p["label"], (p["x"], p["y"])) for p in s["cands"]]
    for name, p in pts:
        x, y = px(p)
        color = "ink" if name == "S" else "series:1"
        c.rect(x - 7, y - 7, 14, 14, fill="paper", stroke=color, lw=2.6, id=f"pt:{name}")
        c.line(x - 4, y, x + 4, y, color=color, lw=1.4)
        c.line(x, y - 4, x, y + 4, color=color, lw=1.4)
        labels.disc(x, y, 10.0)
    labels.place_all([{"text": name, "candidates": around(*px(p), 10.0, math.pi * 0.75), "size": 17, "bold": True,
                       "halo": True} for name, p in pts])
    # the route panel
    lines = [(f"{k + 1}: {b}°", f"{n} steps") for k, (b, n) in enumerate(s["route"])]
    px0, py0, w = 575, 60, 205
    h = 58 + 52 * len(lines) + 100
    c.rect(px0, py0, w, h, fill="panel", stroke="muted", lw=1.4)
    c.text(px0 + w / 2, py0 + 26, "route from S", size=17, bold=True)
    for k, (a, b) in enumerate(lines):
        c.text(px0 + w / 2, py0 + 58 + 52 * k, a, size=16)
        c.text(px0 + w / 2, py0 + 80 + 52 * k, b, size=15)
    compass(c, px0 + w / 2, py0 + h - 55)


def walk(start, route):
    x, y = start
    for b, n in route:
        dx, dy = STEPS[b]
        x, y = x + dx * n, y + dy * n
    return (x, y)


GRID = {1: (8, 8), 2: (10, 11), 3: (12, 12)}
N_LEGS = {1: 2, 2: 2, 3: 3}
OPTIONS = {1: ((4, 1),), 2: ((4, 1), (6, 2)), 3: ((6, 1),)}


@task("endpoint_position_label", answer="option_letter", annotation="point_map", ops="spatial_relations,state_update")
def endpoint_position_label(q):
    d = q.difficulty
    k = q.choice("options", [n for n, w in OPTIONS[d] for _ in range(w)])
    q.offer(k, "image")

    def fn(s, rng):
        cols, rows = GRID[d]
        for _ in range(300):
            route = []
            for _ in range(N_LEGS[d]):
                used = (route[-1][0], (route[-1][0] + 180) % 360) if route else ()   # turn at every instruction
                b = pick(rng, [x for x in (0, 90, 180, 270) if x not in used])
                route.append((b, rint(rng, 1, 6)))
            start = (rint(rng, 0, cols), rint(rng, 0, rows))
            end = walk(start, route)
            inside = lambda p: 0 <= p[0] <= cols and 0 <= p[1] <= rows  # noqa: E731
            if not inside(end):
                continue
            slips = [walk(start, [((b + 180) % 360 if b in (90, 270) else b, n) for b, n in route]),
                     walk(start, [((b + 180) % 360 if b in (0, 180) else b, n) for b, n in route]),
                     walk(start, [(b, n) for (b, _), (_, n) in zip(route, route[::-1])]),
                     walk(start, route[:-1]),
                     walk(start, route[:-1] + [(route[-1][0], route[-1][1] + 1)]),
                     walk(start, route[:-1] + [(route[-1][0], route[-1][1] - 1)]),
                     walk(start, [((b + 90) % 360, n) for b, n in route])]
            seen, others = {start, end}, []
            for p in slips:
                if inside(p) and p not in seen:
                    seen.add(p)
                    others.append(p)
            while len(others) < k - 1:
                p = (rint(rng, 0, cols), rint(rng, 0, rows))
                if p not in seen and min(abs(p[0] - o[0]) + abs(p[1] - o[1]) for o in seen) >= 2:
                    seen.add(p)
                    others.append(p)
            others = [others[int(i)] for i in rng.permutation(len(others))][:k - 1]
            letters = sorted(str(x) for x in rng.choice(list(POOL), size=k, replace=False))
            order = rng.permutation(k)
            where = [end] + others
            s.update(kind="grid", cols=cols, rows=rows, start=list(start), route=[list(r) for r in route],
                     cands=[{"label": letters[int(order[i])], "x": where[i][0], "y": where[i][1]} for i in range(k)])
            return s
        return s

    s = q.edit(fn)
    q.require(bool(s["kind"]), "no route layout")
    end = walk(tuple(s["start"]), [tuple(r) for r in s["route"]])
    hits = [p["label"] for p in s["cands"] if (p["x"], p["y"]) == end]
    q.require(len(hits) == 1, "the endpoint is not exactly one candidate")
    n = len(s["route"])
    return q.answer(hits[0], witnesses={"S": "pt:S", hits[0]: f"pt:{hits[0]}"},
                    examples=[p["label"] for p in s["cands"]],
                    question="The figure shows a compass-bearing route panel, a graph-paper grid where each square is "
                             "one step, the start point S and lettered candidate endpoints; bearings are measured "
                             f"clockwise from north. Follow the {n} bearing instructions from S in order. Which "
                             "candidate endpoint is reached?")


# ---------------------------------------------------------------------- two legs, the direct bearing
def draw_leg_route(c, s):
    P = {k: tuple(v) for k, v in s["pts"].items()}
    view = View.fit(list(P.values()), (120, 110, 500, 420))
    px = {k: view.px(p) for k, p in P.items()}
    c.rect(40, 40, 540 - 40, 460 - 40, fill="panel", stroke="muted", lw=1.4)
    labels = Labels(c, (44, 44, 536, 456))
    for a, b in (("S", "T"), ("T", "F")):
        c.arrow(*px[a], *px[b], color="ink", lw=2.8, head=13, shorten=6.0)
        labels.seg(px[a], px[b])
    for name in ("S", "T"):
        x, y = px[name]
        c.line(x, y, x, y - 52, color="muted", lw=1.4, dash=[5.0, 4.0])
        c.text(x, y - 62, "N", size=13)
        labels.seg((x, y), (x, y - 68))
    for name in ("S", "T", "F"):
        x, y = px[name]
        c.circle(x, y, 6.0, fill="series:1" if name == "F" else "ink", id=f"pt:{name}")
        labels.disc(x, y, 8.0)
    cen = view.px(((P["S"][0] + P["T"][0] + P["F"][0]) / 3, (P["S"][1] + P["T"][1] + P["F"][1]) / 3))
    texts = [{"text": n, "candidates": around(*px[n], 10.0, math.atan2(px[n][1] - cen[1], px[n][0] - cen[0])),
              "size": 18, "bold": True, "halo": True} for n in ("S", "T", "F")]
    texts += [{"text": f"{leg[0]}°, {leg[1]} km", "candidates": beside(px[a], px[b], gap=12.0), "size": 16,
               "halo": True} for (a, b), leg in zip((("S", "T"), ("T", "F")), s["legs"])]
    labels.place_all(texts)
    compass(c, 660, 130, 38.0)
    c.rect(575, 220, 205, 110, fill="panel", stroke="muted", lw=1.2)
    for k, t in enumerate(("bearings are", "clockwise", "from north")):
        c.text(677, 248 + 27 * k, t, size=15)
    n = len(s["options"])
    w = (740 - 10 * (n - 1)) / n
    for k, v in enumerate(s["options"]):
        x = 40 + k * (w + 10)
        c.rect(x, 490, w, 50, fill="panel", stroke="ink", lw=1.4, id=f"opt:{'ABCDEF'[k]}")
        c.text(x + w / 2, 515, f"{'ABCDEF'[k]}: {v}°", size=16, bold=True, kind="option")


def direct(b1, b2) -> int:
    """The direct bearing after equal legs at bearings b1 then b2: halfway, the smaller way round."""
    turn = (b2 - b1 + 180) % 360 - 180
    return int((b1 + turn / 2) % 360)


LEG_STEP = {1: 90, 2: 5, 3: 2}


@task("final_bearing_value", answer="option_letter", annotation="point_map", ops="spatial_relations,formula_evaluation")
def final_bearing_value(q):
    d = q.difficulty
    letter = q.target("ABCDEF", stratified=True)
    q.offer(6, "image")

    def fn(s, rng):
        step = LEG_STEP[d]
        for _ in range(200):
            b1 = rint(rng, 0, 359 // step) * step
            turn = rint(rng, 30 // step if step < 90 else 1, 150 // step if step < 90 else 1) * step
            turn *= 1 if rng.integers(2) else -1
            b2 = (b1 + turn) % 360
            if abs(turn) >= 180 or (b2 - b1) % 2:
                continue
            ans = direct(b1, b2)
            slips = [b1, b2, (ans + 180) % 360, (b1 + b2) % 360, (ans + 90) % 360, (ans - 90) % 360,
                     (ans + 15) % 360, (ans - 15) % 360, (360 - ans) % 360, (b2 - b1) % 360]
            pool = []
            for v in slips:
                if v != ans and v not in pool:
                    pool.append(v)
            if len(pool) < 5:
                continue
            others = [pool[int(i)] for i in rng.permutation(len(pool))[:5]]
            slot = "ABCDEF".index(letter)
            opts = others[:slot] + [ans] + others[slot:]
            L = rint(rng, 2, 9)
            T = (L * math.sin(math.radians(b1)), L * math.cos(math.radians(b1)))
            F = (T[0] + L * math.sin(math.radians(b2)), T[1] + L * math.cos(math.radians(b2)))
            s.update(kind="legs", legs=[[b1, L], [b2, L]], options=[int(v) for v in opts],
                     pts={"S": [0.0, 0.0], "T": [round(v, 6) for v in T], "F": [round(v, 6) for v in F]})
            return s
        return s

    s = q.edit(fn)
    q.require(bool(s["kind"]), "no route")
    (b1, _), (b2, _) = s["legs"]
    ans = direct(b1, b2)
    hits = ["ABCDEF"[k] for k, v in enumerate(s["options"]) if v == ans]
    q.require(len(hits) == 1, "the bearing is not exactly one option")
    return q.answer(hits[0], witnesses={"S": "pt:S", "F": "pt:F"}, examples=list("ABCDEF"),
                    question="The figure shows a two-leg compass-bearing route from start S through T to finish F; "
                             "each leg is labelled with its bearing (degrees clockwise from north) and its length. "
                             "Which "
                             "option gives the direct bearing from S to F?")
