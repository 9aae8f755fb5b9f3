"""charts/surface_3d: independent solvers from the catalog programs (numpy over the panels'
z grids, the points' y values, the series' first and last values), hand-checked cases, and no
value printed."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.charts.surface_3d"
P = "task_charts__surface_3d__"


def panel_range(state, params, qid):
    r = [float(np.ptp(np.array(z))) for z in state["z"]]
    return state["labels"][int(np.argmax(r))]


def nearest(state, params, qid):
    y = np.array([p[1] for p in state["pts"]])
    return state["labels"][int(np.argmin(np.abs(y - state["ref"])))]


def trend(state, params, qid):
    v = np.array(state["values"])
    d = v[:, -1] - v[:, 0]
    return state["labels"][int(np.argmax(d) if qid == "increase" else np.argmin(d))]


SOLVERS = {P + "panel_variation_label": panel_range, P + "reference_nearest_label": nearest,
           P + "series_trend_label": trend}


def _size(s):
    return len(s["labels"]) + len(s.get("years", ())) + len(s.get("z", [[0]])[0])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2,
                                                       balance_seeds=80)

# the answers are labels by design; the z ranges, y values and first/last values are never printed
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=False)


def test_hand_checked():
    panels = {"labels": ["A", "B"], "z": [[[10, 20], [30, 40]], [[5, 90], [50, 60]]]}
    assert panel_range(panels, {}, "single") == "B"          # ranges 30 and 85
    sc = {"labels": ["P", "Q", "R"], "ref": 50, "pts": [[10, 62, 5], [20, 47, 80], [30, 30, 40]]}
    assert nearest(sc, {}, "single") == "Q"                  # |y - 50| = 12, 3, 20
    se = {"labels": ["S", "T", "U"], "values": [[10, 50, 40], [60, 20, 80], [90, 50, 30]]}
    assert trend(se, {}, "increase") == "S"                   # changes +30, +20, -60
    assert trend(se, {}, "decrease") == "U"


def test_surfaces_span_their_range():
    from tracegen.domains.charts import surface_3d
    rng = np.random.default_rng(3)
    z = np.array(surface_3d._surface(rng, 6, 12.0, 55))
    assert abs(z.min() - 12.0) < 1e-9 and abs(z.max() - 67.0) < 1e-9
