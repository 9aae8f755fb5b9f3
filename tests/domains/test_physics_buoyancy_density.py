"""physics/buoyancy_density: independent solver (Archimedes: weight = weight of displaced liquid)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.buoyancy_density"
P = "task_physics__buoyancy_density__"


def density(state, params, qid):
    # rho_obj * V * g = rho_liq * V_sub * g  ->  rho_obj = rho_liq * V_sub / V
    v_sub = state["submerged"] / state["parts"]
    return round(state["liquid"] * v_sub + 1e-9, 1)


SOLVERS = {P + "object_density_value": density}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["parts"])
test_no_answer_printed = shortcut_test(sorted(SOLVERS))


def test_known_case():
    # water (1.0 g/cm3) covering 3 of 5 parts: 0.6 g/cm3 (e.g. a wooden block)
    assert density({"submerged": 3, "parts": 5, "liquid": 1.0}, {}, "single") == 0.6
    assert density({"submerged": 1, "parts": 2, "liquid": 1.8}, {}, "single") == 0.9
