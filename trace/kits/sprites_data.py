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

# ---------------------------------------------------------------------------- village sprites
PALETTE.update({
    "o": _hex("3f8a2a"),      # tree crown
    "O": _hex("2a6a1e"),      # tree crown shade
    "y": _hex("9ad05a"),      # tree crown light
    "n": _hex("7a4a26"),      # wood
    "N": _hex("4a2a14"),      # wood dark
    "f": _hex("f0c8a0"),      # skin
    "c": _hex("c04030"),      # shirt (recoloured per person)
    "p": _hex("3a3a5a"),      # trousers
    "R": _hex("c0463a"),      # roof (recoloured per house)
    "Q": _hex("8a2a22"),      # roof shade (recoloured per house)
    "m": _hex("e8d8b0"),      # wall
    "M": _hex("b8a880"),      # wall shade
    "q": _hex("a8d8f0"),      # window glass
    "e": _hex("909090"),      # stone
    "E": _hex("606060"),      # stone dark
    "d": _hex("c8c8c8"),      # stone light
    "a": _hex("ffd84a"),      # lamp light
    "u": _hex("e05a8a"),      # flower
    "v": _hex("f0e040"),      # flower centre
    "x": _hex("3f7fbf"),      # water
})

ROOFS = {"red": (_hex("c0463a"), _hex("8a2a22")), "blue": (_hex("3a6ac0"), _hex("22408a")),
         "purple": (_hex("8a4ab0"), _hex("5a2a7a")), "orange": (_hex("e07a30"), _hex("a0501a"))}
SHIRTS = (_hex("c04030"), _hex("3050c0"), _hex("30a050"), _hex("d0a020"), _hex("8040a0"))
CROWNS = ((_hex("3f8a2a"), _hex("2a6a1e"), _hex("9ad05a")), (_hex("c8782a"), _hex("8a4a1a"), _hex("f0b050")),
          (_hex("b83a2a"), _hex("7a2218"), _hex("e87a5a")))

SPRITES.update({
    "tree": [
        "................",
        ".....OOOOOO.....",
        "...OOooooooOO...",
        "..OoooyyoooooO..",
        ".OooyyyyooooooO.",
        ".Oooyyoooooooo O".replace(" ", "O"),
        "OooooooooooooooO",
        "OoooooooooooooOO",
        ".OooooooooooooO.",
        ".OOoooooooooOO..",
        "...OOOoooOOO....",
        "......NnN.......",
        "......NnN.......",
        "......NnN.......",
        ".....NNnNN......",
        "................",
    ],
    "pine": [
        ".......L........",
        "......LlL.......",
        ".....LlllL......",
        "......LlL.......",
        ".....LlllL......",
        "....LlllllL.....",
        ".....LlllL......",
        "....LlllllL.....",
        "...LlllllllL....",
        "....LlllllL.....",
        "...LlllllllL....",
        "..LlllllllllL...",
        ".LLLLLLLLLLLLL..",
        "......NnN.......",
        "......NnN.......",
        "................",
    ],
    "person": [
        "................",
        "......NNNN......",
        ".....NNNNNN.....",
        ".....NffffN.....",
        ".....fkffkf.....",
        ".....ffffff.....",
        "......ffff......",
        "....cccccccc....",
        "...fccccccccf...",
        "...fccccccccf...",
        "....cccccccc....",
        ".....pppppp.....",
        ".....pp..pp.....",
        ".....pp..pp.....",
        ".....kk..kk.....",
        "................",
    ],
    "well": [
        "................",
        "...RRRRRRRRRR...",
        "..RQQQQQQQQQQR..",
        ".RQQQQQQQQQQQQR.",
        "...n........n...",
        "...n...NN...n...",
        "...n...N....n...",
        "..ddddddddddd...",
        ".deeeeeeeeeeed..",
        ".deexxxxxxxeed..",
        ".deexxxxxxxeed..",
        ".deeeeeeeeeeed..",
        "..EEEEEEEEEEE...",
        "................",
        "................",
        "................",
    ],
    "lamp": [
        "................",
        "......kkkk......",
        ".....kaaaak.....",
        ".....kaaaak.....",
        ".....kaaaak.....",
        "......kkkk......",
        ".......kk.......",
        ".......kk.......",
        ".......kk.......",
        ".......kk.......",
        ".......kk.......",
        ".......kk.......",
        ".......kk.......",
        "......kkkk......",
        ".....kkkkkk.....",
        "................",
    ],
    "crate": [
        "................",
        "................",
        "................",
        "...NNNNNNNNNN...",
        "...NnnnnnnnNN...",
        "...NNnnnnnNnN...",
        "...NnNnnnNnnN...",
        "...NnnNnNnnnN...",
        "...NnnnNnnnnN...",
        "...NnnNnNnnnN...",
        "...NnNnnnNnnN...",
        "...NNnnnnnNnN...",
        "...NnnnnnnnNN...",
        "...NNNNNNNNNN...",
        "................",
        "................",
    ],
    "barrel": [
        "................",
        "................",
        "................",
        ".....NNNNNN.....",
        "....NnnnnnnN....",
        "....NnnnnnnN....",
        "....EEEEEEEE....",
        "...NnnnnnnnnN...",
        "...NnnnnnnnnN...",
        "....EEEEEEEE....",
        "....NnnnnnnN....",
        "....NnnnnnnN....",
        ".....NNNNNN.....",
        "................",
        "................",
        "................",
    ],
    "rock": [
        "................",
        "................",
        "................",
        "................",
        "................",
        "................",
        "......EEEE......",
        ".....EddeeE.....",
        "....EddeeeeE....",
        "....EdeeeeeE....",
        "...EeeeeeeeeE...",
        "....EEEEEEEE....",
        "................",
        "................",
        "................",
        "................",
    ],
    "grave": [
        "................",
        "................",
        "................",
        ".....EEEEEE.....",
        "....EddddddE....",
        "....EdddEddE....",
        "....EddEEEdE....",
        "....EdddEddE....",
        "....EdddEddE....",
        "....EddddddE....",
        "....EddddddE....",
        "...EEEEEEEEEE...",
        "...NNNNNNNNNN...",
        "................",
        "................",
        "................",
    ],
    "flowers": [
        "................",
        "................",
        "................",
        "................",
        "................",
        "................",
        "...u.....u......",
        "..uvu...uvu..u..",
        "...u..u..u..uvu.",
        "...g.uvu.g...u..",
        "...g..u..g...g..",
        "..g.g.g.g.g..g..",
        "................",
        "................",
        "................",
        "................",
    ],
    "house": [
        "................................................",
        "....RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR....",
        "...RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...",
        "..RQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQR..",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQR",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "RQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQR",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ",
        "..MmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmM..",
        "..MmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmM..",
        "..MmmmNNNNNNmmmmmmmmmmmmmmmmmmmmmmmmNNNNNNmmmM..",
        "..MmmmNqqqqNmmmmmmmmmmmmmmmmmmmmmmmmNqqqqNmmmM..",
        "..MmmmNqNNqNmmmmmmmmmmmmmmmmmmmmmmmmNqNNqNmmmM..",
        "..MmmmNqqqqNmmmmmmmmmmmmmmmmmmmmmmmmNqqqqNmmmM..",
        "..MmmmNNNNNNmmmmmmmmmmmmmmmmmmmmmmmmNNNNNNmmmM..",
        "..MmmmmmmmmmmmmmmmmmmNNNNNNmmmmmmmmmmmmmmmmmmM..",
        "..MmmmmmmmmmmmmmmmmmNnnnnnnNmmmmmmmmmmmmmmmmmM..",
        "..MmmmmmmmmmmmmmmmmmNnnnnnnNmmmmmmmmmmmmmmmmmM..",
        "..MmmmmmmmmmmmmmmmmmNnnnnnnNmmmmmmmmmmmmmmmmmM..",
        "..MmmmmmmmmmmmmmmmmmNnnnnaNNmmmmmmmmmmmmmmmmmM..",
        "..MmmmmmmmmmmmmmmmmmNnnnnnnNmmmmmmmmmmmmmmmmmM..",
        "..MmmmmmmmmmmmmmmmmmNnnnnnnNmmmmmmmmmmmmmmmmmM..",
        "..MMMMMMMMMMMMMMMMMMNnnnnnnNMMMMMMMMMMMMMMMMMM..",
        "..SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS..",
        "................................................",
        "................................................",
        "................................................",
        "................................................",
        "................................................",
        "................................................",
    ],
})

# ---------------------------------------------------------------------------- dungeon sprites
PALETTE.update({
    "C": _hex("c8782a"),      # chest wood
    "D": _hex("7a4214"),      # chest dark
    "G": _hex("f0c040"),      # gold trim
    "Z": _hex("5ad07a"),      # slime
    "z": _hex("2f8a4a"),      # slime shade
    "V": _hex("4a3a5a"),      # bat
    "j": _hex("2a1e36"),      # bat dark
    "X": _hex("e8e8e0"),      # boulder light
    "Y": _hex("a8a8a0"),      # boulder shade
})

SPRITES.update({
    "chest": [
        "................",
        "................",
        "................",
        "..DDDDDDDDDDDD..",
        ".DCCGCCCCCCGCCD.",
        ".DCCGCCCCCCGCCD.",
        ".DDDGDDDDDDGDDD.",
        ".DCCGCCGGCCGCCD.",
        ".DCCGCCGGCCGCCD.",
        ".DCCGCCCCCCGCCD.",
        ".DCCGCCCCCCGCCD.",
        ".DDDDDDDDDDDDDD.",
        "................",
        "................",
        "................",
        "................",
    ],
    "slime": [
        "................",
        "................",
        "................",
        "................",
        "......zzzz......",
        ".....zZZZZz.....",
        "....zZZZZZZz....",
        "...zZZkZZkZZz...",
        "...zZZkZZkZZz...",
        "..zZZZZZZZZZZz..",
        "..zZZZZZZZZZZz..",
        "..zzzzzzzzzzzz..",
        "................",
        "................",
        "................",
        "................",
    ],
    "bat": [
        "................",
        "................",
        "................",
        "................",
        "......j..j......",
        ".j...jVVVVj...j.",
        ".jV..VaVVaV..Vj.",
        ".jVVjVVVVVVjVVj.",
        "..jVVVVVVVVVVj..",
        "...jVVjVVjVVj...",
        "....j..jj..j....",
        "................",
        "................",
        "................",
        "................",
        "................",
    ],
    "boulder": [
        "................",
        "................",
        "................",
        "......YYYY......",
        "....YXXXXXYY....",
        "...YXXXXXXXYY...",
        "..YXXXXXXXXXYY..",
        "..YXXXXXXXXXYY..",
        "..YXXXXXXXXYYY..",
        "..YYXXXXXXYYYY..",
        "...YYYYYYYYYY...",
        "....YYYYYYYY....",
        "................",
        "................",
        "................",
        "................",
    ],
})
