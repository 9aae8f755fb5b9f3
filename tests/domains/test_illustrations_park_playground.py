"""illustrations/park_playground: independent solvers from the catalog programs."""

from illustration_solvers import missing, rotated_on, swapped
from taskcheck import scene_tests

MOD = "tracegen.domains.illustrations.park_playground"
P = "task_illustrations__park_playground__"


def people(state, params, qid):
    return sum(it["kind"] == "person" for it in state["items"])


def equipment(state, params, qid):
    return sum(it["kind"] == params["equipment"] for it in state["items"])


def jigsaw(state, params, qid):
    rows, cols = state["grid"]
    ident = list(range(rows * cols))
    hits = [x for x, arr in zip("ABCD", params["arrangements"]) if arr == ident]
    assert len(hits) == 1 and all(sorted(arr) == ident for arr in params["arrangements"])
    return hits[0]


SOLVERS = {
    P + "person_count": people,
    P + "playground_equipment_count": equipment,
    P + "missing_patch_label": missing,
    P + "rotated_tile_label": rotated_on("grid", (6, 9)),
    P + "swapped_tile_pair_label": swapped,
    P + "jigsaw_arrangement_label": jigsaw,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["items"]))


def test_items_stay_in_their_cells():
    import numpy as np

    from tracegen.domains.illustrations import park_playground as m

    for seed in range(20):
        st = m.make_state(np.random.default_rng(seed), 3)
        boxes = [m.item_box(st, it) for it in st["items"]]
        assert len({it["cell"] for it in st["items"]}) == len(st["items"])
        for a in range(len(boxes)):
            for b in range(a + 1, len(boxes)):
                x, y = boxes[a], boxes[b]
                assert x[2] <= y[0] or y[2] <= x[0] or x[3] <= y[1] or y[3] <= x[1], (seed, a, b)
        sand = m.sand_cells(tuple(st["size"]))
        assert all(it["cell"] in sand for it in st["items"] if it["kind"] in m.EQUIPMENT)
