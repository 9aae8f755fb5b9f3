"""Text placement that keeps every text clear of a drawing: ``Labels`` and its candidate centres.

Register a drawing's obstacles (lines, rings, discs, boxes) with a ``Labels``, then ``place`` a text
(or ``place_all`` a run of them) at the first of its candidate centres, in preference order, that
touches none of them, else at the least blocked one.  Candidates come from ``around`` (rings of
directions around a point, nearest a preferred angle first), ``wedge`` (inside an angle, then
around its vertex), ``beside`` (either side of a segment) and ``scan`` (over a region); the first
three give all their centres as one numpy array.  ``kits.constructions`` draws figures with it.
"""

from __future__ import annotations

import functools
import math

import cairo


def unit(a, b):
    """The unit vector from point a to point b ((0, 0) where they coincide)."""
    d = math.dist(a, b) or 1.0
    return ((b[0] - a[0]) / d, (b[1] - a[1]) / d)


class Labels:
    """Places texts where they keep clear of everything registered so far.

    Register obstacles -- ``seg``, ``ring`` (circles and arcs), ``disc`` (dots, angle marks),
    ``box`` -- then ``place`` a text at the first of its candidate centres (in preference order)
    that touches none of them (with a ``PAD`` margin), else at the least blocked one.  Lines,
    rings and discs are rasterised once into a coarse mask whose integral image answers "is
    this box free?" in constant time; placed texts become obstacles themselves."""

    PAD = 4.0          # logical units kept clear around every obstacle
    RES = 0.5          # mask pixels per logical unit

    def __init__(self, c, bounds=None, *, margin=6.0):
        self.c = c
        b = bounds or (0.0, 0.0, c.width, c.height)
        self.bounds = (b[0] + margin, b[1] + margin, b[2] - margin, b[3] - margin)
        self.segs, self.rings, self.discs, self.boxes = [], [], [], []
        self._m = self._sat = None

    def seg(self, a, b):
        self.segs.append((tuple(a), tuple(b)))
        self._m = self._sat = None

    def ring(self, cx, cy, r):
        self.rings.append((cx, cy, r))
        self._m = self._sat = None

    def disc(self, cx, cy, r):
        self.discs.append((cx, cy, r))
        self._m = self._sat = None

    def box(self, r):
        self.boxes.append(tuple(r))

    def _mask(self):
        """Rasterise the obstacles into the coarse mask (True = taken).  The strokes of the lines and
        rings are kept per canvas size and obstacle list (a scene's fixed grid, e.g. polar graph
        paper, is stroked once); the discs are filled over a copy of them, as over the stroked
        surface itself."""
        import numpy as np

        w, h = int(self.c.width * self.RES) + 2, int(self.c.height * self.RES) + 2
        data = _strokes(w, h, self.RES, self.PAD, tuple(self.segs), tuple(self.rings))
        stride = cairo.ImageSurface.format_stride_for_width(cairo.FORMAT_A8, w)
        buf = data                        # (the cached bytes, copied only where discs are filled over them)
        if self.discs:
            buf = bytearray(data)
            surf = cairo.ImageSurface.create_for_data(buf, cairo.FORMAT_A8, w, h, stride)
            ctx = cairo.Context(surf)
            ctx.set_antialias(cairo.ANTIALIAS_FAST)
            ctx.scale(self.RES, self.RES)
            ctx.set_source_rgba(0, 0, 0, 1)
            for cx, cy, r in self.discs:
                ctx.new_sub_path()
                ctx.arc(cx, cy, r + self.PAD, 0, 2 * math.pi)
            ctx.fill()
            surf.flush()
            del ctx, surf
        self._m = np.frombuffer(buf, dtype=np.uint8).reshape(h, stride)[:, :w] > 0
        self._sat = None

    def _table(self):
        """The mask's summed-area table ((h + 1) x (w + 1) whole counts, OpenCV's ``integral``), flat,
        with what ``blocked`` reads it by: the last cell of each axis (x, y, x, y) and the matrix that
        turns a box's cells (j0, i0, j1, i1) into its four corners' flat indices (i1 j1, i1 j0, i0 j1,
        i0 j0), whose counts ``_SIGNS`` combines."""
        import cv2
        import numpy as np

        if self._m is None:
            self._mask()
        self._sat = cv2.integral(self._m.view(np.uint8), sdepth=cv2.CV_32S)
        h, w = self._sat.shape
        self._flat = self._sat.reshape(-1)
        self._top = np.array((w - 1, h - 1, w - 1, h - 1), dtype=np.intp)
        self._corners = np.array(((0, 1, 0, 1), (0, 0, w, w), (1, 0, 1, 0), (w, w, 0, 0)), dtype=np.intp)

    def blocked(self, rects):
        """How much of each box (an (n, 4) array) is taken: 0 = free, inf = outside the bounds.

        A box's count is its mask pixels (the table's cells from the whole part of its top left to
        the ceiling of its bottom right), plus 1000 per placed box it comes within ``PAD`` of."""
        import numpy as np

        r = np.asarray(rects, dtype=float).reshape(-1, 4)
        if not len(r):
            return np.zeros(0)
        lo, hi = _extent(r)
        n = self._taken(r, lo, hi)
        self._crowd(n, r, lo, hi)
        return n

    def _taken(self, r, lo, hi):
        """The mask counts of the boxes ``r`` (an (n, 4) float array), inf for those outside the bounds
        (tested box by box only where their extent ``lo``, ``hi`` leaves them): ``blocked`` before the
        placed boxes, in a few numpy calls, whose overhead is most of the time."""
        import numpy as np

        if self._sat is None:
            self._table()
        q = r * self.RES
        np.ceil(q, out=q, where=_BOTTOM_RIGHT)
        ij = q.astype(np.intp)
        np.maximum(ij, 0, out=ij)
        np.minimum(ij, self._top, out=ij)
        n = (self._flat.take(ij @ self._corners) @ _SIGNS).astype(float)
        x0, y0, x1, y1 = self.bounds
        if not (lo[0] >= x0 and lo[1] >= y0 and hi[2] <= x1 and hi[3] <= y1):
            n[(r[:, 0] < x0) | (r[:, 1] < y0) | (r[:, 2] > x1) | (r[:, 3] > y1)] = np.inf
        return n

    def _crowd(self, n, r, lo, hi):
        """Add 1000 to the counts ``n`` of the boxes ``r`` per placed box each comes within ``PAD`` of.
        Only placed boxes near the boxes' extent ``lo``, ``hi`` (``_extent``) can touch one."""
        p = self.PAD
        near = [b for b in self.boxes
                if b[0] < hi[2] + p and lo[0] < b[2] + p and b[1] < hi[3] + p and lo[1] < b[3] + p]
        if near:
            x0, y0, x1, y1 = r[:, 0], r[:, 1], r[:, 2] + p, r[:, 3] + p
            for b in near:
                n += 1000.0 * ((b[0] < x1) & (x0 < b[2] + p) & (b[1] < y1) & (y0 < b[3] + p))

    def _free(self, x0, y0, x1, y1):
        """Whether one box is free, in plain Python: the same bounds test, table counts and box
        tests as ``blocked`` (so exactly ``blocked([box])[0] == 0``); None where the two could part
        (a coordinate that is not finite)."""
        if self._m is None:
            self._mask()
        bx0, by0, bx1, by1 = self.bounds
        if x0 < bx0 or y0 < by0 or x1 > bx1 or y1 > by1:
            return False
        if not (math.isfinite(x0) and math.isfinite(y0) and math.isfinite(x1) and math.isfinite(y1)):
            return None
        k, m, p = self.RES, self._m, self.PAD
        h, w = m.shape                    # the table's cells 0..w, 0..h: its box's mask window
        j0, i0 = min(max(int(x0 * k), 0), w), min(max(int(y0 * k), 0), h)
        j1, i1 = min(max(math.ceil(x1 * k), 0), w), min(max(math.ceil(y1 * k), 0), h)
        if m[i0:i1, j0:j1].any():
            return False
        for b in self.boxes:
            if (float(b[0]) < x1 + p and x0 < float(b[2]) + p
                    and float(b[1]) < y1 + p and y0 < float(b[3]) + p):
                return False
        return True

    def spot(self, w, h, candidates, *, pad=0.0):
        """The first free box (x0, y0, x1, y1) of size w x h centred on a candidate, else the least
        blocked one."""
        import numpy as np

        # most texts fit at their first or second candidate: those are tested one by one in plain
        # Python (the same arithmetic as below); only then are all candidates tested at once (a
        # generator's rest is generated only then)
        hw, hh = float(w / 2), float(h / 2)
        cands = candidates(w, h)
        arr = cands if isinstance(cands, np.ndarray) else None   # all of them at once (``around``)
        it = iter(cands if arr is None else arr[:2])
        head = []
        for cand in it:
            head.append(cand)
            x, y = float(cand[0]), float(cand[1])
            r = (x - hw - pad, y - hh - pad, x + hw + pad, y + hh + pad)
            free = self._free(*r)
            if free:
                return tuple(float(v) for v in r)
            if free is None or len(head) == 2:
                break
        xy = np.asarray(head + list(it), dtype=float) if arr is None else arr
        half = np.array((w / 2, h / 2))
        rects = np.concatenate((xy - half - pad, xy + half + pad), axis=1)
        # the first free one (counts are never negative) else the first least blocked one
        return tuple(rects[int(self.blocked(rects).argmin())].tolist())

    def place(self, text, candidates, **style):
        """Draw ``text`` centred at the first good candidate; ``candidates(w, h)`` gives centres
        (an iterable of (x, y), or an (n, 2) array as from ``around``, ``wedge`` and ``beside``).
        ``style``: size, bold, color, halo (a background box under the text) and kind (``_text``)."""
        text, candidates, size, bold, color, halo, kind = _text(text, candidates, **style)
        w, h = self._size(text, size, bold)
        return self._draw(self.spot(w, h, candidates), text, size, bold, color, halo, kind)

    def place_all(self, texts):
        """``place`` each of ``texts`` (dicts of its arguments: text, candidates, size, ...) in turn, each
        placed text an obstacle for the next, with the same results; the candidates of all of them are
        tested against the mask at once, and each against the boxes placed before it."""
        import numpy as np

        texts = [_text(**t) for t in texts]
        if not texts:
            return []
        sizes, xys = [], []
        for text, candidates, size, bold, *_ in texts:
            w, h = self._size(text, size, bold)
            xy = candidates(w, h)
            xys.append(np.asarray(xy if isinstance(xy, np.ndarray) else list(xy), dtype=float).reshape(-1, 2))
            if not len(xys[-1]):
                raise ValueError(f"no candidate centres for the text {text!r}")
            sizes.append((w / 2, h / 2))
        counts = [len(xy) for xy in xys]
        xy = np.concatenate(xys)
        half = np.repeat(np.array(sizes), counts, axis=0)
        rects = np.concatenate((xy - half, xy + half), axis=1)
        ends = np.cumsum(counts).tolist()
        starts = [0] + ends[:-1]
        # each text's extent (for its placed boxes), and all of theirs (for the bounds)
        lo, hi = np.fmin.reduceat(rects, starts, axis=0), np.fmax.reduceat(rects, starts, axis=0)
        taken = self._taken(rects, np.fmin.reduce(lo, axis=0).tolist(), np.fmax.reduce(hi, axis=0).tolist())
        lo, hi = lo.tolist(), hi.tolist()
        out = []
        for k, (text, _, size, bold, color, halo, kind) in enumerate(texts):
            r, n = rects[starts[k]:ends[k]], taken[starts[k]:ends[k]].copy()
            self._crowd(n, r, lo[k], hi[k])
            out.append(self._draw(tuple(r[int(n.argmin())].tolist()), text, size, bold, color, halo, kind))
        return out

    def _size(self, text, size, bold):
        """The box a text is placed in: its width plus 4, and 1.25 times its size."""
        return self.c.text_width(text, size=size, bold=bold) + 4, size * 1.25

    def _draw(self, r, text, size, bold, color, halo, kind):
        """Draw a text in its placed box ``r`` (on a background halo) and keep the box clear."""
        c = self.c
        x, y = (r[0] + r[2]) / 2, (r[1] + r[3]) / 2
        if halo:
            c.rect(r[0] - 1, r[1] - 1, r[2] - r[0] + 2, r[3] - r[1] + 2, fill="background")
        c.text(x, y, text, size=size, bold=bold, color=color, kind=kind)
        self.box(r)
        return r


def _text(text, candidates, *, size=16.0, bold=False, color="ink", halo=False, kind="label"):
    """A text to place, its candidates and how it is drawn (``Canvas.text``'s size, weight, colour and
    kind, on a background box with ``halo``): ``place``'s arguments, with their defaults, in order."""
    return text, candidates, size, bold, color, halo, kind


def _extent(r):
    """The least and greatest of each column of the boxes ``r`` among their numbers (NaN is skipped:
    it compares false in every test), as lists."""
    import numpy as np

    return np.fmin.reduce(r, axis=0).tolist(), np.fmax.reduce(r, axis=0).tolist()


_BOTTOM_RIGHT = (False, False, True, True)   # ``Labels._taken``: the box coordinates rounded up
_SIGNS = (1, -1, -1, 1)                      # a box's count from its corners' (i1 j1, i1 j0, i0 j1, i0 j0)


@functools.lru_cache(maxsize=32)
def _strokes(w: int, h: int, res: float, pad: float, segs: tuple, rings: tuple) -> bytes:
    """The A8 bytes of a w x h mask with the lines and rings stroked ``pad`` wide (``Labels._mask``), on
    cairo's 4x4 coverage grid like the image (a pixel is taken when any of its 16 samples is: 2.5 times
    faster than the fine grid, whose extra pixels at the edges were covered by less than a sixteenth)."""
    surf = cairo.ImageSurface(cairo.FORMAT_A8, w, h)
    ctx = cairo.Context(surf)
    ctx.set_antialias(cairo.ANTIALIAS_FAST)
    ctx.scale(res, res)
    ctx.set_source_rgba(0, 0, 0, 1)
    ctx.set_line_cap(cairo.LINE_CAP_ROUND)
    ctx.set_line_width(2 * pad + 2.0)
    for a, b in segs:
        ctx.move_to(*a)
        ctx.line_to(*b)
    for cx, cy, r in rings:
        ctx.new_sub_path()
        ctx.arc(cx, cy, r, 0, 2 * math.pi)
    ctx.stroke()
    surf.flush()
    return bytes(surf.get_data())


class _Rays:
    """Candidate centres along fixed directions: for a w x h box, (x + ux d, y + uy d) with
    d = dk + |ux| w / 2 + |uy| h / 2 (the box's clearance ``dk`` from (x, y) along each direction),
    distance by distance and direction by direction, as an (n, 2) array.  ``units`` are the directions'
    cosines and sines (``_units``), worked out once; the boxes' clearances per call in numpy (the same
    operations in the same order)."""

    def __init__(self, x, y, dks, units):
        import numpy as np

        self.x, self.y = x, y
        self.ux, self.uy, self.ax, self.ay = units
        self.dks = np.array(dks, dtype=float)[:, None]

    def __call__(self, w, h):
        import numpy as np

        d = self.dks + self.ax * w / 2 + self.ay * h / 2
        out = np.empty(d.shape + (2,))
        out[..., 0] = self.x + self.ux * d
        out[..., 1] = self.y + self.uy * d
        return out.reshape(-1, 2)


def around(x, y, dist, pref: float, *, steps: int = 16, rings=(1.0, 1.6, 2.4)):
    """Candidate centres for a w x h text around (x, y): first towards canvas angle ``pref``.

    Like every candidate function, ``around(...)(w, h)`` gives the centres in preference order; this
    one (like ``wedge`` and ``beside``) as one (n, 2) array, which ``Labels.spot`` tests all at once."""
    dirs = tuple(sorted(range(steps), key=lambda i: abs(((2 * math.pi * i / steps) - pref + math.pi)
                                                        % (2 * math.pi) - math.pi)))
    return _Rays(x, y, [dist * k for k in rings], _around_units(steps, dirs))


def _units(angles) -> tuple:
    """(cos, sin, |cos|, |sin|) arrays of ``angles`` (``math``'s cosines and sines)."""
    import numpy as np

    u = np.array([(math.cos(t), math.sin(t)) for t in angles], dtype=float).reshape(-1, 2)
    return u[:, 0], u[:, 1], np.abs(u[:, 0]), np.abs(u[:, 1])


@functools.lru_cache(maxsize=256)
def _around_units(steps: int, dirs: tuple) -> tuple:
    """``_units`` of ``around``'s directions in one preference order: a text's preferred angle picks one
    of a few dozen orders of the ``steps`` directions, so labels share them (the arrays are only read)."""
    units = _units([2 * math.pi * i / steps for i in dirs])
    for a in units:
        a.flags.writeable = False
    return units


def wedge(v, dist, mid, ext):
    """Candidate centres for an angle's text: along its bisector inside the angle first, then
    fanning out, then all around the vertex."""
    import numpy as np

    fan = [0.0] + [s * f * ext for f in (0.15, 0.3, 0.42) for s in (1, -1)]
    inside = _Rays(v[0], v[1], [dist + k for k in (0.0, 8.0, 18.0, 32.0, 50.0)], _units([mid + dt for dt in fan]))
    rest = around(v[0], v[1], dist, mid, rings=(1.0, 1.6, 2.4, 3.4))

    def gen(w, h):
        return np.concatenate((inside(w, h), rest(w, h)))
    return gen


def beside(a, b, *, gap=10.0, slide=(0.5, 0.35, 0.65, 0.22, 0.78), prefer=None):
    """Candidate centres beside segment ab, on either side (``prefer`` = +1/-1 first): an (n, 2) array."""
    import numpy as np

    ux, uy = unit(a, b)
    nx, ny = -uy, ux
    sides = (1, -1) if prefer != -1 else (-1, 1)
    mids = np.array([(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in slide], dtype=float)
    normal = np.array([(s * nx, s * ny) for s in sides], dtype=float)

    def gen(w, h):
        ax, ay = abs(nx) * w / 2, abs(ny) * h / 2
        d = np.array([gap + extra + ax + ay for extra in (0.0, 10.0, 24.0)])
        return (mids[None, :, None, :] + normal[None, None, :, :] * d[:, None, None, None]).reshape(-1, 2)
    return gen


def scan(bounds, *, prefer=(1.0, 0.0), step=22.0):
    """Candidate centres over a region, nearest the preferred relative spot (0..1, 0..1) first."""
    x0, y0, x1, y1 = bounds

    def gen(w, h):
        pts = []
        nx = max(1, int((x1 - x0 - w) / step))
        ny = max(1, int((y1 - y0 - h) / step))
        for i in range(nx + 1):
            for j in range(ny + 1):
                x = x0 + w / 2 + (x1 - x0 - w) * i / nx
                y = y0 + h / 2 + (y1 - y0 - h) * j / ny
                pts.append((abs(i / nx - prefer[0]) + abs(j / ny - prefer[1]), x, y))
        pts.sort()
        for _, x, y in pts:
            yield x, y
    return gen


# ---------------------------------------------------------------------- the declarative figure
