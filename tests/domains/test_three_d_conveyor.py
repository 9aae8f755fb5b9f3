"""three_d/conveyor: independent solvers written from the catalog programs.

Travel order is re-derived from the objects' positions along each belt and its running direction
(not from the list order the task code uses); belts are open, so pairs never wrap around.
"""

from belt_solvers import ordered, size, solvers
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.three_d.conveyor"
P = "task_three_d__conveyor__"


def _ring(state, belt):
    """(list index, object) in travel order: by position along the belt in its running direction."""
    objs = list(enumerate(state["belts"][belt]))
    d = state["dir"][belt]
    return sorted(objs, key=lambda io: d * io[1]["x"])


between, _pairs = ordered(_ring, cyclic=False)
SOLVERS = solvers(P, _ring, cyclic=False, arith_id="lane_object_type_count_arithmetic_value")

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=size)
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
