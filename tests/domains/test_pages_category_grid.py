"""pages/category_grid: independent solvers written from the catalog programs (the block found by
its category and subcategory labels, its rows read in order), and every row drawn in reading order
inside its block."""

from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.pages import category_grid

MOD = "tracegen.domains.pages.category_grid"
P = "task_pages__category_grid__"


def _block(state, params):
    ci, si = params["block"]
    return state["cats"][ci]["subs"][si]["items"]


def item_count(state, params, qid):
    return len(_block(state, params))


def slot_item(state, params, qid):
    return _block(state, params)[params["slot"]]


SOLVERS = {P + "category_item_count": item_count, P + "category_slot_item_label": slot_item}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(len(b["items"]) for c in s["cats"] for b in c["subs"]))
test_no_count_is_printed = shortcut_test([P + "category_item_count"], seeds=(0, 1))


def test_rows_sit_in_reading_order_inside_their_block():
    spec = category_grid.SCENE.tasks[P + "category_slot_item_label"]
    for i in range(6):
        inst = engine.generate(spec, seed=3, split="train", index=i, encode=False)
        s, ents = inst.trace["state"], inst.canvas.entities
        texts = {t["text"]: t["box"] for t in inst.canvas.texts}
        for ci, cat in enumerate(s["cats"]):
            panel = ents[f"cat:{ci}"]["box"]
            for si, sub in enumerate(cat["subs"]):
                tops = []
                for k, label in enumerate(sub["items"]):
                    row = ents[f"item:{ci}:{si}:{k}"]["box"]
                    tb = texts[label]
                    assert row[0] <= tb[0] and tb[2] <= row[2] and row[1] <= tb[1] and tb[3] <= row[3] + 0.5
                    assert panel[0] <= row[0] and row[2] <= panel[2] and panel[1] <= row[1] and row[3] <= panel[3]
                    tops.append(row[1])
                assert tops == sorted(tops)
