"""three_d/carousel: independent solvers written from the catalog programs.

Travel order is re-derived from the objects' angles and each belt's turning direction (not from
the list order the task code uses), and pairs and gaps are walked around the closed loop.
"""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.three_d.carousel"
P = "task_three_d__carousel__"


def _ring(state, belt):
    """(list index, object) in travel order starting from the smallest angle-walk position."""
    objs = list(enumerate(state["belts"][belt]))
    d = state["dir"][belt]
    return sorted(objs, key=lambda io: (d * io[1]["a"]) % 360.0)


def _count(state, belt, **want):
    return sum(all(o[k] == v for k, v in want.items()) for o in state["belts"][belt])


def total(state, params, qid):
    return len(state["belts"][params["target_belt"]])


def color(state, params, qid):
    return _count(state, params["target_belt"], color=params["target_color"])


def shape(state, params, qid):
    return _count(state, params["target_belt"], shape=params["target_shape"])


def both(state, params, qid):
    return _count(state, params["target_belt"], shape=params["target_shape"], color=params["target_color"])


def between(state, params, qid):
    belt = params["target_belt"]
    ring = [i for i, _ in _ring(state, belt)]
    a = int(params["marks"]["A"].split(":")[2])
    b = int(params["marks"]["B"].split(":")[2])
    pa, pb = ring.index(a), ring.index(b)
    return (pb - pa - 1) % len(ring)


def _pairs(state, params, attr):
    ring = [o[attr] for _, o in _ring(state, params["target_belt"])]
    first, second = params["pair_values"]
    n = len(ring)
    if n < 2:
        return 0
    return sum(ring[k] == first and ring[(k + 1) % n] == second for k in range(n))


def color_pairs(state, params, qid):
    return _pairs(state, params, "color")


def shape_pairs(state, params, qid):
    return _pairs(state, params, "shape")


def color_transfer(state, params, qid):
    src, dst = params["belts"]
    return len(state["belts"][dst]) + _count(state, src, color=params["target_color"])


def shape_transfer(state, params, qid):
    src, dst = params["belts"]
    return len(state["belts"][dst]) + _count(state, src, shape=params["target_shape"])


def arith(state, params, qid):
    a, b = (_count(state, belt, shape=params["target_shape"]) for belt in params["belts"])
    return a + b if qid == "total_count" else abs(a - b)


SOLVERS = {
    P + "belt_object_type_count_arithmetic_value": arith,
    P + "belt_total_object_count": total,
    P + "between_object_type_anchors_count": between,
    P + "color_ordered_adjacent_pair_count": color_pairs,
    P + "color_transfer_total_count": color_transfer,
    P + "object_type_ordered_adjacent_pair_count": shape_pairs,
    P + "object_type_transfer_total_count": shape_transfer,
    P + "scoped_belt_color_count": color,
    P + "scoped_belt_object_type_count": shape,
    P + "scoped_color_type_count": both,
}


def _size(state):
    return sum(len(v) for v in state["belts"].values())


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test([P + "between_object_type_anchors_count", P + "belt_total_object_count"])


def test_known_loop():
    """A hand-made clockwise ring: angles 300, 200, 100, 10 travelled clockwise give the cyclic order
    300 -> 200 -> 100 -> 10 -> back to 300."""
    state = {"dir": {"inner": -1}, "belts": {"inner": [
        {"a": 100.0, "color": "red", "shape": "cube"}, {"a": 10.0, "color": "blue", "shape": "cone"},
        {"a": 300.0, "color": "red", "shape": "cube"}, {"a": 200.0, "color": "blue", "shape": "star"}]}}
    # clockwise from 300: 300 (red), 200 (blue), 100 (red), 10 (blue) -> red->blue twice, blue->red twice
    assert _pairs(state, {"target_belt": "inner", "pair_values": ["red", "blue"]}, "color") == 2
    assert _pairs(state, {"target_belt": "inner", "pair_values": ["cube", "star"]}, "shape") == 1
    assert _pairs(state, {"target_belt": "inner", "pair_values": ["star", "cone"]}, "shape") == 0
    assert _pairs(state, {"target_belt": "inner", "pair_values": ["cube", "cone"]}, "shape") == 1
    # from the cube at 100 (index 0) clockwise to the star at 200 (index 3): 10, 300 lie between
    assert between(state, {"target_belt": "inner", "marks": {"A": "obj:inner:0", "B": "obj:inner:3"}}, "single") == 2


def test_objects_visible_and_apart():
    import math

    import numpy as np

    from tracegen.domains.three_d import carousel as m

    for d in (1, 2, 3):
        for s in range(4):
            st = m.SCENE.sample(np.random.default_rng(s), d)
            if not st["visible_ok"]:
                continue
            assert m.visible_ok(st)
            for b in m.BELTS:
                pts = [m.spot(b, o) for o in st["belts"][b]]
                for i, p in enumerate(pts):
                    for q in pts[i + 1:]:
                        assert math.hypot(p[0] - q[0], p[1] - q[1]) > 2 * m.TOKEN_R
