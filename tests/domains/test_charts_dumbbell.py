"""charts/dumbbell: independent solvers written from the catalog programs."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.dumbbell"
P = "task_charts__dumbbell__"


def gap_count(state, params, qid):
    thr = params["threshold"]
    gaps = [abs(a - b) for a, b in state["rows"]]
    return sum((g >= thr) if "at_least" in qid else (g <= thr) for g in gaps)


def side_winner(state, params, qid):
    thr = params["threshold"]
    if qid.startswith("series_a"):
        return sum(a - b >= thr for a, b in state["rows"])
    return sum(b - a >= thr for a, b in state["rows"])


def gap_rank(state, params, qid):
    ranked = sorted(zip((abs(a - b) for a, b in state["rows"]), state["labels"]),
                    reverse=qid.startswith("largest"))
    return ranked[params["rank"] - 1][1]


SOLVERS = {
    P + "absolute_gap_threshold_count": gap_count,
    P + "side_winner_count": side_winner,
    P + "gap_rank_row_label": gap_rank,
}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["rows"]) * 100 // s["unit"])

test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: not tid.endswith("label"))


def test_values_sit_on_the_grid_and_no_gap_equals_the_threshold():
    for name in (P + "absolute_gap_threshold_count", P + "side_winner_count"):
        spec = registry.get(name)
        for i in range(8):
            qid, _, state, params, _ = engine.solve_only(spec, seed=6, split="grid", index=i)
            unit = state["unit"]
            assert all(0 <= v <= 100 and v % unit == 0 for row in state["rows"] for v in row)
            assert params["threshold"] % unit == 0
            if name.endswith("side_winner_count"):      # the compared difference is signed
                sign = 1 if qid.startswith("series_a") else -1
                compared = [sign * (a - b) for a, b in state["rows"]]
            else:
                compared = [abs(a - b) for a, b in state["rows"]]
            assert params["threshold"] not in compared
