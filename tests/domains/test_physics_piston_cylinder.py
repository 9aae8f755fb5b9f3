"""physics/piston_cylinder: independent solver (isobaric boundary work W = integral of P dV)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.piston_cylinder"
P = "task_physics__piston_cylinder__"


def work(state, params, qid):
    # W = P * dV; MPa * L = 1e6 Pa * 1e-3 m^3 = 1e3 J = 1 kJ
    joules = state["pressure"] * 1e6 * (state["v_final"] - state["v_initial"]) * 1e-3
    return round(joules / 1e3)


SOLVERS = {P + "boundary_work_value": work}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["vmax"])
test_no_answer_printed = shortcut_test(sorted(SOLVERS))


def test_known_case():
    assert work({"pressure": 5, "v_initial": 1, "v_final": 4}, {}, "single") == 15
    assert work({"pressure": 4, "v_initial": 7, "v_final": 4}, {}, "single") == -12
