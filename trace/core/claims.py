"""What a prompt says the picture shows, checked against what the canvas drew.

A prompt names properties of entities: "the white queen outlined in red", "the dark hour and
minute hands", "the dashed line", "a triangle of its colour".  A task states each such word as a
*claim* on the entity it refers to (``Query.claim``), and a scene states the drawing conventions
its prompts rely on (``Scene.claims``: white pieces are drawn white, a slice has its legend
swatch's colour).  ``check`` compares every claim with the canvas's record of how it drew that
entity (``Entities.paint``); ``unbacked`` lists the colour and line-style words of a question (not
inside quotes, not names) that no claim states.  Claims hold under every style: the style space
re-colours roles (ink, paper, accent, series) per theme, so a colour a prompt names must come from
a named colour, or from a role that stays in that colour's family on every theme.

Claim properties:

``colour``  a colour word: a NAMED_COLORS name (``grey`` = ``gray``), ``dark`` or ``light``.  The
            entity's fill (its stroke when it has no fill, or ``part="stroke"``) must be in that
            family: the named colour nearest to it (CIE76) is the one claimed, or for ``dark`` /
            ``light`` its relative luminance is at most DARK / at least LIGHT.  With ``among`` (an id
            prefix) the colour also singles the entity out: no entity whose id starts with the
            prefix is in the family unless it is claimed in that colour too ("the two red points").
``shape``   the entity's shape kind as drawn (``Canvas.shape`` kinds, circle, square, rectangle,
            ellipse, line, text ...); with ``among`` (an id prefix, "" for every entity) no entity with the
            prefix has that shape unless it is claimed with it too ("the three diamond-marked points").
``line``    solid, dashed or dotted (the stroke's dash pattern).
``key``     the id of the legend key that identifies the entity: drawn in the key's colour (within
            SAME_DELTA_E), and, with ``among`` (an id prefix of the keys), no other key is within
            DISTINCT_DELTA_E of it, so the match is unambiguous.

A claim without an entity (``entity=None``) states that the prompt uses a colour word as a
*category* ("red flags mark mines", "count the blue objects") that may have no member in this
image; it backs the word and checks nothing itself, so the scene must claim the colour of every
member it draws.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .style import DISTINCT_DELTA_E, NAMED_COLORS, delta_e, luminance

PROPS = ("colour", "shape", "line", "key")
ALIASES = {"grey": "gray"}
DARK, LIGHT = 0.2, 0.5          # relative luminance bounds of "dark" and "light"
SAME_DELTA_E = 2.0              # "drawn in the key's colour": the same colour, up to rounding
LINE_STYLES = ("solid", "dashed", "dotted")
COLOUR_WORDS = tuple(NAMED_COLORS) + tuple(ALIASES) + ("dark", "light")
_WORDS = re.compile(r"\b(" + "|".join(COLOUR_WORDS + ("dashed", "dotted")) + r")\b", re.IGNORECASE)
# colour words used as names, not as colours: quoted labels ("Gray", "light bulb") and a side in chess or go
# ("White to move"); a capitalised colour word inside a sentence is a name too ("It is Black's turn",
# "the labels Gray and Olsen")
_NAME_USE = re.compile(r'"[^"]*"|\b(?:black|white) to move\b', re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?:^|[.!?:;]\s*|\n\s*)$")


@dataclass(frozen=True)
class Claim:
    entity: str | None
    prop: str
    value: str
    among: str | None = None
    part: str | None = None      # colour claims: "fill" or "stroke" (default: fill, else stroke)

    def __post_init__(self):
        if self.prop not in PROPS:
            raise ValueError(f"unknown claim property {self.prop!r} (one of {PROPS})")
        if self.prop == "colour" and canonical_colour(self.value) not in COLOUR_WORDS:
            raise ValueError(f"unknown colour word {self.value!r}")
        if self.prop == "line" and self.value not in LINE_STYLES:
            raise ValueError(f"unknown line style {self.value!r}")

    def words(self) -> tuple[str, str] | None:
        """The (property, word) of the prompt this claim backs."""
        if self.prop == "colour":
            return ("colour", canonical_colour(self.value))
        if self.prop == "line":
            return ("line", self.value)
        return None


def canonical_colour(word: str) -> str:
    word = word.lower()
    return ALIASES.get(word, word)


def nearest_named(rgb) -> str:
    """The NAMED_COLORS name nearest to ``rgb`` (CIE76)."""
    return min(NAMED_COLORS, key=lambda name: delta_e(NAMED_COLORS[name], rgb))


def in_family(word: str, rgb) -> bool:
    """Whether ``rgb`` reads as the colour ``word`` (see the module doc)."""
    word = canonical_colour(word)
    if word == "dark":
        return luminance(rgb) <= DARK
    if word == "light":
        return luminance(rgb) >= LIGHT
    return nearest_named(rgb) == word


def _colour(paint: dict, part: str | None):
    if part is not None:
        return paint[part]
    return paint["fill"] if paint["fill"] is not None else paint["stroke"]


def check(entities, claims) -> list[str]:
    """Every claim the drawing contradicts, one line each (empty: the drawing shows what the
    claims say).  ``entities`` is a canvas's ``Entities``."""
    problems = []
    claimed = {(canonical_colour(cl.value), cl.entity) for cl in claims if cl.prop == "colour"}
    shaped = {(cl.value, cl.entity) for cl in claims if cl.prop == "shape"}
    for cl in claims:
        if cl.entity is None:
            continue
        if cl.entity not in entities:
            problems.append(f"{cl.entity}: claimed {cl.prop} {cl.value!r}, but no such entity is drawn")
            continue
        paint = entities.paint(cl.entity)
        if cl.prop == "colour":
            col = _colour(paint, cl.part)
            if col is None:
                problems.append(f"{cl.entity}: claimed colour {cl.value!r}, but it was registered without one")
            elif not in_family(cl.value, col):
                problems.append(f"{cl.entity}: claimed {cl.value!r}, drawn {_fmt(col)} (reads as "
                                f"{nearest_named(col)!r}, luminance {luminance(col):.2f})")
            elif cl.among is not None:
                word = canonical_colour(cl.value)
                twins = [i for i in entities if i.startswith(cl.among) and (word, i) not in claimed
                         and (c := _colour(entities.paint(i), cl.part)) is not None and in_family(word, c)]
                if twins:
                    problems.append(f"{cl.entity}: claimed the only {cl.value!r} among {cl.among}*, but "
                                    f"{twins[:3]} read as {cl.value!r} too")
        elif cl.prop == "shape":
            if paint["shape"] != cl.value:
                problems.append(f"{cl.entity}: claimed shape {cl.value!r}, drawn {paint['shape']!r}")
            elif cl.among is not None:
                twins = [i for i in entities if i.startswith(cl.among) and (cl.value, i) not in shaped
                         and entities.paint(i)["shape"] == cl.value]
                if twins:
                    problems.append(f"{cl.entity}: claimed the only {cl.value} among {cl.among}*, but {twins[:3]} "
                                    f"are drawn as {cl.value}s too")
        elif cl.prop == "line":
            if paint["line"] != cl.value:
                problems.append(f"{cl.entity}: claimed a {cl.value} line, drawn {paint['line']!r}")
        else:   # key
            if cl.value not in entities:
                problems.append(f"{cl.entity}: claimed legend key {cl.value!r} is not drawn")
                continue
            mine, key = _colour(paint, cl.part), _colour(entities.paint(cl.value), None)
            if mine is None or key is None or delta_e(mine, key) > SAME_DELTA_E:
                problems.append(f"{cl.entity}: drawn {_fmt(mine)}, its legend key {cl.value} {_fmt(key)}")
            elif cl.among is not None:
                close = [i for i in entities if i != cl.value and i.startswith(cl.among)
                         and (c := _colour(entities.paint(i), None)) is not None
                         and delta_e(c, key) < DISTINCT_DELTA_E]
                if close:
                    problems.append(f"{cl.entity}: legend key {cl.value} {_fmt(key)} is not distinct from "
                                    f"{close[:3]}")
    return problems


def named_words(text: str) -> set[tuple[str, str]]:
    """The (property, word) pairs a prompt names: colour words and line styles ("dashed", "dotted"),
    leaving out colour words used as names (quoted labels, a chess side, capitalised words inside a
    sentence)."""
    text = _NAME_USE.sub(" ", text)
    out = set()
    for m in _WORDS.finditer(text):
        if m.group(1)[0].isupper() and not _SENTENCE_END.search(text[:m.start()]):
            continue
        w = m.group(1).lower()
        out.add(("line", w) if w in ("dashed", "dotted") else ("colour", canonical_colour(w)))
    return out


def unbacked(question: str, claims) -> list[str]:
    """The colour and line-style words of ``question`` that no claim states: a task must say what each
    word it names refers to (``Query.claim``, ``Scene.claims``; a category claim where the image may
    show none)."""
    backed = {cl.words() for cl in claims}
    return [f"the prompt names {'a ' + w + ' line' if prop == 'line' else repr(w)}, but no claim says what is drawn so"
            for prop, w in sorted(named_words(question) - backed)]


def _fmt(col) -> str:
    return "nothing" if col is None else "(" + ", ".join(f"{v:.2f}" for v in col) + ")"
