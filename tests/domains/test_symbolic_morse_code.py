"""symbolic/morse_code: independent solvers that decode the drawn codes with their own table (the
ITU-R M.1677-1 letters written out below), not the kit's; the kit's table checked against it; the
options drawn in the image; the codes drawn with the standard's spacing."""

import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine
from tracegen.kits import codes

MOD = "tracegen.domains.symbolic.morse_code"
P = "task_symbolic__morse_code__"
ITU = ("A .- B -... C -.-. D -.. E . F ..-. G --. H .... I .. J .--- K -.- L .-.. M -- N -. O --- P .--. "
       "Q --.- R .-. S ... T - U ..- V ...- W .-- X -..- Y -.-- Z --..")
_PAIRS = ITU.split()
CODE_OF = {_PAIRS[i].lower(): _PAIRS[i + 1] for i in range(0, len(_PAIRS), 2)}
LETTER_OF = {v: k for k, v in CODE_OF.items()}


def _letter(options, right):
    hits = [i for i, o in enumerate(options) if o == right]
    assert len(hits) == 1, (right, options)
    return "ABCD"[hits[0]]


def read(state, params, qid):
    return _letter(state["options"], "".join(LETTER_OF[c] for c in state["code"]))


def match(state, params, qid):
    return _letter(state["options"], [CODE_OF[ch] for ch in state["word"]])


SOLVERS = {P + "morse_word_read_label": read, P + "word_morse_match_label": match}


def _size(s):
    return len(s["word"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_kit_table_is_the_itu_table():
    assert codes.MORSE == CODE_OF


def test_width_follows_the_standard_spacing():
    # "sos": ... --- ... = 3 dots + 3 dashes (9 units) + 3 dots, 6 gaps inside letters, 2 gaps of 3 units
    assert codes.morse_width(["...", "---", "..."], 1.0) == 3 + 9 + 3 + 6 + 6


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_options_in_the_image(tid):
    spec = registry.get(tid)
    for d in (1, 3):
        inst = engine.generate(spec, seed=3, split="cards", index=0, difficulty=d, encode=False)
        drawn = [t["text"] for t in inst.canvas.texts if t["kind"] == "option"]
        assert inst.solution.options_in == "image" and set("ABCD") <= set(drawn)
        assert all(f"option:{x}" in inst.canvas.entities for x in "ABCD")
