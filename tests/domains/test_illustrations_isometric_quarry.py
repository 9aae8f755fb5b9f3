"""illustrations/isometric_quarry: independent solvers from the catalog programs."""

from illustration_solvers import actor_level, extremum, level_objects, top_count
from taskcheck import scene_tests

MOD = "tracegen.domains.illustrations.isometric_quarry"
P = "task_illustrations__isometric_quarry__"


SOLVERS = {
    P + "worker_same_level_tile_label": actor_level("worker"),
    P + "highest_terrain_tile_count": top_count,
    P + "terrain_elevation_extremum_label": extremum,
    P + "terrain_level_object_count": level_objects(lambda o, params: o["kind"] == params["object_type"]),
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["ni"] * s["nj"])


def test_hand_checked_terrace():
    """A 6 x 6 ground with a 4 x 4 plateau holding a 2 x 2 top: four top tiles, the front one seen."""
    from tracegen.kits import isometric as k

    lv = [[0] * 6 for _ in range(6)]
    for i in range(1, 5):
        for j in range(1, 5):
            lv[i][j] = 1
    for i in (2, 3):
        for j in (2, 3):
            lv[i][j] = 2
    assert top_count({"levels": lv}, {}, "single") == 4
    assert k.top_visible(lv, 3, 3) and k.top_visible(lv, 2, 2)
    assert not k.top_visible(lv, 0, 0)          # the plateau rises right in front of the back corner
    st = {"levels": lv, "objects": [{"kind": "worker", "i": 2, "j": 2}], "labels": [], "actor": None}
    assert not k.can_stand(st, 1, 1, "ore_vein") and k.can_stand(st, 4, 4, "ore_vein")   # the worker hides it
