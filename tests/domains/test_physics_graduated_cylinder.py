"""physics/graduated_cylinder: independent solvers reading the drawn liquid heights against the
cylinder's scale (0 mL at y=452, full capacity at y=132), each on a tick."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.graduated_cylinder"
P = "task_physics__graduated_cylinder__"
Y0, Y1 = 452.0, 132.0


def read(state, y):
    ml = (Y0 - y) / (Y0 - Y1) * state["capacity"]
    ticks = ml / state["minor"]
    assert abs(ticks - round(ticks)) < 1e-3, "meniscus between ticks"
    assert 0 < ml < state["capacity"]
    return int(round(ml))


def volume(state, params, qid):
    assert state["panels"] == 1 and len(state["levels_y"]) == 1
    return read(state, state["levels_y"][0])


def displacement(state, params, qid):
    assert state["panels"] == 2
    before, after = (read(state, y) for y in state["levels_y"])
    assert after > before
    return after - before


SOLVERS = {P + "volume_readout_value": volume, P + "displacement_volume_value": displacement}


def test_hand_checked():
    st = {"capacity": 50, "minor": 5}
    assert read(st, Y0 - 0.3 * (Y0 - Y1)) == 15
    st = {"capacity": 100, "minor": 5, "panels": 2, "levels_y": [Y0 - 0.2 * 320, Y0 - 0.45 * 320]}
    assert displacement(st, {}, "single") == 25


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["capacity"] // s["minor"])
test_no_value_is_printed = shortcut_test(sorted(SOLVERS))
