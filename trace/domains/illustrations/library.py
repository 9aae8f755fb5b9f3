"""illustrations/library: a bookcase of labelled sections holding coloured books, upright or lying
flat in stacks.  Besides plain counting views, three image-composition views cut the rendered
bookcase into tiles: a missing patch with four candidate patches, one rotated tile, and a pair of
swapped numbered tiles.

The layout is a pure function of the state (no style input), so tasks compare tiles through a
coarse semantic raster of that layout (which element covers each 4 px cell) to reject candidate
patches or swaps that would look alike.
"""

from __future__ import annotations

import numpy as np

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits import picture_tiles as pt

LABELS = ("History", "Science", "Poetry", "Travel", "Art", "Music", "Cooking", "Nature", "Sports",
          "Comics", "Maps", "Myths", "Drama", "Health", "Crafts", "Garden")
BOOK_COLORS = ("red", "blue", "green", "yellow", "orange", "purple", "pink", "cyan", "gray")
GRID = {1: (2, 2), 2: (2, 3), 3: (3, 3)}           # bookcase rows x columns of sections
BOOKS = {1: (3, 6), 2: (4, 8), 3: (5, 10)}         # books per section
SEC_W, ROW_H = 190, 140                           # shelf view section size
COMPOSITE = {(2, 2): (440, 420), (2, 3): (640, 420), (3, 3): (660, 480)}
F, BT, DV, LB, PAD, GAP = 14, 10, 8, 26, 5, 3     # frame, board, divider, label band, padding, gap
HT = 11                                           # thickness of a book lying flat
MAX_STACK = 4
MARG = pt.MARG
WOOD = (0.58, 0.40, 0.24)
WOOD_DARK = (0.36, 0.24, 0.13)
BACK = (0.94, 0.90, 0.81)
PLAQUE = (0.99, 0.97, 0.90)

# raster codes
R_BACK, R_WOOD, R_PLAQUE = 0, 1, 2


def _book_code(color, pose):
    return 3 + 2 * BOOK_COLORS.index(color) + (pose == "horizontal")


# ---------------------------------------------------------------------------------- layout

def _items(books):
    """Group consecutive flat books into stacks of at most MAX_STACK: [(kind, [book indices])]."""
    items = []
    for i, b in enumerate(books):
        if b["pose"] == "horizontal" and items and items[-1][0] == "stack" and len(items[-1][1]) < MAX_STACK:
            items[-1][1].append(i)
        else:
            items.append(("stack" if b["pose"] == "horizontal" else "book", [i]))
    return items


def _upright_w(b):
    return 11 + 2 * b["w"]


def _flat_len(b):
    return 34 + 5 * b["w"]


def section_width(books) -> float:
    ws = []
    for kind, idx in _items(books):
        ws.append(_upright_w(books[idx[0]]) if kind == "book" else max(_flat_len(books[i]) for i in idx))
    return sum(ws) + GAP * max(0, len(ws) - 1)


AVAIL = SEC_W - DV - 2 * PAD


def fits(books) -> bool:
    return section_width(books) <= AVAIL


def library_size(state) -> tuple[int, int]:
    """Size of the bookcase drawing for the state's view."""
    rc = (state["rows"], state["cols"])
    if state.get("view", "shelf") == "shelf":
        return (rc[1] * SEC_W + 2 * F, rc[0] * ROW_H + 2 * F)
    return COMPOSITE[rc]


def layout(state):
    """Elements of the bookcase in its own coordinates: (kind, (x0, y0, x1, y1), data)."""
    W, H = library_size(state)
    R, C = state["rows"], state["cols"]
    els = [("back", (F, F, W - F, H - F), None)]
    rh = (H - 2 * F) / R
    sw = (W - 2 * F) / C
    books = []
    for r in range(R):
        y0 = F + r * rh
        floor = y0 + rh - BT
        els.append(("wood", (F, floor, W - F, y0 + rh), None))
        for k in range(1, C):
            x = F + k * sw
            els.append(("wood", (x - DV / 2, y0, x + DV / 2, floor), None))
        for k in range(C):
            s = r * C + k
            sec = state["sections"][s]
            x0 = F + k * sw
            pw = min(sw - DV - 12, 8.5 * len(sec["label"]) + 22)
            cx, cy = x0 + sw / 2, y0 + LB / 2 + 2
            els.append(("plaque", (cx - pw / 2, cy - 10, cx + pw / 2, cy + 10), {"label": sec["label"], "section": s}))
            ah = floor - (y0 + LB + 6)
            bx = x0 + DV / 2 + PAD
            for kind, idx in _items(sec["books"]):
                if kind == "book":
                    b = sec["books"][idx[0]]
                    bw, bh = _upright_w(b), ah * (0.62 + 0.11 * b["h"])
                    box = (bx, floor - bh, bx + bw, floor)
                    els.append(("book", box, {"color": b["color"], "pose": "upright", "n": len(books)}))
                    books.append((s, idx[0], box))
                    bx += bw + GAP
                else:
                    width = max(_flat_len(sec["books"][i]) for i in idx)
                    for level, i in enumerate(idx):
                        b = sec["books"][i]
                        ln = _flat_len(b)
                        off = (width - ln) * (0.5 if level % 2 else 0.2)
                        box = (bx + off, floor - (level + 1) * HT, bx + off + ln, floor - level * HT)
                        els.append(("book", box, {"color": b["color"], "pose": "horizontal", "n": len(books)}))
                        books.append((s, i, box))
                    bx += width + GAP
    frame = [(0, 0, W, F), (0, H - F, W, H), (0, 0, F, H), (W - F, 0, W, H)]
    els += [("wood", b, None) for b in frame]
    return {"size": (W, H), "elements": els, "books": books, "row_h": rh, "sec_w": sw}


def book_ids(state):
    """Global book ids in layout order: {(section, index in section): n}."""
    n, out = 0, {}
    for s, sec in enumerate(state["sections"]):
        for kind, idx in _items(sec["books"]):
            for i in idx:
                out[(s, i)] = n
                n += 1
    return out


def raster(lay) -> np.ndarray:
    codes = {"back": R_BACK, "wood": R_WOOD, "plaque": R_PLAQUE}
    return pt.raster(lay["size"], [(codes.get(kind) if kind in codes else _book_code(data["color"], data["pose"]), box)
                                   for kind, box, data in lay["elements"]])


def book_share(tile) -> float:
    return float((tile >= 3).mean())


# ---------------------------------------------------------------------------------- drawing

def _darker(rgb, k=0.6):
    return tuple(k * v for v in rgb)


def draw_library(c, lay, ox, oy, *, clip=None, register=False):
    """Draw the bookcase with its origin at (ox, oy); ``clip`` = bookcase-space rect to limit work."""
    from tracegen.core.style import NAMED_COLORS

    def hit(box):
        if clip is None:
            return True
        return box[0] < clip[2] and box[2] > clip[0] and box[1] < clip[3] and box[3] > clip[1]

    for kind, box, data in lay["elements"]:
        if not hit(box):
            continue
        x0, y0, x1, y1 = box[0] + ox, box[1] + oy, box[2] + ox, box[3] + oy
        if kind == "back":
            c.rect(x0, y0, x1 - x0, y1 - y0, fill=BACK)
        elif kind == "wood":
            c.rect(x0, y0, x1 - x0, y1 - y0, fill=WOOD, stroke=WOOD_DARK, lw=1.2)
        elif kind == "plaque":
            c.rect(x0, y0, x1 - x0, y1 - y0, fill=PLAQUE, stroke=WOOD_DARK, lw=1.2,
                   id=f"section_label:{data['section']}" if register else None)
            c.text((x0 + x1) / 2, (y0 + y1) / 2, data["label"], size=13, bold=True, color=(0.1, 0.07, 0.04))
        else:
            col = NAMED_COLORS[data["color"]]
            c.rect(x0, y0, x1 - x0, y1 - y0, fill=col, stroke=(0.12, 0.1, 0.08), lw=1.1,
                   id=f"book:{data['n']}" if register else None)
            band = _darker(col, 0.7)
            if data["pose"] == "upright":
                for yy in (y0 + 6, y1 - 9):
                    c.rect(x0 + 1.5, yy, x1 - x0 - 3, 3, fill=band)
            else:
                c.rect(x1 - 8, y0 + 1.5, 3, y1 - y0 - 3, fill=band)


class LibraryLook(pt.Look):
    badge_at, label_dy = 17, 14
    picture_clip = False
    per_row4, opt_gap, row_gap, opt_top = 4, 24, 36, 40     # one row of four candidates


LOOK = LibraryLook()


class Library(Scene):
    domain, scene_id, size = "illustrations", "library", (SEC_W * 3 + 2 * F + 2 * MARG, ROW_H * 3 + 2 * F + 2 * MARG)
    megapixels = (0.9, 1.4)    # render-only image area (the original: 0.96 MP, 1.12-1.28 for the tile views)
    description = ("A bookcase whose sections carry name plaques and hold coloured books standing upright or "
                   "lying flat in stacks; some views cut the picture into labelled tiles.")

    def sample(self, rng, difficulty):
        R, C = GRID[difficulty]
        labels = [LABELS[int(i)] for i in rng.choice(len(LABELS), size=R * C, replace=False)]
        lo, hi = BOOKS[difficulty]
        sections = [{"label": lab, "books": make_books(rng, int(rng.integers(lo, hi + 1)))} for lab in labels]
        return {"rows": R, "cols": C, "sections": sections, "view": "shelf"}

    def variant(self, state):
        return state.get("view", "shelf")

    def canvas_size(self, state):
        view = state.get("view", "shelf")
        if view == "shelf":
            W, H = library_size(state)
            return (W + 2 * MARG, H + 2 * MARG)
        return pt.view_size(view, library_size(state), tuple(state["tiles"]), state.get("n_options", 4), look=LOOK,
                            scale=1.0)

    def claims(self, state, params):
        """Prompts name books by colour ("the cyan books"): each registered book is drawn in it."""
        if state.get("view", "shelf") != "shelf":
            return []
        return [Claim(f"book:{data['n']}", "colour", data["color"]) for kind, _, data in layout(state)["elements"]
                if kind == "book"]

    def render(self, c, state, params):
        view = state.get("view", "shelf")
        lay = layout(state)
        if view == "shelf":
            draw_library(c, lay, MARG, MARG, register=True)
            return
        grid = tuple(state["tiles"])
        if view == "missing":                                  # holes and options recorded as (row, column)
            params = dict(params, hole=_tile(params["hole"], grid[1]),
                          options=[_tile(o, grid[1]) for o in params["options"]])
        pt.draw_view(c, lambda cc: draw_library(cc, lay, 0, 0), view, lay["size"], grid, params, look=LOOK, scale=1.0,
                     part=lambda cc, src: draw_library(cc, lay, 0, 0, clip=src))


def _tile(rk, cols):
    """Tile index of the tile at (row, column)."""
    return rk[0] * cols + rk[1]


def make_books(rng, n, *, color=None, pose=None, n_hit=0):
    """``n`` books fitting one section; with ``color``/``pose`` exactly ``n_hit`` of them carry it."""
    for attempt in range(40):
        hits = set(int(v) for v in rng.choice(n, size=n_hit, replace=False)) if n_hit else set()
        books = []
        for i in range(n):
            if color is not None:
                col = color if i in hits else _pick([x for x in BOOK_COLORS if x != color], rng)
            else:
                col = _pick(BOOK_COLORS, rng)
            if pose is not None:
                ps = pose if i in hits else ("upright" if pose == "horizontal" else "horizontal")
            else:
                ps = "horizontal" if rng.random() < 0.25 else "upright"
            books.append({"color": col, "pose": ps, "w": int(rng.integers(3)), "h": int(rng.integers(3))})
        if attempt > 20:  # keep flat books together so they share stacks
            books.sort(key=lambda b: b["pose"] == "upright")
        if fits(books):
            return books
    for b in books:
        b["w"] = 0
    return books


def _pick(options, rng):
    return options[int(rng.integers(len(options)))]


SCENE = Library()
task = SCENE.task


# ---------------------------------------------------------------------------------- tasks

def _section_book_ids(state, s, pred=lambda b: True):
    ids = book_ids(state)
    return [f"book:{ids[(s, i)]}" for i, b in enumerate(state["sections"][s]["books"]) if pred(b)]


COUNTED = {1: (4, 7), 2: (5, 9), 3: (6, 11)}


@task("books_in_section_count", answer="integer", annotation="point_set", ops="filtering,counting")
def books_in_section_count(q):
    s = q.param("section", lambda r: int(r.integers(len(q.state["sections"]))))
    lo, hi = COUNTED[q.difficulty]
    t = q.target(range(lo, hi + 1))

    def plant(state, rng):
        state["sections"][s]["books"] = make_books(rng, t)
        return state
    q.edit(plant)
    sec = q.state["sections"][s]
    hits = _section_book_ids(q.state, s)
    q.step("filter", section=sec["label"], kept=hits)
    return q.answer(len(hits), witnesses=hits,
                    question=f"How many books are in the bookcase section labelled \"{sec['label']}\"?")


FILTERED = {1: (1, 4), 2: (1, 6), 3: (3, 8)}      # level 2: the original's 1-6


@task("filtered_book_in_section_count", answer="integer", annotation="point_set",
      ops="filtering,counting,logical_composition",
      queries=("book_color_in_section_count", "horizontal_book_in_section_count", "upright_book_in_section_count"))
def filtered_book_in_section_count(q):
    s = q.param("section", lambda r: int(r.integers(len(q.state["sections"]))))
    lo, hi = BOOKS[q.difficulty]
    t = q.target(range(FILTERED[q.difficulty][0], FILTERED[q.difficulty][1] + 1), stratified=True)
    if q.query_id == "book_color_in_section_count":
        color = q.choice("color", BOOK_COLORS)
        pred, what, kw = (lambda b: b["color"] == color), f"{color} books", {"color": color}
    elif q.query_id == "horizontal_book_in_section_count":
        pred, what, kw = (lambda b: b["pose"] == "horizontal"), "books lying flat (horizontal)", {"pose": "horizontal"}
    else:
        pred, what, kw = (lambda b: b["pose"] == "upright"), "books standing upright", {"pose": "upright"}

    def plant(state, rng):
        n = int(rng.integers(max(lo, t + 2), max(hi, t + 3) + 1))
        state["sections"][s]["books"] = make_books(rng, n, n_hit=t, **kw)
        return state
    q.edit(plant)
    sec = q.state["sections"][s]
    hits = _section_book_ids(q.state, s, pred)
    q.require(len(hits) == t, "the section could not hold the planted books")
    q.step("filter", section=sec["label"], attribute=kw, kept=hits)
    return q.answer(len(hits), witnesses=hits,
                    question=f"How many {what} are in the bookcase section labelled \"{sec['label']}\"?")


MISSING_TILES = {1: (3, 3), 2: (3, 4), 3: (4, 4)}
MISSING_OPTIONS = {1: 4, 2: 6, 3: 6}
ROTATE_TILES = {1: (2, 3), 2: ((2, 3), (2, 3), (3, 3)), 3: ((3, 3), (2, 3))}   # level 2: the original's 6 or 9
SWAP_TILES = {1: (2, 3), 2: (3, 3), 3: (3, 4)}


def _composite(q, view, tiles, **extra):
    def fn(state, rng):
        state["view"] = view
        grid = tiles[q.difficulty]
        if isinstance(grid[0], tuple):                   # a choice of grids
            grid = grid[int(rng.integers(len(grid)))]
        state["tiles"] = list(grid)
        state.update(extra)
        return state
    q.edit(fn)
    grid = tuple(q.state["tiles"])
    return grid, raster(layout(q.state))


@task("missing_patch_label", answer="option_letter", annotation="bbox_map", ops="transformation,matching")
def missing_patch_label(q):
    k = MISSING_OPTIONS[q.difficulty]
    grid, ras = _composite(q, "missing", MISSING_TILES, n_options=k)
    tc = grid[1]
    n = grid[0] * tc
    rich = [p for p in range(n) if book_share(pt.tile_ras(ras, grid, p)) >= 0.12]
    q.require(len(rich) >= k, "too few tiles with books")
    q.offer(k, "image")
    letters = pt.LETTERS[:k]
    letter = q.target(letters)
    hole = q.param("hole", lambda r: list(divmod(rich[int(r.integers(len(rich)))], tc)))

    def pick(r):                                             # patches with books first
        opts = pt.pick_missing(r, ras, grid, _tile(hole, tc), k, letter, prefer=rich)
        return None if opts is None else [list(divmod(p, tc)) for p in opts]

    options = q.param("options", pick)
    q.require(options is not None, "no visibly different distractor patches")
    q.step("match_patch", hole=hole, options=options, answer=letter)
    q.claim("missing_region", line="dashed")
    listed = ", ".join(letters[:-1]) + f" or {letters[-1]}"
    return q.answer(letter, witnesses={"missing_region": "missing_region", "matching_patch": f"option:{letter}"},
                    examples=[x for x in letters if x != letter],
                    question=("A rectangular region of the bookcase picture has been blanked out (dashed box with "
                              f"\"?\"). Which of the patches {listed}, used as it is without turning it, "
                              "fills the blank region?"))


@task("rotated_tile_label", answer="option_letter", annotation="bbox", ops="transformation")
def rotated_tile_label(q):
    grid, ras = _composite(q, "rotated", ROTATE_TILES)
    return pt.tile_rotated(q, ras, grid, stratified=False, question=lambda letters: (
        f"The bookcase picture is cut into tiles labelled {', '.join(letters[:-1])} and {letters[-1]}. Exactly one "
        "tile has been rotated in place. Which tile is rotated?"))


@task("swapped_tile_pair_label", answer="option_letter", annotation="bbox_set", ops="transformation")
def swapped_tile_pair_label(q):
    grid, ras = _composite(q, "swapped", SWAP_TILES)
    return pt.tile_swapped(q, ras, grid, stratified=False, question=(
        "The bookcase picture is cut into numbered tiles and exactly two tiles have swapped places. Which card A-D "
        "below the picture names the swapped pair?"))
