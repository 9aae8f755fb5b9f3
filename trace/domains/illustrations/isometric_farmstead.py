"""illustrations/isometric_farmstead: a farmstead on an isometric tile grid whose ground rises in
terraces (grass plateaus with earth side faces, one line per level), with trees, hay bales, farm
animals, crop fields, a farmer and lettered ground tiles.

Levels are read from the terraces: every level step shows as a strata line on the side faces and
each level has its own grass shade.  Everything standing on a tile is placed so that no terrain
column or sprite hides it (``tracegen.kits.isometric.can_stand``).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import isometric as iso_kit

ANIMALS = ("cow", "pig", "sheep", "chicken")
TREES = ("tree_round", "tree_pine", "tree_autumn")
GRASS = {0: (0.30, 0.55, 0.30), 1: (0.42, 0.67, 0.34), 2: (0.56, 0.78, 0.42), 3: (0.68, 0.86, 0.52)}
FIELD = (0.62, 0.44, 0.26)
EARTH = {"left": (0.58, 0.42, 0.27), "right": (0.46, 0.33, 0.21)}
# difficulty -> (grid side range, top level, ground plateaus, top areas, trees, animals)
LEVELS = {1: ((9, 10), 2, 1, (4, 5, 6), (3, 5), (3, 5)),
          2: ((11, 13), 2, 2, (4, 5, 6, 7, 8), (5, 8), (5, 8)),
          3: ((13, 15), 3, 3, (4, 5, 6, 7, 8), (7, 10), (7, 10))}


def make_state(rng, difficulty, top_area=None):
    (lo, hi), top, n_ground, areas, trees, animals = LEVELS[difficulty]
    for _ in range(60):
        ni, nj = int(rng.integers(lo, hi + 1)), int(rng.integers(lo, hi + 1))
        area = top_area if top_area is not None else int(areas[int(rng.integers(len(areas)))])
        levels = iso_kit.build_terrain(rng, ni, nj, top_area=area, top_level=top, n_ground=n_ground)
        if levels is not None:
            break
    state = {"ni": ni, "nj": nj, "levels": levels, "top_level": top, "objects": [], "labels": [],
             "actor": None, "fields": []}
    ones = iso_kit.tiles_at(state, 1)
    for _ in range(20):                         # a 2 x 3 crop field on a level-1 plateau
        i, j = ones[int(rng.integers(len(ones)))]
        patch = [[i + a, j + b] for a in range(2) for b in range(3)]
        if all(0 <= x < ni and 0 <= y < nj and levels[x][y] == 1 for x, y in patch):
            state["fields"] = patch
            break
    free = [(i, j) for i in range(ni) for j in range(nj) if [i, j] not in state["fields"]]
    for _ in range(int(rng.integers(trees[0], trees[1] + 1))):
        iso_kit.place(rng, state, TREES[int(rng.integers(len(TREES)))], 1,
                      tiles=[t for t in free if levels[t[0]][t[1]] < top])
    iso_kit.place(rng, state, "hay", int(rng.integers(1, 3)), tiles=free)
    for _ in range(int(rng.integers(animals[0], animals[1] + 1))):
        iso_kit.place(rng, state, ANIMALS[int(rng.integers(len(ANIMALS)))], 1, tiles=free,
                      extra=lambda r: {"flip": bool(r.integers(2))})
    return state


class IsometricFarmstead(Scene):
    domain, scene_id, size = "illustrations", "isometric_farmstead", (1000, 720)
    megapixels = (0.86, 1.0)          # the original: 0.92-0.96 MP (1200 x 800 or 960 x 960)
    description = ("An isometric farmstead: grass terraces at several heights with earth side faces, crop "
                   "fields, trees, hay bales, farm animals, sometimes a farmer and lettered ground tiles.")

    def sample(self, rng, difficulty):
        return make_state(rng, difficulty)

    def render(self, c, state, params):
        W, H = self.size
        iso = iso_kit.fit_iso((30, 30, W - 30, H - 30), state["ni"], state["nj"], state["top_level"])
        fields = {tuple(t) for t in state["fields"]}

        def top_color(i, j, z):
            return FIELD if (i, j) in fields else GRASS[z]

        iso_kit.draw_world(c, iso, state, top_color, lambda i, j, z, face: EARTH[face])


SCENE = IsometricFarmstead()
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


@task("farmer_same_level_tile_label", answer="option_letter", annotation="bbox", ops="spatial_relations")
def farmer_same_level_tile_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def plant(state, rng):
        lv = state["levels"]
        level = int(rng.integers(0, state["top_level"] + 1))
        spots = [t for t in iso_kit.tiles_at(state, level) if list(t) not in state["fields"]]
        spots = [spots[int(k)] for k in rng.permutation(len(spots))]
        for i, j in spots:
            if iso_kit.can_stand(state, i, j, "farmer"):
                state["actor"] = {"kind": "farmer", "i": int(i), "j": int(j)}
                break
        if state["actor"] is None:
            return state
        right = [t for t in iso_kit.tiles_at(state, level) if max(abs(t[0] - i), abs(t[1] - j)) >= 2]
        wrong = [(a, b) for a in range(state["ni"]) for b in range(state["nj"]) if lv[a][b] != level]
        return _letters(state, rng, iso_kit.pick_labels(rng, state, right, wrong), letter)
    q.edit(plant)
    s = q.state
    q.require(s["actor"] is not None and len(s["labels"]) == 4, "no room for the farmer and four plates")
    a = s["actor"]
    level = s["levels"][a["i"]][a["j"]]
    hit = _answer_tile(q, lambda z: z == level)
    q.step("compare_levels", farmer_level=level, answer=hit["letter"])
    return q.answer(hit["letter"], witnesses=f"tile:{hit['i']}:{hit['j']}", examples=[x for x in "ABCD" if x != hit["letter"]],
                    question=("This isometric farmstead has ground tiles on terraces of different heights, and a "
                              "farmer stands on one tile. Which lettered ground tile lies on the same terrace "
                              "level as the farmer?"))


@task("highest_terrain_tile_count", answer="integer", annotation="bbox",
      ops="filtering,counting,ranking,logical_composition")
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
                    question=("The farmstead's ground is built from isometric tiles stacked into raised "
                              "terraces with visible tile borders. How many ground tiles form the top "
                              "surface of the highest terrace?"))


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
                    question=(f"The isometric farmstead is made of raised terrain tiles with visible side faces, "
                              f"trees and farm animals, and four lettered ground tiles. Which lettered tile sits on "
                              f"the {word} terrain level?"))


def animals_on(state, level):
    lv = state["levels"]
    return [k for k, o in enumerate(state["objects"]) if o["kind"] in ANIMALS and lv[o["i"]][o["j"]] == level]


@task("terrain_level_object_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,ranking,logical_composition",
      queries=("highest_terrain_object_count", "lowest_terrain_object_count"))
def terrain_level_object_count(q):
    high = q.query_id == "highest_terrain_object_count"
    t = q.target((0, 1, 2, 3, 4, 4, 5, 5), stratified=True)   # the original: median 4

    def plant(state, rng):
        if high and len(iso_kit.tiles_at(state, state["top_level"])) < t + 2:
            state = make_state(rng, q.difficulty, top_area=int(rng.integers(max(4, t + 2), 9)))
        goal = state["top_level"] if high else 0
        drop = set(animals_on(state, goal))
        state["objects"] = [o for k, o in enumerate(state["objects"]) if k not in drop]
        tiles = [x for x in iso_kit.tiles_at(state, goal) if list(x) not in state["fields"]]
        for _ in range(t):
            iso_kit.place(rng, state, ANIMALS[int(rng.integers(len(ANIMALS)))], 1, tiles=tiles,
                          extra=lambda r: {"flip": bool(r.integers(2))})
        return state
    q.edit(plant)
    s = q.state
    goal = max(max(r) for r in s["levels"]) if high else min(min(r) for r in s["levels"])
    hits = animals_on(s, goal)
    q.require(len(hits) == t, "could not place the animals")
    q.step("filter", level=goal, kept=hits)
    word = "highest" if high else "lowest"
    return q.answer(len(hits), witnesses=[f"obj:{k}" for k in hits],
                    question=(f"This isometric farmstead has ground at several heights, with trees, hay bales and "
                              f"farm animals. How many farm animals (cows, pigs, sheep and chickens) stand on the "
                              f"{word} ground level?"))
