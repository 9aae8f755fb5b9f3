"""illustrations/construction_site: independent solvers from the catalog programs."""

from illustration_solvers import missing, rotated_on
from taskcheck import scene_tests

MOD = "tracegen.domains.illustrations.construction_site"
P = "task_illustrations__construction_site__"
VEHICLES = {"dump_truck", "excavator", "forklift", "cement_mixer", "bulldozer"}


def equipment(state, params, qid):
    return sum(it["zone"] == params["zone"] and it["kind"] in VEHICLES for it in state["items"])


def workers(state, params, qid):
    key = "hat" if qid == "hard_hat_color_worker_count" else "vest"
    return sum(it["kind"] == "worker" and it[key] == params["color"] for it in state["items"])


SOLVERS = {
    P + "equipment_zone_count": equipment,
    P + "worker_attribute_count": workers,
    P + "missing_patch_label": missing,
    P + "rotated_tile_label": rotated_on("grid", (6, 9)),
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["items"]))


def test_items_never_overlap():
    import numpy as np

    from tracegen.domains.illustrations import construction_site as m

    for seed in range(20):
        st = m.make_state(np.random.default_rng(seed), 3)
        boxes = [m.item_box(st, it) for it in st["items"]]
        for a in range(len(boxes)):
            for b in range(a + 1, len(boxes)):
                x, y = boxes[a], boxes[b]
                assert x[2] <= y[0] or y[2] <= x[0] or x[3] <= y[1] or y[3] <= x[1], (seed, a, b)
            zb = m.zone_boxes(tuple(st["size"]))[st["items"][a]["zone"]]
            assert zb[0] <= boxes[a][0] and boxes[a][2] <= zb[2] and zb[1] + 30 <= boxes[a][1] and boxes[a][3] <= zb[3]
