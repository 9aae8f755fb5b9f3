"""symbolic/music_staff, the reading tasks: note names, durations, articulations, key signatures and
scale-degree functions of numbered notes, answered on lettered cards below the staff.
"""

from __future__ import annotations

from tracegen.kits import music as mu

from .scene import LEAD, N_ITEMS, bar, cards, key_choice, note_ev, numbered, pick_item, random_pitch, staffed, task


# ---------------------------------------------------------------------- note names
def name_confusions(pitch: str, clef: str, key: int) -> list[str]:
    """Names a reader gets by slips: the neighbouring line or space, the other clef's reading,
    the key signature ignored, another accidental."""
    letter, acc, octave = mu.parse(pitch)
    out = []
    natural = mu.LETTERS[letter]
    if acc:
        out.append(natural)                                       # accidental / key signature ignored
    out += [mu.LETTERS[(letter + s) % 7] + mu.ACC_TEXT[acc] for s in (1, -1, 2, -2)]
    other = 12 if clef == "bass" else -12                         # the same position in the other clef
    out.append(mu.name_of(mu.from_diatonic(mu.diatonic(pitch) + other, acc)))
    out += [natural + mu.ACC_TEXT[a] for a in (1, -1, 0) if a != acc]
    out += [mu.LETTERS[(letter + s) % 7] for s in (1, -1, 3)]
    return out


@task("note_name_label", answer="string", annotation="bbox", ops="transformation")
def note_name_label(q):
    def build(s, r):
        d = s["level"]
        if d == 3:
            s["key"] = key_choice(r, d)
        key = s["key"] or 0
        pitches = []
        while len(pitches) < N_ITEMS[d]:
            p = random_pitch(r, s, d, acc_share=(0.25, 0.35, 0.3)[d - 1], key=key)
            if p not in pitches and mu.diatonic(p) not in [mu.diatonic(x) for x in pitches]:
                pitches.append(p)
        s["events"] = [note_ev([p]) for p in pitches]
        s["labels"] = numbered(s["events"])
        return s

    s = staffed(q, build)
    k = pick_item(q, len(s["events"]))
    pitch = s["events"][k]["p"][0]
    name = q.reads(mu.name_of(pitch))
    letter, opts = cards(q, name, name_confusions(pitch, s["clef"], s["key"] or 0))
    q.step("read_note", item=k + 1, clef=s["clef"], key=s["key"], pitch=pitch, name=name)
    key_note = " and key signature" if s["key"] else ""
    return q.answer(letter, witnesses=f"item:{k}",
                    question=(f"{LEAD} ({s['clef']} clef{key_note}) with numbered notes and lettered answer "
                              f"cards. Which card gives the pitch name of note {k + 1}? Answer with the card's "
                              "letter."))


# ---------------------------------------------------------------------- durations
NOTE_VALUES = {  # name -> (duration, dotted, rest)
    "whole note": ("whole", False, False), "half note": ("half", False, False),
    "quarter note": ("quarter", False, False), "eighth note": ("eighth", False, False),
    "sixteenth note": ("sixteenth", False, False), "dotted half note": ("half", True, False),
    "dotted quarter note": ("quarter", True, False), "dotted eighth note": ("eighth", True, False),
    "whole rest": ("whole", False, True), "half rest": ("half", False, True),
    "quarter rest": ("quarter", False, True), "eighth rest": ("eighth", False, True),
    "sixteenth rest": ("sixteenth", False, True),
}
VALUE_POOL = {1: list(NOTE_VALUES)[:5] + ["dotted half note"],
              2: list(NOTE_VALUES)[:8] + ["quarter rest", "half rest", "eighth rest"],
              3: list(NOTE_VALUES)}
# difficulty 3 names the duration by an equivalent group of shorter notes (in sixteenths)
GROUPS = {16: "4 quarter notes", 12: "3 quarter notes", 8: "2 quarter notes", 6: "3 eighth notes",
          4: "2 eighth notes", 3: "3 sixteenth notes", 2: "2 sixteenth notes", 10: "5 eighth notes",
          14: "7 eighth notes", 5: "5 sixteenth notes", 1: "2 thirty-second notes"}


def sixteenths(name: str) -> int:
    d, dot, _ = NOTE_VALUES[name]
    return int(mu.beats(d, dot) * 4)


@task("duration_equivalence_label", answer="string", annotation="bbox", ops="matching")
def duration_equivalence_label(q):
    def build(s, r):
        d = s["level"]
        pool = VALUE_POOL[d]
        names = [pool[int(i)] for i in r.permutation(len(pool))[:N_ITEMS[d]]]
        evs = []
        for nm in names:
            dur, dot, rest = NOTE_VALUES[nm]
            evs.append({"t": "r", "d": dur, "dot": dot, "v": nm} if rest else
                       note_ev([random_pitch(r, s, d, lo=-1, hi=9)], dur, dot, v=nm))
        s["events"], s["labels"] = evs, numbered(evs)
        return s

    s = staffed(q, build)
    k = pick_item(q, len(s["events"]))
    name = s["events"][k]["v"]
    rest = NOTE_VALUES[name][2]
    if q.difficulty < 3:
        # the other values, nearest first; a rest's cards also name the note of its length
        pool = sorted((n for n in NOTE_VALUES if n != name),
                      key=lambda n: (abs(sixteenths(n) - sixteenths(name)), NOTE_VALUES[n][2] != rest))
        correct, what = name, "the name of its note value"
    else:
        units = sixteenths(name)
        correct = GROUPS[units]
        pool = sorted((v for u, v in GROUPS.items() if u != units), key=lambda v: abs(
            next(u for u, x in GROUPS.items() if x == v) - units))
        what = "a group of notes lasting exactly as long"
    letter, opts = cards(q, correct, pool)
    kind = "rest" if rest else "note"
    q.step("read_duration", item=k + 1, value=name, sixteenths=sixteenths(name))
    return q.answer(letter, witnesses=f"item:{k}",
                    question=(f"{LEAD} with numbered notes and rests and lettered answer cards. Symbol {k + 1} is "
                              f"a {kind}. Which card gives {what}? Answer with the card's letter."))


# ---------------------------------------------------------------------- articulations
ARTICULATIONS = {1: ("staccato", "accent", "tenuto", "fermata"),
                 2: ("staccato", "accent", "tenuto", "fermata", "marcato"),
                 3: ("staccato", "accent", "tenuto", "fermata", "marcato", "staccatissimo")}
NEAR_ART = {"staccato": ("staccatissimo", "tenuto"), "staccatissimo": ("staccato", "marcato"),
            "accent": ("marcato", "tenuto"), "marcato": ("accent", "staccatissimo"),
            "tenuto": ("staccato", "accent"), "fermata": ("accent", "tenuto")}


@task("articulation_symbol_label", answer="string", annotation="point", ops="matching")
def articulation_symbol_label(q):
    def build(s, r):
        d = s["level"]
        pool = ARTICULATIONS[d]
        evs = [note_ev([random_pitch(r, s, d, lo=-1, hi=9)], art=pool[int(r.integers(len(pool)))])
               for _ in range(N_ITEMS[d])]
        s["events"], s["labels"] = evs, numbered(evs)
        return s

    s = staffed(q, build)
    k = pick_item(q, len(s["events"]))
    art = s["events"][k]["art"]
    pool = list(NEAR_ART[art]) + [a for a in ARTICULATIONS[3] if a != art]
    letter, opts = cards(q, art, pool, k=4)
    q.step("read_articulation", item=k + 1, mark=art)
    return q.answer(letter, witnesses=f"art:{k}",
                    question=(f"{LEAD} with numbered notes, each with an articulation mark, and lettered answer "
                              f"cards. Which card names the articulation mark on note {k + 1}? Answer with the "
                              "card's letter."))


# ---------------------------------------------------------------------- key signatures
def key_confusions(fifths: int) -> list[str]:
    """Keys a reader gets by slips: one fifth off, the same count of the other accidental, the
    last sharp's letter (instead of a half step above it), the last flat (instead of the one
    before it)."""
    out = [mu.KEY_OF_FIFTHS[f] for f in (fifths + 1, fifths - 1, -fifths) if f in mu.KEY_OF_FIFTHS and f != fifths]
    if fifths > 0:
        out.append(mu.SHARP_ORDER[fifths - 1])
    elif fifths < 0:
        out.append(mu.SHARP_ORDER[::-1][-fifths - 1] + "b")
    out += [mu.KEY_OF_FIFTHS[f] for f in (fifths + 2, fifths - 2, fifths + 3, fifths - 3) if f in mu.KEY_OF_FIFTHS]
    return [f"{k} major" for k in out if k in mu.MAJOR_KEYS] + [f"{k} major" for k in mu.MAJOR_KEYS]


@task("key_signature_label", answer="string", annotation="bbox", ops="matching")
def key_signature_label(q):
    def build(s, r):
        d = s["level"]
        s["key"] = key_choice(r, d) if d > 1 else int(r.integers(-2, 3))
        evs = [note_ev([random_pitch(r, s, d, lo=-1, hi=9, key=s["key"])]) for _ in range(3 + d)]
        s["events"] = evs + [bar()]
        return s

    s = staffed(q, build)
    fifths = s["key"]
    key = mu.KEY_OF_FIFTHS[fifths]
    letter, opts = cards(q, f"{key} major", key_confusions(fifths))
    q.step("read_key_signature", fifths=fifths, key=f"{key} major")
    return q.answer(letter, witnesses="key_signature",
                    question=(f"{LEAD} ({s['clef']} clef) with a key signature and lettered answer cards. Which card "
                              "names the major key this key signature indicates? Answer with the card's letter."))


# ---------------------------------------------------------------------- scale degrees
FUNCTIONS = ("tonic", "supertonic", "mediant", "subdominant", "dominant", "submediant", "leading tone")


def in_key_pitch(r, s, d, fifths, *, lo=None, hi=None) -> str:
    return random_pitch(r, s, d, key=fifths, lo=lo, hi=hi)


@task("scale_degree_function_label", answer="string", annotation="bbox_map", ops="formula_evaluation,matching")
def scale_degree_function_label(q):
    def build(s, r):
        d = s["level"]
        s["key"] = key_choice(r, d)
        pitches = []
        while len(pitches) < N_ITEMS[d]:
            p = in_key_pitch(r, s, d, s["key"])
            if mu.diatonic(p) not in [mu.diatonic(x) for x in pitches]:
                pitches.append(p)
        s["events"] = [note_ev([p]) for p in pitches]
        s["labels"] = numbered(s["events"])
        return s

    s = staffed(q, build)
    key = mu.KEY_OF_FIFTHS[s["key"]]
    k = pick_item(q, len(s["events"]))
    pitch = s["events"][k]["p"][0]
    names = mu.scale_names(key)
    degree = names.index(q.reads(mu.name_of(pitch)))
    fn = FUNCTIONS[degree]
    pool = [FUNCTIONS[(degree + j) % 7] for j in (1, -1, 2, -2, 3, -3)]
    letter, opts = cards(q, fn, pool)
    q.step("scale_degree", key=f"{key} major", item=k + 1, pitch=pitch, degree=degree + 1, function=fn)
    return q.answer(letter, witnesses={"key_signature": "key_signature", "note": f"item:{k}"},
                    question=(f"{LEAD} ({s['clef']} clef) in {key} major, with its key signature, numbered notes and "
                              f"lettered answer cards. In {key} major, which card gives the scale-degree function of "
                              f"note {k + 1}? Answer with the card's letter."))
