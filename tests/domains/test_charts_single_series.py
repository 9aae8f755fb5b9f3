"""charts/single_series: independent solvers written from the catalog programs."""

import statistics


from taskcheck import check_scene_tasks, check_two_process_determinism

MOD = "tracegen.domains.charts.single_series"
P = "task_charts__single_series__"


def _pair(params):
    return params["pair"]


def endpoint(state, params, qid):
    i, j = params["pair"]
    a, b = state["values"][i], state["values"][j]
    return {"absolute_endpoint_change_value": abs(b - a), "signed_endpoint_change_value": b - a,
            "percent_endpoint_change_value": int((b - a) / a * 100)}[qid]


def rate(state, params, qid):
    i, j = params["pair"]
    return int(abs((state["values"][j] - state["values"][i]) / (j - i)))


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
        target = sorted(v, reverse=True)[params["rank"] - 1]
    else:
        target = sorted(v)[params["rank"] - 1]
    return v.index(target)


def stat_label(state, params, qid):
    return state["labels"][_ranked(state, params, qid)]


def stat_value(state, params, qid):
    return state["values"][_ranked(state, params, qid)]


def remaining_mean(state, params, qid):
    kept = [v for i, v in enumerate(state["values"]) if i not in params["removed"]]
    return int(statistics.mean(kept))


def share(state, params, qid):
    kept = [v for i, v in enumerate(state["values"]) if i not in params["removed"]]
    return round(100 * state["values"][params["target"]] / sum(kept))


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


def test_tasks():
    check_scene_tasks(MOD, SOLVERS, size_metric=lambda s: len(s["values"]))


def test_two_process_determinism():
    check_two_process_determinism(MOD)
