"""charts/violin: independent solvers written from the catalog programs -- the density evaluated
on a fine grid with numpy (peaks: interior maxima standing a quarter of the top above the
lowest point on either side), the support span from the bounds -- and no statistic printed."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.charts.violin"
P = "task_charts__violin__"


def _curve(d):
    ys = np.linspace(d["lo"], d["hi"], 4001)
    return ys, sum(w * np.exp(-0.5 * ((ys - mu) / sd) ** 2) / sd for w, mu, sd in d["comps"])


def _n_peaks(d):
    ys, f = _curve(d)
    top = f.max()
    count = 0
    for i in np.nonzero((f[1:-1] > f[:-2]) & (f[1:-1] >= f[2:]))[0] + 1:
        if f[i] - max(f[:i].min(initial=f[i]), f[i + 1:].min(initial=f[i])) >= 0.25 * top or f[i] == top:
            count += 1
    return count


def modality(state, params, qid):
    (i,) = [k for k, d in enumerate(state["dists"]) if _n_peaks(d) == 2]
    return state["labels"][i]


def mode(state, params, qid):
    modes = []
    for d in state["dists"]:
        ys, f = _curve(d)
        modes.append(ys[int(np.argmax(f))])
    pick = np.argmax(modes) if qid == "highest_mode" else np.argmin(modes)
    return state["labels"][int(pick)]


def support(state, params, qid):
    spans = [d["hi"] - d["lo"] for d in state["dists"]]
    pick = np.argmax(spans) if qid == "widest_support" else np.argmin(spans)
    return state["labels"][int(pick)]


SOLVERS = {
    P + "modality_label": modality,
    P + "mode_extremum_label": mode,
    P + "support_width_extremum_label": support,
}


def _size(s):
    return len(s["dists"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)

test_no_statistic_is_printed = shortcut_test(sorted(SOLVERS), answer=False)
