"""Pictogram icons (silhouettes of everyday objects) drawn from canvas primitives.

Each pictogram is one colour (the semantic colour an icon scene names) with small details in a
contrasting colour, drawn in a box of side ``size`` centred on (cx, cy).  Shapes are defined in
a unit frame (x, y in [-1, 1], y down) so they scale freely.  ``draw_pictogram`` registers the
icon's box under ``id``.
"""

from __future__ import annotations

import math

# name -> plural used in questions
PICTOGRAMS = {
    "heart": "hearts", "crescent": "crescents", "flag": "flags", "tree": "trees", "house": "houses",
    "bell": "bells", "key": "keys", "umbrella": "umbrellas", "leaf": "leaves", "drop": "drops",
    "lightning bolt": "lightning bolts", "arrow": "arrows", "music note": "music notes", "mug": "mugs",
    "fish": "fish", "envelope": "envelopes", "gift": "gifts", "bottle": "bottles", "kite": "kites",
    "plug": "plugs", "car": "cars", "cloud": "clouds", "sun": "suns", "rocket": "rockets", "boat": "boats",
    "camera": "cameras", "mushroom": "mushrooms", "crown": "crowns",
}


def _arc(cx, cy, rx, ry, a0, a1, n=10):
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * k / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * k / n))) for k in range(n + 1)]


def _heart():
    pts = []
    for k in range(40):
        t = 2 * math.pi * k / 40
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x / 17, -y / 17 + 0.1))
    return [("poly", pts)]


def _crescent():
    outer = _arc(0, 0, 0.9, 0.9, 60, 300, 16)
    inner = _arc(0.38, -0.05, 0.68, 0.7, 265, 95, 14)
    return [("poly", outer + inner)]


SHAPES_UNIT = {
    "heart": _heart,
    "crescent": _crescent,
    "flag": lambda: [("poly", [(-0.72, -0.9), (-0.58, -0.9), (-0.58, 0.95), (-0.72, 0.95)]),
                     ("poly", [(-0.58, -0.85), (-0.1, -0.95), (0.35, -0.72), (0.85, -0.82), (0.85, 0.08),
                               (0.35, 0.18), (-0.1, -0.02), (-0.58, 0.08)])],
    "tree": lambda: [("poly", [(0, -0.95), (0.5, -0.35), (0.3, -0.35), (0.7, 0.2), (0.45, 0.2), (0.85, 0.65),
                               (-0.85, 0.65), (-0.45, 0.2), (-0.7, 0.2), (-0.3, -0.35), (-0.5, -0.35)]),
                     ("poly", [(-0.13, 0.6), (0.13, 0.6), (0.13, 0.95), (-0.13, 0.95)])],
    "house": lambda: [("poly", [(0, -0.92), (0.92, -0.05), (0.7, -0.05), (0.7, 0.9), (-0.7, 0.9), (-0.7, -0.05),
                                (-0.92, -0.05)]),
                      ("detail", [(-0.18, 0.9), (-0.18, 0.35), (0.18, 0.35), (0.18, 0.9)])],
    "bell": lambda: [("poly", _arc(0, -0.3, 0.52, 0.55, 180, 360, 12)
                      + [(0.55, 0.35), (0.85, 0.62), (-0.85, 0.62), (-0.55, 0.35)]),
                     ("circle", (0, 0.78, 0.17)), ("circle", (0, -0.88, 0.1))],
    "key": lambda: [("ring", (-0.5, 0, 0.33, 0.16)),
                    ("poly", [(-0.2, -0.09), (0.92, -0.09), (0.92, 0.09), (-0.2, 0.09)]),
                    ("poly", [(0.55, 0.05), (0.68, 0.05), (0.68, 0.38), (0.55, 0.38)]),
                    ("poly", [(0.78, 0.05), (0.92, 0.05), (0.92, 0.3), (0.78, 0.3)])],
    "umbrella": lambda: [("poly", _arc(0, 0, 0.92, 0.78, 180, 360, 16)
                          + [(0.92, 0.0), (0.61, -0.1), (0.31, 0.0), (0.0, -0.1), (-0.31, 0.0), (-0.61, -0.1)]),
                         ("line", [(0, -0.1), (0, 0.7)], 0.12),
                         ("line", _arc(0.18, 0.7, 0.18, 0.18, 180, 0, 6), 0.12)],
    "leaf": lambda: [("poly", _arc(0.55, 0.55, 1.35, 1.35, 180, 270, 12) + _arc(-0.55, -0.55, 1.35, 1.35, 0, 90, 12)),
                     ("dline", [(-0.8, 0.8), (0.55, -0.55)], 0.07)],
    "drop": lambda: [("poly", [(0, -0.95)] + _arc(0, 0.35, 0.58, 0.58, -30, 210, 16))],
    "lightning bolt": lambda: [("poly", [(0.2, -0.95), (-0.55, 0.1), (-0.05, 0.1), (-0.25, 0.95), (0.55, -0.15),
                                         (0.05, -0.15), (0.35, -0.95)])],
    "arrow": lambda: [("poly", [(-0.9, -0.2), (0.2, -0.2), (0.2, -0.6), (0.92, 0), (0.2, 0.6), (0.2, 0.2),
                                (-0.9, 0.2)])],
    "music note": lambda: [("ellipse", (-0.3, 0.62, 0.34, 0.25)),
                           ("poly", [(-0.02, -0.9), (0.12, -0.9), (0.12, 0.6), (-0.02, 0.6)]),
                           ("poly", [(0.12, -0.9), (0.62, -0.55), (0.62, -0.25), (0.12, -0.55)])],
    "mug": lambda: [("ring", (0.58, 0.05, 0.3, 0.13)),
                    ("poly", [(-0.75, -0.7), (0.45, -0.7), (0.4, 0.8), (-0.7, 0.8)])],
    "fish": lambda: [("ellipse", (-0.15, 0, 0.62, 0.4)),
                     ("poly", [(0.35, 0), (0.95, -0.5), (0.85, 0), (0.95, 0.5)]),
                     ("dot", (-0.45, -0.08, 0.08))],
    "envelope": lambda: [("poly", [(-0.92, -0.6), (0.92, -0.6), (0.92, 0.6), (-0.92, 0.6)]),
                         ("dline", [(-0.92, -0.6), (0, 0.1), (0.92, -0.6)], 0.07)],
    "gift": lambda: [("poly", [(-0.78, -0.2), (0.78, -0.2), (0.78, 0.9), (-0.78, 0.9)]),
                     ("poly", [(-0.9, -0.48), (0.9, -0.48), (0.9, -0.22), (-0.9, -0.22)]),
                     ("poly", [(0, -0.5), (-0.55, -0.95), (-0.3, -0.5)]),
                     ("poly", [(0, -0.5), (0.55, -0.95), (0.3, -0.5)]),
                     ("dline", [(0, -0.48), (0, 0.9)], 0.1)],
    "bottle": lambda: [("poly", [(-0.16, -0.95), (0.16, -0.95), (0.16, -0.45), (0.42, -0.2), (0.42, 0.92),
                                 (-0.42, 0.92), (-0.42, -0.2), (-0.16, -0.45)]),
                       ("detail", [(-0.3, 0.1), (0.3, 0.1), (0.3, 0.5), (-0.3, 0.5)])],
    "kite": lambda: [("poly", [(0.05, -0.95), (0.6, -0.3), (0.05, 0.45), (-0.5, -0.3)]),
                     ("line", [(0.05, 0.45), (-0.15, 0.65), (0.1, 0.78), (-0.12, 0.95)], 0.07),
                     ("dline", [(0.05, -0.95), (0.05, 0.45)], 0.05), ("dline", [(-0.5, -0.3), (0.6, -0.3)], 0.05)],
    "plug": lambda: [("poly", [(-0.5, -0.4), (0.5, -0.4), (0.5, 0.2), (0.2, 0.5), (-0.2, 0.5), (-0.5, 0.2)]),
                     ("poly", [(-0.32, -0.92), (-0.16, -0.92), (-0.16, -0.4), (-0.32, -0.4)]),
                     ("poly", [(0.16, -0.92), (0.32, -0.92), (0.32, -0.4), (0.16, -0.4)]),
                     ("line", [(0, 0.5), (0, 0.95)], 0.14)],
    "car": lambda: [("poly", [(-0.95, 0.05), (-0.7, 0.0), (-0.45, -0.45), (0.35, -0.45), (0.6, 0.0), (0.95, 0.08),
                              (0.95, 0.45), (-0.95, 0.45)]),
                    ("circle", (-0.5, 0.48, 0.22)), ("circle", (0.5, 0.48, 0.22)),
                    ("detail", [(-0.35, -0.33), (0.25, -0.33), (0.42, -0.02), (-0.52, -0.02)])],
    "cloud": lambda: [("circle", (-0.45, 0.2, 0.38)), ("circle", (0.05, -0.12, 0.5)), ("circle", (0.5, 0.2, 0.38)),
                      ("poly", [(-0.45, 0.2), (0.5, 0.2), (0.5, 0.58), (-0.45, 0.58)])],
    "sun": lambda: [("circle", (0, 0, 0.48))] + [
        ("poly", [(0.62 * math.cos(a - 0.22), 0.62 * math.sin(a - 0.22)), (0.95 * math.cos(a), 0.95 * math.sin(a)),
                  (0.62 * math.cos(a + 0.22), 0.62 * math.sin(a + 0.22))])
        for a in (k * math.pi / 4 for k in range(8))],
    "rocket": lambda: [("poly", [(0, -0.95), (0.28, -0.55), (0.28, 0.45), (-0.28, 0.45), (-0.28, -0.55)]),
                       ("poly", [(0.28, 0.0), (0.6, 0.5), (0.6, 0.75), (0.28, 0.45)]),
                       ("poly", [(-0.28, 0.0), (-0.6, 0.5), (-0.6, 0.75), (-0.28, 0.45)]),
                       ("poly", [(-0.15, 0.45), (0.15, 0.45), (0, 0.92)]),
                       ("dot", (0, -0.3, 0.13))],
    "boat": lambda: [("poly", [(-0.95, 0.35), (0.95, 0.35), (0.6, 0.85), (-0.6, 0.85)]),
                     ("poly", [(0.02, -0.95), (0.02, 0.25), (0.75, 0.25)]),
                     ("poly", [(-0.06, -0.7), (-0.06, 0.25), (-0.6, 0.25)])],
    "camera": lambda: [("poly", [(-0.92, -0.45), (-0.3, -0.45), (-0.18, -0.7), (0.3, -0.7), (0.42, -0.45),
                                 (0.92, -0.45), (0.92, 0.72), (-0.92, 0.72)]),
                       ("dring", (0, 0.12, 0.36, 0.1))],
    "mushroom": lambda: [("poly", _arc(0, 0.05, 0.92, 0.85, 180, 360, 16)),
                         ("poly", [(-0.25, 0.05), (0.25, 0.05), (0.32, 0.92), (-0.32, 0.92)])],
    "crown": lambda: [("poly", [(-0.9, -0.55), (-0.45, 0.0), (0, -0.8), (0.45, 0.0), (0.9, -0.55), (0.75, 0.55),
                                (-0.75, 0.55)]),
                      ("poly", [(-0.75, 0.65), (0.75, 0.65), (0.75, 0.85), (-0.75, 0.85)])],
}
assert set(SHAPES_UNIT) == set(PICTOGRAMS)


def _blends(c, color) -> bool:
    from ..core.style import DISTINCT_DELTA_E, delta_e

    rgb, st = c.color(color), c.style
    return min(delta_e(rgb, st.background), delta_e(rgb, st.paper), delta_e(rgb, st.panel)) < DISTINCT_DELTA_E


def draw_pictogram(c, kind: str, color, cx: float, cy: float, size: float, *, id=None, angle: float = 0.0) -> None:
    """A one-colour silhouette of ``kind`` filling a ``size`` box at (cx, cy); details that cut
    into the silhouette are drawn in a colour readable on ``color``.  A colour that would blend
    into the theme's surfaces gets one outline around the whole silhouette (not its parts).
    ``angle`` (degrees) turns the silhouette about its centre."""
    draw_parts(c, SHAPES_UNIT[kind](), color, cx, cy, size, id=id, angle=angle, kind=kind)


def draw_parts(c, parts, color, cx: float, cy: float, size: float, *, id=None, angle: float = 0.0,
               kind: str | None = None) -> None:
    """Draw a silhouette given as unit-frame ``parts`` (the ``SHAPES_UNIT`` vocabulary: poly,
    detail, circle, dot, ellipse, ring, dring, line, dline) as ``draw_pictogram`` does; other
    kits define more silhouettes in the same parts (see ``glyphs``).  The box is registered under
    ``id`` with ``color`` as its fill and ``kind`` (the silhouette's name) as its shape."""
    s = size / 2
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def pt(p):
        return (cx + (p[0] * ca - p[1] * sa) * s, cy + (p[0] * sa + p[1] * ca) * s)

    detail = c.text_on(color)
    passes = (("muted", 2.2), (color, 0.0)) if _blends(c, color) else ((None, 0.0),)
    for halo, grow in passes:
        edge = {"stroke": halo, "lw": 2 * grow} if halo else {}
        for part in parts:
            kind_, geo = part[0], part[1]
            if kind_ in ("detail", "dot", "dring", "dline") and grow:
                continue
            fill = detail if kind_ in ("detail", "dot") else color
            if kind_ in ("poly", "detail"):
                c.polygon([pt(p) for p in geo], fill=fill, **edge)
            elif kind_ in ("circle", "dot"):
                x, y, r = geo
                c.circle(*pt((x, y)), r * s, fill=fill, **edge)
            elif kind_ == "ellipse":
                x, y, rx, ry = geo
                c.ellipse(*pt((x, y)), rx * s, ry * s, fill=fill, **edge)
            elif kind_ in ("ring", "dring"):
                x, y, r, w = geo
                c.circle(*pt((x, y)), r * s, stroke=(halo if grow else color) if kind_ == "ring" else detail,
                         lw=w * s + 2 * grow)
            elif kind_ in ("line", "dline"):
                c.polyline([pt(p) for p in geo], color=(halo if grow else color) if kind_ == "line" else detail,
                           lw=part[2] * s + 2 * grow)
    c.register(id, box=(cx - s, cy - s, cx + s, cy + s), fill=color, shape=kind)
