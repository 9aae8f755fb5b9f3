"""icons/icon_field: independent solvers (type multiplicities with collections.Counter) from the
catalog programs."""

from collections import Counter

from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.icons import icon_field

MOD = "tracegen.domains.icons.icon_field"
P = "task_icons__icon_field__"


def _counts(state):
    return Counter(ic[0] for ic in state["icons"])


def most_frequent(state, params, qid):
    (kind, n), *rest = _counts(state).most_common()
    assert not rest or rest[0][1] < n
    return n


def singletons(state, params, qid):
    return sum(1 for n in _counts(state).values() if n == 1)


def extreme_label(state, params, qid):
    counts = _counts(state)
    marked = {state["icons"][int(i)][0]: letter for i, letter in state["marks"].items()}
    assert set(marked) == set(counts), "every type is marked exactly once"
    pick = max if qid.startswith("most") else min
    best = pick(counts.values())
    (winner,) = [k for k, n in counts.items() if n == best]
    return marked[winner]


SOLVERS = {
    P + "most_frequent_type_count": most_frequent,
    P + "singleton_type_count": singletons,
    P + "frequency_extreme_type_label": extreme_label,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["icons"]))
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_one_colour_and_the_annotation_boxes_the_counted_type():
    spec = icon_field.SCENE.tasks[P + "most_frequent_type_count"]
    for i in range(6):
        inst = engine.generate(spec, seed=3, split="train", index=i, encode=False)
        state = inst.trace["state"]
        assert len(inst.record["annotation_gt"]["value"]) == inst.record["answer_gt"]["value"]
        assert {ic[0] for ic in state["icons"]} == set(state["type_order"])
        assert 5 <= len(state["icons"]) <= 32
