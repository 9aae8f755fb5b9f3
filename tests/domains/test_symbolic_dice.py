"""symbolic/dice: independent solvers written from the catalog programs (enumerating the dice,
or every pair of dice, and counting the outcomes the event holds for), six cards drawn in the
image, and no die value printed anywhere but the cards."""

from fractions import Fraction
from itertools import product

import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.symbolic.dice"
P = "task_symbolic__dice__"


def letter(params, p: Fraction):
    text = f"{p.numerator}/{p.denominator}"
    assert params["options"].count(text) == 1, (text, params["options"])
    return "ABCDEF"[params["options"].index(text)]


def holds(prop, v):
    return {"odd": lambda: v % 2 == 1, "even": lambda: v % 2 == 0, "at_least": lambda: v >= prop.get("t", 0),
            "at_most": lambda: v <= prop.get("t", 0), "set": lambda: v in prop.get("set", ())}[prop["kind"]]()


def share(outcomes, event):
    outcomes = list(outcomes)
    return Fraction(sum(map(event, outcomes)), len(outcomes))


def single_attribute(state, params, qid):
    tray = state["trays"][0]
    prop = params["prop"]
    if qid in ("single_parity_probability", "single_value_set_probability"):
        return letter(params, share(tray, lambda d: holds(prop, d["v"])))
    both = qid == "single_color_and_value_probability"
    col = params["color"]
    return letter(params, share(tray, lambda d: (d["c"] == col) + holds(prop, d["v"]) >= (2 if both else 1)))


def single_threshold(state, params, qid):
    return letter(params, share(state["trays"][0], lambda d: holds(params["prop"], d["v"])))


def conditional(state, params, qid):
    tray = state["trays"][0]
    is_col = [d["c"] == params["color"] for d in tray]
    has = [holds(params["prop"], d["v"]) for d in tray]
    if qid == "conditional_value_property_given_color_probability":
        given, event = is_col, has
    else:
        given, event = has, is_col
    space = [e for g, e in zip(given, event) if g]
    return letter(params, share(space, bool))


def pairs(state):
    return list(product(*state["trays"]))


def pair_sum(state, params, qid):
    return letter(params, share(pairs(state), lambda o: o[0]["v"] + o[1]["v"] == params["sum"]))


def pair_difference(state, params, qid):
    return letter(params, share(pairs(state), lambda o: abs(o[0]["v"] - o[1]["v"]) == params["difference"]))


def pair_threshold(state, params, qid):
    t = params["threshold"]
    if qid == "pair_sum_at_least_probability":
        return letter(params, share(pairs(state), lambda o: o[0]["v"] + o[1]["v"] >= t))
    return letter(params, share(pairs(state), lambda o: o[0]["v"] + o[1]["v"] <= t))


def pair_combo(state, params, qid):
    if qid == "pair_parity_combo_probability":
        first = lambda d: holds(params["prop_a"], d["v"])  # noqa: E731
    else:
        first = lambda d: d["c"] == params["color"]  # noqa: E731
    return letter(params, share(pairs(state), lambda o: first(o[0]) and holds(params["prop_b"], o[1]["v"])))


SOLVERS = {
    P + "single_attribute_probability": single_attribute,
    P + "single_threshold_probability": single_threshold,
    P + "dice_conditional_event_value": conditional,
    P + "pair_sum_probability": pair_sum,
    P + "pair_difference_probability": pair_difference,
    P + "pair_sum_threshold_probability": pair_threshold,
    P + "pair_attribute_combo_probability": pair_combo,
}


def _size(s):
    return sum(len(t) for t in s["trays"]) + len({d["c"] for t in s["trays"] for d in t})


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


# the values are read off the pips: no drawn label (outside the cards) prints one
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_six_cards_drawn_in_the_image(tid):
    spec = registry.get(tid)
    inst = engine.generate(spec, seed=2, split="cards", index=0, encode=False)
    drawn = [t["text"] for t in inst.canvas.texts if t["kind"] == "option"]
    assert all(o in drawn for o in inst.trace["params"]["options"]) and set("ABCDEF") <= set(drawn)
    assert (inst.solution.options, inst.solution.options_in) == (6, "image")
    assert sum(e.startswith("die:") for e in inst.canvas.entities) == sum(len(t) for t in inst.trace["state"]["trays"])
