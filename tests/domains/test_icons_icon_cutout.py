"""icons/icon_cutout: an independent solver that cuts the fragment out of the source icon's
raster and finds, by brute force over every placement, the option whose raster contains it."""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from taskcheck import scene_tests, shortcut_test

from tracegen.kits.motifs import mask

MOD = "tracegen.domains.icons.icon_cutout"
P = "task_icons__icon_cutout__"
PX = 48


def _best(patch, kind):
    views = sliding_window_view(np.pad(mask(kind, px=PX), patch.shape), patch.shape)
    xor = (views ^ patch).sum(axis=(2, 3))
    union = (views | patch).sum(axis=(2, 3))
    return float((xor / np.maximum(union, 1)).min())


def solve(state, params, qid):
    u0, v0, u1, v1 = state["window"]
    f = PX / 2 * 0.9
    a, b, c, d = (int(round(PX / 2 + t * f)) for t in (u0, v0, u1, v1))
    patch = mask(state["kind"], px=PX)[b:d, a:c]
    scores = [_best(patch, k) for k in state["options"]]
    best = int(np.argmin(scores))
    assert scores[best] < 0.02 and sorted(scores)[1] > 0.15, scores
    return "ABCDEF"[best]


SOLVERS = {P + "partial_match_label": solve}


def _hardness(s):
    u0, v0, u1, v1 = s["window"]
    return 10 * len(s["options"]) + 4 * s["zoom"] - (u1 - u0) * (v1 - v0)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_hardness)
test_no_shortcuts = shortcut_test(sorted(SOLVERS))
