"""physics/fluid_flow: independent solver (continuity: equal volume flow rate Q = A v at both stations)."""

from fractions import Fraction

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.fluid_flow"
P = "task_physics__fluid_flow__"


def missing_speed(state, params, qid):
    u = state["unknown"]
    k = 1 - u
    q = Fraction(state["areas"][k], 10_000) * state["speeds"][k]      # m^3/s
    v = q / Fraction(state["areas"][u], 10_000)
    assert v.denominator == 1
    return int(v)


SOLVERS = {P + "continuity_speed_value": missing_speed}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["amax"])
test_no_answer_printed = shortcut_test(sorted(SOLVERS))


def test_known_case():
    assert missing_speed({"areas": [10, 5], "speeds": [0, 8], "unknown": 0}, {}, "single") == 4
    assert missing_speed({"areas": [12, 4], "speeds": [5, 0], "unknown": 1}, {}, "single") == 15
