"""physics/hydraulic: independent solver (Pascal's law: one pressure F/A at every piston)."""

from fractions import Fraction

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.hydraulic"
P = "task_physics__hydraulic__"

SLOT = {"missing_input_area": ("input", "area"), "missing_input_force": ("input", "force"),
        "missing_output_force": ("output", "force"), "missing_piston_area": ("output", "area")}


def missing(state, params, qid):
    piston, quantity = SLOT[qid]
    pressure = Fraction(state["forces"]["reference"], state["areas"]["reference"])
    if quantity == "force":
        x = pressure * state["areas"][piston]
    else:
        x = Fraction(state["forces"][piston]) / pressure
    assert x.denominator == 1
    return int(x)


SOLVERS = {P + "hydraulic_missing_value": missing}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["pressure"])
test_no_answer_printed = shortcut_test(sorted(SOLVERS))


def test_known_case():
    # reference 20 N on 20 cm^2 -> 1 N/cm^2; a 4 cm^2 input piston needs 4 N
    st = {"forces": {"reference": 20, "input": 0, "output": 28}, "areas": {"reference": 20, "input": 4, "output": 28}}
    assert missing(st, {}, "missing_input_force") == 4
    st = {"forces": {"reference": 30, "input": 6, "output": 63}, "areas": {"reference": 10, "input": 2, "output": 21}}
    assert missing(st, {}, "missing_piston_area") == 21
