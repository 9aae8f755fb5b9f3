"""symbolic/abacus: independent solvers from the soroban rule (the digits of each board as a place-value
number), and the drawing read back bead by bead: on every rod the upper bead touches the beam
exactly when the digit is 5 or more, and the lower beads stacked against the beam number the
digit's remainder."""

import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.symbolic.abacus"
P = "task_symbolic__abacus__"


def _number(digits):
    return int("".join(str(d) for d in digits))


def _letter(options, right):
    hits = [i for i, o in enumerate(options) if o == right]
    assert len(hits) == 1, (right, options)
    return "ABCDEF"[hits[0]]


def value(state, params, qid):
    return _letter(state["options"], _number(state["boards"][0]))


def digit(state, params, qid):
    return _letter(state["options"], state["boards"][0][state["column"]])


def boards(state, params, qid):
    return _letter([_number(b) for b in state["boards"]], state["target"])


SOLVERS = {P + "displayed_value_readout": value, P + "place_digit_readout": digit,
           P + "target_value_match_label": boards}


def _size(s):
    return sum(len(b) for b in s["boards"]) + len(s["options"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def _read_rod(ents, prefix, k):
    """The digit a rod shows, from where its beads are drawn."""
    beam = ents[f"{prefix}beam"]["box"]
    up = ents[f"{prefix}bead:{k}:5"]["box"]
    gap = beam[1] - up[3]
    five = gap < (up[3] - up[1]) * 0.5
    lower = sorted((ents[f"{prefix}bead:{k}:{j}"]["box"] for j in range(4)), key=lambda b: b[1])
    edge, ones = beam[3], 0
    for b in lower:
        if b[1] - edge > (b[3] - b[1]) * 0.5:
            break
        ones, edge = ones + 1, b[3]
    return 5 * five + ones


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_beads_show_the_digits(tid):
    spec = registry.get(tid)
    for d in (1, 2, 3):
        inst = engine.generate(spec, seed=d, split="beads", index=0, difficulty=d, encode=False)
        state, ents = inst.trace["state"], inst.canvas.entities
        prefixes = ["ABCDEF"[i] + ":" for i in range(6)] if state["layout"] == "boards" else [""]
        for prefix, digits in zip(prefixes, state["boards"]):
            assert [_read_rod(ents, prefix, k) for k in range(len(digits))] == digits


def test_every_digit_reads_back():
    from tracegen.core.canvas import Canvas
    from tracegen.core.style import Style
    from tracegen.domains.symbolic.abacus import draw_abacus

    for digits in ([0, 1, 2, 3, 4], [5, 6, 7, 8, 9]):
        c = Canvas(900, 600, Style(), 1.0)
        draw_abacus(c, (20, 20, 880, 580), digits)
        assert [_read_rod(c.entities, "", k) for k in range(5)] == digits
