"""charts/annotated_series: an independent solver written from the catalog program."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.annotated_series"
P = "task_charts__annotated_series__"


def change(state, params, qid):
    return abs(state["values"][state["callout"]] - state["values"][params["endpoint"]])


SOLVERS = {P + "callout_endpoint_change_value": change}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["values"]) + s["hi"] - s["lo"])

test_no_value_is_printed = shortcut_test(sorted(SOLVERS), seeds=(0, 1))


def test_the_callout_marks_an_inner_position_and_the_question_names_an_endpoint():
    spec = registry.get(P + "callout_endpoint_change_value")
    for i in range(10):
        _, _, state, params, sol = engine.solve_only(spec, seed=3, split="ends", index=i)
        n = len(state["values"])
        assert 0 < state["callout"] < n - 1 and params["endpoint"] in (0, n - 1)
        assert all(state["lo"] < v <= state["hi"] for v in state["values"])
        assert f'"{state["labels"][params["endpoint"]]}"' in sol.question
