"""three_d/conveyor: three straight, parallel conveyor belts seen in perspective, each carrying small
solid objects (cubes, balls, cones, stars, rings, ...) in named colours; arrows on each belt show its
travel direction (belts may run opposite ways).

The belts run along world x at y = -2.3, 0, 2.3.  Seen from the side (``rows``) they appear as a
TOP, MIDDLE and BOTTOM belt; seen from one end (``columns``) as a LEFT, MIDDLE and RIGHT belt.  The
state keys the belts ``a``, ``b``, ``c`` in image order (top to bottom, or left to right) and lists
each belt's objects in travel order with their position ``x`` along it.  Objects keep at least 2.6
token radii apart, and the sampler keeps every object's shape-independent proxy at most
``MAX_COVER`` covered by nearer proxies.  Tasks (``kits.belttasks``) count objects by belt, shape and
colour, count objects between two marked ones and ordered neighbour pairs in travel order, and move
objects from one belt to another.  Difficulty grows the belts (3-6, 4-9, 7-10 objects each) and the
shapes and colours in play.
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.task import Scene
from tracegen.kits import belttasks
from tracegen.kits.three_d import tokens
from tracegen.kits.three_d import camera as pj

FRAMES = {"square": (960, 960), "portrait": (800, 1200), "landscape": (1200, 800)}
BELTS = ("a", "b", "c")
NAMES = {"rows": {"a": "TOP", "b": "MIDDLE", "c": "BOTTOM"}, "columns": {"a": "LEFT", "b": "MIDDLE", "c": "RIGHT"}}
LANE_Y = (-2.3, 0.0, 2.3)
HALF_LEN = 5.4
WIDTH = 1.35
TOKEN_R = 0.38
GAP = 2.6 * TOKEN_R
SPAN = 4.7                       # object centres lie in [-SPAN, SPAN]
LEVELS = {1: ((3, 6), 5, 5), 2: ((4, 9), 7, 7), 3: ((7, 10), 9, 10)}
MARGIN = 20
MAX_COVER = 0.35


def camera(state) -> pj.Camera:
    return pj.Camera.stored(state["camera"])


def spot(state, belt, o):
    return (o["x"], state["lane_y"][belt], TOKEN_R, 0.0)


def spots(state):
    return [(b, k, spot(state, b, o)) for b in BELTS for k, o in enumerate(state["belts"][b])]


def _deck(y):
    """Corners of a belt's top surface."""
    h = WIDTH / 2
    return np.array([(-HALF_LEN, y - h, 0.0), (HALF_LEN, y - h, 0.0), (HALF_LEN, y + h, 0.0), (-HALF_LEN, y + h, 0.0)])


def fit_camera(state, rng):
    belttasks.fit_view(state, rng, [s for _, _, s in spots(state)],
                       lambda cam: [cam.project(_deck(y))[0] for y in LANE_Y], FRAMES[state["frame"]], (0.8, 0.95),
                       MARGIN)


def visible_ok(state) -> bool:
    return tokens.proxies_visible(camera(state), [s for _, _, s in spots(state)], FRAMES[state["frame"]], MARGIN,
                                  MAX_COVER)


def _positions(rng, n):
    """``n`` increasing positions in [-SPAN, SPAN], at least GAP apart."""
    free = 2 * SPAN - (n - 1) * GAP
    raw = sorted(float(v) for v in rng.uniform(0.0, free, n))
    return [round(-SPAN + v + k * GAP, 3) for k, v in enumerate(raw)]


def _lane_order(cam, orient):
    """World lane ys in image order (top to bottom for rows, left to right for columns)."""
    uv, _ = cam.project(np.array([(0.0, y, 0.0) for y in LANE_Y]))
    axis = 1 if orient == "rows" else 0
    return [LANE_Y[i] for i in np.argsort(uv[:, axis], kind="stable")]


class Conveyor(Scene):
    domain, scene_id, size = "three_d", "conveyor", FRAMES["square"]
    description = ("Three straight, parallel conveyor belts in perspective, each with arrows showing its direction, "
                   "carrying small solid objects in named colours.")
    megapixels = (0.9, 1.0)

    def canvas_size(self, state):
        return FRAMES[state["frame"]]

    def variant(self, state):
        return f"{state['frame']}-{state['orient']}"

    def sample(self, rng, difficulty):
        (lo, hi), n_kinds, n_colors = LEVELS[difficulty]
        kinds, colors = tokens.pick_look(rng, n_kinds, n_colors)
        frame = ("square", "portrait", "landscape")[int(rng.integers(3))]
        orient = {"portrait": "columns", "landscape": "rows"}.get(frame) or ("rows", "columns")[int(rng.integers(2))]
        counts = {b: int(rng.integers(lo, hi + 1)) for b in BELTS}

        def attempt(rng):
            if orient == "rows":
                az = float(rng.uniform(-90 - 22, -90 + 22)) + (180.0 if rng.random() < 0.5 else 0.0)
                el = float(rng.uniform(32, 48))
            else:
                az = float(rng.uniform(-28, 28)) + (180.0 if rng.random() < 0.5 else 0.0)
                el = float(rng.uniform(48, 62))
            cm = {"az": round(az % 360, 2), "el": round(el, 2), "dist": round(float(rng.uniform(17.0, 22.0)), 3),
                  "focal": 1.0, "cx": 0.0, "cy": 0.0}
            state = {"frame": frame, "orient": orient, "camera": cm}
            ys = _lane_order(camera(state), orient)
            belts, dirs = {}, {}
            for b, y in zip(BELTS, ys):
                d = 1 if rng.random() < 0.5 else -1
                xs = _positions(rng, counts[b])
                dirs[b] = d
                belts[b] = [{"shape": kinds[int(rng.integers(len(kinds)))],
                             "color": colors[int(rng.integers(len(colors)))], "x": x,
                             "rot": round(float(rng.uniform(0, 1.5)), 3)} for x in (xs if d > 0 else xs[::-1])]
            state.update(kinds=kinds, colors=colors, lane_y=dict(zip(BELTS, ys)), dir=dirs, belts=belts)
            return state

        return tokens.sample_visible(rng, attempt, fit_camera, visible_ok)

    def claims(self, state, params):
        return belttasks.claims(state, BELTS)

    def render(self, c, state, params):
        cam = camera(state)
        light = pj.light_dir(cam)
        ctx = c.ctx
        lanes = sorted(BELTS, key=lambda b: -cam.distance((0.0, state["lane_y"][b], 0.0)))
        for b in lanes:                       # far belt first
            y = state["lane_y"][b]
            deck = _deck(y)
            side = deck + [0.0, 0.0, -0.22]
            uv, _ = cam.project(np.vstack([deck, side]))
            # the side walls facing the camera, then the deck
            for i, j in ((0, 1), (1, 2), (2, 3), (3, 0)):
                mid = (deck[i] + deck[j]) / 2
                out = mid - [0.0, y, 0.0]
                out[2] = 0.0
                if float(np.dot(out, cam.eye - mid)) > 0:
                    pj.fill_face(ctx, [uv[i], uv[j], uv[4 + j], uv[4 + i]], c.color("grid"), c.color("muted"), 1.2)
            pj.fill_face(ctx, uv[:4], c.color("panel"), c.color("muted"), 1.6)
            self._arrows(c, cam, b, state)
        belttasks.draw_tokens(c, cam, light, state, spots(state), BELTS, params.get("marks"), cyclic=False)

    def _arrows(self, c, cam, b, state):
        """Chevrons along the belt's two long edges, in the gaps between objects, pointing the way it runs."""
        d = state["dir"][b]
        y = state["lane_y"][b]
        xs = sorted([-HALF_LEN] + [o["x"] for o in state["belts"][b]] + [HALF_LEN])
        gaps = sorted(((xs[k + 1] - xs[k], (xs[k] + xs[k + 1]) / 2) for k in range(len(xs) - 1)), reverse=True)
        for _, m in gaps[:3]:
            for side in (-1, 1):
                yy = y + side * (WIDTH / 2 - 0.14)
                tail, tip = np.array([m - 0.25 * d, yy, 0.0]), np.array([m + 0.25 * d, yy, 0.0])
                wing = [tip + [-0.15 * d, 0.09, 0.0], tip, tip + [-0.15 * d, -0.09, 0.0]]
                uv, _ = cam.project(np.array([tail, tip] + wing))
                c.line(float(uv[0, 0]), float(uv[0, 1]), float(uv[1, 0]), float(uv[1, 1]), color="muted", lw=2.2)
                c.polyline([(float(u), float(v)) for u, v in uv[2:]], color="muted", lw=2.2)


SCENE = Conveyor()
task = SCENE.task
INTRO = ("The picture shows three straight, parallel conveyor belts carrying small 3D objects; "
         "arrows on each belt show the way it runs.")

belttasks.register(task, {"belts": list(BELTS), "name": lambda state: NAMES[state["orient"]], "intro": INTRO,
                          "cyclic": False, "arith": "lane_object_type_count_arithmetic_value",
                          "follow": "go along the belt in the direction of its arrows",
                          "tables": {"total": {1: (1, 5), 2: (1, 8), 3: (3, 10)}, "pairs": {1: (0, 2), 2: (0, 4), 3: (0, 4)},
                                     "transfer": {1: (2, 8), 2: (2, 11), 3: (4, 14)}}})
