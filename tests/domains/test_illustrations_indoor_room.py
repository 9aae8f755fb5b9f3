"""illustrations/indoor_room: independent solvers from the catalog programs."""

from illustration_solvers import missing, rotated_on, swapped
from taskcheck import scene_tests

MOD = "tracegen.domains.illustrations.indoor_room"
P = "task_illustrations__indoor_room__"


def _geometry(state):
    """Table span and the x of every slot, recomputed from the drawing rules in the module docstring
    (via the public layout, but the left/right decision is made here)."""
    from tracegen.domains.illustrations import indoor_room as m

    lay = m.layout(state)
    return lay["table"], lay["slots"]


def surface(state, params, qid):
    return sum(it["kind"] == params["object_type"] and it["surface"] == params["surface"] for it in state["items"])


def side(state, params, qid):
    table, slots = _geometry(state)
    n = 0
    for it in state["items"]:
        if it["kind"] != params["object_type"] or it["surface"] == "table":
            continue
        x = slots[it["surface"]][it["slot"]][0]
        assert not table[0] - 1 <= x <= table[2] + 1          # never over or under the table
        n += (x < table[0]) if qid == "left_side" else (x > table[2])
    return n


SOLVERS = {
    P + "surface_object_count": surface,
    P + "furniture_side_count": side,
    P + "missing_patch_label": missing,
    P + "rotated_tile_label": rotated_on("grid", (6, 9)),
    P + "swapped_tile_pair_label": swapped,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["items"]))


def test_objects_never_overlap_and_table_between():
    import numpy as np

    from tracegen.domains.illustrations import indoor_room as m

    for seed in range(20):
        st = m.make_state(np.random.default_rng(seed), 3)
        lay = m.layout(st)
        assert lay["counter"][2] <= lay["table"][0] or lay["table"][2] <= lay["counter"][0]
        assert lay["chair"][2] <= lay["table"][0] or lay["table"][2] <= lay["chair"][0]
        boxes = [m.item_box(st, it) for it in st["items"]]
        for a in range(len(boxes)):
            for b in range(a + 1, len(boxes)):
                x, y = boxes[a], boxes[b]
                assert x[2] <= y[0] or y[2] <= x[0] or x[3] <= y[1] or y[3] <= x[1], (seed, a, b)
