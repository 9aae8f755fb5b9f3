"""Letter codes: grade-1 Braille cells and International Morse code, a vocabulary of short English
words to write in them, look-alike words for distractors, and drawing of Braille cells and Morse
symbols.

Braille (grade 1, the 26 letters of the standard literary code): a cell is two columns of three
dot positions numbered 1-2-3 down the left column and 4-5-6 down the right; a letter is the set
of raised dots.  Morse: ITU-R M.1677-1 International Morse code letters as strings of "." (dot)
and "-" (dash); within a letter the marks are one unit apart, letters three units apart.
"""

from __future__ import annotations

import heapq

BRAILLE = {
    "a": (1,), "b": (1, 2), "c": (1, 4), "d": (1, 4, 5), "e": (1, 5), "f": (1, 2, 4), "g": (1, 2, 4, 5),
    "h": (1, 2, 5), "i": (2, 4), "j": (2, 4, 5), "k": (1, 3), "l": (1, 2, 3), "m": (1, 3, 4),
    "n": (1, 3, 4, 5), "o": (1, 3, 5), "p": (1, 2, 3, 4), "q": (1, 2, 3, 4, 5), "r": (1, 2, 3, 5),
    "s": (2, 3, 4), "t": (2, 3, 4, 5), "u": (1, 3, 6), "v": (1, 2, 3, 6), "w": (2, 4, 5, 6),
    "x": (1, 3, 4, 6), "y": (1, 3, 4, 5, 6), "z": (1, 3, 5, 6),
}
MORSE = {
    "a": ".-", "b": "-...", "c": "-.-.", "d": "-..", "e": ".", "f": "..-.", "g": "--.", "h": "....",
    "i": "..", "j": ".---", "k": "-.-", "l": ".-..", "m": "--", "n": "-.", "o": "---", "p": ".--.",
    "q": "--.-", "r": ".-.", "s": "...", "t": "-", "u": "..-", "v": "...-", "w": ".--", "x": "-..-",
    "y": "-.--", "z": "--..",
}

# Everyday English words, grouped so that most words have look-alikes (a shared beginning, the same length).
WORDS = tuple(sorted(set("""
cat can cap car cab bat bag ban bar bed bee beg bet dog dot don dig dim din dip fan fat far fig fin fir fit
fix hat ham has hen hem hip hit hog hop hot hub hug hum hut jam jar jaw jet jig job jog jot joy jug kit kin kid
key keg lap law lay leg let lid lip lit log lot low map mat man mad mop mob mud mug net nut nod nap nag pan pat
pad pal paw pen pet pig pin pit pod pot pun pup rag ram rat raw red rib rid rim rip rod rot row rub rug run sad
sap sat saw sea set sip sit six sob sun sum sub tab tag tan tap tar ten tip tin toe ton top toy tub tug van vat
vet web wet wig win wit wok yak yam yes zip zap zoo
band bank bark barn bean bear beat bell belt bend bird bite boat bolt bone book boot born cake calm camp cane
card care cart cash cave cell chip city clap clay coat code coin cold cone cook cool cord corn cost dare dark
dart dash date dawn deal dear deck deep deer desk dial dice dime dine dirt dish dock dome door dove down fade
fail fair fall fame farm fast fear feed feel fern film find fine fire fish flag flat foil fold folk fond food
fool foot fork form fort fuel game gate gear gift girl give glad glow glue goat gold golf good gown grab grid
grin hair half hall hand hang harp hawk head heal heat herb hero hill hint hive hold hole home hood hook hope
horn hose host hunt jade jazz joke jump kind king kite knot lace lake lamp land lane lark leaf lean lens lime
line lion list load loaf lock loft long loop lord mail main malt mane mask mast meal melt mild milk mill mind
mine mint mist mole moon moss moth nail name nest news nice nose note oven pace pack page pail pain pair palm
park part path peak pear pine pink pipe plan plot plum poem pole pond pony pool pork port rack raft rail rain
ramp rank rest rice ride ring road robe rock role roof room root rope rose ruby sail salt sand seal seed ship
shoe shop silk sing sink site skip slot snow soap sock sofa soil song soup star stem step tail tale tank tape
team tent tide tile time tone tool tour town tree trip tube tuna vase vest vine wall wand ward warm wave wind
wine wing wire wolf wood wool word work yard yarn zone
apple arrow bacon badge baker beach beard berry blade blank blaze bloom board brain brave bread brick bride
brush cabin camel candy canoe cargo chain chair chalk charm chart chess chest chick chief child cider cloud
clown coach coral couch crane crown daisy dance diary dream drink drive eagle earth fairy feast fence field
flame flock flute frame frost fruit ghost giant glass globe grape grass heart honey horse house jelly jewel
juice knife label lemon light lunch magic maple march mango melon metal model money mouse music nurse ocean
olive onion orbit otter owner paint panel paper party pasta peach pearl pedal phone piano pilot pizza plant
plate plaza pouch power queen quilt radio raven river robin roast salad sauce scale scarf scout shark sheep
shelf shell shirt skate skirt slide smile snack snake spice spoon sport stack stage stamp stone storm stove
sugar sweet table tiger toast tooth torch tower track train trail treat truck tulip uncle value wagon watch
water whale wheat wheel world
anchor animal basket bottle branch bridge bucket butter button camera candle carpet castle cherry circle
cookie copper cotton dragon drawer engine fabric falcon finger flower forest garden ginger guitar hammer
harbor helmet island jacket jungle kettle ladder lizard magnet marble meadow mirror monkey muffin nickel
oyster palace parrot pencil pepper pillow planet pocket potato puzzle rabbit rocket saddle salmon silver
spider spring stable statue summer ticket tomato turkey turtle velvet violin walnut window winter wizard
yellow balloon blanket cabbage captain cartoon chicken compass cupcake diamond dolphin feather giraffe harvest
kitchen lantern lobster morning mustard octopus orchard panther peacock penguin pumpkin rainbow sandals
teacher thunder tractor trumpet unicorn volcano whistle
""".split())))


def braille(word: str) -> list[list[int]]:
    """The raised dots of each cell writing ``word`` (lowercase letters)."""
    return [list(BRAILLE[ch]) for ch in word]


def morse(word: str) -> list[str]:
    """The Morse code of each letter of ``word``."""
    return [MORSE[ch] for ch in word]


def words_of_length(lo: int, hi: int) -> list[str]:
    return [w for w in WORDS if lo <= len(w) <= hi]


def _shared_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def look_alikes(rng, word: str, k: int, *, same_length: bool = False) -> list[str]:
    """Up to ``k`` other words of the vocabulary that look most like ``word``: the same length and
    the longest shared beginning first, then the most letters in the same places; ties in a random
    order.  ``same_length`` keeps only words of ``word``'s length."""
    others = [w for w in WORDS if w != word and abs(len(w) - len(word)) <= 1]
    noise = rng.permutation(len(others))

    def key(i):
        w = others[i]
        same = sum(x == y for x, y in zip(w, word))
        return (-(len(w) == len(word)), -_shared_prefix(w, word), -same, int(noise[i]))

    # the k first of the ranking (ranking only the same-length words, when only those are kept, leaves
    # their order as it was)
    pool = [i for i, w in enumerate(others) if len(w) == len(word)] if same_length else range(len(others))
    return [others[i] for i in heapq.nsmallest(k, pool, key=key)]


# ---------------------------------------------------------------------------- drawing
DOT_SLOTS = {1: (0, 0), 2: (0, 1), 3: (0, 2), 4: (1, 0), 5: (1, 1), 6: (1, 2)}   # dot -> (column, row)


def braille_cell_size(pitch: float) -> tuple[float, float]:
    """Width and height of a drawn cell whose dot centres are ``pitch`` apart."""
    return 2.2 * pitch, 3.2 * pitch


def draw_braille_cell(c, x: float, y: float, dots, *, pitch: float, id=None, frame: bool = True) -> tuple:
    """One Braille cell with its top-left corner at (x, y): raised dots as filled discs, the other
    positions as small rings so the six places stay readable.  Returns the cell's box."""
    w, h = braille_cell_size(pitch)
    if frame:
        c.rect(x, y, w, h, fill="paper", stroke="muted", lw=1.2)
    for dot, (col, row) in DOT_SLOTS.items():
        cx, cy = x + (0.6 + col) * pitch, y + (0.6 + row) * pitch
        if dot in dots:
            c.circle(cx, cy, 0.3 * pitch, fill="ink")
        else:
            c.circle(cx, cy, 0.17 * pitch, stroke="muted", lw=max(1.0, 0.05 * pitch))
    if id is not None:
        c.register(id, box=(x, y, x + w, y + h))
    return (x, y, x + w, y + h)


def draw_braille_word(c, cx: float, cy: float, cells, *, pitch: float, gap: float | None = None) -> tuple:
    """A row of Braille cells centred at (cx, cy); returns the row's box."""
    w, h = braille_cell_size(pitch)
    gap = 0.6 * pitch if gap is None else gap
    total = len(cells) * w + (len(cells) - 1) * gap
    x = cx - total / 2
    for dots in cells:
        draw_braille_cell(c, x, cy - h / 2, dots, pitch=pitch)
        x += w + gap
    return (cx - total / 2, cy - h / 2, cx + total / 2, cy + h / 2)


def morse_width(codes, unit: float) -> float:
    """Drawn width of Morse letters ``codes``: a dot is one unit, a dash three, one unit between the
    marks of a letter and three between letters."""
    marks = sum(len(code) for code in codes)
    dashes = sum(code.count("-") for code in codes)
    return unit * (marks + 2 * dashes + (marks - len(codes)) + 3 * (len(codes) - 1))


def draw_morse(c, cx: float, cy: float, codes, *, unit: float, color="ink") -> tuple:
    """Morse letters centred at (cx, cy): dots as discs, dashes as rounded bars.  Returns the box."""
    total = morse_width(codes, unit)
    x = cx - total / 2
    t = unit * 0.9
    for i, code in enumerate(codes):
        if i:
            x += 3 * unit
        for j, mark in enumerate(code):
            if j:
                x += unit
            if mark == ".":
                c.circle(x + unit / 2, cy, t / 2, fill=color)
                x += unit
            else:
                w = 3 * unit
                c.circle(x + t / 2, cy, t / 2, fill=color)
                c.circle(x + w - t / 2, cy, t / 2, fill=color)
                c.rect(x + t / 2, cy - t / 2, w - t, t, fill=color)
                x += w
    return (cx - total / 2, cy - t / 2, cx + total / 2, cy + t / 2)
