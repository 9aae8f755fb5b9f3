"""physics/lever: independent solvers written from the catalog programs."""

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.lever"
P = "task_physics__lever__"


def side_torque(state, params, qid):
    want_left = params["side"] == "left"
    return sum(w["value"] * abs(w["pos"]) for w in state["weights"] if (w["pos"] < 0) == want_left)


def missing_weight(state, params, qid):
    u = state["unknown"]
    unknown = state["weights"][u]
    # moments about the pivot (counter-clockwise positive) must sum to zero
    moment = sum(-w["value"] * w["pos"] for k, w in enumerate(state["weights"]) if k != u)
    x = moment / unknown["pos"]
    assert x == int(x) and x > 0
    return int(x)


SOLVERS = {
    P + "side_torque_value": side_torque,
    P + "missing_weight_balance_value": missing_weight,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["weights"]))
