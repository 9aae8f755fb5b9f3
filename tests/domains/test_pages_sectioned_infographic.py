"""pages/sectioned_infographic: independent solvers written from the catalog programs (the section's
rows counted; the rows carrying the asked marker filtered, which must be exactly one), and every
row's label and marker drawn inside its row."""

from pagecheck import overlapping
from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.pages import sectioned_infographic as si

MOD = "tracegen.domains.pages.sectioned_infographic"
P = "task_pages__sectioned_infographic__"


def item_count(state, params, qid):
    return len(state["sections"][params["section"]]["items"])


def filtered_item(state, params, qid):
    items = state["sections"][params["section"]]["items"]
    asked = items[params["item"]]["marker"]          # the marker the question names
    hits = [it["label"] for it in items if it["marker"] == asked]
    assert len(hits) == 1
    return hits[0]


SOLVERS = {P + "section_item_count": item_count, P + "section_filtered_item_label": filtered_item}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(len(x["items"]) for x in s["sections"]))
test_no_count_is_printed = shortcut_test([P + "section_item_count"], seeds=(0, 1))


def test_rows_sit_inside_their_section_and_do_not_overlap():
    spec = si.SCENE.tasks[P + "section_filtered_item_label"]
    for i in range(6):
        inst = engine.generate(spec, seed=5, split="train", index=i, difficulty=3, encode=False)
        s, ents = inst.trace["state"], inst.canvas.entities
        boxes = []
        for k, sec in enumerate(s["sections"]):
            panel = ents[f"sec:{k}"]["box"]
            for j in range(len(sec["items"])):
                row = ents[f"item:{k}:{j}"]["box"]
                assert panel[0] <= row[0] and row[2] <= panel[2] and panel[1] <= row[1] and row[3] <= panel[3]
                assert row[3] - row[1] >= 20 * inst.canvas.scale
                boxes.append(row)
        assert not overlapping(boxes)
