"""illustrations/park_playground: a flat park illustration -- sky with clouds over a lawn crossed by a
footpath, a sand playground holding swing sets, slides, seesaws and climbing frames, trees,
benches, flower beds and people.  Besides the counting views, four picture-tile views
(``tracegen.kits.picture_tiles``): a missing patch, one rotated tile, two swapped numbered tiles
and four candidate jigsaw arrangements.

Every item stands in its own cell of a slot grid over the lawn (equipment in the sand cells), so
nothing overlaps and counts are exact.
"""

from __future__ import annotations

from tracegen.kits import isometric as iso_kit
from tracegen.kits import picture_tiles as pt

SIZES = ((960, 960), (1200, 800), (800, 1200))
EQUIPMENT = {"swing_set": "swing sets", "slide": "slides", "seesaw": "seesaws", "climbing_frame": "climbing frames"}
DECOR = ("tree", "bench", "flowers")
SHIRTS = ((0.85, 0.30, 0.30), (0.25, 0.45, 0.75), (0.95, 0.70, 0.20), (0.45, 0.65, 0.35), (0.60, 0.40, 0.70),
          (0.30, 0.65, 0.70))
HAIR = ((0.15, 0.1, 0.08), (0.45, 0.28, 0.12), (0.8, 0.65, 0.3), (0.3, 0.3, 0.3))
CELL_W, CELL_H = 140, 128
SKY, CLOUD, LAWN, SAND, PATH = (0.80, 0.89, 0.95), (0.98, 0.98, 1.0), (0.50, 0.72, 0.42), (0.88, 0.80, 0.52), \
    (0.84, 0.78, 0.64)
MET, RED, WOOD, LEAF = (0.30, 0.32, 0.38), (0.85, 0.35, 0.25), (0.50, 0.33, 0.18), (0.25, 0.55, 0.28)

SPRITES = {   # pixels, x right and y up from the cell's ground point
    "swing_set": {"parts": [
        ("poly", [(-52, 0), (-46, 0), (-36, 78), (-42, 78)], MET), ("poly", [(46, 0), (52, 0), (42, 78), (36, 78)], MET),
        ("rect", -42, 74, 84, 6, MET), ("rect", -22, 26, 1.5, 48, MET), ("rect", -8, 26, 1.5, 48, MET),
        ("rect", 8, 26, 1.5, 48, MET), ("rect", 22, 26, 1.5, 48, MET), ("rect", -25, 22, 20, 5, (0.3, 0.5, 0.8)),
        ("rect", 6, 22, 20, 5, (0.3, 0.5, 0.8))]},
    "slide": {"parts": [
        ("rect", -44, 0, 4, 70, MET), ("rect", -26, 0, 4, 70, MET), ("rect", -44, 16, 22, 3, MET),
        ("rect", -44, 34, 22, 3, MET), ("rect", -44, 52, 22, 3, MET), ("rect", -46, 66, 28, 6, RED),
        ("poly", [(-22, 70), (-16, 72), (50, 6), (44, 2)], (0.95, 0.62, 0.2))]},
    "seesaw": {"parts": [
        ("poly", [(-9, 0), (9, 0), (0, 20)], WOOD), ("poly", [(-52, 6), (52, 30), (52, 36), (-52, 12)], RED),
        ("rect", -50, 12, 4, 12, MET), ("rect", 46, 36, 4, 12, MET)]},
    "climbing_frame": {"parts": [
        ("poly", [(-44, 0), (-38, 0), (0, 80), (-6, 80)], MET), ("poly", [(38, 0), (44, 0), (6, 80), (0, 80)], MET)] + [
        ("rect", -38 + 8.5 * k, 14 * k + 10, 76 - 17 * k, 3, MET) for k in range(4)]},
    "tree": {"parts": [("rect", -6, 0, 12, 40, WOOD), ("ellipse", 0, 60, 32, 28, LEAF),
                       ("ellipse", -14, 72, 16, 14, (0.32, 0.62, 0.34))]},
    "bench": {"parts": [("rect", -40, 0, 5, 18, WOOD), ("rect", 35, 0, 5, 18, WOOD), ("rect", -46, 16, 92, 7, WOOD),
                        ("rect", -46, 28, 92, 6, WOOD)]},
    "flowers": {"parts": [("ellipse", 0, 10, 48, 12, (0.36, 0.56, 0.30))] + [
        ("ellipse", -36 + 12 * k, 12 + 5 * (k % 2), 4, 4, ((0.9, 0.4, 0.5), (0.95, 0.8, 0.3), (0.7, 0.5, 0.9))[k % 3])
        for k in range(7)]},
}


def grid_of(size):
    W, H = size
    top = 0.3 * H
    cols, rows = int((W - 40) // CELL_W), int((H - top - 20) // CELL_H)
    return top, cols, rows, (W - 40) / cols, (H - top - 20) / rows


def sand_cells(size):
    """Cells of the sand playground: a block at the upper left of the lawn."""
    _, cols, rows, _, _ = grid_of(size)
    sc, sr = (4, 2) if cols >= 7 else (3, 3) if rows >= 6 else (4, 2)
    return [r * cols + k for r in range(sr) for k in range(sc)]


def cell_point(size, k):
    top, cols, rows, cw, ch = grid_of(size)
    r, c = divmod(k, cols)
    return (20 + (c + 0.5) * cw, top + (r + 1) * ch - 10)


def _free(state, pool):
    used = {it["cell"] for it in state["items"]}
    return [k for k in pool if k not in used]


def add(rng, state, item, pool):
    free = _free(state, pool)
    if not free:
        return False
    item["cell"] = free[int(rng.integers(len(free)))]
    state["items"].append(item)
    return True


def person(rng):
    return {"kind": "person", "shirt": int(rng.integers(len(SHIRTS))), "hair": int(rng.integers(len(HAIR))),
            "child": bool(rng.random() < 0.35)}


COUNTS = {1: ((2, 4), (3, 6), (3, 5)), 2: ((3, 7), (5, 11), (4, 7)), 3: ((5, 8), (8, 14), (5, 9))}


def make_state(rng, difficulty):
    size = SIZES[int(rng.integers(len(SIZES)))]
    state = {"size": list(size), "items": [], "view": "park"}
    top, cols, rows, _, _ = grid_of(size)
    sand = sand_cells(size)
    lawn = [k for k in range(cols * rows) if k not in sand]
    (e0, e1), (p0, p1), (d0, d1) = COUNTS[difficulty]
    kinds = sorted(EQUIPMENT)
    for _ in range(int(rng.integers(e0, e1 + 1))):
        add(rng, state, {"kind": kinds[int(rng.integers(len(kinds)))]}, sand)
    for _ in range(int(rng.integers(d0, d1 + 1))):
        add(rng, state, {"kind": DECOR[int(rng.integers(len(DECOR)))]}, lawn)
    for _ in range(int(rng.integers(p0, p1 + 1))):
        add(rng, state, person(rng), list(range(cols * rows)))
    return state


def item_box(state, it):
    x, y = cell_point(tuple(state["size"]), it["cell"])
    if it["kind"] == "person":
        h = 62 if it["child"] else 92
        return (x - 16, y - h, x + 16, y)
    return iso_kit.sprite_box(it["kind"], x, y, 1.0, table=SPRITES)


def _sand_box(size):
    top, cols, rows, cw, ch = grid_of(size)
    cells = sand_cells(size)
    rs = [k // cols for k in cells]
    cs = [k % cols for k in cells]
    return (20 + min(cs) * cw + 4, top + min(rs) * ch + 8, 20 + (max(cs) + 1) * cw - 4, top + (max(rs) + 1) * ch + 2)


def elements(state):
    W, H = state["size"]
    size = tuple(state["size"])
    els = [(1, (0, 0, W, 0.28 * H)), (2, (0, 0.28 * H, W, H))]
    for k in range(3):
        cx = W * (0.15 + 0.33 * k)
        els.append((3, (cx - 45, 0.08 * H + 20 * (k % 2), cx + 45, 0.08 * H + 20 * (k % 2) + 30)))
    els.append((4, (0, H - 40, W, H - 18)))
    els.append((5, _sand_box(size)))
    names = sorted(EQUIPMENT) + list(DECOR)
    for it in state["items"]:
        code = 30 + it["shirt"] if it["kind"] == "person" else 10 + names.index(it["kind"])
        els.append((code, item_box(state, it)))
    return els


def draw_park(c, state, register=False):
    W, H = state["size"]
    size = tuple(state["size"])
    els = elements(state)
    c.rect(0, 0, W, 0.28 * H, fill=SKY)
    c.rect(0, 0.28 * H, W, 0.72 * H, fill=LAWN)
    for _, (x0, y0, x1, y1) in els[2:5]:
        for dx in (0.2, 0.5, 0.8):
            c.circle(x0 + dx * (x1 - x0), (y0 + y1) / 2, (y1 - y0) / 2 + 3, fill=CLOUD)
    c.rect(0, H - 40, W, 22, fill=PATH, stroke=iso_kit.shade(PATH, 0.8))
    x0, y0, x1, y1 = _sand_box(size)
    c.rect(x0, y0, x1 - x0, y1 - y0, fill=SAND, stroke=iso_kit.shade(SAND, 0.7), lw=2.0)
    order = sorted(range(len(state["items"])), key=lambda k: cell_point(size, state["items"][k]["cell"])[1])
    for k in order:
        it = state["items"][k]
        x, y = cell_point(size, it["cell"])
        if it["kind"] == "person":
            _draw_person(c, x, y, it, f"person:{k}" if register else None)
        else:
            iso_kit.draw_sprite(c, it["kind"], x, y, 1.0, table=SPRITES,
                                id=(f"equip:{k}" if it["kind"] in EQUIPMENT else None) if register else None)


def _draw_person(c, x, y, it, pid):
    s = 0.68 if it["child"] else 1.0
    skin, legs, shirt = (0.85, 0.66, 0.5), (0.25, 0.28, 0.38), SHIRTS[it["shirt"]]
    c.line(x - 5 * s, y - 36 * s, x - 8 * s, y, color=legs, lw=5 * s)
    c.line(x + 5 * s, y - 36 * s, x + 8 * s, y, color=legs, lw=5 * s)
    c.polygon([(x - 11 * s, y - 68 * s), (x + 11 * s, y - 68 * s), (x + 12 * s, y - 34 * s), (x - 12 * s, y - 34 * s)],
              fill=shirt, stroke=iso_kit.shade(shirt, 0.6))
    c.line(x - 11 * s, y - 64 * s, x - 16 * s, y - 42 * s, color=skin, lw=4 * s)
    c.line(x + 11 * s, y - 64 * s, x + 16 * s, y - 42 * s, color=skin, lw=4 * s)
    c.circle(x, y - 78 * s, 10 * s, fill=skin, stroke=iso_kit.shade(skin, 0.6))
    c.ellipse(x, y - 85 * s, 10 * s, 5 * s, fill=HAIR[it["hair"]])
    if pid is not None:
        c.register(pid, box=(x - 16 * s, y - 92 * s, x + 16 * s, y))


class ParkPlayground(pt.TileViewScene):
    domain, scene_id, size = "illustrations", "park_playground", (960, 960)
    megapixels = (0.6, 0.7)           # never scaled below 1: the picture is 0.92-0.96 MP like the original
    description = ("A flat park illustration: clouds over a lawn with a footpath, a sand playground with swing "
                   "sets, slides, seesaws and climbing frames, trees, benches, flower beds and people; tile "
                   "views cut it into a missing patch, a rotated tile, swapped tiles or jigsaw arrangements.")
    picture_view = "park"

    def sample(self, rng, difficulty):
        return make_state(rng, difficulty)

    def draw_picture(self, c, state, register=False):
        draw_park(c, state, register=register)

    def raster_elements(self, state):
        return elements(state)


SCENE = ParkPlayground()
task = SCENE.task


# ---------------------------------------------------------------------------------- tasks

@task("person_count", answer="integer", annotation="bbox_set", ops="counting")
def person_count(q):
    lo, hi = {1: (2, 6), 2: (5, 11), 3: (8, 14)}[q.difficulty]
    t = q.target(range(lo, hi + 1), stratified=True)

    def plant(state, rng):
        state["items"] = [it for it in state["items"] if it["kind"] != "person"]
        _, cols, rows, _, _ = grid_of(tuple(state["size"]))
        n = cols * rows
        for _ in range(t):
            add(rng, state, person(rng), list(range(n)))
        return state
    q.edit(plant)
    hits = [k for k, it in enumerate(q.state["items"]) if it["kind"] == "person"]
    q.require(len(hits) == t, "no room for the people")
    q.step("count", kept=hits)
    return q.answer(len(hits), witnesses=[f"person:{k}" for k in hits],
                    question="How many people (adults and children) can be seen in this park playground picture?")


@task("playground_equipment_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def playground_equipment_count(q):
    kind = q.choice("equipment", sorted(EQUIPMENT))
    t = q.target({1: (1, 2, 3), 2: (1, 2, 3, 4, 5), 3: (2, 3, 4, 5, 6)}[q.difficulty], stratified=True)

    def plant(state, rng):
        sand = sand_cells(tuple(state["size"]))
        state["items"] = [it for it in state["items"] if it["kind"] != kind]
        for _ in range(t):
            if not add(rng, state, {"kind": kind}, sand):        # make room: drop other equipment
                others = [i for i, it in enumerate(state["items"]) if it["kind"] in EQUIPMENT and it["kind"] != kind]
                if not others:
                    break
                state["items"].pop(others[int(rng.integers(len(others)))])
                add(rng, state, {"kind": kind}, sand)
        return state
    q.edit(plant)
    hits = [k for k, it in enumerate(q.state["items"]) if it["kind"] == kind]
    q.require(len(hits) == t, "no room for the equipment")
    q.step("filter", equipment=kind, kept=hits)
    return q.answer(len(hits), witnesses=[f"equip:{k}" for k in hits],
                    question=f"How many {EQUIPMENT[kind]} are there in this park playground?")


pt.register_tile_tasks(task, SCENE, background=(0, 1, 2), subject="park picture")


@task("swapped_tile_pair_label", answer="option_letter", annotation="bbox_set", ops="transformation")
def swapped_tile_pair_label(q):
    grid, ras = SCENE.switch_view(q, "swapped", pt.TILE_GRID)
    return pt.tile_swapped(q, ras, grid, subject="park picture")


@task("jigsaw_arrangement_label", answer="option_letter", annotation="bbox", ops="transformation,matching")
def jigsaw_arrangement_label(q):
    grid, ras = SCENE.switch_view(q, "jigsaw", pt.TILE_GRID)
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)
    arrangements = q.param("arrangements", lambda r: pt.jigsaw_options(r, ras, grid, letter))
    q.require(arrangements is not None, "no visibly different arrangements")
    n = grid[0] * grid[1]
    right = [x for x, arr in zip("ABCD", arrangements) if arr == list(range(n))]
    q.step("match_arrangement", arrangements=arrangements, answer=right[0])
    return q.answer(right[0], witnesses=f"option:{right[0]}", examples=[x for x in "ABCD" if x != right[0]],
                    question=("Each of the panels A-D lays out the same tiles of a park playground picture in a "
                              "different order. Which panel shows the tiles in their original order, making the "
                              "picture whole?"))
