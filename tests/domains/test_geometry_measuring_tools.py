"""geometry/measuring_tools: independent solvers from the catalog programs, measuring the drawn
figure: the marked angle is the polygon's angle at the protractor's centre (atan2 of its two
sides there), the marked side's length is its pixel length over the ruler's centimetre, and the
dashed guides must meet the scale at the side's ends."""

import math

from taskcheck import scene_tests

MOD = "tracegen.domains.geometry.measuring_tools"
P = "task_geometry__measuring_tools__"


def protractor(state, params, qid):
    shape = state["shape"]
    v, a, b = shape[0], shape[1], shape[-1]            # the marked angle is at the first corner
    t = math.degrees(math.atan2(-(a[1] - v[1]), a[0] - v[0]) - math.atan2(-(b[1] - v[1]), b[0] - v[0]))
    t = abs(t) % 360
    return round(min(t, 360 - t))


def ruler(state, params, qid):
    (ax, ay), (bx, by) = state["seg"]
    length = math.hypot(bx - ax, by - ay) / state["cm"]
    x0 = 380.0 - state["length"] * state["cm"] / 2
    for (x, _), r in zip(state["seg"], state["marks"]):     # guides drop straight onto their readings
        assert abs(x - (x0 + r * state["cm"])) < 1e-2
    assert abs(length - round(length)) < 1e-3
    return round(length)


SOLVERS = {P + "protractor_angle_value": protractor, P + "ruler_length_value": ruler}


def _size(s):
    if s["tool"] == "protractor":
        return (5 // s["tick"]) + 2 * s["inner"] + (s["sides"][1] % 10 != 0 or s["sides"][0] % 10 != 0)
    return s["sub"] + 3 * (s["marks"][0] > 0)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
