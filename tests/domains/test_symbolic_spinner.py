"""symbolic/spinner: independent solvers written from the catalog programs (brute-force outcomes)."""

from fractions import Fraction
from itertools import product

from taskcheck import scene_tests

MOD = "tracegen.domains.symbolic.spinner"
P = "task_symbolic__spinner__"


def _letter(params, p):
    text = f"{p.numerator}/{p.denominator}"
    opts = params["options"]
    assert opts.count(text) == 1, (text, opts)
    return "ABCDEF"[opts.index(text)]


def _prob(outcomes, event):
    outcomes = list(outcomes)
    return Fraction(sum(1 for o in outcomes if event(o)), len(outcomes))


def single(state, params, qid):
    secs = state["spinners"][0]["sectors"]
    if qid == "single_color_probability":
        return _letter(params, _prob(secs, lambda s: s["color"] == params["color"]))
    return _letter(params, _prob(secs, lambda s: s["shape"] == params["shape"]))


def _target(state, params):
    sec = state["spinners"][0]["sectors"][params["sector"]] if "sector" in params else None
    color = params.get("color", sec and sec["color"])
    shape = params.get("shape", sec and sec["shape"])
    return color, shape


def both_attr(state, params, qid):
    color, shape = _target(state, params)
    return _letter(params, _prob(state["spinners"][0]["sectors"],
                                 lambda s: s["color"] == color and s["shape"] == shape))


def either_attr(state, params, qid):
    color, shape = _target(state, params)
    return _letter(params, _prob(state["spinners"][0]["sectors"],
                                 lambda s: s["color"] == color or s["shape"] == shape))


def pair(state, params, qid):
    a, b = (sp["sectors"] for sp in state["spinners"])
    outcomes = list(product(a, b))
    if qid == "pair_same_color_probability":
        return _letter(params, _prob(outcomes, lambda o: o[0]["color"] == o[1]["color"]))
    c = params["color"]
    if qid == "pair_both_target_color_probability":
        return _letter(params, _prob(outcomes, lambda o: o[0]["color"] == c and o[1]["color"] == c))
    return _letter(params, _prob(outcomes, lambda o: o[0]["color"] == c or o[1]["color"] == c))


SOLVERS = {
    P + "single_attribute_probability": single,
    P + "multi_attribute_and_probability": both_attr,
    P + "multi_attribute_or_probability": either_attr,
    P + "pair_color_event_probability": pair,
}


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(len(sp["sectors"]) for sp in s["spinners"]))
