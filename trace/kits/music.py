"""Music notation: pitch arithmetic and a staff drawing kit.

Pitches are strings like ``"F#4"``, ``"Bb3"``, ``"C##5"``, ``"E4"`` (letter, accidental
``#``/``##``/``b``/``bb``, octave; C4 is middle C).  ``Staff`` draws a five-line staff with a
treble or bass clef (glyphs from FreeSerif, which carries the Unicode musical-symbols block;
the style space installs it), key signatures, time signatures, bar lines, notes and chords
(noteheads, stems, flags, dots, ledger lines, accidentals placed in columns), rests and
articulation marks, all as vector shapes except the clefs and the flagged rests.

Accidentals are drawn by the engraving rule: a note shows its accidental when it differs from
what the key signature, or an earlier accidental on the same line or space in the same
measure, would give (``Staff.shown_accidentals``).
"""

from __future__ import annotations

import math
import re

LETTERS = "CDEFGAB"
STEP_SEMIS = (0, 2, 4, 5, 7, 9, 11)
ACC_TEXT = {-2: "bb", -1: "b", 0: "", 1: "#", 2: "##"}
SHARP_ORDER = "FCGDAEB"
MAJOR_KEYS = {"C": 0, "G": 1, "D": 2, "A": 3, "E": 4, "B": 5, "F#": 6, "C#": 7,
              "F": -1, "Bb": -2, "Eb": -3, "Ab": -4, "Db": -5, "Gb": -6, "Cb": -7}
KEY_OF_FIFTHS = {v: k for k, v in MAJOR_KEYS.items()}
PERFECT = {1: 0, 4: 5, 5: 7, 8: 12}
MAJOR = {2: 2, 3: 4, 6: 9, 7: 11}
ORD = {1: "unison", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th", 8: "octave"}
BEATS = {"whole": 4.0, "half": 2.0, "quarter": 1.0, "eighth": 0.5, "sixteenth": 0.25}
CLEF_BOTTOM = {"treble": 30, "bass": 18}          # diatonic number of the bottom line (E4, G2)
_PITCH = re.compile(r"^([A-G])(##|#|bb|b)?(-?\d)$")


# ---------------------------------------------------------------------- pitch arithmetic
def parse(name: str) -> tuple[int, int, int]:
    """``"F#4"`` -> (letter index 3, accidental +1, octave 4)."""
    m = _PITCH.match(name)
    if not m:
        raise ValueError(f"not a pitch: {name!r}")
    acc = {None: 0, "#": 1, "##": 2, "b": -1, "bb": -2}[m.group(2)]
    return LETTERS.index(m.group(1)), acc, int(m.group(3))


def make(letter: int, acc: int, octave: int) -> str:
    return f"{LETTERS[letter]}{ACC_TEXT[acc]}{octave}"


def name_of(pitch: str) -> str:
    """The pitch name without the octave (``"F#4"`` -> ``"F#"``)."""
    letter, acc, _ = parse(pitch)
    return LETTERS[letter] + ACC_TEXT[acc]


def diatonic(pitch: str) -> int:
    letter, _, octave = parse(pitch)
    return octave * 7 + letter


def semis(pitch: str) -> int:
    letter, acc, octave = parse(pitch)
    return octave * 12 + STEP_SEMIS[letter] + acc


def from_diatonic(d: int, acc: int = 0) -> str:
    return make(d % 7, acc, d // 7)


def key_accidentals(fifths: int) -> dict[int, int]:
    """Letter index -> accidental the key signature of ``fifths`` (+sharps / -flats) gives."""
    out = {k: 0 for k in range(7)}
    order = SHARP_ORDER if fifths >= 0 else SHARP_ORDER[::-1]
    for ch in order[:abs(fifths)]:
        out[LETTERS.index(ch)] = 1 if fifths > 0 else -1
    return out


def in_key(pitch: str, fifths: int) -> str:
    """The pitch on the same line/space with the key signature's accidental."""
    letter, _, octave = parse(pitch)
    return make(letter, key_accidentals(fifths)[letter], octave)


def scale_names(key: str) -> list[str]:
    """The seven pitch names of a major key, tonic first."""
    tonic = parse(key + "4")[0]
    acc = key_accidentals(MAJOR_KEYS[key])
    return [LETTERS[(tonic + k) % 7] + ACC_TEXT[acc[(tonic + k) % 7]] for k in range(7)]


def interval(low: str, high: str) -> tuple[int, str]:
    """(number, quality) of the interval from ``low`` up to ``high`` (unison..octave)."""
    number = diatonic(high) - diatonic(low) + 1
    size = semis(high) - semis(low)
    if number in PERFECT:
        delta = size - PERFECT[number]
        quality = {-1: "diminished", 0: "perfect", 1: "augmented"}.get(delta)
    elif number in MAJOR:
        delta = size - MAJOR[number]
        quality = {-2: "diminished", -1: "minor", 0: "major", 1: "augmented"}.get(delta)
    else:
        quality = None
    if quality is None:
        raise ValueError(f"no simple interval from {low} to {high}")
    return number, quality


def interval_name(number: int, quality: str) -> str:
    return f"{quality} {ORD[number]}"


def above(low: str, number: int, quality: str) -> str:
    """The pitch ``number``/``quality`` above ``low``."""
    base = PERFECT.get(number, MAJOR.get(number))
    shift = {"perfect": 0, "major": 0, "minor": -1, "augmented": 1,
             "diminished": -1 if number in PERFECT else -2}[quality]
    d = diatonic(low) + number - 1
    natural = from_diatonic(d)
    acc = semis(low) + base + shift - semis(natural)
    if acc not in ACC_TEXT:
        raise ValueError(f"{quality} {number} above {low} needs a triple accidental")
    return from_diatonic(d, acc)


def stack(root: str, shape: tuple[int, ...]) -> list[str]:
    """Notes stacked in thirds on ``root`` with semitone gaps ``shape`` (e.g. (4, 3) major)."""
    notes = [root]
    for gap in shape:
        prev = notes[-1]
        d = diatonic(prev) + 2
        acc = semis(prev) + gap - semis(from_diatonic(d))
        if acc not in ACC_TEXT:
            raise ValueError("triple accidental")
        notes.append(from_diatonic(d, acc))
    return notes


def beats(duration: str, dotted: bool = False) -> float:
    return BEATS[duration] * (1.5 if dotted else 1.0)


# ---------------------------------------------------------------------- FreeSerif glyphs
GLYPH_FONT = "FreeSerif"
G_CLEF, F_CLEF = "\U0001D11E", "\U0001D122"
REST_GLYPHS = {"quarter": "\U0001D13D", "eighth": "\U0001D13E", "sixteenth": "\U0001D13F"}
# ink extents per font-size unit (x_bearing, y_bearing, width, height) of FreeSerif's glyphs and
# its ascent/descent (the canvas's font options); measured once, they scale linearly with the size
_EXTENTS: dict[str, tuple] = {}


def _glyph(ch: str):
    if ch not in _EXTENTS:
        import cairo

        from ..core.canvas import font_options

        ctx = cairo.Context(cairo.ImageSurface(cairo.FORMAT_RGB24, 4, 4))
        ctx.set_font_options(font_options())
        ctx.select_font_face(GLYPH_FONT)
        ctx.set_font_size(100.0)
        asc, desc = ctx.font_extents()[:2]
        e = ctx.text_extents(ch)
        _EXTENTS[ch] = (e.x_bearing / 100, e.y_bearing / 100, e.width / 100, e.height / 100,
                        e.x_advance / 100, asc / 100, desc / 100)
    return _EXTENTS[ch]


def draw_glyph(c, ch: str, x_left: float, y_top: float, height: float, *, color="ink") -> tuple:
    """Draw a FreeSerif glyph so that its ink spans ``height`` from ``y_top`` and starts at
    ``x_left``; returns the ink box."""
    xb, yb, w, h, adv, asc, desc = _glyph(ch)
    size = height / h
    # c.text(valign="t") puts the font's ascent line at y; the ink top sits at baseline + yb
    baseline = y_top - yb * size
    c.text(x_left - xb * size + adv * size / 2, baseline - asc * size, ch, size=size, valign="t",
           font=GLYPH_FONT, color=color, kind="glyph")
    return (x_left, y_top, x_left + w * size, y_top + height)


# ---------------------------------------------------------------------- geometry helpers
def _ellipse(cx, cy, rx, ry, angle, n=28):
    ca, sa = math.cos(angle), math.sin(angle)
    return [(cx + rx * math.cos(t) * ca - ry * math.sin(t) * sa, cy + rx * math.cos(t) * sa + ry * math.sin(t) * ca)
            for t in (2 * math.pi * k / n for k in range(n))]


def _bezier(p0, p1, p2, p3, n=12):
    out = []
    for k in range(n + 1):
        t = k / n
        a, b, cc, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3
        out.append((a * p0[0] + b * p1[0] + cc * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + cc * p2[1] + d * p3[1]))
    return out


def _thick(c, p, q, width, color):
    """A straight bar of ``width`` from p to q (sharp and natural strokes)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * width / 2, dx / n * width / 2
    c.polygon([(p[0] + ox, p[1] + oy), (q[0] + ox, q[1] + oy), (q[0] - ox, q[1] - oy), (p[0] - ox, p[1] - oy)],
              fill=color)


# ---------------------------------------------------------------------- the staff
class Staff:
    """A five-line staff from ``x0`` to ``x1`` whose top line is at ``y_top``, ``space`` apart."""

    def __init__(self, x0: float, x1: float, y_top: float, space: float, clef: str = "treble", *, color="ink"):
        self.x0, self.x1, self.y_top, self.sp, self.clef = x0, x1, y_top, space, clef
        self.color = color
        self.y_bottom = y_top + 4 * space

    # ---- positions
    def pos(self, pitch: str) -> int:
        """Diatonic steps above the bottom line (0 = bottom line, 8 = top line)."""
        return diatonic(pitch) - CLEF_BOTTOM[self.clef]

    def y_pos(self, pos: float) -> float:
        return self.y_bottom - pos * self.sp / 2

    def y(self, pitch: str) -> float:
        return self.y_pos(self.pos(pitch))

    # ---- the staff itself
    def draw(self, c, *, id=None) -> float:
        """Lines and clef; returns the x where content may start."""
        lw = max(1.0, self.sp * 0.09)
        for k in range(5):
            yy = self.y_top + k * self.sp
            c.line(self.x0, yy, self.x1, yy, color=self.color, lw=lw)
        c.line(self.x0, self.y_top, self.x0, self.y_bottom, color=self.color, lw=lw * 1.4)
        x = self.x0 + self.sp * 0.7
        if self.clef == "treble":
            # the glyph's curl sits on the G line; its ink runs from ~1.9 spaces below the staff
            box = draw_glyph(c, G_CLEF, x, self.y_top - 2.0 * self.sp, 7.35 * self.sp, color=self.color)
        else:
            box = draw_glyph(c, F_CLEF, x, self.y_top - 0.05 * self.sp, 3.3 * self.sp, color=self.color)
        c.register(id, box=(self.x0, self.y_top, self.x1, self.y_bottom))
        return box[2] + self.sp * 0.9

    def content_start(self, fifths: int | None = None) -> float:
        """Where content starts after the clef (and a key signature), without drawing."""
        ch, height = (G_CLEF, 7.35) if self.clef == "treble" else (F_CLEF, 3.3)
        _, _, w, h, *_ = _glyph(ch)
        x = self.x0 + self.sp * 0.7 + w / h * height * self.sp + self.sp * 0.9
        if fifths is not None:
            x += self.sp * 0.6 if fifths == 0 else abs(fifths) * self.sp * (1.3 if fifths > 0 else 1.05) + self.sp * 0.4
        return x

    def key_signature(self, c, x: float, fifths: int, *, id=None) -> float:
        """Sharps or flats of a key signature from ``x``; returns the x after it."""
        if fifths == 0:
            c.register(id, box=(x - self.sp * 0.3, self.y_top - self.sp * 0.5, x + self.sp * 0.6,
                                self.y_bottom + self.sp * 0.5))
            return x + self.sp * 0.6
        # positions on the treble staff; the bass staff's pattern sits two steps lower
        sharp_pos, flat_pos = (8, 5, 9, 6, 3, 7, 4), (4, 7, 3, 6, 2, 5, 1)
        shift = 0 if self.clef == "treble" else -2
        pos = (sharp_pos if fifths > 0 else flat_pos)[:abs(fifths)]
        step = self.sp * (1.3 if fifths > 0 else 1.05)
        boxes = []
        for k, p in enumerate(pos):
            boxes.append(self.accidental(c, x + k * step + self.sp * 0.5, self.y_pos(p + shift),
                                         1 if fifths > 0 else -1))
        x_end = x + len(pos) * step + self.sp * 0.4
        c.register(id, box=(min(b[0] for b in boxes) - 2, min(b[1] for b in boxes) - 2,
                            max(b[2] for b in boxes) + 2, max(b[3] for b in boxes) + 2))
        return x_end

    def time_width(self, top: int, bottom: int) -> float:
        """Room a time signature takes (an estimate that holds for the style fonts)."""
        return self.sp * 1.6 * max(len(str(top)), len(str(bottom)))

    def time_signature(self, c, x: float, top: int, bottom: int, *, id=None) -> float:
        """Stacked numerals filling the staff's upper and lower halves; returns the x after it."""
        size = self.sp * 2.5
        w = self.time_width(top, bottom)
        cx = x + w / 2
        c.text(cx, self.y_top + self.sp, str(top), size=size, bold=True, color=self.color)
        c.text(cx, self.y_top + 3 * self.sp, str(bottom), size=size, bold=True, color=self.color)
        c.register(id, box=(x, self.y_top, x + w, self.y_bottom))
        return x + w + self.sp * 0.8

    def barline(self, c, x: float) -> None:
        c.line(x, self.y_top, x, self.y_bottom, color=self.color, lw=max(1.2, self.sp * 0.1))

    # ---- accidentals (vector)
    def accidental(self, c, x: float, y: float, acc: int) -> tuple:
        """An accidental centred at (x, y) on its note's line or space; returns its box."""
        s, col = self.sp, self.color
        lw = max(1.0, s * 0.1)
        if acc == 1:
            for dx in (-0.22, 0.22):
                c.line(x + dx * s, y - 1.3 * s + dx * 0.3 * s, x + dx * s, y + 1.3 * s + dx * 0.3 * s, color=col, lw=lw)
            for dy in (-0.45, 0.45):
                _thick(c, (x - 0.5 * s, y + dy * s + 0.18 * s), (x + 0.5 * s, y + dy * s - 0.18 * s), s * 0.28, col)
            return (x - 0.55 * s, y - 1.4 * s, x + 0.55 * s, y + 1.4 * s)
        if acc == -1 or acc == -2:
            offs = (0.0,) if acc == -1 else (-0.45, 0.45)
            for o in offs:
                xs = x + o * s - 0.25 * s
                c.line(xs, y - 1.8 * s, xs, y + 0.55 * s, color=col, lw=lw * 1.3)
                outer = _bezier((xs, y + 0.55 * s), (xs + 1.25 * s, y - 0.1 * s), (xs + 1.05 * s, y - 0.95 * s),
                                (xs, y - 0.4 * s))
                inner = _bezier((xs, y - 0.12 * s), (xs + 0.6 * s, y - 0.6 * s), (xs + 0.75 * s, y - 0.1 * s),
                                (xs, y + 0.3 * s))
                c.polygon(outer + inner, fill=col)
            return (x - 0.35 * s + offs[0] * s, y - 1.75 * s, x + 0.65 * s + offs[-1] * s, y + 0.55 * s)
        if acc == 0:
            c.line(x - 0.25 * s, y - 1.35 * s, x - 0.25 * s, y + 0.55 * s, color=col, lw=lw)
            c.line(x + 0.25 * s, y - 0.55 * s, x + 0.25 * s, y + 1.35 * s, color=col, lw=lw)
            for dy in (-0.4, 0.4):
                _thick(c, (x - 0.25 * s, y + dy * s + 0.12 * s), (x + 0.25 * s, y + dy * s - 0.12 * s), s * 0.28, col)
            return (x - 0.35 * s, y - 1.4 * s, x + 0.35 * s, y + 1.4 * s)
        if acc == 2:
            d = 0.42 * s
            _thick(c, (x - d, y - d), (x + d, y + d), s * 0.16, col)
            _thick(c, (x - d, y + d), (x + d, y - d), s * 0.16, col)
            for px, py in ((x - d, y - d), (x + d, y + d), (x - d, y + d), (x + d, y - d)):
                c.rect(px - 0.14 * s, py - 0.14 * s, 0.28 * s, 0.28 * s, fill=col)
            return (x - 0.6 * s, y - 0.6 * s, x + 0.6 * s, y + 0.6 * s)
        raise ValueError(f"no accidental {acc}")

    @staticmethod
    def acc_width(acc: int, sp: float) -> float:
        return sp * (1.5 if acc == -2 else 1.15)

    # ---- notes
    def _ledgers(self, c, x: float, positions, half_w: float) -> None:
        lw = max(1.0, self.sp * 0.09)
        lo, hi = min(positions), max(positions)
        for p in range(-2, lo - 1, -2):
            c.line(x - half_w, self.y_pos(p), x + half_w, self.y_pos(p), color=self.color, lw=lw)
        for p in range(10, hi + 1, 2):
            c.line(x - half_w, self.y_pos(p), x + half_w, self.y_pos(p), color=self.color, lw=lw)

    def stem_for(self, pitches) -> str:
        """Stem direction: down when the note farthest from the middle line is on or above it."""
        pos = [self.pos(p) for p in pitches]
        return "down" if max(pos) - 4 >= 4 - min(pos) else "up"

    def head(self, c, x: float, y: float, duration: str) -> None:
        s, col = self.sp, self.color
        if duration == "whole":
            c.polygon(_ellipse(x, y, 0.78 * s, 0.5 * s, 0.0), fill=col)
            c.polygon(_ellipse(x, y, 0.36 * s, 0.3 * s, math.radians(-55)), fill="paper")
        elif duration == "half":
            c.polygon(_ellipse(x, y, 0.62 * s, 0.44 * s, math.radians(-22)), fill=col)
            c.polygon(_ellipse(x, y, 0.5 * s, 0.2 * s, math.radians(-35)), fill="paper")
        else:
            c.polygon(_ellipse(x, y, 0.62 * s, 0.44 * s, math.radians(-22)), fill=col)

    def note(self, c, x: float, pitches, duration: str = "quarter", *, dotted: bool = False, shown=None,
             stem: str | None = None, id=None) -> tuple:
        """A note or chord at ``x`` (notehead centres); ``shown`` gives the accidental drawn before
        each pitch (None: none).  Returns the box of the heads, stem and accidentals."""
        s, col = self.sp, self.color
        pitches = list(pitches)
        shown = list(shown) if shown is not None else [None] * len(pitches)
        pos = [self.pos(p) for p in pitches]
        order = sorted(range(len(pitches)), key=lambda i: pos[i])
        stem = stem or self.stem_for(pitches)
        rx = 0.78 * s if duration == "whole" else 0.62 * s
        # seconds inside a chord: alternate heads to the other side of the stem
        side = {}
        prev = None
        for i in (order if stem == "up" else order[::-1]):
            flip = prev is not None and abs(pos[i] - pos[prev]) == 1 and not side[prev]
            side[i] = flip
            prev = i
        shift = 2 * rx * 0.95 * (1 if stem == "up" else -1)
        xs = {i: x + (shift if side[i] else 0.0) for i in range(len(pitches))}
        self._ledgers(c, x, pos, rx * 1.6 + (abs(shift) / 2 if any(side.values()) else 0))
        for i in range(len(pitches)):
            self.head(c, xs[i], self.y_pos(pos[i]), duration)
        x_min, x_max = min(xs.values()) - rx, max(xs.values()) + rx
        y_min, y_max = self.y_pos(max(pos)) - 0.5 * s, self.y_pos(min(pos)) + 0.5 * s
        if dotted:
            for i in range(len(pitches)):
                p = pos[i] + (1 if pos[i] % 2 == 0 else 0)
                dx = max(xs.values()) + rx + 0.45 * s
                c.circle(dx, self.y_pos(p), 0.17 * s, fill=col)
                x_max = max(x_max, dx + 0.2 * s)
        if duration != "whole":
            lw = max(1.2, s * 0.11)
            if stem == "up":
                sx, y0 = x + rx * 0.93, self.y_pos(min(pos)) - 0.1 * s
                y1 = min(self.y_pos(max(pos)) - 3.4 * s, self.y_pos(4))
            else:
                sx, y0 = x - rx * 0.93, self.y_pos(max(pos)) + 0.1 * s
                y1 = max(self.y_pos(min(pos)) + 3.4 * s, self.y_pos(4))
            c.line(sx, y0, sx, y1, color=col, lw=lw)
            flags = {"eighth": 1, "sixteenth": 2}.get(duration, 0)
            for k in range(flags):
                self._flag(c, sx, y1 + (0.85 * s * k if stem == "up" else -0.85 * s * k), stem)
            x_max = max(x_max, sx + (1.1 * s if flags else 0))
            y_min, y_max = min(y_min, y1), max(y_max, y1)
        # accidentals in columns to the left (a column holds accidentals a 7th or more apart)
        cols: list[list[int]] = []
        acc_x = min(xs.values()) - rx - 0.35 * s
        for i in sorted(order, key=lambda i: -pos[i]):
            if shown[i] is None:
                continue
            k = next((j for j, colp in enumerate(cols) if all(abs(pos[i] - p) >= 6 for p in colp)), len(cols))
            if k == len(cols):
                cols.append([])
            cols[k].append(pos[i])
            w = self.acc_width(shown[i], s)
            bx = self.accidental(c, acc_x - w / 2 - k * 1.25 * s, self.y_pos(pos[i]), shown[i])
            x_min, y_min, y_max = min(x_min, bx[0]), min(y_min, bx[1]), max(y_max, bx[3])
        box = (x_min, y_min, x_max, y_max)
        c.register(id, box=box)
        return box

    def _flag(self, c, sx: float, sy: float, stem: str) -> None:
        s, d = self.sp, (1 if stem == "up" else -1)
        outer = _bezier((sx, sy), (sx + 0.15 * s, sy + d * 1.0 * s), (sx + 1.25 * s, sy + d * 1.3 * s),
                        (sx + 0.75 * s, sy + d * 2.8 * s))
        inner = _bezier((sx + 0.75 * s, sy + d * 2.8 * s), (sx + 0.95 * s, sy + d * 1.8 * s),
                        (sx + 0.3 * s, sy + d * 1.45 * s), (sx, sy + d * 0.75 * s))
        c.polygon(outer + inner, fill=self.color)

    def note_width(self, pitches, shown, duration: str = "quarter", dotted: bool = False) -> tuple[float, float]:
        """Room (left of the head centre, right of it) a note needs."""
        s = self.sp
        accs = [a for a in (shown or []) if a is not None]
        left = 0.9 * s + (sum(self.acc_width(a, s) for a in accs[:1]) + 1.25 * s * max(0, min(len(accs), 3) - 1)
                          if accs else 0.0)
        right = 0.9 * s + (0.8 * s if dotted else 0.0) + (0.9 * s if duration in ("eighth", "sixteenth") else 0.0)
        if any(abs(self.pos(a) - self.pos(b)) == 1 for a in pitches for b in pitches):
            right += 1.2 * s
        return left, right

    def rest(self, c, x: float, duration: str, *, dotted: bool = False, id=None) -> tuple:
        s, col = self.sp, self.color
        if duration == "whole":
            box = (x - 0.6 * s, self.y_top + s, x + 0.6 * s, self.y_top + 1.5 * s)
            c.rect(box[0], box[1], 1.2 * s, 0.5 * s, fill=col)
        elif duration == "half":
            box = (x - 0.6 * s, self.y_top + 1.5 * s, x + 0.6 * s, self.y_top + 2 * s)
            c.rect(box[0], box[1], 1.2 * s, 0.5 * s, fill=col)
        else:
            _, _, w, h, *_ = _glyph(REST_GLYPHS[duration])
            height = {"quarter": 2.9, "eighth": 1.95, "sixteenth": 2.9}[duration] * s
            top = self.y_top + {"quarter": 0.55, "eighth": 1.0, "sixteenth": 1.0}[duration] * s
            box = draw_glyph(c, REST_GLYPHS[duration], x - w / h * height / 2, top, height, color=col)
        if dotted:
            dx = box[2] + 0.45 * s
            c.circle(dx, self.y_top + 1.5 * s, 0.17 * s, fill=col)
            box = (box[0], box[1], dx + 0.2 * s, box[3])
        c.register(id, box=box)
        return box

    # ---- articulations
    def articulation(self, c, kind: str, x: float, note_box: tuple, stem: str, *, id=None) -> tuple:
        """An articulation mark by a note (opposite its stem; a fermata always above)."""
        s, col = self.sp, self.color
        above = kind == "fermata" or stem == "down"
        if above:
            base = min(note_box[1], self.y_top) - 0.9 * s if kind == "fermata" else note_box[1] - 0.75 * s
            if stem == "down" and kind != "fermata":
                base = min(base, self.y_top - 0.6 * s) if note_box[1] < self.y_top + 0.2 * s else base
        else:
            base = note_box[3] + 0.75 * s
        sign = -1 if above else 1
        cy = base + sign * 0.35 * s
        if kind == "staccato":
            c.circle(x, cy, 0.22 * s, fill=col)
            box = (x - 0.25 * s, cy - 0.25 * s, x + 0.25 * s, cy + 0.25 * s)
        elif kind == "staccatissimo":
            tip, wide = cy - sign * 0.4 * s, cy + sign * 0.45 * s
            c.polygon([(x, tip), (x - 0.22 * s, wide), (x + 0.22 * s, wide)], fill=col)
            box = (x - 0.25 * s, min(tip, wide), x + 0.25 * s, max(tip, wide))
        elif kind == "tenuto":
            c.rect(x - 0.6 * s, cy - 0.09 * s, 1.2 * s, 0.18 * s, fill=col)
            box = (x - 0.6 * s, cy - 0.2 * s, x + 0.6 * s, cy + 0.2 * s)
        elif kind == "accent":
            c.polyline([(x - 0.65 * s, cy - 0.4 * s), (x + 0.65 * s, cy), (x - 0.65 * s, cy + 0.4 * s)], color=col,
                       lw=max(1.2, s * 0.13))
            box = (x - 0.7 * s, cy - 0.45 * s, x + 0.7 * s, cy + 0.45 * s)
        elif kind == "marcato":
            tip, foot = cy - 0.55 * s, cy + 0.45 * s              # always a roof, pointing up
            c.polyline([(x - 0.45 * s, foot), (x, tip), (x + 0.45 * s, foot)], color=col, lw=max(1.4, s * 0.16))
            box = (x - 0.5 * s, min(tip, foot), x + 0.5 * s, max(tip, foot))
        elif kind == "fermata":
            r = 0.95 * s
            arc = [(x + r * math.cos(a), base + 0.45 * s - r * math.sin(a))
                   for a in (math.pi * k / 20 for k in range(21))]
            inner = [(x + r * 0.82 * math.cos(a), base + 0.45 * s - r * 0.74 * math.sin(a))
                     for a in (math.pi * k / 20 for k in range(20, -1, -1))]
            c.polygon(arc + inner, fill=col)
            c.circle(x, base + 0.2 * s, 0.17 * s, fill=col)
            box = (x - r, base + 0.45 * s - r, x + r, base + 0.45 * s)
        else:
            raise KeyError(f"unknown articulation {kind!r}")
        c.register(id, box=box)
        return box

    # ---- engraving rule
    @staticmethod
    def shown_accidentals(measures, fifths: int) -> list[list[list]]:
        """For each measure (a list of chords, each a list of pitches or None for a rest), the
        accidental to draw before each pitch: shown when the pitch differs from what the key
        signature or an earlier accidental on that line/space in the measure gives."""
        key = key_accidentals(fifths)
        out = []
        for chords in measures:
            current: dict[int, int] = {}
            drawn = []
            for chord in chords:
                row = []
                for p in chord or []:
                    letter, acc, _ = parse(p)
                    d = diatonic(p)
                    implied = current.get(d, key[letter])
                    row.append(acc if acc != implied else None)
                    current[d] = acc
                drawn.append(row)
            out.append(drawn)
        return out


def bracket(c, x0: float, x1: float, y: float, label: str, *, size: float = 18.0, color="muted", text_color="accent",
            id=None) -> None:
    """A numbered bracket over a range of the staff (open downwards)."""
    c.polyline([(x0, y + 8), (x0, y), (x1, y), (x1, y + 8)], color=color, lw=1.6)
    c.text((x0 + x1) / 2, y - 4, label, size=size, valign="b", bold=True, color=text_color, id=id)
