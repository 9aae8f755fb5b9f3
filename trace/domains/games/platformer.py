"""games/platformer: a side-scroller level with a player, platforms, hazards, coins, bonus items and a
dashed jump arc.

The jump is a parabola (constant horizontal speed, constant gravity): y(x) = y0 - h (1 - ((x - xa) / d)^2)
in screen coordinates, apex (xa, y0 - h), launched from the player at (xa - d, y0).  The player
lands on the first platform top the descending arc meets (or the ground).  Items count as on the
arc when their centre lies on it; items off the arc are kept well away from it.  For the landing
question only the first part of the arc (through its apex) is drawn, and a state is kept only
when arcs a few percent higher, lower, shorter or longer land on the same platform.
"""

from __future__ import annotations

import math

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.gridgames import sprite

LABELS = "ABCDEFGH"
PLATFORMS = {1: (4, 5), 2: (6, 8), 3: (8, 8)}
SKY = (0.27, 0.24, 0.34)
GROUND = (0.45, 0.33, 0.22)
PLATFORM_FILLS = ((0.82, 0.7, 0.54), (0.74, 0.8, 0.68), (0.78, 0.74, 0.88), (0.86, 0.76, 0.6))
ARC = (0.97, 0.97, 0.97)
COIN = (0.98, 0.75, 0.2)
BONUS = (1.0, 0.9, 0.55)
TEXT = (0.1, 0.1, 0.12)
H = 560
GROUND_Y = 500


def arc_y(arc, x):
    xa, d, y0, h = arc["xa"], arc["d"], arc["y0"], arc["h"]
    return y0 - h * (1 - ((x - xa) / d) ** 2)


def arc_points(arc, x_end, step=4.0):
    x = arc["xa"] - arc["d"]
    out = []
    while x < x_end:
        out.append((x, arc_y(arc, x)))
        x += step
    out.append((x_end, arc_y(arc, x_end)))
    return out


def landing(arc, platforms, step=1.0):
    """(index of the platform landed on or -1 for the ground, landing x); None when the arc runs
    into a platform's side or underside first."""
    x = arc["xa"] - arc["d"] + 6
    prev = arc_y(arc, x)
    while True:
        x += step
        y = arc_y(arc, x)
        for i, p in enumerate(platforms):
            if p["x0"] <= x <= p["x1"]:
                top, bot = p["y"], p["y"] + p["h"]
                if y > prev and prev <= top <= y:
                    return i, x
                if top < y < bot:
                    return None
        if y >= GROUND_Y:
            return -1, x
        prev = y


def dist_to(points, p):
    return min(math.hypot(p[0] - a, p[1] - b) for a, b in points)


class Platformer(Scene):
    domain, scene_id, size = "games", "platformer", (800, H)
    megapixels = (0.48, 0.62)
    description = "A side-scroller level: a player, platforms, hazards, coins, bonus items and a dashed jump arc."

    def sample(self, rng, difficulty):
        width = int(rng.integers(70, 91)) * 10
        px = float(rng.uniform(70, 140))
        d = float(rng.uniform(150, min(300, (width - 100 - px) / 2)))
        h = float(rng.uniform(150, 290))
        arc = {"xa": round(px + d, 1), "d": round(d, 1), "y0": GROUND_Y - 30.0, "h": round(h, 1)}
        return {"width": width, "arc": arc, "platforms": [], "coins": [], "bonus": [], "hazards": [],
                "shown": "full", "labels": False}

    def canvas_size(self, state):
        return (state["width"], H)

    def claims(self, state, params):
        return [Claim("arc", "line", "dashed")]

    def render(self, c, state, params):
        w = state["width"]
        c.rect(20, 20, w - 40, H - 40, fill=SKY, stroke=(0.1, 0.1, 0.12), lw=3)
        c.rect(22, GROUND_Y, w - 44, H - 22 - GROUND_Y, fill=GROUND)
        arc = state["arc"]
        for i, p in enumerate(state["platforms"]):
            c.rect(p["x0"], p["y"], p["x1"] - p["x0"], p["h"], fill=PLATFORM_FILLS[i % len(PLATFORM_FILLS)],
                   stroke=(0.12, 0.1, 0.1), lw=2, id=f"platform:{i}")
            if state["labels"]:
                c.text((p["x0"] + p["x1"]) / 2, p["y"] + p["h"] / 2 + 1, p["label"], size=16, bold=True, color=TEXT)
        for hz in state["hazards"]:
            x, y = hz
            for k in range(3):
                c.polygon([(x + k * 12, y), (x + k * 12 + 6, y - 26), (x + k * 12 + 12, y)], fill=(0.85, 0.2, 0.2),
                          stroke=(0.4, 0.05, 0.05), lw=1)
        x_end = arc["xa"] + arc["d"] * (0.3 if state["shown"] == "partial" else 1.0)
        if state["shown"] == "full":
            land = landing(arc, state["platforms"])
            x_end = land[1] if land else x_end
        pts = arc_points(arc, x_end)
        c.polyline(pts, color=ARC, lw=3, dash=[10, 7])
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        c.register("arc", box=(min(xs), min(ys), max(xs), max(ys)), stroke=ARC, line="dashed")
        c.circle(*pts[-1], 4, fill=ARC)
        for x, y in state["coins"]:
            c.circle(x, y, 11, fill=COIN, stroke=(0.55, 0.38, 0.05), lw=1.5, id=f"coin:{x}:{y}")
            c.circle(x - 3, y - 3, 2.5, fill=(1, 0.95, 0.8))
        for b in state["bonus"]:
            x, y = b["pos"]
            c.shape("star", x, y, 34, fill=BONUS, stroke=(0.55, 0.38, 0.05), lw=1.5, id=f"bonus:{x}:{y}")
            c.text(x, y + 2, str(b["value"]), size=13, bold=True, color=TEXT)
        x0 = arc["xa"] - arc["d"]
        sprite(c, "hero", x0 - 20, arc["y0"] - 14, 44, id="player", fill_id="blue")


SCENE = Platformer()
task = SCENE.task

INTRO = ("The picture shows a side-scroller level: a player character, platforms, spike hazards, gold coins, "
         "star-shaped bonus items with printed values and a dashed jump arc starting at the player.")


def free_spot(st, rng, pts, away=36.0, tries=80):
    """A point for an item off the arc: above the ground, clear of platforms and other items."""
    w = st["width"]
    taken = st["coins"] + [b["pos"] for b in st["bonus"]]
    for _ in range(tries):
        p = (round(float(rng.uniform(50, w - 50)), 1), round(float(rng.uniform(60, GROUND_Y - 30)), 1))
        if dist_to(pts, p) < away or any(math.hypot(p[0] - a, p[1] - b) < 34 for a, b in taken):
            continue
        if any(q["x0"] - 20 <= p[0] <= q["x1"] + 20 and q["y"] - 20 <= p[1] <= q["y"] + q["h"] + 20
               for q in st["platforms"]):
            continue
        return list(p)
    return None


def add_platforms(st, rng, k, avoid_pts=None):
    w = st["width"]
    for _ in range(200):
        if len(st["platforms"]) >= k:
            break
        pw = float(rng.uniform(80, 130))
        x0 = float(rng.uniform(40, w - 40 - pw))
        y = float(rng.uniform(110, GROUND_Y - 60))
        p = {"x0": round(x0, 1), "x1": round(x0 + pw, 1), "y": round(y, 1), "h": 28.0, "label": ""}
        if any(p["x0"] - 20 < q["x1"] and q["x0"] - 20 < p["x1"] and abs(p["y"] - q["y"]) < 50
               for q in st["platforms"]):
            continue
        if avoid_pts and any(p["x0"] - 25 <= x <= p["x1"] + 25 and p["y"] - 30 <= y2 <= p["y"] + 55
                             for x, y2 in avoid_pts):
            continue
        st["platforms"].append(p)
    return st


def arc_spots(rng, pts, k):
    """``k`` points on the arc, at least 44 px apart and away from its ends."""
    x0 = pts[0][0]
    inner = [p for p in pts if p[0] > x0 + 50 and p[0] < pts[-1][0] - 20]
    for _ in range(60):
        pick = sorted(inner[int(i)] for i in rng.choice(len(inner), size=k, replace=False))
        if all(math.hypot(a[0] - b[0], a[1] - b[1]) >= 44 for a, b in zip(pick, pick[1:])):
            return [[round(x, 1), round(y, 1)] for x, y in pick]
    return None


N_PLAT = {1: (1, 3), 2: (2, 5), 3: (4, 7)}


def plant_items(st, rng, on_values, n_off, difficulty=2):
    """Items on the full arc (value 1 = coin, more = bonus item) and ``n_off`` items off it."""
    pts = arc_points(st["arc"], st["arc"]["xa"] + st["arc"]["d"])
    add_platforms(st, rng, int(rng.integers(*N_PLAT[difficulty])), avoid_pts=pts)
    land = landing(st["arc"], st["platforms"])
    if not land:
        return None
    pts = arc_points(st["arc"], land[1])
    spots = arc_spots(rng, pts, len(on_values))
    if not spots:
        return None
    st["coins"] = [s for s, v in zip(spots, on_values) if v == 1]
    st["bonus"] = [{"pos": s, "value": int(v)} for s, v in zip(spots, on_values) if v > 1]
    for j in range(n_off):
        p = free_spot(st, rng, pts)
        if p is None:
            continue
        if rng.random() < 0.65:
            st["coins"].append(p)
        else:
            st["bonus"].append({"pos": p, "value": int(rng.integers(2, 6))})
    for _ in range(int(rng.integers(1, 3))):
        x = float(rng.uniform(160, st["width"] - 100))
        if dist_to(pts, (x + 18, GROUND_Y - 10)) > 40:
            st["hazards"].append([round(x, 1), GROUND_Y])
    return st


def on_arc(st):
    land = landing(st["arc"], st["platforms"])
    pts = arc_points(st["arc"], land[1], step=1.0)
    coins = [tuple(p) for p in st["coins"] if dist_to(pts, p) < 2.0]
    bonus = [b for b in st["bonus"] if dist_to(pts, b["pos"]) < 2.0]
    return coins, bonus


@task("collectible_count", answer="integer", annotation="point_set", ops="counting")
def collectible_count(q):
    t = q.target({1: range(1, 5), 2: range(2, 8), 3: range(3, 10)}[q.difficulty], stratified=True)

    def plant(st, rng):
        for _ in range(30):
            trial = {**st, "platforms": [], "coins": [], "bonus": [], "hazards": []}
            vals = [1] * t + [int(v) for v in rng.integers(2, 6, size=int(rng.integers(0, 2)))]
            vals = [vals[int(i)] for i in rng.permutation(len(vals))]
            out = plant_items(trial, rng, vals, int(rng.integers(3, 7)), q.difficulty)
            if out:
                return out
        return st

    s = q.edit(plant)
    q.require(landing(s["arc"], s["platforms"]) is not None and (s["coins"] or s["bonus"]), "no layout")
    coins, _ = on_arc(s)
    q.require(len(coins) == t, "target missed")
    return q.answer(len(coins), witnesses=[f"coin:{x}:{y}" for x, y in coins],
                    question=(f"{INTRO} The player follows the dashed arc and collects every item whose centre "
                              f"lies on it. How many gold coins does the player collect?"))


@task("jump_collectible_score_value", answer="integer", annotation="point_set", ops="aggregation,formula_evaluation")
def jump_collectible_score_value(q):
    t = q.target({1: range(2, 8), 2: range(4, 12), 3: range(6, 16)}[q.difficulty], stratified=True)

    def plant(st, rng):
        for _ in range(200):
            k = int(rng.integers(2, 7))
            vals = [1 if rng.random() < 0.6 else int(rng.integers(2, 6)) for _ in range(k)]
            if sum(vals) != t:
                continue
            trial = {**st, "platforms": [], "coins": [], "bonus": [], "hazards": []}
            out = plant_items(trial, rng, vals, int(rng.integers(3, 7)), q.difficulty)
            if out:
                return out
        return st

    s = q.edit(plant)
    q.require(landing(s["arc"], s["platforms"]) is not None and (s["coins"] or s["bonus"]), "no layout")
    coins, bonus = on_arc(s)
    total = len(coins) + sum(b["value"] for b in bonus)
    q.require(total == t, "target missed")
    ids = [f"coin:{x}:{y}" for x, y in coins] + [f"bonus:{b['pos'][0]}:{b['pos'][1]}" for b in bonus]
    return q.answer(total, witnesses=sorted(ids),
                    question=(f"{INTRO} A coin scores 1 and a bonus item scores its printed value. The player "
                              f"follows the dashed arc and collects every item whose centre lies on it (hazards and "
                              f"items off the arc do not count). What is the total score collected?"))


def robust_landing(arc, platforms):
    """The platform landed on when the arc is a few percent higher, lower, shorter or longer too."""
    out = set()
    for fh in (0.95, 1.0, 1.05):
        for fd in (0.95, 1.0, 1.05):
            a = {**arc, "h": arc["h"] * fh, "d": arc["d"] * fd, "xa": arc["xa"] - arc["d"] + arc["d"] * fd}
            land = landing(a, platforms)
            out.add(land[0] if land else None)
    return out.pop() if len(out) == 1 else None


@task("jump_landing_label", answer="string", annotation="bbox", ops="spatial_relations")
def jump_landing_label(q):
    k_lo, k_hi = PLATFORMS[q.difficulty]
    letter = q.target(LABELS[:k_hi], stratified=True)

    def plant(st, rng):
        arc = st["arc"]
        for _ in range(200):
            k = int(rng.integers(max(k_lo, LABELS.index(letter) + 1), k_hi + 1))
            # the target: a platform whose top the descending arc crosses
            top = float(rng.uniform(arc["y0"] - arc["h"] + 40, min(GROUND_Y - 60, arc["y0"] - 10)))
            u = math.sqrt(max(0.0, 1 - (arc["y0"] - top) / arc["h"]))
            xl = arc["xa"] + arc["d"] * u
            pw = float(rng.uniform(90, 130))
            x0 = xl - float(rng.uniform(25, pw - 25))
            if x0 < 40 or x0 + pw > st["width"] - 40:
                continue
            target = {"x0": round(x0, 1), "x1": round(x0 + pw, 1), "y": round(top, 1), "h": 28.0, "label": ""}
            shown = arc_points(arc, arc["xa"] + arc["d"] * 0.3)
            trial = {**st, "platforms": [target]}
            add_platforms(trial, rng, k, avoid_pts=shown)
            plats = trial["platforms"]
            if len(plats) != k or robust_landing(arc, plats) != 0:
                continue
            order = [int(i) for i in rng.permutation(k)]
            plats = [plats[i] for i in order]
            j = order.index(0)
            labels = [x for x in LABELS[:k] if x != letter]
            labels = [labels[int(i)] for i in rng.permutation(k - 1)]
            labels.insert(j, letter)
            for p, lab in zip(plats, labels):
                p["label"] = lab
            trial.update(platforms=plats, shown="partial", labels=True, coins=[], bonus=[], hazards=[])
            for _ in range(int(rng.integers(2, 5))):
                p = free_spot(trial, rng, shown)
                if p:
                    trial["coins"].append(p)
            return trial
        return st

    s = q.edit(plant)
    q.require(s["labels"], "no platform layout")
    i = robust_landing(s["arc"], s["platforms"])
    q.require(i is not None and i >= 0, "the landing is not clear")
    lab = s["platforms"][i]["label"]
    return q.answer(lab, witnesses=f"platform:{i}", examples=[x for x in LABELS[:len(s['platforms'])] if x != lab],
                    question=(f"{INTRO} The dashed arc shows the first part of a jump; the jump continues along the "
                              f"same smooth parabola (the way a thrown ball falls) until the player lands on top of "
                              f"a platform or on the ground. Which lettered platform does the player land on?"))
