"""icons/sequence_strip: an independent solver that infers the rule from the shown cells (a
least-squares line through the counts or sizes, the common turn between neighbours) and picks
the option the rule predicts for the question mark."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.icons.sequence_strip"
P = "task_icons__sequence_strip__"


def _predict_linear(state):
    shown = [(k, v) for k, v in enumerate(state["values"]) if k != state["missing"]]
    k, v = np.array(shown, dtype=float).T
    slope, icept = np.polyfit(k, v, 1)
    assert np.allclose(slope * k + icept, v), "shown cells are not an arithmetic progression"
    return int(round(slope * state["missing"] + icept))


def _predict_turn(state):
    vals, m = state["values"], state["missing"]
    steps = {(vals[k + 1] - vals[k]) % 360 for k in range(len(vals) - 1) if m not in (k, k + 1)}
    (step,) = steps
    return (vals[m - 1] + step) % 360 if m else (vals[1] - step) % 360


def solve(state, params, qid):
    want = _predict_turn(state) if state["attribute"] == "rotation" else _predict_linear(state)
    (k,) = [k for k, v in enumerate(state["options"]) if v == want]
    return "ABCD"[k]


SOLVERS = {P + o: solve for o in ("count_progression_completion_label", "rotation_progression_completion_label",
                                  "size_progression_completion_label")}


def _hardness(s):
    """Cells shown, and the values an option may take (a finer scale is harder to read)."""
    return 10 * len(s["values"]) + s["choices"]


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_hardness)
test_no_shortcuts = shortcut_test(sorted(SOLVERS))
