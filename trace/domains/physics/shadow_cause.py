"""physics/shadow_cause: a floor seen from above with an upright post (a cylinder), the shadow it casts and
lettered candidate lamps, all hanging at the same height.

Light travels in straight lines from a point lamp: the shadow points straight away from the lamp and,
for a post of height h under a lamp at height L and horizontal distance d, reaches d h / (L - h) beyond
the post (widening as the rays diverge).  Other lamps sit at least MIN_GAP degrees away in direction;
at level 3 one decoy shares the lamp's direction at a clearly different distance (its shadow would be
longer or shorter).  Difficulty grows the number of candidate lamps.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.geometry import convex_hull
from tracegen.kits.mechanics import tag

W, H = 900, 640
CX, CY = 450, 350
POST_R = 26
RATIO = 0.5                    # h / (L - h) with the post a third as tall as the lamp height
LAMPS = {1: 4, 2: 6, 3: 8}
MIN_GAP = 34                   # degrees between lamp directions
BOUNDS = (40, 80, W - 40, H - 30)
LETTERS = "ABCDEFGH"


def shadow_tip(lamp, cx=CX, cy=CY):
    """Where a point lamp projects the post's top centre: d * RATIO beyond the post, straight away from it."""
    return [round(cx + (cx - lamp[0]) * RATIO, 1), round(cy + (cy - lamp[1]) * RATIO, 1)]


def shadow_polygon(tip, cx=CX, cy=CY):
    """Top view of a vertical cylinder's shadow: the hull of the base circle and the projected top circle
    (centred at ``tip``, radius scaled by L / (L - h))."""
    tx, ty = tip
    rt = POST_R * (1 + RATIO)
    pts = [(cx + POST_R * math.cos(t), cy + POST_R * math.sin(t)) for t in (i * math.pi / 24 for i in range(48))]
    pts += [(tx + rt * math.cos(t), ty + rt * math.sin(t)) for t in (i * math.pi / 24 for i in range(48))]
    return convex_hull((round(x, 2), round(y, 2)) for x, y in pts)


def _inside(x, y, pad=30):
    return BOUNDS[0] + pad <= x <= BOUNDS[2] - pad and BOUNDS[1] + pad <= y <= BOUNDS[3] - pad


class ShadowCause(Scene):
    domain, scene_id, size = "physics", "shadow_cause", (W, H)
    description = "A top view of a post, its cast shadow and lettered candidate lamps at one height."
    megapixels = (0.75, 0.95)

    def sample(self, rng, difficulty):
        return {"lamps": [], "tip": None, "n": LAMPS[difficulty]}

    def render(self, c, state, params):
        c.text(W / 2, 34, "Floor seen from above", size=19, bold=True)
        c.rect(BOUNDS[0], BOUNDS[1], BOUNDS[2] - BOUNDS[0], BOUNDS[3] - BOUNDS[1], fill="paper", stroke="ink", lw=1.5)
        for gx in range(int(BOUNDS[0]) + 40, int(BOUNDS[2]), 40):
            c.gridline(gx, BOUNDS[1], gx, BOUNDS[3])
        for gy in range(int(BOUNDS[1]) + 40, int(BOUNDS[3]), 40):
            c.gridline(BOUNDS[0], gy, BOUNDS[2], gy)
        if state["tip"] is not None:
            c.polygon(shadow_polygon(state["tip"]), fill="gray", id="shadow")
        c.circle(CX, CY, POST_R, fill="brown", stroke="ink", lw=2.0, id="post")
        c.circle(CX, CY, POST_R * 0.55, stroke="ink", lw=1.0)
        c.text(CX, CY - POST_R - 14, "post", size=14, bold=True)
        for k, (x, y) in enumerate(state["lamps"]):
            for i in range(8):
                a = i * math.pi / 4
                c.line(x + 17 * math.cos(a), y + 17 * math.sin(a), x + 25 * math.cos(a), y + 25 * math.sin(a),
                       color="ink", lw=2.0)
            c.circle(x, y, 13, fill="yellow", stroke="ink", lw=1.5, id=f"lamp:{LETTERS[k]}")
            ox = 44 if x < CX else -44
            tag(c, x + ox, y - 14, LETTERS[k], size=15, bold=True, kind="option")


SCENE = ShadowCause()
task = SCENE.task


def _sep(a, b):
    d = abs(a - b) % 360
    return min(d, 360 - d)


@task("light_source_label", answer="option_letter", annotation="bbox", ops="spatial_relations")
def light_source_label(q):
    n = LAMPS[q.difficulty]
    q.offer(n, "image")
    letter = q.target(LETTERS[:n])

    def plant(st, r):
        for _ in range(400):
            angles = []
            for _k in range(200):
                if len(angles) == (n - 1 if q.difficulty == 3 else n):
                    break
                a = float(r.uniform(0, 360))
                if all(_sep(a, b) >= MIN_GAP for b in angles):
                    angles.append(a)
            else:
                continue
            lamps, ok = [], True
            for a in angles:
                d = float(r.uniform(170, 260))
                x, y = CX + d * math.cos(math.radians(a)), CY - d * math.sin(math.radians(a))
                if not _inside(x, y):
                    ok = False
                    break
                lamps.append((round(x, 1), round(y, 1)))
            if not ok:
                continue
            src = lamps[0]
            if q.difficulty == 3:               # a decoy along the same direction at a clearly other distance
                d0 = math.dist(src, (CX, CY))
                d1 = d0 * float(r.choice([0.5, 1.6]))
                ux, uy = (src[0] - CX) / d0, (src[1] - CY) / d0
                dec = (round(CX + ux * d1, 1), round(CY + uy * d1, 1))
                if not _inside(*dec) or d1 < 100:
                    continue
                lamps.append(dec)
            poly = shadow_polygon(shadow_tip(src))
            if not all(_inside(x, y, 0) for x, y in poly):
                continue
            rest = lamps[1:]
            rest = [rest[int(i)] for i in r.permutation(len(rest))]
            k = LETTERS.index(letter)
            st["lamps"] = [list(p) for p in rest[:k] + [src] + rest[k:]]
            st["tip"] = shadow_tip(src)
            return st
        return st

    s = q.edit(plant)
    q.require(len(s["lamps"]) == n, "no lamp layout fits the floor")
    hits = [k for k, lamp in enumerate(s["lamps"]) if math.dist(shadow_tip(lamp), s["tip"]) < 1.0]
    q.require(len(hits) == 1, "not exactly one lamp casts the shadow")
    q.step("shadow_direction", shadow_tip=s["tip"], lamp=s["lamps"][hits[0]])
    ans = LETTERS[hits[0]]
    return q.answer(ans, witnesses=f"lamp:{ans}",
                    question=("The picture shows a floor seen from above: an upright post, the shadow it casts, and "
                              f"candidate lamps A-{LETTERS[n - 1]}, all hanging at the same height above the floor; the post "
                              "is one third as tall as that height. Only one lamp is switched on. Which lamp casts the "
                              "shadow shown?"))
