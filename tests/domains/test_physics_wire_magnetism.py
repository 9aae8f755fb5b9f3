"""physics/wire_magnetism: independent solver (Biot-Savart direction dl x r for a wire along z)."""

import math

import numpy as np

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.wire_magnetism"
P = "task_physics__wire_magnetism__"


def field_direction(state, params, qid):
    dl = np.array([0.0, 0.0, 1.0 if state["current"] == "out" else -1.0])     # z out of the page
    a = math.radians(state["p_angle"])
    r = np.array([math.cos(a), math.sin(a), 0.0])                              # wire -> P (y up the page)
    b = np.cross(dl, r)
    ang = math.degrees(math.atan2(b[1], b[0])) % 360
    hits = [k for k, o in enumerate(params["options"]) if abs((o - ang + 180) % 360 - 180) < 1e-6]
    assert len(hits) == 1
    return "ABCD"[hits[0]]


SOLVERS = {P + "wire_field_direction_choice": field_direction}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["positions"])


def test_known_case():
    # current out of the page, P above the wire: the field points left (counterclockwise circulation)
    assert field_direction({"current": "out", "p_angle": 90}, {"options": [0, 90, 180, 270]}, "single") == "C"
    # current into the page, P to the right: the field points down
    assert field_direction({"current": "in", "p_angle": 0}, {"options": [0, 90, 180, 270]}, "single") == "D"
