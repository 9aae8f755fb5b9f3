"""three_d/object_cluster: independent solvers written from the catalog programs."""

from collections import Counter

from taskcheck import check_no_shortcuts, scene_tests

MOD = "tracegen.domains.three_d.object_cluster"
P = "task_three_d__object_cluster__"


def _objs(state):
    return state["objects"]


def _tally(state, attr):
    return Counter(o[attr] for o in _objs(state))


def color_count(state, params, qid):
    return _tally(state, "color")[params["target_color"]]


def type_count(state, params, qid):
    return _tally(state, "shape")[params["target_shape"]]


def _pairs(state):
    return Counter((o["shape"], o["color"]) for o in _objs(state))


def and_count(state, params, qid):
    return _pairs(state)[(params["target_shape"], params["target_color"])]


def or_count(state, params, qid):
    s, c = params["target_shape"], params["target_color"]
    return sum(k for (sh, co), k in _pairs(state).items() if sh == s or co == c)


def xor_count(state, params, qid):
    s, c = params["target_shape"], params["target_color"]
    return sum(k for (sh, co), k in _pairs(state).items() if (sh == s) ^ (co == c))


def exclusion_count(state, params, qid):
    s, c = params["target_shape"], params["target_color"]
    return sum(k for (sh, co), k in _pairs(state).items() if sh == s and co != c)


def total(state, params, qid):
    return len(_objs(state))


def _arith(counts, keys, qid):
    a, b = (counts[k] for k in keys)
    return a + b if qid == "total_count" else abs(a - b)


def color_arith(state, params, qid):
    return _arith(_tally(state, "color"), params["target_colors"], qid)


def type_arith(state, params, qid):
    return _arith(_tally(state, "shape"), params["target_shapes"], qid)


def counterfactual(state, params, qid):
    """Simulate the edits on a multiset of (shape, colour) and count the predicate at the end."""
    bag = _pairs(state)
    for e in params["edits"]:
        key = (e["shape"], e["color"])
        bag[key] += e["delta"]
        assert bag[key] >= 0, "an edit removes objects that are not there"
    kind, s, c = params["predicate"], params["target_shape"], params["target_color"]
    keep = {"shape": lambda sh, co: sh == s, "color": lambda sh, co: co == c,
            "both": lambda sh, co: sh == s and co == c}[kind]
    return sum(k for (sh, co), k in bag.items() if keep(sh, co))


SOLVERS = {
    P + "color_membership_count": color_count,
    P + "object_type_count": type_count,
    P + "multi_attribute_and_count": and_count,
    P + "multi_attribute_or_count": or_count,
    P + "multi_attribute_xor_count": xor_count,
    P + "total_object_count": total,
    P + "multi_attribute_exclusion_count": exclusion_count,
    P + "color_count_arithmetic": color_arith,
    P + "object_type_count_arithmetic": type_arith,
    P + "counterfactual_count": counterfactual,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["objects"]),
                                                       seeds_per_combo=2)


def test_no_printed_answer():
    """The scene draws no text at all; the count is only in the picture."""
    from tracegen import registry

    check_no_shortcuts(registry.get(P + "total_object_count"), seeds=(0,))


def test_clusters_are_big_and_readable():
    """Reference-sized worlds (6-20 objects, difficulty 3 beyond), every object in frame and not
    mostly hidden (proxy check), objects never interpenetrate."""
    import math

    import numpy as np

    from tracegen.domains.three_d import object_cluster as m

    for d in (1, 2, 3):
        sizes = []
        for s in range(12):
            st = m.SCENE.sample(np.random.default_rng(s), d)
            (lo, hi), n_shapes, n_colors = m.LEVELS[d]
            objs = st["objects"]
            assert lo <= len(objs) <= hi and len(st["shapes"]) == n_shapes and len(st["colors"]) == n_colors
            if st["visible_ok"]:
                assert m.proxy_ok(st)
                for i, a in enumerate(objs):
                    for b in objs[i + 1:]:
                        assert math.hypot(a["x"] - b["x"], a["y"] - b["y"]) > a["r"] + b["r"]
            sizes.append(len(objs))
        assert max(sizes) >= {1: 8, 2: 11, 3: 16}[d]
