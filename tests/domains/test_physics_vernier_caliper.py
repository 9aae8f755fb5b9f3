"""physics/vernier_caliper: independent solver measuring the drawing: the moving jaw's position on
the millimetre scale gives the whole millimetres, the vernier tick (of ten over 9 mm) that falls on
a main-scale tick gives the tenths; the answer is that reading's card."""

import math

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.vernier_caliper"
P = "task_physics__vernier_caliper__length_readout_value"
X0, X1 = 120.0, 820.0


def read_caliper(state):
    px = (X1 - X0) / state["span"]
    jaw = X0 + state["tenths"] / 10 * px                  # where the block's right face is drawn
    whole = math.floor((jaw - X0) / px + 1e-9)
    aligned = []
    for j in range(11):
        mm = (jaw + j * 0.9 * px - X0) / px
        if abs(mm - round(mm)) < 1e-6:
            aligned.append(j)
    assert aligned == [0, 10] or len(aligned) == 1, aligned
    return round(whole + aligned[0] / 10, 1)


def readout(state, params, qid):
    value = read_caliper(state)
    hits = [i for i, o in enumerate(state["options"]) if abs(o - value) < 1e-9]
    assert len(hits) == 1 and len(set(state["options"])) == len(state["options"])
    return "ABCDEF"[hits[0]]


SOLVERS = {P: readout}


def test_hand_checked():
    # 30.9 mm: the vernier zero just left of 31, its ninth tick on the 39 mm tick
    assert read_caliper({"span": 50, "tenths": 309}) == 30.9
    assert read_caliper({"span": 50, "tenths": 120}) == 12.0


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["span"])
test_no_value_is_printed = shortcut_test([P])
