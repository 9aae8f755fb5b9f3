"""three_d/object_cluster: solid objects (cubes, spheres, cylinders, cones) in named colours on a
ground plane, drawn with a perspective camera, depth ordering and Lambert shading.

Answers come from the world-space object list; annotations are the projected boxes.  The sampler
places objects so that no object's projected proxy box is more than 40 % covered by nearer
objects (the proxy is a shape-independent cylinder, so recolouring or reshaping an object in a
task edit never changes what is visible).
"""

from __future__ import annotations

import math

import cairo
import numpy as np

from tracegen.core import projection as pj
from tracegen.core.style import NAMED_COLORS
from tracegen.core.task import Scene

SHAPES = ("cube", "sphere", "cylinder", "cone")
PLURAL = {"cube": "cubes", "sphere": "spheres", "cylinder": "cylinders", "cone": "cones"}
COLORS = ("red", "blue", "green", "yellow", "purple", "cyan")
N_OBJECTS = {1: (3, 5), 2: (6, 8), 3: (9, 11)}
W, H = 640, 480
MARGIN = 14
MAX_COVER = 0.4
CELL = 4  # raster cell (px) for the occlusion check


def camera(state) -> pj.Camera:
    cm = state["camera"]
    return pj.Camera.orbit((0.0, 0.0, cm["tz"]), cm["dist"], cm["az"], cm["el"], cm["focal"], (W / 2, cm["cy"]))


def light_dir(cam: pj.Camera) -> np.ndarray:
    v = 0.9 * UPW - 0.55 * cam.right - 0.35 * cam.forward + 0.25 * cam.up
    return v / np.linalg.norm(v)


UPW = np.array([0.0, 0.0, 1.0])


def _proxy_box(cam, o):
    """Projected box of a shape-independent cylinder (radius r, height 1.6 r)."""
    pts = np.vstack([pj.ground_circle(o["x"], o["y"], o["r"], 12, 0.0),
                     pj.ground_circle(o["x"], o["y"], o["r"], 12, 1.6 * o["r"])])
    uv, _ = cam.project(pts)
    return pj.bbox(uv)


def proxy_ok(state) -> bool:
    """All proxies inside the image and none covered more than MAX_COVER by nearer proxies."""
    cam = camera(state)
    objs = state["objects"]
    boxes = [_proxy_box(cam, o) for o in objs]
    for b in boxes:
        if b[0] < MARGIN or b[1] < MARGIN or b[2] > W - MARGIN or b[3] > H - MARGIN:
            return False
    order = sorted(range(len(objs)), key=lambda i: cam.distance((objs[i]["x"], objs[i]["y"], 0.8 * objs[i]["r"])))
    acc = np.zeros((H // CELL + 1, W // CELL + 1), dtype=bool)
    for i in order:  # nearest first
        x0, y0, x1, y1 = (int(v // CELL) for v in boxes[i])
        region = acc[y0:y1 + 1, x0:x1 + 1]
        if region.size and region.mean() > MAX_COVER:
            return False
        region[...] = True
    return True


class ObjectCluster(Scene):
    domain, scene_id, size = "three_d", "object_cluster", (W, H)
    description = ("Cubes, spheres, cylinders and cones in named colours standing on a ground plane, "
                   "rendered in perspective with shading.")

    def sample(self, rng, difficulty):
        lo, hi = N_OBJECTS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        state = None
        for _ in range(80):
            spread = 1.0 + 0.55 * math.sqrt(n)
            objs = []
            for _k in range(400):
                if len(objs) == n:
                    break
                r = round(float(rng.uniform(0.36, 0.58)), 3)
                rad = spread * math.sqrt(float(rng.random()))
                ang = float(rng.uniform(0, 2 * math.pi))
                x, y = round(rad * math.cos(ang), 3), round(rad * math.sin(ang), 3)
                if all(math.hypot(x - o["x"], y - o["y"]) > r + o["r"] + 0.18 for o in objs):
                    objs.append({"shape": SHAPES[int(rng.integers(len(SHAPES)))],
                                 "color": COLORS[int(rng.integers(len(COLORS)))],
                                 "x": x, "y": y, "r": r, "rot": round(float(rng.uniform(0, math.pi / 2)), 3)})
            if len(objs) < n:
                continue
            dist = float(rng.uniform(8.0, 11.0))
            el = float(rng.uniform(26.0, 42.0))
            focal = (W * 0.42) * dist / (spread + 0.7)
            state = {"camera": {"az": round(float(rng.uniform(0, 360)), 2), "el": round(el, 2),
                                "dist": round(dist, 3), "focal": round(focal, 2), "tz": 0.35,
                                "cy": round(H * 0.5, 1)},
                     "objects": objs, "spread": round(spread, 3)}
            if proxy_ok(state):
                state["visible_ok"] = True
                return state
        state["visible_ok"] = False
        return state

    # ------------------------------------------------------------------ rendering
    def render(self, c, state, params):
        cam = camera(state)
        light = light_dir(cam)
        ctx = c.ctx
        # ground disc with a perspective grid
        gr = state["spread"] + 1.6
        disc, _ = cam.project(pj.ground_circle(0.0, 0.0, gr, 72))
        c.polygon([tuple(p) for p in disc], fill="panel", stroke="grid", lw=1.5)
        ctx.save()
        ctx.move_to(*disc[0])
        for p in disc[1:]:
            ctx.line_to(*p)
        ctx.close_path()
        ctx.clip()
        k = int(gr)
        ends = []
        for v in range(-k, k + 1):
            half = math.sqrt(max(0.0, gr * gr - v * v))
            ends += [(v, -half, 0.0), (v, half, 0.0), (-half, v, 0.0), (half, v, 0.0)]
        uv, _ = cam.project(np.array(ends))
        for j in range(0, len(uv), 2):
            ctx.move_to(*uv[j])
            ctx.line_to(*uv[j + 1])
        ctx.set_source_rgb(*c.style.grid)
        ctx.set_line_width(1.0)
        ctx.stroke()
        ctx.restore()
        # soft contact shadows, offset away from the light
        off = -light[:2] / (np.linalg.norm(light[:2]) or 1.0)
        for o in state["objects"]:
            uv, _ = cam.project(pj.ground_circle(o["x"] + 0.25 * o["r"] * off[0], o["y"] + 0.25 * o["r"] * off[1],
                                                 1.02 * o["r"], 24, 0.0))
            ctx.move_to(*uv[0])
            for p in uv[1:]:
                ctx.line_to(*p)
            ctx.close_path()
            ctx.set_source_rgba(0, 0, 0, 0.16)
            ctx.fill()
        objs = state["objects"]
        order = sorted(range(len(objs)), key=lambda i: -cam.distance((objs[i]["x"], objs[i]["y"], 0.8 * objs[i]["r"])))
        for i in order:
            box = draw_object(c, cam, light, objs[i])
            c.register(f"obj:{i}", box=box)


def solid(o):
    """Mesh of a non-sphere object."""
    s, x, y, r = o["shape"], o["x"], o["y"], o["r"]
    if s == "cube":
        side = 1.35 * r
        return pj.box_mesh(x, y, side, side, side, rot=o["rot"])
    if s == "cylinder":
        return pj.prism_mesh(x, y, 0.9 * r, 1.5 * r, n=28, rot=o["rot"])
    return pj.prism_mesh(x, y, 0.95 * r, 1.9 * r, n=28, rot=o["rot"], top_radius=0.0)


def _hull(pts):
    p = sorted(map(tuple, np.round(pts, 3)))
    if len(p) < 3:
        return p

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for q in p:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], q) <= 0:
            lower.pop()
        lower.append(q)
    for q in reversed(p):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], q) <= 0:
            upper.pop()
        upper.append(q)
    return lower[:-1] + upper[:-1]


def _path(ctx, pts):
    ctx.move_to(*pts[0])
    for p in pts[1:]:
        ctx.line_to(*p)
    ctx.close_path()


def draw_object(c, cam, light, o):
    base = NAMED_COLORS[o["color"]]
    edge = tuple(0.45 * ch for ch in base)
    ctx = c.ctx
    if o["shape"] == "sphere":
        rad = 0.95 * o["r"]
        ctr = np.array([o["x"], o["y"], rad])
        uv, _ = cam.project(pj.sphere_silhouette(cam, ctr, rad, 48))
        hl, _ = cam.project((ctr + 0.55 * rad * light)[None, :])
        hu, hv = float(hl[0, 0]), float(hl[0, 1])
        ext = float(np.max(np.hypot(uv[:, 0] - hu, uv[:, 1] - hv)))
        grad = cairo.RadialGradient(hu, hv, ext * 0.05, hu, hv, ext)
        grad.add_color_stop_rgb(0.0, *(min(1.0, ch * 1.0 + 0.28) for ch in base))
        grad.add_color_stop_rgb(0.45, *base)
        grad.add_color_stop_rgb(1.0, *(0.62 * ch for ch in base))
        _path(ctx, uv)
        ctx.set_source(grad)
        ctx.fill_preserve()
        ctx.set_source_rgb(*edge)
        ctx.set_line_width(1.2)
        ctx.stroke()
        return pj.bbox(uv)
    verts, faces = solid(o)
    uv, _ = cam.project(verts)
    smooth = o["shape"] != "cube"
    for fi, n in pj.front_faces(cam, verts, faces):
        _path(ctx, uv[faces[fi]])
        ctx.set_source_rgb(*pj.shade(base, n, light))
        if smooth and len(faces[fi]) <= 4:   # side facets: no antialiasing, so no seams between them
            ctx.set_antialias(cairo.ANTIALIAS_NONE)
            ctx.fill()
            ctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
        else:
            ctx.fill_preserve()
            ctx.set_source_rgb(*edge)
            ctx.set_line_width(1.2)
            ctx.stroke()
    hull = _hull(uv)
    _path(ctx, hull)
    ctx.set_source_rgb(*edge)
    ctx.set_line_width(1.3)
    ctx.stroke()
    return pj.bbox(uv)


SCENE = ObjectCluster()
task = SCENE.task


# ---------------------------------------------------------------------------------- tasks

def _objects(q):
    q.require(q.state["visible_ok"], "no placement with readable occlusion")
    return q.state["objects"]


def _ids(idx):
    return [f"obj:{i}" for i in idx]


def _support(q, table):
    lo, hi = table[q.difficulty]
    return list(range(lo, hi + 1))


def _plant(q, t, assign_hit, assign_miss):
    """Edit: pick ``t`` objects that satisfy the predicate (assign_hit) and make the rest fail it."""
    def fn(state, rng):
        objs = state["objects"]
        hits = set(int(v) for v in rng.choice(len(objs), size=t, replace=False))
        for i, o in enumerate(objs):
            (assign_hit if i in hits else assign_miss)(o, rng)
        return state
    q.edit(fn)


def _other(options, avoid, rng):
    pool = [v for v in options if v != avoid]
    return pool[int(rng.integers(len(pool)))]


def _single_attribute_count(q, attr, values, param, word):
    """Count the objects whose ``attr`` equals a target value, planting a balanced count first."""
    objs = _objects(q)
    target = q.choice(param, values)
    t = q.target(_support(q, {1: (1, 3), 2: (1, 5), 3: (2, 7)}))
    q.require(t <= len(objs), "target above object count")

    def hit(o, rng):
        o[attr] = target

    def miss(o, rng):
        if o[attr] == target:
            o[attr] = _other(values, target, rng)
    _plant(q, t, hit, miss)
    idx = [i for i, o in enumerate(q.state["objects"]) if o[attr] == target]
    q.step("filter", **{attr: target}, kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx), question=f"How many {word(target)} are in the scene?")


@task("color_membership_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def color_membership_count(q):
    return _single_attribute_count(q, "color", COLORS, "target_color", lambda c: f"{c} objects")


@task("object_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def object_type_count(q):
    return _single_attribute_count(q, "shape", SHAPES, "target_shape", PLURAL.get)


def _pair_params(q):
    shape = q.choice("target_shape", SHAPES)
    color = q.choice("target_color", COLORS)
    return shape, color


def _set(o, rng, shape, color, want_shape, want_color):
    o["shape"] = shape if want_shape else _other(SHAPES, shape, rng)
    o["color"] = color if want_color else _other(COLORS, color, rng)


@task("multi_attribute_and_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_and_count(q):
    objs = _objects(q)
    shape, color = _pair_params(q)
    t = q.target(_support(q, {1: (0, 2), 2: (0, 4), 3: (1, 5)}))
    q.require(t <= len(objs), "target above object count")

    def miss(o, rng):
        if o["shape"] == shape and o["color"] == color:
            if rng.random() < 0.5:
                o["shape"] = _other(SHAPES, shape, rng)
            else:
                o["color"] = _other(COLORS, color, rng)
    _plant(q, t, lambda o, rng: _set(o, rng, shape, color, True, True), miss)
    idx = [i for i, o in enumerate(q.state["objects"]) if o["shape"] == shape and o["color"] == color]
    q.step("filter", shape=shape, color=color, rule="and", kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx),
                    question=f"How many objects in the scene are {color} {PLURAL[shape]}?")


@task("multi_attribute_or_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_or_count(q):
    objs = _objects(q)
    shape, color = _pair_params(q)
    t = q.target(_support(q, {1: (1, 3), 2: (2, 5), 3: (2, 7)}))
    q.require(t <= len(objs), "target above object count")

    def hit(o, rng):
        kind = int(rng.integers(3))
        _set(o, rng, shape, color, kind != 1, kind != 0)

    _plant(q, t, hit, lambda o, rng: _set(o, rng, shape, color, False, False))
    idx = [i for i, o in enumerate(q.state["objects"]) if o["shape"] == shape or o["color"] == color]
    q.step("union", shape=shape, color=color, kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx),
                    question=(f"How many objects in the scene are {PLURAL[shape]} or {color} "
                              f"(count an object that is both only once)?"))


@task("multi_attribute_xor_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_xor_count(q):
    objs = _objects(q)
    shape, color = _pair_params(q)
    t = q.target(_support(q, {1: (0, 3), 2: (1, 5), 3: (1, 6)}))
    q.require(t <= len(objs), "target above object count")

    def hit(o, rng):
        is_shape = bool(rng.random() < 0.5)
        _set(o, rng, shape, color, is_shape, not is_shape)

    def miss(o, rng):
        both = bool(rng.random() < 0.3)
        _set(o, rng, shape, color, both, both)

    _plant(q, t, hit, miss)
    idx = [i for i, o in enumerate(q.state["objects"]) if (o["shape"] == shape) != (o["color"] == color)]
    q.step("exactly_one", shape=shape, color=color, kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx),
                    question=(f"How many objects in the scene are either {PLURAL[shape]} or {color}, "
                              f"but not both ({color} {PLURAL[shape]} do not count)?"))


@task("total_object_count", answer="integer", annotation="bbox_set", ops="counting")
def total_object_count(q):
    objs = _objects(q)
    idx = list(range(len(objs)))
    q.step("count", kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx),
                    question="How many solid objects (cubes, spheres, cylinders and cones) are standing on the ground?")
