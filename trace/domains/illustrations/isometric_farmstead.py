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
    sides, top, n_ground, areas, trees, animals = LEVELS[difficulty]
    state, free = iso_kit.terraced_ground(rng, sides, top, n_ground, areas, top_area=top_area,
                                          pad=(2, 3))             # a 2 x 3 crop field on a level-1 plateau
    levels = state["levels"]
    for _ in range(int(rng.integers(trees[0], trees[1] + 1))):
        iso_kit.place(rng, state, TREES[int(rng.integers(len(TREES)))], 1,
                      tiles=[t for t in free if levels[t[0]][t[1]] < top])
    iso_kit.place(rng, state, "hay", int(rng.integers(1, 3)), tiles=free)
    for _ in range(int(rng.integers(animals[0], animals[1] + 1))):
        add_animal(rng, state, free)
    return state


def add_animal(rng, state, tiles):
    iso_kit.place(rng, state, ANIMALS[int(rng.integers(len(ANIMALS)))], 1, tiles=tiles,
                  extra=lambda r: {"flip": bool(r.integers(2))})


class IsometricFarmstead(iso_kit.TerracedScene, Scene):
    domain, scene_id, size = "illustrations", "isometric_farmstead", (1000, 720)
    description = ("An isometric farmstead: grass terraces at several heights with earth side faces, crop "
                   "fields, trees, hay bales, farm animals, sometimes a farmer and lettered ground tiles.")
    make_state, palette = staticmethod(make_state), (GRASS, FIELD, EARTH)


SCENE = IsometricFarmstead()
task = SCENE.task


# ---------------------------------------------------------------------------------- tasks

@task("farmer_same_level_tile_label", answer="option_letter", annotation="bbox", ops="spatial_relations")
def farmer_same_level_tile_label(q):
    return iso_kit.same_level_tile(q, "farmer", question=(
        "This isometric farmstead has ground tiles on terraces of different heights, and a farmer stands on one "
        "tile. Which lettered ground tile lies on the same terrace level as the farmer?"))


@task("highest_terrain_tile_count", answer="integer", annotation="bbox",
      ops="filtering,counting,ranking,logical_composition")
def highest_terrain_tile_count(q):
    return iso_kit.top_plateau_count(q, LEVELS[q.difficulty][3], lambda rng, t: make_state(rng, q.difficulty, t),
                                     question=("The farmstead's ground is built from isometric tiles stacked into "
                                               "raised terraces with visible tile borders. How many ground tiles "
                                               "form the top surface of the highest terrace?"))


@task("terrain_elevation_extremum_label", answer="option_letter", annotation="bbox", ops="ranking",
      queries=("highest_terrain_tile", "lowest_terrain_tile"))
def terrain_elevation_extremum_label(q):
    return iso_kit.elevation_extremum(q, question=lambda word: (
        f"The isometric farmstead is made of raised terrain tiles with visible side faces, trees and farm animals, "
        f"and four lettered ground tiles. Which lettered tile sits on the {word} terrain level?"))


@task("terrain_level_object_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,ranking,logical_composition",
      queries=("highest_terrain_object_count", "lowest_terrain_object_count"))
def terrain_level_object_count(q):
    t = q.target((0, 1, 2, 3, 4, 4, 5, 5), stratified=True)   # the original: median 4
    return iso_kit.level_object_count(
        q, t, pred=lambda kind: kind in ANIMALS, add=add_animal, what="animals",
        remake=lambda rng, area: make_state(rng, q.difficulty, top_area=area),
        question=lambda word: (f"This isometric farmstead has ground at several heights, with trees, hay bales and "
                               f"farm animals. How many farm animals (cows, pigs, sheep and chickens) stand on the "
                               f"{word} ground level?"))
