"""icons/pair_grid: independent solvers (colour pairs compared in order; the before-to-after
transformation recovered as the 2 x 2 matrix taking the before orientation to the after one)."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.icons.pair_grid"
P = "task_icons__pair_grid__"
MIRROR = np.array([[-1, 0], [0, 1]])


def _orientation(angle, mirror):
    t = np.radians(angle)
    rot = np.rint([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]]).astype(int)
    return rot @ (MIRROR if mirror else np.eye(2, dtype=int))


def _relation(p):
    before, after = _orientation(*p["left"][1:]), _orientation(*p["right"][1:])
    return tuple((after @ before.T).ravel())       # before is orthogonal: its inverse is its transpose


def color_pair(state, params, qid):
    ref = (state["reference"]["left"][0], state["reference"]["right"][0])
    (k,) = [i for i, p in enumerate(state["cells"]) if (p["left"][0], p["right"][0]) == ref]
    return "ABCDEF"[k]


def transform(state, params, qid):
    ref = _relation(state["reference"])
    (k,) = [i for i, p in enumerate(state["cells"]) if _relation(p) == ref]
    return "ABCDEF"[k]


SOLVERS = {P + "reference_color_pair_match_label": color_pair, P + "reference_transform_match_label": transform}


def _hardness(s):
    if "pool" in s:                     # transforms: the operations in play, turned "before" icons
        return len(s["pool"]) + 5 * s["turned"]
    ref = (s["reference"]["left"][0], s["reference"]["right"][0])
    near = sum(1 for p in s["cells"] if (p["left"][0], p["right"][0]) != ref
               and len({p["left"][0], p["right"][0]} & set(ref)) > 0)
    return 10 * len(s["cells"]) + near


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_hardness)
test_no_shortcuts = shortcut_test(sorted(SOLVERS))
