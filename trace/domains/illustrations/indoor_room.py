"""illustrations/indoor_room: a flat room illustration -- wall with a window and a framed picture over a
floor with a rug, a table in the middle, a counter (cabinet) and an armchair at the sides, a wall
shelf, and small objects (candles, vases, remotes, balls, cameras, plants, mugs) standing on the
table, the counter, the shelf or the floor at the front.  Besides the counting views, three
picture-tile views (``tracegen.kits.picture_tiles``): a missing patch, one rotated tile and two
swapped numbered tiles.

Small objects stand in slots along a surface, one per slot.  No slot of the shelf or the floor lies
over or under the table's span, so every object off the table is clearly left or right of it.
"""

from __future__ import annotations

from tracegen.kits import isometric as iso_kit
from tracegen.kits import picture_tiles as pt

SIZES = ((960, 960), (1200, 800), (800, 1200))
ROOMS = ("living room", "kitchen", "study", "bedroom")
OBJECTS = {"candle": "candles", "vase": "vases", "remote": "remotes", "ball": "balls", "camera": "cameras",
           "plant": "potted plants", "mug": "mugs"}
SURFACES = {"table": "table", "counter": "counter", "shelf": "wall shelf"}
SLOT = 52
WALL, FLOOR, WOOD, WOOD2 = (0.88, 0.90, 0.84), (0.74, 0.72, 0.60), (0.62, 0.42, 0.26), (0.45, 0.30, 0.18)
DK = (0.2, 0.2, 0.22)

SPRITES = {   # pixels, x right and y up from the standing point
    "candle": {"parts": [("rect", -7, 0, 14, 30, (0.97, 0.95, 0.85)), ("ellipse", 0, 36, 4, 7, (0.96, 0.6, 0.15))]},
    "vase": {"parts": [("ellipse", 0, 14, 12, 14, (0.55, 0.55, 0.75)), ("rect", -5, 24, 10, 12, (0.55, 0.55, 0.75))]},
    "remote": {"parts": [("rect", -7, 0, 14, 36, (0.25, 0.27, 0.32)), ("ellipse", 0, 30, 3, 3, (0.9, 0.3, 0.3)),
                         ("rect", -3, 8, 6, 14, (0.6, 0.62, 0.7))]},
    "ball": {"parts": [("ellipse", 0, 15, 15, 15, (0.97, 0.97, 0.97)), ("ellipse", 0, 15, 5, 5, DK),
                       ("ellipse", -9, 21, 3, 3, DK), ("ellipse", 9, 21, 3, 3, DK), ("ellipse", 0, 4, 3, 2, DK)]},
    "camera": {"parts": [("rect", -17, 0, 34, 22, (0.35, 0.36, 0.42)), ("ellipse", 0, 11, 8, 8, (0.75, 0.8, 0.9)),
                         ("rect", -12, 22, 10, 5, (0.35, 0.36, 0.42))]},
    "plant": {"parts": [("poly", [(-10, 0), (10, 0), (13, 16), (-13, 16)], (0.72, 0.40, 0.25)),
                        ("ellipse", -7, 26, 8, 10, (0.25, 0.6, 0.3)), ("ellipse", 7, 26, 8, 10, (0.3, 0.66, 0.34)),
                        ("ellipse", 0, 34, 7, 9, (0.28, 0.62, 0.32))]},
    "mug": {"parts": [("rect", -10, 0, 20, 24, (0.85, 0.3, 0.3)), ("ellipse", 13, 12, 5, 7, (0.85, 0.3, 0.3)),
                      ("ellipse", 13, 12, 2, 4, WALL)]},
}


def layout(state):
    """Furniture boxes and slot points of the room, a pure function of the state."""
    W, H = state["size"]
    floor_y = 0.60 * H
    base = 0.86 * H
    tw = min(340, 0.32 * W)
    tx0 = state["table_x"] * W - tw / 2
    table = (tx0, base - 0.2 * H, tx0 + tw, base)
    cw = min(320, 0.28 * W)
    if state["counter_side"] == "left":
        counter = (24, base - 0.3 * H, 24 + cw, base)
    else:
        counter = (W - 24 - cw, base - 0.3 * H, W - 24, base)
    sw = min(330, 0.3 * W)
    shelf_x0 = 24 if state["shelf_side"] == "left" else W - 24 - sw
    shelf = (shelf_x0, 0.24 * H, shelf_x0 + sw, 0.24 * H + 18)
    chair_w = 150
    chair_x0 = W - 24 - chair_w if state["counter_side"] == "left" else 24
    chair = (chair_x0, base - 0.2 * H, chair_x0 + chair_w, base)
    span = (table[0] - 30, table[2] + 30)

    def slots(x0, x1, y, avoid=False):
        n = int((x1 - x0 - 8) // SLOT)
        xs = [x0 + (x1 - x0) / 2 + (k - (n - 1) / 2) * SLOT for k in range(n)]
        return [(x, y) for x in xs if not (avoid and span[0] - SLOT / 2 < x < span[1] + SLOT / 2)]

    surf = {"table": slots(table[0], table[2], table[1]),
            "counter": slots(counter[0], counter[2], counter[1], avoid=True),
            "shelf": slots(shelf[0], shelf[2], shelf[1], avoid=True),
            "floor": slots(20, W - 20, H - 22, avoid=True)}
    fx0 = W - 24 - 0.22 * W if state["shelf_side"] == "left" else 24 + 0.04 * W
    frame = (fx0, 0.07 * H, fx0 + 0.18 * W, 0.07 * H + 0.12 * H)
    cx = (table[0] + table[2]) / 2
    lamp = (cx - 40, 0.0, cx + 40, 0.30 * H)
    return {"floor_y": floor_y, "table": table, "counter": counter, "shelf": shelf, "chair": chair, "slots": surf,
            "frame": frame, "lamp": lamp}


def _free(state, surface):
    used = {it["slot"] for it in state["items"] if it["surface"] == surface}
    return [k for k in range(len(layout(state)["slots"][surface])) if k not in used]


def add(rng, state, kind, surface):
    free = _free(state, surface)
    if not free:
        return False
    state["items"].append({"kind": kind, "surface": surface, "slot": free[int(rng.integers(len(free)))]})
    return True


COUNTS = {1: (4, 7), 2: (8, 13), 3: (12, 18)}


def make_state(rng, difficulty):
    size = SIZES[int(rng.integers(len(SIZES)))]
    side = ("left", "right")[int(rng.integers(2))]
    state = {"size": list(size), "room": ROOMS[int(rng.integers(len(ROOMS)))], "table_x": 0.5,
             "counter_side": side, "shelf_side": ("left", "right")[int(rng.integers(2))], "items": [],
             "view": "room"}
    lay = layout(state)                    # the table sits between the counter and the chair
    lo = (lay["counter"][2] if side == "left" else lay["chair"][2]) / size[0]
    hi = (lay["chair"][0] if side == "left" else lay["counter"][0]) / size[0]
    half = (lay["table"][2] - lay["table"][0]) / 2 / size[0]
    state["table_x"] = round(float(rng.uniform(lo + half + 0.03, max(lo + half + 0.03, hi - half - 0.03))), 3)
    kinds = sorted(OBJECTS)
    surfaces = ("table", "counter", "shelf", "floor")
    for _ in range(int(rng.integers(*COUNTS[difficulty]))):
        add(rng, state, kinds[int(rng.integers(len(kinds)))], surfaces[int(rng.integers(4))])
    return state


def item_point(state, it, lay=None):
    lay = lay or layout(state)
    return lay["slots"][it["surface"]][it["slot"]]


def item_box(state, it, lay=None):
    x, y = item_point(state, it, lay)
    return iso_kit.sprite_box(it["kind"], x, y, 1.0, table=SPRITES)


def elements(state):
    W, H = state["size"]
    lay = layout(state)
    els = [(1, (0, 0, W, lay["floor_y"])), (2, (0, lay["floor_y"], W, H))]
    els.append((3, (0.42 * W, 0.06 * H, 0.42 * W + 130, 0.06 * H + 120)))          # window
    t = lay["table"]
    els.append((4, (t[0] - 20, t[3] - 40, t[2] + 20, t[3] + 10)))                  # rug
    f, lp = lay["frame"], lay["lamp"]
    els.append((9, (lp[0] + 38, 0, lp[0] + 42, lp[3] - 40)))
    els.append((9, (lp[0], lp[3] - 40, lp[2], lp[3])))
    els.append((3, f))
    for code, key in ((5, "counter"), (6, "table"), (7, "shelf"), (8, "chair")):
        els.append((code, lay[key]))
    kinds = sorted(OBJECTS)
    for it in state["items"]:
        els.append((10 + kinds.index(it["kind"]), item_box(state, it, lay)))
    return els


def draw_room(c, state, register=False):
    W, H = state["size"]
    lay = layout(state)
    fy = lay["floor_y"]
    c.rect(0, 0, W, fy, fill=WALL)
    c.rect(0, fy, W, H - fy, fill=FLOOR)
    for k in range(1, 6):
        c.line(0, fy + k * (H - fy) / 6, W, fy + k * (H - fy) / 6, color=iso_kit.shade(FLOOR, 0.9), lw=1.0)
    wx, wy = 0.42 * W, 0.06 * H
    c.rect(wx, wy, 130, 120, fill=(0.80, 0.88, 0.94), stroke=(0.4, 0.45, 0.5), lw=3)
    c.line(wx + 65, wy, wx + 65, wy + 120, color=(0.4, 0.45, 0.5), lw=2)
    c.line(wx, wy + 60, wx + 130, wy + 60, color=(0.4, 0.45, 0.5), lw=2)
    f = lay["frame"]
    c.rect(f[0], f[1], f[2] - f[0], f[3] - f[1], fill=(0.95, 0.93, 0.86), stroke=WOOD2, lw=5)
    c.polygon([(f[0] + 10, f[3] - 8), ((f[0] + f[2]) / 2, f[1] + 14), (f[2] - 10, f[3] - 8)], fill=(0.45, 0.62, 0.45))
    c.circle(f[2] - 24, f[1] + 22, 9, fill=(0.95, 0.75, 0.3))
    lp = lay["lamp"]
    c.line(lp[0] + 40, 0, lp[0] + 40, lp[3] - 40, color=DK, lw=2)
    c.polygon([(lp[0] + 16, lp[3] - 40), (lp[2] - 16, lp[3] - 40), (lp[2], lp[3]), (lp[0], lp[3])],
              fill=(0.93, 0.80, 0.45), stroke=(0.6, 0.5, 0.25), lw=1.5)
    t = lay["table"]
    c.rect(t[0] - 20, t[3] - 40, t[2] - t[0] + 40, 50, fill=(0.60, 0.55, 0.70), stroke=(0.4, 0.36, 0.5), lw=1.5)
    x0, y0, x1, y1 = lay["counter"]
    c.rect(x0, y0, x1 - x0, y1 - y0, fill=WOOD, stroke=WOOD2, lw=2, id="surface:counter" if register else None)
    c.rect(x0 - 6, y0, x1 - x0 + 12, 14, fill=(0.80, 0.74, 0.62), stroke=WOOD2, lw=1.5)
    for k in range(2):
        c.rect(x0 + 14 + k * (x1 - x0 - 14) / 2, y0 + 30, (x1 - x0 - 42) / 2, y1 - y0 - 44, fill=iso_kit.shade(WOOD, 1.1),
               stroke=WOOD2)
    c.rect(t[0] + 20, t[1] + 14, 16, t[3] - t[1] - 14, fill=WOOD2)
    c.rect(t[2] - 36, t[1] + 14, 16, t[3] - t[1] - 14, fill=WOOD2)
    c.rect(t[0], t[1], t[2] - t[0], 16, fill=(0.72, 0.55, 0.35), stroke=WOOD2, lw=2,
           id="surface:table" if register else None)
    x0, y0, x1, y1 = lay["shelf"]
    c.rect(x0, y0, x1 - x0, y1 - y0, fill=WOOD, stroke=WOOD2, lw=2, id="surface:shelf" if register else None)
    x0, y0, x1, y1 = lay["chair"]
    col = (0.42, 0.50, 0.62)
    c.rect(x0 + 10, y0, x1 - x0 - 20, y1 - y0 - 30, fill=col, stroke=iso_kit.shade(col, 0.6), lw=2)
    c.rect(x0, y0 + 50, x1 - x0, y1 - y0 - 60, fill=iso_kit.shade(col, 1.1), stroke=iso_kit.shade(col, 0.6), lw=2)
    for k, it in enumerate(state["items"]):
        x, y = item_point(state, it, lay)
        iso_kit.draw_sprite(c, it["kind"], x, y, 1.0, table=SPRITES, id=f"item:{k}" if register else None)


class IndoorRoom(pt.TileViewScene):
    domain, scene_id, size = "illustrations", "indoor_room", (960, 960)
    megapixels = (0.6, 0.7)           # never scaled below 1: the picture is 0.92-0.96 MP like the original
    description = ("A flat room illustration: a table between a counter and an armchair, a wall shelf, a window, "
                   "and small objects on the surfaces and the floor; tile views cut it into a missing patch, "
                   "a rotated tile or swapped tiles.")
    picture_view = "room"

    def sample(self, rng, difficulty):
        return make_state(rng, difficulty)

    def draw_picture(self, c, state, register=False):
        draw_room(c, state, register=register)

    def raster_elements(self, state):
        return elements(state)


SCENE = IndoorRoom()
task = SCENE.task


# ---------------------------------------------------------------------------------- tasks

def side_of_table(state, it):
    lay = layout(state)
    if it["surface"] == "table":
        return "on"
    x = item_point(state, it, lay)[0]
    return "left" if x < lay["table"][0] else "right" if x > lay["table"][2] else "over"


@task("surface_object_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition,spatial_relations")
def surface_object_count(q):
    kind = q.choice("object_type", sorted(OBJECTS))
    surface = q.choice("surface", sorted(SURFACES))
    t = q.target({1: (1, 2, 3), 2: (1, 2, 3, 4, 5), 3: (2, 3, 4, 5)}[q.difficulty], stratified=True)

    def plant(state, rng):
        state["items"] = [it for it in state["items"] if not (it["kind"] == kind and it["surface"] == surface)]
        for _ in range(t):
            if not add(rng, state, kind, surface):
                mine = [i for i, it in enumerate(state["items"]) if it["surface"] == surface and it["kind"] != kind]
                if not mine:
                    break
                state["items"].pop(mine[int(rng.integers(len(mine)))])
                add(rng, state, kind, surface)
        return state
    q.edit(plant)
    hits = [k for k, it in enumerate(q.state["items"]) if it["kind"] == kind and it["surface"] == surface]
    q.require(len(hits) == t, "no room on the surface")
    q.step("filter", kind=kind, surface=surface, kept=hits)
    return q.answer(len(hits), witnesses=[f"item:{k}" for k in hits],
                    question=(f"This flat illustration shows a {q.state['room']}. How many {OBJECTS[kind]} stand on "
                              f"the {SURFACES[surface]}?"))


@task("furniture_side_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition,spatial_relations", queries=("left_side", "right_side"))
def furniture_side_count(q):
    side = "left" if q.query_id == "left_side" else "right"
    kind = q.choice("object_type", sorted(OBJECTS))
    t = q.target({1: (1, 2, 3), 2: (1, 2, 3, 4, 4, 5, 6), 3: (3, 4, 5, 6, 7)}[q.difficulty], stratified=True)

    def plant(state, rng):
        state["items"] = [it for it in state["items"] if not (it["kind"] == kind and side_of_table(state, it) == side)]
        pools = [s for s in ("counter", "shelf", "floor")
                 if any(side_of_table(state, {"surface": s, "slot": k, "kind": kind}) == side for k in _free(state, s))]
        for _ in range(t):
            spots = [(s, k) for s in pools for k in _free(state, s)
                     if side_of_table(state, {"surface": s, "slot": k, "kind": kind}) == side]
            if not spots:
                break
            s, k = spots[int(rng.integers(len(spots)))]
            state["items"].append({"kind": kind, "surface": s, "slot": k})
        return state
    q.edit(plant)
    s = q.state
    hits = [k for k, it in enumerate(s["items"]) if it["kind"] == kind and side_of_table(s, it) == side]
    q.require(len(hits) == t, "no room on that side")
    q.step("filter", kind=kind, side=side, kept=hits)
    return q.answer(len(hits), witnesses=[f"item:{k}" for k in hits],
                    question=(f"This flat illustration shows a {s['room']}. How many {OBJECTS[kind]} are to the "
                              f"{side} of the table (anywhere in the room: on furniture, the shelf or the floor)?"))


BACKGROUND = (0, 1, 2)


@task("missing_patch_label", answer="option_letter", annotation="bbox_map", ops="transformation,matching")
def missing_patch_label(q):
    k = q.param("n_options", lambda r: {1: 4, 2: (4, 4, 6)[int(r.integers(3))], 3: 6}[q.difficulty])
    grid, ras = SCENE.switch_view(q, "missing", pt.MISSING_GRID, n_options=k)
    return pt.tile_missing(q, ras, grid, k, background=BACKGROUND, subject="room picture")


@task("rotated_tile_label", answer="option_letter", annotation="bbox", ops="transformation")
def rotated_tile_label(q):
    grid, ras = SCENE.switch_view(q, "rotated", pt.TILE_GRID)
    return pt.tile_rotated(q, ras, grid, subject="room picture", min_diff=0.12)


@task("swapped_tile_pair_label", answer="option_letter", annotation="bbox_set", ops="transformation")
def swapped_tile_pair_label(q):
    grid, ras = SCENE.switch_view(q, "swapped", pt.TILE_GRID)
    return pt.tile_swapped(q, ras, grid, subject="room picture")
