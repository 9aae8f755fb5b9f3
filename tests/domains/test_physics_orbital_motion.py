"""physics/orbital_motion: independent solvers written from the catalog programs."""

import math

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.orbital_motion"
P = "task_physics__orbital_motion__"


def focus(state, params, qid):
    a, b = state["a"], state["b"]
    # the foci are the two points whose distances to any orbit point sum to 2a: check on a few orbit points
    hits = []
    for k, (u, v) in enumerate(state["points"]):
        other = (-u, -v)
        sums = [math.dist((a * math.cos(t), b * math.sin(t)), (u, v)) +
                math.dist((a * math.cos(t), b * math.sin(t)), other) for t in (0.3, 1.1, 2.0, 4.0, 5.5)]
        if all(abs(s_ - 2 * a) < 1.5 for s_ in sums):
            hits.append(k)
    assert len(hits) == 1
    return "ABCDEF"[hits[0]]


def speed(state, params, qid):
    a = state["a"]
    sun = (state["sun"], 0.0)
    # vis-viva: v^2 = GM (2/r - 1/a) falls with the distance r to the Sun
    v = [math.sqrt(2 / math.dist(p, sun) - 1 / a) for p in state["points"]]
    pick = max(v) if qid == "greatest_speed_position_label" else min(v)
    assert sorted(v).count(pick) == 1
    return "ABCD"[v.index(pick)]


SOLVERS = {P + "focus_location_label": focus, P + "orbital_speed_extremum_label": speed}


def _size(state):
    return round(100 * state["b"] / state["a"])          # rounder orbits are the harder ones


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def test_known_orbit():
    # a = 5, b = 3: foci at (+-4, 0); the planet is fastest at perihelion (5, 0) with the Sun at (4, 0)
    st = {"a": 5.0, "b": 3.0, "sun": 4.0, "points": [[0.0, 3.0], [5.0, 0.0], [-5.0, 0.0], [0.0, -3.0]]}
    assert speed(st, {}, "greatest_speed_position_label") == "B"
    assert speed(st, {}, "least_speed_position_label") == "C"
    st = {"a": 5.0, "b": 3.0, "points": [[0.0, 0.0], [2.0, 0.0], [0.0, 4.0], [-4.0, 0.0], [1.0, 1.0], [3.0, 1.0]]}
    assert focus(st, {}, "single") == "D"
