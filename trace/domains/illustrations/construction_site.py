"""illustrations/construction_site: a flat construction-site illustration -- sky with buildings and a
tower crane, then three labelled work zones holding construction vehicles, workers (hard hat and
safety vest in named colours) and stacks of material.  Besides the counting views, two
picture-tile views cut the picture into tiles (``tracegen.kits.picture_tiles``): a missing patch
with candidate patches, and one tile rotated in place.

Every item takes its own cell of its zone's slot grid, so nothing overlaps and counts are exact.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.kits import isometric as iso_kit
from tracegen.kits import picture_tiles as pt

SIZES = ((960, 960), (1200, 800), (800, 1200))
ZONE_NAMES = ("Excavation Zone", "Loading Zone", "Roadwork Zone", "Foundation Zone", "Storage Yard",
              "Framing Zone")
ZONE_FILLS = ((0.88, 0.76, 0.55), (0.80, 0.85, 0.90), (0.84, 0.80, 0.72), (0.82, 0.88, 0.78))
HATS = ("yellow", "orange", "white", "red", "blue")
VESTS = ("orange", "yellow", "green", "blue", "red")
VEHICLES = ("dump_truck", "excavator", "forklift", "cement_mixer", "bulldozer")
MATERIALS = ("bricks", "pipes", "sandbags", "lumber")
CELL_W, CELL_H = 130, 118
SKY, BUILDING, GROUND = (0.78, 0.88, 0.93), (0.55, 0.60, 0.65), (0.80, 0.74, 0.58)
YEL, ORG, DK, GR = (0.95, 0.75, 0.15), (0.90, 0.50, 0.18), (0.18, 0.18, 0.2), (0.45, 0.5, 0.55)

# sprites in pixels (x right, y up from the ground point at the cell's bottom centre)
SPRITES = {
    "dump_truck": {"parts": [
        ("poly", [(-55, 14), (18, 14), (22, 44), (-58, 44)], ORG), ("rect", 18, 12, 34, 38, YEL),
        ("rect", 28, 32, 18, 12, (0.55, 0.72, 0.85)), ("ellipse", -36, 10, 10, 10, DK), ("ellipse", 34, 10, 10, 10, DK)]},
    "excavator": {"parts": [
        ("rect", -52, 0, 80, 16, DK), ("rect", -40, 16, 56, 22, YEL), ("rect", -10, 38, 26, 22, YEL),
        ("rect", -6, 44, 18, 12, (0.55, 0.72, 0.85)), ("poly", [(14, 40), (44, 66), (50, 60), (22, 34)], YEL),
        ("poly", [(44, 66), (58, 22), (52, 20), (40, 60)], YEL), ("poly", [(50, 24), (64, 24), (58, 10)], DK)]},
    "forklift": {"parts": [
        ("rect", -40, 10, 50, 26, YEL), ("rect", -34, 36, 30, 26, (0.55, 0.72, 0.85)),
        ("rect", 12, 0, 6, 66, GR), ("rect", 18, 2, 26, 5, GR), ("ellipse", -28, 10, 10, 10, DK),
        ("ellipse", 2, 10, 10, 10, DK)]},
    "cement_mixer": {"parts": [
        ("rect", -56, 12, 108, 10, GR), ("ellipse", -16, 38, 32, 18, (0.88, 0.86, 0.80)),
        ("rect", 24, 22, 28, 34, YEL), ("rect", 32, 38, 14, 12, (0.55, 0.72, 0.85)),
        ("ellipse", -36, 10, 10, 10, DK), ("ellipse", -12, 10, 10, 10, DK), ("ellipse", 36, 10, 10, 10, DK)]},
    "bulldozer": {"parts": [
        ("rect", -44, 0, 72, 16, DK), ("rect", -40, 16, 58, 24, ORG), ("rect", -30, 40, 28, 22, ORG),
        ("rect", -26, 46, 20, 12, (0.55, 0.72, 0.85)), ("poly", [(30, 0), (50, 0), (46, 40), (32, 36)], GR)]},
    "bricks": {"parts": [("rect", -38, 0 + 12 * r, 76, 12, (0.72, 0.30, 0.22)) for r in range(3)] + [
        ("rect", -38 + 19 * k, 12 * r, 19, 12, (0.72, 0.30, 0.22)) for r in range(3) for k in range(4)]},
    "pipes": {"parts": [("ellipse", -24 + 16 * k, 8 + 14 * r, 8, 7, (0.7, 0.72, 0.75))
                        for r in range(3) for k in range(4 - r)]},
    "sandbags": {"parts": [("ellipse", -27 + 18 * k + 9 * r, 7 + 12 * r, 10, 6, (0.9, 0.88, 0.8))
                           for r in range(3) for k in range(4 - r)]},
    "lumber": {"parts": [("rect", -44, 8 * r, 88, 7, (0.70, 0.50, 0.30)) for r in range(5)]},
}


def zone_boxes(size):
    W, H = size
    top = 0.24 * H
    if W == H:
        mid = (W - 80 - 24) / 2
        return [(40, top, 40 + mid, 0.62 * H), (64 + mid, top, W - 40, 0.62 * H), (40, 0.65 * H, W - 40, H - 30)]
    if W > H:
        w = (W - 80 - 48) / 3
        return [(40 + k * (w + 24), top + 10, 40 + k * (w + 24) + w, H - 30) for k in range(3)]
    h = (H - top - 30 - 40) / 3
    return [(40, top + k * (h + 20), W - 40, top + k * (h + 20) + h) for k in range(3)]


def cells(size, z):
    """Cell centres-bottoms (x, y) of zone z's slot grid (below its title)."""
    x0, y0, x1, y1 = zone_boxes(size)[z]
    cols, rows = int((x1 - x0 - 10) // CELL_W), int((y1 - y0 - 40) // CELL_H)
    cw, ch = (x1 - x0 - 10) / cols, (y1 - y0 - 40) / rows
    return [(x0 + 5 + (k + 0.5) * cw, y0 + 36 + (r + 1) * ch - 8) for r in range(rows) for k in range(cols)]


def _free(state, z):
    used = {(it["zone"], it["cell"]) for it in state["items"]}
    return [k for k in range(len(cells(state["size"], z))) if (z, k) not in used]


def add_item(rng, state, z, item):
    free = _free(state, z)
    if not free:
        return False
    item.update({"zone": z, "cell": free[int(rng.integers(len(free)))]})
    state["items"].append(item)
    return True


def worker(rng, hat=None, vest=None):
    return {"kind": "worker", "hat": hat or HATS[int(rng.integers(len(HATS)))],
            "vest": vest or VESTS[int(rng.integers(len(VESTS)))]}


COUNTS = {1: ((2, 4), (4, 6), (2, 3)), 2: ((4, 7), (6, 10), (3, 6)), 3: ((6, 9), (9, 13), (4, 7))}


def make_state(rng, difficulty):
    size = SIZES[int(rng.integers(len(SIZES)))]
    names = [ZONE_NAMES[int(i)] for i in rng.choice(len(ZONE_NAMES), size=3, replace=False)]
    state = {"size": list(size), "zones": names, "items": [], "view": "site"}
    (v0, v1), (w0, w1), (m0, m1) = COUNTS[difficulty]
    for _ in range(int(rng.integers(v0, v1 + 1))):
        add_item(rng, state, int(rng.integers(3)), {"kind": VEHICLES[int(rng.integers(len(VEHICLES)))]})
    for _ in range(int(rng.integers(w0, w1 + 1))):
        add_item(rng, state, int(rng.integers(3)), worker(rng))
    for _ in range(int(rng.integers(m0, m1 + 1))):
        add_item(rng, state, int(rng.integers(3)), {"kind": MATERIALS[int(rng.integers(len(MATERIALS)))]})
    return state


def item_box(state, it):
    x, y = cells(state["size"], it["zone"])[it["cell"]]
    if it["kind"] == "worker":
        return (x - 16, y - 92, x + 16, y)
    return iso_kit.sprite_box(it["kind"], x, y, 1.0, table=SPRITES)


def elements(state):
    """Semantic raster elements of the picture (see picture_tiles.raster)."""
    W, H = state["size"]
    els = [(1, (0, 0, W, 0.2 * H)), (3, (0, 0.2 * H, W, H))]
    for k in range(6):
        x = 30 + k * (W - 60) / 6
        els.append((2, (x, 0.2 * H - (60 + 37 * ((k * 7) % 5)), x + (W - 60) / 6 - 18, 0.2 * H)))
    els.append((5, (0.62 * W, 0.03 * H, 0.64 * W, 0.2 * H)))
    for z, box in enumerate(zone_boxes(state["size"])):
        els.append((6 + z, box))
    for it in state["items"]:
        if it["kind"] == "worker":
            code = 20 + 5 * HATS.index(it["hat"]) + VESTS.index(it["vest"])
        else:
            code = 50 + (VEHICLES + MATERIALS).index(it["kind"])
        els.append((code, item_box(state, it)))
    return els


def draw_site(c, state, register=False):
    W, H = state["size"]
    c.rect(0, 0, W, 0.2 * H, fill=SKY)
    c.rect(0, 0.2 * H, W, 0.8 * H, fill=GROUND)
    for code, box in elements(state)[2:8]:
        c.rect(box[0], box[1], box[2] - box[0], box[3] - box[1], fill=BUILDING, stroke=iso_kit.shade(BUILDING, 0.8))
    cx = 0.63 * W                                          # tower crane
    c.rect(cx - 5, 0.03 * H, 10, 0.17 * H, fill=YEL, stroke=iso_kit.shade(YEL, 0.6))
    c.rect(cx - 0.2 * W, 0.03 * H, 0.32 * W, 8, fill=YEL, stroke=iso_kit.shade(YEL, 0.6))
    c.line(cx + 0.1 * W, 0.03 * H + 8, cx + 0.1 * W, 0.1 * H, color=DK, lw=1.5)
    c.rect(cx + 0.1 * W - 10, 0.1 * H, 20, 18, fill=(0.45, 0.38, 0.3), stroke=DK)
    c.rect(0, 0.2 * H - 4, W, 6, fill=(0.55, 0.45, 0.33))
    for z, (x0, y0, x1, y1) in enumerate(zone_boxes(state["size"])):
        fill = ZONE_FILLS[z % len(ZONE_FILLS)]
        c.rect(x0, y0, x1 - x0, y1 - y0, fill=fill, stroke=iso_kit.shade(fill, 0.6), lw=2.0,
               id=f"zone:{z}" if register else None)
        c.text((x0 + x1) / 2, y0 + 18, state["zones"][z], size=16, bold=True, color=(0.12, 0.12, 0.12))
    for k, it in enumerate(state["items"]):
        x, y = cells(state["size"], it["zone"])[it["cell"]]
        if it["kind"] == "worker":
            _draw_worker(c, x, y, it, k if register else None)
        else:
            iso_kit.draw_sprite(c, it["kind"], x, y, 1.0, table=SPRITES, id=f"item:{k}" if register else None)


def _draw_worker(c, x, y, it, k):
    skin, legs = (0.80, 0.60, 0.45), (0.22, 0.25, 0.40)
    c.rect(x - 9, y - 34, 7, 34, fill=legs)
    c.rect(x + 2, y - 34, 7, 34, fill=legs)
    c.rect(x - 15, y - 62, 5, 24, fill=skin)
    c.rect(x + 10, y - 62, 5, 24, fill=skin)
    c.rect(x - 11, y - 66, 22, 34, fill=it["vest"], stroke=DK, lw=1.2, id=None if k is None else f"vest:{k}")
    c.circle(x, y - 74, 8, fill=skin, stroke=DK, lw=1.0)
    c.polygon([(x - 12, y - 78), (x + 12, y - 78), (x + 9, y - 90), (x - 9, y - 90)], fill=it["hat"], stroke=DK,
              lw=1.2, id=None if k is None else f"hat:{k}")
    if k is not None:
        c.register(f"item:{k}", box=(x - 16, y - 92, x + 16, y))


class ConstructionSite(pt.TileViewScene):
    domain, scene_id, size = "illustrations", "construction_site", (960, 960)
    megapixels = (0.6, 0.7)           # never scaled below 1: the picture is 0.92-0.96 MP like the original
    description = ("A flat construction-site illustration: sky, buildings and a tower crane above three "
                   "labelled work zones holding vehicles, workers in coloured hard hats and vests, and "
                   "materials; tile views cut it into a missing patch or a rotated tile.")
    picture_view = "site"

    def sample(self, rng, difficulty):
        return make_state(rng, difficulty)

    def claims(self, state, params):
        """Workers are asked about by hard hat and vest colour: each is drawn in it."""
        if state["view"] != "site":
            return []
        out = []
        for k, it in enumerate(state["items"]):
            if it["kind"] == "worker":
                out += [Claim(f"hat:{k}", "colour", it["hat"]), Claim(f"vest:{k}", "colour", it["vest"])]
        return out

    def draw_picture(self, c, state, register=False):
        draw_site(c, state, register=register)

    def raster_elements(self, state):
        return elements(state)


SCENE = ConstructionSite()
task = SCENE.task


# ---------------------------------------------------------------------------------- tasks

@task("equipment_zone_count", answer="integer", annotation="bbox_set", ops="filtering,counting,spatial_relations")
def equipment_zone_count(q):
    z = q.param("zone", lambda r: int(r.integers(3)))
    t = q.target((0, 1, 2, 3, 4), stratified=True)

    def plant(state, rng):
        state["items"] = [it for it in state["items"] if not (it["zone"] == z and it["kind"] in VEHICLES)]
        for _ in range(t):
            add_item(rng, state, z, {"kind": VEHICLES[int(rng.integers(len(VEHICLES)))]})
        return state
    q.edit(plant)
    s = q.state
    hits = [k for k, it in enumerate(s["items"]) if it["zone"] == z and it["kind"] in VEHICLES]
    q.require(len(hits) == t, "the zone has no room for the vehicles")
    q.step("filter", zone=s["zones"][z], kept=hits)
    return q.answer(len(hits), witnesses=[f"item:{k}" for k in hits],
                    question=(f"The construction site is divided into labelled work zones. How many construction "
                              f"vehicles (trucks, excavators, forklifts, mixers, bulldozers) are inside the "
                              f"\"{s['zones'][z]}\"? Answer 0 if there are none."))


@task("worker_attribute_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("hard_hat_color_worker_count", "vest_color_worker_count"))
def worker_attribute_count(q):
    key = "hat" if q.query_id == "hard_hat_color_worker_count" else "vest"
    palette = HATS if key == "hat" else VESTS
    colour = q.choice("color", palette)
    t = q.target((0, 1, 2, 3, 3, 4, 5), stratified=True)       # the original: 0-5, median 3

    def plant(state, rng):
        workers = [it for it in state["items"] if it["kind"] == "worker"]
        for _ in range(t + 1 - len(workers)):
            add_item(rng, state, int(rng.integers(3)), worker(rng))
        workers = [it for it in state["items"] if it["kind"] == "worker"]
        hit = set(int(i) for i in rng.choice(len(workers), size=min(t, len(workers)), replace=False))
        others = [x for x in palette if x != colour]
        for i, w in enumerate(workers):
            w[key] = colour if i in hit else others[int(rng.integers(len(others)))]
        return state
    q.edit(plant)
    s = q.state
    hits = [k for k, it in enumerate(s["items"]) if it["kind"] == "worker" and it[key] == colour]
    q.require(len(hits) == t, "not enough workers")
    q.step("filter", attribute=key, colour=colour, kept=hits)
    q.claim(None, colour=colour)                  # the colour may be worn by no worker (answer 0)
    what = f"a {colour} hard hat" if key == "hat" else f"a {colour} safety vest"
    return q.answer(len(hits), witnesses=[f"item:{k}" for k in hits],
                    question=f"How many workers on this construction site are wearing {what}? Answer 0 if none are.")


pt.register_tile_tasks(task, SCENE, background=(0, 1, 3), subject="construction-site picture")
