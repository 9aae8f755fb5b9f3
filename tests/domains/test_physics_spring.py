"""physics/spring: independent solvers written from the catalog programs."""

from fractions import Fraction

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.spring"
P = "task_physics__spring__"


def difference(state, params, qid):
    a, b = state["springs"]
    return abs(a["e"] - b["e"])


def missing(state, params, qid):
    ref, other = state["springs"]
    # identical springs: weight / extension is the same for both (Hooke's law, F = k x)
    if qid == "missing_weight_for_extension":
        assert state["unknown"] == "weight"
        v = Fraction(ref["w"] * other["e"], ref["e"])
    else:
        assert state["unknown"] == "extension"
        v = Fraction(ref["e"] * other["w"], ref["w"])
    assert v.denominator == 1
    return int(v)


SOLVERS = {P + "spring_extension_difference": difference, P + "spring_missing_value": missing}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["cm"])
test_no_value_is_printed = shortcut_test(sorted(SOLVERS))


def test_known_springs():
    # 4 N stretches the reference spring by 2 cm (k = 2 N/cm): 6 N stretches it by 3 cm
    st = {"springs": [{"w": 4, "e": 2}, {"w": 6, "e": 3}], "unknown": "extension"}
    assert missing(st, {}, "missing_extension_for_weight") == 3
    assert difference(st, {}, "single") == 1
