"""geometry/shape_reference: a lattice polygon labelled "Reference" and lettered candidate
polygons on a coordinate grid; one candidate is congruent to it, similar to it, or its image
under a translation by a drawn vector, a reflection in a drawn line L or a rotation about a
marked point O.  The letters are the options, drawn in the image.

Distractors are the right shape in the wrong place (a wrong vector, line or centre), the wrong
shape in the right region (another rotation, the unreflected or rotated shape, a stretched or
rescaled copy) and, at difficulty 3, near misses (off by one unit, one vertex moved by one).
Difficulty 1 offers 4 or 6 candidates (triangles and quadrilaterals, transformations through the
axes); 2 and 3 offer 6 (quadrilaterals, then pentagons, lines y = x and y = -x, a centre off the
origin, slanted vectors).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.geometry import bbox, convex_hull, dist2, drop_collinear, rint
from tracegen.kits.plane import Plane, draw_plane

LETTERS = "ABCDEF"
CANDIDATES = {1: (4, 6), 2: (6,), 3: (6,)}
VERTICES = {1: (3, 4), 2: (4, 4), 3: (5, 5)}


# ---------------------------------------------------------------------- lattice transformations
def moved(poly, dx, dy):
    return [[x + dx, y + dy] for x, y in poly]


def rotated(poly, quarter: int, o=(0, 0)):
    """Rotated counter-clockwise by ``quarter`` quarter turns about lattice point o."""
    out = []
    for x, y in poly:
        u, v = x - o[0], y - o[1]
        for _ in range(quarter % 4):
            u, v = -v, u
        out.append([u + o[0], v + o[1]])
    return out


def reflected(poly, line):
    """Reflected in a line: ("x", k) is x = k, ("y", k) is y = k, ("d", 1) is y = x, ("d", -1) y = -x."""
    kind, k = line
    if kind == "x":
        return [[2 * k - x, y] for x, y in poly]
    if kind == "y":
        return [[x, 2 * k - y] for x, y in poly]
    return [[y, x] for x, y in poly] if k == 1 else [[-y, -x] for x, y in poly]


def scaled(poly, k):
    x0, y0 = poly[0]
    return [[x0 + (x - x0) * k, y0 + (y - y0) * k] for x, y in poly]


def vertex_set(poly):
    return frozenset(map(tuple, poly))


def _orders(poly):
    n = len(poly)
    for s in range(n):
        yield [poly[(s + i) % n] for i in range(n)]
        yield [poly[(s - i) % n] for i in range(n)]


def congruent(p, q) -> bool:
    """Same pairwise distances under some relabelling of the vertex cycle (exact integers)."""
    if len(p) != len(q):
        return False
    n = len(p)
    dp = [[dist2(p[i], p[j]) for j in range(n)] for i in range(n)]
    return any(all(dist2(r[i], r[j]) == dp[i][j] for i in range(n) for j in range(n)) for r in _orders(q))


def similar(p, q) -> bool:
    """Pairwise distances in one common ratio under some relabelling of the vertex cycle."""
    if len(p) != len(q):
        return False
    n = len(p)
    dp = [[dist2(p[i], p[j]) for j in range(n)] for i in range(n)]
    for r in _orders(q):
        dq = [[dist2(r[i], r[j]) for j in range(n)] for i in range(n)]
        if all(dq[i][j] * dp[0][1] == dp[i][j] * dq[0][1] for i in range(n) for j in range(n)):
            return True
    return False


def shape(rng, d, size):
    """A lattice polygon with the difficulty's vertex count inside a size x size box, with no
    symmetry (no quarter turn or reflection maps it onto itself), anchored at (0, 0)."""
    n = rint(rng, *VERTICES[d])
    for _ in range(200):
        pts = [(rint(rng, 0, size), rint(rng, 0, size)) for _ in range(n + 2)]
        hull = drop_collinear(convex_hull(pts))
        if len(hull) != n:
            continue
        if any(vertex_set(moved(t, *offset(hull, t))) == vertex_set(hull) for t in symmetries(hull)):
            continue
        x0, y0, _, _ = bbox(hull)
        return moved([list(p) for p in hull], -x0, -y0)
    return None


def symmetries(poly):
    return [rotated(poly, q) for q in (1, 2, 3)] + [reflected(rotated(poly, q), ("x", 0)) for q in range(4)]


def offset(target, poly):
    """The translation taking poly's bounding box corner onto target's."""
    a, b = bbox(target), bbox(poly)
    return a[0] - b[0], a[1] - b[1]


def placed(poly, box, rng):
    """The polygon translated to a random lattice spot inside box (x0, y0, x1, y1); None if it
    does not fit."""
    x0, y0, x1, y1 = bbox(poly)
    w, h = x1 - x0, y1 - y0
    if w > box[2] - box[0] or h > box[3] - box[1]:
        return None
    nx, ny = rint(rng, box[0], box[2] - w), rint(rng, box[1], box[3] - h)
    return moved(poly, nx - x0, ny - y0)


def slots(region, k):
    """k slot boxes filling region (x0, y0, x1, y1) in a grid, each with a one-unit margin."""
    x0, y0, x1, y1 = region
    cols, rows = (2, k // 2) if (y1 - y0) >= (x1 - x0) else (k // 2, 2)
    w, h = (x1 - x0) / cols, (y1 - y0) / rows
    out = []
    for i in range(k):
        c, r = i % cols, i // cols
        out.append((int(x0 + c * w) + 1, int(y0 + r * h) + 1, int(x0 + (c + 1) * w) - 1, int(y0 + (r + 1) * h) - 1))
    return out


# ---------------------------------------------------------------------- the scene
class ShapeReference(Scene):
    domain, scene_id, size = "geometry", "shape_reference", (760, 760)
    megapixels = (0.5, 0.75)
    aspect_pad = 0.12
    description = ("A reference lattice polygon and lettered candidate polygons on a coordinate grid, with a "
                   "translation vector, a reflection line L or a rotation centre O; the letters are the options.")

    def sample(self, rng, difficulty):
        ks = CANDIDATES[difficulty]
        return {"L": rint(rng, 15, 19), "k": int(ks[int(rng.integers(len(ks)))])}

    def canvas_size(self, state):
        side = int(40 * state["L"] + 60)
        side = max(700, min(800, side))
        return (side, side)

    def render(self, c, state, params):
        L = state["L"]
        pl = Plane.fit(14, 14, c.width - 28, c.height - 28, -L, L, -L, L)
        step = 5 if c.style.density == "sparse" else 2
        draw_plane(c, pl, major=5, tick_step=step, font_size=12.0)
        color = ("accent", "series:1", "series:3")[c.style.accent % 3]
        cue = state.get("cue")
        if cue:
            self.draw_cue(c, pl, cue, color)
        self.polygon(c, pl, state["reference"], "Reference", color, "reference")
        for k, poly in enumerate(state["candidates"]):
            self.polygon(c, pl, poly, LETTERS[k], color, f"cand:{LETTERS[k]}")

    @staticmethod
    def polygon(c, pl, poly, label, color, prefix):
        pts = pl.pts(poly)
        c.polygon(pts, stroke=color, lw=3.0)
        for i, (x, y) in enumerate(pts):
            c.register(f"{prefix}:{i}", point=(x, y))
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        size = 20.0 if len(label) == 1 else 18.0
        w = c.text_width(label, size=size)
        x, y = (max(xs) + 6 + w / 2, min(ys) - 2) if len(label) == 1 else ((min(xs) + max(xs)) / 2, min(ys) - 16)
        x = min(max(x, pl.box[0] + w / 2 + 4), pl.box[2] - w / 2 - 4)
        c.rect(x - w / 2 - 2, y - size * 0.6, w + 4, size * 1.2, fill="paper")
        c.text(x, y, label, size=size, color="ink", bold=len(label) == 1)

    @staticmethod
    def draw_cue(c, pl, cue, color):
        L = pl.xmax
        if cue["kind"] == "vector":
            (ax, ay), (bx, by) = pl.px(*cue["tail"]), pl.px(*cue["head"])
            c.arrow(ax, ay, bx, by, color=color, lw=3.2, head=13)
            c.circle(ax, ay, 4.0, fill=color)
        elif cue["kind"] == "line":
            kind, k = cue["line"]
            if kind == "x":
                a, b = (k, -L), (k, L)
            elif kind == "y":
                a, b = (-L, k), (L, k)
            else:
                a, b = (-L, -L * k), (L, L * k)
            (ax, ay), (bx, by) = pl.px(*a), pl.px(*b)
            c.line(ax, ay, bx, by, color=color, lw=3.0, dash=[9.0, 6.0], id="cue")
            lx, ly = pl.px(*cue["tag"])
            c.rect(lx - 9, ly - 12, 18, 24, fill="paper")
            c.text(lx, ly, "L", size=20.0, bold=True)
        else:
            ox, oy = pl.px(*cue["o"])
            c.circle(ox, oy, 5.5, fill=color, stroke="paper", lw=1.5)
            c.rect(ox + 6, oy - 30, 20, 24, fill="paper")
            c.text(ox + 16, oy - 18, "O", size=20.0, bold=True)


SCENE = ShapeReference()
task = SCENE.task


# ---------------------------------------------------------------------- building the candidates
def layout(q, build):
    """Run ``build(rng, d, L, k) -> (reference, correct, distractors, cue) | None`` in the
    state's edit, put the correct candidate at the instance's target letter and check that it
    alone passes ``build.check``.  Returns (letter, state)."""
    k = q.state["k"]
    q.offer(k, "image")
    letter = q.target(LETTERS[:k], stratified=True)
    idx = LETTERS.index(letter)

    def fn(s, rng):
        made = None
        for _ in range(30):
            made = build(rng, q.difficulty, s["L"], k)
            if made is not None:
                break
        q.require(made is not None, "no layout")
        ref, good, bad, cue = made
        cands = [list(b) for b in bad]
        cands.insert(idx, good)
        s["reference"], s["candidates"], s["cue"] = ref, cands, cue
        return s

    s = q.edit(fn)
    return letter, s


def fill(rng, region, k, good_slot_poly, variants, d):
    """Place the correct polygon (already at its position) and k - 1 distractor polygons
    (``variants(i)`` gives a shape, positioned into a free slot) so that no two overlap."""
    boxes = slots(region, k)
    free = [b for b in boxes if not overlaps(bbox(good_slot_poly), b)]
    if len(free) < k - 1:
        return None
    bad = []
    for i, box in enumerate(free[:k - 1]):
        v = variants(i)
        p = placed(v, box, rng) if v is not None else None
        if p is None:
            return None
        bad.append(p)
    return bad


def overlaps(a, b, gap=1):
    return not (a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1])


def finish(q, letter, s, question, check):
    k = len(s["candidates"])
    hits = [check(s["reference"], c) for c in s["candidates"]]
    q.require(hits == [LETTERS[i] == letter for i in range(k)], "not exactly one candidate qualifies")
    boxes = [bbox(p) for p in s["candidates"] + [s["reference"]]]
    q.require(not any(overlaps(a, b, 0) for i, a in enumerate(boxes) for b in boxes[i + 1:]), "shapes overlap")
    ids = [f"cand:{letter}:{i}" for i in range(len(s["candidates"][LETTERS.index(letter)]))]
    return q.answer(letter, witnesses=ids, question=question + " Answer with the candidate's letter.")


def near_miss(rng, poly):
    """The polygon with one vertex moved by one unit (still a simple convex polygon, else None)."""
    i = int(rng.integers(len(poly)))
    dx, dy = ((1, 0), (-1, 0), (0, 1), (0, -1))[int(rng.integers(4))]
    out = [list(p) for p in poly]
    out[i] = [out[i][0] + dx, out[i][1] + dy]
    hull = drop_collinear(convex_hull(out))
    return out if len(hull) == len(poly) and vertex_set(hull) == vertex_set(out) else None


def stretched(poly, axis):
    return [[x * 2, y] for x, y in poly] if axis == 0 else [[x, y * 2] for x, y in poly]


# ---------------------------------------------------------------------- congruent and similar
def matching(similar_task: bool):
    def build(rng, d, L, k):
        base = shape(rng, d, (rint(rng, 2, 3) if d < 3 else 3) if similar_task else rint(rng, 3, 5))
        if base is None:
            return None
        ref = placed(base, (-L + 2, -L + 2, -L + 8, L - 2), rng)
        region = (-L + 10, -L + 1, L - 1, L - 1)
        turn = lambda p: rotated(reflected(p, ("x", 0)) if rng.random() < 0.5 else p, int(rng.integers(4)))
        factor = (2, 3)[int(rng.integers(2))] if similar_task and d > 1 else 2
        good = turn(scaled(base, factor) if similar_task else base)
        box = slots(region, k)[int(rng.integers(k))]
        good = placed(good, box, rng)
        if good is None:
            return None

        def variant(i):
            kind = (("stretch", "miss", "same") if similar_task else ("scale", "miss", "stretch"))[i % 3]
            if kind == "scale":
                v = scaled(base, 2)
            elif kind == "stretch":
                v = stretched(base, int(rng.integers(2)))
            elif kind == "same":
                v = scaled(near_miss(rng, base) or base, factor) if d == 3 else stretched(scaled(base, 1), 1)
            else:
                v = near_miss(rng, scaled(base, factor) if similar_task else base)
            return None if v is None else turn(v)

        bad = fill(rng, region, k, good, variant, d)
        return None if bad is None else (ref, good, bad, None)

    return build


@task("congruent_match", answer="option_letter", annotation="point_set", ops="matching")
def congruent_match(q):
    letter, s = layout(q, matching(False))
    return finish(q, letter, s, "The figure shows a Reference polygon and lettered candidate polygons on a grid. "
                  "Which candidate has the same shape and size as the Reference (it may be turned or flipped)?",
                  congruent)


@task("similar_match", answer="option_letter", annotation="point_set", ops="matching")
def similar_match(q):
    letter, s = layout(q, matching(True))
    return finish(q, letter, s, "The figure shows a Reference polygon and lettered candidate polygons on a grid. "
                  "Which candidate has the same shape as the Reference, possibly at a different size (it may be "
                  "turned or flipped)?", lambda r, c: similar(r, c) and not congruent(r, c))


# ---------------------------------------------------------------------- transformations
def wrong_shapes(rng, base, d, extra):
    """Distractor shapes for a transformation: the image in other slots, then ``extra`` shapes
    (other transformations of the reference), and at difficulty 3 a near miss."""
    def variant(i):
        if i % 3 == 0:
            return base
        if d == 3 and i % 3 == 2:
            return near_miss(rng, base)
        return extra[(i // 3 + i) % len(extra)]
    return variant


def with_base(fn):
    """A transformation task's builder: a fresh asymmetric base shape, then ``fn``."""
    def build(rng, d, L, k):
        base = shape(rng, d, rint(rng, 3, 4))
        return None if base is None else fn(rng, d, L, k, base)
    return build


def image_slot(rng, base, region, k):
    """The base shape placed in a random slot of the candidates' region (the correct image)."""
    return placed(base, slots(region, k)[int(rng.integers(k))], rng)


@task("translation_match", answer="option_letter", annotation="point_set", ops="transformation,matching")
def translation_match(q):
    @with_base
    def build(rng, d, L, k, base):
        region = (1, -L + 1, L - 1, L - 1)
        good = image_slot(rng, base, region, k)
        if good is None:
            return None
        gx0, gy0, _, _ = bbox(good)
        dy = 0 if d == 1 else rint(rng, -4, 4) if d == 2 else rint(rng, -7, 7)
        ref = placed(base, (-L + 2, gy0 - dy, -4, gy0 - dy + 6), rng)
        if ref is None or not all(-L + 1 <= v <= L - 1 for p in ref for v in p):
            return None
        vec = (gx0 - bbox(ref)[0], gy0 - bbox(ref)[1])
        extra = [rotated(base, 1), rotated(base, 2), reflected(base, ("x", 0))]
        bad = fill(rng, region, k, good, wrong_shapes(rng, base, d, extra), d)
        if bad is None:
            return None
        cue = arrow_spot(rng, L, vec, [ref, good] + bad)
        return None if cue is None else (ref, good, bad, cue)

    letter, s = layout(q, build)
    return finish(q, letter, s, "The figure shows a Reference polygon, a translation vector (the arrow) and lettered "
                  "candidate polygons on a grid. Which candidate is the Reference moved by the vector?",
                  lambda r, c: vertex_set(moved(r, *vector(s["cue"]))) == vertex_set(c))


def vector(cue):
    return cue["head"][0] - cue["tail"][0], cue["head"][1] - cue["tail"][1]


def arrow_spot(rng, L, vec, polys):
    """A lattice tail for the vector's arrow with the whole arrow on the grid, clear of every
    polygon's box."""
    boxes = [bbox(p) for p in polys]
    for _ in range(300):
        tx, ty = rint(rng, -L + 1, L - 1), rint(rng, -L + 1, L - 1)
        hx, hy = tx + vec[0], ty + vec[1]
        if not (-L + 1 <= hx <= L - 1 and -L + 1 <= hy <= L - 1):
            continue
        steps = max(abs(vec[0]), abs(vec[1]), 1) * 2
        pts = [(tx + vec[0] * t / steps, ty + vec[1] * t / steps) for t in range(steps + 1)]
        if all(not (b[0] - 1 <= x <= b[2] + 1 and b[1] - 1 <= y <= b[3] + 1) for b in boxes for x, y in pts):
            return {"kind": "vector", "tail": [tx, ty], "head": [hx, hy]}
    return None


@task("reflection_match", answer="option_letter", annotation="point_set", ops="transformation,matching")
def reflection_match(q):
    @with_base
    def build(rng, d, L, k, base):
        line = (("x", 0), ("y", 0))[int(rng.integers(2))] if d < 3 else (("d", 1), ("d", -1), ("x", 0))[
            int(rng.integers(3))]
        region = {("x", 0): (1, -L + 1, L - 1, L - 1), ("y", 0): (-L + 1, -L + 1, L - 1, -1),
                  ("d", 1): (1, -L + 1, L - 1, -1), ("d", -1): (1, 1, L - 1, L - 1)}[tuple(line)]
        good = image_slot(rng, base, region, k)
        if good is None:
            return None
        ref = reflected(good, line)
        other = ("y", 0) if line[0] == "x" else ("x", 0)
        extra = [reflected(reflected(base, line), other), rotated(base, 2), rotated(base, 1)]
        bad = fill(rng, region, k, good, wrong_shapes(rng, base, d, [e for e in extra]), d)
        if bad is None:
            return None
        tag = {("x", 0): [0.9, L - 2], ("y", 0): [L - 2, 0.9], ("d", 1): [L - 3, L - 1.6],
               ("d", -1): [-L + 3, L - 1.6]}[tuple(line)]
        return ref, good, bad, {"kind": "line", "line": list(line), "tag": tag}

    letter, s = layout(q, build)
    q.claim("cue", line="dashed")
    return finish(q, letter, s, "The figure shows a Reference polygon, a dashed line L and lettered candidate "
                  "polygons on a grid. Which candidate is the reflection of the Reference in line L?",
                  lambda r, c: vertex_set(reflected(r, s["cue"]["line"])) == vertex_set(c))


TURNS = {1: "90° counterclockwise", 2: "180°", 3: "90° clockwise"}


@task("rotation_match", answer="option_letter", annotation="point_set", ops="transformation,matching")
def rotation_match(q):
    @with_base
    def build(rng, d, L, k, base):
        quarter = rint(rng, 1, 3)
        o = (0, 0) if d < 3 else (rint(rng, -2, 2), rint(rng, -2, 2))
        sx, sy = (1 if rng.random() < 0.5 else -1), (1 if rng.random() < 0.5 else -1)
        xs = (o[0] + 1, L - 1) if sx > 0 else (-L + 1, o[0] - 1)
        ys = (o[1] + 1, L - 1) if sy > 0 else (-L + 1, o[1] - 1)
        region = (xs[0], ys[0], xs[1], ys[1])
        if region[2] - region[0] < 12 or region[3] - region[1] < 12:
            return None
        good = image_slot(rng, base, region, k)
        if good is None:
            return None
        ref = rotated(good, -quarter, o)
        if not all(-L + 1 <= v <= L - 1 for p in ref for v in p):
            return None
        extra = [rotated(ref, q2, o) for q2 in (1, 2, 3) if q2 != quarter] + [reflected(ref, ("x", o[0]))]
        extra = [moved(e, *offset(base, e)) for e in extra]
        bad = fill(rng, region, k, good, wrong_shapes(rng, base, d, extra), d)
        if bad is None:
            return None
        return ref, good, bad, {"kind": "point", "o": list(o), "quarter": quarter}

    letter, s = layout(q, build)
    return finish(q, letter, s, "The figure shows a Reference polygon, a marked point O and lettered candidate "
                  f"polygons on a grid. Which candidate is the image of the Reference after a "
                  f"{TURNS[s['cue']['quarter']]} rotation about point O?",
                  lambda r, c: vertex_set(rotated(r, s["cue"]["quarter"], s["cue"]["o"])) == vertex_set(c))
