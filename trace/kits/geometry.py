"""Shared helpers for lattice geometry scenes (graph paper, coordinate plane), and the random
draws (``rint``, ``pick``) every geometry scene's figure makers use.

Exact integer arithmetic on lattice points (cross products, doubled areas, squared lengths),
a lattice-to-pixel view with y pointing up, colour blending and a small label placer that
keeps letters off nearby lines and points.  Everything here is pure Python on small inputs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


# ---------------------------------------------------------------------- random draws (every geometry scene)
def rint(rng, lo, hi, step=1):
    """A random integer in [lo, hi] (on a grid of ``step`` when it is above 1)."""
    if step > 1:
        return int(rng.integers(lo // step, hi // step + 1)) * step
    return int(rng.integers(lo, hi + 1))


def pick(rng, seq):
    """A random element of ``seq``."""
    return seq[int(rng.integers(len(seq)))]


class Draws:
    """A numpy ``Generator``'s (PCG64) small integer draws worked out in plain Python, for tight
    rejection loops: ``integers(lo, hi)`` and ``choice(n, size, replace=False)`` give exactly the
    values the generator's own methods give and leave it exactly where they leave it (numpy's
    32-bit Lemire draw on its buffered 32-bit halves of the 64-bit outputs; ``choice`` is numpy's
    Floyd sample then its shuffle, both Lemire draws), at a fraction of a numpy call each (checked
    equal, values and final state, on 400,000 random draws).  Use the generator through this
    object only until ``close()`` (or the end of a ``with`` block) hands the state back."""

    __slots__ = ("_bg", "_raw", "_has", "_buf")

    def __init__(self, rng):
        self._bg = bg = rng.bit_generator
        st = bg.state
        if st["bit_generator"] != "PCG64":
            raise TypeError("Draws needs a PCG64 generator")
        self._raw = bg.random_raw
        self._has, self._buf = bool(st["has_uint32"]), int(st["uinteger"])

    def close(self):
        st = self._bg.state
        st["has_uint32"], st["uinteger"] = int(self._has), self._buf
        self._bg.state = st

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _u32(self) -> int:
        """The next 32-bit draw: the high half of the last 64-bit output if it is unused, else the low
        half of a new one (numpy's buffered ``next_uint32``)."""
        if self._has:
            self._has = False
            return self._buf
        v = self._raw()
        self._has, self._buf = True, v >> 32
        return v & 0xFFFFFFFF

    def _below(self, rng: int) -> int:
        """A draw in [0, rng] (rng < 2**32 - 1): numpy's buffered_bounded_lemire_uint32."""
        if rng == 0:
            return 0
        excl = rng + 1
        m = self._u32() * excl
        left = m & 0xFFFFFFFF
        if left < excl:
            threshold = (0xFFFFFFFF - rng) % excl
            while left < threshold:
                m = self._u32() * excl
                left = m & 0xFFFFFFFF
        return m >> 32

    def integers(self, low, high=None) -> int:
        """``int(rng.integers(low, high))`` (``rng.integers(low)`` draws from [0, low))."""
        if high is None:
            low, high = 0, int(low)
        else:
            low, high = int(low), int(high)
        rng = high - low - 1
        if not 0 <= rng < 0xFFFFFFFF:
            raise ValueError("Draws covers 0 < high - low < 2**32 only")
        return low + self._below(rng)

    def choice(self, a, size, replace=False) -> list:
        """``rng.choice(a, size, replace=False).tolist()`` for a whole population count ``a``."""
        if replace or not isinstance(a, int) or not 0 <= size <= a or a > 10000:
            # (numpy samples populations above 10,000 by a tail shuffle instead of Floyd's)
            raise ValueError("Draws.choice covers whole-count samples of at most 10,000 without replacement only")
        out = []
        for j in range(a - size, a):               # Floyd's sample
            v = self._below(j)
            out.append(j if v in out else v)
        for i in range(size - 1, 0, -1):           # then numpy's shuffle of it
            k = self._below(i)
            out[k], out[i] = out[i], out[k]
        return out


# ---------------------------------------------------------------------- exact lattice maths
def cross(o, a, b):
    """z of (a - o) x (b - o): > 0 for a left (counter-clockwise) turn."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def area2(pts) -> float:
    """Twice the signed area (shoelace); positive for counter-clockwise order."""
    n = len(pts)
    return sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))


def ccw(pts):
    """The polygon in counter-clockwise order."""
    return list(pts) if area2(pts) > 0 else list(pts)[::-1]


def convex_hull(points):
    """Strict convex hull (no collinear vertices), counter-clockwise (monotone chain)."""
    pts = sorted(set(tuple(p) for p in points))
    if len(pts) < 3:
        return [list(p) for p in pts]
    return [list(p) for p in _chain(pts)[:-1] + _chain(reversed(pts))[:-1]]


def _chain(seq):
    """One monotone chain of ``convex_hull``: ``cross(out[-2], out[-1], p) <= 0`` pops, written out
    (the same arithmetic in the same order, without a call per test)."""
    out = []
    for p in seq:
        px, py = p[0], p[1]
        while len(out) >= 2:
            o, a = out[-2], out[-1]
            if (a[0] - o[0]) * (py - o[1]) - (a[1] - o[1]) * (px - o[0]) <= 0:
                out.pop()
            else:
                break
        out.append(p)
    return out


def drop_collinear(pts):
    """Remove vertices whose neighbours are collinear with them."""
    out = list(pts)
    changed = True
    while changed and len(out) > 3:
        changed = False
        for i in range(len(out)):
            if cross(out[i - 1], out[i], out[(i + 1) % len(out)]) == 0:
                del out[i]
                changed = True
                break
    return out


def dist2(a, b):
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def interior_angles(pts):
    """Interior angles in degrees of a simple polygon, in the caller's vertex order."""
    n = len(pts)
    orient = 1 if area2(pts) > 0 else -1
    out = []
    for i in range(n):
        a, b, c = pts[i - 1], pts[i], pts[(i + 1) % n]
        v1 = (c[0] - b[0], c[1] - b[1])
        v2 = (a[0] - b[0], a[1] - b[1])
        # counter-clockwise angle from (c - b) to (a - b) is the interior angle of a ccw polygon
        ang = math.degrees(math.atan2(v1[0] * v2[1] - v1[1] * v2[0], v1[0] * v2[0] + v1[1] * v2[1]))
        out.append((orient * ang) % 360.0)
    return out


def is_convex(pts) -> bool:
    n = len(pts)
    signs = {(cross(pts[i - 1], pts[i], pts[(i + 1) % n]) > 0) for i in range(n)}
    return len(signs) == 1


def segments_cross(p1, p2, p3, p4) -> bool:
    """Proper or touching intersection of closed segments p1p2 and p3p4."""
    d1, d2 = cross(p3, p4, p1), cross(p3, p4, p2)
    d3, d4 = cross(p1, p2, p3), cross(p1, p2, p4)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 * d2 < 0 and d3 * d4 < 0:
        return True

    def on(a, b, c):
        return cross(a, b, c) == 0 and min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) \
            and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])

    return on(p3, p4, p1) or on(p3, p4, p2) or on(p1, p2, p3) or on(p1, p2, p4)


def is_simple(pts) -> bool:
    n = len(pts)
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        for j in range(i + 1, n):
            if j == i or (j + 1) % n == i or j == (i + 1) % n:
                continue
            if segments_cross(a, b, pts[j], pts[(j + 1) % n]):
                return False
    return True


def seg_dist(p, a, b) -> float:
    """Euclidean distance from point p to segment ab."""
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def boundary_dist(p, poly) -> float:
    return min(seg_dist(p, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))


def inside(p, poly) -> bool:
    """Even-odd point-in-polygon test (boundary points are the caller's concern)."""
    x, y = p
    res = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xc:
                res = not res
    return res


def bbox(pts):
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


# ---------------------------------------------------------------------- drawing helpers
def blend(color, base, t: float):
    """Mix ``t`` of ``color`` into ``base`` (both RGB tuples in [0, 1])."""
    return tuple(base[i] + (color[i] - base[i]) * t for i in range(3))


@dataclass(frozen=True)
class LatticeView:
    """Maps lattice coordinates (x right, y up) to logical canvas units."""

    x0: float      # pixel x of lattice x = xmin
    ytop: float    # pixel y of lattice y = ymax
    unit: float
    xmin: float = 0.0
    ymax: float = 0.0

    def px(self, x, y):
        return (self.x0 + (x - self.xmin) * self.unit, self.ytop + (self.ymax - y) * self.unit)

    def pts(self, pts):
        return [self.px(x, y) for x, y in pts]


def draw_grid(c, x0, y0, cols, rows, unit, color, lw=1.0):
    """All grid lines of a cols x rows sheet as one stroked path (much cheaper than one call per line)."""
    ctx = c.ctx
    for i in range(cols + 1):
        ctx.move_to(x0 + i * unit, y0)
        ctx.line_to(x0 + i * unit, y0 + rows * unit)
    for j in range(rows + 1):
        ctx.move_to(x0, y0 + j * unit)
        ctx.line_to(x0 + cols * unit, y0 + j * unit)
    ctx.set_source_rgb(*color)
    ctx.set_line_width(lw)
    ctx.stroke()


def label_box(c, x, y, text, *, size=15.0, bold=True, color="ink", fill="panel", id=None, pad=2.5):
    """A letter on a small filled box (keeps it legible over grid lines)."""
    w = c.text_width(text, size=size, bold=bold)
    h = size * 1.15
    c.rect(x - w / 2 - pad, y - h / 2 - pad / 2, w + 2 * pad, h + pad, fill=fill)
    return c.text(x, y, text, size=size, bold=bold, color=color, id=id)


DIAGONALS = ((1, 1), (-1, 1), (1, -1), (-1, -1), (1.3, 0), (-1.3, 0), (0, 1.3), (0, -1.3))


def place_label(p, *, points=(), segments=(), offset=0.4, bounds=None):
    """Choose a label position near lattice point ``p`` away from other points and segments.

    Returns the lattice position of the label centre.  Deterministic: ties keep the first
    direction in DIAGONALS.
    """
    best, best_score = None, -1.0
    for dx, dy in DIAGONALS:
        q = (p[0] + dx * offset, p[1] + dy * offset)
        if bounds is not None:
            x0, y0, x1, y1 = bounds
            if not (x0 <= q[0] <= x1 and y0 <= q[1] <= y1):
                continue
        score = 9.0
        for o in points:
            if o[0] == p[0] and o[1] == p[1]:
                continue
            score = min(score, math.hypot(q[0] - o[0], q[1] - o[1]))
        for a, b in segments:
            score = min(score, seg_dist(q, a, b) + 0.05)
        if score > best_score + 1e-9:
            best, best_score = q, score
    return best if best is not None else (p[0] + offset, p[1] + offset)


# ---------------------------------------------------------------------- vectorised (numpy) versions
def inside_many(points, poly):
    """Even-odd point-in-polygon for an (N, 2) array of points; boolean array."""
    import numpy as np

    p = np.asarray(points, dtype=float)
    x, y = p[:, 0], p[:, 1]
    res = np.zeros(len(p), dtype=bool)
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if y1 == y2:
            continue
        crosses = (y1 > y) != (y2 > y)
        xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
        res ^= crosses & (x < xc)
    return res


def boundary_dist_many(points, poly):
    """Distance from each of an (N, 2) array of points to the polygon's boundary."""
    import numpy as np

    p = np.asarray(points, dtype=float)
    best = np.full(len(p), np.inf)
    n = len(poly)
    for i in range(n):
        a = np.asarray(poly[i], dtype=float)
        b = np.asarray(poly[(i + 1) % n], dtype=float)
        d = b - a
        L = float(d @ d)
        t = np.clip(((p - a) @ d) / L, 0.0, 1.0) if L else np.zeros(len(p))
        proj = a + t[:, None] * d
        best = np.minimum(best, np.hypot(*(p - proj).T))
    return best
