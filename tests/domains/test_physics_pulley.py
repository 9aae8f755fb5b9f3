"""physics/pulley: independent solvers written from the catalog programs."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.pulley"
P = "task_physics__pulley__"


def ideal_pulley(state, params, qid):
    # equilibrium of the movable block: every supporting strand carries the rope tension (= effort)
    support = state["strands"]
    if qid == "missing_effort_force_value":
        assert state["unknown"] == "effort" and state["load"] % support == 0
        return state["load"] // support
    assert state["unknown"] == "load"
    return state["effort"] * support


SOLVERS = {P + "pulley_mechanical_advantage": ideal_pulley}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["strands"] + len(s["cuts"]))
test_no_value_is_printed = shortcut_test(sorted(SOLVERS))


def test_known_block_and_tackle():
    # four strands hold the movable block: a 68 N load needs 17 N of effort
    st = {"strands": 4, "cuts": ["left"], "cut_lengths": [90], "effort": 17, "load": 68, "unknown": "effort"}
    assert ideal_pulley(st, {}, "missing_effort_force_value") == 17
