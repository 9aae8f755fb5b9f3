"""charts/radar: independent solvers written from the catalog programs."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.radar"
P = "task_charts__radar__"


def highlighted(state, params, qid):
    return sum(row[params["metric"]] > params["threshold"] for row in state["values"])


def matching(state, params, qid):
    return sum(sum(v > params["threshold"] for v in row) >= params["minimum"] for row in state["values"])


def panel_count(state, params, qid):
    return sum(v > params["threshold"] for v in state["values"][params["panel"]])


def advantage(state, params, qid):
    a, b = state["values"]
    return sum(x > y for x, y in zip(a, b))


SOLVERS = {
    P + "highlighted_metric_threshold_panel_count": highlighted,
    P + "matching_condition_panel_count": matching,
    P + "threshold_metric_count_for_panel": panel_count,
    P + "profile_advantage_count": advantage,
}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["values"]) * len(s["metrics"]))

test_no_value_is_printed = shortcut_test(sorted(SOLVERS))


def test_compared_values_never_sit_on_the_threshold_and_profiles_never_tie():
    for name in SOLVERS:
        spec = registry.get(name)
        for i in range(6):
            _, _, state, params, _ = engine.solve_only(spec, seed=5, split="ties", index=i)
            assert all(1 <= v <= 10 for row in state["values"] for v in row)
            if "threshold" not in params:
                a, b = state["values"]
                assert all(x != y for x, y in zip(a, b)) and state["layout"] == "pair"
                continue
            thr = params["threshold"]
            if "metric" in params:
                compared = [row[params["metric"]] for row in state["values"]]
            elif "panel" in params:
                compared = state["values"][params["panel"]]
            else:
                compared = [v for row in state["values"] for v in row]
            assert thr not in compared
