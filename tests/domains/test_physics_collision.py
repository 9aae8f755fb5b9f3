"""physics/collision: independent solvers written from the catalog programs."""

import math

import numpy as np

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.collision"
P = "task_physics__collision__"


def _final(state):
    # total momentum (kg m/s) over the combined mass
    p = np.array([state["a"]["m"] * state["a"]["v"], state["b"]["m"] * state["b"]["v"]], dtype=float)
    return p / (state["a"]["m"] + state["b"]["m"])


def direction(state, params, qid):
    v = _final(state)
    gaps = []
    for deg in params["options"]:
        u = np.array([math.cos(math.radians(deg)), math.sin(math.radians(deg))])
        gaps.append(math.degrees(math.acos(max(-1.0, min(1.0, float(u @ v) / float(np.linalg.norm(v)))))))
    best = int(np.argmin(gaps))
    assert gaps[best] < 0.2 and sorted(gaps)[1] > 15
    return "ABCD"[best]


def speed(state, params, qid):
    return float(f"{np.linalg.norm(_final(state)) + 1e-9:.1f}")


SOLVERS = {P + "sticky_collision_direction_choice": direction, P + "sticky_collision_speed_value": speed}


def _size(state):
    return state["a"]["m"] + abs(state["a"]["v"]) + state["b"]["m"] + abs(state["b"]["v"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_value_is_printed = shortcut_test([P + "sticky_collision_speed_value"])


def test_known_collision():
    # 6 kg at 4 m/s along -x meets 6 kg at 4 m/s along -y: (-24, -24) / 12 = (-2, -2), speed 2.8 m/s
    st = {"a": {"m": 6, "v": -4}, "b": {"m": 6, "v": -4}}
    assert speed(st, {}, "single") == 2.8
    assert direction(st, {"options": [0.0, 90.0, -135.0, 45.0]}, "single") == "C"
