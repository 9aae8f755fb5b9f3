"""three_d/carousel: a baggage-style carousel, two concentric circular belts (INNER and OUTER) seen
in perspective, each carrying small solid objects (cubes, balls, cones, stars, rings, ...) in named
colours; arrows on each belt show which way it turns (the two belts may turn opposite ways).

The state lists each belt's objects in travel order with their angle on the belt (degrees,
counter-clockwise seen from above); ``dir`` is +1 when a belt turns counter-clockwise.  Objects never
touch, and the sampler keeps every object's shape-independent proxy at most ``MAX_COVER`` covered by
nearer proxies, so every object a task counts is visible.  Tasks (``kits.belttasks``) count objects
by belt, shape and colour, walk a belt in its direction, count ordered neighbour pairs around the
closed loop, and move objects from one belt to the other.  Difficulty grows the belts (inner 3-6 /
outer 4-8, 5-10 / 7-12, 7-12 / 10-15 objects) and the shapes and colours in play.
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.task import Scene
from tracegen.kits import belttasks
from tracegen.kits.three_d import tokens
from tracegen.kits.three_d import camera as pj

FRAMES = {"square": (960, 960), "portrait": (800, 1200), "landscape": (1200, 800)}
RADIUS = {"inner": 2.3, "outer": 3.7}
WIDTH = 1.05
TOKEN_R = 0.38
LEVELS = {1: ((3, 6), (4, 8), 5, 5), 2: ((5, 10), (7, 12), 7, 7), 3: ((7, 12), (10, 15), 9, 10)}
MARGIN = 20
MAX_COVER = 0.35
BELTS = ("inner", "outer")


def camera(state) -> pj.Camera:
    return pj.Camera.stored(state["camera"])


def spot(belt, o):
    a = math.radians(o["a"])
    return (RADIUS[belt] * math.cos(a), RADIUS[belt] * math.sin(a), TOKEN_R, 0.0)


def spots(state):
    return [(b, k, spot(b, o)) for b in BELTS for k, o in enumerate(state["belts"][b])]


def _rim():
    return pj.ground_circle(0.0, 0.0, RADIUS["outer"] + WIDTH / 2 + 0.05, 48)


def fit_camera(state, rng):
    belttasks.fit_view(state, rng, [s for _, _, s in spots(state)], lambda cam: [cam.project(_rim())[0]],
                       FRAMES[state["frame"]], (0.78, 0.94), MARGIN)


def visible_ok(state) -> bool:
    return tokens.proxies_visible(camera(state), [s for _, _, s in spots(state)], FRAMES[state["frame"]], MARGIN,
                                  MAX_COVER)


def _angles(rng, n, radius):
    """``n`` angles (degrees, increasing) around a ring, spaced by at least 2.6 token radii of arc."""
    gap = math.degrees(2.6 * TOKEN_R / radius)
    step = 360.0 / n
    a0 = float(rng.uniform(0, 360))
    jit = max(0.0, (step - gap) / 2 * 0.8)
    return [round((a0 + k * step + float(rng.uniform(-jit, jit))) % 360.0, 2) for k in range(n)]


class Carousel(Scene):
    domain, scene_id, size = "three_d", "carousel", FRAMES["square"]
    description = ("A baggage-style carousel in perspective: two concentric belts, each with arrows showing its "
                   "direction, carrying small solid objects in named colours.")
    megapixels = (0.9, 1.0)

    def canvas_size(self, state):
        return FRAMES[state["frame"]]

    def variant(self, state):
        return state["frame"]

    def sample(self, rng, difficulty):
        (ilo, ihi), (olo, ohi), n_kinds, n_colors = LEVELS[difficulty]
        kinds, colors = tokens.pick_look(rng, n_kinds, n_colors)
        frame = ("square", "portrait", "landscape")[int(rng.integers(3))]
        counts = {"inner": int(rng.integers(ilo, ihi + 1)), "outer": int(rng.integers(olo, ohi + 1))}

        def attempt(rng):
            belts, dirs = {}, {}
            for b in BELTS:
                d = 1 if rng.random() < 0.5 else -1
                ang = _angles(rng, counts[b], RADIUS[b])
                if d < 0:
                    ang = ang[::-1]
                dirs[b] = d
                belts[b] = [{"shape": kinds[int(rng.integers(len(kinds)))],
                             "color": colors[int(rng.integers(len(colors)))], "a": a,
                             "rot": round(float(rng.uniform(0, 1.5)), 3)} for a in ang]
            el = {"portrait": (42.0, 52.0), "landscape": (30.0, 42.0), "square": (34.0, 48.0)}[frame]
            cm = {"az": round(float(rng.uniform(0, 360)), 2), "el": round(float(rng.uniform(*el)), 2),
                  "dist": round(float(rng.uniform(15.0, 20.0)), 3), "focal": 1.0, "cx": 0.0, "cy": 0.0}
            return {"frame": frame, "kinds": kinds, "colors": colors, "dir": dirs, "belts": belts, "camera": cm}

        return tokens.sample_visible(rng, attempt, fit_camera, visible_ok)

    def claims(self, state, params):
        return belttasks.claims(state, BELTS)

    def render(self, c, state, params):
        cam = camera(state)
        light = pj.light_dir(cam)
        ctx = c.ctx
        for b in ("outer", "inner"):
            r = RADIUS[b]
            outer, _ = cam.project(pj.ground_circle(0.0, 0.0, r + WIDTH / 2, 96))
            inner, _ = cam.project(pj.ground_circle(0.0, 0.0, r - WIDTH / 2, 96))
            pj.path(ctx, outer)
            ctx.new_sub_path()
            pj.path(ctx, inner[::-1])
            ctx.set_source_rgb(*c.color("panel"))
            ctx.fill_preserve()
            ctx.set_source_rgb(*c.color("muted"))
            ctx.set_line_width(1.6)
            ctx.stroke()
            self._arrows(c, cam, b, state)
        belttasks.draw_tokens(c, cam, light, state, spots(state), BELTS, params.get("marks"), cyclic=True)

    def _arrows(self, c, cam, b, state):
        """Four chevrons along the belt's inner edge pointing the way it turns."""
        d = state["dir"][b]
        rr = RADIUS[b] - WIDTH / 2 + 0.13
        objs = state["belts"][b]
        angs = sorted(o["a"] for o in objs)
        # put the chevrons in the widest gaps between objects
        gaps = []
        for k, a in enumerate(angs):
            nxt = angs[(k + 1) % len(angs)] + (360 if k == len(angs) - 1 else 0)
            gaps.append((nxt - a, (a + nxt) / 2 % 360))
        centres = [m for _, m in sorted(gaps, reverse=True)[:4]] if angs else [0, 90, 180, 270]
        for m in centres:
            t = math.radians(m)
            half = 0.22 / rr
            pts = [(rr * math.cos(t - d * half), rr * math.sin(t - d * half), 0.0),
                   (rr * math.cos(t + d * half), rr * math.sin(t + d * half), 0.0)]
            tip = np.array(pts[1])
            tang = np.array([-math.sin(t), math.cos(t), 0.0]) * d
            norm = np.array([math.cos(t), math.sin(t), 0.0])
            wing = [tip - 0.14 * tang + 0.08 * norm, tip, tip - 0.14 * tang - 0.08 * norm]
            uv, _ = cam.project(np.array(pts + wing))
            c.line(float(uv[0, 0]), float(uv[0, 1]), float(uv[1, 0]), float(uv[1, 1]), color="muted", lw=2.2)
            c.polyline([(float(u), float(v)) for u, v in uv[2:]], color="muted", lw=2.2)


SCENE = Carousel()
task = SCENE.task
INTRO = "The picture shows a 3D baggage-style carousel with an INNER and an OUTER circular belt carrying small objects."

belttasks.register(task, {"belts": list(BELTS), "name": {"inner": "INNER", "outer": "OUTER"}, "intro": INTRO,
                          "cyclic": True, "arith": "belt_object_type_count_arithmetic_value",
                          "follow": "follow the belt in the direction of its arrows"})
