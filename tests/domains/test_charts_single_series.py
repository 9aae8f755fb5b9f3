"""charts/single_series: independent solvers written from the catalog programs, shortcut checks."""

import statistics

from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine

MOD = "tracegen.domains.charts.single_series"
P = "task_charts__single_series__"


def endpoint(state, params, qid):
    i, j = params["pair"]
    a, b = state["values"][i], state["values"][j]
    return {"absolute_endpoint_change_value": abs(b - a), "signed_endpoint_change_value": b - a,
            "percent_endpoint_change_value": round((b - a) / a * 100)}[qid]


def rate(state, params, qid):
    i, j = params["pair"]
    return round(abs((state["values"][j] - state["values"][i]) / (j - i)))


def interval_count(state, params, qid):
    lo, hi = params["bounds"]
    return sum(lo <= v <= hi for v in state["values"])


def streak(state, params, qid):
    v = state["values"]
    up = "increasing" in qid
    best = 1
    for i in range(len(v)):
        for j in range(i + 1, len(v)):
            seg = v[i:j + 1]
            if all((b > a) if up else (b < a) for a, b in zip(seg, seg[1:])):
                best = max(best, len(seg))
    return best


def crossing(state, params, qid):
    thr = params["threshold"]
    for lab, v in zip(state["labels"], state["values"]):
        if (v > thr) if "above" in qid else (v < thr):
            return lab


def _ranked(state, params, qid):
    v = state["values"]
    if qid.startswith("median"):
        target = statistics.median(v)
    elif qid.startswith("nth_highest"):
        target = sorted(set(v), reverse=True)[params["rank"] - 1]
    else:
        target = sorted(set(v))[params["rank"] - 1]
    (i,) = [k for k, x in enumerate(v) if x == target]
    return i


def stat_label(state, params, qid):
    return state["labels"][_ranked(state, params, qid)]


def stat_value(state, params, qid):
    return state["values"][_ranked(state, params, qid)]


def remaining_mean(state, params, qid):
    kept = [v for i, v in enumerate(state["values"]) if i not in params["removed"]]
    return int(statistics.mean(kept))


def share(state, params, qid):
    plan = state["share_plan"]
    kept = [v for i, v in enumerate(state["values"]) if i not in plan["removed"]]
    return round(100 * state["values"][plan["target"]] / sum(kept))


def threshold_count(state, params, qid):
    thr = params["threshold"]
    return sum((v > thr) if qid.startswith("above") else (v < thr) for v in state["values"])


def turning(state, params, qid):
    v = state["values"]
    if qid.startswith("peak"):
        return sum(v[i - 1] < v[i] > v[i + 1] for i in range(1, len(v) - 1))
    return sum(v[i - 1] > v[i] < v[i + 1] for i in range(1, len(v) - 1))


SOLVERS = {
    P + "endpoint_change_value": endpoint,
    P + "interval_rate_value": rate,
    P + "interval_value_count": interval_count,
    P + "monotone_streak_length": streak,
    P + "observed_threshold_crossing_label": crossing,
    P + "order_statistic_label": stat_label,
    P + "order_statistic_value": stat_value,
    P + "remaining_mean_after_removal": remaining_mean,
    P + "target_share_after_removal": share,
    P + "threshold_value_count": threshold_count,
    P + "turning_point_count": turning,
}
LABEL_ANSWERS = {P + "order_statistic_label", P + "observed_threshold_crossing_label"}


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["values"]) + (s["hi"] - s["lo"]) // s["unit"], seeds_per_combo=2)


test_no_value_is_printed = shortcut_test(sorted(SOLVERS), seeds=(0, 1), answer=lambda tid: tid not in LABEL_ANSWERS)


def test_values_sit_on_the_axis_grid_and_order_statistics_see_ties():
    from tracegen import registry

    spec = registry.get(P + "order_statistic_value")
    tied = 0
    for i in range(12):
        inst = engine.generate(spec, seed=3, split="train", index=i, encode=False)
        s = inst.trace["state"]
        assert all((v - s["lo"]) % s["unit"] == 0 and s["lo"] < v <= s["hi"] for v in s["values"])
        tied += len(set(s["values"])) < len(s["values"])
        assert inst.reads and set(inst.reads) == set(s["values"])
    assert tied >= 4, "order statistics should be asked over series with tied values"
