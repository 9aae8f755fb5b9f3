"""illustrations/pixel_village: independent solvers written from the catalog programs."""

from illustration_solvers import missing, rotated, swapped
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.illustrations.pixel_village"
P = "task_illustrations__pixel_village__"
ZONE_KIND = {"cemetery": "grave", "orchard": "tree"}


def tiles(e):
    return {(e["r"] + i, e["c"] + j) for i in range(e["h"]) for j in range(e["w"])}


def object_count(state, params, qid):
    return sum(e["kind"] == params["kind"] for e in state["objects"])


def person_path(state, params, qid):
    paths = {tuple(p) for p in state["paths"]}
    return sum(1 for e in state["objects"] if e["kind"] == "person" and tiles(e) & paths)


def river_side(state, params, qid):
    lo, hi = min(state["river"]), max(state["river"])
    n = 0
    for e in state["objects"]:
        if e["kind"] != params["kind"]:
            continue
        cols = [c for _, c in tiles(e)]
        n += (max(cols) < lo) if params["side"] == "left" else (min(cols) > hi)
    return n


def territory(state, params, qid):
    z = state["zones"][params["zone"]]
    # the fence runs along the area's border tiles (9 x 5); inside are the tiles strictly within
    inside = {(r, c) for r in range(z["r"] + 1, z["r"] + 4) for c in range(z["c"] + 1, z["c"] + 8)}
    return sum(1 for e in state["objects"] if e["kind"] == ZONE_KIND[z["name"]] and tiles(e) <= inside)


SOLVERS = {
    P + "object_type_count": object_count,
    P + "person_path_count": person_path,
    P + "river_side_object_count": river_side,
    P + "territory_object_count": territory,
    P + "missing_patch_label": missing,
    P + "rotated_tile_label": rotated,
    P + "swapped_tile_pair_label": swapped,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rows"] * s["cols"])

test_no_value_is_printed = shortcut_test([P + "object_type_count", P + "person_path_count",
                                          P + "river_side_object_count", P + "territory_object_count"])


def test_objects_do_not_overlap_and_stay_off_water():
    import numpy as np

    from tracegen.domains.illustrations import pixel_village as m

    for d in (1, 2, 3):
        for seed in range(15):
            st = m.SCENE.sample(np.random.default_rng(seed), d)
            g = m.ground(st)
            seen = set()
            for e in st["objects"]:
                t = tiles(e)
                assert not (t & seen)
                seen |= t
                assert all(g[r][c] in "GPZ" for r, c in t)
