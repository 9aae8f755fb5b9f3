"""three_d/carousel: independent solvers written from the catalog programs.

Travel order is re-derived from the objects' angles and each belt's turning direction (not from
the list order the task code uses), and pairs and gaps are walked around the closed loop.
"""

from belt_solvers import ordered, size, solvers
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.three_d.carousel"
P = "task_three_d__carousel__"


def _ring(state, belt):
    """(list index, object) in travel order starting from the smallest angle-walk position."""
    objs = list(enumerate(state["belts"][belt]))
    d = state["dir"][belt]
    return sorted(objs, key=lambda io: (d * io[1]["a"]) % 360.0)


between, _pairs = ordered(_ring, cyclic=True)
SOLVERS = solvers(P, _ring, cyclic=True, arith_id="belt_object_type_count_arithmetic_value")

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=size)
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
