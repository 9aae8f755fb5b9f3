"""symbolic/radial_code_wheel: independent solvers that build the code -> output table from the rings
(a sector's children are the next ring's sectors in the same angular order), and the drawing
checked against it: every sector's letter lies inside its parent's angular span and every output
label beside its outer sector.  (No shortcut check: the ring symbols are the letters A-E by design,
the option letters' alphabet.)"""

import math

import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.symbolic.radial_code_wheel"
P = "task_symbolic__radial_code_wheel__"


def table(state):
    b1, b2, b3 = state["branch"]
    out, leaf = {}, 0
    for i, x in enumerate(state["inner"]):
        for j, y in enumerate(state["middle"][i]):
            for z in state["outer"][i * b2 + j]:
                out[x + y + z] = state["outputs"][leaf]
                leaf += 1
    assert leaf == b1 * b2 * b3 == len(set(state["outputs"]))
    return out


def code_output(state, params, qid):
    opts = state["options"]
    return "ABCDEF"[opts.index(table(state)[state["code"]])]


def missing(state, params, qid):
    t = table(state)
    fits = [sym for sym in "ABCDE" if t.get(state["code"].replace("?", sym)) == state["target"]]
    assert len(fits) == 1
    return fits[0]


def match(state, params, qid):
    t = table(state)
    hits = [k for k, code in enumerate(state["options"]) if t[code] == state["target"]]
    assert len(hits) == 1
    return "ABCDEF"[hits[0]]


SOLVERS = {P + "code_output_label": code_output, P + "missing_code_symbol_label": missing,
           P + "output_code_match_label": match}


def _size(s):
    return len(s["outputs"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


@pytest.mark.parametrize("d", (1, 2, 3))
def test_sectors_nest_inside_their_parents(d):
    spec = registry.get(P + "code_output_label")
    inst = engine.generate(spec, seed=d, split="nest", index=0, difficulty=d, encode=False)
    state, ents = inst.trace["state"], inst.canvas.entities
    cx, cy = ents["start"]["point"]
    b1, b2, b3 = state["branch"]

    def angle(eid):
        x, y = ents[eid]["point"]
        return math.degrees(math.atan2(x - cx, cy - y))

    def within(a, b, half):
        return abs((a - b + 180) % 360 - 180) < half

    n = b1 * b2 * b3
    for m in range(n):
        assert within(angle(f"ring:2:{m}"), angle(f"ring:1:{m // b3}"), 180 / (b1 * b2))
        assert within(angle(f"output:{m}"), angle(f"ring:2:{m}"), 180 / n)
    for m in range(b1 * b2):
        assert within(angle(f"ring:1:{m}"), angle(f"ring:0:{m // b2}"), 180 / b1)
