"""charts/combo_mark: independent solvers written from the catalog programs over the two
printed series, and both series' values printed at their marks."""

from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.charts import combo_mark

MOD = "tracegen.domains.charts.combo_mark"
P = "task_charts__combo_mark__"


def _rows(state):
    return list(zip(state["labels"], state["primary"], state["line"]))


def abs_gap(state, params, qid):
    rows = [(abs(p - l), lab) for lab, p, l in _rows(state)]
    if qid.startswith("largest"):
        return max(rows)[1]
    return min(r for r in rows if r[0] > 0)[1]


def _filtered(state, params, qid, target_primary):
    thr = params["threshold"]
    rows = [(p if target_primary else l, lab) for lab, p, l in _rows(state)
            if ((l < thr) if target_primary else (p > thr))]
    return (max(rows) if qid.startswith("max") else min(rows))[1]


def cond_line(state, params, qid):
    return _filtered(state, params, qid, False)


def cond_primary(state, params, qid):
    return _filtered(state, params, qid, True)


def difference(state, params, qid):
    _, p, l = _rows(state)[params["category"]]
    return p - l if qid.startswith("primary") else l - p


def directional(state, params, qid):
    sign = 1 if qid.startswith("largest_primary") else -1
    return max((sign * (p - l), lab) for lab, p, l in _rows(state))[1]


def dual(state, params, qid):
    tp, tl = params["thresholds"]
    rel_p, rel_l = qid.replace("primary_", "").replace("line_", "").split("_and_")
    ok = {"above": lambda v, t: v > t, "below": lambda v, t: v < t}
    return sum(ok[rel_p](p, tp) and ok[rel_l](l, tl) for _, p, l in _rows(state))


def interval(state, params, qid):
    lo, hi, thr = params["bounds"]
    if qid.startswith("primary"):
        return sum(lo <= p <= hi and l > thr for _, p, l in _rows(state))
    return sum(lo <= l <= hi and p > thr for _, p, l in _rows(state))


def first_pass(state, params, qid):
    thr = params["threshold"]
    col = 1 if qid.startswith("primary") else 2
    for row in _rows(state):
        if (row[col] > thr) if "above" in qid else (row[col] < thr):
            return row[0]


SOLVERS = {
    P + "absolute_gap_extremum_label": abs_gap,
    P + "conditioned_line_extremum_label": cond_line,
    P + "conditioned_primary_extremum_label": cond_primary,
    P + "cross_mark_difference_value": difference,
    P + "directional_gap_extremum_label": directional,
    P + "dual_threshold_condition_count": dual,
    P + "interval_threshold_condition_count": interval,
    P + "series_threshold_crossing_label": first_pass,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["labels"]),
                                                       seeds_per_combo=2, balance_seeds=120)


def test_both_series_printed_and_pairs_registered():
    spec = combo_mark.SCENE.tasks[P + "dual_threshold_condition_count"]
    for i in range(4):
        inst = engine.generate(spec, seed=3, split="train", index=i, encode=False)
        s = inst.trace["state"]
        drawn = inst.canvas.drawn_texts()
        for k in range(len(s["labels"])):
            assert str(s["primary"][k]) in drawn and str(s["line"][k]) in drawn
            (x0, _), (x1, _) = inst.canvas.entities[f"pair:{k}"]["segment"]
            assert x0 == x1
        assert inst.record["answer_gt"]["value"] == len(inst.record["annotation_gt"]["value"])
