"""illustrations/isometric_farmstead: independent solvers from the catalog programs."""

from illustration_solvers import actor_level, check_terrace, extremum, level_objects, top_count
from taskcheck import scene_tests

MOD = "tracegen.domains.illustrations.isometric_farmstead"
P = "task_illustrations__isometric_farmstead__"
ANIMALS = {"cow", "pig", "sheep", "chicken"}

SOLVERS = {
    P + "farmer_same_level_tile_label": actor_level("farmer"),
    P + "highest_terrain_tile_count": top_count,
    P + "terrain_elevation_extremum_label": extremum,
    P + "terrain_level_object_count": level_objects(lambda o, params: o["kind"] in ANIMALS),
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["ni"] * s["nj"])


def test_hand_checked_terrace():
    """Four top tiles on a hand-built terrace, the front one seen; a tree in front hides the cow."""
    check_terrace("tree_round", "cow")
