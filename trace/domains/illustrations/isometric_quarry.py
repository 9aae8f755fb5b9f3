"""illustrations/isometric_quarry: a quarry on an isometric tile grid whose rock rises in stepped
terraces (stone plateaus with layered side faces, one line per level), with ore veins, mine carts,
rock piles, crates and barrels, a worker and lettered ground tiles.

Levels are read from the terraces: every level step shows as a strata line on the side faces and
each level has its own stone shade.  Everything standing on a tile is placed so that no terrain
column or sprite hides it (``tracegen.kits.isometric.can_stand``).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import isometric as iso_kit

TARGETS = {"ore_vein": "ore veins", "mine_cart": "mine carts"}
PROPS = ("rock_pile", "crate", "barrel")
ORE_TINTS = ((0.62, 0.45, 0.85), (0.35, 0.75, 0.85), (0.90, 0.65, 0.25))
STONE = {0: (0.42, 0.40, 0.37), 1: (0.58, 0.56, 0.51), 2: (0.71, 0.69, 0.63), 3: (0.82, 0.80, 0.74)}
GRAVEL = (0.50, 0.45, 0.38)
FACE = {"left": (0.66, 0.62, 0.54), "right": (0.53, 0.50, 0.43)}
# difficulty -> (grid side range, top level, ground plateaus, top areas, props, ore veins and carts)
LEVELS = {1: ((9, 10), 2, 1, (4, 5, 6), (2, 4), (3, 5)),
          2: ((11, 14), 2, 2, (4, 5, 6, 7, 8), (3, 6), (5, 8)),
          3: ((13, 15), 3, 3, (4, 5, 6, 7, 8), (5, 8), (7, 10))}


def _ore(rng):
    return {"tint": list(ORE_TINTS[int(rng.integers(len(ORE_TINTS)))])}


def add_target(rng, state, kind, tiles):
    return iso_kit.place(rng, state, kind, 1, tiles=tiles, extra=_ore if kind == "ore_vein" else
                         (lambda r: {"flip": bool(r.integers(2))}))


def make_state(rng, difficulty, top_area=None):
    (lo, hi), top, n_ground, areas, props, targets = LEVELS[difficulty]
    for _ in range(60):
        ni, nj = int(rng.integers(lo, hi + 1)), int(rng.integers(lo, hi + 1))
        area = top_area if top_area is not None else int(areas[int(rng.integers(len(areas)))])
        levels = iso_kit.build_terrain(rng, ni, nj, top_area=area, top_level=top, n_ground=n_ground)
        if levels is not None:
            break
    state = {"ni": ni, "nj": nj, "levels": levels, "top_level": top, "objects": [], "labels": [],
             "actor": None, "fields": []}
    ones = iso_kit.tiles_at(state, 1)
    for _ in range(20):                         # a 2 x 2 gravel pad on a level-1 plateau
        i, j = ones[int(rng.integers(len(ones)))]
        patch = [[i + a, j + b] for a in range(2) for b in range(2)]
        if all(0 <= x < ni and 0 <= y < nj and levels[x][y] == 1 for x, y in patch):
            state["fields"] = patch
            break
    free = [(i, j) for i in range(ni) for j in range(nj) if [i, j] not in state["fields"]]
    for _ in range(int(rng.integers(props[0], props[1] + 1))):
        iso_kit.place(rng, state, PROPS[int(rng.integers(len(PROPS)))], 1, tiles=free)
    for _ in range(int(rng.integers(targets[0], targets[1] + 1))):
        add_target(rng, state, ("ore_vein", "mine_cart")[int(rng.integers(2))], free)
    return state


class IsometricQuarry(Scene):
    domain, scene_id, size = "illustrations", "isometric_quarry", (1000, 720)
    megapixels = (0.86, 1.0)          # the original: 0.92-0.96 MP (1200 x 800 or 960 x 960)
    description = ("An isometric quarry: stone terraces at several heights with layered side faces, ore veins, "
                   "mine carts, rock piles and cargo, sometimes a worker and lettered ground tiles.")

    def sample(self, rng, difficulty):
        return make_state(rng, difficulty)

    def render(self, c, state, params):
        W, H = self.size
        iso = iso_kit.fit_iso((30, 30, W - 30, H - 30), state["ni"], state["nj"], state["top_level"])
        fields = {tuple(t) for t in state["fields"]}

        def top_color(i, j, z):
            return GRAVEL if (i, j) in fields else STONE[z]

        iso_kit.draw_world(c, iso, state, top_color, lambda i, j, z, face: FACE[face])


SCENE = IsometricQuarry()
task = SCENE.task


# ---------------------------------------------------------------------------------- tasks

def _letters(state, rng, tiles, letter):
    """Letter the plates: the answer tile (tiles[0]) gets ``letter``, the others the rest at random."""
    if tiles is None:
        return state
    rest = [x for x in "ABCD" if x != letter]
    order = [rest[int(k)] for k in rng.permutation(3)]
    for lab in state["labels"]:
        lab["letter"] = letter if (lab["i"], lab["j"]) == tiles[0] else order.pop()
    state["labels"].sort(key=lambda lab: lab["letter"])
    return state


def _answer_tile(q, pred):
    hits = [lab for lab in q.state["labels"] if pred(q.state["levels"][lab["i"]][lab["j"]])]
    q.require(len(hits) == 1, "not exactly one lettered tile qualifies")
    return hits[0]


@task("worker_same_level_tile_label", answer="option_letter", annotation="bbox", ops="spatial_relations")
def worker_same_level_tile_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def plant(state, rng):
        lv = state["levels"]
        level = int(rng.integers(0, state["top_level"] + 1))
        spots = [t for t in iso_kit.tiles_at(state, level) if list(t) not in state["fields"]]
        spots = [spots[int(k)] for k in rng.permutation(len(spots))]
        for i, j in spots:
            if iso_kit.can_stand(state, i, j, "worker"):
                state["actor"] = {"kind": "worker", "i": int(i), "j": int(j)}
                break
        if state["actor"] is None:
            return state
        right = [t for t in iso_kit.tiles_at(state, level) if max(abs(t[0] - i), abs(t[1] - j)) >= 2]
        wrong = [(a, b) for a in range(state["ni"]) for b in range(state["nj"]) if lv[a][b] != level]
        return _letters(state, rng, iso_kit.pick_labels(rng, state, right, wrong), letter)
    q.edit(plant)
    s = q.state
    q.require(s["actor"] is not None and len(s["labels"]) == 4, "no room for the worker and four plates")
    a = s["actor"]
    level = s["levels"][a["i"]][a["j"]]
    hit = _answer_tile(q, lambda z: z == level)
    q.step("compare_levels", worker_level=level, answer=hit["letter"])
    return q.answer(hit["letter"], witnesses=f"tile:{hit['i']}:{hit['j']}", examples=[x for x in "ABCD" if x != hit["letter"]],
                    question=("This isometric quarry has ground tiles on rock terraces of different heights, and a "
                              "worker stands on one tile. Which lettered ground tile lies on the same terrace level "
                              "as the worker?"))


@task("highest_terrain_tile_count", answer="integer", annotation="bbox", ops="filtering,counting,ranking")
def highest_terrain_tile_count(q):
    areas = LEVELS[q.difficulty][3]
    t = q.target(areas)
    q.edit(lambda state, rng: make_state(rng, q.difficulty, top_area=t))
    lv = q.state["levels"]
    top = max(max(r) for r in lv)
    tiles = iso_kit.tiles_at(q.state, top)
    q.require(all(iso_kit.top_visible(lv, i, j) for i, j in tiles), "a top tile is hidden")
    q.step("count", level=top, tiles=[list(x) for x in tiles])
    return q.answer(len(tiles), witnesses="layer:top",
                    question=("The quarry is built from isometric stone tiles stacked into raised rock terraces "
                              "with visible tile borders. How many tiles form the top surface of the highest "
                              "terrace?"))


@task("terrain_elevation_extremum_label", answer="option_letter", annotation="bbox", ops="ranking",
      queries=("highest_terrain_tile", "lowest_terrain_tile"))
def terrain_elevation_extremum_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)
    high = q.query_id == "highest_terrain_tile"

    def plant(state, rng):
        lv = state["levels"]
        goal = state["top_level"] if high else 0
        right = iso_kit.tiles_at(state, goal)
        wrong = [(a, b) for a in range(state["ni"]) for b in range(state["nj"]) if lv[a][b] != goal]
        return _letters(state, rng, iso_kit.pick_labels(rng, state, right, wrong), letter)
    q.edit(plant)
    s = q.state
    q.require(len(s["labels"]) == 4, "no room for four plates")
    zs = [s["levels"][lab["i"]][lab["j"]] for lab in s["labels"]]
    best = max(zs) if high else min(zs)
    hit = _answer_tile(q, lambda z: z == best)
    q.step("extremum", mode="highest" if high else "lowest", levels=zs, answer=hit["letter"])
    word = "highest" if high else "lowest"
    return q.answer(hit["letter"], witnesses=f"tile:{hit['i']}:{hit['j']}", examples=[x for x in "ABCD" if x != hit["letter"]],
                    question=(f"The isometric quarry is made of stepped rock terraces with visible side faces, mine "
                              f"equipment and four lettered ground tiles. Which lettered tile sits on the {word} "
                              f"terrain level?"))


def targets_on(state, level, kind):
    lv = state["levels"]
    return [k for k, o in enumerate(state["objects"]) if o["kind"] == kind and lv[o["i"]][o["j"]] == level]


@task("terrain_level_object_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,ranking,logical_composition",
      queries=("highest_terrain_object_count", "lowest_terrain_object_count"))
def terrain_level_object_count(q):
    high = q.query_id == "highest_terrain_object_count"
    kind = q.choice("object_type", sorted(TARGETS))
    t = q.target((0, 1, 2, 3, 3, 4, 5), stratified=True)      # the original: 0-5, median 3

    def plant(state, rng):
        if high and len(iso_kit.tiles_at(state, state["top_level"])) < t + 2:
            state = make_state(rng, q.difficulty, top_area=int(rng.integers(max(4, t + 2), 9)))
        goal = state["top_level"] if high else 0
        drop = set(targets_on(state, goal, kind))
        state["objects"] = [o for k, o in enumerate(state["objects"]) if k not in drop]
        tiles = [x for x in iso_kit.tiles_at(state, goal) if list(x) not in state["fields"]]
        for _ in range(t):
            add_target(rng, state, kind, tiles)
        return state
    q.edit(plant)
    s = q.state
    goal = max(max(r) for r in s["levels"]) if high else min(min(r) for r in s["levels"])
    hits = targets_on(s, goal, kind)
    q.require(len(hits) == t, "could not place the objects")
    q.step("filter", level=goal, kind=kind, kept=hits)
    word = "highest" if high else "lowest"
    return q.answer(len(hits), witnesses=[f"obj:{k}" for k in hits],
                    question=(f"This isometric quarry has rock terraces at several heights with ore veins (crystal "
                              f"clusters), mine carts, rock piles and cargo. How many {TARGETS[kind]} sit on the "
                              f"{word} terrain level?"))
