"""three_d/object_scene: a perspective 3D scene of named small objects (cube, cone, star, cup,
mushroom, trophy, ...) and larger furniture props (table, shelf, refrigerator, sofa, crate, ...)
on a floor platform or an open grid floor, with lettered floor markers, a red reference box, an
option panel below the scene, or two side-by-side camera views of the same setup.

The state is the world (object kinds, positions, scales, support heights) and the camera(s);
tasks rebuild the layout they need with ``q.edit`` and check with ``visible`` that every object a
question compares is left at least ``MIN_VIS`` visible by nearer parts (the renderer's own
painter's order rasterised into an id buffer).  Object names are unique in a scene, so prompts
name objects by kind and never by colour.
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.three_d import models as ms
from tracegen.kits.three_d import camera as pj
from tracegen.kits.cards import label_badge

FRAMES = {"square": (960, 960), "wide": (1200, 800)}
MV_FRAMES = {"mv_wide": (1305, 504), "mv": (1043, 570)}
PANEL_H = {6: 168, 4: 126}
MARGIN = 30
MIN_VIS = 0.6
LETTERS = "ABCDEFGH"
HEX = {"red": "#D9483B", "orange": "#EE8A2A", "yellow": "#E2C02C", "green": "#45A552", "teal": "#2E9C94",
       "blue": "#3A72D8", "purple": "#8A4FC2", "magenta": "#C93B93", "pink": "#EE93B8", "brown": "#8E6A40",
       "olive": "#8A9440", "slate": "#6C7F92"}
PROP_HEX = ("#9AA7B0", "#A48A68", "#7E9C8C", "#9C8CAE", "#B09A7A", "#8C9AA8", "#A77E70", "#8FA37A")
RGB = {k: pj.hex_rgb(v) for k, v in HEX.items()}
COLORS = tuple(HEX)
NAMES = {"crate": "open box", "block": "rectangular platform"}


def rgb_of(o):
    return pj.hex_rgb(o["color"] if o["color"].startswith("#") else HEX[o["color"]])


def name(o) -> str:
    return NAMES.get(o["kind"], o["kind"])


def frame_size(state):
    f = state["frame"]
    return MV_FRAMES[f] if f in MV_FRAMES else FRAMES[f]


def make_camera(cm) -> pj.Camera:
    return pj.Camera.stored(cm, (0.0, 0.0, 0.4))


def camera(state) -> pj.Camera:
    return make_camera(state["camera"])


_PARTS: dict = {}


def obj_parts(o):
    """World parts of object ``o``: built once per exact (kind, colour, position, size, turn), the same
    read-only parts after that (a layout is tested several times, and ``models.outline`` remembers the
    outlines of parts it has seen); a new list each call."""
    key = repr((o["kind"], o["color"], o["x"], o["y"], o.get("z", 0.0), o.get("s", 1.0), o.get("rot", 0.0),
                o.get("h")))
    parts = _PARTS.get(key)
    if parts is None:
        if o["kind"] == "pedestal":
            parts = ms.slab(rgb_of(o), o["x"], o["y"], o["s"], o["s"], o["h"], o.get("rot", 0.0))
        else:
            parts = ms.model(o["kind"], rgb_of(o), o["x"], o["y"], o.get("z", 0.0), o.get("s", 1.0),
                             o.get("rot", 0.0))
        for p in parts:
            for a in ([p["v"]] if "v" in p else [p["sphere"][0]]):
                a.flags.writeable = False
        if len(_PARTS) >= 2048:
            _PARTS.clear()
        _PARTS[key] = parts
    return list(parts)


def items(state):
    return [obj_parts(o) for o in state["objects"]]


def marker_world(m):
    return np.array([m["x"], m["y"], m.get("z", 0.0)])


def view_box(state, k=0):
    """Image rectangle (x0, y0, x1, y1) of the scene area (or of view k of a two-view image)."""
    W, H = frame_size(state)
    if state["frame"] in MV_FRAMES:
        half = W / 2
        return (k * half + 18, 44, (k + 1) * half - 18, H - 18)
    return (0, 0, W, H)


def snug_floor(state, rng):
    """A platform a little larger than the layout."""
    xs = [v for o in state["objects"] for v in (o["x"] - ms.footprint(o["kind"], o["s"]),
                                                o["x"] + ms.footprint(o["kind"], o["s"]))]
    ys = [v for o in state["objects"] for v in (o["y"] - ms.footprint(o["kind"], o["s"]),
                                                o["y"] + ms.footprint(o["kind"], o["s"]))]
    xs += [m["x"] for m in state.get("markers", [])]
    ys += [m["y"] for m in state.get("markers", [])]
    pad = float(rng.uniform(0.7, 1.4))
    state["floor_rect"] = [math.floor(min(xs) - pad), math.floor(min(ys) - pad), math.ceil(max(xs) + pad),
                           math.ceil(max(ys) + pad)]


def fit_camera(state, rng, key="camera", k=0, fill=None):
    """Fit objects, markers (and the platform) into the scene area: the projection is linear in
    focal and centre, so fit with focal 1 and scale."""
    if state["floor"] == "platform" and key == "camera":
        snug_floor(state, rng)
    cm = state[key]
    cm.update(focal=1.0, cx=0.0, cy=0.0)
    cam = make_camera(cm)
    pts = [ms.extent_points(cam, p) for parts in items(state) for p in parts]
    if state.get("markers"):
        pts.append(cam.project(np.array([marker_world(m) for m in state["markers"]]))[0])
    if state["floor"] == "platform":
        x0, y0, x1, y1 = state["floor_rect"]
        pts.append(cam.project(np.array([(x0, y0, 0), (x1, y0, 0), (x1, y1, 0), (x0, y1, 0)], float))[0])
    uv = np.vstack(pts)
    x0, y0, x1, y1 = view_box(state, k)
    pad = MARGIN + 26
    fill = fill if fill is not None else float(rng.uniform(0.78, 0.92))
    scale, (u0, v0, u1, v1) = pj.fit_scale(uv, x1 - x0 - 2 * pad, y1 - y0 - 2 * pad)
    f = fill * scale
    left = x0 + pad + float(rng.uniform(0, 1)) * (x1 - x0 - 2 * pad - f * (u1 - u0))
    top = y0 + pad + float(rng.uniform(0.2, 0.8)) * (y1 - y0 - 2 * pad - f * (v1 - v0))
    pj.store_view(cm, f, left, top, u0, v0)


def new_camera(rng, tx=0.0, ty=0.0, el=(26.0, 46.0), az=None):
    return {"az": round(float(rng.uniform(0, 360)) if az is None else az, 2),
            "el": round(float(rng.uniform(*el)), 2), "dist": round(float(rng.uniform(16.0, 22.0)), 2),
            "tx": tx, "ty": ty, "focal": 1.0, "cx": 0.0, "cy": 0.0}


def visibility(state):
    return ms.visibility(camera(state), items(state), frame_size(state))


def boxes(state):
    cam = camera(state)
    return [ms.item_box(cam, parts) for parts in items(state)]


def in_view(state, idx=None, k=0):
    x0, y0, x1, y1 = view_box(state, k)
    bs = boxes(state)
    idx = range(len(bs)) if idx is None else idx
    return all(bs[i][0] > x0 + 12 and bs[i][1] > y0 + 12 and bs[i][2] < x1 - 12 and bs[i][3] < y1 - 12 for i in idx)


def place(rng, state, specs, region, gap=0.25, tries=400):
    """Non-overlapping floor positions for ``specs`` [(kind, scale)] inside ``region`` (x0, y0, x1, y1)
    beside the objects already in ``state``; returns the new objects or None."""
    taken = [(o["x"], o["y"], ms.footprint(o["kind"], o.get("s", 1.0))) for o in state["objects"]
             if o.get("z", 0.0) == 0.0]
    out = []
    for kind, s in specs:
        r = ms.footprint(kind, s)
        for _ in range(tries):
            x = float(rng.uniform(region[0] + r, region[2] - r))
            y = float(rng.uniform(region[1] + r, region[3] - r))
            if all(math.hypot(x - a, y - b) > r + rb + gap for a, b, rb in taken):
                break
        else:
            return None
        taken.append((x, y, r))
        out.append(new_obj(rng, kind, x, y, s))
    return out


def new_obj(rng, kind, x, y, s=1.0, z=0.0, role=None):
    if kind in ms.SMALL:
        color = COLORS[int(rng.integers(len(COLORS)))]
    else:
        color = PROP_HEX[int(rng.integers(len(PROP_HEX)))]
    return {"kind": kind, "color": color, "x": round(x, 3), "y": round(y, 3), "z": round(z, 3), "s": round(s, 3),
            "rot": round(float(rng.uniform(0, 2 * math.pi)), 3),
            "role": role or ("small" if kind in ms.SMALL else "prop")}


def pick(rng, pool, k, avoid=()):
    pool = [p for p in pool if p not in avoid]
    return [pool[int(i)] for i in rng.choice(len(pool), size=k, replace=False)]


class ObjectScene(Scene):
    domain, scene_id, size = "three_d", "object_scene", FRAMES["square"]
    description = ("A perspective 3D scene of named small objects and furniture props on a floor, with floor "
                   "markers, a red reference box, option panels or two camera views.")
    megapixels = (0.55, 0.62)
    aspect_pad = 0.1

    def canvas_size(self, state):
        W, H = frame_size(state)
        return (W, H + PANEL_H.get(len(state.get("panel", [])), 0))

    def variant(self, state):
        return state["frame"]

    def sample(self, rng, difficulty):
        n_small = int(rng.integers(*{1: (5, 7), 2: (7, 10), 3: (10, 13)}[difficulty]))
        n_props = int(rng.integers(1, 3))
        frame = ("square", "wide")[int(rng.integers(2))]
        floor = ("platform", "plane")[int(rng.integers(2))]
        state = {"frame": frame, "floor": floor, "floor_rect": [-5.5, -4.5, 5.5, 4.5], "camera": new_camera(rng),
                 "objects": [], "markers": [], "boxed": None, "panel": [], "labels": {}}
        region = (-5.0, -4.0, 5.0, 4.0)
        for _ in range(30):
            state["objects"] = []
            props = place(rng, state, [(k, 1.0) for k in pick(rng, ms.PROPS, n_props)], region)
            if props is None:
                continue
            state["objects"] = props
            small = place(rng, state, [(k, float(rng.uniform(0.9, 1.2))) for k in pick(rng, ms.SMALL, n_small)],
                          region)
            if small is not None:
                state["objects"] += small
                break
        fit_camera(state, rng)
        return state

    # ------------------------------------------------------------------ rendering
    def claims(self, state, params):
        return [Claim("refbox", "colour", "red")] if state.get("boxed") is not None else []

    def render(self, c, state, params):
        W, H = frame_size(state)
        if state["frame"] in MV_FRAMES:
            self._render_views(c, state)
        else:
            cam = camera(state)
            bs = self._render_world(c, state, cam, "obj")
            self._render_marks(c, state, cam, bs)
        if state.get("panel"):
            self._render_panel(c, state, W, H)

    def _render_world(self, c, state, cam, prefix, clip=None):
        ctx = c.ctx
        ctx.save()
        x0, y0, x1, y1 = clip or view_box(state)
        ctx.rectangle(x0, y0, x1 - x0, y1 - y0)
        ctx.clip()
        if state["floor"] == "platform":
            ms.draw_floor(c, cam, state["floor_rect"])
        else:
            tx, ty = state["camera"]["tx"], state["camera"]["ty"]
            ms.draw_floor(c, cam, (tx - 40, ty - 40, tx + 40, ty + 40), edge=None)
        its = items(state)
        bs = ms.draw_items(c, cam, its)
        ctx.restore()
        for i, (o, b) in enumerate(zip(state["objects"], bs)):
            c.register(f"{prefix}:{i}", box=b, fill=rgb_of(o))
        return bs

    def _render_marks(self, c, state, cam, bs):
        b = state.get("boxed")
        if b is not None:
            x0, y0, x1, y1 = bs[b]
            c.rect(x0 - 5, y0 - 5, x1 - x0 + 10, y1 - y0 + 10, stroke="red", lw=3.0, id="refbox")
        for m in state.get("markers", []):
            p = marker_world(m)
            uv, _ = cam.project(p[None, :])
            u, v = float(uv[0, 0]), float(uv[0, 1])
            if m.get("z", 0.0) > 0:
                g, _ = cam.project(np.array([[m["x"], m["y"], 0.0]]))
                c.line(u, v, float(g[0, 0]), float(g[0, 1]), color="ink", lw=1.3, dash=[4.0, 3.0])
                c.circle(float(g[0, 0]), float(g[0, 1]), 3.0, fill="ink")
            c.circle(u, v, 9.0, fill="paper", stroke="ink", lw=2.2)
            c.circle(u, v, 3.2, fill="ink")
            label_badge(c, u + 10, v - 2, m["label"], size=13)
            c.register(f"marker:{m['label']}", point=(u, v), box=(u - 9, v - 9, u + 9, v + 9))

    def _render_views(self, c, state):
        for k, key in enumerate(("camera", "camera2")):
            box = view_box(state, k)
            x0, y0, x1, y1 = box
            c.text(x0, y0 - 16, f"View {k + 1}", size=15, anchor="l", bold=True)
            c.rect(x0, y0, x1 - x0, y1 - y0, fill="background")
            cam = make_camera(state[key])
            bs = self._render_world(c, state, cam, "left" if k == 0 else "obj", clip=box)
            c.rect(x0, y0, x1 - x0, y1 - y0, stroke="ink", lw=1.4)
            if k == 0 and state.get("boxed") is not None:
                bx = bs[state["boxed"]]
                c.rect(bx[0] - 5, bx[1] - 5, bx[2] - bx[0] + 10, bx[3] - bx[1] + 10, stroke="red", lw=3.0,
                       id="refbox")
            if k == 1:
                for i, lab in sorted(state["labels"].items()):
                    bx = bs[int(i)]
                    label_badge(c, (bx[0] + bx[2]) / 2 - 9, bx[1] - 26, lab, size=13)

    def _render_panel(self, c, state, W, H):
        opts = state["panel"]
        ph = PANEL_H[len(opts)]
        c.rect(0, H, W, ph, fill="paper")
        c.line(0, H, W, H, color="muted", lw=1.2)
        rows = (len(opts) + 1) // 2
        for k, text in enumerate(opts):
            col, row = k % 2, k // 2
            x = 34 + col * W / 2
            y = H + 22 + row * ((ph - 40) / rows)
            label_badge(c, x, y, LETTERS[k], size=15)
            c.text(x + 36, y + 11, text, size=18, anchor="l", kind="option")
            c.register(f"option:{LETTERS[k]}", box=(x, y, x + 200, y + 24))


SCENE = ObjectScene()
task = SCENE.task
