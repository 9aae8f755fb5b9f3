"""symbolic/music_staff: independent solvers written from the catalog programs with their own
music theory (a keyboard of semitones, the whole/half-step pattern of the major scale, the
circle of fifths walked by letters and semitones), the engraving rule of the notation kit on
hand-made cases, answer cards drawn in the image, and no pitch name printed outside the cards."""

import re

import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine
from tracegen.kits import music as mu

MOD = "tracegen.domains.symbolic.music_staff"
P = "task_symbolic__music_staff__"
WHITE = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
ORDER = "CDEFGAB"


def split(p):
    m = re.fullmatch(r"([A-G])([#b]*)(\d)", p)
    letter, acc, octave = m.groups()
    return letter, acc.count("#") - acc.count("b"), int(octave)


def key_number(p):
    letter, acc, octave = split(p)
    return 12 * octave + WHITE[letter] + acc


def step_number(p):
    letter, _, octave = split(p)
    return 7 * octave + ORDER.index(letter)


def pname(p):
    return p.rstrip("0123456789")


def major_scale(tonic):
    """Spell the scale by walking letters and the W W H W W W H pattern."""
    letter, acc, _ = split(tonic + "4")
    out, semi = [], WHITE[letter] + acc
    for k, stepw in enumerate((0, 2, 2, 1, 2, 2, 2)):
        semi += stepw
        lt = ORDER[(ORDER.index(letter) + k) % 7]
        a = (semi - WHITE[lt] + 6) % 12 - 6
        out.append(lt + ("#" * a if a > 0 else "b" * -a))
    return out


def key_of(fifths):
    """Walk the circle of fifths from C: up a perfect fifth (4 letters, 7 semitones) per sharp."""
    letter, semi = "C", 0
    for _ in range(abs(fifths)):
        letter = ORDER[(ORDER.index(letter) + (4 if fifths > 0 else 3)) % 7]
        semi = (semi + (7 if fifths > 0 else 5)) % 12
    a = (semi - WHITE[letter] + 6) % 12 - 6
    return letter + ("#" * a if a > 0 else "b" * -a)


def interval_of(a, b):
    lo, hi = sorted((a, b), key=step_number)
    n = step_number(hi) - step_number(lo) + 1
    size = key_number(hi) - key_number(lo)
    if n in (1, 4, 5, 8):
        q = {-1: "diminished", 0: "perfect", 1: "augmented"}[size - {1: 0, 4: 5, 5: 7, 8: 12}[n]]
    else:
        q = {-2: "diminished", -1: "minor", 0: "major", 1: "augmented"}[size - {2: 2, 3: 4, 6: 9, 7: 11}[n]]
    word = {2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th", 8: "octave"}[n]
    return f"{q} {word}"


def root_of(notes):
    """The note every other note lies a 3rd, 5th or 7th (in letters) above."""
    for r in notes:
        if all((step_number(x) - step_number(r)) % 7 in (0, 2, 4, 6) for x in notes):
            return r
    raise AssertionError(notes)


def letter(params, value):
    opts = params["options"]
    assert opts.count(value) == 1, (value, opts)
    return "ABCDEF"[opts.index(value)]


def item_notes(state, params):
    lab = state["labels"][params["item"]]
    return [p for e in state["events"][lab["from"]:lab["to"] + 1] if e["t"] == "n" for p in e["p"]]


def note_name(state, params, qid):
    return letter(params, pname(item_notes(state, params)[0]))


SIXTEENTHS = {"whole": 16, "half": 8, "quarter": 4, "eighth": 2, "sixteenth": 1}


def duration(state, params, qid):
    ev = [e for e in state["events"] if e["t"] in ("n", "r")][params["item"]]
    units = SIXTEENTHS[ev["d"]] * (3 if ev["dot"] else 2) // 2
    for opt in params["options"]:
        m = re.fullmatch(r"(\d+) (quarter|eighth|sixteenth|thirty-second) notes", opt)
        if m and int(m.group(1)) * {"quarter": 4, "eighth": 2, "sixteenth": 1, "thirty-second": 0.5}[m.group(2)] \
                == units:
            return letter(params, opt)
        if not m:
            words = opt.split()
            dotted = words[0] == "dotted"
            base = SIXTEENTHS[words[1 if dotted else 0]]
            kind = words[-1]
            if base * (3 if dotted else 2) // 2 == units and (kind == "rest") == (ev["t"] == "r"):
                return letter(params, opt)
    raise AssertionError("no matching card")


def articulation(state, params, qid):
    return letter(params, state["events"][params["item"]]["art"])


def key_signature(state, params, qid):
    return letter(params, f"{key_of(state['key'])} major")


FUNCS = ["tonic", "supertonic", "mediant", "subdominant", "dominant", "submediant", "leading tone"]
NUMERALS = ["I", "ii", "iii", "IV", "V", "vi", "vii°"]


def scale_degree(state, params, qid):
    scale = major_scale(key_of(state["key"]))
    return letter(params, FUNCS[scale.index(pname(item_notes(state, params)[0]))])


def interval(state, params, qid):
    a, b = item_notes(state, params)
    return letter(params, interval_of(a, b))


def chord_quality(state, params, qid):
    notes = sorted(item_notes(state, params), key=key_number)
    gaps = tuple(key_number(b) - key_number(a) for a, b in zip(notes, notes[1:]))
    name = {(4, 3): "major triad", (3, 4): "minor triad", (3, 3): "diminished triad", (4, 4): "augmented triad",
            (4, 3, 4): "major seventh", (3, 4, 3): "minor seventh", (4, 3, 3): "dominant seventh",
            (3, 3, 4): "half-diminished seventh", (3, 3, 3): "diminished seventh"}[gaps]
    return letter(params, name)


def inversion(state, params, qid):
    notes = item_notes(state, params)
    root = root_of(notes)
    bass = min(notes, key=step_number)
    k = {0: 0, 2: 1, 4: 2, 6: 3}[(step_number(bass) - step_number(root)) % 7]
    return letter(params, ["root position", "first inversion", "second inversion", "third inversion"][k])


def roman(state, params, qid):
    scale = major_scale(key_of(state["key"]))
    notes = item_notes(state, params)
    assert all(pname(n) in scale for n in notes)
    return letter(params, NUMERALS[scale.index(pname(root_of(notes)))])


def meter(state, params, qid):
    n = 0
    for lab in state["labels"]:
        top, bottom = state["events"][lab["from"]]["sig"]
        kind = "compound" if top % 3 == 0 and top > 3 else "simple"
        beats = top // 3 if kind == "compound" else top
        count = ["duple", "triple", "quadruple"][beats - 2]
        n += params["meter"] in (kind, count, f"{kind} {count}")
    return n


def groups(state):
    for lab in state["labels"]:
        yield [e["p"][0] for e in state["events"][lab["from"]:lab["to"] + 1]]


def scale_validation(state, params, qid):
    scale = set(major_scale(key_of(state["named_key"])))
    return sum(all(pname(p) in scale for p in g) for g in groups(state))


def transposed(state, params, qid):
    n, q = params["interval"]
    word = {2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th", 8: "octave"}[n]
    return sum(step_number(b) > step_number(a) and interval_of(a, b) == f"{q} {word}" for a, b in groups(state))


SOLVERS = {
    P + "note_name_label": note_name,
    P + "duration_equivalence_label": duration,
    P + "articulation_symbol_label": articulation,
    P + "key_signature_label": key_signature,
    P + "scale_degree_function_label": scale_degree,
    P + "interval_name_label": interval,
    P + "chord_quality_label": chord_quality,
    P + "chord_inversion_label": inversion,
    P + "roman_numeral_label": roman,
    P + "meter_type_count": meter,
    P + "scale_validation_count": scale_validation,
    P + "transposed_pitch_pair_count": transposed,
}


def _size(s):
    """Notes, accidentals away from the staff's naturals, the key, the bass clef and ledger lines."""
    pitches = [p for e in s["events"] if e["t"] == "n" for p in e["p"]]
    bottom = 30 if s["clef"] == "treble" else 18
    ledger = sum(step_number(p) - bottom < -1 or step_number(p) - bottom > 9 for p in pitches)
    return (len(pitches) + sum(split(p)[1] != 0 for p in pitches) + abs(s["key"] or 0) + 2 * ledger
            + 3 * (s["clef"] == "bass") + len(s["events"]))


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


READS = [t for t in SOLVERS if not t.endswith(("duration_equivalence_label", "articulation_symbol_label",
                                              "key_signature_label", "meter_type_count"))]


# pitches are read off staff positions: no drawn label (outside the cards) names one
test_no_shortcuts = shortcut_test(READS, answer=False)


CARDS = {"articulation_symbol_label": 4, "chord_inversion_label": 4}


@pytest.mark.parametrize("tid", [t for t in SOLVERS if t.endswith("_label")])
def test_cards_drawn_in_the_image(tid):
    spec = registry.get(tid)
    want = CARDS.get(spec.objective, 6)
    for d in (1, 3):
        inst = engine.generate(spec, seed=3, split="cards", index=0, difficulty=d, encode=False)
        opts = inst.trace["params"]["options"]
        drawn = [t["text"] for t in inst.canvas.texts if t["kind"] == "option"]
        assert len(opts) == want and all(o in drawn for o in opts) and set("ABCDEF"[:want]) <= set(drawn)
        assert inst.solution.options == want and inst.solution.options_in == "image"


def test_engraving_rule():
    """Accidentals are drawn where the key signature or an earlier accidental in the measure
    would give another note, and only there."""
    shown = mu.Staff.shown_accidentals
    # G major: F# needs nothing, F natural a natural sign; C# a sharp, then C# again nothing,
    # then C natural a natural sign; a new measure starts from the key signature again
    assert shown([[["F#4"], ["F4"], ["C#5"], ["C#5"], ["C5"]], [["C5"], ["F4"]]], 1) == \
        [[[None], [0], [1], [None], [0]], [[None], [0]]]
    # accidentals belong to one line or space: F#4 does not alter F5
    assert shown([[["F#4"], ["F5"]]], 0) == [[[1], [None]]]
    assert shown([[["Bb3", "D4", "F4"]]], -1) == [[[None, None, None]]]
    assert shown([[["Ebb4"], ["Eb4"]]], -2) == [[[-2], [-1]]]


def test_theory_helpers_against_tables():
    assert mu.scale_names("F#") == major_scale("F#") and mu.scale_names("Db") == major_scale("Db")
    assert all(mu.KEY_OF_FIFTHS[f] == key_of(f) for f in range(-7, 8))
    assert mu.stack("B3", (3, 3, 3)) == ["B3", "D4", "F4", "Ab4"]
    assert mu.above("F#4", 3, "minor") == "A4" and mu.above("Eb4", 4, "augmented") == "A4"
    assert mu.interval("E4", "Bb4") == (5, "diminished") and interval_of("C4", "C5") == "perfect octave"


def test_staff_positions():
    st = mu.Staff(0, 100, 50, 10, "treble")
    assert st.y("E4") == 90 and st.y("F5") == 50 and st.y("C4") == 100
    bass = mu.Staff(0, 100, 50, 10, "bass")
    assert bass.y("G2") == 90 and bass.y("A3") == 50 and bass.y("C4") == 40
