"""Image-composition views of a drawn picture, shared by the tile-map illustration scenes: a
missing patch with candidate patches below, one tile of a lettered grid rotated in place, and two
tiles of a numbered grid swapped with answer cards below.

A scene supplies ``draw(c)`` (its picture in its own coordinates, origin at (0, 0), size W x H, no
entity registration) and a semantic raster of the picture (numpy array, one code per ``cell``
logical units) that tasks use to reject candidates that would look alike.  The views draw the
picture through a clip and a transform, so every tile shows exactly the source's pixels."""

from __future__ import annotations

import math

import numpy as np

from tracegen.kits.cards import card_row, label_badge

MARG = 14
GAP = 10            # gap between tiles of the cut views
OPT_GAP = 22        # gap between candidate patches
CARDS_H = 118       # the answer cards under the swapped view


def draw_part(c, draw, src, dst, turns=0) -> None:
    """Draw the picture's source box ``src`` (x, y, w, h) into ``dst`` (x, y), turned ``turns``
    quarter turns clockwise about its centre (w == h for odd turns)."""
    sx, sy, w, h = src
    dx, dy = dst
    ctx = c.ctx
    ctx.save()
    ctx.rectangle(dx, dy, w, h)
    ctx.clip()
    ctx.translate(dx + w / 2, dy + h / 2)
    ctx.rotate(turns * math.pi / 2)
    ctx.translate(-(sx + w / 2), -(sy + h / 2))
    draw(c)
    ctx.restore()


# ---------------------------------------------------------------------------- geometry
def missing_size(W, H, pw, ph, k):
    per_row = 2 if k == 4 else 3
    rows = math.ceil(k / per_row)
    row_w = per_row * pw + (per_row - 1) * OPT_GAP
    return (max(W, row_w) + 2 * MARG, MARG + H + 30 + rows * (ph + 34) + MARG)


def missing_layout(W, H, pw, ph, k):
    """Picture origin and the candidates' origins."""
    cw, _ = missing_size(W, H, pw, ph, k)
    per_row = 2 if k == 4 else 3
    row_w = per_row * pw + (per_row - 1) * OPT_GAP
    x0 = (cw - row_w) / 2
    y = MARG + H + 30 + 24
    opts = [(x0 + (i % per_row) * (pw + OPT_GAP), y + (i // per_row) * (ph + 34)) for i in range(k)]
    return ((cw - W) / 2, MARG), opts


def tiled_size(W, H, tr, tc, cards=False):
    return (W + (tc - 1) * GAP + 2 * MARG, H + (tr - 1) * GAP + 2 * MARG + (CARDS_H if cards else 0))


def tile_boxes(W, H, tr, tc):
    """Source box of tile k (row-major)."""
    tw, th = W / tc, H / tr
    return [(j * tw, i * th, tw, th) for i in range(tr) for j in range(tc)]


def tile_origin(k, W, H, tr, tc):
    tw, th = W / tc, H / tr
    i, j = divmod(k, tc)
    return (MARG + j * (tw + GAP), MARG + i * (th + GAP))


# ---------------------------------------------------------------------------- views
def draw_missing(c, draw, W, H, hole, options, letters, *, fill=(0.08, 0.08, 0.1)) -> None:
    """``hole`` and each option: source boxes (x, y, w, h) of the same size.  Registers
    ``missing_region`` and ``option:<letter>``."""
    pw, ph = hole[2], hole[3]
    (ox, oy), opts = missing_layout(W, H, pw, ph, len(options))
    draw_part(c, draw, (0, 0, W, H), (ox, oy))
    hx, hy = ox + hole[0], oy + hole[1]
    c.rect(hx, hy, pw, ph, fill=fill, stroke="white", lw=2.0, dash=(7, 5), id="missing_region")
    c.text(hx + pw / 2, hy + ph / 2, "?", size=max(16.0, min(36.0, ph * 0.4)), bold=True, color="white")
    for letter, src, (x, y) in zip(letters, options, opts):
        draw_part(c, draw, src, (x, y))
        c.rect(x, y, pw, ph, stroke="ink", lw=1.5)
        c.register(f"option:{letter}", box=(x, y, x + pw, y + ph))
        label_badge(c, x, y - 22, letter, size=14)


def draw_rotated(c, draw, W, H, tr, tc, rotated, turns, letters) -> None:
    """The picture cut into tr x tc lettered tiles; tile ``rotated`` drawn turned.  Registers ``tile:k``."""
    for k, src in enumerate(tile_boxes(W, H, tr, tc)):
        x, y = tile_origin(k, W, H, tr, tc)
        draw_part(c, draw, src, (x, y), turns if k == rotated else 0)
        c.rect(x, y, src[2], src[3], stroke="ink", lw=1.2)
        c.register(f"tile:{k}", box=(x, y, x + src[2], y + src[3]))
        label_badge(c, x + 4, y + 4, letters[k], size=14)


def draw_swapped(c, draw, W, H, tr, tc, swap, options, letters) -> None:
    """Numbered tiles with tiles ``swap`` (a, b) exchanged, and cards "a and b" for ``options``."""
    boxes = tile_boxes(W, H, tr, tc)
    a, b = swap
    for k, src in enumerate(boxes):
        shown = boxes[b] if k == a else boxes[a] if k == b else src
        x, y = tile_origin(k, W, H, tr, tc)
        draw_part(c, draw, shown, (x, y))
        c.rect(x, y, src[2], src[3], stroke="ink", lw=1.2)
        c.register(f"tile:{k}", box=(x, y, x + src[2], y + src[3]))
        label_badge(c, x + 4, y + 4, str(k + 1), size=14)
    w, _ = tiled_size(W, H, tr, tc)
    y0 = H + (tr - 1) * GAP + 2 * MARG + 6
    card_row(c, MARG + 20, y0, w - 2 * MARG - 40, list(letters),
             [f"{p + 1} and {q + 1}" for p, q in options], cols=2, h=46, gap=10, size=16)


# ---------------------------------------------------------------------------- rasters
def crop(raster, cell, box):
    """Raster cells under a source box (x, y, w, h) given in logical units."""
    x, y, w, h = box
    c0, r0 = int(round(x / cell)), int(round(y / cell))
    return raster[r0:r0 + int(round(h / cell)), c0:c0 + int(round(w / cell))]


def differ(a, b) -> float:
    """Share of raster cells that differ (1.0 for different shapes)."""
    if a.shape != b.shape:
        return 1.0
    return float(np.mean(a != b))


# ---------------------------------------------------------------------------- task bodies
def missing_patch(q, raster, cell, W, H, *, patch, k, busy, subject):
    """A missing-patch question: ``patch`` (pw, ph) in raster cells, ``k`` candidates, ``busy(cells)``
    says a patch shows enough to be worth asking about.  Records the hole and options in
    ``params``; returns the solution."""
    q.offer(k, "image")
    letters = "ABCDEF"[:k]
    letter = q.target(letters, stratified=True)
    R, C = raster.shape
    pw, ph = patch
    spots = [(r, c_) for r in range(0, R - ph + 1) for c_ in range(0, C - pw + 1)]

    def cut(rc):
        return raster[rc[0]:rc[0] + ph, rc[1]:rc[1] + pw]

    rich = [s for s in spots if busy(cut(s))]
    q.require(len(rich) >= k, "too few busy patches")
    hole = q.param("hole", lambda r: list(rich[int(r.integers(len(rich)))]))

    def pick(r):
        chosen = [tuple(hole)]
        for i in r.permutation(len(rich)):
            s = rich[int(i)]
            if all(differ(cut(s), cut(o)) >= 0.3 for o in chosen):
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


def box_of(rc, patch, cell):
    """Source box (x, y, w, h) of the patch at raster cell (row, col)."""
    return (rc[1] * cell, rc[0] * cell, patch[0] * cell, patch[1] * cell)


def rotated_tile(q, raster, cell, W, H, grid, *, subject):
    tr, tc = grid
    n = tr * tc
    letters = "ABCDEFGHIJKL"[:n]
    q.offer(n, "image")
    letter = q.target(letters, stratified=True)
    p = q.param("rotated", lambda r: letters.index(letter))
    tw, th = W / tc, H / tr
    square = abs(tw - th) < 1e-6
    turns = q.param("turns", lambda r: int(r.integers(1, 4)) if square else 2)
    tile = crop(raster, cell, tile_boxes(W, H, tr, tc)[p])
    q.require(differ(np.rot90(tile, -turns), tile) >= 0.3, "rotated tile looks like the original")
    q.step("find_rotated_tile", tile=p, quarter_turns=turns, answer=letter)
    return q.answer(letter, witnesses=f"tile:{p}", examples=[x for x in letters if x != letter],
                    question=(f"The {subject} is cut into tiles lettered {', '.join(letters[:-1])} and "
                              f"{letters[-1]}. Exactly one tile has been turned in place. Which tile is turned?"))


def swapped_pair(q, raster, cell, W, H, grid, *, subject):
    tr, tc = grid
    n = tr * tc
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    swap = q.param("swap", lambda r: list(pairs[int(r.integers(len(pairs)))]))
    a, b = swap
    boxes = tile_boxes(W, H, tr, tc)
    q.require(differ(crop(raster, cell, boxes[a]), crop(raster, cell, boxes[b])) >= 0.3, "swapped tiles look alike")

    def opts(r):
        near = [p for p in pairs if p != (a, b) and len({a, b} & set(p)) == 1]
        far = [p for p in pairs if not {a, b} & set(p)]
        picks = [near[int(i)] for i in r.choice(len(near), size=2, replace=False)]
        picks.append(far[int(r.integers(len(far)))])
        picks = [picks[int(i)] for i in r.permutation(3)]
        picks.insert("ABCD".index(letter), (a, b))
        return [list(o) for o in picks]

    options = q.param("options", opts)
    q.step("identify_swap", swap=swap, options=options, answer=letter)
    return q.answer(letter, witnesses=[f"tile:{a}", f"tile:{b}"], examples=[x for x in "ABCD" if x != letter],
                    question=(f"The {subject} is cut into numbered tiles and exactly two tiles have traded places. "
                              "Which card A-D below the picture names the two swapped tiles?"))
