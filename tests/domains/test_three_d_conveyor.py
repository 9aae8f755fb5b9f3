"""three_d/conveyor: independent solvers written from the catalog programs.

Travel order is re-derived from the objects' positions along each belt and its running direction
(not from the list order the task code uses); belts are open, so pairs never wrap around.
"""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.three_d.conveyor"
P = "task_three_d__conveyor__"


def _ring(state, belt):
    """(list index, object) in travel order: by position along the belt in its running direction."""
    objs = list(enumerate(state["belts"][belt]))
    d = state["dir"][belt]
    return sorted(objs, key=lambda io: d * io[1]["x"])


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
    assert pa < pb, "A must come before B"
    return pb - pa - 1


def _pairs(state, params, attr):
    ring = [o[attr] for _, o in _ring(state, params["target_belt"])]
    first, second = params["pair_values"]
    n = len(ring)
    if n < 2:
        return 0
    return sum(ring[k] == first and ring[k + 1] == second for k in range(n - 1))


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
    P + "lane_object_type_count_arithmetic_value": arith,
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


def test_known_belt():
    """A hand-made belt running towards -x: positions 3, -1, 2, -4 travel in the order 3, 2, -1, -4
    (red, blue, red, blue by position); pairs do not wrap from the last object back to the first."""
    state = {"dir": {"a": -1}, "belts": {"a": [
        {"x": 3.0, "color": "red", "shape": "cube"}, {"x": -1.0, "color": "red", "shape": "cone"},
        {"x": 2.0, "color": "blue", "shape": "cube"}, {"x": -4.0, "color": "blue", "shape": "star"}]}}
    # order: 3 red cube, 2 blue cube, -1 red cone, -4 blue star
    assert _pairs(state, {"target_belt": "a", "pair_values": ["red", "blue"]}, "color") == 2
    assert _pairs(state, {"target_belt": "a", "pair_values": ["blue", "red"]}, "color") == 1
    assert _pairs(state, {"target_belt": "a", "pair_values": ["star", "cube"]}, "shape") == 0
    assert between(state, {"target_belt": "a", "marks": {"A": "obj:a:0", "B": "obj:a:3"}}, "single") == 2


def test_objects_visible_and_apart():
    import numpy as np

    from tracegen.domains.three_d import conveyor as m

    for d in (1, 2, 3):
        for s in range(4):
            st = m.SCENE.sample(np.random.default_rng(s), d)
            if not st["visible_ok"]:
                continue
            assert m.visible_ok(st)
            for b in m.BELTS:
                xs = sorted(o["x"] for o in st["belts"][b])
                assert all(x1 - x0 >= m.GAP - 1e-6 for x0, x1 in zip(xs, xs[1:]))
