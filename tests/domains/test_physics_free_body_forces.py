"""physics/free_body_forces: independent solvers written from the catalog programs."""

import math

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.free_body_forces"
P = "task_physics__free_body_forces__"

UNIT = {"right": 0.0, "up": 90.0, "left": 180.0, "down": 270.0}
HEADING = {"right": 0, "up-right": 45, "up": 90, "up-left": 135, "left": 180, "down-left": 225, "down": 270,
           "down-right": 315}


def net_direction(state, params, qid):
    fx = sum(f["mag"] * math.cos(math.radians(UNIT[f["dir"]])) for f in state["forces"])
    fy = sum(f["mag"] * math.sin(math.radians(UNIT[f["dir"]])) for f in state["forces"])
    assert math.hypot(fx, fy) > 1e-9
    heading = math.degrees(math.atan2(fy, fx)) % 360
    hits = [k for k, name in enumerate(params["options"])
            if min(abs(heading - HEADING[name]), 360 - abs(heading - HEADING[name])) < 1e-6]
    assert len(hits) == 1
    return "ABCDEFGH"[hits[0]]


SOLVERS = {P + "net_force_direction_choice": net_direction}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["forces"]))


def test_known_forces():
    # 5 N right, 2 N left, 11 N + 2 N up, 8 N + 2 N down: net (3, 3) N, up and to the right
    st = {"forces": [{"dir": "left", "mag": 2}, {"dir": "up", "mag": 2}, {"dir": "down", "mag": 2},
                     {"dir": "up", "mag": 11}, {"dir": "down", "mag": 8}, {"dir": "right", "mag": 5}]}
    opts = ["down", "down-right", "up-left", "left", "down-left", "up-right", "right", "up"]
    assert net_direction(st, {"options": opts}, "single") == "F"
