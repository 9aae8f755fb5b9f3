"""physics/manometer: independent solver from the drawn levels: the height difference is the
vertical distance of the two liquid surfaces over the drawing's pixels per centimetre, and
dp = rho g h with rho g in kPa per cm."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.manometer"
P = "task_physics__manometer__pressure_difference_value"


def dp(state, params, qid):
    ya, yb = state["levels_y"]
    h = abs(ya - yb) / state["ppc"]
    assert abs(h - round(h)) < 1e-6 and round(h) > 0
    return int(round(h)) * state["rho_g"]


SOLVERS = {P: dp}


def test_hand_checked():
    # 11 cm at 12 px/cm and 3 kPa/cm: 33 kPa
    assert dp({"levels_y": [400.0, 400.0 - 132.0], "ppc": 12.0, "rho_g": 3}, {}, "single") == 33


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: abs(s["a_cm"] - s["b_cm"]))
test_no_value_is_printed = shortcut_test([P])
