"""symbolic/music_staff, the tasks over groups of notes: interval names of bracketed note pairs,
chord qualities, inversions and roman numerals of numbered chords, meter types of four
measures, scale fragments that fit a key and note pairs that are a given interval apart.

Groups are separated by bar lines, so an accidental never carries from one group to the next.
Difficulty adds accidentals, seventh chords, inversions, the bass clef and rarer meters, and
the distractor groups sit one semitone or one spelling away from a match.
"""

from __future__ import annotations

from tracegen.kits import music as mu

from . import scene as ms

task = ms.SCENE.task
LEAD = ms.LEAD


def grouped(s, groups):
    """Events for note groups separated by bar lines, with a numbered bracket over each group."""
    events, spans = [], []
    for g, group in enumerate(groups):
        if g:
            events.append(ms.bar())
        start = len(events)
        events += group
        spans.append((start, len(events) - 1))
    events.append(ms.bar())
    s["events"], s["labels"] = events, ms.numbered(events, spans, bracket=True)
    return s


def fits(s, d, pitches) -> bool:
    allowed = ms.clef_range(s, d)
    return all(mu.diatonic(p) in allowed and abs(mu.parse(p)[1]) <= (2 if d == 3 else 1) for p in pitches)


def all_intervals():
    out = []
    for n in range(2, 9):
        quals = ("diminished", "perfect", "augmented") if n in mu.PERFECT else (
            "diminished", "minor", "major", "augmented")
        for ql in quals:
            base = mu.PERFECT.get(n, mu.MAJOR.get(n))
            shift = {"perfect": 0, "major": 0, "minor": -1, "augmented": 1,
                     "diminished": -1 if n in mu.PERFECT else -2}[ql]
            out.append((n, ql, base + shift))
    return out


INTERVALS = all_intervals()


def near_intervals(number: int, quality: str) -> list[str]:
    """Interval names closest to ``number``/``quality`` (same size spelled otherwise first)."""
    size = next(sz for n, ql, sz in INTERVALS if n == number and ql == quality)
    ranked = sorted(((abs(sz - size) + abs(n - number), mu.interval_name(n, ql)) for n, ql, sz in INTERVALS
                     if (n, ql) != (number, quality)))
    return [name for _, name in ranked]


# ---------------------------------------------------------------------- intervals
COMMON = ("minor", "major", "perfect")


@task("interval_name_label", answer="string", annotation="bbox", ops="formula_evaluation,matching")
def interval_name_label(q):
    def build(s, r):
        d = s["level"]
        pairs = []
        while len(pairs) < (4, 4, 5)[d - 1]:
            low = ms.random_pitch(r, s, d, acc_share=(0.0, 0.35, 0.5)[d - 1], hi=RANGE_TOP(d) - 4)
            n = int(r.integers(2, 9))
            quals = [ql for nn, ql, _ in INTERVALS if nn == n and (d == 3 or ql in COMMON)]
            try:
                high = mu.above(low, n, quals[int(r.integers(len(quals)))]) if d > 1 else mu.from_diatonic(
                    mu.diatonic(low) + n - 1)
            except ValueError:
                continue
            if not fits(s, d, [low, high]):
                continue
            pair = [low, high] if (d < 3 or r.random() < 0.6) else [high, low]
            pairs.append([ms.note_ev([p]) for p in pair])
        return grouped(s, pairs)

    s = ms.staffed(q, build)
    k = ms.pick_item(q, len(s["labels"]))
    lab = s["labels"][k]
    a, b = (s["events"][i]["p"][0] for i in (lab["from"], lab["to"]))
    q.reads(mu.name_of(a), mu.name_of(b))
    low, high = sorted((a, b), key=mu.diatonic)
    number, quality = mu.interval(low, high)
    name = mu.interval_name(number, quality)
    letter, opts = ms.cards(q, name, near_intervals(number, quality))
    q.step("interval", pair=k + 1, notes=[a, b], number=number, semitones=mu.semis(high) - mu.semis(low), name=name)
    return q.answer(letter, witnesses=f"item:{k}",
                    question=(f"{LEAD} ({s['clef']} clef) with numbered brackets over note pairs and lettered answer "
                              f"cards. Which card names the interval between the two notes of pair {k + 1}? Answer "
                              "with the card's letter."))


def RANGE_TOP(d):
    return ms.RANGE[d][1]


# ---------------------------------------------------------------------- chords
SHAPES = {"major triad": (4, 3), "minor triad": (3, 4), "diminished triad": (3, 3), "augmented triad": (4, 4),
          "major seventh": (4, 3, 4), "minor seventh": (3, 4, 3), "dominant seventh": (4, 3, 3),
          "half-diminished seventh": (3, 3, 4), "diminished seventh": (3, 3, 3)}
TRIADS = tuple(list(SHAPES)[:4])
INVERSIONS = ("root position", "first inversion", "second inversion", "third inversion")


def chord_notes(r, s, d, shape, *, root_acc_share=0.0, inversion=0):
    """A close-position chord of ``shape`` on a random root, inverted ``inversion`` times, or
    None when it does not fit the staff."""
    allowed = ms.clef_range(s, d)
    top = 2 * len(shape) if inversion == 0 else 2 * inversion + 5      # the highest note above the root
    bottom = 2 * inversion                                              # the lowest note above the root
    roots = [x for x in range(allowed[0] - bottom, allowed[-1] + 1) if allowed[0] <= x + bottom
             and x + top <= allowed[-1]]
    root = mu.from_diatonic(int(r.choice(roots)))
    if r.random() < root_acc_share:
        letter, _, octave = mu.parse(root)
        root = mu.make(letter, int(r.choice([-1, 1])), octave)
    try:
        notes = mu.stack(root, shape)
    except ValueError:
        return None
    for i in range(inversion):
        letter, acc, octave = mu.parse(notes[i])
        notes[i] = mu.make(letter, acc, octave + 1)
    notes = sorted(notes, key=mu.diatonic)
    return notes if fits(s, d, notes) else None


def chord_groups(s, r, d, n, pick):
    groups = []
    while len(groups) < n:
        spec = pick(r)
        notes = chord_notes(r, s, d, SHAPES[spec[0]], root_acc_share=spec[1], inversion=spec[2])
        if notes:
            groups.append([ms.note_ev(notes, "whole" if d == 1 and r.random() < 0.3 else "quarter",
                                      q=spec[0], inv=spec[2])])
    return grouped(s, groups)


@task("chord_quality_label", answer="string", annotation="bbox", ops="formula_evaluation,matching")
def chord_quality_label(q):
    def build(s, r):
        d = s["level"]
        pool = TRIADS if d == 1 else tuple(SHAPES)
        return chord_groups(s, r, d, (4, 4, 5)[d - 1],
                            lambda r: (pool[int(r.integers(len(pool)))], (0.0, 0.2, 0.5)[d - 1], 0))

    s = ms.staffed(q, build)
    k = ms.pick_item(q, len(s["labels"]))
    chord = s["events"][s["labels"][k]["from"]]
    q.reads(*[mu.name_of(p) for p in chord["p"]])
    quality = chord["q"]
    same = [n for n in SHAPES if (n in TRIADS) == (quality in TRIADS)]
    letter, opts = ms.cards(q, quality, same + list(SHAPES))
    q.step("chord_quality", chord=k + 1, notes=chord["p"], quality=quality)
    return q.answer(letter, witnesses=f"item:{k}",
                    question=(f"{LEAD} ({s['clef']} clef) with numbered chords in root position and lettered answer "
                              f"cards. Which card gives the quality of chord {k + 1}? Answer with the card's letter."))


@task("chord_inversion_label", answer="string", annotation="bbox", ops="matching")
def chord_inversion_label(q):
    def build(s, r):
        d = s["level"]
        pool = TRIADS[:2] + ("dominant seventh",) if d == 1 else tuple(SHAPES)

        def pick(r):
            name = pool[int(r.integers(len(pool)))]
            return name, (0.0, 0.15, 0.4)[d - 1], int(r.integers(len(SHAPES[name]) + 1))

        return chord_groups(s, r, d, (4, 4, 5)[d - 1], pick)

    s = ms.staffed(q, build)
    k = ms.pick_item(q, len(s["labels"]))
    chord = s["events"][s["labels"][k]["from"]]
    q.reads(*[mu.name_of(p) for p in chord["p"]])
    inv = INVERSIONS[chord["inv"]]
    letter, opts = ms.cards(q, inv, INVERSIONS, k=4)
    q.step("inversion", chord=k + 1, notes=chord["p"], quality=chord["q"], inversion=inv)
    return q.answer(letter, witnesses=f"item:{k}",
                    question=(f"{LEAD} ({s['clef']} clef) with numbered chords built in thirds and lettered answer "
                              f"cards. Which card describes the inversion of chord {k + 1}? Answer with the card's "
                              "letter."))


NUMERALS = ("I", "ii", "iii", "IV", "V", "vi", "vii°")


@task("roman_numeral_label", answer="string", annotation="bbox_map", ops="formula_evaluation,matching")
def roman_numeral_label(q):
    def build(s, r):
        d = s["level"]
        s["key"] = ms.key_choice(r, d)
        tonic = mu.parse(mu.KEY_OF_FIFTHS[s["key"]] + "4")[0]
        groups = []
        while len(groups) < (4, 4, 5)[d - 1]:
            deg = int(r.integers(7))
            inv = int(r.integers(3)) if d == 3 else 0
            base = [dd for dd in ms.clef_range(s, d) if dd % 7 == (tonic + deg) % 7
                    and dd + 4 + (7 if inv else 0) <= mu.CLEF_BOTTOM[s["clef"]] + ms.RANGE[d][1]]
            if not base:
                continue
            root = int(r.choice(base))
            ds = [root, root + 2, root + 4]
            for i in range(inv):
                ds[i] += 7
            notes = [mu.in_key(mu.from_diatonic(x), s["key"]) for x in sorted(ds)]
            groups.append([ms.note_ev(notes, deg=deg, inv=inv)])
        return grouped(s, groups)

    s = ms.staffed(q, build)
    key = mu.KEY_OF_FIFTHS[s["key"]]
    k = ms.pick_item(q, len(s["labels"]))
    chord = s["events"][s["labels"][k]["from"]]
    q.reads(*[mu.name_of(p) for p in chord["p"]])
    deg = chord["deg"]
    numeral = NUMERALS[deg]
    letter, opts = ms.cards(q, numeral, [NUMERALS[(deg + j) % 7] for j in (1, -1, 2, -2, 3, -3)])
    q.step("roman_numeral", key=f"{key} major", chord=k + 1, notes=chord["p"], degree=deg + 1, numeral=numeral)
    inv_note = " Some chords may be inverted." if q.difficulty == 3 else ""
    return q.answer(letter, witnesses={"key_signature": "key_signature", "chord": f"item:{k}"},
                    question=(f"{LEAD} ({s['clef']} clef) in {key} major, with its key signature, numbered chords "
                              f"and lettered answer cards.{inv_note} In {key} major, which card gives the roman "
                              f"numeral of chord {k + 1}? Answer with the card's letter."))


# ---------------------------------------------------------------------- meters
SIMPLE = {1: ((2, 4), (3, 4), (4, 4)), 2: ((2, 4), (3, 4), (4, 4), (2, 2), (3, 8), (3, 2)),
          3: ((2, 4), (3, 4), (4, 4), (2, 2), (3, 8), (3, 2), (2, 8), (4, 8), (4, 2), (3, 16))}
COMPOUND = {1: ((6, 8), (9, 8), (12, 8)), 2: ((6, 8), (9, 8), (12, 8), (6, 4)),
            3: ((6, 8), (9, 8), (12, 8), (6, 4), (9, 4), (6, 16), (9, 16), (12, 16))}
METER_TYPES = {1: ("simple", "compound"), 2: ("simple", "compound", "duple", "triple", "quadruple"),
               3: ("simple", "compound", "duple", "triple", "quadruple", "simple duple", "simple triple",
                   "simple quadruple", "compound duple", "compound triple", "compound quadruple")}
METER_SUPPORT = (0, 1, 2, 3, 3, 3, 4, 4, 4, 4)   # the reference's counts lean to 3 and 4 of 4
FILL = ((4.0, "whole", False), (3.0, "half", True), (2.0, "half", False), (1.5, "quarter", True),
        (1.0, "quarter", False), (0.75, "eighth", True), (0.5, "eighth", False), (0.25, "sixteenth", False))


def meter_type(sig) -> tuple[str, str]:
    top = sig[0]
    if top in (6, 9, 12):
        return "compound", {2: "duple", 3: "triple", 4: "quadruple"}[top // 3]
    return "simple", {2: "duple", 3: "triple", 4: "quadruple"}[top]


def meter_matches(sig, wanted: str) -> bool:
    kind, count = meter_type(sig)
    return wanted in (kind, count, f"{kind} {count}")


def measure_notes(r, s, d, sig):
    """Notes and rests filling one measure of ``sig`` exactly."""
    left = sig[0] * 4 / sig[1]
    out = []
    while left > 1e-9:
        cand = [f for f in FILL if f[0] <= left + 1e-9 and (abs(left - f[0]) < 1e-9 or left - f[0] >= 0.25)]
        if len(out) >= 1 + d:
            f = cand[0]
        else:                            # shorter values (more notes) at higher difficulty
            lo, hi = ((0, 2), (0, 4), (1, 8))[d - 1]
            pick = cand[lo:hi] or cand
            f = pick[int(r.integers(len(pick)))]
        left -= f[0]
        if d > 1 and r.random() < 0.15:
            out.append({"t": "r", "d": f[1], "dot": f[2]})
        else:
            out.append(ms.note_ev([ms.random_pitch(r, s, d)], f[1], f[2]))
    return out


@task("meter_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def meter_type_count(q):
    wanted = q.choice("meter", METER_TYPES[q.difficulty])
    t = q.target(METER_SUPPORT, stratified=True)

    def build(s, r):
        d = s["level"]
        pool = SIMPLE[d] + COMPOUND[d]
        yes = [g for g in pool if meter_matches(g, wanted)]
        no = [g for g in pool if not meter_matches(g, wanted)]
        sigs = [yes[int(r.integers(len(yes)))] for _ in range(t)] + [no[int(r.integers(len(no)))]
                                                                    for _ in range(4 - t)]
        sigs = [sigs[int(i)] for i in r.permutation(4)]
        events, spans = [], []
        for sig in sigs:
            start = len(events)
            events.append({"t": "time", "sig": list(sig)})
            events += measure_notes(r, s, d, sig)
            spans.append((start, len(events) - 1))
            events.append(ms.bar())
        s["events"], s["labels"] = events, ms.numbered(events, spans, bracket=True)
        return s

    s = ms.staffed(q, build)
    sigs = [s["events"][lab["from"]]["sig"] for lab in s["labels"]]
    hits = [i for i, g in enumerate(sigs) if meter_matches(g, wanted)]
    q.step("classify", meters=[f"{a}/{b} {' '.join(meter_type((a, b)))}" for a, b in sigs], wanted=wanted)
    return q.answer(len(hits), witnesses=[f"item:{i}" for i in hits],
                    question=(f"{LEAD} with four numbered measures, each with its own time signature. How many of "
                              f"the measures are in {wanted} meter?"))


# ---------------------------------------------------------------------- scale fragments
@task("scale_validation_count", answer="integer", annotation="bbox_set", ops="filtering,counting,matching")
def scale_validation_count(q):
    t = q.target(range(5), stratified=True)

    def build(s, r):
        d = s["level"]
        fifths = ms.key_choice(r, d)
        s["key"] = fifths if d < 3 else None
        s["named_key"] = fifths
        length = (5, 5, 6)[d - 1]
        good = [True] * t + [False] * (4 - t)
        good = [good[int(i)] for i in r.permutation(4)]
        groups = []
        while len(groups) < 4:
            start = int(r.choice(ms.clef_range(s, d, hi=ms.RANGE[d][1] - length + 1)))
            notes = [mu.in_key(mu.from_diatonic(start + j), fifths) for j in range(length)]
            if not good[len(groups)]:
                j = int(r.integers(1, length))
                letter, acc, octave = mu.parse(notes[j])
                acc += 1 if (acc < 0 or (acc == 0 and r.random() < 0.5) or (acc == 1 and d == 3 and r.random() < 0.3)) \
                    else -1
                notes[j] = mu.make(letter, acc, octave)
            if not fits(s, d, notes):
                continue
            courtesy = d == 2 and good[len(groups)] and r.random() < 0.6
            groups.append([ms.note_ev([p], courtesy=courtesy and mu.parse(p)[1] != 0) for p in notes])
        return grouped(s, groups)

    s = ms.staffed(q, build)
    key = mu.KEY_OF_FIFTHS[s["named_key"]]
    scale = set(mu.scale_names(key))
    ok = []
    for i, lab in enumerate(s["labels"]):
        names = [mu.name_of(s["events"][e]["p"][0]) for e in range(lab["from"], lab["to"] + 1)]
        q.reads(*names)
        if all(n in scale for n in names):
            ok.append(i)
    q.step("validate", key=f"{key} major", scale=sorted(scale), correct=[i + 1 for i in ok])
    sig = "its key signature" if s["key"] is not None else "no key signature (every accidental is written)"
    return q.answer(len(ok), witnesses=[f"item:{i}" for i in ok],
                    question=(f"{LEAD} ({s['clef']} clef, {sig}) with four numbered scale fragments. How many of the "
                              f"fragments use only notes of the {key} major scale?"))


# ---------------------------------------------------------------------- transpositions
TRANSPOSE = {1: ((2, "major"), (3, "major"), (4, "perfect"), (5, "perfect")),
             2: ((2, "major"), (3, "major"), (3, "minor"), (4, "perfect"), (5, "perfect"), (6, "major"),
                 (6, "minor"), (7, "minor"), (8, "perfect")),
             3: ((2, "minor"), (2, "major"), (3, "minor"), (3, "major"), (4, "perfect"), (4, "augmented"),
                 (5, "diminished"), (5, "perfect"), (6, "minor"), (6, "major"), (7, "minor"), (7, "major"))}


@task("transposed_pitch_pair_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,transformation")
def transposed_pitch_pair_count(q):
    number, quality = q.choice("interval", TRANSPOSE[q.difficulty])
    t = q.target(range(5), stratified=True)
    size = next(sz for n, ql, sz in INTERVALS if (n, ql) == (number, quality))

    def build(s, r):
        d = s["level"]
        good = [True] * t + [False] * (4 - t)
        good = [good[int(i)] for i in r.permutation(4)]
        # near misses: one semitone off on the same letters, a letter off, the same size spelled otherwise
        near = [(n, ql) for n, ql, sz in INTERVALS if (n, ql) != (number, quality)
                and ((n == number and abs(sz - size) == 1) or (abs(n - number) == 1 and abs(sz - size) <= 1)
                     or (d == 3 and sz == size))]
        groups = []
        while len(groups) < 4:
            low = ms.random_pitch(r, s, d, acc_share=(0.2, 0.35, 0.5)[d - 1], hi=ms.RANGE[d][1] - number)
            n, ql = (number, quality) if good[len(groups)] else near[int(r.integers(len(near)))]
            try:
                high = mu.above(low, n, ql)
            except ValueError:
                continue
            pair = [low, high]
            if not good[len(groups)] and d == 3 and r.random() < 0.2:
                pair = [high, low]                      # the interval, but downwards
            if not fits(s, d, pair):
                continue
            groups.append([ms.note_ev([p]) for p in pair])
        return grouped(s, groups)

    s = ms.staffed(q, build)
    hits = []
    for i, lab in enumerate(s["labels"]):
        a, b = (s["events"][e]["p"][0] for e in (lab["from"], lab["to"]))
        q.reads(mu.name_of(a), mu.name_of(b))
        if mu.diatonic(b) > mu.diatonic(a) and mu.interval(a, b) == (number, quality):
            hits.append(i)
    name = mu.interval_name(number, quality)
    q.step("transpose", interval=name, matching=[i + 1 for i in hits])
    return q.answer(len(hits), witnesses=[f"item:{i}" for i in hits],
                    question=(f"{LEAD} ({s['clef']} clef) with four numbered note pairs. In how many pairs is the "
                              f"second note exactly a {name} above the first note?"))
