"""three_d/object_cluster: a dense cluster of small solid objects (cubes, spheres, cylinders, cones,
pyramids, prisms, discs, bricks) in named colours on a plain surface, drawn with a perspective
camera, depth ordering and Lambert shading.

Answers come from the world-space object list; annotations are the projected boxes.  Objects
never interpenetrate but may hide each other partly: the sampler keeps every object's projected
proxy box (a shape-independent cylinder, so recolouring or reshaping an object in a task edit never
changes what is visible) at most ``MAX_COVER`` covered by nearer proxies.  Difficulty grows the
cluster (6-10, 9-14, 13-22 objects) and the vocabulary of shapes and colours (closer distractors:
maroon next to red and brown, magenta next to purple and pink).  The cluster fills part of a
square, portrait or landscape canvas, anywhere in it.  The total count keeps a random subset of the
cluster (the camera fitted again), so its answer spreads over 5-14 objects at level 2.
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.claims import COLOUR_WORDS, Claim
from tracegen.core.task import Scene
from tracegen.kits.three_d import camera as pj
from tracegen.kits.three_d import tokens

SHAPES = ("cube", "sphere", "cylinder", "cone", "pyramid", "triangular_prism", "hexagonal_prism", "disc", "brick")
NOUN = {"cube": ("cube", "cubes"), "sphere": ("sphere", "spheres"), "cylinder": ("cylinder", "cylinders"),
        "cone": ("cone", "cones"), "pyramid": ("pyramid", "pyramids"),
        "triangular_prism": ("triangular prism", "triangular prisms"),
        "hexagonal_prism": ("hexagonal prism", "hexagonal prisms"), "disc": ("flat disc", "flat discs"),
        "brick": ("brick", "bricks")}
HEX = {"red": "#E03A3A", "orange": "#F08A1C", "yellow": "#E6C81E", "green": "#3BAF4A", "cyan": "#30C4DE",
       "blue": "#2F6FE0", "purple": "#8E44C8", "magenta": "#D62D94", "pink": "#F59AC8", "brown": "#8B6B3E",
       "maroon": "#8E2F45", "gray": "#8C8C8C"}
COLORS = tuple(HEX)
RGB = {k: pj.hex_rgb(v) for k, v in HEX.items()}
# per difficulty: objects, shapes in play, colours in play
LEVELS = {1: ((6, 10), 5, 6), 2: ((9, 14), 7, 8), 3: ((13, 22), 9, 12)}
FRAMES = {"square": (720, 720), "portrait": (600, 880), "landscape": (880, 600)}
MARGIN = 18
MAX_COVER = 0.45
PROXY_H = 1.6  # proxy cylinder height, in radii


def color_word(name: str) -> str:
    return f"{name} ({HEX[name]})"


def noun(shape: str, k: int = 2) -> str:
    return NOUN[shape][0 if k == 1 else 1]


def camera(state) -> pj.Camera:
    return pj.Camera.stored(state["camera"], (0.0, 0.0, 0.3))


def _spots(objs):
    """Every object's shape-independent proxy: a cylinder radius r, height ``PROXY_H`` r (``tokens`` proxies)."""
    return [(o["x"], o["y"], o["r"], 0.0) for o in objs]


def _depth_order(cam, objs):
    """Object indices nearest first."""
    return sorted(range(len(objs)), key=lambda i: cam.distance((objs[i]["x"], objs[i]["y"], 0.8 * objs[i]["r"])))


def proxy_ok(state) -> bool:
    """All proxies inside the canvas and none covered more than MAX_COVER by nearer proxies."""
    return tokens.proxies_visible(camera(state), _spots(state["objects"]), FRAMES[state["frame"]], MARGIN, MAX_COVER,
                                  PROXY_H, 0.8)


def fit_camera(state, rng):
    """Fit the cluster into a random part of the canvas (the projection is linear in focal and centre)."""
    W, H = FRAMES[state["frame"]]
    cm = state["camera"]
    cm.update(focal=1.0, cx=0.0, cy=0.0)
    uv = np.array(tokens.proxy_boxes(camera(state), _spots(state["objects"]), PROXY_H)).reshape(-1, 2)
    fill = float(rng.uniform(0.6, 0.9))
    scale, (u0, v0, u1, v1) = pj.fit_scale(uv, W - 2 * MARGIN - 4, H - 2 * MARGIN - 4)
    f = fill * scale
    left = float(rng.uniform(MARGIN + 2, W - MARGIN - 2 - f * (u1 - u0)))
    top = float(rng.uniform(MARGIN + 2, H - MARGIN - 2 - f * (v1 - v0)))
    pj.store_view(cm, f, left, top, u0, v0)


def _place(rng, n):
    """``n`` non-overlapping footprints (x, y, r) in a disc that grows with n, or None."""
    radius = 0.5 * math.sqrt(n) + 0.4
    stretch = float(rng.uniform(0.75, 1.25))
    out = []
    for _ in range(60 * n):
        if len(out) == n:
            break
        r = round(float(rng.uniform(0.3, 0.48)), 3)
        rad = radius * math.sqrt(float(rng.random()))
        ang = float(rng.uniform(0, 2 * math.pi))
        x, y = round(rad * math.cos(ang) * stretch, 3), round(rad * math.sin(ang) / stretch, 3)
        if all(math.hypot(x - o[0], y - o[1]) > r + o[2] + 0.03 for o in out):
            out.append((x, y, r))
    return out if len(out) == n else None


class ObjectCluster(Scene):
    domain, scene_id, size = "three_d", "object_cluster", FRAMES["square"]
    description = ("A cluster of small solid objects (cubes, spheres, cylinders, cones, pyramids, prisms, discs, "
                   "bricks) in named colours on a plain surface, rendered in perspective with shading.")
    megapixels = (0.85, 1.3)

    def canvas_size(self, state):
        return FRAMES[state["frame"]]

    def variant(self, state):
        return state["frame"]

    def sample(self, rng, difficulty):
        (lo, hi), n_shapes, n_colors = LEVELS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        shapes = [SHAPES[int(i)] for i in sorted(rng.choice(len(SHAPES), size=n_shapes, replace=False))]
        colors = [COLORS[int(i)] for i in sorted(rng.choice(len(COLORS), size=n_colors, replace=False))]
        frame = ("square", "portrait", "landscape")[int(rng.integers(3))]
        W, H = FRAMES[frame]

        def attempt(rng):
            spots = _place(rng, n)
            if spots is None:
                return None
            objs = [{"shape": shapes[int(rng.integers(len(shapes)))], "color": colors[int(rng.integers(len(colors)))],
                     "x": x, "y": y, "r": r, "rot": round(float(rng.uniform(0, math.pi / 2)), 3)}
                    for x, y, r in spots]
            cm = {"az": round(float(rng.uniform(0, 360)), 2), "el": round(float(rng.uniform(24.0, 48.0)), 2),
                  "dist": round(float(rng.uniform(9.0, 13.0)), 3), "focal": 1.0, "cx": 0.0, "cy": 0.0}
            return {"frame": frame, "shapes": shapes, "colors": colors, "camera": cm, "objects": objs}

        state = tokens.sample_visible(rng, attempt, fit_camera, proxy_ok, 40)
        if state is None:
            state = {"frame": frame, "shapes": shapes, "colors": colors, "objects": [],
                     "camera": {"az": 0.0, "el": 30.0, "dist": 10.0, "focal": 400.0, "cx": W / 2, "cy": H / 2},
                     "visible_ok": False}
        return state

    # ------------------------------------------------------------------ rendering
    def claims(self, state, params):
        """Prompts name colours as categories ("the blue objects", "add 2 cyan cones"), which a cluster
        may not show; every object drawn has its colour's base shade (the faces shade it)."""
        words = [w for w in COLORS if w in COLOUR_WORDS]
        return ([Claim(None, "colour", w) for w in words]
                + [Claim(f"obj:{i}", "colour", o["color"])
                   for i, o in enumerate(state["objects"]) if o["color"] in words])

    def render(self, c, state, params):
        cam = camera(state)
        light = pj.light_dir(cam)
        ctx = c.ctx
        objs = state["objects"]
        W, H = FRAMES[state["frame"]]
        ground = c.style.accent % 3          # render-only: plain surface, ruled ground disc, or plain disc
        if ground and objs:
            cx = sum(o["x"] for o in objs) / len(objs)
            cy = sum(o["y"] for o in objs) / len(objs)
            gr = max(math.hypot(o["x"] - cx, o["y"] - cy) + o["r"] for o in objs) + 0.8
            ctx.save()
            ctx.rectangle(0, 0, W, H)
            ctx.clip()
            disc, _ = cam.project(pj.ground_circle(cx, cy, gr, 72))
            c.polygon([tuple(p) for p in disc.tolist()], fill="panel", stroke="grid", lw=1.5)
            if ground == 1:
                pj.path(ctx, disc)
                ctx.clip()
                k = int(gr) + 1
                ends = []
                for v in range(-k, k + 1):
                    ends += [(cx + v, cy - gr, 0.0), (cx + v, cy + gr, 0.0),
                             (cx - gr, cy + v, 0.0), (cx + gr, cy + v, 0.0)]
                uv, _ = cam.project(np.array(ends))
                for j in range(0, len(uv), 2):
                    ctx.move_to(*uv[j])
                    ctx.line_to(*uv[j + 1])
                ctx.set_source_rgb(*c.color("grid"))
                ctx.set_line_width(1.0)
                ctx.stroke()
            ctx.restore()
        # soft contact shadows, offset away from the light
        off = -light[:2] / (np.linalg.norm(light[:2]) or 1.0)
        for o in objs:
            uv, _ = cam.project(pj.ground_circle(o["x"] + 0.25 * o["r"] * off[0], o["y"] + 0.25 * o["r"] * off[1],
                                                 1.02 * o["r"], 24, 0.0))
            pj.path(ctx, uv)
            ctx.set_source_rgba(0, 0, 0, 0.16)
            ctx.fill()
        for i in reversed(_depth_order(cam, objs)):   # far to near
            c.register(f"obj:{i}", box=draw_object(c, cam, light, objs[i]), fill=RGB[objs[i]["color"]])


def solid(o):
    """Mesh of a non-sphere object; every footprint stays inside the radius r."""
    s, x, y, r, rot = o["shape"], o["x"], o["y"], o["r"], o["rot"]
    if s == "cube":
        return pj.box_mesh(x, y, 1.3 * r, 1.3 * r, 1.3 * r, rot=rot)
    if s == "brick":
        return pj.box_mesh(x, y, 1.75 * r, 0.72 * r, 0.75 * r, rot=rot)
    if s == "cylinder":
        return pj.prism_mesh(x, y, 0.85 * r, 1.5 * r, n=28, rot=rot)
    if s == "disc":
        return pj.prism_mesh(x, y, 0.95 * r, 0.32 * r, n=28, rot=rot)
    if s == "cone":
        return pj.prism_mesh(x, y, 0.92 * r, 1.8 * r, n=28, rot=rot, top_radius=0.0)
    if s == "pyramid":
        return pj.prism_mesh(x, y, 0.95 * r, 1.45 * r, n=4, rot=rot, top_radius=0.0)
    if s == "triangular_prism":
        return pj.prism_mesh(x, y, 0.97 * r, 1.25 * r, n=3, rot=rot)
    return pj.prism_mesh(x, y, 0.92 * r, 1.0 * r, n=6, rot=rot)   # hexagonal prism


SMOOTH = ("cylinder", "disc", "cone")


def draw_object(c, cam, light, o):
    base = RGB[o["color"]]
    edge = tuple(0.45 * ch for ch in base)
    if o["shape"] == "sphere":
        rad = 0.9 * o["r"]
        uv = pj.draw_sphere(c.ctx, cam, light, np.array([o["x"], o["y"], rad]), rad, base, edge, 1.2, n=48, lift=0.55,
                            glow=0.28, mid=0.45)
        return pj.bbox(uv)
    verts, faces = solid(o)    # side facets of a round solid: no antialiasing, so no seams between them
    uv = pj.draw_mesh(c.ctx, cam, light, verts, faces, base, edge, 1.2, smooth=o["shape"] in SMOOTH, hull_lw=1.3)
    return pj.bbox(uv)


SCENE = ObjectCluster()
task = SCENE.task
INTRO = "The image shows a cluster of small 3D objects standing on a plain surface. "


# ---------------------------------------------------------------------------------- task helpers
def _objects(q):
    q.require(q.state["visible_ok"], "no placement with readable occlusion")
    return q.state["objects"]


def _ids(idx):
    return [f"obj:{i}" for i in idx]


def _support(q, table):
    lo, hi = table[q.difficulty]
    return list(range(lo, hi + 1))


def _other(values, avoid, rng):
    pool = [v for v in values if v not in avoid]
    return pool[int(rng.integers(len(pool)))]


def _plant(q, groups, rest):
    """Edit: ``k`` random objects get ``assign(obj, rng, state)`` for each ``(k, assign)`` of ``groups``
    (disjoint), every other object gets ``rest``.  Shapes and colours only: nothing visible moves."""
    need = sum(k for k, _ in groups)
    q.require(need <= len(_objects(q)), "planted counts exceed the objects")

    def fn(state, rng):
        objs = state["objects"]
        order = [int(i) for i in rng.permutation(len(objs))]
        pos = 0
        for k, assign in groups:
            for i in order[pos:pos + k]:
                assign(objs[i], rng, state)
            pos += k
        for i in order[pos:]:
            rest(objs[i], rng, state)
        return state

    return q.edit(fn)


def _setter(shape=None, color=None, not_shape=(), not_color=()):
    """An assign function: fixed shape/colour, or any other than the excluded ones."""
    def assign(o, rng, state):
        o["shape"] = shape or _other(state["shapes"], not_shape, rng)
        o["color"] = color or _other(state["colors"], not_color, rng)
    return assign


def _near_miss(shape, color, p_shape=0.35, p_color=0.35):
    """Not (shape and colour): often one of the two, so the distractors are close."""
    def assign(o, rng, state):
        u = float(rng.random())
        if u < p_shape:
            _setter(shape=shape, not_color=(color,))(o, rng, state)
        elif u < p_shape + p_color:
            _setter(color=color, not_shape=(shape,))(o, rng, state)
        else:
            _setter(not_shape=(shape,), not_color=(color,))(o, rng, state)
    return assign


def _matching(objs, shape=None, color=None):
    return [i for i, o in enumerate(objs) if (shape is None or o["shape"] == shape)
            and (color is None or o["color"] == color)]


# ---------------------------------------------------------------------------------- tasks (tranche 1)
@task("color_membership_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def color_membership_count(q):
    _objects(q)
    color = q.choice("target_color", q.state["colors"])
    t = q.target(_support(q, {1: (3, 6), 2: (3, 8), 3: (4, 9)}), stratified=True)     # level 2: the original's 3-8
    s = _plant(q, [(t, _setter(color=color))], _setter(not_color=(color,)))
    idx = _matching(s["objects"], color=color)
    q.step("filter", color=color, kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx),
                    question=INTRO + f"How many {color_word(color)} objects are in the cluster?")


@task("object_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def object_type_count(q):
    _objects(q)
    shape = q.choice("target_shape", q.state["shapes"])
    t = q.target(_support(q, {1: (4, 7), 2: (4, 8), 3: (6, 10)}), stratified=True)    # level 2: the original's 4-8
    s = _plant(q, [(t, _setter(shape=shape))], _setter(not_shape=(shape,)))
    idx = _matching(s["objects"], shape=shape)
    q.step("filter", shape=shape, kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx),
                    question=INTRO + f"How many {noun(shape)} are in the cluster (any colour)?")


def _pair_params(q):
    return q.choice("target_shape", q.state["shapes"]), q.choice("target_color", q.state["colors"])


@task("multi_attribute_and_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_and_count(q):
    _objects(q)
    shape, color = _pair_params(q)
    t = q.target(_support(q, {1: (1, 3), 2: (1, 6), 3: (4, 8)}), stratified=True)     # level 2: the original's 1-6
    s = _plant(q, [(t, _setter(shape=shape, color=color))], _near_miss(shape, color))
    idx = _matching(s["objects"], shape, color)
    q.step("filter", shape=shape, color=color, rule="and", kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx),
                    question=INTRO + f"How many {color_word(color)} {noun(shape)} are in the cluster?")


@task("multi_attribute_or_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_or_count(q):
    _objects(q)
    shape, color = _pair_params(q)
    t = q.target(_support(q, {1: (3, 7), 2: (3, 8), 3: (6, 11)}), stratified=True)    # level 2: the original's 3-8
    both = q.param("both", lambda r: int(r.integers(0, 3)))
    q.require(both <= t, "more objects with both attributes than the target")
    s = _plant(q, [(t - both, _near_miss(shape, color, 0.5, 0.5)), (both, _setter(shape=shape, color=color))],
               _setter(not_shape=(shape,), not_color=(color,)))
    idx = [i for i, o in enumerate(s["objects"]) if o["shape"] == shape or o["color"] == color]
    q.step("union", shape=shape, color=color, kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx),
                    question=INTRO + (f"How many objects are {noun(shape)} or {color_word(color)} objects "
                                      f"(count an object that is both only once)?"))


@task("multi_attribute_xor_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_xor_count(q):
    _objects(q)
    shape, color = _pair_params(q)
    t = q.target(_support(q, {1: (1, 4), 2: (1, 6), 3: (4, 9)}), stratified=True)     # level 2: the original's 1-6
    both = q.param("both", lambda r: int(r.integers(1, 3)))
    s = _plant(q, [(t, _near_miss(shape, color, 0.5, 0.5)), (both, _setter(shape=shape, color=color))],
               _setter(not_shape=(shape,), not_color=(color,)))
    idx = [i for i, o in enumerate(s["objects"]) if (o["shape"] == shape) != (o["color"] == color)]
    q.step("exactly_one", shape=shape, color=color, kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx),
                    question=INTRO + (f"How many objects are either {noun(shape)} or {color_word(color)} objects, "
                                      f"but not both ({color} {noun(shape)} do not count)?"))


TOTALS = {1: (4, 10), 2: (5, 14), 3: (10, 22)}      # level 2: as the original's 6-20 as the clusters allow


@task("total_object_count", answer="integer", annotation="bbox_set", ops="counting")
def total_object_count(q):
    t = q.target(_support(q, TOTALS), stratified=True)
    q.require(t <= len(_objects(q)), "the cluster is smaller than the target")

    def keep(state, rng):       # a random t of the objects, the camera fitted again
        objs = state["objects"]
        state["objects"] = [objs[int(i)] for i in sorted(rng.choice(len(objs), size=t, replace=False))]
        fit_camera(state, rng)
        state["visible_ok"] = proxy_ok(state)
        return state

    q.edit(keep)
    idx = list(range(len(_objects(q))))
    q.step("count", kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx), question=INTRO + "How many objects are there in total?")


# ---------------------------------------------------------------------------------- tasks (tranche 2)
@task("multi_attribute_exclusion_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_exclusion_count(q):
    _objects(q)
    shape, color = _pair_params(q)
    t = q.target(_support(q, {1: (1, 4), 2: (1, 6), 3: (4, 8)}), stratified=True)     # level 2: the original's 1-6
    excluded = q.param("excluded", lambda r: int(r.integers(1, 4)))
    s = _plant(q, [(t, _setter(shape=shape, not_color=(color,))), (excluded, _setter(shape=shape, color=color))],
               _setter(not_shape=(shape,)))
    idx = [i for i, o in enumerate(s["objects"]) if o["shape"] == shape and o["color"] != color]
    q.step("filter", shape=shape, excluded_color=color, kept=idx)
    return q.answer(len(idx), witnesses=_ids(idx),
                    question=INTRO + f"How many {noun(shape)} in the cluster are not {color_word(color)}?")


ARITH = {"total_count": {1: (4, 9), 2: (5, 12), 3: (6, 14)}, "difference_count": {1: (0, 4), 2: (0, 6), 3: (1, 8)}}


def _arith_counts(q, support_total, support_diff):
    """Counts (a, b) of two categories whose sum (total_count) or absolute difference
    (difference_count) is the instance's target; the difference leaves room for both."""
    n = len(_objects(q))
    total = q.query_id == "total_count"
    t = q.target(_support(q, (support_total if total else support_diff)))

    def draw(r):
        if total:
            q.require(t <= n, "sum above the object count")
            a = int(r.integers(max(1, t - 8), min(t - 1, 8) + 1)) if t >= 2 else t
            return [a, t - a]
        low = int(r.integers(2, max(2, min(5, (n - t) // 2)) + 1))
        q.require(2 * low + t <= n, "difference needs more objects")
        return [low + t, low] if r.random() < 0.5 else [low, low + t]

    return q.param("counts", draw), t


def _arith_answer(q, attr, words, a_val, b_val, counts):
    s = _plant(q, [(counts[0], _setter(**{attr: a_val})), (counts[1], _setter(**{attr: b_val}))],
               _setter(**{f"not_{attr}": (a_val, b_val)}))
    left = [i for i, o in enumerate(s["objects"]) if o[attr] == a_val]
    right = [i for i, o in enumerate(s["objects"]) if o[attr] == b_val]
    total = q.query_id == "total_count"
    value = len(left) + len(right) if total else abs(len(left) - len(right))
    q.step("arithmetic", operator="sum" if total else "absolute_difference", left=left, right=right, result=value)
    wa, wb = words
    question = (f"Count the {wa} and the {wb}. What is the total?" if total else
                f"What is the absolute difference between the number of {wa} and the number of {wb}?")
    return q.answer(value, witnesses={a_val: _ids(left), b_val: _ids(right)}, question=INTRO + question)


@task("color_count_arithmetic", answer="integer", annotation="bbox_set_map",
      ops="filtering,counting,formula_evaluation", queries=("total_count", "difference_count"))
def color_count_arithmetic(q):
    counts, _ = _arith_counts(q, ARITH["total_count"], ARITH["difference_count"])
    a, b = q.param("target_colors", lambda r: [str(v) for v in r.choice(q.state["colors"], 2, replace=False)])
    return _arith_answer(q, "color", (f"{color_word(a)} objects", f"{color_word(b)} objects"), a, b, counts)


@task("object_type_count_arithmetic", answer="integer", annotation="bbox_set_map",
      ops="filtering,counting,formula_evaluation", queries=("total_count", "difference_count"))
def object_type_count_arithmetic(q):
    counts, _ = _arith_counts(q, {1: (5, 10), 2: (6, 13), 3: (7, 16)}, {1: (0, 4), 2: (0, 6), 3: (1, 9)})
    a, b = q.param("target_shapes", lambda r: [str(v) for v in r.choice(q.state["shapes"], 2, replace=False)])
    return _arith_answer(q, "shape", (noun(a), noun(b)), a, b, counts)


def _edit_text(e):
    verb = "Add" if e["delta"] > 0 else "Remove"
    k = abs(e["delta"])
    return f"{verb} {k} {color_word(e['color'])} {noun(e['shape'], k)}."


@task("counterfactual_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,aggregation,state_update,formula_evaluation")
def counterfactual_count(q):
    n = len(_objects(q))
    kind = q.choice("predicate", ["shape", "color", "both"])
    shape, color = _pair_params(q)
    v = q.target(_support(q, {1: (3, 10), 2: (4, 12), 3: (5, 15)}))
    pred = {"shape": shape if kind != "color" else None, "color": color if kind != "shape" else None}
    shapes, colors = q.state["shapes"], q.state["colors"]
    n_edits = {1: 2, 2: 3, 3: 4}[q.difficulty]

    def matches(sh, co):
        return pred["shape"] in (None, sh) and pred["color"] in (None, co)

    def draw(r):
        """Edits whose changes to the counted set leave a starting count of 3..n that reaches the target."""
        for _ in range(30):
            edits = []
            for _k in range(n_edits):
                sh, co = str(r.choice(shapes)), str(r.choice(colors))
                if r.random() < 0.55:          # an edit of the counted set
                    sh, co = pred["shape"] or sh, pred["color"] or co
                elif kind == "both" and r.random() < 0.5:
                    sh, co = shape, str(r.choice([c for c in colors if c != color]))   # a close non-match
                elif matches(sh, co):
                    continue
                d = int(r.integers(1, 4)) if r.random() < 0.55 else -int(r.integers(1, 3))
                edits.append({"shape": sh, "color": co, "delta": d})
            removed = {}
            for e in edits:
                if e["delta"] < 0:
                    removed[(e["shape"], e["color"])] = removed.get((e["shape"], e["color"]), 0) - e["delta"]
            start = v - sum(e["delta"] for e in edits if matches(e["shape"], e["color"]))
            hit_removed = sum(k for (sh, co), k in removed.items() if matches(sh, co))
            other_removed = sum(k for (sh, co), k in removed.items() if not matches(sh, co))
            if len(edits) == n_edits and max(3, hit_removed) <= start and start + other_removed <= n:
                return edits
        return None

    edits = q.param("edits", draw)
    q.require(edits is not None, "no edit sequence reaches the target")
    start = v - sum(e["delta"] for e in edits if matches(e["shape"], e["color"]))
    # removed objects must be in the picture: plant them first, then the rest of the counted set
    need = {}
    for e in edits:
        if e["delta"] < 0:
            need[(e["shape"], e["color"])] = need.get((e["shape"], e["color"]), 0) - e["delta"]
    groups = [(k, _setter(shape=sh, color=co)) for (sh, co), k in sorted(need.items())]
    groups.append((start - sum(k for (sh, co), k in need.items() if matches(sh, co)),
                   _setter(shape=pred["shape"], color=pred["color"])))
    rest = {"both": _near_miss(shape, color), "shape": _setter(not_shape=(shape,)),
            "color": _setter(not_color=(color,))}[kind]
    s = _plant(q, groups, rest)
    idx = _matching(s["objects"], pred["shape"], pred["color"])
    value = len(idx) + sum(e["delta"] for e in edits if matches(e["shape"], e["color"]))
    q.step("counterfactual", start=len(idx), edits=edits, result=value)
    what = {"shape": noun(shape), "color": f"{color_word(color)} objects",
            "both": f"{color_word(color)} {noun(shape)}"}[kind]
    steps = "\n".join(f"{k + 1}. {_edit_text(e)}" for k, e in enumerate(edits))
    return q.answer(value, witnesses=_ids(idx),
                    question=INTRO + (f"Start from the objects shown and apply these edits in order:\n{steps}\n"
                                      f"How many {what} are there after the edits?"))
