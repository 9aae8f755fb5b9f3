"""symbolic/music_staff: one staff of sheet music (treble or bass clef, sometimes a key signature
or time signatures) with numbered notes, chords, rests or bracketed groups, and lettered answer
cards drawn below it (4 or 6, as the reference draws them) -- or four numbered measures, note
pairs or scale fragments to count.

This module holds the scene (sampler, renderer, shared builders); ``tasks`` holds the reading
tasks (note names, durations, articulations, key signatures, scale-degree functions) and
``harmony`` intervals, chords, roman numerals, meters, scale fragments and transpositions.
Difficulty widens the range (ledger lines, then two of them), adds
accidentals, key signatures with more sharps or flats, the bass clef, and more numbered items;
answer cards are close confusions (the neighbouring line or space, the other clef's reading,
the key signature ignored, the enharmonic spelling).
"""

from __future__ import annotations

from tracegen.core.options import multiple_choice
from tracegen.core.style import contrast
from tracegen.core.task import Scene
from tracegen.kits import music as mu
from tracegen.kits.cards import card_grid, draw_card, fit_size, rounded_rect

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
