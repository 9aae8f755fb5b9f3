"""physics/pv_diagram: independent solvers (W = integral of P dV; its sign is the sign of dV)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.pv_diagram"
P = "task_physics__pv_diagram__"


def sign_choice(state, params, qid):
    want = {"positive": 1, "negative": -1, "zero": 0}[params["target_sign"]]
    found = []
    for k, pn in enumerate(state["panels"]):
        dv = pn["dx"]                      # the arrow's horizontal component is the volume change
        s = (dv > 0) - (dv < 0)
        if s == want:
            found.append("ABCDEFGH"[k])
    assert len(found) == 1
    return found[0]


def work_value(state, params, qid):
    path = state["path"]
    # trapezoid rule along the path (exact for a straight isobaric segment)
    return int((path["p"] + path["p"]) / 2 * (path["v2"] - path["v1"]))


SOLVERS = {P + "pv_process_sign_choice": sign_choice, P + "pv_work_value": work_value}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["panels"]) + s["vmax"])
test_no_answer_printed = shortcut_test([P + "pv_work_value"])


def test_known_case():
    assert work_value({"path": {"p": 6, "v1": 2, "v2": 5}}, {}, "single") == 18
    assert work_value({"path": {"p": 3, "v1": 9, "v2": 4}}, {}, "single") == -15
    panels = [{"dx": 1, "dy": 0}, {"dx": 0, "dy": 1}, {"dx": -1, "dy": 0}]
    assert sign_choice({"panels": panels}, {"target_sign": "negative"}, "single") == "C"
