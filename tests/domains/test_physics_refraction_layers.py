"""physics/refraction_layers: independent solvers written from the catalog programs."""

import math

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.refraction_layers"
P = "task_physics__refraction_layers__"


def speed_order(state, params, qid):
    # Snell: sin(theta_i) / v_i is constant along the ray, so v_i is proportional to sin(theta_i)
    v = [math.sin(math.radians(a)) for a in state["angles"]]
    order = sorted(range(len(v)), key=lambda i: v[i], reverse=True)
    assert len(set(v)) == len(v)
    hits = [k for k, o in enumerate(state["options"]) if list(o) == order]
    assert len(hits) == 1
    return "ABCDEF"[hits[0]]


SOLVERS = {P + "medium_speed_order_label": speed_order}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["angles"]))


def test_known_layers():
    # the ray bends towards the normal into M2 (slower) and away from it into M3 (fastest)
    st = {"angles": [40, 25, 55], "options": [[0, 1, 2], [2, 0, 1], [1, 0, 2]]}
    assert speed_order(st, {}, "single") == "B"
