"""symbolic/chemical_equation: independent solvers that count the atoms of each molecule with their own
formula reader (brackets expanded by repeated substitution), a check that every listed reaction is
balanced with coprime coefficients, and the atom chips drawn one per atom."""

import math
import re
from collections import Counter

import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine
from tracegen.domains.symbolic import chemical_equation as ce

MOD = "tracegen.domains.symbolic.chemical_equation"
P = "task_symbolic__chemical_equation__"


def count(formula):
    """{element: atoms} of a formula: innermost brackets multiplied out until none is left."""
    group = re.compile(r"\(([A-Za-z0-9]*)\)(\d*)")
    while "(" in formula:
        formula = group.sub(lambda m: m[1] * int(m[2] or 1), formula, count=1)
    out = Counter()
    for sym, n in re.findall(r"([A-Z][a-z]?)(\d*)", formula):
        out[sym] += int(n or 1)
    return out


def is_balanced(formulas, coefs, split):
    left, right = Counter(), Counter()
    for k, (f, n) in enumerate(zip(formulas, coefs)):
        side = left if k < split else right
        for sym, a in count(f).items():
            side[sym] += n * a
    return left == right


def option(state, params, qid):
    hits = [k for k, o in enumerate(state["options"]) if is_balanced(state["formulas"], o, state["split"])]
    assert len(hits) == 1
    return "ABCD"[hits[0]]


def missing(state, params, qid):
    k = state["blank"][0]
    fits = []
    for v in range(1, 30):
        coefs = list(state["coefs"])
        coefs[k] = v
        if is_balanced(state["formulas"], coefs, state["split"]):
            fits.append(v)
    assert len(fits) == 1
    return fits[0]


SOLVERS = {P + "balanced_option_label": option, P + "missing_coefficient_value": missing}


def _size(s):
    return len(s["formulas"]) + sum(s["coefs"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_shortcuts = shortcut_test([P + "balanced_option_label"])


def test_every_reaction_is_balanced_in_lowest_terms():
    for text, r in zip(ce.REACTIONS, ce.PARSED):
        assert is_balanced(r["formulas"], r["coefs"], r["split"]), text
        assert math.gcd(*r["coefs"]) == 1, text
        assert all(sum(count(f).values()) == len(ce.atoms(f)) and Counter(ce.atoms(f)) == count(f)
                   for f in r["formulas"]), text
    assert len(set(ce.REACTIONS)) == len(ce.REACTIONS)
    assert all(ce.level_of(r) for r in ce.PARSED)


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_one_chip_per_atom(tid):
    spec = registry.get(tid)
    inst = engine.generate(spec, seed=4, split="chips", index=0, encode=False)
    s = inst.trace["state"]
    drawn = Counter(t["text"] for t in inst.canvas.texts)
    want = Counter()
    for f in s["formulas"]:
        want.update(count(f))
    assert all(drawn[sym] >= n for sym, n in want.items())
    assert drawn["?"] == len(s["blank"])
