"""physics/analog_meter: independent solver reading the needle's angle against the arc scale
(zero at 150 degrees, full scale at 30 degrees), plus a hand-checked face."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.analog_meter"
P = "task_physics__analog_meter__meter_readout_value"


def readout(state, params, qid):
    kind = {"ammeter_readout": "ammeter", "voltmeter_readout": "voltmeter"}[qid]
    assert state["kind"] == kind
    assert state["unit"] in ({"A", "mA"} if kind == "ammeter" else {"V", "mV"})
    full = state["step"] * state["ticks"]
    frac = (150.0 - state["needle_deg"]) / 120.0
    ticks = frac * state["ticks"]
    assert abs(ticks - round(ticks)) < 1e-4, "needle between ticks"
    assert 0 < round(ticks) < state["ticks"]
    return int(round(frac * full))


SOLVERS = {P: readout}


def test_hand_checked():
    # 0-100 scale in tens: the needle straight up (90 degrees) is half scale, 50
    st = {"kind": "voltmeter", "unit": "V", "step": 10, "ticks": 10, "needle_deg": 90.0}
    assert readout(st, {}, "voltmeter_readout") == 50
    st = {"kind": "ammeter", "unit": "mA", "step": 1, "ticks": 20, "needle_deg": 150.0 - 120 * 7 / 20}
    assert readout(st, {}, "ammeter_readout") == 7


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["ticks"])
test_no_value_is_printed = shortcut_test([P])
