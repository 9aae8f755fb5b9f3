"""geometry/similar_figure_measure_transfer: two similar polygons (triangles, quadrilaterals or
pentagons) ABC... and A'B'C'..., the second turned, sometimes mirrored, with corresponding sides
marked by equal tick counts and measurement labels.  Tasks transfer a side through the linear
scale shown by a pair of labelled sides, through the scale implied by the two areas (or their
ratio), or solve for x in a side written as an expression.

Honest numbers: the first figure is a lattice polygon whose labelled sides run along directions
of whole length (axis steps and the 3-4-5 and 5-12-13 directions), so every printed length and
area is the figure's own; the second figure is that polygon scaled by the rational scale k.  The
second figure is drawn at most about twice the first's size (the prompt says the figures are not
drawn to scale).  Difficulty: triangles with whole scales; then quadrilaterals (pentagons for
areas) and fractional scales; then mirrored copies and larger polygons.
"""

from __future__ import annotations

import functools
import math
import re
from fractions import Fraction

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, around, beside, equal_ticks, scan
from tracegen.kits.geometry import Draws, area2, pick

SIZE = (820, 580)
# whole-length directions: (dx, dy, length) of one step
DIRS = [(1, 0, 1), (4, 3, 5), (3, 4, 5), (12, 5, 13), (5, 12, 13)]
DIRS = sorted({(sx * a, sy * b, n) for a, b, n in DIRS for sx in (1, -1) for sy in (1, -1)}
              | {(sx * b, sy * a, n) for a, b, n in DIRS for sx in (1, -1) for sy in (1, -1)},
              key=lambda d: math.atan2(d[1], d[0]) % (2 * math.pi))
DIRS = [d for d in DIRS if (d[0], d[1]) != (0, 0)]


class SimilarFigures(Scene):
    domain, scene_id, size = "geometry", "similar_figure_measure_transfer", SIZE
    megapixels = (0.46, 0.62)   # render-only: the original's one 820 x 580 canvas
    aspect_pad = 0.1
    description = ("Two similar polygons ABC... and A'B'C'... with tick-marked corresponding sides, side lengths, "
                   "an unknown side or an expression in x, and areas or their ratio.")

    def sample(self, rng, difficulty):
        return {"rot1": round(float(rng.uniform(-25, 25)), 2), "rot2": round(float(rng.uniform(-60, 60)), 2),
                "mirror": bool(difficulty == 3 and rng.random() < 0.6), "poly": []}

    def render(self, c, state, params):
        W, H = SIZE
        fig1 = turned(state["poly"], state["rot1"], False)
        fig2 = turned(state["poly"], state["rot2"], state["mirror"])
        vis = state["vis"]
        w1, h1 = extent(fig1)
        w2, h2 = extent(fig2)
        side_by_side = (w1 + w2 * vis) / max(h1, h2 * vis) > 0.9
        if side_by_side:
            boxes = [(60, 80, 330, 470), (370, 60, 770, 500)]
        else:
            boxes = [(230, 40, 590, 210), (150, 250, 670, 540)]
        u = min(min((b[2] - b[0]) / (w * s), (b[3] - b[1]) / (h * s))
                for b, (w, h), s in zip(boxes, ((w1, h1), (w2, h2)), (1.0, vis)))
        P1, P2 = place(fig1, boxes[0], u), place(fig2, boxes[1], u * vis)
        labels = Labels(c)
        names = state["names"]
        for k, (P, prime) in enumerate(((P1, ""), (P2, "'"))):
            c.polygon(P, stroke="ink", fill="panel", lw=2.4, id=f"fig:{k + 1}")
            for a, b in zip(P, P[1:] + P[:1]):
                labels.seg(a, b)
            for i, p in enumerate(P):
                c.register(f"pt:{names[i]}{prime}", point=p, box=(p[0] - 5, p[1] - 5, p[0] + 5, p[1] + 5))
        for m in state["marks"]:
            P = P1 if m["fig"] == 1 else P2
            a, b = P[m["i"]], P[(m["i"] + 1) % len(P)]
            equal_ticks(c, a, b, m["ticks"], color="accent")
        size = 17.0
        texts = []
        for P, prime in ((P1, ""), (P2, "'")):
            cx, cy = centroid(P)
            texts += [{"text": names[i] + prime, "candidates": around(*p, 9.0, math.atan2(p[1] - cy, p[0] - cx)),
                       "size": size, "bold": True} for i, p in enumerate(P)]
        for m in state["marks"]:
            P = P1 if m["fig"] == 1 else P2
            a, b = P[m["i"]], P[(m["i"] + 1) % len(P)]
            texts.append({"text": m["text"], "candidates": beside(a, b, gap=12.0, prefer=outward(a, b, centroid(P))),
                          "size": size, "halo": True})
        for note in state.get("notes", []):
            box = boxes[note["fig"] - 1]
            texts.append({"text": note["text"], "size": size, "halo": True,
                          "candidates": scan((box[0] - 40, box[1] - 30, box[2] + 40, box[3] + 30), prefer=(0.5, 1.0))})
        labels.place_all(texts)


SCENE = SimilarFigures()
task = SCENE.task


# ---------------------------------------------------------------------- geometry helpers
def turned(poly, deg, mirror):
    t = math.radians(deg)
    out = []
    for x, y in poly:
        if mirror:
            x = -x
        out.append((x * math.cos(t) - y * math.sin(t), x * math.sin(t) + y * math.cos(t)))
    return out


def extent(pts):
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return max(xs) - min(xs), max(ys) - min(ys)


def place(pts, box, u):
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    bx, by = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return [(bx + (x - mx) * u, by - (y - my) * u) for x, y in pts]


def centroid(P):
    return sum(p[0] for p in P) / len(P), sum(p[1] for p in P) / len(P)


def outward(a, b, cen):
    """+1 / -1: the side of segment ab (as ``beside`` counts it) away from the centre."""
    ux, uy = b[0] - a[0], b[1] - a[1]
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    return 1 if (-uy) * (mx - cen[0]) + ux * (my - cen[1]) > 0 else -1


def side_len(poly, i) -> int:
    a, b = poly[i], poly[(i + 1) % len(poly)]
    L = math.hypot(b[0] - a[0], b[1] - a[1])
    return round(L)


@functools.lru_cache(maxsize=None)
def _steps(lo, hi):
    """Each direction (dx, dy, step length) with its whole step counts [m0, m1) for sides in [lo, hi]."""
    return tuple((dx, dy, step, max(1, -(-lo // step)), max(1, hi // step) + 1) for dx, dy, step in DIRS)


def lattice_polygon(rng, n, fixed=None, lo=3, hi=20):
    """A convex lattice polygon, counter-clockwise, whose first n - 1 sides have whole lengths in
    [lo, hi] (``fixed`` = {side: length} pins some; the closing side is whatever it is); None
    when the draw fails."""
    fixed = fixed or {}
    steps = _steps(lo, hi)
    nd = len(steps)
    idx = sorted(rng.choice(nd, n - 1))
    start = int(rng.integers(nd))
    pts, x, y = [(0, 0)], 0, 0
    for i, j in enumerate(idx):
        dx, dy, step, m0, m1 = steps[(j + start) % nd]
        if i in fixed:
            if fixed[i] % step:
                return None
            m = fixed[i] // step
        else:
            m = int(rng.integers(m0, m1))       # rint(rng, m0, m1 - 1)
        x, y = x + dx * m, y + dy * m
        pts.append((x, y))
    # pts has n points: a closing point back at the start would leave n - 1
    if x == 0 and y == 0:
        return None
    poly = pts
    # every test below is pure and whole-number until the angles: the cheap ones run first
    if sum(poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1] for i in range(n)) <= 0:  # area2
        return None
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = poly[i - 2], poly[i - 1], poly[i]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) <= 0:
            return None
    # interior angles in [32, 155] (the first one out rejects)
    for i in range(n):
        a, b, c = poly[i - 1], poly[i], poly[(i + 1) % n]
        v1, v2 = (a[0] - b[0], a[1] - b[1]), (c[0] - b[0], c[1] - b[1])
        ang = math.degrees(math.acos(max(-1.0, min(1.0, (v1[0] * v2[0] + v1[1] * v2[1])
                                                   / (math.hypot(*v1) * math.hypot(*v2))))))
        if ang < 32 or ang > 155:
            return None
    sides = [math.dist(poly[i], poly[(i + 1) % n]) for i in range(n)]
    if min(sides) < 0.4 * max(sides):
        return None
    return [list(p) for p in poly]


NAMES = "ABCDE"
SHAPES = {1: (3,), 2: (4,), 3: (4, 5)}
AREA_SHAPES = {1: (3,), 2: (3, 4, 5), 3: (4, 5)}
SCALES = {1: [Fraction(k) for k in (2, 3, 4)],
          2: [Fraction(k) for k in (2, 3, 4, 5)] + [Fraction(3, 2), Fraction(5, 2), Fraction(1, 2), Fraction(1, 3)],
          3: [Fraction(3, 2), Fraction(5, 2), Fraction(4, 3), Fraction(5, 3), Fraction(2, 3), Fraction(3, 4),
              Fraction(7, 2), Fraction(6)]}


@functools.lru_cache(maxsize=None)
def reachable(d, lo, hi):
    """Whole answers k x L for the difficulty's scales k and side lengths L in 3..20, within [lo, hi]
    (a tuple, worked out once per difficulty and range: exact fractions cost about a millisecond)."""
    return tuple(sorted({int(k * L) for k in SCALES[d] for L in range(3, 21) if (k * L).denominator == 1
                   and lo <= k * L <= hi}))


def side_fits(d, answer):
    """For each of the difficulty's scales k: the side answer / k (whole when it fits), and the indices
    of the scales for which it is a whole length in 3..20.  A construction draws its scale among those:
    the same distribution as drawing any scale and rejecting the attempt when it does not fit, without
    the rejected attempts."""
    scales = SCALES[d]
    lts = [answer / k for k in scales]
    fits = [lt.denominator == 1 and 3 <= lt <= 20 for lt in lts]
    return scales, [int(lt) if ok else lt for lt, ok in zip(lts, fits)], [i for i, ok in enumerate(fits) if ok]


def setup(q, make):
    """Run the task's construction (``make(state, rng) -> bool``) in an edit; reject when it fails."""
    def fn(s, rng):
        with Draws(rng) as d:               # every draw of the constructions is a small integer draw
            for _ in range(3000):
                if make(s, d):
                    return s
        s["poly"] = []
        return s

    s = q.edit(fn)
    q.require(bool(s["poly"]), "no similar-figure layout")
    return s


def base(s, rng, n, k, fixed=None):
    poly = lattice_polygon(rng, n, fixed)
    if poly is None:
        return False
    s["poly"] = poly
    s["n"] = n
    s["k"] = [k.numerator, k.denominator]
    s["vis"] = round(min(2.0, max(1.25, float(k))) if k > 1 else 1 / min(2.0, max(1.25, float(1 / k))), 3)
    s["names"] = list(NAMES[:n])
    s["marks"], s["notes"] = [], []
    return True


def edge(names, i, prime=""):
    return names[i] + prime + names[(i + 1) % len(names)] + prime


INTRO = ("The figure shows two similar figures (not drawn to scale) with corresponding side marks and measurement "
         "labels. ")


def pair_names(names) -> str:
    return f"Figure {''.join(names)} is similar to figure {''.join(n + chr(39) for n in names)}"


# ---------------------------------------------------------------------- side through the linear scale
@task("corresponding_side_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def corresponding_side_value(q):
    d = q.difficulty
    answer = q.target(reachable(d, 8, 70), stratified=True)
    scales, lts, fits = side_fits(d, answer)

    def make(s, rng):
        n = pick(rng, SHAPES[d])
        i = pick(rng, fits)                         # a scale the answer fits (see side_fits)
        k = scales[i]
        g, t = rng.choice(n - 1, 2)
        if not base(s, rng, n, k, {t: lts[i]}):
            return False
        lt = lts[i]
        lg = side_len(s["poly"], g)
        if (k * lg).denominator != 1 or lg == lt:
            return False
        s["marks"] = [{"fig": 1, "i": g, "ticks": 1, "text": str(lg)}, {"fig": 2, "i": g, "ticks": 1,
                                                                        "text": str(int(k * lg))},
                      {"fig": 1, "i": t, "ticks": 2, "text": str(lt)}, {"fig": 2, "i": t, "ticks": 2, "text": "?"}]
        return True

    s = setup(q, make)
    g, t = s["marks"][0]["i"], s["marks"][2]["i"]
    k = Fraction(*s["k"])
    value = k * side_len(s["poly"], t)
    names = s["names"]
    ends = sorted({names[g], names[(g + 1) % s["n"]], names[t], names[(t + 1) % s["n"]]})
    wit = {nm + p: f"pt:{nm}{p}" for nm in ends for p in ("", "'")}
    q.step("scale", k=str(k))
    return q.answer(int(value), witnesses=wit,
                    question=INTRO + pair_names(names) + " (A corresponds to A', B to B', ...). What is the length "
                                     f"of {edge(names, t, chr(39))}?")


# ---------------------------------------------------------------------- side through the area scale
@task("area_scale_side_length_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("side_length_from_area_pair", "side_length_from_area_ratio"))
def area_scale_side_length_value(q):
    d = q.difficulty
    pair = q.query_id == "side_length_from_area_pair"
    answer = q.target(reachable(d, 10, 90), stratified=True)
    scales, lts, fits = side_fits(d, answer)

    def make(s, rng):
        n = pick(rng, AREA_SHAPES[d])
        i = pick(rng, fits)                         # a scale the answer fits (see side_fits)
        k = scales[i]
        t = int(rng.integers(n - 1))
        if not base(s, rng, n, k, {t: lts[i]}):
            return False
        lt = lts[i]
        a2x = abs(area2(s["poly"]))
        if a2x % 2:
            return False
        a1 = a2x // 2
        a2 = k * k * a1
        if a2.denominator != 1 or a1 > 400:
            return False
        fig1, fig2 = "".join(s["names"]), "".join(nm + "'" for nm in s["names"])
        s["marks"] = [{"fig": 1, "i": t, "ticks": 1, "text": str(lt)}, {"fig": 2, "i": t, "ticks": 1, "text": "?"}]
        if pair:
            s["notes"] = [{"fig": 1, "text": f"area of {fig1} = {a1}"},
                          {"fig": 2, "text": f"area of {fig2} = {int(a2)}"}]
        else:
            r = k * k
            s["notes"] = [{"fig": 2, "text": f"area {fig2} : area {fig1} = {r.numerator} : {r.denominator}"}]
        return True

    s = setup(q, make)
    t = s["marks"][0]["i"]
    k = Fraction(*s["k"])
    value = k * side_len(s["poly"], t)
    names = s["names"]
    ends = [names[t], names[(t + 1) % s["n"]]]
    wit = {nm + p: f"pt:{nm}{p}" for nm in ends for p in ("", "'")}
    how = "the two areas" if pair else "the area ratio"
    return q.answer(int(value), witnesses=wit,
                    question=INTRO + pair_names(names) + ". "
                                     f"Using {how} to find the scale, what is the length of {edge(names, t, chr(39))}?")


# ---------------------------------------------------------------------- x in an expression
COEFFS = {1: (1,), 2: (1, 2, 3), 3: (2, 3, 4)}


def expression(a, b) -> str:
    head = "x" if a == 1 else f"{a}x"
    return head if b == 0 else f"{head} + {b}" if b > 0 else f"{head} − {-b}"


@task("variable_value", answer="number", annotation="point_map", ops="formula_evaluation", version=2)
def variable_value(q):
    d = q.difficulty
    target = q.target(range(3, 19), stratified=True)

    def make(s, rng):
        n = pick(rng, SHAPES[d])
        k = pick(rng, SCALES[d])
        if not base(s, rng, n, k):
            return False
        g, t = rng.choice(n - 1, 2)
        lg, lt = side_len(s["poly"], g), side_len(s["poly"], t)
        if (k * lg).denominator != 1 or (k * lt).denominator != 1 or lg == lt:
            return False
        on2 = bool(rng.integers(2))                 # the expression labels the second figure's side
        value = int(k * lt) if on2 else lt
        a = pick(rng, COEFFS[d])
        b = value - a * target
        if b == 0 and a == 1 or b > 30 or b < (-15 if d == 3 else 1):
            return False
        expr = expression(a, b)
        s["marks"] = [{"fig": 1, "i": g, "ticks": 1, "text": str(lg)},
                      {"fig": 2, "i": g, "ticks": 1, "text": str(int(k * lg))},
                      {"fig": 1, "i": t, "ticks": 2, "text": expr if not on2 else str(lt)},
                      {"fig": 2, "i": t, "ticks": 2, "text": expr if on2 else str(int(k * lt))}]
        s["expr"] = {"a": a, "b": b, "fig": 2 if on2 else 1}
        # x itself is never printed (a side length or the expression's constant equal to it gives it away)
        return not any(int(n) == target for m in s["marks"] for n in re.findall(r"\d+", m["text"]))

    s = setup(q, make)
    t = s["marks"][2]["i"]
    k = Fraction(*s["k"])
    side = side_len(s["poly"], t) * (k if s["expr"]["fig"] == 2 else 1)
    x = (side - s["expr"]["b"]) / Fraction(s["expr"]["a"])
    names = s["names"]
    wit = {nm + p: f"pt:{nm}{p}" for nm in names for p in ("", "'")}
    return q.answer(float(x), witnesses=wit, rounding=1,
                    question="The figure shows two similar figures (not drawn to scale), "
                             f"{''.join(names)} and {''.join(n + chr(39) for n in names)}, with corresponding sides "
                             "marked by matching ticks and one side written as an expression in x. What is x?")
