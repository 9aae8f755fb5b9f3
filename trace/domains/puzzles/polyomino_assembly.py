"""puzzles/polyomino_assembly: polyominoes (edge-joined unit squares) put together and taken apart.  A top
panel shows two source pieces, a target shape or a board with a blank hole; four lettered option cards
below show candidate composites, candidate pairs of pieces or candidate filler pieces.

Rules, as the prompts state them: pieces are moved and turned, never flipped, when they compose or
decompose a shape; a filler may also be flipped.  Exactly one option works; the others are the answer
with one cell moved, the mirror image where that does not work, or another split of a similar shape.
Difficulty grows the pieces: composites of 6 (1), 8-10 (2, the original's 10), 11-13 cells (3);
targets of 5, 6-8 (the original's 7) and 9-11 cells; holes of 5, 7-9 (its 9) and 10-12 cells on
5 x 5, 5 x 7 and 6 x 8 boards.
"""

from __future__ import annotations

import functools

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, N4, answer_among
from tracegen.kits.cards import draw_card
from tracegen.kits.panels import panel_card

W, H = 720, 660
COLORS = ("green", "red", "blue", "orange", "purple", "cyan")
COMPOSE = {1: ((3, 3),), 2: ((4, 4), (5, 4), (6, 4), (5, 3)), 3: ((7, 5), (6, 6), (7, 6))}
TARGET = {1: (5, 5), 2: (6, 8), 3: (9, 11)}
HOLE = {1: ((5, 5), (5, 5)), 2: ((5, 7), (7, 9)), 3: ((6, 8), (10, 12))}


# ---------------------------------------------------------------------- polyomino geometry
def normal(cells) -> tuple:
    """``cells`` shifted to row 0 / column 0, sorted (the shape up to translation)."""
    r0, c0 = min([r for r, _ in cells]), min([c for _, c in cells])
    return tuple(sorted([(r - r0, c - c0) for r, c in cells]))


def turn(cells):
    """A quarter turn clockwise."""
    return normal([(c, -r) for r, c in cells])


def flip(cells):
    return normal([(r, -c) for r, c in cells])


def orientations(cells, flips: bool) -> frozenset:
    """The shape's turns (and their mirror images when ``flips``), each ``normal``; remembered per
    cell tuple (every caller sorts, takes the least, counts or tests membership)."""
    return _orientations_of(tuple(map(tuple, cells)), flips)


@functools.lru_cache(maxsize=8192)
def _orientations_of(cells: tuple, flips: bool) -> frozenset:
    """``orientations`` worked out: a turn or flip of a normal shape with last row ``h`` and last
    column ``w`` is shifted back by exactly ``h`` or ``w`` (integers), so each is the sorted shifted
    cells (the fourth turn, back to the start, is not needed)."""
    out, cur = set(), normal(cells)
    h = max([r for r, _ in cur])
    w = max([c for _, c in cur])
    for k in range(4):
        out.add(cur)
        if flips:
            out.add(tuple(sorted([(r, w - c) for r, c in cur])))     # flip(cur)
        if k < 3:
            cur = tuple(sorted([(c, h - r) for r, c in cur]))        # turn(cur)
            h, w = w, h
    return frozenset(out)


def connected(cells) -> bool:
    cells = set(map(tuple, cells))
    if not cells:
        return False
    left = set(cells)           # cells not reached yet
    stack = [left.pop()]
    while stack:
        r, c = stack.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):      # N4
            if nb in left:
                left.remove(nb)
                stack.append(nb)
    return not left


def grow(r, n, within=None) -> tuple:
    """A random polyomino of ``n`` cells (inside the cell set ``within`` when given)."""
    cells = [(0, 0)] if within is None else [sorted(within)[int(r.integers(len(within)))]]
    while len(cells) < n:
        rim = sorted({(a + dr, b + dc) for a, b in cells for dr, dc in N4} - set(cells))
        if within is not None:
            rim = [x for x in rim if x in within]
        cells.append(rim[int(r.integers(len(rim)))])
    return normal(cells) if within is None else tuple(sorted(cells))


def tiles(target, a, b, flips: bool) -> bool:
    """Whether pieces ``a`` and ``b`` (moved, turned, flipped when ``flips``) cover ``target`` exactly."""
    target = set(normal(target))
    if len(a) + len(b) != len(target):
        return False
    b_shapes = _orientations_of(tuple(map(tuple, b)), flips)
    for o in _orientations_of(tuple(map(tuple, a)), flips):
        r0, c0 = o[0]
        rel = [(r - r0, c - c0) for r, c in o]
        for tr, tc in target:
            for dr, dc in rel:           # placed <= target, stopping at the first cell outside
                if (tr + dr, tc + dc) not in target:
                    break
            else:
                if normal(target - {(tr + dr, tc + dc) for dr, dc in rel}) in b_shapes:
                    return True
    return False


def join(r, a, b) -> tuple | None:
    """``a`` and a turned ``b`` placed edge to edge without overlap (a random such union)."""
    a = set(a)
    rim = sorted({(x + dr, y + dc) for x, y in a for dr, dc in N4} - a)
    for _ in range(40):
        o = sorted(orientations(b, False))[int(r.integers(len(orientations(b, False))))]
        tr, tc = rim[int(r.integers(len(rim)))]
        k = int(r.integers(len(o)))
        placed = {(tr + x - o[k][0], tc + y - o[k][1]) for x, y in o}
        if not placed & a:
            return normal(a | placed)
    return None


def moved_cell(r, cells) -> tuple | None:
    """``cells`` with one cell moved to another spot on its rim, still one piece."""
    cells = list(cells)
    have = set(cells)        # rest is part of cells: the rim of rest outside cells
    for _ in range(30):
        k = int(r.integers(len(cells)))
        rest = cells[:k] + cells[k + 1:]
        rim = sorted({(a + dr, b + dc) for a, b in rest for dr, dc in N4} - have)
        if not rim:
            continue
        new = rest + [rim[int(r.integers(len(rim)))]]
        if connected(new):
            return normal(new)
    return None


def posed(r, cells, flips: bool = False) -> list:
    """``cells`` in a random orientation, as a JSON list."""
    opts = sorted(orientations(cells, flips))
    return [list(x) for x in opts[int(r.integers(len(opts)))]]


# ---------------------------------------------------------------------- scene
class PolyominoAssembly(Scene):
    domain, scene_id, size = "puzzles", "polyomino_assembly", (W, H)
    megapixels = (0.55, 0.78)
    description = ("Polyomino pieces: two sources, a target or a board with a hole on top, and four lettered "
                   "option cards of composites, piece pairs or filler pieces.")

    def sample(self, rng, difficulty):
        return {"level": difficulty, "color": COLORS[int(rng.integers(len(COLORS)))],
                "variant": ["cards", "outline"][int(rng.integers(2))]}

    # ------------------------------------------------------------------ drawing
    def shape(self, c, state, cells, box, unit_max=30.0, *, hole=None):
        """Cells centred in ``box``; ``hole`` cells (of a board) are left blank."""
        x0, y0, x1, y1 = box
        rows = 1 + max(r for r, _ in cells)
        cols = 1 + max(k for _, k in cells)
        unit = min(unit_max, (x1 - x0) / cols, (y1 - y0) / rows)
        ox, oy = (x0 + x1 - cols * unit) / 2, (y0 + y1 - rows * unit) / 2
        fill = state["color"]
        gap = 2.0 if state["variant"] == "cards" else 0.0
        blanks = None if hole is None else {tuple(x) for x in hole}
        for r, k in cells:
            blank = blanks is not None and (r, k) in blanks
            c.rect(ox + k * unit + gap, oy + r * unit + gap, unit - 2 * gap, unit - 2 * gap,
                   fill="paper" if blank else fill, stroke="ink", lw=1.4 if not blank else 1.0)
        return (ox, oy, ox + cols * unit, oy + rows * unit)

    def render(self, c, state, params):
        kind = state["kind"]
        top = panel_card(c, (16, 12, W - 16, 250), None)
        if kind == "compose":
            mid = (top[0] + top[2]) / 2
            self.shape(c, state, state["pieces"][0], (top[0] + 40, top[1], mid - 20, top[3]))
            self.shape(c, state, state["pieces"][1], (mid + 20, top[1], top[2] - 40, top[3]))
        elif kind == "decompose":
            self.shape(c, state, state["target"], top)
        else:
            rows, cols = state["board"]
            board = [[r, k] for r in range(rows) for k in range(cols)]
            box = self.shape(c, state, board, top, 28.0, hole=state["hole"])
            c.register("board", box=box)
        cw, ch = (W - 32 - 18) / 2, (H - 268 - 12 - 14) / 2
        for i, opt in enumerate(state["options"]):
            rr, kk = divmod(i, 2)
            box = (16 + kk * (cw + 18), 268 + rr * (ch + 12), cw, ch)
            inner = draw_card(c, box, LETTERS[i], id=f"option:{LETTERS[i]}", badge_size=16)
            area = (box[0] + 44, inner[1] - 10, box[0] + cw - 16, box[1] + ch - 12)
            if kind == "decompose":
                mid = (area[0] + area[2]) / 2
                self.shape(c, state, opt[0], (area[0], area[1], mid - 10, area[3]), 22.0)
                self.shape(c, state, opt[1], (mid + 10, area[1], area[2], area[3]), 22.0)
            else:
                self.shape(c, state, opt, area, 24.0)


SCENE = PolyominoAssembly()
task = SCENE.task


def distinct_add(out, cand, flips) -> bool:
    """Append ``cand`` unless it equals (under the allowed moves) one already in ``out``."""
    key = min(orientations(cand, flips))
    if any(min(orientations(o, flips)) == key for o in out):
        return False
    out.append(cand)
    return True


# ---------------------------------------------------------------------- tasks
@task("composition_result_label", answer="option_letter", annotation="bbox", ops="transformation,matching")
def composition_result_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        sizes = COMPOSE[s["level"]]
        na, nb = sizes[int(r.integers(len(sizes)))]
        a, b = grow(r, na), grow(r, nb)
        answer = join(r, a, b)
        q.require(answer is not None, "pieces do not join")
        pool = [join(r, a, flip(b)), join(r, flip(a), b)] + [moved_cell(r, answer) for _ in range(8)]
        wrong = []
        for cand in pool:
            if cand is not None and len(wrong) < 3 and not tiles(cand, a, b, False):
                distinct_add(wrong, cand, False)
        q.require(len(wrong) == 3, "too few wrong composites")
        s.update(kind="compose", pieces=[posed(r, a), posed(r, b)],
                 options=[posed(r, o) for o in answer_among(r, answer, wrong, letter)])
        return s

    s = q.edit(edit)
    a, b = s["pieces"]
    good = [LETTERS[i] for i, o in enumerate(s["options"]) if tiles(o, a, b, False)]
    q.require(len(good) == 1, "not exactly one buildable composite")
    q.step("compose", option=good[0])
    return q.answer(good[0], witnesses=f"option:{good[0]}", question=(
        "The image shows two source polyomino pieces in the top panel and four lettered candidate shapes. Which "
        "candidate can be assembled from exactly the two source pieces, with no gaps or overlaps? The pieces may "
        "be moved and rotated but not flipped over."))


@task("decomposition_pair_label", answer="option_letter", annotation="bbox", ops="transformation,matching")
def decomposition_pair_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        lo, hi = TARGET[s["level"]]
        n = int(r.integers(lo, hi + 1))
        target, a = grow(r, n), None
        for _ in range(20):
            k = int(r.integers(2, n - 1))
            cut = grow(r, k, within=set(target))
            if connected(set(target) - set(cut)):
                a, b = normal(cut), normal(set(target) - set(cut))
                break
        q.require(a is not None, "no split into two pieces")
        pool = [(flip(a), b), (a, flip(b))]
        for _ in range(10):
            which = int(r.integers(2))
            m = moved_cell(r, (a, b)[which])
            if m is not None:
                pool.append((m, b) if which == 0 else (a, m))
        near = [pool[int(i)] for i in r.permutation(len(pool))]
        for _ in range(12):      # other pieces of the same sizes, or one cell traded between them
            j = len(a) + int(r.integers(-1, 2))
            if 1 <= j < n:
                near.append((grow(r, j), grow(r, n - j)))
        wrong = []
        keys = set()
        for pa, pb in near:
            key = frozenset((min(orientations(pa, False)), min(orientations(pb, False))))
            if len(wrong) < 3 and key not in keys and not tiles(target, pa, pb, False):
                keys.add(key)
                wrong.append((pa, pb))
        q.require(len(wrong) == 3, "too few wrong pairs")
        opts = answer_among(r, (a, b), wrong, letter)
        s.update(kind="decompose", target=posed(r, target),
                 options=[[posed(r, x), posed(r, y)] if r.random() < 0.5 else [posed(r, y), posed(r, x)]
                          for x, y in opts])
        return s

    s = q.edit(edit)
    good = [LETTERS[i] for i, (x, y) in enumerate(s["options"]) if tiles(s["target"], x, y, False)]
    q.require(len(good) == 1, "not exactly one tiling pair")
    q.step("decompose", option=good[0])
    return q.answer(good[0], witnesses=f"option:{good[0]}", question=(
        "The image shows a target polyomino in the top panel and four lettered options, each holding two pieces. "
        "Which option's two pieces can be moved and rotated (not flipped over) to form the target shape exactly?"))


@task("hole_fill_piece_label", answer="option_letter", annotation="bbox", ops="transformation,matching")
def hole_fill_piece_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        (rows, cols), (lo, hi) = HOLE[s["level"]]
        inner = {(a, b) for a in range(1, rows - 1) for b in range(1, cols - 1)}
        hole = grow(r, int(r.integers(lo, hi + 1)), within=inner)
        board = {(a, b) for a in range(rows) for b in range(cols)}
        q.require(connected(board - set(hole)), "the hole encloses filled cells")
        shape = normal(hole)
        wrong = []
        for _ in range(12):
            m = moved_cell(r, shape)
            if m is not None and len(wrong) < 3 and shape not in orientations(m, True):
                distinct_add(wrong, m, True)
        q.require(len(wrong) == 3, "too few wrong fillers")
        s.update(kind="hole", board=[rows, cols], hole=[list(x) for x in hole],
                 options=[posed(r, o, True) for o in answer_among(r, shape, wrong, letter)])
        return s

    s = q.edit(edit)
    hole = normal([tuple(x) for x in s["hole"]])
    good = [LETTERS[i] for i, o in enumerate(s["options"]) if hole in orientations(o, True)]
    q.require(len(good) == 1, "not exactly one filler")
    q.step("fill", option=good[0], hole_cells=len(hole))
    return q.answer(good[0], witnesses=f"option:{good[0]}", question=(
        "The image shows a board of filled cells with one blank hole in the top panel and four lettered candidate "
        "pieces. Which piece fills the hole exactly, with no gaps or overlaps? A piece may be rotated or flipped "
        "over."))
