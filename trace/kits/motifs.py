"""Icons under exact geometric transforms: turns by any angle and mirror images of every
silhouette of ``glyphs.ALL_ICONS``, of the geometric shapes of ``icons.SHAPES`` and of a few more
asymmetric silhouettes (``EXTRA``: boot, axe, teapot, ...); ``MOTIFS`` names them all.

``draw_parts`` (pictograms) turns only the centres of circles and ellipses, which is exact for
the small tilts of the scenes that use it but not for a quarter turn of an ellipse.  Transform
scenes (rotation and mirror options, wallpaper groups, sequences of turns) need the picture of
a turned icon to be the turned picture, so here every part is transformed point by point:
ellipses become polygons, mirror images negate x before the turn.  ``draw_motif`` then draws the
transformed parts with ``draw_parts`` (same colouring, details and outline rules);
``draw_motif_cut`` draws an icon that lies on top of another with a thin cut around it.
Orientations are (angle, mirror) pairs; ``compose`` chains them and ``TRANSFORMS`` names the
quarter turns and flips.

``mask`` rasterises an icon in one orientation and ``mask_difference`` compares two silhouettes.
``CHIRAL`` lists the icons whose eight quarter-turn and mirror images all clearly differ,
``TURNABLE`` those whose four quarter turns do (mirror images may coincide with a turn); the
kit's tests recompute both from ``mask``.
"""

from __future__ import annotations

import functools
import math

from .glyphs import ALL_ICONS, GLYPH_PARTS
from .icons import SHAPES
from .pictograms import SHAPES_UNIT, draw_parts


def _ngon(n, r=1.0, rot=-math.pi / 2):
    return [(r * math.cos(rot + 2 * math.pi * k / n), r * math.sin(rot + 2 * math.pi * k / n)) for k in range(n)]


def _star(points=5, inner=0.45):
    return [((1.0 if k % 2 == 0 else inner) * math.cos(-math.pi / 2 + math.pi * k / points),
             (1.0 if k % 2 == 0 else inner) * math.sin(-math.pi / 2 + math.pi * k / points)) for k in range(2 * points)]


_T = 0.36
SHAPE_PARTS = {   # the canvas's geometric shapes (Canvas.shape) in the unit frame
    "circle": [("circle", (0.0, 0.0, 1.0))],
    "square": [("poly", [(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)])],
    "triangle": [("poly", [(0.0, -1.0), (0.95, 0.8), (-0.95, 0.8)])],
    "diamond": [("poly", [(0.0, -1.0), (0.8, 0.0), (0.0, 1.0), (-0.8, 0.0)])],
    "pentagon": [("poly", _ngon(5))],
    "hexagon": [("poly", _ngon(6, rot=0.0))],
    "star": [("poly", _star())],
    "cross": [("poly", [(-_T, -1), (_T, -1), (_T, -_T), (1, -_T), (1, _T), (_T, _T), (_T, 1), (-_T, 1), (-_T, _T),
                        (-1, _T), (-1, -_T), (-_T, -_T)])],
}
assert set(SHAPE_PARTS) == set(SHAPES)
# More silhouettes with no mirror or turn symmetry (kept out of ``glyphs.ALL_ICONS`` so that the
# scenes sampling that vocabulary keep their distributions): name -> plural
EXTRA = {"boot": "boots", "axe": "axes", "teapot": "teapots", "snail": "snails", "bird": "birds",
         "watering can": "watering cans", "saw": "saws"}
EXTRA_PARTS = {
    "boot": lambda: [("poly", [(-0.5, -0.95), (0.12, -0.95), (0.12, 0.25), (0.7, 0.38), (0.92, 0.6), (0.92, 0.9),
                               (-0.5, 0.9)]),
                     ("dline", [(-0.5, 0.68), (0.92, 0.68)], 0.08)],
    "axe": lambda: [("line", [(-0.75, 0.95), (0.3, -0.62)], 0.15),
                    ("poly", [(0.12, -0.95), (0.42, -0.95), (0.92, -0.42), (0.6, -0.05), (0.36, -0.44), (0.1, -0.6)])],
    "teapot": lambda: [("ellipse", (0.0, 0.25, 0.56, 0.5)),
                       ("poly", [(0.42, 0.05), (0.95, -0.45), (0.98, -0.3), (0.5, 0.45)]),
                       ("ring", (-0.62, 0.2, 0.28, 0.12)),
                       ("poly", [(-0.3, -0.32), (0.3, -0.32), (0.12, -0.62), (-0.12, -0.62)]),
                       ("circle", (0.0, -0.7, 0.1))],
    "snail": lambda: [("poly", [(-0.95, 0.72), (0.9, 0.72), (0.9, 0.45), (-0.55, 0.45), (-0.78, 0.0), (-0.95, 0.05)]),
                      ("circle", (0.18, -0.05, 0.55)), ("dring", (0.18, -0.05, 0.25, 0.08)),
                      ("line", [(-0.85, 0.02), (-0.95, -0.45)], 0.07), ("line", [(-0.75, 0.02), (-0.6, -0.45)], 0.07)],
    "bird": lambda: [("ellipse", (-0.05, 0.12, 0.56, 0.36)), ("circle", (0.48, -0.34, 0.26)),
                     ("poly", [(0.7, -0.42), (0.98, -0.3), (0.7, -0.22)]),
                     ("poly", [(-0.5, 0.0), (-0.98, -0.35), (-0.9, 0.25), (-0.45, 0.3)]),
                     ("dot", (0.54, -0.4, 0.07)),
                     ("line", [(-0.1, 0.45), (-0.18, 0.92)], 0.08), ("line", [(0.15, 0.45), (0.1, 0.92)], 0.08)],
    "watering can": lambda: [("poly", [(-0.6, -0.25), (0.3, -0.25), (0.3, 0.85), (-0.6, 0.85)]),
                             ("poly", [(0.28, 0.25), (0.88, -0.62), (0.98, -0.5), (0.3, 0.55)]),
                             ("line", [(-0.6, -0.05), (-0.9, 0.05), (-0.9, 0.5), (-0.6, 0.6)], 0.13),
                             ("line", [(-0.45, -0.25), (-0.3, -0.6), (0.15, -0.6), (0.25, -0.25)], 0.1)],
    "saw": lambda: [("poly", [(-0.4, -0.5), (0.95, -0.2), (0.95, 0.05), (0.8, 0.2), (0.68, 0.08), (0.56, 0.2),
                              (0.44, 0.08), (0.32, 0.2), (0.2, 0.08), (0.08, 0.2), (-0.04, 0.08), (-0.16, 0.2),
                              (-0.28, 0.08), (-0.4, 0.2)]),
                    ("poly", [(-0.95, -0.75), (-0.35, -0.75), (-0.35, 0.45), (-0.95, 0.45)]),
                    ("detail", [(-0.8, -0.5), (-0.5, -0.5), (-0.5, 0.1), (-0.8, 0.1)])],
}
assert set(EXTRA_PARTS) == set(EXTRA)
# every kind draw_motif knows: name -> plural
MOTIFS = {**{s: s + ("es" if s == "cross" else "s") for s in SHAPES}, **ALL_ICONS, **EXTRA}


def parts_of(kind: str) -> list:
    """The unit-frame parts of ``kind`` (a geometric shape, pictogram or glyph)."""
    if kind in SHAPE_PARTS:
        return list(SHAPE_PARTS[kind])
    if kind in GLYPH_PARTS:
        return GLYPH_PARTS[kind]()
    if kind in EXTRA_PARTS:
        return EXTRA_PARTS[kind]()
    return SHAPES_UNIT[kind]()


def _ellipse_poly(x, y, rx, ry, n=28):
    return [(x + rx * math.cos(2 * math.pi * k / n), y + ry * math.sin(2 * math.pi * k / n)) for k in range(n)]


def transform_parts(parts, angle: float = 0.0, mirror: bool = False) -> list:
    """``parts`` mirrored left-right (when ``mirror``), then turned clockwise by ``angle``
    degrees (y points down), each point exactly; ellipses become polygons."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    sx = -1.0 if mirror else 1.0

    def pt(p):
        x, y = p[0] * sx, p[1]
        return (round(x * ca - y * sa, 6), round(x * sa + y * ca, 6))

    out = []
    for part in parts:
        kind, geo = part[0], part[1]
        if kind in ("poly", "detail"):
            out.append((kind, [pt(p) for p in geo]))
        elif kind == "ellipse":
            out.append(("poly", [pt(p) for p in _ellipse_poly(*geo)]))
        elif kind in ("circle", "dot"):
            out.append((kind, (*pt(geo[:2]), geo[2])))
        elif kind in ("ring", "dring"):
            out.append((kind, (*pt(geo[:2]), geo[2], geo[3])))
        elif kind in ("line", "dline"):
            out.append((kind, [pt(p) for p in geo], part[2]))
        else:
            raise KeyError(f"unknown part kind {kind!r}")
    return out


def _turned(kind: str, angle: float, mirror: bool) -> list:
    """``transform_parts(parts_of(kind), angle, mirror)``, computed once per icon and orientation
    (the sign of a zero angle kept apart: 0.0 and -0.0 are equal keys) and shared: callers only read it."""
    return _turned_at(kind, angle, math.copysign(1.0, angle), bool(mirror))


@functools.lru_cache(maxsize=4096)
def _turned_at(kind: str, angle: float, sign: float, mirror: bool) -> list:
    return transform_parts(parts_of(kind), angle, mirror)


def draw_motif(c, kind: str, color, cx: float, cy: float, size: float, *, id=None, angle: float = 0.0,
               mirror: bool = False) -> None:
    """``kind`` filling a ``size`` box at (cx, cy), mirrored left-right when ``mirror`` and then
    turned clockwise by ``angle`` degrees, exactly; the box is registered under ``id``."""
    draw_parts(c, _turned(kind, angle, mirror), color, cx, cy, size, id=id)


def draw_motif_cut(c, kind: str, color, cx: float, cy: float, size: float, *, id=None, angle: float = 0.0,
                   mirror: bool = False, gap="paper", width: float = 3.0) -> None:
    """``draw_motif`` over a silhouette grown by ``width`` in the colour ``gap``: an icon drawn on
    top of another stays separated from it by a thin cut, so which one is in front is plain."""
    parts = _turned(kind, angle, mirror)
    s = size / 2

    def pt(p):
        return (cx + p[0] * s, cy + p[1] * s)

    for part in parts:
        k, geo = part[0], part[1]
        if k == "poly":
            c.polygon([pt(p) for p in geo], fill=gap, stroke=gap, lw=2 * width)
        elif k == "circle":
            c.circle(*pt(geo[:2]), geo[2] * s, fill=gap, stroke=gap, lw=2 * width)
        elif k == "ring":
            c.circle(*pt(geo[:2]), geo[2] * s, stroke=gap, lw=geo[3] * s + 2 * width)
        elif k == "line":
            c.polyline([pt(p) for p in geo], color=gap, lw=part[2] * s + 2 * width)
    draw_parts(c, parts, color, cx, cy, size, id=id)


# The eight orientations of the square's symmetry group, as (angle, mirror): a vertical flip is
# a mirror image turned by 180 degrees.
DIHEDRAL = tuple((a, m) for m in (False, True) for a in (0, 90, 180, 270))
TRANSFORMS = {"rotate_90_clockwise": (90, False), "rotate_90_counterclockwise": (270, False),
              "rotate_180": (180, False), "flip_horizontal": (0, True), "flip_vertical": (180, True)}


def compose(first, then):
    """The orientation (angle, mirror) of applying ``then`` after ``first`` (both (angle, mirror))."""
    a1, m1 = first
    a2, m2 = then
    # mirror then turn: x -> R(a) M^m x.  R(a2) M^m2 R(a1) M^m1 = R(a2 +- a1) M^(m1 xor m2)
    return ((a2 + (-a1 if m2 else a1)) % 360, m1 != m2)


def mask(kind: str, angle: float = 0.0, mirror: bool = False, px: int = 96):
    """A ``px`` x ``px`` boolean raster of the icon's silhouette in one orientation."""
    import cairo
    import numpy as np

    surf = cairo.ImageSurface(cairo.FORMAT_A8, px, px)
    ctx = cairo.Context(surf)
    s = px / 2 * 0.9
    for part in transform_parts(parts_of(kind), angle, mirror):
        k, geo = part[0], part[1]
        ctx.set_operator(cairo.OPERATOR_CLEAR if k in ("detail", "dot", "dring", "dline") else cairo.OPERATOR_OVER)
        if k in ("poly", "detail"):
            ctx.move_to(px / 2 + geo[0][0] * s, px / 2 + geo[0][1] * s)
            for x, y in geo[1:]:
                ctx.line_to(px / 2 + x * s, px / 2 + y * s)
            ctx.close_path()
            ctx.fill()
        elif k in ("circle", "dot"):
            ctx.arc(px / 2 + geo[0] * s, px / 2 + geo[1] * s, geo[2] * s, 0, 2 * math.pi)
            ctx.fill()
        elif k in ("ring", "dring"):
            ctx.new_sub_path()
            ctx.arc(px / 2 + geo[0] * s, px / 2 + geo[1] * s, geo[2] * s, 0, 2 * math.pi)
            ctx.set_line_width(geo[3] * s)
            ctx.stroke()
        else:
            ctx.move_to(px / 2 + geo[0][0] * s, px / 2 + geo[0][1] * s)
            for x, y in geo[1:]:
                ctx.line_to(px / 2 + x * s, px / 2 + y * s)
            ctx.set_line_width(part[2] * s)
            ctx.set_line_cap(cairo.LINE_CAP_ROUND)
            ctx.stroke()
    surf.flush()
    a = np.ndarray((px, surf.get_stride()), dtype=np.uint8, buffer=surf.get_data())[:, :px]
    return a > 127


def _centred(m):
    """``m`` shifted (by whole pixels) so that its centre of mass sits at the raster's centre."""
    import numpy as np

    ys, xs = np.nonzero(m)
    if len(xs) == 0:
        return m
    h, w = m.shape
    return np.roll(np.roll(m, int(round(w / 2 - 0.5 - xs.mean())), axis=1), int(round(h / 2 - 0.5 - ys.mean())),
                   axis=0)


def mask_difference(a, b) -> float:
    """The share of the union of two masks where they differ once each is centred on its centre
    of mass, at the best of the shifts by up to two pixels (0 = the same silhouette, wherever it
    sits in its box)."""
    import numpy as np

    a, b = _centred(a), _centred(b)
    best = 1.0
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            s = np.roll(np.roll(b, dx, axis=1), dy, axis=0)
            best = min(best, float((a ^ s).sum()) / float(max(1, (a | s).sum())))
    return best


# Silhouettes whose eight quarter-turn and mirror images pairwise differ in at least 24 % of
# their area (``mask_difference`` at the default raster), and those whose four quarter turns
# differ in at least 20 %; the kit's tests recompute both.  (Lower thresholds let in icons such
# as the kite or the crescent, whose mirror images differ only in a small detail.)
CHIRAL_MIN, TURNABLE_MIN = 0.24, 0.2
CHIRAL = ("flag", "music note", "bar chart", "hammer", "glasses", "boot", "axe", "teapot", "snail", "bird",
          "watering can", "saw")
TURNABLE = ("triangle", "star", "heart", "crescent", "flag", "tree", "house", "bell", "key", "umbrella", "drop",
            "arrow", "music note", "mug", "fish", "gift", "bottle", "kite", "plug", "car", "cloud", "rocket", "boat",
            "mushroom", "crown", "receipt", "cart", "card", "bar chart", "pin", "trophy", "padlock", "light bulb",
            "guitar", "headphones", "hammer", "phone", "book", "anchor", "glasses", "scissors", "boot", "axe",
            "teapot", "snail", "bird", "watering can", "saw")
