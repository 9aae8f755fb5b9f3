"""charts/scatter_cluster: independent solvers written from the catalog programs (numpy mean
centres, ranges, bounding-box diagonals, polyfit slopes, ellipse areas), lettered options drawn
in the image, nothing printed but the axes."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.scatter_cluster"
P = "task_charts__scatter_cluster__"


def _pts(state):
    return [np.array(cl["points"], dtype=float) for cl in state["clusters"]]


def _name(state, scores, largest):
    return state["clusters"][int(np.argmax(scores) if largest else np.argmin(scores))]["name"]


def centroid_option(state, params, qid):
    centre = _pts(state)[params["winner"]].mean(axis=0)
    d = np.linalg.norm(np.array(params["option_points"]) - centre, axis=1)
    return "ABCDEF"[int(np.argmin(d))]


def area(state, params, qid):
    return _name(state, [np.pi * cl["ellipse"][2] * cl["ellipse"][3] for cl in state["clusters"]],
                 qid.startswith("largest"))


def spread(state, params, qid):
    ranges = np.array([p.max(axis=0) - p.min(axis=0) for p in _pts(state)])        # [cluster, (x, y)]
    metric = {"horizontal": ranges[:, 0], "vertical": ranges[:, 1], "overall": np.hypot(ranges[:, 0], ranges[:, 1])}
    return _name(state, metric[qid.split("_")[1]], qid.startswith("largest"))


def trend(state, params, qid):
    slopes = np.array([np.polyfit(p[:, 0], p[:, 1], 1)[0] for p in _pts(state)])
    return _name(state, slopes, qid.startswith("upward"))


SOLVERS = {
    P + "centroid_option_selection_label": centroid_option,
    P + "cluster_area_rank_label": area,
    P + "cluster_spread_extremum_label": spread,
    P + "cluster_trend_direction_label": trend,
}


def _size(s):
    return len(s["clusters"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


test_nothing_read_is_printed = shortcut_test(sorted(SOLVERS), answer=False)


def test_options_drawn_in_the_image():
    spec = registry.get(P + "centroid_option_selection_label")
    counts = []
    for i in range(24):
        inst = engine.generate(spec, seed=9, split="opts", index=i, encode=False)
        n = len(inst.trace["params"]["option_points"])
        letters = [t["text"] for t in inst.canvas.texts if t["kind"] == "option"]
        assert letters == list("ABCDEF"[:n]) and all(f"option:{L}" in inst.canvas.entities for L in letters)
        assert inst.record["answer_gt"]["value"] in letters and inst.solution.options_in == "image"
        counts.append(n)
    assert set(counts) == {4, 5, 6} and sorted(counts)[len(counts) // 2] == 5
