"""icons/venn_field: independent solvers (membership of each icon centre in the two discs as a
numpy boolean matrix, set algebra over the memberships)."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.icons.venn_field"
P = "task_icons__venn_field__"


def _inside(state, icon):
    c = np.array(state["circles"], dtype=float)
    return tuple(bool(v) for v in (np.hypot(c[:, 0] - icon[2], c[:, 1] - icon[3]) < c[:, 2]))


def _is_target(state, icon):
    kind, color = state["target"]
    return icon[0] == kind and (color is None or icon[1] == color)


WANT = {"both": lambda a, b: a and b, "either": lambda a, b: a or b, "exactly_one": lambda a, b: a != b,
        "outside": lambda a, b: not a and not b}


def scoped(state, params, qid):
    return sum(1 for ic in state["icons"] if _is_target(state, ic) and WANT[params["region"]](*_inside(state, ic)))


def same_region(state, params, qid):
    ref = state["icons"][state["reference"]]
    home = _inside(state, ref)
    return sum(1 for i, ic in enumerate(state["icons"])
               if i != state["reference"] and _is_target(state, ic) and _inside(state, ic) == home)


SOLVERS = {P + "scoped_attribute_count": scoped, P + "same_region_as_reference_count": same_region}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["icons"]))
test_no_shortcuts = shortcut_test(sorted(SOLVERS))
