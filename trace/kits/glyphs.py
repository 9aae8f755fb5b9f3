"""More pictogram silhouettes: office and everyday objects (folder, printer, receipt, cart,
trophy, ...), in the unit-frame parts of ``pictograms`` (x, y in [-1, 1], y down) and drawn by
``pictograms.draw_parts``, so they share its colouring, details and outline rules.

Kept apart from ``pictograms.PICTOGRAMS`` so that the scenes sampling that vocabulary keep their
distributions; ``GLYPHS`` names the new silhouettes (name -> plural) and ``ALL_ICONS`` is the
union of both vocabularies.  ``ORIENTED`` lists the silhouettes without any rotational symmetry
(a turn by a multiple of 45 degrees always changes how they look).
"""

from __future__ import annotations

from .pictograms import PICTOGRAMS, SHAPES_UNIT, _arc, draw_parts

GLYPHS = {
    "folder": "folders", "printer": "printers", "receipt": "receipts", "cart": "carts", "card": "cards",
    "bar chart": "bar charts", "pin": "pins", "trophy": "trophies", "padlock": "padlocks", "ladder": "ladders",
    "light bulb": "light bulbs", "guitar": "guitars", "headphones": "headphones", "pencil": "pencils",
    "hammer": "hammers", "phone": "phones", "book": "books", "anchor": "anchors", "glasses": "glasses",
    "scissors": "scissors",
}


def _rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


GLYPH_PARTS = {
    "folder": lambda: [("poly", [(-0.92, -0.62), (-0.38, -0.62), (-0.24, -0.46), (0.92, -0.46), (0.92, 0.72),
                                 (-0.92, 0.72)]),
                       ("dline", [(-0.92, -0.22), (0.92, -0.22)], 0.07)],
    "printer": lambda: [("poly", _rect(-0.5, -0.92, 0.5, -0.38)), ("poly", _rect(-0.92, -0.42, 0.92, 0.42)),
                        ("poly", _rect(-0.56, 0.18, 0.56, 0.92)), ("dot", (0.68, -0.18, 0.09)),
                        ("dline", [(-0.34, 0.46), (0.34, 0.46)], 0.07),
                        ("dline", [(-0.34, 0.68), (0.34, 0.68)], 0.07)],
    "receipt": lambda: [("poly", [(-0.62, -0.92), (0.62, -0.92), (0.62, 0.92), (0.41, 0.74), (0.21, 0.92), (0.0, 0.74),
                                  (-0.21, 0.92), (-0.41, 0.74), (-0.62, 0.92)])]
    + [("dline", [(-0.36, y), (0.36 if k % 2 else 0.12, y)], 0.08) for k, y in enumerate((-0.58, -0.28, 0.02, 0.32))],
    "cart": lambda: [("poly", [(-0.66, -0.48), (0.92, -0.48), (0.7, 0.22), (-0.48, 0.22)]),
                     ("line", [(-0.95, -0.78), (-0.7, -0.78), (-0.42, 0.44), (0.72, 0.44)], 0.11),
                     ("circle", (-0.32, 0.74, 0.16)), ("circle", (0.58, 0.74, 0.16))],
    "card": lambda: [("poly", _rect(-0.92, -0.62, 0.92, 0.62)), ("detail", _rect(-0.92, -0.38, 0.92, -0.14)),
                     ("detail", _rect(-0.7, 0.2, -0.18, 0.4))],
    "bar chart": lambda: [("poly", _rect(-0.86, 0.05, -0.4, 0.9)), ("poly", _rect(-0.23, -0.85, 0.23, 0.9)),
                          ("poly", _rect(0.4, -0.38, 0.86, 0.9))],
    "pin": lambda: [("poly", [(0.0, 0.95)] + _arc(0, -0.3, 0.64, 0.64, 150, 390, 16)), ("dot", (0, -0.3, 0.24))],
    "trophy": lambda: [("poly", [(-0.6, -0.9), (0.6, -0.9), (0.55, -0.22), (0.24, 0.14), (-0.24, 0.14),
                                 (-0.55, -0.22)]),
                       ("ring", (-0.6, -0.5, 0.26, 0.11)), ("ring", (0.6, -0.5, 0.26, 0.11)),
                       ("poly", _rect(-0.11, 0.1, 0.11, 0.58)), ("poly", _rect(-0.52, 0.56, 0.52, 0.9))],
    "padlock": lambda: [("line", _arc(0, -0.3, 0.4, 0.52, 180, 360, 10), 0.17),
                        ("poly", _rect(-0.66, -0.22, 0.66, 0.9)), ("dot", (0, 0.28, 0.13)),
                        ("detail", _rect(-0.05, 0.3, 0.05, 0.62))],
    "ladder": lambda: [("line", [(-0.48, -0.95), (-0.48, 0.95)], 0.15), ("line", [(0.48, -0.95), (0.48, 0.95)], 0.15)]
    + [("line", [(-0.48, y), (0.48, y)], 0.12) for y in (-0.6, -0.2, 0.2, 0.6)],
    "light bulb": lambda: [("circle", (0, -0.26, 0.6)), ("poly", _rect(-0.3, 0.2, 0.3, 0.66)),
                           ("poly", _rect(-0.22, 0.66, 0.22, 0.9)), ("dline", [(-0.3, 0.43), (0.3, 0.43)], 0.07)],
    "guitar": lambda: [("circle", (-0.36, 0.4, 0.46)), ("circle", (0.04, 0.02, 0.34)),
                       ("line", [(0.05, 0.0), (0.8, -0.75)], 0.15),
                       ("poly", [(0.68, -0.95), (0.95, -0.68), (0.82, -0.55), (0.55, -0.82)]),
                       ("dot", (-0.26, 0.3, 0.13))],
    "headphones": lambda: [("line", _arc(0, 0.15, 0.74, 0.82, 180, 360, 12), 0.14),
                           ("poly", _rect(-0.95, 0.05, -0.52, 0.8)), ("poly", _rect(0.52, 0.05, 0.95, 0.8))],
    "pencil": lambda: [("poly", [(-0.6, 0.92), (-0.92, 0.6), (0.5, -0.82), (0.82, -0.5)]),
                       ("poly", [(-0.6, 0.92), (-0.92, 0.6), (-0.98, 0.98)]),
                       ("dline", [(0.28, -0.6), (0.6, -0.28)], 0.08)],
    "hammer": lambda: [("poly", [(-0.78, -0.88), (0.52, -0.88), (0.52, -0.42), (-0.78, -0.42), (-0.95, -0.65)]),
                       ("poly", _rect(-0.12, -0.42, 0.12, 0.95))],
    "phone": lambda: [("poly", _rect(-0.46, -0.94, 0.46, 0.94)), ("detail", _rect(-0.34, -0.72, 0.34, 0.52)),
                      ("dot", (0, 0.73, 0.09))],
    "book": lambda: [("poly", _rect(-0.78, -0.88, 0.72, 0.88)), ("detail", _rect(-0.6, -0.88, -0.5, 0.88)),
                     ("dline", [(-0.25, -0.45), (0.45, -0.45)], 0.08), ("dline", [(-0.25, -0.2), (0.3, -0.2)], 0.08)],
    "anchor": lambda: [("ring", (0, -0.72, 0.17, 0.1)), ("line", [(0, -0.55), (0, 0.85)], 0.14),
                       ("line", [(-0.4, -0.3), (0.4, -0.3)], 0.12),
                       ("line", _arc(0, 0.2, 0.72, 0.66, 10, 170, 12), 0.14)],
    "glasses": lambda: [("ring", (-0.48, 0.1, 0.34, 0.14)), ("ring", (0.48, 0.1, 0.34, 0.14)),
                        ("line", [(-0.16, 0.02), (0.16, 0.02)], 0.1), ("line", [(-0.82, 0.04), (-0.95, -0.4)], 0.1)],
    "scissors": lambda: [("ring", (-0.5, 0.58, 0.26, 0.12)), ("ring", (0.5, 0.58, 0.26, 0.12)),
                         ("line", [(-0.36, 0.38), (0.55, -0.95)], 0.14),
                         ("line", [(0.36, 0.38), (-0.55, -0.95)], 0.14)],
}
assert set(GLYPH_PARTS) == set(GLYPHS)

# every pictogram-style silhouette: name -> plural
ALL_ICONS = {**PICTOGRAMS, **GLYPHS}

# silhouettes that look different after any turn by a multiple of 45 degrees
ORIENTED = ("flag", "tree", "house", "bell", "key", "umbrella", "drop", "lightning bolt", "arrow", "music note",
            "mug", "fish", "gift", "bottle", "kite", "plug", "car", "rocket", "boat", "camera", "mushroom", "crown",
            "folder", "printer", "receipt", "cart", "trophy", "padlock", "light bulb", "guitar", "headphones",
            "pencil", "hammer", "book", "anchor", "glasses")


def draw_glyph(c, kind: str, color, cx: float, cy: float, size: float, *, id=None, angle: float = 0.0) -> None:
    """Any silhouette of ``ALL_ICONS`` (a pictogram or a glyph) filling a ``size`` box at (cx, cy),
    turned by ``angle`` degrees; the box is registered under ``id``."""
    parts = GLYPH_PARTS[kind]() if kind in GLYPH_PARTS else SHAPES_UNIT[kind]()
    draw_parts(c, parts, color, cx, cy, size, id=id, angle=angle, kind=kind)
