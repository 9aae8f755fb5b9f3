"""Reading a construction figure (the dict ``tracegen.kits.constructions.draw_figure`` draws)
back in tests, written independently of the kit: the printed measurements by what they name,
the geometry measured from the coordinates, and a check that every printed measurement is true
of the drawn figure (angles exactly, arcs exactly, lengths at one common scale)."""

from __future__ import annotations

import cmath
import math
import re
from decimal import ROUND_HALF_UP, Decimal

NUM = r"(\?|-?\d+(?:\.\d+)?)"
ANGLE = re.compile(r"^∠([A-Z]{3}) = " + NUM + "°?$")
ARC = re.compile(r"^arc ([A-Z]{2,3}) = " + NUM + "°?$")
LEN = re.compile(r"^([A-Za-z]{1,2}) = (.+)$")
NOTE = re.compile(r"^(.+?) = (.+)$")
TAIL = re.compile(NUM + "°?$")


def half_up(v: float, d: int = 1) -> float:
    return float(Decimal(repr(float(v))).quantize(Decimal(1).scaleb(-d), rounding=ROUND_HALF_UP))


def _num(s):
    return None if s == "?" else float(s)


def angle_key(name: str) -> str:
    """∠XYZ and ∠ZYX are the same angle."""
    return name[1] + "".join(sorted(name[0] + name[2]))


def read(fig) -> dict:
    """{"angle": {key: value|None}, "angle_names": {key: name}, "arc": {name: value|None},
    "len": {name: text}} from the figure's printed texts ('?' -> None)."""
    out = {"angle": {}, "angle_names": {}, "angle_expr": {}, "arc": {}, "len": {}, "note": {}}
    for an in fig.get("angles", []):
        if an.get("text"):
            name = an["a"] + an["v"] + an["b"]      # the angle the mark stands in (its text may be bare)
            if "x" in an["text"]:                    # an expression in x
                out["angle_expr"][angle_key(name)] = an["text"].split("=")[-1].strip().rstrip("°")
                continue
            m = TAIL.search(an["text"])
            assert m, an["text"]
            named = ANGLE.match(an["text"])
            assert not named or angle_key(named[1]) == angle_key(name), an
            out["angle"][angle_key(name)] = _num(m[1])
            out["angle_names"][angle_key(name)] = name
    for arc in fig.get("arcs", []):
        if arc.get("text"):
            m = ARC.match(arc["text"])
            assert m, arc["text"]
            out["arc"][m[1]] = _num(m[2])
    for ln in fig.get("lens", []):
        m = LEN.match(ln["text"])
        assert m, ln["text"]
        out["len"][m[1]] = m[2]
    for note in fig.get("notes", []):
        m = NOTE.match(note)
        assert m, note
        out["note"][m[1]] = m[2]
    return out


def labelled(fig, pattern) -> dict:
    """{name: value, None for '?'} from the texts beside segments and the listed notes, every one
    of which must match ``pattern`` (a compiled regex whose groups are the name and the number)."""
    out = {}
    for text in [ln["text"] for ln in fig["lens"]] + fig["notes"]:
        m = pattern.match(text)
        assert m, text
        out[m[1]] = None if m[2] == "?" else float(m[2])
    return out


def given_angle(lab, name):
    return lab["angle"].get(angle_key(name))


def num_len(lab, name):
    v = lab["len"].get(name) or lab["len"].get(name[::-1])
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def P(fig, name) -> complex:
    x, y = fig["pts"][name]
    return complex(x, y)


def measure_angle(fig, name: str) -> float:
    """The non-reflex angle XYZ in degrees."""
    v = P(fig, name[1])
    d = abs(math.degrees(cmath.phase((P(fig, name[2]) - v) / (P(fig, name[0]) - v))))
    return d


def ccw_arc(fig, k: int, a: str, b: str) -> float:
    x, y, _ = fig["circles"][k]
    o = complex(x, y)
    return math.degrees(cmath.phase((P(fig, b) - o) / (P(fig, a) - o))) % 360.0


def minor_arc(fig, a: str, b: str, k: int = 0) -> float:
    d = ccw_arc(fig, k, a, b)
    return min(d, 360.0 - d)


def length(fig, name: str) -> float:
    return abs(P(fig, name[0]) - P(fig, name[1]))


def scale(fig, lab) -> float | None:
    """Printed units per coordinate unit, from any numeric length label."""
    for name, text in lab["len"].items():
        if len(name) != 2:
            continue
        try:
            return float(text) / length(fig, name)
        except ValueError:
            continue
    return None


def check_printed(fig) -> dict:
    """Every printed angle, arc and number length is true of the coordinates; returns ``read``."""
    lab = read(fig)
    for an in fig.get("angles", []):
        v = P(fig, an["v"])
        deg = abs(math.degrees(cmath.phase((P(fig, an["b"]) - v) / (P(fig, an["a"]) - v))))
        if an.get("right"):
            assert abs(deg - 90) < 1e-4, an
        m = TAIL.search(an.get("text") or "")
        if m and m[1] != "?" and "x" not in an["text"]:
            assert abs(deg - float(m[1])) < 1e-4, (an, deg)
    for arc in fig.get("arcs", []):
        m = ARC.match(arc.get("text") or "")
        if m and m[2] != "?":
            assert abs(ccw_arc(fig, arc["c"], arc["a"], arc["b"]) - float(m[2])) < 1e-4, (arc, fig["pts"])
    k = scale(fig, lab)
    for name, text in lab["len"].items():
        try:
            v = float(text)
        except ValueError:
            continue
        if len(name) != 2:
            continue
        assert abs(length(fig, name) * k - v) < 1e-6 * max(1.0, v), (name, text, length(fig, name) * k)
    return lab


def unknown(lab):
    """(kind, name) of the quantity printed as '?'."""
    found = [(kind, k) for kind in ("angle", "arc") for k, v in lab[kind].items() if v is None]
    found += [("len", k) for k, v in lab["len"].items() if v.strip() == "?"]
    assert len(found) == 1, found
    kind, k = found[0]
    if kind == "angle":
        return kind, lab["angle_names"][k]
    return kind, k


def measure_unknown(fig, lab=None) -> float:
    """The '?' quantity measured from the drawing (arcs: the minor arc; lengths: at the figure's
    printed scale)."""
    lab = lab or read(fig)
    kind, name = unknown(lab)
    if kind == "angle":
        return measure_angle(fig, name)
    if kind == "arc":
        return minor_arc(fig, name[0], name[-1])
    return length(fig, name) * scale(fig, lab)


def as_answer(v: float, integer: bool):
    if integer:
        assert abs(v - round(v)) < 1e-4, v
        return int(round(v))
    return half_up(v, 1)
