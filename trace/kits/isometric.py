"""Isometric drawing kit: a projected tile grid, voxels (unit cubes: face quads, painter's order,
stack silhouettes), terrain columns drawn in depth order, sprites stored as data (tables of
primitives), and the terrain rules several isometric scenes share (terraced height maps, which tile
tops can be seen, which standing sprites could hide one another).

Grid coordinates: tile (i, j) covers [i, i+1] x [j, j+1] on the ground; +i runs down-right on
screen and +j down-left; a level raises a point by ``zh`` pixels.  Columns are drawn by increasing
``i + j`` (painter's order), which is exact for unit-footprint columns.
"""

from __future__ import annotations

import math

# ---------------------------------------------------------------------------------- projection


class Iso:
    """Projection of grid coordinates (gx, gy, level) onto the canvas."""

    def __init__(self, ox: float, oy: float, tw: float, th: float, zh: float):
        self.ox, self.oy, self.tw, self.th, self.zh = ox, oy, tw, th, zh

    def pt(self, gx, gy, z=0.0):
        return (self.ox + (gx - gy) * self.tw / 2, self.oy + (gx + gy) * self.th / 2 - z * self.zh)

    def top(self, i, j, z):
        """Top face of tile (i, j) at level z: back, right, front, left corners."""
        return [self.pt(i, j, z), self.pt(i + 1, j, z), self.pt(i + 1, j + 1, z), self.pt(i, j + 1, z)]

    def center(self, i, j, z):
        return self.pt(i + 0.5, j + 0.5, z)

    def tile_box(self, i, j, z):
        return bbox(self.top(i, j, z))


def fit_iso(box, ni, nj, zmax, *, head=1.6, ratio=0.5, zk=0.55):
    """An Iso placing an ni x nj grid (levels up to zmax, sprites up to ``head`` tile heights above
    the back corner) centred in ``box`` = (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    span = (ni + nj) / 2
    tw = min((x1 - x0) / span, (y1 - y0) / (span * ratio + (zmax * zk + head) * ratio))
    th, zh = tw * ratio, tw * ratio * zk
    w = span * tw
    h = span * th + zmax * zh + head * th
    ox = (x0 + x1) / 2 - (ni - nj) * tw / 4
    oy = (y0 + y1) / 2 - h / 2 + zmax * zh + head * th
    return Iso(ox, oy, tw, th, zh)


def shade(rgb, k):
    return tuple(max(0.0, min(1.0, v * k)) for v in rgb)


def bbox(pts):
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


# ---------------------------------------------------------------------------------- voxels
# A voxel is the unit cube [i, i+1] x [j, j+1] x [z, z+1].  Three faces look at the viewer: "left"
# (the j+1 side, lower left on screen), "right" (the i+1 side) and "top".  A face point (u, v) in
# [0, 1]^2 runs along the face's top edge (u) and down it (v; on the top face towards +j), and every
# quad is the points (0, 0), (1, 0), (1, 1), (0, 1): the far upper corner first.  The faces are
# painted in VOXEL_FACES order (the top last), voxels as terrain columns: by i + j, then i, each
# column bottom to top -- exact for unit cubes, as a nearer cube is never below or behind in i, j.

VOXEL_FACES = ("left", "right", "top")
_CORNERS = ((0, 0), (1, 0), (1, 1), (0, 1))


def voxel_point(iso, i, j, z, face, u, v):
    """Screen point (u, v) of a face of voxel (i, j, z): the top at (i + u, j + v, z + 1), the left
    side at (i + u, j + 1, z + 1 - v), the right side at (i + 1, j + u, z + 1 - v)."""
    if face == "top":
        return iso.pt(i + u, j + v, z + 1)
    if face == "left":
        return iso.pt(i + u, j + 1, z + 1 - v)
    return iso.pt(i + 1, j + u, z + 1 - v)


def voxel_faces(iso, i, j, z):
    """{face: quad} of the voxel's visible faces, in paint order."""
    return {f: [voxel_point(iso, i, j, z, f, u, v) for u, v in _CORNERS] for f in VOXEL_FACES}


def voxel_order(voxels):
    """Painter's order of voxels given as (i, j, z, ...) tuples."""
    return sorted(voxels, key=lambda v: (v[0] + v[1], v[0], v[2]))


def draw_voxel(c, iso, i, j, z, fill, *, stroke, lw=1.0, texture=None):
    """Paint a voxel's faces, ``fill`` = {face: colour} (or one colour) outlined in ``stroke``; then
    ``texture(c, at)`` draws on them, ``at(face, u, v)`` giving the screen point of a face point."""
    for face, quad in voxel_faces(iso, i, j, z).items():
        c.polygon(quad, fill=fill[face] if isinstance(fill, dict) else fill, stroke=stroke, lw=lw)
    if texture is not None:
        texture(c, lambda face, u, v: voxel_point(iso, i, j, z, face, u, v))


def draw_voxels(c, iso, voxels, look, *, lw=1.0):
    """Paint voxels (i, j, z, tag) in painter's order; ``look(tag)`` = (fill, stroke, texture) as for
    ``draw_voxel``."""
    for i, j, z, tag in voxel_order(voxels):
        fill, stroke, texture = look(tag)
        draw_voxel(c, iso, i, j, z, fill, stroke=stroke, lw=lw, texture=texture)


def stack_silhouette(iso, i, j, h, *, w=1, d=1):
    """Screen hexagon of the block [i, i + w] x [j, j + d] x [0, h] (a stack of voxels): the back,
    right and left corners at height h, the right, front and left corners on the ground."""
    return [iso.pt(i, j, h), iso.pt(i + w, j, h), iso.pt(i + w, j, 0), iso.pt(i + w, j + d, 0),
            iso.pt(i, j + d, 0), iso.pt(i, j + d, h)]


# ---------------------------------------------------------------------------------- terrain

def level_at(levels, i, j, outside=-0.3):
    if 0 <= i < len(levels) and 0 <= j < len(levels[0]):
        return levels[i][j]
    return outside


def draw_terrain(c, iso, levels, top_color, side_color, *, base=0.3, on_tile=None, line=None):
    """Draw a height map (levels[i][j] integer levels) column by column in depth order.

    ``top_color(i, j, z)`` and ``side_color(i, j, z, face)`` (face "left" / "right") give RGB;
    each level step of a side face is outlined (strata), so heights can be counted; ``on_tile(i, j)``
    is called after tile (i, j) is drawn (objects standing on it)."""
    ni, nj = len(levels), len(levels[0])
    edge = line or (0.18, 0.16, 0.12)
    order = sorted(((i, j) for i in range(ni) for j in range(nj)), key=lambda t: (t[0] + t[1], t[0]))
    for i, j in order:
        z = levels[i][j]
        for face, (a, b), nb in (("left", ((i, j + 1), (i + 1, j + 1)), (i, j + 1)),
                                 ("right", ((i + 1, j), (i + 1, j + 1)), (i + 1, j))):
            low = level_at(levels, *nb, outside=-base)
            if low >= z:
                continue
            col = side_color(i, j, z, face)
            pts = [iso.pt(*a, z), iso.pt(*b, z), iso.pt(*b, low), iso.pt(*a, low)]
            c.polygon(pts, fill=col, stroke=shade(col, 0.7), lw=1.0)
            for k in range(math.floor(low) + 1, z):           # strata: one line per level
                c.line(*iso.pt(*a, k), *iso.pt(*b, k), color=shade(col, 0.62), lw=1.6)
        col = top_color(i, j, z)
        c.polygon(iso.top(i, j, z), fill=col, stroke=shade(col, 0.8), lw=1.0)
        if on_tile is not None:
            on_tile(i, j)
    return order


def top_visible(levels, i, j, iso_ratio=0.5, zk=0.55):
    """True when no column in front of tile (i, j) rises over any part of its top face."""
    z = levels[i][j]
    ni, nj = len(levels), len(levels[0])
    for di in range(0, 8):
        for dj in range(0, 8):
            d = di + dj
            if d == 0 or abs(di - dj) > 1 or i + di >= ni or j + dj >= nj:
                continue
            dz = levels[i + di][j + dj] - z
            if dz > 0 and dz * zk > (d - 2) / 2 - 1e-9:
                return False
    return True


UNIT = 0.13      # sprite unit in tile widths, as terraced worlds draw them


def terraces(rng, ni, nj, plan):
    """A height map of nested rectangular plateaus.

    ``plan`` is a list of plateaus ``(level, w, h, parent)``: a w x h rectangle raised to ``level``,
    inside plateau ``parent`` (an index into plan, or None for the ground) with a rim of one tile
    to its parent's edge; ground plateaus keep one tile from the border and from each other.
    Returns (levels, rects) with rects[k] = [i0, j0, w, h], or None when the plan does not fit."""
    levels = [[0] * nj for _ in range(ni)]
    rects = []
    for level, w, h, parent in plan:
        if parent is None:
            box, free = (1, 1, ni - 2, nj - 2), lambda a, b: all(
                levels[x][y] == 0 for x in range(a - 1, a + w + 1) for y in range(b - 1, b + h + 1)
                if 0 <= x < ni and 0 <= y < nj)
        else:
            pi, pj, pw, ph = rects[parent]
            box, free = (pi + 1, pj + 1, pw - 2, ph - 2), lambda a, b: True
        bi, bj, bw, bh = box
        spots = [(a, b) for a in range(bi, bi + bw - w + 1) for b in range(bj, bj + bh - h + 1) if free(a, b)]
        if not spots:
            return None
        a, b = spots[int(rng.integers(len(spots)))]
        for x in range(a, a + w):
            for y in range(b, b + h):
                levels[x][y] = level
        rects.append([a, b, w, h])
    return levels, rects


# ---------------------------------------------------------------------------------- sprites
# A sprite is a table of primitives in sprite units (x right, y up from the standing point; a scene
# picks the unit in pixels): ("poly", [(x, y), ...], colour), ("ellipse", cx, cy, rx, ry, colour),
# ("rect", x, y, w, h, colour) with (x, y) the lower-left corner; colours are RGB or "tint" (drawn in
# the caller's tint).  "height" is a rough height in tile heights at a tenth of a tile width per unit.

BROWN, DARK = (0.45, 0.30, 0.18), (0.15, 0.12, 0.10)
SPRITES = {
    "cow": {"height": 0.6, "parts": [
        ("ellipse", -0.3, 1.6, 1.8, 1.1, (0.97, 0.97, 0.95)), ("ellipse", -0.9, 1.9, 0.6, 0.45, DARK),
        ("ellipse", 0.4, 1.4, 0.5, 0.4, DARK), ("rect", -1.6, 0, 0.45, 1.0, DARK), ("rect", 0.7, 0, 0.45, 1.0, DARK),
        ("ellipse", 1.6, 2.1, 0.65, 0.6, (0.97, 0.97, 0.95)), ("ellipse", 2.0, 1.9, 0.35, 0.3, (0.95, 0.7, 0.7))]},
    "pig": {"height": 0.5, "parts": [
        ("ellipse", 0, 1.2, 1.8, 1.0, (0.96, 0.66, 0.66)), ("rect", -1.2, 0, 0.5, 0.7, (0.85, 0.5, 0.5)),
        ("rect", 0.8, 0, 0.5, 0.7, (0.85, 0.5, 0.5)), ("ellipse", 1.9, 1.4, 0.7, 0.6, (0.96, 0.66, 0.66)),
        ("ellipse", 2.5, 1.3, 0.3, 0.3, (0.85, 0.45, 0.5))]},
    "sheep": {"height": 0.6, "parts": [
        ("rect", -1.1, 0, 0.45, 0.9, DARK), ("rect", 0.7, 0, 0.45, 0.9, DARK),
        ("ellipse", 0, 1.5, 1.9, 1.2, (0.93, 0.93, 0.90)), ("ellipse", 2.0, 1.7, 0.6, 0.55, (0.25, 0.22, 0.2))]},
    "chicken": {"height": 0.6, "parts": [
        ("rect", -0.2, 0, 0.25, 0.6, (0.9, 0.6, 0.1)), ("ellipse", 0, 1.2, 1.0, 0.8, (0.98, 0.98, 0.96)),
        ("ellipse", 0.8, 2.0, 0.5, 0.5, (0.98, 0.98, 0.96)), ("poly", [(1.2, 2.0), (1.7, 1.9), (1.2, 1.8)],
                                                            (0.95, 0.6, 0.1)),
        ("ellipse", 0.8, 2.5, 0.25, 0.2, (0.85, 0.1, 0.1))]},
    "tree_round": {"height": 1.4, "parts": [
        ("rect", -0.45, 0, 0.9, 2.6, (0.42, 0.26, 0.14)), ("ellipse", 0, 4.4, 2.2, 2.5, (0.16, 0.52, 0.26)),
        ("ellipse", -0.6, 5.0, 0.9, 0.8, (0.3, 0.66, 0.36))]},
    "tree_autumn": {"height": 1.4, "parts": [
        ("rect", -0.45, 0, 0.9, 2.6, (0.42, 0.26, 0.14)), ("ellipse", 0, 4.4, 2.0, 2.5, (0.78, 0.40, 0.16)),
        ("ellipse", -0.6, 5.0, 0.8, 0.8, (0.9, 0.55, 0.25))]},
    "tree_pine": {"height": 1.15, "parts": [
        ("rect", -0.35, 0, 0.7, 1.2, (0.42, 0.26, 0.14)),
        ("poly", [(-2.0, 1.0), (2.0, 1.0), (0, 4.0)], (0.12, 0.40, 0.28)),
        ("poly", [(-1.6, 2.6), (1.6, 2.6), (0, 5.6)], (0.14, 0.46, 0.31))]},
    "hay": {"height": 0.4, "parts": [
        ("ellipse", 0, 1.0, 1.6, 1.0, (0.88, 0.76, 0.36)), ("ellipse", 0.9, 1.0, 0.6, 0.9, (0.95, 0.85, 0.5))]},
    "farmer": {"height": 1.1, "parts": [
        ("rect", -0.6, 0, 0.5, 1.6, (0.25, 0.3, 0.55)), ("rect", 0.1, 0, 0.5, 1.6, (0.25, 0.3, 0.55)),
        ("rect", -0.8, 1.6, 1.6, 1.8, (0.75, 0.25, 0.2)), ("ellipse", 0, 4.0, 0.75, 0.75, (0.93, 0.76, 0.6)),
        ("poly", [(-1.4, 4.4), (1.4, 4.4), (0.7, 4.8), (0.5, 5.4), (-0.5, 5.4), (-0.7, 4.8)],
         (0.85, 0.7, 0.3))]},
    "worker": {"height": 1.05, "parts": [
        ("rect", -0.6, 0, 0.5, 1.6, (0.3, 0.3, 0.35)), ("rect", 0.1, 0, 0.5, 1.6, (0.3, 0.3, 0.35)),
        ("rect", -0.8, 1.6, 1.6, 1.8, (0.95, 0.55, 0.1)), ("ellipse", 0, 4.0, 0.75, 0.75, (0.93, 0.76, 0.6)),
        ("poly", [(-0.9, 4.3), (0.9, 4.3), (0.6, 5.1), (-0.6, 5.1)], (0.98, 0.85, 0.1))]},
    "ore_vein": {"height": 0.6, "parts": [
        ("ellipse", 0, 0.4, 1.8, 0.6, (0.45, 0.42, 0.40)),
        ("poly", [(-1.2, 0.4), (-0.8, 2.2), (-0.4, 0.4)], "tint"), ("poly", [(-0.4, 0.4), (0.1, 2.8), (0.5, 0.4)], "tint"),
        ("poly", [(0.4, 0.4), (0.9, 1.9), (1.3, 0.4)], "tint")]},
    "mine_cart": {"height": 0.6, "parts": [
        ("ellipse", -1.0, 0.45, 0.45, 0.45, DARK), ("ellipse", 1.0, 0.45, 0.45, 0.45, DARK),
        ("poly", [(-1.9, 0.8), (1.9, 0.8), (2.3, 2.2), (-2.3, 2.2)], (0.42, 0.45, 0.5)),
        ("ellipse", 0, 2.3, 1.7, 0.5, (0.8, 0.55, 0.2))]},
    "rock_pile": {"height": 0.4, "parts": [
        ("ellipse", -0.6, 0.6, 1.0, 0.7, (0.55, 0.53, 0.5)), ("ellipse", 0.6, 0.5, 0.9, 0.6, (0.62, 0.6, 0.57)),
        ("ellipse", 0, 1.2, 0.7, 0.6, (0.5, 0.48, 0.46))]},
    "crate": {"height": 0.4, "parts": [
        ("rect", -1.1, 0, 2.2, 1.9, (0.7, 0.45, 0.22)), ("poly", [(-1.1, 0), (1.1, 1.9), (0.9, 1.9), (-1.1, 0.2)],
                                                        (0.5, 0.3, 0.14))]},
    "barrel": {"height": 0.45, "parts": [
        ("rect", -0.9, 0, 1.8, 1.9, (0.5, 0.32, 0.17)), ("ellipse", 0, 1.9, 0.9, 0.35, (0.62, 0.42, 0.24)),
        ("rect", -0.9, 0.5, 1.8, 0.15, DARK), ("rect", -0.9, 1.3, 1.8, 0.15, DARK)]},
    "post": {"height": 0.5, "parts": [
        ("rect", -0.5, 0, 1.0, 2.2, (0.38, 0.24, 0.13)), ("ellipse", 0, 2.2, 0.5, 0.2, (0.5, 0.34, 0.2))]},
}


def sprite_box(name, x, y, unit, *, table=None):
    xs, ys = [], []
    for p in (table or SPRITES)[name]["parts"]:
        if p[0] == "poly":
            xs += [q[0] for q in p[1]]
            ys += [q[1] for q in p[1]]
        elif p[0] == "ellipse":
            xs += [p[1] - p[3], p[1] + p[3]]
            ys += [p[2] - p[4], p[2] + p[4]]
        else:
            xs += [p[1], p[1] + p[3]]
            ys += [p[2], p[2] + p[4]]
    return (x + min(xs) * unit, y - max(ys) * unit, x + max(xs) * unit, y - min(ys) * unit)


def draw_sprite(c, name, x, y, unit, *, tint=(0.6, 0.4, 0.8), flip=False, id=None, table=None):
    """Draw sprite ``name`` (from ``table``, default SPRITES) standing at (x, y); ``unit`` = pixels
    per sprite unit."""
    s = -1 if flip else 1
    for p in (table or SPRITES)[name]["parts"]:
        col = tint if p[-1] == "tint" else p[-1]
        edge = shade(col, 0.55)
        if p[0] == "poly":
            c.polygon([(x + s * u * unit, y - v * unit) for u, v in p[1]], fill=col, stroke=edge, lw=1.0)
        elif p[0] == "ellipse":
            c.ellipse(x + s * p[1] * unit, y - p[2] * unit, p[3] * unit, p[4] * unit, fill=col, stroke=edge, lw=1.0)
        else:
            x0 = x + s * p[1] * unit if s > 0 else x - (p[1] + p[3]) * unit
            c.rect(x0, y - (p[2] + p[4]) * unit, p[3] * unit, p[4] * unit, fill=col, stroke=edge, lw=1.0)
    box = sprite_box(name, x, y, unit, table=table)
    if flip:
        box = (2 * x - box[2], box[1], 2 * x - box[0], box[3])
    if id is not None:
        c.register(id, box=box)
    return box


def badge(c, x, y, label, *, size=17, id=None):
    """A letter plate (paper fill, ink text) centred at (x, y)."""
    w = max(26.0, c.text_width(label, size=size, bold=True) + 12)
    c.rect(x - w / 2, y - 13, w, 26, fill="paper", stroke="ink", lw=1.5, id=id)
    c.text(x, y, label, size=size, bold=True)


# ---------------------------------------------------------------------------------- terraced worlds
# A terraced world (farmstead, quarry ...) is a JSON-native state: {"ni", "nj", "levels", "top_level",
# "objects": [{"kind", "i", "j", ...}], "labels": [{"letter", "i", "j"}], "actor": {"kind", "i", "j"} | None}.
# The highest level forms one plateau (a rectangle, perhaps with one corner tile cut down a level).

TOP_SHAPES = {4: ((2, 2, 0),), 5: ((2, 3, 1), (3, 2, 1)), 6: ((2, 3, 0), (3, 2, 0)),
              7: ((2, 4, 1), (4, 2, 1)), 8: ((2, 4, 0), (4, 2, 0))}


def build_terrain(rng, ni, nj, *, top_area, top_level=2, n_ground=2):
    """Nested plateaus on an ni x nj ground: ``n_ground`` level-1 plateaus, one holding the steps up to
    a single top plateau of ``top_area`` tiles at ``top_level``.  None when it does not fit."""
    shapes = TOP_SHAPES[top_area]
    tw, th, cut = shapes[int(rng.integers(len(shapes)))]
    plan, w, h = [], tw, th
    chain = []
    for lv in range(top_level, 0, -1):
        chain.append((lv, w, h))
        w, h = w + 2 + int(rng.integers(0, 2)), h + 2 + int(rng.integers(0, 2))
    chain.reverse()
    plan.append((1, chain[0][1], chain[0][2], None))
    for k, (lv, w, h) in enumerate(chain[1:]):
        plan.append((lv, w, h, k))
    for _ in range(n_ground - 1):
        plan.append((1, int(rng.integers(3, 6)), int(rng.integers(3, 6)), None))
    out = terraces(rng, ni, nj, plan)
    if out is None:
        return None
    levels, rects = out
    i0, j0, w, h = rects[len(chain) - 1]
    if cut:
        ci, cj = [(i0, j0), (i0 + w - 1, j0), (i0, j0 + h - 1), (i0 + w - 1, j0 + h - 1)][int(rng.integers(4))]
        levels[ci][cj] = top_level - 1
    return levels


def tiles_at(state, level):
    lv = state["levels"]
    return [(i, j) for i in range(len(lv)) for j in range(len(lv[0])) if lv[i][j] == level]


def _standing(state):
    """(i, j, level, kind) of everything standing on a tile: objects, the actor, label plates."""
    lv = state["levels"]
    out = [(o["i"], o["j"], lv[o["i"]][o["j"]], o["kind"]) for o in state["objects"]]
    if state.get("actor"):
        a = state["actor"]
        out.append((a["i"], a["j"], lv[a["i"]][a["j"]], a["kind"]))
    out += [(b["i"], b["j"], lv[b["i"]][b["j"]], "label") for b in state.get("labels", [])]
    return out


LABEL_BOX = (-0.2, -0.17, 0.2, 0.17)      # a letter plate around its tile centre, in tile widths


def stand_box(kind, i, j, z, *, zk=0.55):
    """Screen box of ``kind`` standing on tile (i, j, z), in tile widths (tile height = 1/2)."""
    cx, cy = (i - j) / 2, (i + j + 1) / 4 - z * zk / 2
    if kind == "label":
        x0, y0, x1, y1 = LABEL_BOX
        return (cx + x0, cy + y0, cx + x1, cy + y1)
    return sprite_box(kind, cx, cy + 0.025, UNIT)


def overlap_share(a, b):
    """Overlap area of two boxes over the smaller box's area."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))


def can_stand(state, i, j, kind, *, ring=0, share=0.1):
    """Whether ``kind`` can stand on tile (i, j): its top is seen, the tile is free, and its box and the
    box of anything already standing overlap by at most ``share`` of the smaller one; ``ring`` keeps
    that many tiles around it clear (label plates keep one)."""
    lv = state["levels"]
    if not top_visible(lv, i, j):
        return False
    mine = stand_box(kind, i, j, lv[i][j])
    for (a, b, z, k) in _standing(state):
        r = max(ring, 1 if k == "label" else 0)
        if max(abs(a - i), abs(b - j)) <= r:
            return False
        if overlap_share(mine, stand_box(k, a, b, z)) > share:
            return False
    return True


def place(rng, state, kind, n, *, tiles=None, ring=0, extra=None):
    """Put up to ``n`` sprites of ``kind`` on random tiles (from ``tiles``, default all) where they can
    stand; returns how many were placed."""
    lv = state["levels"]
    pool = tiles if tiles is not None else [(i, j) for i in range(len(lv)) for j in range(len(lv[0]))]
    pool = [pool[int(k)] for k in rng.permutation(len(pool))]
    done = 0
    for (i, j) in pool:
        if done == n:
            break
        if can_stand(state, i, j, kind, ring=ring):
            o = {"kind": kind, "i": int(i), "j": int(j)}
            if extra:
                o.update(extra(rng))
            state["objects"].append(o)
            done += 1
    return done


def pick_labels(rng, state, right, wrong, k=4):
    """Letter plates on ``k`` visible tiles: one from ``right`` (the answer) and k-1 from ``wrong``,
    well apart from each other and from every sprite.  Returns the tiles (answer first) or None."""
    chosen = []
    for pool, n in ((right, 1), (wrong, k - 1)):
        pool = [pool[int(x)] for x in rng.permutation(len(pool))]
        got = 0
        for (i, j) in pool:
            if got == n:
                break
            if can_stand(state, i, j, "label", ring=1) and all(max(abs(i - a), abs(j - b)) >= 3 for a, b in chosen):
                chosen.append((int(i), int(j)))
                state.setdefault("labels", []).append({"letter": "?", "i": int(i), "j": int(j)})
                got += 1
        if got < n:
            return None
    return chosen


def draw_world(c, iso, state, top_color, side_color, *, tints=None, register_objects=True):
    """Terrain, sprites (in depth order), then letter plates; registers ``obj:k`` for each object,
    ``actor``, ``tile:i:j`` for each lettered tile and ``layer:top`` around the highest plateau."""
    lv = state["levels"]
    unit = iso.tw * UNIT
    at = {}
    for k, o in enumerate(state["objects"]):
        at[(o["i"], o["j"])] = (f"obj:{k}", o)
    if state.get("actor"):
        a = state["actor"]
        at[(a["i"], a["j"])] = ("actor", a)

    def on_tile(i, j):
        if (i, j) in at:
            oid, o = at[(i, j)]
            x, y = iso.center(i, j, lv[i][j])
            tint = tuple(o["tint"]) if "tint" in o else (0.6, 0.4, 0.8)
            draw_sprite(c, o["kind"], x, y + iso.th * 0.05, unit, tint=tint, flip=bool(o.get("flip")),
                        id=oid if register_objects else None)

    draw_terrain(c, iso, lv, top_color, side_color, on_tile=on_tile)
    top = max(max(r) for r in lv)
    boxes = [iso.tile_box(i, j, top) for i, j in tiles_at(state, top)]
    c.register("layer:top", box=(min(b[0] for b in boxes), min(b[1] for b in boxes),
                                 max(b[2] for b in boxes), max(b[3] for b in boxes)))
    for lab in state.get("labels", []):
        i, j = lab["i"], lab["j"]
        c.register(f"tile:{i}:{j}", box=iso.tile_box(i, j, lv[i][j]))
        x, y = iso.center(i, j, lv[i][j])
        badge(c, x, y, lab["letter"])


# ---------------------------------------------------------------------------------- terraced scenes
# What the terraced-ground scenes (a farmstead, a quarry ...) share: the ground with a pad of
# special tiles, its drawing, the letter plates and the task bodies over terrace levels.

def terraced_ground(rng, sides, top, n_ground, areas, *, top_area=None, pad=(2, 2)):
    """A state with terraced ground (an ni x nj grid, sides from the range ``sides``), no objects, and
    a pad of ``pad`` tiles on a level-1 plateau in ``fields``; also the tiles off the pad."""
    lo, hi = sides
    for _ in range(60):
        ni, nj = int(rng.integers(lo, hi + 1)), int(rng.integers(lo, hi + 1))
        area = top_area if top_area is not None else int(areas[int(rng.integers(len(areas)))])
        levels = build_terrain(rng, ni, nj, top_area=area, top_level=top, n_ground=n_ground)
        if levels is not None:
            break
    state = {"ni": ni, "nj": nj, "levels": levels, "top_level": top, "objects": [], "labels": [],
             "actor": None, "fields": []}
    ones = tiles_at(state, 1)
    for _ in range(20):
        i, j = ones[int(rng.integers(len(ones)))]
        patch = [[i + a, j + b] for a in range(pad[0]) for b in range(pad[1])]
        if all(0 <= x < ni and 0 <= y < nj and levels[x][y] == 1 for x, y in patch):
            state["fields"] = patch
            break
    free = [(i, j) for i in range(ni) for j in range(nj) if [i, j] not in state["fields"]]
    return state, free


class TerracedScene:
    """Scene mixin (before ``Scene`` in the bases) of the terraced-ground scenes: their size band, the
    sampler ``make_state(rng, difficulty)`` and ``draw_terraced`` in ``palette`` (tops, pad, faces)."""
    megapixels = (0.86, 1.0)          # the original: 0.92-0.96 MP (1200 x 800 or 960 x 960)
    make_state = None
    palette = ()

    def sample(self, rng, difficulty):
        return self.make_state(rng, difficulty)

    def render(self, c, state, params):
        draw_terraced(c, self.size, state, *self.palette)


def draw_terraced(c, size, state, tops, pad, faces):
    """The terraced world on a canvas of ``size``: plateau tops coloured ``tops[level]`` (the pad
    ``pad``), side faces ``faces[left|right]``."""
    W, H = size
    iso = fit_iso((30, 30, W - 30, H - 30), state["ni"], state["nj"], state["top_level"])
    fields = {tuple(t) for t in state["fields"]}

    def top_color(i, j, z):
        return pad if (i, j) in fields else tops[z]

    draw_world(c, iso, state, top_color, lambda i, j, z, face: faces[face])


def letter_plates(state, rng, tiles, letter):
    """Letter the plates: the answer tile (tiles[0]) gets ``letter``, the others the rest at random."""
    if tiles is None:
        return state
    rest = [x for x in "ABCD" if x != letter]
    order = [rest[int(k)] for k in rng.permutation(3)]
    for lab in state["labels"]:
        lab["letter"] = letter if (lab["i"], lab["j"]) == tiles[0] else order.pop()
    state["labels"].sort(key=lambda lab: lab["letter"])
    return state


def answer_plate(q, pred):
    """The one lettered plate whose tile level satisfies ``pred``."""
    hits = [lab for lab in q.state["labels"] if pred(q.state["levels"][lab["i"]][lab["j"]])]
    q.require(len(hits) == 1, "not exactly one lettered tile qualifies")
    return hits[0]


def _plate_answer(q, hit, question):
    return q.answer(hit["letter"], witnesses=f"tile:{hit['i']}:{hit['j']}",
                    examples=[x for x in "ABCD" if x != hit["letter"]], question=question)


def same_level_tile(q, actor, *, question):
    """Task body: ``actor`` stands on one tile; which lettered tile is on the same level."""
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def plant(state, rng):
        lv = state["levels"]
        level = int(rng.integers(0, state["top_level"] + 1))
        spots = [t for t in tiles_at(state, level) if list(t) not in state["fields"]]
        spots = [spots[int(k)] for k in rng.permutation(len(spots))]
        for i, j in spots:
            if can_stand(state, i, j, actor):
                state["actor"] = {"kind": actor, "i": int(i), "j": int(j)}
                break
        if state["actor"] is None:
            return state
        right = [t for t in tiles_at(state, level) if max(abs(t[0] - i), abs(t[1] - j)) >= 2]
        wrong = [(a, b) for a in range(state["ni"]) for b in range(state["nj"]) if lv[a][b] != level]
        return letter_plates(state, rng, pick_labels(rng, state, right, wrong), letter)
    q.edit(plant)
    s = q.state
    q.require(s["actor"] is not None and len(s["labels"]) == 4, f"no room for the {actor} and four plates")
    a = s["actor"]
    level = s["levels"][a["i"]][a["j"]]
    hit = answer_plate(q, lambda z: z == level)
    q.step("compare_levels", **{f"{actor}_level": level}, answer=hit["letter"])
    return _plate_answer(q, hit, question)


def top_plateau_count(q, areas, remake, *, question):
    """Task body: how many tiles form the highest plateau (``remake(rng, top_area)`` a fresh state)."""
    t = q.target(areas)
    q.edit(lambda state, rng: remake(rng, t))
    lv = q.state["levels"]
    top = max(max(r) for r in lv)
    tiles = tiles_at(q.state, top)
    q.require(all(top_visible(lv, i, j) for i, j in tiles), "a top tile is hidden")
    q.step("count", level=top, tiles=[list(x) for x in tiles])
    return q.answer(len(tiles), witnesses="layer:top", question=question)


def elevation_extremum(q, *, question):
    """Task body: which lettered tile sits highest / lowest (query ``highest_terrain_tile`` or not);
    ``question(word)`` the question for "highest" or "lowest"."""
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)
    high = q.query_id == "highest_terrain_tile"

    def plant(state, rng):
        lv = state["levels"]
        goal = state["top_level"] if high else 0
        right = tiles_at(state, goal)
        wrong = [(a, b) for a in range(state["ni"]) for b in range(state["nj"]) if lv[a][b] != goal]
        return letter_plates(state, rng, pick_labels(rng, state, right, wrong), letter)
    q.edit(plant)
    s = q.state
    q.require(len(s["labels"]) == 4, "no room for four plates")
    zs = [s["levels"][lab["i"]][lab["j"]] for lab in s["labels"]]
    best = max(zs) if high else min(zs)
    hit = answer_plate(q, lambda z: z == best)
    q.step("extremum", mode="highest" if high else "lowest", levels=zs, answer=hit["letter"])
    return _plate_answer(q, hit, question("highest" if high else "lowest"))


def objects_on(state, level, pred):
    """Indices of the objects (``pred(kind)``) standing on tiles of ``level``."""
    lv = state["levels"]
    return [k for k, o in enumerate(state["objects"]) if pred(o["kind"]) and lv[o["i"]][o["j"]] == level]


def level_object_count(q, t, *, pred, add, remake, what, question, **step):
    """Task body: how many objects (``pred(kind)``) stand on the highest / lowest level (query
    ``highest_terrain_object_count`` or not); exactly ``t`` planted there with ``add(rng, state, tiles)``;
    ``remake(rng, top_area)`` a fresh state; ``question(word)``; ``step`` extra fields of the step."""
    high = q.query_id == "highest_terrain_object_count"

    def plant(state, rng):
        if high and len(tiles_at(state, state["top_level"])) < t + 2:
            state = remake(rng, int(rng.integers(max(4, t + 2), 9)))
        goal = state["top_level"] if high else 0
        drop = set(objects_on(state, goal, pred))
        state["objects"] = [o for k, o in enumerate(state["objects"]) if k not in drop]
        tiles = [x for x in tiles_at(state, goal) if list(x) not in state["fields"]]
        for _ in range(t):
            add(rng, state, tiles)
        return state
    q.edit(plant)
    s = q.state
    goal = max(max(r) for r in s["levels"]) if high else min(min(r) for r in s["levels"])
    hits = objects_on(s, goal, pred)
    q.require(len(hits) == t, f"could not place the {what}")
    q.step("filter", level=goal, **step, kept=hits)
    return q.answer(len(hits), witnesses=[f"obj:{k}" for k in hits], question=question("highest" if high else "lowest"))


# ---------------------------------------------------------------------------------- boats
# A boat is drawn flat on the water from a table of ground-plane outlines in boat units (u forward,
# v to starboard, one unit = one tile side); each part is raised to its level ``z`` (in levels).
BOAT = {"length": 1.4, "beam": 0.56, "parts": (
    ("shadow", 0.0, ((-0.74, -0.32), (0.55, -0.32), (0.80, 0.0), (0.55, 0.32), (-0.74, 0.32))),
    ("hull", 0.10, ((-0.70, -0.28), (0.50, -0.28), (0.72, 0.0), (0.50, 0.28), (-0.70, 0.28))),
    ("deck", 0.28, ((-0.62, -0.20), (0.45, -0.20), (0.60, 0.0), (0.45, 0.20), (-0.62, 0.20))),
    ("bow", 0.30, ((0.30, -0.17), (0.62, 0.0), (0.30, 0.17))),
    ("bench", 0.31, ((-0.30, -0.18), (-0.18, -0.18), (-0.18, 0.18), (-0.30, 0.18))),
)}
HEADINGS = {"toward": (0.0, -1.0), "away": (0.0, 1.0), "along_right": (1.0, 0.0), "along_left": (-1.0, 0.0)}


def boat_footprint(ci, cj, heading, *, margin=0.0):
    """Axis-aligned ground box (i0, j0, i1, j1) of a boat centred at (ci, cj)."""
    du, dv = HEADINGS[heading]
    hl, hb = BOAT["length"] / 2 + 0.08 + margin, BOAT["beam"] / 2 + 0.04 + margin
    if du:
        return (ci - hl, cj - hb, ci + hl, cj + hb)
    return (ci - hb, cj - hl, ci + hb, cj + hl)


def boat_bow(ci, cj, heading):
    du, dv = HEADINGS[heading]
    tip = BOAT["parts"][1][2][2][0]
    return (ci + du * tip, cj + dv * tip)


def draw_boat(c, iso, ci, cj, heading, hull, *, id=None):
    """A rowboat centred at ground point (ci, cj), bow along ``heading``; ``hull`` = RGB."""
    du, dv = HEADINGS[heading]
    colours = {"shadow": (0.10, 0.30, 0.45), "hull": hull, "deck": (0.85, 0.68, 0.42),
               "bow": (0.98, 0.98, 0.96), "bench": (0.55, 0.38, 0.2)}
    pts_all = []
    for name, z, outline in BOAT["parts"]:
        pts = [iso.pt(ci + u * du - v * dv, cj + u * dv + v * du, z) for u, v in outline]
        if name == "hull":                                    # the hull's sides down to the water
            low = [iso.pt(ci + u * du - v * dv, cj + u * dv + v * du, 0.0) for u, v in outline]
            for a in range(len(pts)):
                b = (a + 1) % len(pts)
                c.polygon([pts[a], pts[b], low[b], low[a]], fill=shade(hull, 0.7), stroke=shade(hull, 0.45), lw=0.8)
        col = colours[name]
        c.polygon(pts, fill=col, stroke=None if name == "shadow" else shade(col, 0.5), lw=1.0)
        pts_all += pts
    xs, ys = zip(*pts_all)
    box = (min(xs), min(ys), max(xs), max(ys))
    if id is not None:
        c.register(id, box=box)
    return box
