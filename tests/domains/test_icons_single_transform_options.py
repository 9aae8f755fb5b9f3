"""icons/single_transform_options: independent solvers with orientations as 2 x 2 integer
matrices and the cued operations as the matrices they multiply by."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.icons.single_transform_options"
P = "task_icons__single_transform_options__"
MIRROR = np.array([[-1, 0], [0, 1]])
CW = np.array([[0, -1], [1, 0]])        # a quarter turn clockwise on screen (y down)
OPS = {"rotate_90_clockwise": CW, "rotate_90_counterclockwise": CW.T, "rotate_180": CW @ CW,
       "flip_horizontal": MIRROR, "flip_vertical": np.array([[1, 0], [0, -1]])}


def _m(angle, mirror):
    out = np.linalg.matrix_power(CW, (angle // 90) % 4)
    return out @ MIRROR if mirror else out


def result(state, params, qid):
    want = OPS[qid.removesuffix("_result_label")] @ _m(*state["reference"])
    (k,) = [i for i, o in enumerate(state["options"]) if np.array_equal(_m(*o), want)]
    return "ABCDEF"[k]


def source(state, params, qid):
    ref = _m(*state["reference"])
    (k,) = [i for i, o in enumerate(state["options"]) if np.array_equal(OPS[params["operation"]] @ _m(*o), ref)]
    return "ABCDEF"[k]


SOLVERS = {P + "geometric_transform_result_label": result, P + "inverse_geometric_transform_source_label": source}


def _hardness(s):
    """Options offered, a turned or mirrored Reference, and near misses among the options."""
    ref = tuple(s["reference"])
    wrong_way = OPS[s["op"]] @ _m(*ref)          # the operation applied instead of undone
    near = sum(1 for o in s["options"] if tuple(o) == ref or np.array_equal(_m(*o), wrong_way))
    return len(s["options"]) + 3 * (ref[0] != 0) + 3 * ref[1] + near


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_hardness)
test_no_shortcuts = shortcut_test(sorted(SOLVERS))
