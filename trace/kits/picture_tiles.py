"""Picture-tile puzzles over any drawn illustration: a missing patch with candidate patches, one
tile rotated in place, two swapped numbered tiles, and candidate jigsaw arrangements.

A scene supplies ``draw(c)`` (its picture in picture coordinates, origin at 0, 0, size ``size``)
and a coarse semantic raster of the same picture (``raster(size, elements)``, one code per
``CELL`` px cell: which element covers it; or the scene's own raster with its own cell size), so
tasks can reject candidates that would look alike without looking at the rendered pixels (which
depend on the render style).  The views draw the picture through a clip and a transform, so every
tile shows exactly the source's pixels.

Two kinds of missing patch: a whole tile of a ``grid`` (``draw_missing``, ``pick_missing``) or a
free patch of raster cells (``draw_patch_missing``, ``missing_patch``).  What the views look like
(margins, gaps, badges, the blank's style) is a ``Look``: ``LOOK`` (the default) or ``PATCH_LOOK``
(the tile-map scenes' darker blank and small badges); a scene may subclass one.

Tiles are numbered row-major; ``grid`` = (rows, cols); source rects are (x0, y0, x1, y1).
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.task import Scene

from .cards import card_row, label_badge

CELL = 4
MARG = 16
TILE_GAP = 12
LETTERS = "ABCDEFGHIJKL"


# ---------------------------------------------------------------------------------- semantic raster

def raster(size, elements) -> np.ndarray:
    """``elements`` = [(code, (x0, y0, x1, y1))] painted in order over code 0."""
    W, H = size
    a = np.zeros((int(math.ceil(H / CELL)), int(math.ceil(W / CELL))), dtype=np.int16)
    for code, (x0, y0, x1, y1) in elements:
        a[max(0, int(round(y0 / CELL))):max(0, int(round(y1 / CELL))),
          max(0, int(round(x0 / CELL))):max(0, int(round(x1 / CELL)))] = code
    return a


def tile_box(size, grid, p):
    W, H = size
    rows, cols = grid
    r, k = divmod(p, cols)
    return (k * W / cols, r * H / rows, (k + 1) * W / cols, (r + 1) * H / rows)


def tile_ras(ras, grid, p):
    rows, cols = grid
    h, w = ras.shape
    r, k = divmod(p, cols)
    return ras[r * h // rows:(r + 1) * h // rows, k * w // cols:(k + 1) * w // cols]


def tile_cells(ras, cell, size, grid, p):
    """Raster cells (of ``cell`` picture units) under tile ``p`` of a picture of ``size``."""
    tw, th = size[0] / grid[1], size[1] / grid[0]
    i, j = divmod(p, grid[1])
    c0, r0 = int(round(j * tw / cell)), int(round(i * th / cell))
    return ras[r0:r0 + int(round(th / cell)), c0:c0 + int(round(tw / cell))]


def differ(a, b, *, strict=False) -> float:
    """Share of raster cells that differ over the common part; with ``strict``, 1.0 for different shapes."""
    if strict and a.shape != b.shape:
        return 1.0
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    return float((a[:h, :w] != b[:h, :w]).mean())


def busy(tile, background) -> float:
    """Share of a tile's cells showing something other than the ``background`` codes."""
    return float((~np.isin(tile, list(background))).mean())


def patch_box(rc, patch, cell):
    """Source rect of the patch of ``patch`` = (w, h) raster cells at raster cell ``rc`` = (row, col)."""
    x, y = rc[1] * cell, rc[0] * cell
    return (x, y, x + patch[0] * cell, y + patch[1] * cell)


# ---------------------------------------------------------------------------------- painting

def paint(c, draw, src, dest, *, rot=0, scale=1.0, backdrop=True):
    """Copy picture rect ``src`` into canvas rect at ``dest`` = (x, y) (scaled by ``scale``), rotated
    by ``rot`` quarter turns about its centre (square tiles keep their frame); ``backdrop`` fills the
    rect with the background first."""
    sx0, sy0, sx1, sy1 = src
    w, h = (sx1 - sx0) * scale, (sy1 - sy0) * scale
    ctx = c.ctx
    ctx.save()
    ctx.rectangle(dest[0], dest[1], w, h)
    ctx.clip()
    ctx.translate(dest[0] + w / 2, dest[1] + h / 2)
    if rot:
        ctx.rotate(rot * math.pi / 2)
    ctx.scale(scale, scale)
    ctx.translate(-(sx0 + sx1) / 2, -(sy0 + sy1) / 2)
    if backdrop:
        c.rect(sx0, sy0, sx1 - sx0, sy1 - sy0, fill="background")
    draw(c, src)
    ctx.restore()


def whole(draw):
    """A ``draw(c)`` that draws the whole picture as a ``draw(c, src)`` for ``paint``."""
    return lambda c, src: draw(c)


# ---------------------------------------------------------------------------------- looks

class Look:
    """How the views look: margins, gaps, badges, the blank's and the options' frames, the cards."""
    marg, tile_gap, tile_lw = MARG, TILE_GAP, 1.5
    backdrop = True                  # fill each painted rect with the background first
    picture_clip = True              # the missing view's whole picture drawn through a clip
    badge_at = 18                    # tile badge centre, from the tile's corner
    per_row4, opt_gap, row_gap, opt_top, opt_bottom = 2, 28, 40, 44, 0   # missing view's candidate rows
    label_dy = 15                    # option letter above its patch
    cards_dy, cards_h, cards_gap, cards_size = 4, 50, 12, 18

    def badge(self, c, x, y, label):
        c.circle(x + self.badge_at, y + self.badge_at, 13, fill="paper", stroke="ink", lw=1.5)
        c.text(x + self.badge_at, y + self.badge_at, label, size=14, bold=True)

    def tile_frame(self, c, x, y, w, h, p):
        c.rect(x, y, w, h, stroke="ink", lw=self.tile_lw, id=f"tile:{p}")

    def blank(self, c, x, y, w, h):
        c.rect(x, y, w, h, fill="paper", stroke="accent", lw=2.5, dash=[7, 5], id="missing_region")
        c.text(x + w / 2, y + h / 2, "?", size=30, bold=True, color="accent")

    def option(self, c, x, y, w, h, letter):
        c.rect(x, y, w, h, stroke="ink", lw=2.0, id=f"option:{letter}")
        c.text(x + w / 2, y - self.label_dy, letter, size=16, bold=True)

    def picture(self, c, draw, size, at, scale):
        """The whole picture (``draw(c)``) at ``at``, scaled by ``scale``; unclipped with ``picture_clip`` off."""
        if self.picture_clip:
            paint(c, whole(draw), (0, 0, size[0], size[1]), at, scale=scale, backdrop=self.backdrop)
            return
        c.ctx.save()
        c.ctx.translate(*at)
        c.ctx.scale(scale, scale)
        draw(c)
        c.ctx.restore()

    def missing_layout(self, pic, patch, k):
        """Canvas size, picture origin and the ``k`` candidates' origins for a picture of size ``pic``
        and candidate patches of size ``patch`` in rows of three (of ``per_row4`` for four)."""
        W, H = pic
        pw, ph = patch
        per_row = self.per_row4 if k == 4 else 3
        row_w = per_row * pw + (per_row - 1) * self.opt_gap
        cw = max(W, row_w) + 2 * self.marg
        y = self.marg + H + self.opt_top
        x0 = (cw - row_w) / 2
        opts = [(x0 + (i % per_row) * (pw + self.opt_gap), y + (i // per_row) * (ph + self.row_gap)) for i in range(k)]
        nrows = -(-k // per_row)
        h = y + nrows * ph + (nrows - 1) * self.row_gap + self.opt_bottom + self.marg
        return (int(math.ceil(cw)), int(math.ceil(h))), ((cw - W) / 2, self.marg), opts

    def tiled_size(self, size, grid, *, cards=0):
        W, H = size
        rows, cols = grid
        return (int(W + (cols - 1) * self.tile_gap + 2 * self.marg),
                int(H + (rows - 1) * self.tile_gap + 2 * self.marg) + cards)


class PatchLook(Look):
    """The tile-map scenes' look: a dark blank, small corner badges, options registered by box."""
    marg, tile_gap, tile_lw = 14, 10, 1.2
    backdrop = False
    opt_gap, row_gap, opt_top, opt_bottom = 22, 34, 54, 10
    cards_dy, cards_h, cards_gap, cards_size = 6, 46, 10, 16

    def badge(self, c, x, y, label):
        label_badge(c, x + 4, y + 4, label, size=14)

    def tile_frame(self, c, x, y, w, h, p):
        c.rect(x, y, w, h, stroke="ink", lw=self.tile_lw)
        c.register(f"tile:{p}", box=(x, y, x + w, y + h))

    def blank(self, c, x, y, w, h):
        c.rect(x, y, w, h, fill=(0.08, 0.08, 0.1), stroke="white", lw=2.0, dash=(7, 5), id="missing_region")
        c.text(x + w / 2, y + h / 2, "?", size=max(16.0, min(36.0, h * 0.4)), bold=True, color="white")

    def option(self, c, x, y, w, h, letter):
        c.rect(x, y, w, h, stroke="ink", lw=1.5)
        c.register(f"option:{letter}", box=(x, y, x + w, y + h))
        label_badge(c, x, y - 22, letter, size=14)


LOOK = Look()
PATCH_LOOK = PatchLook()


# ---------------------------------------------------------------------------------- missing patch

MISSING_SCALE = 0.8     # the tile missing-patch view shows the picture (and its patches) at this scale


def missing_view(c, draw, size, hole, options, *, look=LOOK, scale=1.0, part=None) -> None:
    """The picture with source rect ``hole`` blanked (``missing_region``) and the candidate source
    rects ``options`` (all of the hole's size) below it, lettered A.. (``option:X``), at ``scale``.
    ``draw(c)`` draws the whole picture; ``part(c, src)``, when given, draws the candidates."""
    W, H = size
    hx0, hy0, hx1, hy1 = (v * scale for v in hole)
    pw, ph = hx1 - hx0, hy1 - hy0
    _, (px, py), opts = look.missing_layout((W * scale, H * scale), (pw, ph), len(options))
    look.picture(c, draw, size, (px, py), scale)
    look.blank(c, px + hx0, py + hy0, pw, ph)
    for letter, src, (x, y) in zip(LETTERS, options, opts):
        paint(c, part or whole(draw), src, (x, y), scale=scale, backdrop=look.backdrop)
        look.option(c, x, y, pw, ph, letter)


def missing_layout(size, grid, k, *, scale=MISSING_SCALE, look=LOOK):
    """Canvas size, picture origin, patch size and patch origins of the tile missing-patch view."""
    W, H = size[0] * scale, size[1] * scale
    rows, cols = grid
    tw, th = W / cols, H / rows
    canvas, pic, opts = look.missing_layout((W, H), (tw, th), k)
    return canvas, pic, (tw, th), opts


def draw_missing(c, draw, size, grid, hole, options, *, scale=MISSING_SCALE, look=LOOK, part=None):
    """The picture with tile ``hole`` blanked and the candidate tiles ``options`` (tile indices) below."""
    missing_view(c, draw, size, tile_box(size, grid, hole), [tile_box(size, grid, p) for p in options],
                 look=look, scale=scale, part=part)


def patch_missing_size(size, patch, k, *, look=PATCH_LOOK):
    """Canvas size of the free-patch missing view (``patch`` = (w, h) in picture units)."""
    return look.missing_layout(size, patch, k)[0]


def draw_patch_missing(c, draw, size, hole, options, cell, patch, *, look=PATCH_LOOK):
    """The free-patch missing view: ``hole`` and ``options`` raster cells (row, col) of patches of
    ``patch`` = (w, h) cells of size ``cell``."""
    missing_view(c, draw, size, patch_box(hole, patch, cell), [patch_box(o, patch, cell) for o in options],
                 look=look)


def pick_missing(rng, ras, grid, hole, k, letter, *, min_diff=0.2, prefer=()):
    """Candidate tiles: the hole's own tile at ``letter``'s place and k-1 others that differ from it and
    from each other by at least ``min_diff`` of their cells (tiles in ``prefer`` tried first); None
    when too few do."""
    rows, cols = grid
    tiles = {p: tile_ras(ras, grid, p) for p in range(rows * cols)}
    pool = [p for p in range(rows * cols) if p != hole]
    pool = [pool[int(i)] for i in rng.permutation(len(pool))]
    if prefer:
        pool.sort(key=lambda p: p not in prefer)
    chosen = [hole]
    for p in pool:
        if all(differ(tiles[p], tiles[o]) >= min_diff for o in chosen):
            chosen.append(p)
        if len(chosen) == k:
            break
    if len(chosen) < k:
        return None
    opts = chosen[1:]
    opts.insert(LETTERS.index(letter), hole)
    return opts


# ---------------------------------------------------------------------------------- tiled views

def tiled_size(size, grid, *, cards=0, look=LOOK):
    return look.tiled_size(size, grid, cards=cards)


def draw_tiled(c, draw, size, grid, *, perm=None, rotated=None, turns=0, numbered=False, letters=LETTERS,
               look=LOOK, part=None):
    """The picture cut into tiles set apart; tile p shows source tile ``perm[p]`` (default p), the tile
    ``rotated`` turned by ``turns`` quarter turns; badges: ``letters``, or numbers 1.. with ``numbered``.
    Registers ``tile:p``."""
    rows, cols = grid
    for p in range(rows * cols):
        r, k = divmod(p, cols)
        src = tile_box(size, grid, perm[p] if perm else p)
        w, h = src[2] - src[0], src[3] - src[1]
        dx, dy = look.marg + k * (w + look.tile_gap), look.marg + r * (h + look.tile_gap)
        paint(c, part or whole(draw), src, (dx, dy), rot=turns if p == rotated else 0, backdrop=look.backdrop)
        look.tile_frame(c, dx, dy, w, h, p)
        look.badge(c, dx, dy, str(p + 1) if numbered else letters[p])


SWAP_CARDS = 118


def draw_swapped(c, draw, size, grid, swap, options, *, look=LOOK, part=None):
    """Numbered tiles with tiles ``swap`` = (a, b) exchanged, and cards A-D naming candidate pairs."""
    n = grid[0] * grid[1]
    perm = list(range(n))
    a, b = swap
    perm[a], perm[b] = perm[b], perm[a]
    draw_tiled(c, draw, size, grid, perm=perm, numbered=True, look=look, part=part)
    w, h = look.tiled_size(size, grid)
    m = look.marg
    card_row(c, m + 20, h + look.cards_dy, w - 2 * m - 40, list("ABCD"), [f"{x + 1} and {y + 1}" for x, y in options],
             cols=2, h=look.cards_h, gap=look.cards_gap, size=look.cards_size)


def swap_options(rng, n, swap, letter):
    """Four candidate pairs: the swapped pair at ``letter`` and three others (two sharing one tile)."""
    a, b = sorted(swap)
    pairs = [(x, y) for x in range(n) for y in range(x + 1, n)]
    near = [p for p in pairs if p != (a, b) and len({a, b} & set(p)) == 1]
    far = [p for p in pairs if not {a, b} & set(p)]
    picks = [near[int(i)] for i in rng.choice(len(near), size=2, replace=False)]
    picks.append(far[int(rng.integers(len(far)))])
    picks = [picks[int(i)] for i in rng.permutation(3)]
    picks.insert("ABCD".index(letter), (a, b))
    return [list(o) for o in picks]


# ---------------------------------------------------------------------------------- jigsaw arrangements

JIG_SCALE = 0.5


def jigsaw_size(size):
    W, H = size
    pw, ph = W * JIG_SCALE, H * JIG_SCALE
    return (int(2 * pw + 3 * MARG + 16), int(2 * ph + 2 * MARG + 2 * 30 + 8))


def draw_jigsaw(c, draw, size, grid, arrangements):
    """Four lettered panels, each the picture's tiles laid out in one arrangement (panel slot p shows
    source tile arr[p]); registers ``option:X`` per panel."""
    W, H = size
    pw, ph = W * JIG_SCALE, H * JIG_SCALE
    for q, arr in enumerate(arrangements):
        col, row = q % 2, q // 2
        x0 = MARG + col * (pw + MARG + 16)
        y0 = MARG + 30 + row * (ph + 30 + 8)
        for p, s in enumerate(arr):
            d = tile_box(size, grid, p)
            paint(c, whole(draw), tile_box(size, grid, s), (x0 + d[0] * JIG_SCALE, y0 + d[1] * JIG_SCALE),
                  scale=JIG_SCALE)
        rows, cols = grid
        for k in range(1, cols):
            c.line(x0 + k * pw / cols, y0, x0 + k * pw / cols, y0 + ph, color="ink", lw=1.0)
        for k in range(1, rows):
            c.line(x0, y0 + k * ph / rows, x0 + pw, y0 + k * ph / rows, color="ink", lw=1.0)
        c.rect(x0, y0, pw, ph, stroke="ink", lw=2.0, id=f"option:{'ABCD'[q]}")
        c.text(x0 + 14, y0 - 15, "ABCD"[q], size=16, bold=True)


def jigsaw_options(rng, ras, grid, letter, *, min_diff=0.08):
    """Four arrangements: the row-major original at ``letter`` and three shuffles that differ from it
    and from each other in at least ``min_diff`` of the picture's cells."""
    n = grid[0] * grid[1]
    tiles = [tile_ras(ras, grid, p) for p in range(n)]

    def picture_diff(u, v):
        return sum(differ(tiles[a], tiles[b]) for a, b in zip(u, v)) / n

    chosen = [list(range(n))]
    for _ in range(200):
        if len(chosen) == 4:
            break
        cand = [int(x) for x in rng.permutation(n)]
        if all(picture_diff(cand, o) >= min_diff for o in chosen):
            chosen.append(cand)
    if len(chosen) < 4:
        return None
    out = chosen[1:]
    out.insert("ABCD".index(letter), chosen[0])
    return out


# ---------------------------------------------------------------------------------- tile views by name

VIEWS = ("missing", "rotated", "swapped", "jigsaw")


def view_size(view, size, grid, n_options=None, *, look=LOOK, scale=MISSING_SCALE):
    """Canvas size of the tile view ``view`` (one of VIEWS) of a picture of ``size``; None for others."""
    if view == "missing":
        return missing_layout(size, grid, n_options, scale=scale, look=look)[0]
    if view in ("rotated", "swapped"):
        return look.tiled_size(size, grid, cards=SWAP_CARDS if view == "swapped" else 0)
    if view == "jigsaw":
        return jigsaw_size(size)
    return None


def draw_view(c, draw, view, size, grid, params, *, look=LOOK, scale=MISSING_SCALE, part=None) -> None:
    """Draw the tile view ``view`` (one of VIEWS) of the picture from the task's ``params``."""
    if view == "missing":
        draw_missing(c, draw, size, grid, params["hole"], params["options"], scale=scale, look=look, part=part)
    elif view == "rotated":
        draw_tiled(c, draw, size, grid, rotated=params["rotated"], turns=params["turns"], look=look, part=part)
    elif view == "swapped":
        draw_swapped(c, draw, size, grid, params["swap"], params["options"], look=look, part=part)
    else:
        draw_jigsaw(c, draw, size, grid, params["arrangements"])


# tiles of the tiled views and of the missing-patch view for the flat scenes' picture sizes
TILE_GRID = {(960, 960): (3, 3), (1200, 800): (2, 3), (800, 1200): (3, 2)}
MISSING_GRID = {(960, 960): (6, 6), (1200, 800): (5, 8), (800, 1200): (8, 5)}


class TileViewScene(Scene):
    """A scene whose picture (``draw_picture``, its semantic raster from ``raster_elements``) shows as
    itself (``state["view"] == picture_view``) or in one of the tile views (VIEWS); ``state["size"]``
    is the picture size and ``state["grid"]`` the view's tiles."""
    picture_view = "picture"

    def draw_picture(self, c, state, register=False):  # pragma: no cover - abstract
        raise NotImplementedError

    def raster_elements(self, state):  # pragma: no cover - abstract
        raise NotImplementedError

    def variant(self, state):
        return state["view"]

    def canvas_size(self, state):
        size = tuple(state["size"])
        return view_size(state["view"], size, tuple(state.get("grid", (1, 1))), state.get("n_options")) or size

    def render(self, c, state, params):
        if state["view"] == self.picture_view:
            self.draw_picture(c, state, register=True)
        else:
            draw_view(c, lambda cc: self.draw_picture(cc, state), state["view"], tuple(state["size"]),
                      tuple(state["grid"]), params)

    def switch_view(self, q, view, grids, **extra):
        """Edit: show the picture in ``view`` with the tiles ``grids[size]``; returns the grid and raster."""
        def fn(state, rng):
            state.update(view=view, grid=list(grids[tuple(state["size"])]), **extra)
            return state
        q.edit(fn)
        s = q.state
        return tuple(s["grid"]), raster(tuple(s["size"]), self.raster_elements(s))


def patch_view_size(view, size, *, cell, patch=None, n_options=None, grid=None, look=PATCH_LOOK):
    """Canvas size of a tile-map scene's view: the free-patch ``missing`` view (``patch`` in cells of
    ``cell``), the ``rotated`` / ``swapped`` tiles of ``grid``, else the picture inset by the margin."""
    if view == "missing":
        return patch_missing_size(size, (patch[0] * cell, patch[1] * cell), n_options, look=look)
    if view in ("rotated", "swapped"):
        return look.tiled_size(size, grid, cards=SWAP_CARDS if view == "swapped" else 0)
    return (size[0] + 2 * look.marg, size[1] + 2 * look.marg)


def draw_patch_view(c, draw, view, size, params, *, cell, patch=None, grid=None, look=PATCH_LOOK):
    """Draw a tile-map scene's view (see ``patch_view_size``); for the picture's own view draw it inset
    by the margin and return the margin (the scene registers its entities), else return None."""
    if view == "missing":
        draw_patch_missing(c, draw, size, params["hole"], params["options"], cell, patch, look=look)
    elif view == "rotated":
        draw_tiled(c, draw, size, grid, rotated=params["rotated"], turns=params["turns"], look=look)
    elif view == "swapped":
        draw_swapped(c, draw, size, grid, params["swap"], params["options"], look=look)
    else:
        m = look.marg
        paint(c, whole(draw), (0, 0, size[0], size[1]), (m, m), backdrop=look.backdrop)
        return m
    return None


# ---------------------------------------------------------------------------------- task bodies (tiles)
# The scene has already switched its state to the view (``q.edit``); ``ras`` is its raster, ``grid``
# its tiles; ``subject`` names the picture in the default questions ("the room picture").

def tile_missing(q, ras, grid, k, *, background, subject, min_busy=0.25):
    """Which of ``k`` candidate tiles fills the blanked tile (one showing at least ``min_busy`` of
    cells off the ``background`` codes).  Records ``hole`` and ``options``."""
    n = grid[0] * grid[1]
    rich = [p for p in range(n) if busy(tile_ras(ras, grid, p), background) >= min_busy]
    q.require(len(rich) >= 1, "no tile with content")
    q.offer(k, "image")
    letters = LETTERS[:k]
    letter = q.target(letters, stratified=True)
    hole = q.param("hole", lambda r: rich[int(r.integers(len(rich)))])
    options = q.param("options", lambda r: pick_missing(r, ras, grid, hole, k, letter))
    q.require(options is not None, "no visibly different distractor patches")
    q.step("match_patch", hole=hole, options=options, answer=letter)
    q.claim("missing_region", line="dashed")
    return q.answer(letter, witnesses={"missing_region": "missing_region", "matching_patch": f"option:{letter}"},
                    examples=[x for x in letters if x != letter],
                    question=(f"A rectangular region of the {subject} has been blanked out (dashed box with \"?\"). "
                              f"Which of the lettered patches {letters[0]}-{letters[-1]} below, used as it is "
                              "without turning it, fills the blank region exactly?"))


def tile_rotated(q, ras, grid, *, subject=None, question=None, min_diff=0.3, stratified=True):
    """Which lettered tile is turned in place (1-3 quarter turns; it must differ from itself turned in at
    least ``min_diff`` of its cells).  ``question(letters)`` overrides the default question."""
    n = grid[0] * grid[1]
    letters = LETTERS[:n]
    q.offer(n, "image")
    letter = q.target(letters, stratified=stratified)
    p = q.param("rotated", lambda r: letters.index(letter))
    turns = q.param("turns", lambda r: int(r.integers(1, 4)))
    tile = tile_ras(ras, grid, p)
    q.require(differ(np.rot90(tile, -turns), tile) >= min_diff, "rotated tile looks like the original")
    q.step("find_rotated_tile", tile=p, quarter_turns=turns, answer=letter)
    text = question(letters) if question else (
        f"The {subject} is cut into tiles lettered {letters[0]}-{letters[-1]}. Exactly one tile has been rotated "
        "in place. Which tile is rotated?")
    return q.answer(letter, witnesses=f"tile:{p}", examples=[x for x in letters if x != letter], question=text)


def tile_swapped(q, ras, grid, *, subject=None, question=None, stratified=True):
    """Which card A-D names the two tiles that traded places.  Records ``swap`` and ``options``."""
    n = grid[0] * grid[1]
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=stratified)
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    swap = q.param("swap", lambda r: list(pairs[int(r.integers(len(pairs)))]))
    a, b = swap
    q.require(differ(tile_ras(ras, grid, a), tile_ras(ras, grid, b)) >= 0.3, "swapped tiles look alike")
    options = q.param("options", lambda r: swap_options(r, n, swap, letter))
    q.step("identify_swap", swap=swap, options=options, answer=letter)
    return q.answer(letter, witnesses=[f"tile:{a}", f"tile:{b}"], examples=[x for x in "ABCD" if x != letter],
                    question=question or (f"The {subject} is cut into numbered tiles and exactly two tiles have "
                                          "swapped places. Which card A-D below the picture names the swapped pair?"))


# ---------------------------------------------------------------------------------- task bodies (free patches)

def missing_patch(q, ras, cell, W, H, *, patch, k, busy, subject):
    """A free-patch missing-patch question: ``patch`` (pw, ph) in raster cells, ``k`` candidates,
    ``busy(cells)`` says a patch shows enough to be worth asking about.  Records the hole and options
    in ``params``; returns the solution."""
    q.offer(k, "image")
    letters = LETTERS[:k]
    letter = q.target(letters, stratified=True)
    R, C = ras.shape
    pw, ph = patch
    spots = [(r, c_) for r in range(0, R - ph + 1) for c_ in range(0, C - pw + 1)]

    def cut(rc):
        return ras[rc[0]:rc[0] + ph, rc[1]:rc[1] + pw]

    rich = [s for s in spots if busy(cut(s))]
    q.require(len(rich) >= k, "too few busy patches")
    hole = q.param("hole", lambda r: list(rich[int(r.integers(len(rich)))]))

    def pick(r):
        chosen = [tuple(hole)]
        for i in r.permutation(len(rich)):
            s = rich[int(i)]
            if all(differ(cut(s), cut(o), strict=True) >= 0.3 for o in chosen):
                chosen.append(s)
            if len(chosen) == k:
                break
        if len(chosen) < k:
            return None
        opts = chosen[1:]
        opts.insert(letters.index(letter), tuple(hole))
        return [list(o) for o in opts]

    options = q.param("options", pick)
    q.require(options is not None, "no distinct candidate patches")
    q.step("match_patch", hole=hole, options=options, answer=letter)
    q.claim("missing_region", line="dashed")
    listed = ", ".join(letters[:-1]) + f" or {letters[-1]}"
    return q.answer(letter, witnesses={"missing_region": "missing_region", "matching_patch": f"option:{letter}"},
                    examples=[x for x in letters if x != letter],
                    question=(f"A rectangular region of the {subject} has been blanked out (dashed box with \"?\"). "
                              f"Which of the patches {listed}, placed as it is without turning it, fills the blank "
                              "region exactly?"))


def rotated_tile(q, ras, cell, W, H, grid, *, subject):
    tr, tc = grid
    n = tr * tc
    letters = LETTERS[:n]
    q.offer(n, "image")
    letter = q.target(letters, stratified=True)
    p = q.param("rotated", lambda r: letters.index(letter))
    tw, th = W / tc, H / tr
    square = abs(tw - th) < 1e-6
    turns = q.param("turns", lambda r: int(r.integers(1, 4)) if square else 2)
    tile = tile_cells(ras, cell, (W, H), grid, p)
    q.require(differ(np.rot90(tile, -turns), tile, strict=True) >= 0.3, "rotated tile looks like the original")
    q.step("find_rotated_tile", tile=p, quarter_turns=turns, answer=letter)
    return q.answer(letter, witnesses=f"tile:{p}", examples=[x for x in letters if x != letter],
                    question=(f"The {subject} is cut into tiles lettered {', '.join(letters[:-1])} and "
                              f"{letters[-1]}. Exactly one tile has been turned in place. Which tile is turned?"))


def swapped_pair(q, ras, cell, W, H, grid, *, subject):
    tr, tc = grid
    n = tr * tc
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    swap = q.param("swap", lambda r: list(pairs[int(r.integers(len(pairs)))]))
    a, b = swap
    ta, tb = (tile_cells(ras, cell, (W, H), grid, p) for p in (a, b))
    q.require(differ(ta, tb, strict=True) >= 0.3, "swapped tiles look alike")
    options = q.param("options", lambda r: swap_options(r, n, swap, letter))
    q.step("identify_swap", swap=swap, options=options, answer=letter)
    return q.answer(letter, witnesses=[f"tile:{a}", f"tile:{b}"], examples=[x for x in "ABCD" if x != letter],
                    question=(f"The {subject} is cut into numbered tiles and exactly two tiles have traded places. "
                              "Which card A-D below the picture names the two swapped tiles?"))


def register_tile_tasks(task, scene, *, background, subject):
    """Declare ``missing_patch_label`` and ``rotated_tile_label`` on a ``TileViewScene`` ``scene`` (its
    ``task`` decorator) over its picture of ``subject``, blank cells being the ``background`` codes."""
    @task("missing_patch_label", answer="option_letter", annotation="bbox_map", ops="transformation,matching")
    def missing_patch_label(q):
        k = q.param("n_options", lambda r: {1: 4, 2: (4, 6, 6, 6)[int(r.integers(4))], 3: 6}[q.difficulty])
        grid, ras = scene.switch_view(q, "missing", MISSING_GRID, n_options=k)
        return tile_missing(q, ras, grid, k, background=background, subject=subject)

    @task("rotated_tile_label", answer="option_letter", annotation="bbox", ops="transformation")
    def rotated_tile_label(q):
        grid, ras = scene.switch_view(q, "rotated", TILE_GRID)
        return tile_rotated(q, ras, grid, subject=subject)
