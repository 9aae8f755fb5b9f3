"""illustrations/environment: an outdoor scene: sky with clouds, a row of buildings on the skyline
(windows lit or dark), and a ground area crossed from edge to edge by a winding road (with
crosswalks) and often a river (with bridges); small objects (pixel sprites from
``kits.sprites_data``: trees, people, lamps, benches, crates ...) stand above or below the road
and vehicles drive on it.  The road's band is an explicit curve, so "above", "below" and "on" the
road are exact (objects keep a clearance from its edges).  Two composition views
(``kits.picture_tiles``)."""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.task import Scene
from tracegen.kits import picture_tiles as pt
from tracegen.kits import sprites_data as sd
from tracegen.kits import tilemap as tm

SIZES = {1: ((768, 512), (640, 640), (512, 768)), 2: ((960, 640), (768, 768), (640, 960)),
         3: ((1152, 768), (960, 960), (768, 1152))}
CELL = 16
OBJ = 44                        # object sprite size
HW = 34                         # road half width
RW = 30                         # river half width
SKY = (0.86, 0.92, 0.98)
CLOUD = (0.98, 0.99, 1.0)
GROUND = ((0.80, 0.89, 0.76), (0.86, 0.85, 0.80))
ROAD = (0.40, 0.41, 0.44)
ROAD_EDGE = (0.58, 0.58, 0.60)
DASH = (0.96, 0.88, 0.50)
RIVER = (0.27, 0.58, 0.85)
RIVER_EDGE = (0.55, 0.62, 0.66)
BRIDGE = (0.50, 0.52, 0.56)
BUILD = ((0.66, 0.40, 0.32), (0.56, 0.50, 0.42), (0.58, 0.36, 0.40), (0.46, 0.36, 0.30), (0.52, 0.54, 0.60))
LIT = (0.99, 0.85, 0.35)
DARK = (0.20, 0.26, 0.34)
CARS = ((0.85, 0.25, 0.22), (0.95, 0.95, 0.95), (0.25, 0.45, 0.80), (0.30, 0.62, 0.35))
SPRITES = ("tree", "pine", "person", "lamp", "crate", "barrel", "rock", "flowers", "well")
NAMES = {"tree": "tree", "pine": "tree", "person": "person", "lamp": "lamp post", "crate": "crate",
         "barrel": "barrel", "rock": "rock", "flowers": "flower patch", "well": "well", "car": "car",
         "bench": "bench"}


def band_y(f, x):
    """Centre line of a linear feature at x."""
    return f["y"] + f["amp"] * math.sin(2 * math.pi * x / f["wave"] + f["phase"])


def band_range(f, x0, x1, half):
    ys = [band_y(f, x0 + (x1 - x0) * k / 8) for k in range(9)]
    return min(ys) - half, max(ys) + half


def build(rng, W, H, difficulty, *, river=None):
    horizon = int(H * rng.uniform(0.28, 0.36))
    st = {"W": W, "H": H, "horizon": horizon, "view": "map", "ground": int(rng.integers(2)),
          "clouds": [[float(rng.uniform(40, W - 80)), float(rng.uniform(20, horizon * 0.45)), float(rng.uniform(0.7, 1.2))]
                     for _ in range(int(rng.integers(2, 4)))]}
    # buildings on the skyline
    bs, x = [], float(rng.uniform(10, 60))
    nb = int(rng.integers(2, 4 + difficulty))
    for _ in range(nb):
        cols, rows = int(rng.integers(2, 4)), int(rng.integers(2, 4))
        w = cols * 26 + 18
        if x + w > W - 10:
            break
        h = rows * 32 + 40
        bs.append({"x": round(x, 1), "w": w, "h": min(h, horizon - 16), "cols": cols, "rows": rows,
                   "color": int(rng.integers(len(BUILD))),
                   "lit": [int(rng.random() < 0.3) for _ in range(cols * rows)]})
        x += w + float(rng.uniform(6, 40))
    st["buildings"] = bs
    if river is None:
        river = bool(rng.random() < 0.6)
    ground_h = H - horizon
    road_y = horizon + ground_h * (0.32 if river else 0.5) + float(rng.uniform(-15, 15))
    st["road"] = {"y": round(road_y, 1), "amp": round(float(rng.uniform(12, 30)), 1),
                  "wave": round(float(rng.uniform(0.6, 1.1) * W), 1), "phase": round(float(rng.uniform(0, 6.28)), 2)}
    st["river"] = None
    if river:
        st["river"] = {"y": round(horizon + ground_h * 0.72 + float(rng.uniform(-10, 10)), 1),
                       "amp": round(float(rng.uniform(10, 26)), 1), "wave": round(float(rng.uniform(0.6, 1.1) * W), 1),
                       "phase": round(float(rng.uniform(0, 6.28)), 2)}
    st["crosswalks"] = spaced(rng, W, int(rng.integers(1, 4)), 60)
    st["bridges"] = spaced(rng, W, int(rng.integers(1, 4)), 70) if river else []
    st["objects"] = []
    for _ in range(int(rng.integers(2, 4))):
        add_vehicle(st, rng)
    for _ in range(int(rng.integers(4, 7 + difficulty * 2))):
        add_object(st, rng, None)
    return st


def spaced(rng, W, n, gap):
    out = []
    for _ in range(200):
        if len(out) == n:
            break
        x = round(float(rng.uniform(50, W - 50)), 1)
        if all(abs(x - o) > gap for o in out):
            out.append(x)
    return sorted(out)


def obj_box(o):
    return (o["x"], o["y"], o["x"] + o["w"], o["y"] + o["h"])


def overlaps(a, b, pad=4):
    return not (a[2] + pad <= b[0] or b[2] + pad <= a[0] or a[3] + pad <= b[1] or b[3] + pad <= a[1])


def relation(st, o):
    x0, y0, x1, y1 = obj_box(o)
    top, _ = band_range(st["road"], x0, x1, HW)
    _, bottom = band_range(st["road"], x0, x1, HW)
    if y1 < top - 4:
        return "above"
    if y0 > bottom + 4:
        return "below"
    cy = band_y(st["road"], (x0 + x1) / 2)
    if o["kind"] == "car" and abs((y0 + y1) / 2 - cy) < 6:
        return "on"
    return None


def free(st, box):
    W, H = st["W"], st["H"]
    if box[0] < 6 or box[2] > W - 6 or box[1] < st["horizon"] + 6 or box[3] > H - 6:
        return False
    if st["river"] is not None:
        top, bottom = band_range(st["river"], box[0], box[2], RW + 6)
        if not (box[3] < top or box[1] > bottom):
            return False
    return all(not overlaps(box, obj_box(o)) for o in st["objects"])


def add_object(st, rng, want, kind=None):
    """A small object above or below the road (``want``: "above" / "below" / None for either)."""
    for _ in range(300):
        k = kind or (SPRITES + ("bench",))[int(rng.integers(len(SPRITES) + 1))]
        w, h = (OBJ + 16, OBJ * 0.6) if k == "bench" else (OBJ, OBJ)
        x = float(rng.uniform(8, st["W"] - w - 8))
        y = float(rng.uniform(st["horizon"] + 8, st["H"] - h - 8))
        o = {"kind": k, "x": round(x, 1), "y": round(y, 1), "w": round(w, 1), "h": round(h, 1), "v": int(rng.integers(4))}
        rel = relation(st, o)
        if rel in ("above", "below") and (want is None or rel == want) and free(st, obj_box(o)):
            st["objects"].append(o)
            return True
    return False


def add_vehicle(st, rng):
    for _ in range(100):
        w, h = 64.0, 28.0
        x = float(rng.uniform(8, st["W"] - w - 8))
        cy = band_y(st["road"], x + w / 2)
        o = {"kind": "car", "x": round(x, 1), "y": round(cy - h / 2, 1), "w": w, "h": h, "v": int(rng.integers(4))}
        if relation(st, o) == "on" and all(not overlaps(obj_box(o), obj_box(p)) for p in st["objects"]) and \
                all(abs(x + w / 2 - cx) > w / 2 + 16 for cx in st["crosswalks"]):
            st["objects"].append(o)
            return True
    return False


# ---------------------------------------------------------------------------- drawing
def band_poly(f, W, half, step=16):
    xs = [float(x) for x in range(-step, int(W) + 2 * step, step)]
    return [(x, band_y(f, x) - half) for x in xs] + [(x, band_y(f, x) + half) for x in reversed(xs)]


def draw_env(c, st):
    W, H = st["W"], st["H"]
    c.rect(0, 0, W, st["horizon"], fill=SKY)
    c.rect(0, st["horizon"], W, H - st["horizon"], fill=GROUND[st["ground"]])
    for x, y, s in st["clouds"]:
        for dx, dy, r in ((0, 8, 16), (18, 0, 20), (38, 8, 15)):
            c.circle(x + dx * s, y + dy * s, r * s, fill=CLOUD)
    for i, b in enumerate(st["buildings"]):
        x, y = b["x"], st["horizon"] - b["h"]
        c.rect(x, y, b["w"], b["h"], fill=BUILD[b["color"]], stroke=(0.25, 0.22, 0.22), lw=1.5)
        for k, (wx, wy) in enumerate(window_boxes(st, b)):
            c.rect(wx, wy, 16, 20, fill=LIT if b["lit"][k] else DARK, stroke=(0.2, 0.2, 0.2), lw=1.0)
        c.rect(x + b["w"] / 2 - 8, st["horizon"] - 24, 16, 24, fill=(0.25, 0.18, 0.14))
    if st["river"] is not None:
        f = st["river"]
        c.polygon(band_poly(f, W, RW + 5), fill=RIVER_EDGE)
        c.polygon(band_poly(f, W, RW), fill=RIVER)
        for bx in st["bridges"]:
            top, bottom = band_range(f, bx - 14, bx + 14, RW + 8)
            c.rect(bx - 14, top, 28, bottom - top, fill=BRIDGE, stroke=(0.25, 0.25, 0.28), lw=1.5)
            for k in range(1, int((bottom - top) // 10)):
                c.line(bx - 12, top + k * 10, bx + 12, top + k * 10, color=(0.35, 0.36, 0.40), lw=1.0)
    f = st["road"]
    c.polygon(band_poly(f, W, HW + 5), fill=ROAD_EDGE)
    c.polygon(band_poly(f, W, HW), fill=ROAD)
    for x in range(0, int(W), 56):
        c.line(x + 8, band_y(f, x + 8), x + 32, band_y(f, x + 32), color=DASH, lw=3.0)
    for cx in st["crosswalks"]:
        cy = band_y(f, cx)
        c.rect(cx - 22, cy - HW + 3, 44, 2 * HW - 6, fill=ROAD)
        for k in range(5):
            c.rect(cx - 20 + k * 9, cy - HW + 4, 5, 2 * HW - 8, fill=(0.97, 0.96, 0.90))
    for o in sorted(st["objects"], key=lambda o: o["y"] + o["h"]):
        draw_object(c, o)


def window_boxes(st, b):
    y0 = st["horizon"] - b["h"]
    return [(b["x"] + 10 + j * 26, y0 + 10 + i * 32) for i in range(b["rows"]) for j in range(b["cols"])]


def draw_object(c, o):
    x, y, w, h = o["x"], o["y"], o["w"], o["h"]
    k = o["kind"]
    if k == "car":
        col = CARS[o["v"]]
        c.rect(x, y + 6, w, h - 12, fill=col, stroke=(0.15, 0.15, 0.15), lw=1.2)
        c.rect(x + 14, y + 2, w - 30, 10, fill=(0.70, 0.85, 0.95), stroke=(0.15, 0.15, 0.15), lw=1.0)
        c.circle(x + 13, y + h - 5, 5, fill=(0.1, 0.1, 0.1))
        c.circle(x + w - 13, y + h - 5, 5, fill=(0.1, 0.1, 0.1))
    elif k == "bench":
        c.rect(x, y + 2, w, 6, fill=sd.PLANK, stroke=sd.PLANK_DARK, lw=1.0)
        c.rect(x, y + 11, w, 6, fill=sd.PLANK, stroke=sd.PLANK_DARK, lw=1.0)
        c.rect(x + 4, y + 17, 4, h - 17, fill=sd.PLANK_DARK)
        c.rect(x + w - 8, y + 17, 4, h - 17, fill=sd.PLANK_DARK)
    elif k == "tree":
        a, b, l_ = sd.CROWNS[o["v"] % 3]
        tm.draw_sprite(c, "tree", x, y, w, palette={**sd.PALETTE, "o": a, "O": b, "y": l_})
    elif k == "person":
        tm.draw_sprite(c, "person", x, y, w, palette={**sd.PALETTE, "c": sd.SHIRTS[o["v"] % len(sd.SHIRTS)]})
    else:
        tm.draw_sprite(c, k, x, y, w)


def raster(st):
    W, H = st["W"], st["H"]
    R, C = H // CELL, W // CELL
    out = np.zeros((R, C), dtype=np.int64)
    ys = (np.arange(R) + 0.5) * CELL
    xs = (np.arange(C) + 0.5) * CELL
    out[ys < st["horizon"], :] = 1
    for j, x in enumerate(xs):
        for f, half, code in ((st["river"], RW, 3), (st["road"], HW, 2)):
            if f is not None:
                cy = band_y(f, x)
                out[(ys > cy - half) & (ys < cy + half), j] = code

    def paint(box, code):
        c0, r0 = int(box[0] // CELL), int(box[1] // CELL)
        c1, r1 = int(math.ceil(box[2] / CELL)), int(math.ceil(box[3] / CELL))
        out[max(0, r0):r1, max(0, c0):c1] = code

    for b in st["buildings"]:
        paint((b["x"], st["horizon"] - b["h"], b["x"] + b["w"], st["horizon"]), 10 + b["color"])
        for k, (wx, wy) in enumerate(window_boxes(st, b)):
            paint((wx, wy, wx + 16, wy + 20), 20 + b["lit"][k])
    for cx in st["crosswalks"]:
        cy = band_y(st["road"], cx)
        paint((cx - 22, cy - HW, cx + 22, cy + HW), 30)
    for bx in st["bridges"]:
        top, bottom = band_range(st["river"], bx - 14, bx + 14, RW + 8)
        paint((bx - 14, top, bx + 14, bottom), 31)
    for o in st["objects"]:
        paint(obj_box(o), 40 + list(NAMES).index(o["kind"]) * 4 + o["v"])
    return out


class Environment(Scene):
    domain, scene_id, size = "illustrations", "environment", (988, 668)
    megapixels = (0.8, 1.1)   # image area (MP); the original's median is 0.96 (1.28 for the patch view)
    description = ("An outdoor scene: sky and clouds, buildings with lit or dark windows on the skyline, a winding "
                   "road with crosswalks, often a river with bridges, and small objects and cars around the road.")
    allow_noise = False

    def sample(self, rng, difficulty):
        sizes = SIZES[difficulty]
        W, H = sizes[int(rng.integers(len(sizes)))]
        return build(rng, W, H, difficulty)

    def variant(self, state):
        return state.get("view", "map")

    def canvas_size(self, state):
        return pt.patch_view_size(state.get("view", "map"), (state["W"], state["H"]), cell=CELL,
                                  patch=state.get("patch"), n_options=state.get("n_options"), grid=state.get("tiles"))

    def render(self, c, state, params):
        m = pt.draw_patch_view(c, lambda cc: draw_env(cc, state), state.get("view", "map"), (state["W"], state["H"]),
                               params, cell=CELL, patch=state.get("patch"), grid=state.get("tiles"))
        if m is None:
            return
        for i, o in enumerate(state["objects"]):
            x0, y0, x1, y1 = obj_box(o)
            c.register(f"obj:{i}", box=(m + x0, m + y0, m + x1, m + y1))
        for i, b in enumerate(state["buildings"]):
            for k, (wx, wy) in enumerate(window_boxes(state, b)):
                c.register(f"window:{i}:{k}", box=(m + wx, m + wy, m + wx + 16, m + wy + 20))
        for i, cx in enumerate(state["crosswalks"]):
            cy = band_y(state["road"], cx)
            c.register(f"crosswalk:{i}", box=(m + cx - 22, m + cy - HW, m + cx + 22, m + cy + HW))
        for i, bx in enumerate(state["bridges"]):
            top, bottom = band_range(state["river"], bx - 14, bx + 14, RW + 8)
            c.register(f"bridge:{i}", box=(m + bx - 14, m + top, m + bx + 14, m + bottom))


SCENE = Environment()
task = SCENE.task
INTRO = "The picture shows an outdoor scene with buildings on the skyline, a winding road and small objects around it."


@task("lit_window_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def lit_window_count(q):
    t = q.target(range(1, 8))

    def fn(st, rng):
        slots = [(i, k) for i, b in enumerate(st["buildings"]) for k in range(len(b["lit"]))]
        if len(slots) < t + 2:
            st["failed"] = 1
            return st
        on = {slots[int(i)] for i in rng.permutation(len(slots))[:t]}
        for i, b in enumerate(st["buildings"]):
            b["lit"] = [int((i, k) in on) for k in range(len(b["lit"]))]
        return st

    s = q.edit(fn)
    q.require("failed" not in s, "too few windows")
    hits = [f"window:{i}:{k}" for i, b in enumerate(s["buildings"]) for k, v in enumerate(b["lit"]) if v]
    q.step("filter", lit=len(hits))
    return q.answer(len(hits), witnesses=hits, examples=[len(hits) + 2],
                    question=(f"{INTRO} Each window is either lit (glowing) or unlit. How many lit windows do the "
                              "buildings have in total?"))


@task("crossing_feature_count", answer="integer", annotation="bbox_set", ops="filtering,counting,spatial_relations")
def crossing_feature_count(q):
    which = q.choice("feature", ["road", "river"])
    t = q.target(range(1, 6))

    def fn(st, rng):
        if which == "river" and st["river"] is None:
            st = build(rng, st["W"], st["H"], q.difficulty, river=True)
        n_other = int(rng.integers(1, 4))
        st["crosswalks"] = spaced(rng, st["W"], t if which == "road" else n_other, 60)
        st["bridges"] = spaced(rng, st["W"], t if which == "river" else n_other, 70) if st["river"] else []
        st["objects"] = [o for o in st["objects"] if o["kind"] != "car"]
        for _ in range(int(rng.integers(1, 3))):
            add_vehicle(st, rng)
        return st

    s = q.edit(fn)
    feats = s["crosswalks"] if which == "road" else s["bridges"]
    q.require(len(feats) == t, "could not space the crossings")
    ids = [f"{'crosswalk' if which == 'road' else 'bridge'}:{i}" for i in range(len(feats))]
    name = "crosswalks cross the road" if which == "road" else "bridges cross the river"
    q.step("filter", feature=which, count=len(ids))
    return q.answer(len(ids), witnesses=ids, examples=[len(ids) + 1],
                    question=(f"The picture shows an outdoor scene with a winding road"
                              f"{' and a river' if s['river'] else ''}. How many {name}?"))


REL_WORDS = {"above_feature": "above", "below_feature": "below", "on_feature": "on"}


@task("feature_relation_object_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,spatial_relations", queries=("above_feature", "below_feature", "on_feature"))
def feature_relation_object_count(q):
    rel = REL_WORDS[q.query_id]
    t = q.target(range(1, 6))

    def fn(st, rng):
        objs = st["objects"]
        hits = [o for o in objs if relation(st, o) == rel]
        keep = [hits[int(i)] for i in sorted(rng.permutation(len(hits))[:t])]
        st["objects"] = [o for o in objs if relation(st, o) != rel] + keep
        for _ in range(t - len(keep)):
            ok = add_vehicle(st, rng) if rel == "on" else add_object(st, rng, rel)
            if not ok:
                st["failed"] = 1
        return st

    s = q.edit(fn)
    q.require("failed" not in s, "no room for the objects")
    hits = [i for i, o in enumerate(s["objects"]) if relation(s, o) == rel]
    q.require(all(relation(s, o) is not None for o in s["objects"]), "an object touches the road's edge")
    where = {"above": "above the road (higher in the picture, clear of it)",
             "below": "below the road (lower in the picture, clear of it)",
             "on": "on the road"}[rel]
    q.step("filter", relation=rel, count=len(hits))
    return q.answer(len(hits), witnesses=[f"obj:{i}" for i in hits], examples=[len(hits) + 1],
                    question=(f"{INTRO} Counting the small objects on the ground (trees, people, lamps, benches, "
                              f"crates, cars and the like; not buildings or clouds), how many are {where}?"))


def _busy(cells):
    return float(np.mean(cells >= 20)) >= 0.12


@task("missing_patch_label", answer="option_letter", annotation="bbox_map", ops="transformation,matching")
def missing_patch_label(q):
    k = q.param("n_options", lambda r: 4 if q.difficulty == 1 or (q.difficulty == 2 and r.random() < 0.6) else 6)

    def fn(state, rng):
        state.update(view="missing", patch=[10, 8], n_options=k)
        return state

    s = q.edit(fn)
    return pt.missing_patch(q, raster(s), CELL, s["W"], s["H"], patch=(10, 8), k=k, busy=_busy,
                            subject="outdoor scene picture")


@task("rotated_tile_label", answer="option_letter", annotation="bbox", ops="transformation")
def rotated_tile_label(q):
    def fn(state, rng):
        W, H = state["W"], state["H"]
        state.update(view="rotated", tiles=[3, 3] if W == H else ([2, 3] if W > H else [3, 2]))
        return state

    s = q.edit(fn)
    return pt.rotated_tile(q, raster(s), CELL, s["W"], s["H"], tuple(s["tiles"]), subject="outdoor scene picture")
