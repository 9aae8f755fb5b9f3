"""symbolic/music_staff: one staff of sheet music (treble or bass clef, sometimes a key signature
or time signatures) with numbered notes, chords, rests or bracketed groups, and lettered answer
cards drawn below it (4 or 6, as the reference draws them) -- or four numbered measures, note
pairs or scale fragments to count.

This module holds the scene (sampler, renderer, shared builders) and the reading tasks (note
names, durations, articulations, key signatures, scale-degree functions);
``music_staff_harmony`` holds intervals, chords, roman numerals, meters, scale fragments and
transpositions.  Difficulty widens the range (ledger lines, then two of them), adds
accidentals, key signatures with more sharps or flats, the bass clef, and more numbered items;
answer cards are close confusions (the neighbouring line or space, the other clef's reading,
the key signature ignored, the enharmonic spelling).
"""

from __future__ import annotations

from tracegen.kits import music as mu
from tracegen.kits.cards import card_grid, draw_card, fit_size, rounded_rect
from tracegen.core.options import multiple_choice
from tracegen.core.style import contrast
from tracegen.core.task import Scene

W = 1100
H_OPTIONS, H_PLAIN = 420, 310
SP = 13.0                                         # staff space (logical px)
RANGE = {1: (-1, 9), 2: (-3, 11), 3: (-5, 13)}    # staff positions notes may take (0 = bottom line)
BASS_SHARE = {1: 0.0, 2: 0.3, 3: 0.5}
N_ITEMS = {1: 4, 2: 5, 3: 6}
KEY_SPAN = {1: 2, 2: 4, 3: 6}                     # most sharps or flats in a key signature


def staff_of(state) -> mu.Staff:
    top = 118 if state.get("cards") else 135
    return mu.Staff(36, W - 36, top, SP, state["clef"])


def layout(staff, state):
    """Per event: the accidentals drawn before its pitches (engraving rule, plus courtesy ones)
    and the room (left, right of its centre) it needs."""
    events, key = state["events"], state["key"] or 0
    measures, cur = [], []
    for ev in events:
        if ev["t"] == "bar":
            measures.append(cur)
            cur = []
        elif ev["t"] == "n":
            cur.append(ev["p"])
    measures.append(cur)
    shown_m = mu.Staff.shown_accidentals(measures, key)
    shown, widths, mi, ni = [], [], 0, 0
    for ev in events:
        row = None
        if ev["t"] == "bar":
            mi, ni = mi + 1, 0
            widths.append((SP * 0.8, SP * 0.8))
        elif ev["t"] == "n":
            row = shown_m[mi][ni]
            if ev.get("courtesy"):
                acc = mu.key_accidentals(key)
                row = [a if a is not None else (mu.parse(p)[1] if acc[mu.parse(p)[0]] else None)
                       for a, p in zip(row, ev["p"])]
            ni += 1
            widths.append(staff.note_width(ev["p"], row, ev["d"], ev.get("dot", False)))
        elif ev["t"] == "r":
            widths.append((SP, SP * (1.8 if ev.get("dot") else 1.2)))
        else:
            widths.append((SP * 0.2, staff.time_width(*ev["sig"]) + SP * 0.6))
        shown.append(row)
    return shown, widths


def fits_staff(state) -> bool:
    """The events fit on the staff (decided from the state alone, before drawing)."""
    staff = staff_of(state)
    _, widths = layout(staff, state)
    x0 = staff.content_start(state["key"]) + SP
    return sum(a + b for a, b in widths) <= W - 36 - 2 * SP - x0


class MusicStaff(Scene):
    domain, scene_id, size = "symbolic", "music_staff", (W, H_OPTIONS)
    megapixels = (0.5, 0.95)
    description = ("A staff of sheet music (clef, sometimes a key or time signatures) with numbered notes, chords, "
                   "rests, measures or bracketed note groups; lettered answer cards below it for the naming tasks.")

    def canvas_size(self, state):
        return (W, H_OPTIONS if state.get("cards") else H_PLAIN)

    def sample(self, rng, difficulty):
        clef = "bass" if rng.random() < BASS_SHARE[difficulty] else "treble"
        return {"clef": clef, "key": None, "events": [], "labels": [], "cards": 0, "level": difficulty}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        h = self.canvas_size(state)[1]
        rounded_rect(c, 10, 10, W - 20, h - 20, radius=12, fill="paper", stroke="grid", lw=1.5)
        staff = staff_of(state)
        top = staff.y_top
        x = staff.draw(c, id="staff")
        if state["key"] is not None:
            x = staff.key_signature(c, x, state["key"], id="key_signature")
        boxes = self._events(c, staff, x + SP, W - 36 - 2 * SP, state)
        self._labels(c, staff, state, boxes)
        if state.get("cards"):
            opts = params["options"]
            n = len(opts)
            cols = 4 if n == 4 else 3
            x0 = 40 if n == 4 else 150
            grid = card_grid(x0, top + 130, W - 2 * x0, n, cols=cols, h=58, gap=14)
            size = fit_size(c, opts, grid[0][2] - 54, 19.0)
            for i, (box, text) in enumerate(zip(grid, opts)):
                draw_card(c, box, "ABCDEF"[i], text, size=size, id=f"option:{'ABCDEF'[i]}")

    @staticmethod
    def _events(c, staff, x_start, x_end, state):
        """Lay the events out left to right (spare room spread between notes); returns boxes."""
        events = state["events"]
        shown, widths = layout(staff, state)
        spread = [ev["t"] in ("n", "r") for ev in events]
        room = x_end - x_start - sum(a + b for a, b in widths)
        n_gap = max(1, sum(spread))
        gap = max(0.0, min(room / n_gap, 5.5 * SP))
        x = x_start
        boxes = []
        for k, (ev, sh, (left, right)) in enumerate(zip(events, shown, widths)):
            x += left + (gap / 2 if spread[k] else 0)
            if ev["t"] == "n":
                box = staff.note(c, x, ev["p"], ev["d"], dotted=ev.get("dot", False), shown=sh, id=f"ev:{k}")
                if ev.get("art"):
                    stem = staff.stem_for(ev["p"])
                    ab = staff.articulation(c, ev["art"], x, box, stem, id=f"art:{k}")
                    box = (min(box[0], ab[0]), min(box[1], ab[1]), max(box[2], ab[2]), max(box[3], ab[3]))
            elif ev["t"] == "r":
                box = staff.rest(c, x, ev["d"], dotted=ev.get("dot", False), id=f"ev:{k}")
            elif ev["t"] == "bar":
                staff.barline(c, x)
                box = (x, staff.y_top, x, staff.y_bottom)
            else:
                x_after = staff.time_signature(c, x, ev["sig"][0], ev["sig"][1], id=f"ev:{k}")
                box = (x, staff.y_top, x_after - SP * 0.8, staff.y_bottom)
            boxes.append(box)
            x += right + (gap / 2 if spread[k] else 0)
        return boxes

    @staticmethod
    def _labels(c, staff, state, boxes):
        labels = state["labels"]
        if not labels:
            return
        tops = [boxes[k][1] for lab in labels for k in range(lab["from"], lab["to"] + 1)]
        y = min(min(tops) - 0.9 * SP, staff.y_top - 2.2 * SP)
        color = "accent" if contrast(c.color("accent"), c.color("paper")) >= 4.5 else "ink"
        for i, lab in enumerate(labels):
            span = boxes[lab["from"]:lab["to"] + 1]
            x0, x1 = min(b[0] for b in span), max(b[2] for b in span)
            if lab.get("bracket"):
                x0, x1 = x0 - 4, x1 + 4
                mu.bracket(c, x0, x1, y - 6, lab["text"], size=20, text_color=color, id=f"label:{i}")
                c.register(f"item:{i}", box=(x0, min(b[1] for b in span), x1, max(b[3] for b in span)))
            else:
                c.text((x0 + x1) / 2, y, lab["text"], size=20, bold=True, valign="b", color=color, id=f"label:{i}")
                c.register(f"item:{i}", box=(x0 - 2, min(b[1] for b in span) - 2, x1 + 2,
                                             max(b[3] for b in span) + 2))


SCENE = MusicStaff()
task = SCENE.task


# ---------------------------------------------------------------------- builders
def note_ev(pitches, d="quarter", dot=False, **kw) -> dict:
    return {"t": "n", "p": list(pitches), "d": d, "dot": bool(dot), **kw}


def bar() -> dict:
    return {"t": "bar"}


def numbered(events, groups=None, *, bracket=False) -> list[dict]:
    """Number labels 1.. over single events (or over ``groups`` of event index ranges)."""
    if groups is None:
        groups = [(k, k) for k, ev in enumerate(events) if ev["t"] in ("n", "r")]
    return [{"text": str(i + 1), "from": a, "to": b, "bracket": bracket} for i, (a, b) in enumerate(groups)]


def clef_range(state, difficulty, *, lo=None, hi=None):
    """Diatonic numbers of the positions notes may take on this staff at this difficulty."""
    a, b = RANGE[difficulty]
    a, b = a if lo is None else max(a, lo), b if hi is None else min(b, hi)
    base = mu.CLEF_BOTTOM[state["clef"]]
    return list(range(base + a, base + b + 1))


def random_pitch(r, state, difficulty, *, acc_share=0.0, lo=None, hi=None, key=0) -> str:
    d = int(r.choice(clef_range(state, difficulty, lo=lo, hi=hi)))
    letter = d % 7
    acc = mu.key_accidentals(key)[letter]
    if r.random() < acc_share:
        acc = int(r.choice([a for a in (-1, 0, 1) if a != acc]))
    return mu.from_diatonic(d, acc)


def key_choice(r, difficulty) -> int:
    span = KEY_SPAN[difficulty]
    return int(r.integers(-span, span + 1))


def cards(q, correct, pool, *, k=6):
    """``k`` answer cards drawn in the image (as the reference draws them), ``correct`` at the
    instance's balanced letter, the others from ``pool`` (close confusions first)."""
    q.edit(lambda s, r: {**s, "cards": k})

    def distractors(r):
        pool_l = [p for p in dict.fromkeys(pool) if p != correct]
        near, rest = pool_l[:k + 1], pool_l[k + 1:]
        return [near[int(i)] for i in r.permutation(len(near))] + [rest[int(i)] for i in r.permutation(len(rest))]

    return multiple_choice(q, correct, distractors, k=k, where="image", stratified=True)


def staffed(q, build):
    """The state with the task's events built on it; rejected when they do not fit the staff."""
    s = q.edit(build)
    q.require(fits_staff(s), "the notes do not fit on the staff")
    return s


def pick_item(q, n) -> int:
    return q.param("item", lambda r: int(r.integers(n)))


LEAD = "The image shows a staff of sheet music"


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


from tracegen.domains.symbolic import music_staff_harmony  # noqa: E402,F401  (registers its tasks here)
