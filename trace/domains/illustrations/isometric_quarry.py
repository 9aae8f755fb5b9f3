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
    sides, top, n_ground, areas, props, targets = LEVELS[difficulty]
    state, free = iso_kit.terraced_ground(rng, sides, top, n_ground, areas, top_area=top_area,
                                          pad=(2, 2))             # a 2 x 2 gravel pad on a level-1 plateau
    for _ in range(int(rng.integers(props[0], props[1] + 1))):
        iso_kit.place(rng, state, PROPS[int(rng.integers(len(PROPS)))], 1, tiles=free)
    for _ in range(int(rng.integers(targets[0], targets[1] + 1))):
        add_target(rng, state, ("ore_vein", "mine_cart")[int(rng.integers(2))], free)
    return state


class IsometricQuarry(iso_kit.TerracedScene, Scene):
    domain, scene_id, size = "illustrations", "isometric_quarry", (1000, 720)
    description = ("An isometric quarry: stone terraces at several heights with layered side faces, ore veins, "
                   "mine carts, rock piles and cargo, sometimes a worker and lettered ground tiles.")
    make_state, palette = staticmethod(make_state), (STONE, GRAVEL, FACE)


SCENE = IsometricQuarry()
task = SCENE.task


# ---------------------------------------------------------------------------------- tasks

@task("worker_same_level_tile_label", answer="option_letter", annotation="bbox", ops="spatial_relations")
def worker_same_level_tile_label(q):
    return iso_kit.same_level_tile(q, "worker", question=(
        "This isometric quarry has ground tiles on rock terraces of different heights, and a worker stands on one "
        "tile. Which lettered ground tile lies on the same terrace level as the worker?"))


@task("highest_terrain_tile_count", answer="integer", annotation="bbox", ops="filtering,counting,ranking")
def highest_terrain_tile_count(q):
    return iso_kit.top_plateau_count(q, LEVELS[q.difficulty][3], lambda rng, t: make_state(rng, q.difficulty, t),
                                     question=("The quarry is built from isometric stone tiles stacked into raised "
                                               "rock terraces with visible tile borders. How many tiles form the top "
                                               "surface of the highest terrace?"))


@task("terrain_elevation_extremum_label", answer="option_letter", annotation="bbox", ops="ranking",
      queries=("highest_terrain_tile", "lowest_terrain_tile"))
def terrain_elevation_extremum_label(q):
    return iso_kit.elevation_extremum(q, question=lambda word: (
        f"The isometric quarry is made of stepped rock terraces with visible side faces, mine equipment and four "
        f"lettered ground tiles. Which lettered tile sits on the {word} terrain level?"))


@task("terrain_level_object_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,ranking,logical_composition",
      queries=("highest_terrain_object_count", "lowest_terrain_object_count"))
def terrain_level_object_count(q):
    kind = q.choice("object_type", sorted(TARGETS))
    t = q.target((0, 1, 2, 3, 3, 4, 5), stratified=True)      # the original: 0-5, median 3
    return iso_kit.level_object_count(
        q, t, pred=lambda k: k == kind, add=lambda rng, state, tiles: add_target(rng, state, kind, tiles),
        what="objects", remake=lambda rng, area: make_state(rng, q.difficulty, top_area=area), kind=kind,
        question=lambda word: (f"This isometric quarry has rock terraces at several heights with ore veins (crystal "
                               f"clusters), mine carts, rock piles and cargo. How many {TARGETS[kind]} sit on the "
                               f"{word} terrain level?"))
