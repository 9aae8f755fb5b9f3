"""physics/magnetic_force: independent solver (numpy cross product F = q v x B)."""

import math

import numpy as np

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.magnetic_force"
P = "task_physics__magnetic_force__"


def _unit(angle):
    a = math.radians(angle)
    return np.array([math.cos(a), math.sin(a), 0.0])


def force(state, params, qid):
    z = np.array([0.0, 0.0, 1.0])                 # out of the page
    if state["mode"] == "perp_B":
        v, b = _unit(state["v_angle"]), z * (1 if state["field"] == "out" else -1)
    else:
        v, b = z * (1 if state["v_perp"] == "out" else -1), _unit(state["b_angle"])
    f = state["charge"] * np.cross(v, b)
    assert abs(f[2]) < 1e-9 and np.linalg.norm(f) > 0.5
    ang = math.degrees(math.atan2(f[1], f[0])) % 360
    hits = [k for k, o in enumerate(params["options"]) if abs((o - ang + 180) % 360 - 180) < 1e-6]
    assert len(hits) == 1
    return "ABCDEFGH"[hits[0]]


SOLVERS = {P + "force_direction_choice": force}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["variety"])


def test_known_case():
    opts = [0, 45, 90, 135, 180, 225, 270, 315]
    # a proton moving right in a field into the page is pushed up the page
    assert force({"mode": "perp_B", "v_angle": 0, "field": "in", "charge": 1}, {"options": opts}, "single") == "C"
    # an electron doing the same is pushed down
    assert force({"mode": "perp_B", "v_angle": 0, "field": "in", "charge": -1}, {"options": opts}, "single") == "G"
    # v out of the page, B to the right, positive charge: z x x = y, up the page
    assert force({"mode": "perp_v", "v_perp": "out", "b_angle": 0, "charge": 1}, {"options": opts}, "single") == "C"
