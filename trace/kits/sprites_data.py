"""Pixel-art sprites as data: each sprite is a list of equal-length character rows and a palette
(character -> RGB in 0..1); "." is transparent.  ``tracegen.kits.tilemap`` turns them into
images and draws them on tiles.  Colours are fixed (pixel art is not themed); a sprite that a
prompt names by colour uses a NAMED_COLORS value for that part (the blue unit's tunic)."""

from __future__ import annotations

from tracegen.core.style import NAMED_COLORS


def _hex(h: str):
    h = h.lstrip("#")
    return tuple(round(int(h[i:i + 2], 16) / 255.0, 4) for i in (0, 2, 4))


# terrain base colours (whole-tile fills)
GRASS = (_hex("8db85a"), _hex("7fae4f"))          # two shades, alternated across the map
GRASS_LINE = _hex("5d8a3a")                       # the grid between tiles
ROAD = _hex("c9874f")
ROAD_LINE = _hex("8a5a30")
WATER = _hex("3f7fbf")
WATER_LINE = _hex("1f4f8f")
MOUNTAIN = _hex("9b9a6a")
PLANK = _hex("7a4a26")
PLANK_DARK = _hex("4a2a14")
TAG = _hex("fff3c4")
TAG_EDGE = _hex("3a2a10")
TAG_INK = _hex("20180a")

PALETTE = {
    "g": _hex("3f7a2a"),      # grass tuft
    "L": _hex("1f5a2a"),      # pine, dark
    "l": _hex("2f7a3a"),      # pine, light
    "t": _hex("6a4020"),      # trunk
    "r": _hex("e8dcc8"),      # rock, lit
    "s": _hex("a89a88"),      # rock, shade
    "k": _hex("3a3028"),      # dark outline
    "w": _hex("1f4f8f"),      # wave
    "B": NAMED_COLORS["blue"],
    "b": _hex("1a2a6a"),      # dark blue
    "h": _hex("d8dce8"),      # steel
    "H": _hex("8890a8"),      # steel shade
    "W": _hex("ffffff"),
    "S": _hex("1a3a1a"),      # shadow
}

SPRITES: dict[str, list[str]] = {
    "tuft": [
        "................",
        "................",
        "..g.g...........",
        ".g...g.....g.g..",
        "..........g...g.",
        "................",
        "................",
        "................",
        "................",
        "................",
        "....g.g.........",
        "...g...g....g.g.",
        "...........g...g",
        "................",
        "................",
        "................",
    ],
    "pines": [
        "................",
        "....L.....L.....",
        "...LlL...LlL....",
        "..LlllL.LlllL...",
        "...LlL...LlL....",
        "..LlllL.LlllL...",
        ".LlllllLlllllL..",
        "....t..L..t.....",
        "....t.LlL.t.....",
        "......LlL.......",
        ".....LlllL......",
        "......LlL.......",
        ".....LlllL......",
        "....LlllllL.....",
        ".......t........",
        ".......t........",
    ],
    "rocks": [
        "................",
        "......k.........",
        ".....krk....k...",
        "....krrsk..krk..",
        "...krrrssk.krsk.",
        "..krrrssssk.....",
        "................",
        "..k.......k.....",
        "......k..krk....",
        ".....krk.krrk...",
        "....krrsk.rssk..",
        "...krrrssk.sssk.",
        "..krrrsssskkkkk.",
        ".k.........k....",
        "................",
        "................",
    ],
    "waves": [
        "................",
        "................",
        ".w..w..w..w..w..",
        "..ww.ww.ww.ww.ww",
        "................",
        "................",
        ".w..w..w..w..w..",
        "..ww.ww.ww.ww.ww",
        "................",
        "................",
        ".w..w..w..w..w..",
        "..ww.ww.ww.ww.ww",
        "................",
        "................",
        "................",
        "................",
    ],
    "unit": [
        "................",
        "......kkk.......",
        ".....khhhk....W.",
        ".....kbbbk...W..",
        ".....khhhk..W...",
        "..kk.kBBBk.k....",
        ".kWWkBBBBBkk....",
        ".kWWkBBBBBBk....",
        "..kkkbBBBbk.....",
        ".....kBBBk......",
        "....kBBkBBk.....",
        "....kbk.kbk.....",
        "..SSkkSSSkkSS...",
        "...SSSSSSSSS....",
        "................",
        "................",
    ],
}
