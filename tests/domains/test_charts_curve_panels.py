"""charts/curve_panels: independent solvers written from the catalog programs (numpy over the
value cube panels x methods x x-positions), no value printed, guides and crossings drawn."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.curve_panels"
P = "task_charts__curve_panels__"


def _cube(state):
    return np.array(state["values"], dtype=float)          # [panel, method, x]


def _first_cross_x(xs, ys, level, up):
    for i in range(len(xs) - 1):
        y0, y1 = ys[i], ys[i + 1]
        if (y0 < level < y1) if up else (y0 > level > y1):
            return xs[i] + (level - y0) * (xs[i + 1] - xs[i]) / (y1 - y0)
    return None


def delta(state, params, qid):
    if any(m == params["method"] for _, m in state["missing"]):
        return "unanswerable"
    v = _cube(state)[:, params["method"], :]
    return state["panels"][int(np.argmax(v[:, params["end"]] - v[:, params["start"]]))]


def earliest_cross(state, params, qid):
    up = "upward" in qid
    xs = state["xs"]
    found = {p: _first_cross_x(xs, row[params["method"]], params["level"], up)
             for p, row in enumerate(state["values"])}
    found = {p: x for p, x in found.items() if x is not None}
    return state["panels"][min(found, key=found.get)]


def at_x(state, params, qid):
    col = _cube(state)[params["panel"], :, params["x_index"]]
    return state["methods"][int(np.argmax(col))]


def intersections(state, params, qid):
    p, a, b = params["pair"]
    d = np.sign(_cube(state)[p, a] - _cube(state)[p, b])
    return int(np.sum(d[1:] * d[:-1] < 0))


def earliest_max(state, params, qid):
    v = _cube(state)[:, params["method"], :]
    return state["panels"][int(np.argmin(np.argmax(v, axis=1)))]


def endpoint(state, params, qid):
    v = _cube(state)[:, params["method"], 0 if qid.startswith("start") else -1]
    return state["panels"][int(np.argmax(v) if "highest" in qid else np.argmin(v))]


def global_extreme(state, params, qid):
    v = _cube(state).reshape(len(state["panels"]), -1)
    return state["panels"][int(np.argmax(v.max(axis=1)) if "maximum" in qid else np.argmin(v.min(axis=1)))]


def crossing_count(state, params, qid):
    up = "upward" in qid
    rows = state["values"][params["panel"]]
    return sum(any((r[i] < params["level"] < r[i + 1]) if up else (r[i] > params["level"] > r[i + 1])
                   for i in range(len(r) - 1)) for r in rows)


def spread(state, params, qid):
    v = _cube(state).reshape(len(state["panels"]), -1)
    ptp = v.max(axis=1) - v.min(axis=1)
    return state["panels"][int(np.argmax(ptp) if qid.startswith("largest") else np.argmin(ptp))]


def threshold_count(state, params, qid):
    col = _cube(state)[params["panel"], :, params["x_index"]]
    return int(np.sum(col > params["level"]) if qid.startswith("above") else np.sum(col < params["level"]))


SOLVERS = {
    P + "cross_panel_delta_extremum_label": delta,
    P + "cross_panel_threshold_earliest_label": earliest_cross,
    P + "curve_at_x_extremum_label": at_x,
    P + "curve_intersection_count": intersections,
    P + "earliest_maximum_panel_label": earliest_max,
    P + "endpoint_rank_panel_label": endpoint,
    P + "global_value_extremum_panel_label": global_extreme,
    P + "panel_curve_threshold_crossing_count": crossing_count,
    P + "panel_spread_extremum_label": spread,
    P + "threshold_series_count": threshold_count,
}
COUNTS = {P + "curve_intersection_count", P + "panel_curve_threshold_crossing_count", P + "threshold_series_count"}


def _size(s):
    return len(s["panels"]) * len(s["methods"]) * len(s["xs"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2,
                                                       balance_seeds=120)


# a panel or method label may be the answer by design; the values never are printed
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid in COUNTS)


def test_guides_crossings_and_unanswerable():
    spec = registry.get(P + "panel_curve_threshold_crossing_count")
    inst = engine.generate(spec, seed=0, split="train", index=0, difficulty=3, encode=False)
    p = inst.trace["params"]["panel"]
    # every counted curve has its first crossing registered on the guide's height
    assert inst.record["answer_gt"]["value"] == len(inst.record["annotation_gt"]["value"])
    ys = {round(pt[1]) for pt in inst.record["annotation_gt"]["value"]}
    assert len(ys) <= 1 and all(f"pt:{p}:0:{i}" in inst.canvas.entities for i in range(len(inst.trace["state"]["xs"])))
    spec = registry.get(P + "cross_panel_delta_extremum_label")
    answers = [engine.solve_only(spec, seed=5, split="train", index=i)[4].answer for i in range(60)]
    assert 0 < answers.count("unanswerable") <= 15
