"""puzzles/word_search: a word-search letter grid with numbered rows and columns and lettered option cards
below it.  A word reads in a straight line in one of eight directions (right, left, up, down and the
four diagonals) from its first letter.

One task offers four words of which exactly one is hidden in the grid (the others appear nowhere, in
any direction; at higher levels their first letters are planted as decoys); the other names a hidden
word and offers six (start row, start column, direction) descriptions, the wrong ones the reversed
reading from the last letter, another direction from the right cell or the right direction from a
neighbouring cell.  The hidden word occurs exactly once.  Difficulty: 4 x 4 grids and three-letter
words (1), 4 x 4 or 5 x 5 and four letters (2, the original's), 6 x 6 or 7 x 7 and five letters (3).
"""

from __future__ import annotations

import string

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, answer_among

W, H = 560, 520
DIRS = {"right": (0, 1), "left": (0, -1), "down": (1, 0), "up": (-1, 0), "down-right": (1, 1), "down-left": (1, -1),
        "up-right": (-1, 1), "up-left": (-1, -1)}
SIZES = {1: (4, 4), 2: (4, 5), 3: (6, 7)}
LENGTH = {1: 3, 2: 4, 3: 5}
VOCAB = {
    3: ("ANT", "ARM", "BAG", "BAT", "BED", "BOX", "BUS", "CAP", "CAR", "CAT", "COW", "CUP", "DOG", "EAR", "EGG",
        "FAN", "FIG", "FOX", "HAT", "HEN", "ICE", "INK", "JAM", "JAR", "JET", "KEY", "KIT", "LEG", "LID", "MAP",
        "MUG", "NET", "NUT", "OAK", "OWL", "PAN", "PEN", "PIG", "POT", "RAT", "RUG", "SUN", "TOY", "VAN", "WEB"),
    4: ("BELL", "BIRD", "BOAT", "BOLT", "BOOK", "CAKE", "CLAM", "COAT", "CORN", "DESK", "DOOR", "DRUM", "DUCK",
        "FISH", "FLAG", "FORK", "FROG", "GATE", "GOAT", "HARP", "HILL", "HORN", "KITE", "LAMP", "LEAF", "LION",
        "LOCK", "MILK", "MOON", "NEST", "NODE", "OVEN", "PEAR", "ROAD", "ROCK", "ROPE", "SAIL", "SEAL", "SHIP",
        "SNOW", "SOAP", "STAR", "TENT", "TOAD", "TREE", "VASE", "VINE", "WAVE", "WOLF", "YARN"),
    5: ("APPLE", "BEACH", "BENCH", "BREAD", "BRUSH", "CHAIR", "CLOCK", "CLOUD", "CRANE", "DAISY", "EAGLE", "FENCE",
        "FLUTE", "GHOST", "GLOVE", "GRAPE", "HORSE", "HOUSE", "JUICE", "KNIFE", "LEMON", "MANGO", "MOUSE", "NOVEL",
        "OCEAN", "OTTER", "PIANO", "PLANT", "QUILT", "RIVER", "ROBOT", "SHELL", "SKIRT", "SNAIL", "SPOON", "STONE",
        "TABLE", "TIGER", "TORCH", "TOWEL", "TRAIN", "TRUCK", "WATCH", "WHALE", "ZEBRA"),
}


def occurrences(grid, word):
    """Every (row, col, direction) from which ``word`` reads in the grid."""
    n, last, first = len(grid), len(word) - 1, word[0]
    out = []
    for r in range(n):
        for c in range(n):
            if grid[r][c] != first:           # no direction reads the word from here
                continue
            for name, (dr, dc) in DIRS.items():
                rr, cc = r + dr * last, c + dc * last
                if 0 <= rr < n and 0 <= cc < n and all(grid[r + dr * i][c + dc * i] == ch for i, ch in enumerate(word)):
                    out.append((r, c, name))
    return out


def cells_of(word, r, c, name):
    dr, dc = DIRS[name]
    return [(r + dr * i, c + dc * i) for i in range(len(word))]


def plant(r, grid, word):
    """Write ``word`` at a random fitting spot (agreeing with letters already there); None if none fits."""
    n, last = len(grid), len(word) - 1
    spots = []
    for rr in range(n):
        for cc in range(n):
            for name, (dr, dc) in DIRS.items():
                # a straight run lies inside the grid when its last cell does
                if (0 <= rr + dr * last < n and 0 <= cc + dc * last < n
                        and all(grid[rr + dr * i][cc + dc * i] in (None, ch) for i, ch in enumerate(word))):
                    spots.append((rr, cc, name))
    if not spots:
        return None
    rr, cc, name = spots[int(r.integers(len(spots)))]
    for (a, b), ch in zip(cells_of(word, rr, cc, name), word):
        grid[a][b] = ch
    return rr, cc, name


def fill(r, grid, letters=string.ascii_uppercase):
    return [[ch if ch is not None else letters[int(r.integers(len(letters)))] for ch in row] for row in grid]


class WordSearch(Scene):
    domain, scene_id, size = "puzzles", "word_search", (W, H)
    megapixels = (0.31, 0.45)
    description = "A word-search letter grid with numbered rows and columns and lettered word or location options."

    def sample(self, rng, difficulty):
        lo, hi = SIZES[difficulty]
        return {"level": difficulty, "n": int(rng.integers(lo, hi + 1)), "length": LENGTH[difficulty]}

    def render(self, c, state, params):
        grid = state["grid"]
        n = len(grid)
        opts = state["options"]
        rows_of_cards = (len(opts) + 1) // 2
        card_h = 40.0
        avail = H - 28 - rows_of_cards * (card_h + 10) - 10
        u = min(52.0, avail / (n + 1), (W - 40) / (n + 1))
        x0 = (W - (n + 1) * u) / 2 + u
        y0 = 14 + u
        size = min(26.0, u * 0.55)
        c.rect(x0, y0, n * u, n * u, fill="paper")
        for i in range(n):
            c.text(x0 - u / 2, y0 + (i + 0.5) * u, str(i + 1), size=max(12.0, size * 0.7), bold=True, color="muted")
            c.text(x0 + (i + 0.5) * u, y0 - u / 2, str(i + 1), size=max(12.0, size * 0.7), bold=True, color="muted")
        for r, row in enumerate(grid):
            for k, ch in enumerate(row):
                c.text(x0 + (k + 0.5) * u, y0 + (r + 0.5) * u, ch, size=size, bold=True)
                c.register(f"cell:{r}:{k}", box=(x0 + k * u, y0 + r * u, x0 + (k + 1) * u, y0 + (r + 1) * u))
        for i in range(n + 1):
            c.line(x0, y0 + i * u, x0 + n * u, y0 + i * u, color="ink", lw=1.8 if i in (0, n) else 1.0)
            c.line(x0 + i * u, y0, x0 + i * u, y0 + n * u, color="ink", lw=1.8 if i in (0, n) else 1.0)
        hidden = state.get("hidden")
        if hidden:
            (ar, ac), (br, bc) = hidden[0], hidden[-1]
            c.register("word", segment=((x0 + (ac + 0.5) * u, y0 + (ar + 0.5) * u),
                                        (x0 + (bc + 0.5) * u, y0 + (br + 0.5) * u)))
        top = y0 + n * u + 16
        cw = (W - 40 - 12) / 2
        texts = [f"{LETTERS[i]}: {t}" for i, t in enumerate(opts)]
        fs = 17.0
        while fs > 12 and max(c.text_width(t, size=fs) for t in texts) > cw - 16:
            fs -= 1
        for i, t in enumerate(texts):
            rr, kk = divmod(i, 2)
            x, y = 20 + kk * (cw + 12), top + rr * (card_h + 10)
            c.rect(x, y, cw, card_h, fill="panel", stroke="ink", lw=1.4, id=f"option:{LETTERS[i]}")
            c.text(x + cw / 2, y + card_h / 2, t, size=fs, kind="option")


SCENE = WordSearch()
task = SCENE.task

LEAD = ("The image shows a word-search grid of letters with numbered rows and columns. A word reads in a straight "
        "line from its first letter in one of eight directions: right, left, up, down, or diagonally (up-right, "
        "up-left, down-right, down-left).")


def words(r, length, k):
    pool = VOCAB[length]
    return [pool[int(i)] for i in r.permutation(len(pool))[:k]]


# ---------------------------------------------------------------------- tasks
@task("present_word_option_label", answer="option_letter", annotation="segment", ops="topology,matching")
def present_word_option_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        n, length = s["n"], s["length"]
        for _ in range(60):
            chosen = words(r, length, 4)
            grid = [[None] * n for _ in range(n)]
            if plant(r, grid, chosen[0]) is None:
                continue
            if s["level"] == 3:            # decoys: the other words' first letters, one short of the word
                for w in chosen[1:]:
                    plant(r, grid, w[:-1])
            grid = fill(r, grid)
            if len(occurrences(grid, chosen[0])) == 1 and not any(occurrences(grid, w) for w in chosen[1:]):
                others = answer_among(r, chosen[0], chosen[1:], letter)
                (r0, c0, name), = occurrences(grid, chosen[0])
                s.update(grid=grid, options=others, hidden=[list(x) for x in cells_of(chosen[0], r0, c0, name)])
                return s
        q.reject("no grid hiding exactly one option")

    s = q.edit(edit)
    present = [x for x, w in zip("ABCD", s["options"]) if occurrences(s["grid"], w)]
    q.require(len(present) == 1, "not exactly one present word")
    q.step("find_word", word=s["options"]["ABCD".index(present[0])], cells=s["hidden"])
    return q.answer(present[0], witnesses="word", question=(
        LEAD + " Exactly one of the four lettered words below the grid is hidden in it. Which one?"))


@task("search_location_label", answer="option_letter", annotation="bbox_sequence",
      ops="spatial_relations,topology,matching")
def search_location_label(q):
    q.offer(6, "image")
    letter = q.target("ABCDEF", stratified=True)

    def edit(s, r):
        n, length = s["n"], min(s["length"], s["n"])
        for _ in range(60):
            (word,) = words(r, length, 1)
            grid = [[None] * n for _ in range(n)]
            if plant(r, grid, word) is None:
                continue
            grid = fill(r, grid)
            found = occurrences(grid, word)
            if len(found) == 1:
                break
        else:
            q.reject("no grid hiding the word once")
        r0, c0, name = found[0]
        cells = cells_of(word, r0, c0, name)
        back = next(d for d, v in DIRS.items() if v == (-DIRS[name][0], -DIRS[name][1]))
        pool = [(cells[-1][0], cells[-1][1], back)]
        pool += [(r0, c0, d) for d in DIRS if d != name]
        pool += [(r0 + dr, c0 + dc, name) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)) if 0 <= r0 + dr < n
                 and 0 <= c0 + dc < n]
        if r0 != c0:
            pool.append((c0, r0, name))
        pool = pool[:1] + [pool[1 + int(i)] for i in r.permutation(len(pool) - 1)]
        wrong = []
        for x in pool:
            if x != (r0, c0, name) and x not in wrong and len(wrong) < 5:
                wrong.append(x)
        wrong = answer_among(r, (r0, c0, name), wrong, letter)
        s.update(grid=grid, word=word, options=[f"row {a + 1}, col {b + 1}, {d}" for a, b, d in wrong],
                 cells=[list(x) for x in cells])
        return s

    s = q.edit(edit)
    (r0, c0, name), = occurrences(s["grid"], s["word"])
    want = f"row {r0 + 1}, col {c0 + 1}, {name}"
    good = [x for x, o in zip("ABCDEF", s["options"]) if o == want]
    q.require(len(good) == 1, "not exactly one right location")
    q.step("locate", word=s["word"], start=[r0, c0], direction=name)
    return q.answer(good[0], witnesses=[f"cell:{a}:{b}" for a, b in cells_of(s["word"], r0, c0, name)], question=(
        LEAD + f' Find the word "{s["word"]}". Which lettered option below the grid gives the row and column of its '
               "first letter and the direction it reads in?"), examples=list("ABCDEF"))
