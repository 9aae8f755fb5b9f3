"""physics/thermometer: independent solver reading the column top against the scale (low end at
y=404, high end at y=96), checking it sits on a tick, and converting with exact fractions."""

from fractions import Fraction

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.thermometer"
P = "task_physics__thermometer__temperature_conversion_value"
Y0, Y1 = 404.0, 96.0


def read(state):
    span = state["step"] * state["ticks"]
    t = state["lo"] + (Y0 - state["level_y"]) / (Y0 - Y1) * span
    k = (t - state["lo"]) / state["step"]
    assert abs(k - round(k)) < 1e-3, "column top between ticks"
    return int(round(t))


def convert(state, params, qid):
    t = read(state)
    if qid == "celsius_to_fahrenheit_value":
        assert state["unit"] == "C"
        out = Fraction(9, 5) * t + 32
    else:
        assert state["unit"] == "F"
        out = (t - 32) * Fraction(5, 9)
    assert out.denominator == 1
    return int(out)


SOLVERS = {P: convert}


def test_hand_checked():
    st = {"unit": "F", "lo": 20, "step": 2, "ticks": 50, "level_y": Y0 - (68 - 20) / 100 * (Y0 - Y1)}
    assert convert(st, {}, "fahrenheit_to_celsius_value") == 20
    st = {"unit": "C", "lo": -20, "step": 1, "ticks": 60, "level_y": Y0 - (25 + 20) / 60 * (Y0 - Y1)}
    assert convert(st, {}, "celsius_to_fahrenheit_value") == 77


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["ticks"])
test_no_value_is_printed = shortcut_test([P])
