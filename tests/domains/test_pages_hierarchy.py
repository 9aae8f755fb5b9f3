"""pages/hierarchy: independent solvers written from the catalog programs (a parent map built from the
child lists, reports counted by walking up from every person), and every box drawn below its manager
with no two boxes overlapping."""

from pagecheck import overlapping
from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.pages import hierarchy

MOD = "tracegen.domains.pages.hierarchy"
P = "task_pages__hierarchy__"


def _boss(state):
    return {u: v for v, kids in enumerate(state["children"]) for u in kids}


def _under(state, v):
    boss = _boss(state)
    count = 0
    for u in range(len(state["children"])):
        w = u
        while w in boss:
            w = boss[w]
            if w == v:
                count += 1
                break
    return count


def _unique_max(state, score):
    managers = [v for v in range(1, len(state["children"])) if state["children"][v]]
    best = max(score(v) for v in managers)
    winners = [v for v in managers if score(v) == best]
    assert len(winners) == 1
    return state["names"][winners[0]]


def most_direct(state, params, qid):
    boss = _boss(state)
    return _unique_max(state, lambda v: sum(1 for b in boss.values() if b == v))


def most_total(state, params, qid):
    return _unique_max(state, lambda v: _under(state, v))


def subtree(state, params, qid):
    return _under(state, params["manager"])


SOLVERS = {P + "manager_most_direct_reports_label": most_direct, P + "manager_most_total_reports_label": most_total,
           P + "subtree_descendant_count": subtree}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["names"]))
test_no_count_is_printed = shortcut_test([P + "subtree_descendant_count"])


def test_boxes_sit_below_their_manager_and_do_not_overlap():
    spec = hierarchy.SCENE.tasks[P + "subtree_descendant_count"]
    for i in range(4):
        inst = engine.generate(spec, seed=5, split="train", index=i, difficulty=3, encode=False)
        s, ents = inst.trace["state"], inst.canvas.entities
        boxes = [ents[f"person:{v}"]["box"] for v in range(len(s["names"]))]
        for v, kids in enumerate(s["children"]):
            for u in kids:
                assert boxes[u][1] > boxes[v][3]
        assert not overlapping(boxes, slack=0.0)
