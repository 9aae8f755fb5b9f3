"""charts/population_pyramid: independent solvers written from the catalog programs (numpy over
the left/right value columns), bars mirrored on one scale, no value printed."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.population_pyramid"
P = "task_charts__population_pyramid__"


def _cols(state):
    return np.array(state["left"]), np.array(state["right"])


def threshold(state, params, qid):
    left, right = _cols(state)
    metric = {"left": left, "right": right, "combined": left + right}[qid.split("_")[0]]
    level = params["threshold"]
    return int(np.sum(metric >= level) if "at_least" in qid else np.sum(metric <= level))


def dominant(state, params, qid):
    left, right = _cols(state)
    return int(np.sum(left > right) if qid.startswith("left") else np.sum(right > left))


def gap(state, params, qid):
    left, right = _cols(state)
    d = np.abs(left - right).astype(float)
    if qid.startswith("largest"):
        return state["groups"][int(np.argmax(d))]
    d[d == 0] = np.inf
    return state["groups"][int(np.argmin(d))]


def side_value(state, params, qid):
    left, right = _cols(state)
    col = left if qid.startswith("left") else right
    return state["groups"][int(np.argmax(col) if "largest" in qid else np.argmin(col))]


SOLVERS = {
    P + "age_group_threshold_count": threshold,
    P + "dominant_side_count": dominant,
    P + "side_gap_extremum_label": gap,
    P + "side_value_extremum_label": side_value,
}
COUNTS = {P + "age_group_threshold_count", P + "dominant_side_count"}


def _size(s):
    return len(s["groups"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid in COUNTS)


def test_bars_mirrored_on_one_scale_and_equal_rows_for_nonzero_gaps():
    spec = registry.get(P + "side_gap_extremum_label")
    equal_rows = 0
    for i in range(10):
        inst = engine.generate(spec, seed=6, split="bars", index=i, difficulty=3,
                               query_id="smallest_nonzero_side_gap_label", encode=False)
        st, ents = inst.trace["state"], inst.canvas.entities
        ratios = []
        for r in range(len(st["groups"])):
            for side in ("left", "right"):
                box = ents[f"bar:{side}:{r}"]["box"]
                ratios.append((box[2] - box[0]) / st[side][r])
        assert max(ratios) - min(ratios) < 0.02 * max(ratios)
        equal_rows += sum(a == b for a, b in zip(st["left"], st["right"]))
    assert equal_rows >= 10
