"""physics/shadow_cause: independent solvers written from the catalog programs."""

import numpy as np

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.shadow_cause"
P = "task_physics__shadow_cause__"
POST = np.array([450.0, 350.0])
H_OVER = 0.5           # post height over (lamp height - post height): the post is a third of the lamp height


def light_source(state, params, qid):
    # similar triangles: a lamp at horizontal offset D throws the post's top to POST + D * h / (L - h),
    # i.e. the shadow points straight away from the lamp; the lamp is opposite the shadow direction
    tip = np.array(state["tip"])
    away = tip - POST
    hits = []
    for k, lamp in enumerate(state["lamps"]):
        to_lamp = np.array(lamp) - POST
        opposite = np.dot(away, to_lamp) / (np.linalg.norm(away) * np.linalg.norm(to_lamp)) < -0.9999
        reach = abs(np.linalg.norm(away) - H_OVER * np.linalg.norm(to_lamp)) < 1.0
        if opposite and reach:
            hits.append(k)
    assert len(hits) == 1
    return "ABCDEFGH"[hits[0]]


SOLVERS = {P + "light_source_label": light_source}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["lamps"]))


def test_known_shadow():
    # shadow pointing straight down the picture: the lamp straight above the post
    st = {"tip": [450.0, 450.0], "lamps": [[450.0, 150.0], [650.0, 350.0], [450.0, 550.0], [250.0, 350.0]]}
    assert light_source(st, {}, "single") == "A"
