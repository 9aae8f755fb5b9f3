"""Circle, triangle and angle constructions: exact helpers and a declarative figure kit.

Maths (math coordinates: y up, angles in degrees, counter-clockwise): ``polar``, ``heading``,
``angle_at``, ``dist``, ``lerp``, ``foot``, ``meet`` (two lines), ``circle_line``,
``tangent_points``, ``centroid``, ``orient`` (rotate / mirror a whole figure).

Drawing (logical canvas units, y down): ``View`` fits a figure's points into a box;
``angle_mark`` (one to three arcs, or the reflex side), ``right_angle_mark``, ``equal_ticks``,
``parallel_arrows``, ``circle_arc``, ``dimension_line``, ``hatch`` (hatched even-odd region); texts go
through ``Labels`` (``kits.labels``, re-exported here), a placer that keeps every text off lines, circles,
marks, points and other texts.

``draw_figure`` draws a *figure*: a JSON-native dict a scene keeps in its state, so the state
says exactly what the picture shows (solvers in tests read it back)::

    {"pts": {"O": [0, 0], "A": [14, 0], ...},        # math coordinates (y up), to scale
     "dots": ["O", "A", "B"],                         # drawn as dots with their letter
     "circles": [[0, 0, 14]],                         # [cx, cy, r]
     "segs": [["O", "A"], ["A", "B", "thin"]],        # optional style: thick / thin / dash / hidden
     "arcs": [{"c": 0, "a": "A", "b": "B", "text": "arc AB = 78°"}],   # counter-clockwise A -> B
     "sectors": [{"o": "O", "a": "A", "b": "B"}],                      # a filled sector, O to A, A -> B
     "angles": [{"v": "O", "a": "A", "b": "B", "text": "∠AOB = 130°", "arcs": 1,
                 "reflex": False, "right": False}],
     "ticks": [["B", "D", 1]], "par": [["D", "E", 1]],                 # equal / parallel marks
     "lens": [{"a": "O", "b": "A", "text": "OA = 14"}],                # a length beside a segment
     "notes": ["AB = 98"]}                                             # a list of givens

Entities: ``pt:<name>`` (every dot, point geometry), ``seg:<a>-<b>`` (every segment, in the
order written; a ``hidden`` one is registered, not drawn: a part of a longer drawn segment),
``circle:<k>``, ``sector:<k>`` (its bounding box).  Texts are placed after all lines and marks
are known.  With ``listed`` the numeric lengths go to the list of givens instead of beside their segments (a render-only
choice: the text names the segment either way).
"""

from __future__ import annotations

import functools
import math

import cairo

from .labels import Labels, around, beside, scan, unit, wedge

# ---------------------------------------------------------------------- maths (y up, degrees)


def polar(center, r, deg):
    a = math.radians(deg)
    return (center[0] + r * math.cos(a), center[1] + r * math.sin(a))


def heading(o, p) -> float:
    """Direction of p seen from o, degrees in [0, 360)."""
    return math.degrees(math.atan2(p[1] - o[1], p[0] - o[0])) % 360.0


def angle_at(v, a, b) -> float:
    """The (non-reflex) angle a-v-b in degrees."""
    d = abs(heading(v, a) - heading(v, b)) % 360.0
    return min(d, 360.0 - d)


def dist(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def lerp(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def foot(p, a, b):
    """Foot of the perpendicular from p onto line ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)
    return (a[0] + t * dx, a[1] + t * dy)


def meet(a, b, c, d):
    """Intersection of lines ab and cd (None when parallel)."""
    x1, y1, x2, y2 = a[0], a[1], b[0], b[1]
    x3, y3, x4, y4 = c[0], c[1], d[0], d[1]
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    if abs(den) < 1e-12:
        return None
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
    return (x1 + t * (x2 - x1), y1 + t * (y2 - y1))


def circle_line(center, r, p, q):
    """Points where line pq meets the circle, ordered along p -> q."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    fx, fy = p[0] - center[0], p[1] - center[1]
    a = dx * dx + dy * dy
    b = 2 * (fx * dx + fy * dy)
    cc = fx * fx + fy * fy - r * r
    disc = b * b - 4 * a * cc
    if disc < 0:
        return []
    s = math.sqrt(disc)
    return [(p[0] + t * dx, p[1] + t * dy) for t in sorted(((-b - s) / (2 * a), (-b + s) / (2 * a)))]


def tangent_points(center, r, p):
    """The two points of contact of the tangents from an outside point p."""
    d = dist(center, p)
    base = heading(center, p)
    half = math.degrees(math.acos(r / d))
    return [polar(center, r, base + half), polar(center, r, base - half)]


def centroid(*pts):
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def orient(fig: dict, deg: float, mirror: bool = False) -> dict:
    """Rotate a figure's points and circles by ``deg`` about the origin (after an optional
    mirror in the y axis, which swaps the sense of every counter-clockwise arc)."""
    def tf(x, y):
        if mirror:
            x = -x
        a = math.radians(deg)
        return [round(x * math.cos(a) - y * math.sin(a), 6), round(x * math.sin(a) + y * math.cos(a), 6)]

    fig["pts"] = {k: tf(*p) for k, p in fig["pts"].items()}
    fig["circles"] = [tf(x, y) + [r] for x, y, r in fig.get("circles", [])]
    if mirror:
        for arc in fig.get("arcs", []) + fig.get("sectors", []):
            arc["a"], arc["b"] = arc["b"], arc["a"]
    return fig


def figure(pts: dict, **parts) -> dict:
    """An empty figure over named points (math coordinates); ``parts`` preset any section."""
    fig = {"pts": {k: [float(v[0]), float(v[1])] for k, v in pts.items()}, "dots": list(pts), "circles": [],
           "segs": [], "arcs": [], "angles": [], "lens": [], "ticks": [], "par": [], "notes": []}
    fig.update(parts)
    return fig


def pythagorean_triples(limit: int):
    """Every Pythagorean triple (a, b, c) with a < b and c <= limit (multiples included)."""
    return list(_triples(limit))


@functools.lru_cache(maxsize=None)
def _triples(limit: int):
    """``pythagorean_triples`` worked out once per limit (figure makers ask on every attempt)."""
    out = set()
    m = 2
    while m * m + 1 <= limit:
        for n in range(1, m):
            if (m - n) % 2 and math.gcd(m, n) == 1:
                a, b, c = m * m - n * n, 2 * m * n, m * m + n * n
                for k in range(1, limit // c + 1):
                    out.add((min(a, b) * k, max(a, b) * k, c * k))
        m += 1
    return tuple(sorted(out))


def build_figure(q, make):
    """A task's figure, built once in the instance's edit (``make(rng) -> (figure, facts)``, None
    to resample), then rotated and mirrored by the state's ``rot`` / ``mirror``; the state keeps
    both, so the render and a replay read them back.  Returns (figure, facts)."""
    def fn(s, rng):
        fig, facts = make(rng)
        q.require(fig is not None, "no layout")
        s["fig"] = orient(fig, s.get("rot", 0.0), s.get("mirror", False))
        s["facts"] = facts
        return s

    s = q.edit(fn)
    return s["fig"], s["facts"]


def printed_numbers(fig) -> list[float]:
    """Every number printed in a figure's texts."""
    import re

    texts = [x.get("text") or "" for key in ("angles", "arcs", "lens") for x in fig.get(key, [])]
    texts += fig.get("notes", [])
    return [float(v) for t in texts for v in re.findall(r"\d+(?:\.\d+)?", t)]


def prints(fig, value) -> bool:
    """Whether a figure's printed texts show ``value`` (a task's answer must not be printed)."""
    return any(abs(v - value) <= 1e-9 for v in printed_numbers(fig))


def rounds_cleanly(v: float, decimals: int = 1, margin: float = 0.02) -> bool:
    """``v`` is at least ``margin`` (in units of its last kept digit) from a rounding boundary, so
    a solver's floating-point error cannot flip the rounded answer."""
    x = v * 10 ** decimals
    return abs(x - math.floor(x) - 0.5) > margin


def r1(v: float) -> float:
    """``v`` cut (not rounded) to the one decimal it prints with: ``float(f"{v:.1f}")``."""
    return float(f"{v:.1f}")


def fmt(v) -> str:
    """A measurement as printed: integers without a decimal point, else one decimal."""
    v = float(v)
    return str(int(round(v))) if abs(v - round(v)) < 1e-9 else f"{v:.1f}"


def mark_color(style) -> str:
    """The colour role of a figure's angle and tick marks under a style: accent, series 1 or 3."""
    return ("accent", "series:1", "series:3")[style.accent % 3]


# ---------------------------------------------------------------------- the view (math -> canvas)
class View:
    """Uniform scale from math coordinates (y up) into a canvas box (y down)."""

    def __init__(self, k: float, ox: float, oy: float):
        self.k, self.ox, self.oy = k, ox, oy

    @classmethod
    def fit(cls, points, box, *, circles=()):
        xs = [p[0] for p in points] + [x + s * r for x, _, r in circles for s in (-1, 1)]
        ys = [p[1] for p in points] + [y + s * r for _, y, r in circles for s in (-1, 1)]
        x0, y0, x1, y1 = box
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        k = min((x1 - x0) / max(w, 1e-9), (y1 - y0) / max(h, 1e-9))
        ox = (x0 + x1) / 2 - k * (min(xs) + max(xs)) / 2
        oy = (y0 + y1) / 2 + k * (min(ys) + max(ys)) / 2
        return cls(k, ox, oy)

    def px(self, p):
        return (self.ox + self.k * p[0], self.oy - self.k * p[1])


# ---------------------------------------------------------------------- marks (canvas coordinates)
def _ang(v, p):
    return math.atan2(p[1] - v[1], p[0] - v[0])


def angle_sweep(v, a, b, *, reflex: bool = False):
    """(start, extent) in canvas radians of the angle a-v-b, interior unless ``reflex``."""
    ta, tb = _ang(v, a), _ang(v, b)
    d = (tb - ta) % (2 * math.pi)
    if (d <= math.pi) != reflex:
        return ta, d
    return tb, 2 * math.pi - d


def angle_mark(c, v, a, b, *, radius=26.0, arcs: int = 1, reflex=False, color="ink", lw=1.8):
    """One to three concentric arcs marking angle a-v-b; returns (bisector angle, outer radius)."""
    t0, ext = angle_sweep(v, a, b, reflex=reflex)
    ctx = c.ctx
    for i in range(arcs):
        r = radius + 5.0 * i
        ctx.new_sub_path()
        ctx.arc(v[0], v[1], r, t0, t0 + ext)
    c._paint(None, color, lw)
    return t0 + ext / 2, radius + 5.0 * (arcs - 1)


def _overlap(s1, s2) -> bool:
    """Do two canvas sweeps (start, extent) share more than a sliver?"""
    def inside(t, s):
        return (t - s[0]) % (2 * math.pi) < s[1]
    eps = 0.05
    return (inside(s1[0] + eps, s2) or inside(s1[0] + s1[1] - eps, s2)
            or inside(s2[0] + eps, s1) or inside(s2[0] + s2[1] - eps, s1))


def mark_radius(v, a, b, deg: float, base: float = 26.0) -> float:
    """An arc radius that stays visible for small angles but inside the shorter ray."""
    r = base if deg >= 40 else base + (40 - deg) * 0.9
    return min(r, 0.42 * min(math.dist(v, a), math.dist(v, b)))


def right_angle_mark(c, v, a, b, *, size=14.0, color="ink", lw=1.6):
    ua, ub = unit(v, a), unit(v, b)
    p1 = (v[0] + ua[0] * size, v[1] + ua[1] * size)
    p3 = (v[0] + ub[0] * size, v[1] + ub[1] * size)
    p2 = (p1[0] + ub[0] * size, p1[1] + ub[1] * size)
    c.polyline([p1, p2, p3], color=color, lw=lw)
    t0, ext = angle_sweep(v, a, b)
    return t0 + ext / 2, size * 1.45


def equal_ticks(c, a, b, n: int = 1, *, size=7.0, gap=5.0, color="ink", lw=1.6, at=0.5):
    """``n`` short strokes across segment ab (segments with the same count are equal)."""
    ux, uy = unit(a, b)
    nx, ny = -uy, ux
    m = (a[0] + (b[0] - a[0]) * at, a[1] + (b[1] - a[1]) * at)
    for i in range(n):
        s = (i - (n - 1) / 2) * gap
        cx, cy = m[0] + ux * s, m[1] + uy * s
        c.line(cx - nx * size, cy - ny * size, cx + nx * size, cy + ny * size, color=color, lw=lw)


def parallel_arrows(c, a, b, n: int = 1, *, size=8.0, gap=7.0, color="ink", lw=1.8, at=0.5):
    """``n`` chevrons on segment ab pointing to b (segments with the same count are parallel)."""
    ux, uy = unit(a, b)
    nx, ny = -uy, ux
    m = (a[0] + (b[0] - a[0]) * at, a[1] + (b[1] - a[1]) * at)
    for i in range(n):
        s = (i - (n - 1) / 2) * gap + size / 2
        tip = (m[0] + ux * s, m[1] + uy * s)
        back = (tip[0] - ux * size, tip[1] - uy * size)
        c.polyline([(back[0] + nx * size * 0.7, back[1] + ny * size * 0.7), tip,
                    (back[0] - nx * size * 0.7, back[1] - ny * size * 0.7)], color=color, lw=lw)


def circle_arc(c, center, r, a_deg, b_deg, *, color="accent", lw=4.0):
    """The arc of a circle from math angle a to b counter-clockwise (canvas y down)."""
    ctx = c.ctx
    ctx.new_sub_path()
    ctx.arc_negative(center[0], center[1], r, -math.radians(a_deg), -math.radians(b_deg))
    c._paint(None, color, lw)


def dimension_line(c, a, b, *, offset=24.0, color="ink", lw=1.6, bar=7.0):
    """A dimension line parallel to ab, ``offset`` to its left (canvas), with end bars; returns
    its midpoint and the outward unit normal (where its label goes)."""
    ux, uy = unit(a, b)
    nx, ny = uy, -ux
    p = (a[0] + nx * offset, a[1] + ny * offset)
    q = (b[0] + nx * offset, b[1] + ny * offset)
    c.line(*p, *q, color=color, lw=lw)
    for e in (p, q):
        c.line(e[0] - nx * bar, e[1] - ny * bar, e[0] + nx * bar, e[1] + ny * bar, color=color, lw=lw)
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2), (nx, ny)


def sector_path(ctx, center, r, a_deg, b_deg):
    """Trace the sector of a circle (canvas centre and radius) from math angle a to b
    counter-clockwise; returns the bounding box of the traced region."""
    cx, cy = center
    ctx.move_to(cx, cy)
    ctx.arc_negative(cx, cy, r, -math.radians(a_deg), -math.radians(b_deg))
    ctx.close_path()
    ext = (b_deg - a_deg) % 360.0 or 360.0
    xs, ys = [cx], [cy]
    for i in range(65):
        t = math.radians(a_deg + ext * i / 64)
        xs.append(cx + r * math.cos(t))
        ys.append(cy - r * math.sin(t))
    return min(xs), min(ys), max(xs), max(ys)


def hatch(c, path, box, *, color="accent", spacing=9.0, angle=45.0, lw=1.2, fill=None):
    """Fill and hatch the region ``path(ctx)`` traces (even-odd rule) inside ``box``."""
    ctx = c.ctx
    ctx.save()
    ctx.new_path()
    path(ctx)
    ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
    if fill is not None:
        ctx.set_source_rgb(*c.color(fill))
        ctx.fill_preserve()
    ctx.clip()
    x0, y0, x1, y1 = box
    t = math.radians(angle)
    dx, dy = math.cos(t), -math.sin(t)
    span = (x1 - x0) + (y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    k = -span
    while k <= span:
        px, py = cx - dy * k, cy + dx * k
        ctx.move_to(px - dx * span, py - dy * span)
        ctx.line_to(px + dx * span, py + dy * span)
        k += spacing
    ctx.set_source_rgb(*c.color(color))
    ctx.set_line_width(lw)
    ctx.stroke()
    ctx.restore()
    ctx.set_fill_rule(cairo.FILL_RULE_WINDING)


# ---------------------------------------------------------------------- the declarative figure
LABEL_SIZE = {"sparse": 18.0, "normal": 16.5, "dense": 15.0}


def _on_circle(p, circles):
    return [(x, y, r) for x, y, r in circles if abs(math.hypot(p[0] - x, p[1] - y) - r) < 1e-6 * max(r, 1.0)]


def figure_points(fig):
    """Every point a figure's drawing reaches: its named points and the rims of its sectors."""
    pts = [tuple(p) for p in fig["pts"].values()]
    for sec in fig.get("sectors", []):
        o, a, b = (fig["pts"][sec[n]] for n in "oab")
        a0, ext = heading(o, a), (heading(o, b) - heading(o, a)) % 360.0 or 360.0
        pts += [polar(o, dist(o, a), a0 + ext * i / 24) for i in range(25)]
    return pts


def draw_figure(c, fig: dict, box, *, view: View | None = None, labels: Labels | None = None,
                mark_color="accent", arc_color=None, line_w=2.4, under=None, listed=False):
    """Draw a figure (see the module docstring) fitted into ``box``; returns (view, labels) so a
    scene can add more.  ``under(c, view)`` draws before the lines (shaded regions)."""
    pts_m = fig["pts"]
    view = view or View.fit(figure_points(fig), box, circles=fig.get("circles", ()))
    P = {k: view.px(p) for k, p in pts_m.items()}
    circles = [(*view.px((x, y)), r * view.k) for x, y, r in fig.get("circles", [])]
    labels = labels or Labels(c)
    size = LABEL_SIZE.get(c.style.density, 16.5)
    arc_color = arc_color or mark_color
    if under:
        under(c, view)
    for k, sec in enumerate(fig.get("sectors", [])):
        o, a, b = (pts_m[sec[n]] for n in "oab")
        ctx = c.ctx
        r, a0, a1 = dist(o, a) * view.k, heading(o, a), heading(o, b)
        box = sector_path(ctx, view.px(o), r, a0, a1)
        tint = f"series:{sec.get('tint', 0)}"
        ctx.set_source_rgb(*[0.42 * t + 0.58 * p for t, p in zip(c.color(tint), c.color("paper"))])
        ctx.fill()
        ox, oy = view.px(o)
        circle_arc(c, (ox, oy), r, a0, a1, color=tint, lw=line_w * 1.8)
        c.register(f"sector:{k}", box=box)
        ext = (a1 - a0) % 360.0 or 360.0
        rim = [(ox + r * math.cos(math.radians(a0 + ext * i / 12)), oy - r * math.sin(math.radians(a0 + ext * i / 12)))
               for i in range(13)]
        for p, q in zip(rim, rim[1:]):
            labels.seg(p, q)
    for k, (x, y, r) in enumerate(circles):
        c.circle(x, y, r, stroke="ink", lw=line_w * 0.9, id=f"circle:{k}")
        labels.ring(x, y, r)
    arc_texts = []
    arc_colors = [arc_color, "series:3", "series:5"]
    for k, arc in enumerate(fig.get("arcs", [])):
        x, y, r = circles[arc["c"]]
        cm = fig["circles"][arc["c"]]
        a0, a1 = heading(cm, pts_m[arc["a"]]), heading(cm, pts_m[arc["b"]])
        trim = min(2.0, ((a1 - a0) % 360.0) * 0.1)
        circle_arc(c, (x, y), r, a0 + trim, a1 - trim, color=arc_colors[k % 3], lw=line_w * 2.1)
        if arc.get("text"):
            mid = math.radians(a0 + ((a1 - a0) % 360.0) / 2)
            arc_texts.append((arc["text"], (x, y), r, -mid))
    for s in fig.get("segs", []):
        a, b = P[s[0]], P[s[1]]
        style = s[2] if len(s) > 2 else "thick"
        if style == "hidden":
            c.register(f"seg:{s[0]}-{s[1]}", segment=(a, b))
            continue
        lw = {"thick": line_w, "thin": line_w * 0.6, "dash": line_w * 0.7}[style]
        c.line(*a, *b, color="ink", lw=lw, dash=[7.0, 5.0] if style == "dash" else None,
               id=f"seg:{s[0]}-{s[1]}")
        labels.seg(a, b)
    angle_texts, at_vertex = [], {}
    for an in fig.get("angles", []):
        v, a, b = P[an["v"]], P[an["a"]], P[an["b"]]
        span = angle_sweep(v, a, b, reflex=an.get("reflex", False))
        done = at_vertex.setdefault(an["v"], [])
        if an.get("right"):
            mid, rad = right_angle_mark(c, v, a, b, color=mark_color)
            done.append((span, rad))
        else:
            deg = angle_at(pts_m[an["v"]], pts_m[an["a"]], pts_m[an["b"]])
            if an.get("reflex"):
                deg = 360.0 - deg
            rad0 = mark_radius(v, a, b, deg)
            while any(abs(rad0 - r0) < 9 and _overlap(span, s0) for s0, r0 in done):
                rad0 += 11.0
            done.append((span, rad0 + 5.0 * (an.get("arcs", 1) - 1)))
            mid, rad = angle_mark(c, v, a, b, radius=rad0, arcs=an.get("arcs", 1), reflex=an.get("reflex", False),
                                  color=mark_color)
        labels.disc(v[0], v[1], rad + 1.5)
        if an.get("text"):
            angle_texts.append((an["text"], v, rad, mid, span[1]))
    for a, b, n in fig.get("ticks", []):
        equal_ticks(c, P[a], P[b], n, color="ink")
    for a, b, n in fig.get("par", []):
        parallel_arrows(c, P[a], P[b], n, color=mark_color)
    centre = centroid(*P.values())
    for name in fig.get("dots", []):
        x, y = P[name]
        c.circle(x, y, 4.2, fill="ink", id=f"pt:{name}")
        labels.disc(x, y, 6.0)
    # texts: point letters, then angles, arcs, lengths and the list of givens
    texts = []
    for name in fig.get("dots", []) + fig.get("names", []):
        p = pts_m[name]
        vec = [0.0, 0.0]
        for s in fig.get("segs", []):
            if name in s[:2]:
                o = P[s[1] if s[0] == name else s[0]]
                u = unit(P[name], o)
                vec[0] -= u[0]
                vec[1] -= u[1]
        for x, y, r in _on_circle(p, fig.get("circles", [])):
            u = unit(P[name], view.px((x, y)))
            vec[0] -= u[0]
            vec[1] -= u[1]
        if math.hypot(*vec) < 0.3:
            vec = [P[name][0] - centre[0], P[name][1] - centre[1]]
        pref = math.atan2(vec[1], vec[0]) if math.hypot(*vec) > 1e-9 else -math.pi / 2
        texts.append({"text": name, "candidates": around(*P[name], 9.0, pref), "size": size + 1.5, "bold": True})
    for text, v, rad, mid, ext in angle_texts:
        texts.append({"text": text, "candidates": wedge(v, rad + 5.0, mid, ext), "size": size, "halo": True})
    for text, (x, y), r, mid in arc_texts:
        px, py = x + (r + 8) * math.cos(mid), y + (r + 8) * math.sin(mid)
        texts.append({"text": text, "candidates": around(px, py, 4.0, mid, rings=(1.0, 2.0, 3.5, 5.0)), "size": size,
                      "halo": True})
    notes = list(fig.get("notes", []))
    for ln in fig.get("lens", []):
        if listed and "?" not in ln["text"]:
            notes.append(ln["text"])
            continue
        texts.append({"text": ln["text"], "candidates": beside(P[ln["a"]], P[ln["b"]], prefer=ln.get("side")),
                      "size": size, "halo": True})
    labels.place_all(texts)
    if notes:
        note_block(c, labels, notes, size=size)
    return view, labels


def note_block(c, labels: Labels, lines, *, size=16.0, prefer=(1.0, 0.0)):
    """A column of given measurements placed in the figure's free space."""
    gap = size * 1.55
    w = max(c.text_width(s, size=size) for s in lines)
    h = gap * len(lines)
    r = labels.spot(w, h, scan(labels.bounds, prefer=prefer), pad=8.0)
    for i, s in enumerate(lines):
        c.text(r[0] + 8, r[1] + 8 + gap * (i + 0.5), s, size=size, anchor="l")
    labels.box(r)
    return r
