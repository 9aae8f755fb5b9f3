"""physics/thermal_mixing: independent solver (calorimetry: sum of m c dT = 0, solved numerically)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.thermal_mixing"
P = "task_physics__thermal_mixing__"


def final_temperature(state, params, qid):
    temps = state["temps"]
    m, c = 0.2, 4186.0               # any equal mass and the same specific heat
    lo, hi = min(temps), max(temps)
    for _ in range(100):             # bisection on the net heat gained by the cups
        tf = (lo + hi) / 2
        q = sum(m * c * (tf - t) for t in temps)
        lo, hi = (lo, tf) if q > 0 else (tf, hi)
    return round((lo + hi) / 2)


SOLVERS = {P + "final_temperature_value": final_temperature}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["temps"]))
test_no_answer_printed = shortcut_test(sorted(SOLVERS))


def test_known_case():
    assert final_temperature({"temps": [75, 55]}, {}, "single") == 65
    assert final_temperature({"temps": [10, 20, 75]}, {}, "single") == 35
