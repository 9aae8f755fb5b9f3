"""three_d/room: independent solvers from the catalog programs (wall coordinates re-derived here)."""

import math

from taskcheck import scene_tests

MOD = "tracegen.domains.three_d.room"
P = "task_three_d__room__"
L = "ABCDEF"


def _centre(state, o):
    W, D = state["room"]
    x, y = {"back": (o["u"], D - 0.02), "left": (-W / 2 + 0.02, o["u"]), "right": (W / 2 - 0.02, o["u"])}[o["wall"]]
    return x, y, o["v"]


def _eye(state):
    cm = state["camera"]
    return cm["ex"], cm["ey"], cm["ez"]


def _letter(state, i):
    return L[state["cands"].index(i)]


def nearest(state, params, qid):
    e = _eye(state)
    objs = state["wall_objects"]
    return _letter(state, min(state["cands"], key=lambda i: math.dist(e, _centre(state, objs[i]))))


def same_wall(state, params, qid):
    objs = state["wall_objects"]
    hits = [i for i in state["cands"] if objs[i]["wall"] == objs[state["ref"]]["wall"]]
    assert len(hits) == 1
    return _letter(state, hits[0])


def _along(o):
    # seen from inside: the back wall runs +x to the right, the left wall +y, the right wall -y
    return {"back": o["u"], "left": o["u"], "right": -o["u"]}[o["wall"]]


def side(state, params, qid):
    objs = state["wall_objects"]
    ref = objs[state["ref"]]
    same = [i for i in state["cands"] if objs[i]["wall"] == ref["wall"]]
    if qid.startswith("left"):
        hits = [i for i in same if _along(objs[i]) < _along(ref)]
    else:
        hits = [i for i in same if _along(objs[i]) > _along(ref)]
    assert len(hits) == 1
    return _letter(state, hits[0])


SOLVERS = {P + "wall_object_camera_distance_label": nearest, P + "wall_object_same_wall_reference_label": same_wall,
           P + "wall_object_side_relation_label": side}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["furniture"]),
                                                       seeds_per_combo=2)


def test_known_room():
    """Hand-checked: on the right wall (x = +W/2, facing +x from inside), the point nearer the camera
    (smaller y) is on the viewer's right; on the left wall the deeper point is on the right."""
    a, b = {"wall": "right", "u": 2.0}, {"wall": "right", "u": 5.0}
    assert _along(a) > _along(b)
    a, b = {"wall": "left", "u": 2.0}, {"wall": "left", "u": 5.0}
    assert _along(a) < _along(b)
