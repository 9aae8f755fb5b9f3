"""symbolic/braille_cell: independent solvers that read the drawn cells through the Unicode Braille
Patterns block (U+2800 + one bit per raised dot, the standard's own dot numbering), not the kit's
table; the kit's letters checked against it; the options drawn in the image."""

import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine
from tracegen.kits import codes

MOD = "tracegen.domains.symbolic.braille_cell"
P = "task_symbolic__braille_cell__"
# grade-1 letters a..z as Unicode Braille patterns
UNICODE = "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵"


def _dots(ch):
    bits = ord(ch) - 0x2800
    return frozenset(d for d in range(1, 7) if bits >> (d - 1) & 1)


LETTER_OF = {_dots(ch): chr(ord("a") + i) for i, ch in enumerate(UNICODE)}
DOTS_OF = {v: k for k, v in LETTER_OF.items()}


def _read(cells):
    return "".join(LETTER_OF[frozenset(c)] for c in cells)


def _letter(options, right):
    hits = [i for i, o in enumerate(options) if o == right]
    assert len(hits) == 1, (right, options)
    return "ABCDEFGH"[hits[0]]


def word_read(state, params, qid):
    return _letter(state["options"], _read(state["plate"]))


def pattern(state, params, qid):
    ref = frozenset(state["plate"][0])
    return _letter([frozenset(o) for o in state["options"]], ref)


def word_match(state, params, qid):
    return _letter([tuple(frozenset(c) for c in o) for o in state["options"]],
                   tuple(DOTS_OF[ch] for ch in state["word"]))


SOLVERS = {P + "braille_word_read_label": word_read, P + "matching_pattern_label": pattern,
           P + "word_braille_match_label": word_match}


def _size(s):
    return len(s["word"]) * (len(s["options"]) if s["layout"] == "word_match" else 1) + len(s["options"]) * (
        s["layout"] == "pattern")


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_kit_letters_are_the_standard_cells():
    assert {ch: frozenset(d) for ch, d in codes.BRAILLE.items()} == DOTS_OF


def test_vocabulary_words_are_lowercase_letters():
    assert all(w.isalpha() and w.islower() for w in codes.WORDS) and len(codes.WORDS) > 600


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_options_in_the_image(tid):
    spec = registry.get(tid)
    inst = engine.generate(spec, seed=3, split="cards", index=0, encode=False)
    n = inst.solution.options
    drawn = [t["text"] for t in inst.canvas.texts if t["kind"] == "option"]
    assert inst.solution.options_in == "image" and set("ABCDEFGH"[:n]) <= set(drawn)
    assert all(f"option:{x}" in inst.canvas.entities for x in "ABCDEFGH"[:n])
