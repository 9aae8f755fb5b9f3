"""geometry/coordinate_plane, the choice tasks: pick the lettered candidate point (or panel) that a
coordinate rule produces -- a reflection, rotation, translation, midpoint inverse, section
point, quadrilateral completion or a point in a shaded region -- and the panel whose shaded
region matches a condition.  Candidates are drawn in the image (4 to 6 of them, by
difficulty -- and per instance where the reference mixes counts -- as the reference offers
them); distractors are the rule's usual slips (the wrong axis, direction or ratio, an
off-by-one step) so they sit close to the answer.
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.kits.plane import region_contains, region_margin

from . import scene as cp

LETTERS = "ABCDEF"
task = cp.SCENE.task


def _offer(q, counts):
    """(k, letter): the option count for the difficulty and the instance's balanced answer letter
    among ``k`` options drawn in the image.  A count given as a mix, ``((4, 2), (6, 1))``, offers
    each count in proportion to its weight times its letters: (count, letter) pairs are spread
    evenly over consecutive instances (a stratified target), so the first count stays the
    majority (the original offers 4 or 6 candidates, 4 in most instances)."""
    k = counts[q.difficulty] if isinstance(counts, dict) else counts
    if isinstance(k, tuple):
        k, letter = q.target([(n, c) for n, w in k for _ in range(w) for c in LETTERS[:n]], stratified=True)
    else:
        letter = q.target(LETTERS[:k])
    q.offer(k, "image")
    return k, letter


def _cands(r, R, correct, pool, k, letter, taken=()):
    """Lettered candidates: ``correct`` under ``letter`` and k - 1 distinct in-range distractors
    (the pool's first ones preferred in a shuffled order of near slips); None when short."""
    seen = {tuple(correct)} | {tuple(t) for t in taken}
    good = []
    for p in pool:
        p = (int(p[0]), int(p[1]))
        if p not in seen and -R <= p[0] <= R and -R <= p[1] <= R:
            seen.add(p)
            good.append(p)
    if len(good) < k - 1:
        return None
    near = [good[int(i)] for i in r.permutation(min(len(good), k + 1))][:k - 1]
    slot = LETTERS.index(letter)
    pts = near[:slot] + [tuple(correct)] + near[slot:]
    return [{"label": LETTERS[i], "x": p[0], "y": p[1]} for i, p in enumerate(pts)]


def _answer(q, s, rule, question):
    """The candidate that ``rule`` yields (exactly one), with the read points declared."""
    hits = [p["label"] for p in s["cands"] if (p["x"], p["y"]) == tuple(rule)]
    q.require(len(hits) == 1, "the rule's point is not among the candidates exactly once")
    cp._reads_points(q, [(p["x"], p["y"]) for p in s["refs"] + s["cands"]])
    letters = [p["label"] for p in s["cands"]]
    return q.answer(hits[0], witnesses=f"pt:{hits[0]}", examples=letters, question=question)


def _ref(label, p, mark="square"):
    return {"label": label, "x": p[0], "y": p[1], "mark": mark}


def _built(q, build, key, what):
    """Apply the task's construction; reject the state when it found no setup (``key`` unset)."""
    s = q.edit(build)
    q.require(bool(s.get(key)), f"no {what} setup")
    return s


def _free_point(r, R, margin=1):
    return (int(r.integers(-R + margin, R - margin + 1)), int(r.integers(-R + margin, R - margin + 1)))


def _ring(p, steps=((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))):
    return [(p[0] + dx, p[1] + dy) for dx, dy in steps]


# ---------------------------------------------------------------------- reflection
OPTION_MIX = ((4, 2), (6, 1))           # 8 of 14 instances offer 4 candidates, 6 offer 6
REFLECT_OPTIONS = {1: 4, 2: OPTION_MIX, 3: 6}


@task("reflected_point_label", answer="option_letter", annotation="point", ops="transformation",
      queries=("reflect_over_vertical_line", "reflect_over_horizontal_line"))
def reflected_point_label(q):
    vertical = q.query_id == "reflect_over_vertical_line"
    k_opt, letter = _offer(q, REFLECT_OPTIONS)

    def build(s, r):
        R = s["R"]
        for _ in range(60):
            k = int(r.integers(-R + 2, R - 1))
            a, b = int(r.integers(-R, R + 1)), int(r.integers(-R + 1, R))   # a across the mirror, b along it
            a2 = 2 * k - a
            if k == 0 or a == k or not -R <= a2 <= R:
                continue
            pool = [(a2 + 1, b), (a2 - 1, b), (-a, b), (a, 2 * k - b), (k, b), (a2, b + 1), (a2, b - 1),
                    (a2 + 2, b), (a2 - 2, b), (a2, -b), (b, a2), (2 * k - b, a)]
            flip = (lambda p: p) if vertical else (lambda p: (p[1], p[0]))
            cands = _cands(r, R, flip((a2, b)), [flip(p) for p in pool], k_opt, letter, [flip((a, b))])
            if cands is None:
                continue
            P = flip((a, b))
            s.update(dots=[], cands=cands, refs=[_ref("P", P, "square")],
                     mirror={"axis": "x" if vertical else "y", "k": k},
                     note=f"reflect P over {'x' if vertical else 'y'} = {k}")
            return s
        return s

    s = _built(q, build, "mirror", "reflection")
    P, m = s["refs"][0], s["mirror"]
    img = (2 * m["k"] - P["x"], P["y"]) if m["axis"] == "x" else (P["x"], 2 * m["k"] - P["y"])
    q.step("reflect", image=list(img))
    q.claim("mirror", line="dashed")
    line = f"{m['axis']} = {m['k']}"
    return _answer(q, s, img, f"Point P is reflected over the dashed {'vertical' if vertical else 'horizontal'} "
                              f"line {line}. Which lettered point is its image P'?")


# ---------------------------------------------------------------------- rotation
ROTATE_OPTIONS = {1: 6, 2: 6, 3: 6}
TURNS = {"90 degrees counterclockwise": (0, -1, 1, 0), "90 degrees clockwise": (0, 1, -1, 0),
         "180 degrees": (-1, 0, 0, -1)}


def _turn(p, c, m):
    dx, dy = p[0] - c[0], p[1] - c[1]
    return (c[0] + m[0] * dx + m[1] * dy, c[1] + m[2] * dx + m[3] * dy)


@task("rotated_point_label", answer="option_letter", annotation="point", ops="transformation")
def rotated_point_label(q):
    k_opt, letter = _offer(q, ROTATE_OPTIONS)
    name = q.choice("rotation", sorted(TURNS))

    def build(s, r):
        R = s["R"]
        for _ in range(60):
            ctr = (0, 0) if q.difficulty == 1 or r.random() < 0.3 else _free_point(r, R, 2)
            P = _free_point(r, R)
            if P == ctr or math.dist(P, ctr) < 2:
                continue
            img = _turn(P, ctr, TURNS[name])
            others = [_turn(P, ctr, m) for n_, m in TURNS.items() if n_ != name]
            pool = others + [_turn(P, (0, 0), TURNS[name]), (2 * ctr[0] - P[0], P[1]), (P[0], 2 * ctr[1] - P[1])]
            pool += _ring(img)
            cands = _cands(r, R, img, pool, k_opt, letter, [P, ctr])
            if cands is None or not (-R <= img[0] <= R and -R <= img[1] <= R):
                continue
            cname = "O" if ctr == (0, 0) else "K"
            s.update(dots=[], cands=cands, guide=[list(P), list(ctr)],
                     refs=[_ref("P", P, "square"), _ref(cname, ctr, "dot")],
                     note=f"rotate P {name} about {cname}")
            return s
        return s

    s = _built(q, build, "guide", "rotation")
    P, C = [(p["x"], p["y"]) for p in s["refs"]]
    img = _turn(P, C, TURNS[name])
    q.step("rotate", centre=list(C), rotation=name, image=list(img))
    return _answer(q, s, img, f"Apply the rotation written in the box to point P (the centre {s['refs'][1]['label']} "
                              f"is marked). Which lettered point is the image of P?")


# ---------------------------------------------------------------------- translation
TRANSLATE_OPTIONS = {1: 6, 2: 6, 3: 6}


@task("translated_point_label", answer="option_letter", annotation="point", ops="transformation",
      queries=("translate_point", "translate_by_reference_vector"))
def translated_point_label(q):
    k_opt, letter = _offer(q, TRANSLATE_OPTIONS)
    by_vector = q.query_id == "translate_by_reference_vector"

    def build(s, r):
        R = s["R"]
        for _ in range(60):
            v = (int(r.integers(-R // 2 - 1, R // 2 + 2)), int(r.integers(-R // 2 - 1, R // 2 + 2)))
            if v[0] == 0 or v[1] == 0 or abs(v[0]) == abs(v[1]):
                continue
            P = _free_point(r, R)
            img = (P[0] + v[0], P[1] + v[1])
            pool = [(P[0] + v[1], P[1] + v[0]), (P[0] - v[0], P[1] - v[1]), (P[0] - v[0], P[1] + v[1]),
                    (P[0] + v[0], P[1] - v[1])] + _ring(img)
            refs = [_ref("P", P, "square")]
            extra = {}
            if by_vector:
                Rp = _free_point(r, R)
                S = (Rp[0] + v[0], Rp[1] + v[1])
                if not (-R <= S[0] <= R and -R <= S[1] <= R) or len({Rp, S, P, img}) < 4:
                    continue
                refs += [_ref("R", Rp, "dot"), _ref("S", S, "dot")]
                pool.insert(2, (P[0] + S[0], P[1] + S[1]))
                extra = {"vector": [list(Rp), list(S)], "note": "translate P by vector RS"}
            else:
                extra = {"note": f"translate P by ({v[0]}, {v[1]})", "shift": list(v)}
            cands = _cands(r, R, img, pool, k_opt, letter, [(p["x"], p["y"]) for p in refs])
            if cands is None or not (-R <= img[0] <= R and -R <= img[1] <= R):
                continue
            s.update(dots=[], cands=cands, refs=refs, **extra)
            return s
        return s

    s = _built(q, build, "note", "translation")
    P = (s["refs"][0]["x"], s["refs"][0]["y"])
    if by_vector:
        (ax, ay), (bx, by) = s["vector"]
        v = (bx - ax, by - ay)
    else:
        v = tuple(s["shift"])
    img = (P[0] + v[0], P[1] + v[1])
    q.step("translate", vector=list(v), image=list(img))
    what = "the vector from R to S (the arrow)" if by_vector else "the vector written in the box"
    return _answer(q, s, img, f"Point P is translated by {what}. Which lettered point is its image?")


# ---------------------------------------------------------------------- midpoint inverse
ENDPOINT_OPTIONS = {1: 5, 2: 5, 3: 6}


@task("missing_endpoint_label", answer="option_letter", annotation="point", ops="spatial_relations,formula_evaluation",
      queries=("missing_endpoint_from_midpoint", "missing_startpoint_from_midpoint"))
def missing_endpoint_label(q):
    k_opt, letter = _offer(q, ENDPOINT_OPTIONS)
    known, unknown = ("P", "Q") if q.query_id == "missing_endpoint_from_midpoint" else ("Q", "P")

    def build(s, r):
        R = s["R"]
        for _ in range(60):
            K, M = _free_point(r, R), _free_point(r, R)
            d = (M[0] - K[0], M[1] - K[1])
            X = (M[0] + d[0], M[1] + d[1])
            if d[0] == 0 or d[1] == 0 or not (-R <= X[0] <= R and -R <= X[1] <= R):
                continue
            pool = [(M[0] + d[1], M[1] + d[0]), (X[0], K[1]), (K[0], X[1]), (M[0] - d[0] // 2, M[1] + d[1]),
                    (-K[0], -K[1])] + _ring(X)
            cands = _cands(r, R, X, pool, k_opt, letter, [K, M])
            if cands is None:
                continue
            s.update(dots=[], cands=cands, guide=[list(K), list(M)], note="M is the midpoint of PQ",
                     refs=[_ref(known, K, "diamond"), _ref("M", M, "ring")])
            return s
        return s

    s = _built(q, build, "guide", "midpoint")
    K, M = [(p["x"], p["y"]) for p in s["refs"]]
    X = (2 * M[0] - K[0], 2 * M[1] - K[1])
    q.step("midpoint_inverse", known=list(K), midpoint=list(M), result=list(X))
    return _answer(q, s, X, f"M is the midpoint of segment PQ, and point {known} is plotted. Which lettered point "
                            f"is {unknown}?")


# ---------------------------------------------------------------------- section point
SECTION_G = (6, 9, 12)


@task("section_point_label", answer="option_letter", annotation="point", ops="spatial_relations,formula_evaluation",
      queries=("one_third_from_p_to_q", "two_thirds_from_p_to_q"))
def section_point_label(q):
    _, letter = _offer(q, 4)
    third = 1 if q.query_id == "one_third_from_p_to_q" else 2

    def build(s, r):
        R = s["R"]
        for _ in range(80):
            g = int(r.choice(SECTION_G))
            a, b = int(r.integers(-2, 3)), int(r.integers(-2, 3))
            if (a, b) == (0, 0) or math.gcd(a, b) != 1 or max(abs(a), abs(b)) * g > 2 * R:
                continue
            P = (int(r.integers(-R, R + 1)), int(r.integers(-R, R + 1)))
            Q = (P[0] + a * g, P[1] + b * g)
            if not (-R <= Q[0] <= R and -R <= Q[1] <= R):
                continue
            at = [(P[0] + a * j, P[1] + b * j) for j in range(1, g)]
            X = at[third * g // 3 - 1]
            mirror = at[(3 - third) * g // 3 - 1]
            half = at[g // 2 - 1]
            pool = [mirror, half] + [p for p in at if p not in (X, mirror, half)]
            if q.difficulty == 3:
                pool = [mirror] + _ring(X, ((-b, a), (b, -a))) + pool   # one step off the line
            cands = _cands(r, R, X, pool, 4, letter, [P, Q])
            if cands is None:
                continue
            s.update(dots=[], cands=cands, guide=[list(P), list(Q)],
                     refs=[_ref("P", P, "dot"), _ref("Q", Q, "dot")])
            return s
        return s

    s = _built(q, build, "guide", "section")
    P, Q = [(p["x"], p["y"]) for p in s["refs"]]
    X = (P[0] + (Q[0] - P[0]) * third // 3, P[1] + (Q[1] - P[1]) * third // 3)
    q.step("section", ratio=f"{third}/3", point=list(X))
    word = "one third" if third == 1 else "two thirds"
    return _answer(q, s, X, f"Which lettered point lies {word} of the way along segment PQ, going from P to Q?")


# ---------------------------------------------------------------------- quadrilateral completion
QUAD_OPTIONS = {1: 5, 2: 5, 3: 6}
QUADS = {"parallelogram_completion_label": "parallelogram", "rectangle_completion_label": "rectangle",
         "square_completion_label": "square", "rhombus_completion_label": "rhombus"}


def quad_kinds(pts) -> set:
    """The kinds {parallelogram, rectangle, rhombus, square} the four points form in some order."""
    out = set()
    for i, j in ((0, 1), (0, 2), (0, 3)):
        k, m = [x for x in range(4) if x not in (i, j)]
        a, b, c, d = pts[i], pts[j], pts[k], pts[m]
        if (a[0] + b[0], a[1] + b[1]) != (c[0] + d[0], c[1] + d[1]):
            continue                                   # diagonals ab, cd must share a midpoint
        u = (c[0] - a[0], c[1] - a[1])
        v = (d[0] - a[0], d[1] - a[1])
        if u[0] * v[1] - u[1] * v[0] == 0:
            continue
        rect = u[0] * v[0] + u[1] * v[1] == 0
        rhomb = u[0] ** 2 + u[1] ** 2 == v[0] ** 2 + v[1] ** 2
        out.add("parallelogram")
        if rect:
            out.add("rectangle")
        if rhomb:
            out.add("rhombus")
        if rect and rhomb:
            out.add("square")
    return out


def _sides(r, kind):
    while True:
        u = (int(r.integers(-4, 5)), int(r.integers(-4, 5)))
        if u == (0, 0):
            continue
        if kind == "square":
            return u, (-u[1], u[0])
        if kind == "rectangle":
            m = int(r.integers(2, 4))
            g = math.gcd(*u)
            v = (-u[1] // g * m, u[0] // g * m) if r.random() < 0.5 else (u[1] // g * m, -u[0] // g * m)
            if v[0] ** 2 + v[1] ** 2 != u[0] ** 2 + u[1] ** 2:
                return u, v
            continue
        v = (int(r.integers(-4, 5)), int(r.integers(-4, 5)))
        n2 = u[0] ** 2 + u[1] ** 2
        if kind == "rhombus":
            opts = [(x, y) for x in range(-5, 6) for y in range(-5, 6)
                    if x * x + y * y == n2 and x * u[0] + y * u[1] != 0 and x * u[1] - y * u[0] != 0]
            if opts:
                return u, opts[int(r.integers(len(opts)))]
            continue
        if u[0] * v[1] - u[1] * v[0] != 0 and u[0] * v[0] + u[1] * v[1] != 0 and v[0] ** 2 + v[1] ** 2 != n2:
            return u, v


@task("quadrilateral_completion_label", answer="option_letter", annotation="point", ops="spatial_relations,matching",
      queries=tuple(QUADS))
def quadrilateral_completion_label(q):
    kind = QUADS[q.query_id]
    k_opt, letter = _offer(q, QUAD_OPTIONS)

    def build(s, r):
        R = s["R"]
        for _ in range(80):
            u, v = _sides(r, kind)
            B = _free_point(r, R)
            A, C = (B[0] + u[0], B[1] + u[1]), (B[0] + v[0], B[1] + v[1])
            D = (A[0] + v[0], A[1] + v[1])
            pts = [A, B, C, D]
            if not all(-R <= p[0] <= R and -R <= p[1] <= R for p in pts):
                continue
            alt = [(A[0] + B[0] - C[0], A[1] + B[1] - C[1]), (B[0] + C[0] - A[0], B[1] + C[1] - A[1])]
            pool = ([(D[0] + 1, D[1]), (D[0], D[1] - 1)] + _ring(D)
                    + ([] if kind == "parallelogram" else alt))
            cands = _cands(r, R, D, pool, k_opt, letter, [A, B, C] + ([] if kind != "parallelogram" else alt))
            if cands is None:
                continue
            given = [A, B, C]
            order = [int(i) for i in r.permutation(3)]
            s.update(dots=[], cands=cands,
                     refs=[_ref("", given[i], "diamond") for i in order])
            return s
        return s

    s = q.edit(build)
    q.require(len(s["refs"]) == 3, "no completion setup")
    given = [(p["x"], p["y"]) for p in s["refs"]]
    hits = [(p["x"], p["y"]) for p in s["cands"] if kind in quad_kinds(given + [(p["x"], p["y"])])]
    q.require(len(hits) == 1, "the completion is not unique among the candidates")
    q.step("complete", kind=kind, point=list(hits[0]))
    for k, p in enumerate(s["refs"]):
        q.claim(f"ref:{p['label'] or k}", shape="diamond", among="")
    return _answer(q, s, hits[0], f"The three diamond-marked points are vertices of a {kind}. Which lettered point "
                                  f"is its fourth vertex?")


# ---------------------------------------------------------------------- locus regions
LOCUS_OPTIONS = {1: 4, 2: OPTION_MIX, 3: 6}
LOCUS_MARGIN = {1: 1.0, 2: 0.6, 3: 0.35}
LOCUS_QUERIES = {"circle_region_point": "disc", "annulus_region_point": "annulus",
                 "vertical_strip_region_point": "vstrip", "half_plane_intersection_region_point": "quadrant"}


def random_region(r, R, kind, *, inner=0):
    """A region of ``kind`` well inside a plane of half-range R (centres ``inner`` from the edge)."""
    if kind in ("disc", "annulus"):
        c = [int(r.integers(-R // 2, R // 2 + 1)), int(r.integers(-R // 2, R // 2 + 1))]
        if kind == "disc":
            return {"kind": "disc", "c": c, "r": int(r.integers(2, max(3, R // 2 + 2)))}
        r0 = int(r.integers(1, max(2, R // 3 + 1)))
        return {"kind": "annulus", "c": c, "r0": r0, "r1": r0 + int(r.integers(2, max(3, R // 2 + 1)))}
    if kind in ("vstrip", "hstrip"):
        a = int(r.integers(-R + 1, R - 2))
        return {"kind": kind, "a": a, "b": min(R - 1, a + int(r.integers(2, max(3, R // 2 + 1))))}
    if kind in ("hhalf", "vhalf"):
        side = ("above", "below") if kind == "hhalf" else ("right", "left")
        return {"kind": kind, "k": int(r.integers(-R + 2, R - 1)), "side": side[int(r.integers(2))]}
    return {"kind": "quadrant", "x": int(r.integers(-R + 2, R - 1)), "y": int(r.integers(-R + 2, R - 1)),
            "sx": ("right", "left")[int(r.integers(2))], "sy": ("above", "below")[int(r.integers(2))]}


@task("locus_point_label", answer="option_letter", annotation="point", ops="spatial_relations",
      queries=tuple(LOCUS_QUERIES))
def locus_point_label(q):
    k_opt, letter = _offer(q, LOCUS_OPTIONS)
    kind = LOCUS_QUERIES[q.query_id]
    gap = LOCUS_MARGIN[q.difficulty]

    def build(s, r):
        R = s["R"]
        for _ in range(40):
            reg = random_region(r, R, kind)
            grid = [(x, y) for x in range(-R, R + 1) for y in range(-R, R + 1)
                    if region_margin(reg, x, y) >= gap]
            ins = [p for p in grid if region_contains(reg, *p)]
            out = [p for p in grid if not region_contains(reg, *p)]
            if not ins or len(out) < k_opt - 1:
                continue
            X = ins[int(r.integers(len(ins)))]
            out.sort(key=lambda p: region_margin(reg, *p) + 0.15 * float(r.random()) * R)
            cands = _cands(r, R, X, out[:3 * k_opt], k_opt, letter)
            if cands is None:
                continue
            s.update(dots=[], cands=cands, region=reg)
            return s
        return s

    s = _built(q, build, "region", "region")
    hits = [(p["x"], p["y"]) for p in s["cands"] if region_contains(s["region"], p["x"], p["y"])]
    q.require(len(hits) == 1, "not exactly one candidate in the region")
    q.step("in_region", region=s["region"]["kind"], point=list(hits[0]))
    return _answer(q, s, hits[0], "Exactly one lettered point lies in the shaded region. Which one?")


# ---------------------------------------------------------------------- locus panels
PANEL_QUERIES = {"circle_inequality_panel_match": "disc", "vertical_strip_panel_match": "vstrip",
                 "horizontal_halfplane_panel_match": "hhalf", "two_inequality_panel_match": "quadrant"}


def _num(v) -> str:
    return f"−{-v}" if v < 0 else str(v)


def _shift(name, v) -> str:
    return name if v == 0 else f"({name} − {v})" if v > 0 else f"({name} + {-v})"


def same_region(a, b, R) -> bool:
    """Whether two regions shade the same part of the plane (sampled every quarter unit)."""
    g = np.arange(-4 * R - 2, 4 * R + 3) / 4.0
    x, y = np.meshgrid(g, g)
    return bool(np.array_equal(region_contains(a, x, y), region_contains(b, x, y)))


def condition_text(reg) -> str:
    k = reg["kind"]
    if k == "disc":
        a, b = reg["c"]
        return f"{_shift('x', a)}² + {_shift('y', b)}² ≤ {reg['r'] ** 2}"
    if k == "vstrip":
        return f"{_num(reg['a'])} ≤ x ≤ {_num(reg['b'])}"
    if k == "hhalf":
        return f"y {'≥' if reg['side'] == 'above' else '≤'} {_num(reg['k'])}"
    return (f"x {'≥' if reg['sx'] == 'right' else '≤'} {_num(reg['x'])} and "
            f"y {'≥' if reg['sy'] == 'above' else '≤'} {_num(reg['y'])}")


def _variants(r, reg, d, R):
    """Distractor regions: near variants of ``reg`` (difficulty 2-3) and other families."""
    k = reg["kind"]
    near = []
    if k == "disc":
        near = [dict(reg, r=reg["r"] + 1), dict(reg, r=reg["r"] - 1), dict(reg, c=[reg["c"][1], reg["c"][0]]),
                dict(reg, c=[-reg["c"][0], -reg["c"][1]]), dict(reg, c=[reg["c"][0] + 1, reg["c"][1]]),
                {"kind": "annulus", "c": reg["c"], "r0": max(1, reg["r"] - 2), "r1": reg["r"]}]
    elif k == "vstrip":
        near = [dict(reg, a=reg["a"] - 1), dict(reg, b=reg["b"] + 1), dict(reg, a=reg["a"] + 1),
                {"kind": "hstrip", "a": reg["a"], "b": reg["b"]}, dict(reg, a=-reg["b"], b=-reg["a"])]
    elif k == "hhalf":
        flip = "below" if reg["side"] == "above" else "above"
        near = [dict(reg, side=flip), dict(reg, k=reg["k"] + 1), dict(reg, k=reg["k"] - 1),
                {"kind": "vhalf", "k": reg["k"], "side": "right" if reg["side"] == "above" else "left"},
                dict(reg, k=-reg["k"])]
    else:
        near = [dict(reg, sx="left" if reg["sx"] == "right" else "right"),
                dict(reg, sy="below" if reg["sy"] == "above" else "above"), dict(reg, x=reg["y"], y=reg["x"]),
                dict(reg, x=reg["x"] + 1), dict(reg, y=reg["y"] - 1)]
    near = [v for v in near if _fits(v, R)]
    fams = [f for f in ("disc", "annulus", "vstrip", "hstrip", "hhalf", "vhalf", "quadrant") if f != k]
    far = [random_region(r, R, fams[int(r.integers(len(fams)))]) for _ in range(8)]
    order = [near[int(i)] for i in r.permutation(len(near))]
    return (order + far) if d > 1 else (far[:3] + order + far[3:])


def _fits(reg, R):
    k = reg["kind"]
    if k == "disc":
        return reg["r"] >= 1 and max(abs(v) for v in reg["c"]) + 1 <= R
    if k in ("vstrip", "hstrip"):
        return -R < reg["a"] < reg["b"] < R
    if k in ("hhalf", "vhalf"):
        return -R < reg["k"] < R
    if k == "quadrant":
        return -R < reg["x"] < R and -R < reg["y"] < R
    return True


@task("locus_panel_match_label", answer="option_letter", annotation="bbox",
      ops="comparison,logical_composition,spatial_relations,matching", queries=tuple(PANEL_QUERIES))
def locus_panel_match_label(q):
    _, letter = _offer(q, 6)
    kind = PANEL_QUERIES[q.query_id]

    def build(s, r):
        R = 3 + q.difficulty
        reg = random_region(r, R - 1, kind)
        if kind == "disc" and r.random() < 0.4 * (q.difficulty == 1):
            reg["c"] = [0, 0]
        panels = [reg]
        for v in _variants(r, reg, q.difficulty, R):
            if len(panels) < 6 and not any(same_region(v, p, R) for p in panels):
                panels.append(v)
        if len(panels) < 6:
            return s
        slot = LETTERS.index(letter)
        rest = panels[1:]
        s.update(R=R, dots=[], refs=[], cands=[], panels=rest[:slot] + [reg] + rest[slot:], condition=reg,
                 note=f"Condition: {condition_text(reg)}")
        return s

    s = _built(q, build, "panels", "panel")
    hits = [k for k, reg in enumerate(s["panels"]) if same_region(reg, s["condition"], s["R"])]
    q.require(len(hits) == 1, "the condition matches more than one panel")
    q.step("match", condition=condition_text(s["condition"]), panel=LETTERS[hits[0]])
    return q.answer(LETTERS[hits[0]], witnesses=f"panel:{hits[0]}", examples=list(LETTERS),
                    question="Which lettered panel shades exactly the region described in the condition box?")
