"""geometry/coordinate_composite: circles, line segments and polygons drawn together on one
coordinate grid (no tick labels: the grid is for locating, not reading numbers), with lettered
candidate points for the choice tasks.

Every shape has lattice coordinates and an integer radius, so where two shapes meet is decided
exactly (``tracegen.kits.crossings``): a crossing is a proper crossing or an exact tangency,
clear of segment ends and polygon corners, and shapes that do not meet keep apart.  Tasks:
count the points where shapes of the asked kinds meet; pick the candidate on two outlines at
once; pick the candidate inside one region and outside (or above / below) another.

Difficulty: the plane grows (-6..6, -8..8, -10..10) with more shapes and, at 3, triangles
among the polygons.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, around
from tracegen.kits.crossings import boundary_gap, contains, meet, on_boundary
from tracegen.kits.geometry import pick, rint
from tracegen.kits.plane import Plane, draw_plane

RANGE = {1: 6, 2: 8, 3: 10}
SIDE = 620
LETTERS = "ABCD"
GAP = 0.45                      # a candidate off an outline keeps this far from it (lattice units)
DIRS = ((1, 0), (0, 1), (1, 0), (0, 1), (1, 1), (1, -1), (2, 1), (1, 2), (2, -1), (1, -2))


class CoordinateComposite(Scene):
    domain, scene_id, size = "geometry", "coordinate_composite", (SIDE + 40, SIDE + 40)
    megapixels = (0.28, 0.52)   # render-only: the original's square canvases of 513..768 px
    aspect_pad = 0.0
    description = ("A coordinate grid with axes carrying circles, line segments and polygons with lattice "
                   "coordinates, and for the choice tasks four lettered candidate points.")

    def sample(self, rng, difficulty):
        return {"R": RANGE[difficulty], "shapes": [], "cands": []}

    def render(self, c, state, params):
        R = state["R"]
        pl = Plane.fit(20.0, 20.0, SIDE, SIDE, -R, R, -R, R)
        draw_plane(c, pl, major=5, ticks=False)
        labels = Labels(c, pl.box)
        u = pl.unit
        for k, sh in enumerate(state["shapes"]):
            color = f"series:{sh['color']}"
            if sh["kind"] == "circle":
                x, y = pl.px(*sh["c"])
                c.circle(x, y, sh["r"] * u, stroke=color, lw=3.0, id=f"shape:{k}")
                labels.ring(x, y, sh["r"] * u)
            elif sh["kind"] == "segment":
                a, b = pl.px(*sh["a"]), pl.px(*sh["b"])
                c.line(*a, *b, color=color, lw=3.0, id=f"shape:{k}")
                labels.seg(a, b)
            else:
                pts = pl.pts(sh["pts"])
                c.polygon(pts, stroke=color, lw=3.0, id=f"shape:{k}")
                for a, b in zip(pts, pts[1:] + pts[:1]):
                    labels.seg(a, b)
        for k, p in enumerate(state.get("meets", [])):
            x, y = pl.px(*p)
            c.register(f"meet:{k}", point=(x, y), box=(x - 5, y - 5, x + 5, y + 5))
        for p in state["cands"]:
            x, y = pl.px(p["x"], p["y"])
            c.circle(x, y, 5.5, fill="red", stroke="paper", lw=1.2, id=f"pt:{p['label']}")
            labels.disc(x, y, 7.0)
        labels.place_all([{"text": p["label"], "candidates": around(*pl.px(p["x"], p["y"]), 9.0, -math.pi / 4),
                           "size": 17.0, "bold": True, "halo": True} for p in state["cands"]])


SCENE = CoordinateComposite()
task = SCENE.task


# ---------------------------------------------------------------------- random shapes
def rand_circle(rng, R, near=None):
    r = rint(rng, 2, max(2, R // 2 + 1))
    lim = R - r
    span = lim if near is None else min(lim, near)
    return {"kind": "circle", "c": [rint(rng, -span, span), rint(rng, -span, span)], "r": r}


def rand_segment(rng, R, long=False):
    for _ in range(40):
        dx, dy = pick(rng, DIRS)
        if rng.integers(2):
            dx, dy = -dx, -dy
        n = rint(rng, max(3, R // 2), 2 * R) // max(abs(dx), abs(dy), 1) if long else rint(rng, 2, R)
        ax, ay = rint(rng, -R, R), rint(rng, -R, R)
        bx, by = ax + n * dx, ay + n * dy
        if max(abs(bx), abs(by)) <= R and math.hypot(bx - ax, by - ay) >= 3:
            return {"kind": "segment", "a": [ax, ay], "b": [bx, by]}
    return {"kind": "segment", "a": [-R + 1, 0], "b": [R - 1, 0]}


def rand_polygon(rng, R, triangles=False):
    if triangles and rng.random() < 0.4:
        for _ in range(40):
            pts = [[rint(rng, -R, R), rint(rng, -R, R)] for _ in range(3)]
            a, b, c = pts
            if abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) >= 2 * R:
                return {"kind": "polygon", "pts": pts}
    w, h = rint(rng, 2, R), rint(rng, 2, R)
    x0, y0 = rint(rng, -R, R - w), rint(rng, -R, R - h)
    return {"kind": "polygon", "pts": [[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]]}


def make(rng, kind, R, d):
    if kind == "circle":
        return rand_circle(rng, R, near=R // 2 + 1)
    if kind == "segment":
        return rand_segment(rng, R)
    return rand_polygon(rng, R, triangles=d == 3)


def crossings(shapes, pair=None):
    """(points, clean): the distinct points where pairs of shapes meet (only pairs of the kinds
    ``pair`` = {kind, kind} when given) and whether the whole picture is clean -- every pair
    clean, no three shapes through one point and distinct meeting points well apart."""
    every, counted, clean = [], [], True
    for i in range(len(shapes)):
        for j in range(i + 1, len(shapes)):
            pts, ok = meet(shapes[i], shapes[j])
            clean &= ok
            every += pts
            if pair is None or sorted((shapes[i]["kind"], shapes[j]["kind"])) == sorted(pair):
                counted += pts
    for i in range(len(every)):
        for j in range(i + 1, len(every)):
            if math.dist(every[i], every[j]) < 0.7:
                clean = False
    return counted, clean


def colour(shapes, rng):
    for k, col in zip(range(len(shapes)), rng.permutation(6)):
        shapes[k]["color"] = int(col)
    return shapes


# ---------------------------------------------------------------------- intersection count
PAIRS = {"line_circle_intersection_count": ("segment", "circle"),
         "circle_circle_intersection_count": ("circle", "circle"),
         "line_polygon_intersection_count": ("segment", "polygon"),
         "circle_polygon_intersection_count": ("circle", "polygon"),
         "mixed_object_intersection_count": None}
COUNT_WHAT = {"line_circle_intersection_count": "points shared by drawn line segments and circles",
              "circle_circle_intersection_count": "points shared by pairs of drawn circles",
              "line_polygon_intersection_count": "intersection points formed by line segments meeting polygon "
                                                 "boundaries",
              "circle_polygon_intersection_count": "points shared by circles and polygon boundaries",
              "mixed_object_intersection_count": "intersection points (crossings or touches) formed by all the "
                                                 "drawn objects"}
N_SHAPES = {1: (2, 3), 2: (2, 4), 3: (3, 5)}
COUNTS = {1: range(0, 4), 2: range(0, 5), 3: range(1, 7)}


@task("intersection_point_count", answer="integer", annotation="point_set", ops="counting,spatial_relations",
      queries=tuple(PAIRS))
def intersection_point_count(q):
    pair = PAIRS[q.query_id]
    d = q.difficulty
    target = q.target(COUNTS[d], stratified=True)

    def build(s, rng):
        R = s["R"]
        lo, hi = N_SHAPES[d]
        need = list(pair) if pair else []
        for _ in range(1500):
            n = rint(rng, max(lo, len(need)), hi)
            kinds = need + [pick(rng, ("circle", "segment", "polygon")) for _ in range(n - len(need))]
            shapes = [make(rng, k, R, d) for k in kinds]
            pts, clean = crossings(shapes, pair)
            if clean and len(pts) == target:
                order = rng.permutation(len(shapes))
                s["shapes"] = colour([shapes[int(i)] for i in order], rng)
                s["meets"] = [[round(p[0], 6), round(p[1], 6)] for p in pts]
                return s
        return s

    s = q.edit(build)
    q.require(bool(s["shapes"]), "no clean layout with the target count")
    pts, clean = crossings(s["shapes"], pair)
    q.require(clean and len(pts) == len(s["meets"]), "layout changed")
    q.step("count", pair=list(pair or ()), points=s["meets"])
    return q.answer(len(pts), witnesses=[f"meet:{k}" for k in range(len(pts))],
                    question=f"The figure shows a coordinate grid with multiple geometric objects. How many visible "
                             f"{COUNT_WHAT[q.query_id]} are there?")


# ---------------------------------------------------------------------- candidates
def lattice(R):
    return [(x, y) for x in range(-R, R + 1) for y in range(-R, R + 1)]


def spread(rng, picks, taken, need):
    """Add points from ``picks`` (shuffled) that keep 1.5 units from the ``taken`` ones until
    ``need`` are taken; None when short."""
    out = list(taken)
    for i in rng.permutation(len(picks)):
        p = picks[int(i)]
        if len(out) >= need:
            break
        if all(math.dist(p, t) >= 1.5 for t in out):
            out.append(p)
    return out if len(out) >= need else None


def lettered(rng, answer, distractors, letter):
    order = [distractors[int(i)] for i in rng.permutation(len(distractors))]
    slot = LETTERS.index(letter)
    pts = order[:slot] + [answer] + order[slot:]
    return [{"label": LETTERS[i], "x": int(p[0]), "y": int(p[1])} for i, p in enumerate(pts)]


def pick_distractors(rng, groups, answer):
    """One distractor from each of (up to three) non-empty groups in a random order, then any, well
    apart from the answer and from each other."""
    taken = [answer]
    for i in rng.permutation(len(groups)):
        if len(taken) == 4:
            break
        got = spread(rng, groups[int(i)], taken, len(taken) + 1)
        if got:
            taken = got
    pool = [p for g in groups for p in g]
    taken = spread(rng, pool, taken, 4)
    return None if taken is None else taken[1:]


def choice_layout(q, letter, attempt):
    """The state of a choice task: ``attempt(R, rng)`` proposes (shapes, the answer point, groups of
    distractor points) or None; four lettered candidates are placed with the answer at ``letter``."""
    def build(s, rng):
        for _ in range(400):
            got = attempt(s["R"], rng)
            if got is None:
                continue
            shapes, X, groups = got
            others = pick_distractors(rng, groups, X)
            if others is None:
                continue
            s["shapes"] = colour(shapes, rng)
            s["cands"] = lettered(rng, X, others, letter)
            return s
        return s

    s = q.edit(build)
    q.require(len(s["cands"]) == 4, "no layout")
    return s


def choice_answer(q, s, hits, question):
    q.require(len(hits) == 1, "not exactly one candidate satisfies the condition")
    letter = hits[0]
    q.offer(len(s["cands"]), "image")
    return q.answer(letter, witnesses=f"pt:{letter}", examples=[p["label"] for p in s["cands"]],
                    question="The figure shows a coordinate grid with geometric objects and marked candidate points. "
                             + question)


# ---------------------------------------------------------------------- on two outlines
BOUNDARY = {"line_circle_boundary_point": ("circle", "segment"),
            "circle_polygon_boundary_point": ("circle", "polygon"),
            "line_polygon_boundary_point": ("segment", "polygon")}
BOUNDARY_NAME = {"circle": "the circle boundary", "segment": "the line segment", "polygon": "the polygon boundary"}


def through(rng, X, R, shape_b_kind):
    """A segment or a rectangle through lattice point X (X inside a side, not at a corner)."""
    if shape_b_kind == "segment":
        dx, dy = pick(rng, DIRS)
        m, n = rint(rng, 1, R), rint(rng, 1, R)
        a = [X[0] - m * dx, X[1] - m * dy]
        b = [X[0] + n * dx, X[1] + n * dy]
        return {"kind": "segment", "a": a, "b": b}
    w, h = rint(rng, 2, R), rint(rng, 2, R)
    side = int(rng.integers(4))
    if side in (0, 1):                          # X on the left / right side
        y0 = X[1] - rint(rng, 1, h - 1)
        x0 = X[0] if side == 0 else X[0] - w
    else:                                       # X on the bottom / top side
        x0 = X[0] - rint(rng, 1, w - 1)
        y0 = X[1] if side == 2 else X[1] - h
    return {"kind": "polygon", "pts": [[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]]}


def in_plane(shape, R):
    pts = ([shape["a"], shape["b"]] if shape["kind"] == "segment" else shape.get("pts")
           or [[shape["c"][0] + sx * shape["r"], shape["c"][1] + sy * shape["r"]] for sx in (-1, 1) for sy in (-1, 1)])
    return all(abs(v) <= R for p in pts for v in p)


@task("boundary_point_match_label", answer="option_letter", annotation="point", ops="logical_composition,"
      "spatial_relations,matching", queries=tuple(BOUNDARY))
def boundary_point_match_label(q):
    ka, kb = BOUNDARY[q.query_id]
    d = q.difficulty
    letter = q.target(LETTERS, stratified=True)
    third = ({"circle", "segment", "polygon"} - {ka, kb}).pop()

    def attempt(R, rng):
        grid = lattice(R)
        if ka == "circle":
            a = rand_circle(rng, R, near=R // 2 + 1)
            on_a = [p for p in grid if on_boundary(p, a)]
            X = pick(rng, on_a)
        else:
            a = rand_segment(rng, R, long=True)
            on_a = [p for p in grid if on_boundary(p, a)]
            X = pick(rng, on_a[1:-1] or on_a)
        b = through(rng, X, R, kb)
        shapes = [a, b]
        if d >= 2 and rng.random() < (0.5 if d == 2 else 1.0):
            shapes.append(make(rng, third, R, d))
        if not all(in_plane(sh, R) for sh in shapes) or not crossings(shapes)[1]:
            return None
        if not any(math.dist(X, p) < 1e-9 for p in meet(a, b)[0]):
            return None
        on_b = [p for p in grid if on_boundary(p, b)]
        clear = [p for p in grid if all(boundary_gap(p, sh) > GAP for sh in shapes)]
        only_a = [p for p in on_a if boundary_gap(p, b) > GAP and all(boundary_gap(p, sh) > GAP for sh in shapes[2:])]
        only_b = [p for p in on_b if boundary_gap(p, a) > GAP and all(boundary_gap(p, sh) > GAP for sh in shapes[2:])]
        near = [p for p in clear if min(boundary_gap(p, a), boundary_gap(p, b)) < 2.5]
        return (shapes, X, [only_a, only_b, near]) if only_a and only_b else None

    s = choice_layout(q, letter, attempt)
    a = next(sh for sh in s["shapes"] if sh["kind"] == ka)
    b = next(sh for sh in s["shapes"] if sh["kind"] == kb and sh is not a)
    q.require(sum(sh["kind"] == ka for sh in s["shapes"]) == 1 and sum(sh["kind"] == kb for sh in s["shapes"]) == 1,
              "a named object is not unique")
    hits = [p["label"] for p in s["cands"] if on_boundary((p["x"], p["y"]), a) and on_boundary((p["x"], p["y"]), b)]
    return choice_answer(q, s, hits, f"Which marked point lies on both {BOUNDARY_NAME[ka]} and {BOUNDARY_NAME[kb]}?")


# ---------------------------------------------------------------------- region membership
REGIONS = {"inside_circle_outside_polygon": "inside the circle and outside the polygon",
           "inside_polygon_outside_circle": "inside the polygon and outside the circle",
           "inside_circle_above_line": "inside the circle and above the line segment",
           "inside_polygon_below_line": "inside the polygon and below the line segment"}


def parts(p, circle, poly, line):
    """(inside circle, inside polygon, above line) of lattice point p."""
    return contains(p, circle), contains(p, poly), p[1] > line["a"][1]


def satisfies(qid, flags):
    c, g, up = flags
    return {"inside_circle_outside_polygon": c and not g, "inside_polygon_outside_circle": g and not c,
            "inside_circle_above_line": c and up, "inside_polygon_below_line": g and not up}[qid]


@task("region_membership_label", answer="option_letter", annotation="point", ops="spatial_relations",
      queries=tuple(REGIONS))
def region_membership_label(q):
    d = q.difficulty
    letter = q.target(LETTERS, stratified=True)

    def attempt(R, rng):
        circle = rand_circle(rng, R, near=R // 2)
        poly = rand_polygon(rng, R, triangles=d == 3)
        k = rint(rng, -R // 2, R // 2)
        line = {"kind": "segment", "a": [-R + rint(rng, 0, 1), k], "b": [R - rint(rng, 0, 1), k]}
        shapes = [circle, poly, line]
        if not crossings(shapes)[1]:
            return None
        x0, x1 = line["a"][0], line["b"][0]
        clear = [p for p in lattice(R) if all(boundary_gap(p, sh) > GAP for sh in shapes) and x0 < p[0] < x1]
        good = [p for p in clear if satisfies(q.query_id, parts(p, circle, poly, line))]
        groups = {}                                   # the failing points by which parts they fail
        for p in clear:
            if not satisfies(q.query_id, parts(p, circle, poly, line)):
                groups.setdefault(parts(p, circle, poly, line), []).append(p)
        if not good or len(groups) < 2:
            return None
        return shapes, pick(rng, good), [groups[k] for k in sorted(groups)]

    s = choice_layout(q, letter, attempt)
    circle, poly, line = ([sh for sh in s["shapes"] if sh["kind"] == k][0] for k in ("circle", "polygon", "segment"))
    hits = [p["label"] for p in s["cands"] if satisfies(q.query_id, parts((p["x"], p["y"]), circle, poly, line))]
    return choice_answer(q, s, hits, f"Which marked point is {REGIONS[q.query_id]}?")
