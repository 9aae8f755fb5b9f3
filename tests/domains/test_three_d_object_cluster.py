"""three_d/object_cluster: independent solvers written from the catalog programs."""

from taskcheck import check_scene_tasks, check_two_process_determinism

MOD = "tracegen.domains.three_d.object_cluster"
P = "task_three_d__object_cluster__"


def _objs(state):
    return state["objects"]


def color_count(state, params, qid):
    return len([o for o in _objs(state) if o["color"] == params["target_color"]])


def type_count(state, params, qid):
    return len([o for o in _objs(state) if o["shape"] == params["target_shape"]])


def _sets(state, params):
    shape_hits = {i for i, o in enumerate(_objs(state)) if o["shape"] == params["target_shape"]}
    color_hits = {i for i, o in enumerate(_objs(state)) if o["color"] == params["target_color"]}
    return shape_hits, color_hits


def and_count(state, params, qid):
    a, b = _sets(state, params)
    return len(a & b)


def or_count(state, params, qid):
    a, b = _sets(state, params)
    return len(a | b)


def xor_count(state, params, qid):
    a, b = _sets(state, params)
    return len(a ^ b)


def total(state, params, qid):
    return sum(1 for o in _objs(state) if o["shape"] in ("cube", "sphere", "cylinder", "cone"))


SOLVERS = {
    P + "color_membership_count": color_count,
    P + "object_type_count": type_count,
    P + "multi_attribute_and_count": and_count,
    P + "multi_attribute_or_count": or_count,
    P + "multi_attribute_xor_count": xor_count,
    P + "total_object_count": total,
}


def test_tasks():
    check_scene_tasks(MOD, SOLVERS, size_metric=lambda s: len(s["objects"]))


def test_two_process_determinism():
    check_two_process_determinism(MOD)


def test_objects_readable():
    """Every sampled state keeps objects in frame and not mostly hidden (proxy check)."""
    import numpy as np

    from tracegen.domains.three_d import object_cluster as m

    for d in (1, 2, 3):
        for s in range(30):
            st = m.SCENE.sample(np.random.default_rng(s), d)
            lo, hi = m.N_OBJECTS[d]
            assert lo <= len(st["objects"]) <= hi
            if st["visible_ok"]:
                assert m.proxy_ok(st)
