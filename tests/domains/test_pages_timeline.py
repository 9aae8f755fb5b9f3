"""pages/timeline: independent solvers written from the catalog programs."""

from taskcheck import scene_tests

MOD = "tracegen.domains.pages.timeline"
P = "task_pages__timeline__"


def _chrono(state):
    return sorted(state["events"], key=lambda e: e["key"])


def threshold(state, params, qid):
    t = params["threshold_date"]
    if qid.startswith("before"):
        return len([e for e in state["events"] if e["key"] < t])
    return len([e for e in state["events"] if e["key"] > t])


def membership(state, params, qid):
    ev = _chrono(state)
    i, j = params["reference_events"]
    lo, hi = sorted((state["events"][i]["key"], state["events"][j]["key"]))
    inside = [e for e in ev if lo < e["key"] < hi]
    if qid.startswith("between"):
        return len(inside)
    return len([e for e in ev if e["key"] < lo or e["key"] > hi])


def relative(state, params, qid):
    ev = _chrono(state)
    ref_date = state["events"][params["reference_event"]]["date"]
    pos = [e["date"] for e in ev].index(ref_date)
    k = params["offset"] if "after" in qid else -params["offset"]
    return ev[pos + k]["label"]


SOLVERS = {
    P + "date_threshold_event_count": threshold,
    P + "interval_membership_count": membership,
    P + "relative_position_event_label": relative,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["events"]))
