"""pages/concept_map: independent solvers written from the catalog programs (a branch's items counted
or filtered by marker; the k-th item in the branch's listing order), and the drawn item boxes read
top to bottom, ties left to right, in exactly that listing order, inside their branch's cell."""

from pagecheck import overlapping
from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.pages import concept_map as cm

MOD = "tracegen.domains.pages.concept_map"
P = "task_pages__concept_map__"


def _items(state, params):
    return state["branches"][params["branch"]]["items"]


def child_count(state, params, qid):
    return len(_items(state, params))


def marked(state, params, qid):
    return sum(it["marker"] == params["marker"] for it in _items(state, params))


def ordered(state, params, qid):
    return _items(state, params)[params["rank"] - 1]["label"]


SOLVERS = {P + "branch_child_count": child_count, P + "marked_child_count": marked, P + "ordered_child_label": ordered}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(len(b["items"]) for b in s["branches"]))
test_no_count_is_printed = shortcut_test([P + "branch_child_count", P + "marked_child_count"])


def test_drawn_reading_order_is_the_listing_order_and_items_do_not_overlap():
    spec = cm.SCENE.tasks[P + "ordered_child_label"]
    for i in range(8):
        inst = engine.generate(spec, seed=7, split="train", index=i, difficulty=3, encode=False)
        s, ents = inst.trace["state"], inst.canvas.entities
        allboxes = []
        for b, br in enumerate(s["branches"]):
            boxes = [ents[f"child:{b}:{j}"]["box"] for j in range(len(br["items"]))]
            reading = sorted(range(len(boxes)), key=lambda j: (round(boxes[j][1]), boxes[j][0]))
            assert reading == list(range(len(boxes)))
            allboxes += boxes + [ents[f"branch:{b}"]["box"]]
        allboxes.append(ents["topic"]["box"])
        assert not overlapping(allboxes, slack=0.0)
