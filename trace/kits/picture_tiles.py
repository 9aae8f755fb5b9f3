"""Picture-tile puzzles over any drawn illustration: a missing patch with candidate patches, one
tile rotated in place, two swapped numbered tiles, and candidate jigsaw arrangements.

A scene supplies ``draw(c)`` (its picture in picture coordinates, origin at 0, 0, size ``size``)
and a coarse semantic ``raster`` of the same picture (``raster(size, elements)``, one code per
4 px cell: which element covers it), so tasks can reject candidates that would look alike
without looking at the rendered pixels (which depend on the render style).

Tiles are numbered row-major; ``grid`` = (rows, cols).
"""

from __future__ import annotations

import math

import numpy as np

from .cards import card_row

CELL = 4
MARG = 16
TILE_GAP = 12
LETTERS = "ABCDEFGHI"


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


def differ(a, b) -> float:
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    return float((a[:h, :w] != b[:h, :w]).mean())


def busy(tile, background) -> float:
    """Share of a tile's cells showing something other than the ``background`` codes."""
    return float((~np.isin(tile, list(background))).mean())


# ---------------------------------------------------------------------------------- painting

def paint(c, draw, src, dest, *, rot=0, scale=1.0):
    """Copy picture rect ``src`` into canvas rect at ``dest`` = (x, y) (scaled by ``scale``), rotated
    by ``rot`` quarter turns about its centre (square tiles keep their frame)."""
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
    c.rect(sx0, sy0, sx1 - sx0, sy1 - sy0, fill="background")
    draw(c)
    ctx.restore()


def _badge(c, x, y, label):
    c.circle(x, y, 13, fill="paper", stroke="ink", lw=1.5)
    c.text(x, y, label, size=14, bold=True)


# ---------------------------------------------------------------------------------- missing patch

MISSING_SCALE = 0.8     # the missing-patch view shows the picture (and its patches) at this scale


def missing_layout(size, grid, k, *, scale=MISSING_SCALE):
    """Canvas size, picture origin, patch size and patch origins for ``k`` candidate patches in
    rows of three (two rows of two for four), everything at ``scale``."""
    W, H = size[0] * scale, size[1] * scale
    rows, cols = grid
    tw, th = W / cols, H / rows
    per_row = 2 if k == 4 else 3
    row_w = per_row * tw + (per_row - 1) * 28
    cw = max(W, row_w) + 2 * MARG
    pic = ((cw - W) / 2, MARG)
    y = MARG + H + 44
    x0 = (cw - row_w) / 2
    opts = [(x0 + (i % per_row) * (tw + 28), y + (i // per_row) * (th + 40)) for i in range(k)]
    nrows = -(-k // per_row)
    return (int(math.ceil(cw)), int(math.ceil(y + nrows * th + (nrows - 1) * 40 + MARG))), pic, (tw, th), opts


def draw_missing(c, draw, size, grid, hole, options, *, scale=MISSING_SCALE):
    """The picture with tile ``hole`` blanked (``missing_region``) and the candidate tiles
    ``options`` (tile indices) below it, lettered A.. (``option:X``), all at ``scale``."""
    _, (px, py), (tw, th), opts = missing_layout(size, grid, len(options), scale=scale)
    paint(c, draw, (0, 0, size[0], size[1]), (px, py), scale=scale)
    hx0, hy0, hx1, hy1 = (v * scale for v in tile_box(size, grid, hole))
    c.rect(px + hx0, py + hy0, hx1 - hx0, hy1 - hy0, fill="paper", stroke="accent", lw=2.5, dash=[7, 5],
           id="missing_region")
    c.text(px + (hx0 + hx1) / 2, py + (hy0 + hy1) / 2, "?", size=30, bold=True, color="accent")
    for letter, p, (x, y) in zip(LETTERS, options, opts):
        paint(c, draw, tile_box(size, grid, p), (x, y), scale=scale)
        c.rect(x, y, tw, th, stroke="ink", lw=2.0, id=f"option:{letter}")
        c.text(x + tw / 2, y - 15, letter, size=16, bold=True)


def pick_missing(rng, ras, grid, hole, k, letter, *, min_diff=0.2):
    """Candidate tiles: the hole's own tile at ``letter``'s place and k-1 others that differ from it and
    from each other by at least ``min_diff`` of their cells; None when too few do."""
    rows, cols = grid
    tiles = {p: tile_ras(ras, grid, p) for p in range(rows * cols)}
    pool = [p for p in range(rows * cols) if p != hole]
    pool = [pool[int(i)] for i in rng.permutation(len(pool))]
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

def tiled_size(size, grid, *, cards=0):
    W, H = size
    rows, cols = grid
    return (int(W + (cols - 1) * TILE_GAP + 2 * MARG), int(H + (rows - 1) * TILE_GAP + 2 * MARG) + cards)


def draw_tiled(c, draw, size, grid, *, perm=None, rotated=None, turns=0, numbered=False):
    """The picture cut into tiles set apart; tile p shows source tile ``perm[p]`` (default p), the tile
    ``rotated`` turned by ``turns`` quarter turns; badges: letters, or numbers 1.. with ``numbered``.
    Registers ``tile:p``."""
    rows, cols = grid
    for p in range(rows * cols):
        r, k = divmod(p, cols)
        src = tile_box(size, grid, perm[p] if perm else p)
        w, h = src[2] - src[0], src[3] - src[1]
        dx, dy = MARG + k * (w + TILE_GAP), MARG + r * (h + TILE_GAP)
        paint(c, draw, src, (dx, dy), rot=turns if p == rotated else 0)
        c.rect(dx, dy, w, h, stroke="ink", lw=1.5, id=f"tile:{p}")
        _badge(c, dx + 18, dy + 18, str(p + 1) if numbered else LETTERS[p])


SWAP_CARDS = 118


def draw_swapped(c, draw, size, grid, swap, options):
    """Numbered tiles with tiles ``swap`` = (a, b) exchanged, and cards A-D naming candidate pairs."""
    n = grid[0] * grid[1]
    perm = list(range(n))
    a, b = swap
    perm[a], perm[b] = perm[b], perm[a]
    draw_tiled(c, draw, size, grid, perm=perm, numbered=True)
    w, h = tiled_size(size, grid)
    card_row(c, MARG + 20, h + 4, w - 2 * MARG - 40, list("ABCD"), [f"{x + 1} and {y + 1}" for x, y in options],
             cols=2, h=50, gap=12, size=18)


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
            paint(c, draw, tile_box(size, grid, s), (x0 + d[0] * JIG_SCALE, y0 + d[1] * JIG_SCALE), scale=JIG_SCALE)
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
