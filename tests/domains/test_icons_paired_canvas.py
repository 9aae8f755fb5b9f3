"""icons/paired_canvas: independent solvers (pairwise attribute comparison by position, set
difference of (type, colour) identities) from the catalog programs."""

from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.icons import paired_canvas

MOD = "tracegen.domains.icons.paired_canvas"
P = "task_icons__paired_canvas__"


def _pairs(state):
    assert state["layout"] == "aligned"
    left = {(ic["x"], ic["y"]): ic for ic in state["left"]}
    return [(left[(ic["x"], ic["y"])], ic) for ic in state["right"]]


def color_changes(state, params, qid):
    return sum(a["color"] != b["color"] for a, b in _pairs(state))


def rotation_changes(state, params, qid):
    return sum(a["angle"] % 360 != b["angle"] % 360 for a, b in _pairs(state))


def set_relation(state, params, qid):
    left = {(ic["kind"], ic["color"]) for ic in state["left"]}
    right = {(ic["kind"], ic["color"]) for ic in state["right"]}
    new, gone = right - left, left - right
    if params["relation"] == "added_in_right":
        return sum((ic["kind"], ic["color"]) in new for ic in state["right"])
    return sum((ic["kind"], ic["color"]) in gone for ic in state["left"])


SOLVERS = {
    P + "color_change_count": color_changes,
    P + "rotation_change_count": rotation_changes,
    P + "panel_set_relation_count": set_relation,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: len(s["left"]) + len(s["right"]))
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_distractor_pairs_change_another_attribute():
    spec = paired_canvas.SCENE.tasks[P + "color_change_count"]
    for i in range(8):
        inst = engine.generate(spec, seed=5, split="train", index=i, encode=False)
        changed = [[k for k in ("color", "angle", "size") if a[k] != b[k]] for a, b in _pairs(inst.trace["state"])]
        assert all(len(c) <= 1 for c in changed)
        assert sum(c == ["color"] for c in changed) == inst.record["answer_gt"]["value"]
        assert any(c and c != ["color"] for c in changed), "no distractor change"
