"""physics/motion_graph: independent solvers written from the catalog programs."""

import numpy as np

from taskcheck import check_no_shortcuts, scene_tasks, scene_tests

MOD = "tracegen.domains.physics.motion_graph"
P = "task_physics__motion_graph__"


def _reading(state, t):
    return float(np.interp(t, state["times"], state["values"]))


def average_speed(state, params, qid):
    i, j = params["interval"]
    t0, t1 = state["times"][i], state["times"][j]
    return int((_reading(state, t1) - _reading(state, t0)) / (t1 - t0))


def displacement(state, params, qid):
    k = params["segment"]
    t0, t1 = state["times"][k], state["times"][k + 1]
    ts = np.linspace(t0, t1, 101)
    vs = np.interp(ts, state["times"], state["values"])
    area = float(np.sum((vs[1:] + vs[:-1]) / 2 * np.diff(ts)))
    return int(round(area))


def speed_change(state, params, qid):
    k = params["segment"]
    t0, t1 = state["times"][k], state["times"][k + 1]
    speeds = [abs(_reading(state, t)) for t in np.linspace(t0, t1, 5)]
    if max(speeds) == 0:
        label = "at_rest"
    elif max(speeds) == min(speeds):
        label = "constant_speed"
    elif all(b > a for a, b in zip(speeds, speeds[1:])):
        label = "speeding_up"
    else:
        assert all(b < a for a, b in zip(speeds, speeds[1:]))
        label = "slowing_down"
    return "ABCD"[params["options"].index(label)]


SOLVERS = {
    P + "average_speed_value": average_speed,
    P + "interval_displacement_value": displacement,
    P + "speed_change_state_choice": speed_change,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["times"]) - 1)


def test_no_shortcuts():
    """Times and values are read off the axes: no label but the tick labels prints them."""
    tasks = scene_tasks(MOD)
    for name in ("average_speed_value", "interval_displacement_value"):
        check_no_shortcuts(tasks[P + name], seeds=(0, 1))
    check_no_shortcuts(tasks[P + "speed_change_state_choice"], seeds=(0,), answer=False)
