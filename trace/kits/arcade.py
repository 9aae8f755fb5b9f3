"""Arcade playfields and pixel-art sprites kept as data.

A sprite is a character map (rows of equal length, "." transparent) and a palette (character ->
colour: a NAMED_COLORS name, a style role or an RGB triple).  ``draw_sprite`` paints it with one
rectangle per horizontal run of equal pixels and registers the whole sprite once, with the
colour the prompts may name (``main``).  ``playfield`` draws the dark, star-dotted arena the
arcade scenes (space shooter, brick breaker, bubble shooter, rhythm lanes ...) play on; its
colours are fixed (the arena is part of the game's picture, not the page's theme).
"""

from __future__ import annotations

from dataclasses import dataclass

from .boards import badge

SPACE_RGB = (0.04, 0.06, 0.13)        # the arena's night sky
RIM_RGB = (0.28, 0.45, 0.78)          # the arena's frame
STAR_RGB = (0.72, 0.76, 0.86)
PAD_RGB = (0.11, 0.16, 0.27)          # lane pads along the bottom
PAD_RIM_RGB = (0.45, 0.62, 0.90)


@dataclass(frozen=True)
class Sprite:
    rows: tuple[str, ...]
    palette: dict
    main: str | tuple | None = None   # the colour the sprite is registered with (what a prompt names)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)


SPRITES = {
    # a crab-like invader, wings down
    "invader": Sprite((
        "..X.....X..",
        "...X...X...",
        "..XXXXXXX..",
        ".XXoXXXoXX.",
        "XXXXXXXXXXX",
        "X.XXXXXXX.X",
        "X.X.....X.X",
        "...XX.XX...",
    ), {"X": (0.74, 0.52, 0.98), "o": (0.10, 0.06, 0.20)}, main=(0.74, 0.52, 0.98)),
    # the player's fighter, nose up
    "fighter": Sprite((
        ".....X.....",
        "....XWX....",
        "....XXX....",
        ".X.XXXXX.X.",
        "XXXXXXXXXXX",
        "XXXXXXXXXXX",
        "XX.XX.XX.XX",
    ), {"X": "green", "W": (0.85, 1.0, 0.88)}, main="green"),
    # a player bolt flying up: the tip on top, a short trail below
    "bolt_up": Sprite((
        ".W.",
        "BWB",
        "BWB",
        "BWB",
        "BWB",
        "BBB",
        ".B.",
        ".b.",
    ), {"B": "blue", "W": (0.80, 0.90, 1.0), "b": (0.20, 0.30, 0.60)}, main="blue"),
    # an enemy bolt falling: the tip at the bottom, a short trail above
    "bolt_down": Sprite((
        ".r.",
        ".R.",
        "RRR",
        "RWR",
        "RWR",
        "RWR",
        "RWR",
        ".W.",
    ), {"R": "red", "W": (1.0, 0.85, 0.80), "r": (0.55, 0.18, 0.18)}, main="red"),
    # a car seen from the side, driving right (headlight at the front); recolour "X" for the body
    "car": Sprite((
        "...XXXXXX.....",
        "..XWWXXWWX....",
        "XXXXXXXXXXXXXH",
        "XXXXXXXXXXXXXX",
        "XXXXXXXXXXXXXX",
        ".ddOd...dOdd..",
        "...O.....O....",
    ), {"X": "red", "W": (0.82, 0.93, 1.0), "H": (1.0, 0.95, 0.55), "d": (0.15, 0.15, 0.15),
        "O": (0.15, 0.15, 0.15)}, main="red"),
}


def sprite_size(name: str, px: float) -> tuple[float, float]:
    sp = SPRITES[name]
    return sp.width * px, sp.height * px


def draw_sprite(c, name: str, cx: float, cy: float, px: float, *, id: str | None = None, flip: bool = False,
                recolor: dict | None = None) -> tuple:
    """Paint sprite ``name`` centred on (cx, cy) with ``px``-unit pixels (mirrored left-right with ``flip``,
    palette entries replaced by ``recolor``, whose "X" also becomes the registered colour); returns its box."""
    sp = SPRITES[name]
    palette = {**sp.palette, **(recolor or {})}
    main = (recolor or {}).get("X", sp.main)
    w, h = sp.width * px, sp.height * px
    x0, y0 = cx - w / 2, cy - h / 2
    for r, row in enumerate(sp.rows):
        row = row[::-1] if flip else row
        k = 0
        while k < len(row):
            ch = row[k]
            e = k
            while e + 1 < len(row) and row[e + 1] == ch:
                e += 1
            if ch != ".":
                # a hair of overlap so runs and rows join without seams
                c.rect(x0 + k * px, y0 + r * px, (e - k + 1) * px + 0.3, px + 0.3, fill=palette[ch])
            k = e + 1
    box = (x0, y0, x0 + w, y0 + h)
    if id is not None:
        c.register(id, box=box, point=(cx, cy), fill=main, shape="sprite")
    return box


def _stars(x0, y0, w, h, n, seed):
    """Deterministic star positions (a small LCG, so the sky does not depend on any rng)."""
    out, v = [], (seed * 2654435761 + 12345) & 0x7FFFFFFF
    for _ in range(n):
        v = (1103515245 * v + 12345) & 0x7FFFFFFF
        fx = (v >> 8) / (1 << 23)
        v = (1103515245 * v + 12345) & 0x7FFFFFFF
        fy = (v >> 8) / (1 << 23)
        v = (1103515245 * v + 12345) & 0x7FFFFFFF
        out.append((x0 + fx * w, y0 + fy * h, 0.6 + 0.9 * ((v >> 10) % 100) / 100))
    return out


def playfield(c, x: float, y: float, w: float, h: float, *, stars: int = 70, seed: int = 0,
              sky=SPACE_RGB) -> None:
    """The arena: a rounded dark panel with a light rim and a sprinkle of stars."""
    c.rect(x - 6, y - 6, w + 12, h + 12, fill="panel", stroke="muted", lw=1.2)
    c.rect(x, y, w, h, fill=sky, stroke=RIM_RGB, lw=3)
    for sx, sy, r in _stars(x + 4, y + 4, w - 8, h - 8, stars, seed):
        c.circle(sx, sy, r, fill=STAR_RGB)


def lane_pad(c, x: float, y: float, w: float, h: float, *, id: str | None = None) -> None:
    c.rect(x, y, w, h, fill=PAD_RGB, stroke=PAD_RIM_RGB, lw=1.5, id=id)


def tag(c, cx: float, cy: float, text: str, *, size: float = 14.0):
    """A letter tag (white box, dark bold letter) centred on (cx, cy), readable on the dark arena."""
    return badge(c, cx, cy, text, size=size, anchor="c", border="orange")


def _shade(col, f):
    return tuple(max(0.0, min(1.0, v * f)) for v in col)


def ball(c, cx: float, cy: float, r: float, colour: str, *, id: str | None = None) -> None:
    """A glossy ball (bubble, marble) in the named colour ``colour``: the fill, a darker rim and a
    small highlight; registered with its named colour."""
    from ..core.style import NAMED_COLORS

    base = NAMED_COLORS[colour]
    c.circle(cx, cy, r, fill=colour, stroke=_shade(base, 0.55), lw=max(1.2, r * 0.09), id=id)
    c.circle(cx - r * 0.38, cy - r * 0.40, r * 0.2, fill=(1.0, 1.0, 1.0))


def ring(c, cx: float, cy: float, r: float, *, label: str | None = None, cross: bool = False,
         size: float = 14.0, id: str | None = None) -> None:
    """An empty landing spot: a white disc with a thick dark ring, a letter or a crosshair."""
    c.circle(cx, cy, r, fill="white", stroke="black", lw=max(2.5, r * 0.16), id=id)
    if cross:
        c.circle(cx, cy, r * 0.42, stroke="black", lw=1.6)
        c.line(cx - r * 0.62, cy, cx + r * 0.62, cy, color="black", lw=1.6)
        c.line(cx, cy - r * 0.62, cx, cy + r * 0.62, color="black", lw=1.6)
    if label:
        c.text(cx, cy + 0.5, label, size=size, bold=True, color="black")
