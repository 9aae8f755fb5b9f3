"""geometry/graph_paper, the measuring tasks: a slope, an area, a perimeter, a circumference or an
ellipse's area read off the grid for one figure, and the labelled-extremum tasks that compare
six lettered figures (areas, perimeters, segment lengths, angles).  Difficulty grows the sheet
and the figures and, for the extremum tasks, brings the runner-up closer to the answer.
"""

from __future__ import annotations

import math
from functools import lru_cache

from tracegen.kits.geometry import area2, dist2, interior_angles

from . import scene as gp
from .shapes import BOX, _key, _norm, _transform, angle_deg, make_angle, make_box_shape, make_segment, pick

task = gp.SCENE.task
UNIT_NOTE = gp.UNIT_NOTE
_single, _vertex_ids, _read_items = gp._single, gp._vertex_ids, gp._read_items
LETTERS = "ABCDEF"


# ====================================================================== labelled extremum tasks
GAP = {1: 0.25, 2: 0.1, 3: 0.0}       # least relative lead of the extreme over the runner-up
CLOSE = {3: 0.25}                     # at difficulty 3 the runner-up is this close at most


def _labelled(q, make):
    """Six figures from ``make`` in six slots, lettered A-F; None items make the state fail."""

    def build(s, r):
        kx, ky = gp.LAYOUT[q.difficulty]
        slots = sorted(int(v) for v in r.choice(kx * ky, size=6, replace=False))
        items = [make(r, s, sl) for sl in slots]
        if all(it is not None for it in items):
            for i, it in enumerate(items):
                it["label"] = LETTERS[i]
            s["items"] = items
        return s

    s = q.edit(build)
    q.require(all(it.get("label") for it in s["items"]) and len(s["items"]) == 6, "a figure did not fit")
    return s["items"]


def _extreme(q, values, largest):
    """The index of the unique extreme value, with the difficulty's lead over the runner-up; the
    figures' letters are then permuted so the answer letter is the instance's balanced target."""
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=largest)
    best, second = values[order[0]], values[order[1]]
    lead = abs(best - second) / max(abs(best), 1e-9)
    q.require(lead > 1e-6, "tied extreme")
    q.require(lead >= GAP[q.difficulty] and lead <= CLOSE.get(q.difficulty, 9.0), "lead outside the difficulty's range")
    k = order[0]
    want = q.target(LETTERS)

    def swap(s, r):
        items = s["items"]
        j = next(i for i, it in enumerate(items) if it["label"] == want)
        items[j]["label"], items[k]["label"] = items[k]["label"], items[j]["label"]
        return s

    q.edit(swap)
    q.offer(6, "image")
    return k


def _ask(q, k, witness, question):
    items = q.state["items"]            # after the letters were permuted
    _read_items(q, items)
    return q.answer(items[k]["label"], witnesses=witness, examples=list(LETTERS), question=question)


def _box_measure(fam, area):
    def measure(it):
        (x0, y0), (x1, y1) = [min(p[0] for p in it["pts"]), min(p[1] for p in it["pts"])], \
                             [max(p[0] for p in it["pts"]), max(p[1] for p in it["pts"])]
        a, b = x1 - x0, y1 - y0
        if area:
            return a * b if fam == "rectangle" else a * b / 2
        return 2 * (a + b) if fam == "rectangle" else a + b + math.hypot(a, b)

    return measure


def _box_family(q):
    fam = q.choice("shape_family", ["rectangle", "right_triangle"])

    def make(r, s, sl):
        a, b = int(r.integers(1, BOX + 1)), int(r.integers(1, BOX + 1))
        if a * b < 3:
            a, b = a + 1, b + 1
        return make_box_shape(r, s, sl, fam, a, b)

    return fam, make


@task("area_extremum_label", answer="option_letter", annotation="bbox", ops="ranking,formula_evaluation",
      queries=("largest", "smallest"))
def area_extremum_label(q):
    fam, make = _box_family(q)
    items = _labelled(q, make)
    areas = [_box_measure(fam, True)(it) for it in items]
    k = _extreme(q, areas, q.query_id == "largest")
    q.step("areas", values=areas, chosen=k)
    noun = "rectangle" if fam == "rectangle" else "right triangle"
    return _ask(q, k, f"shape:{k}", f"{UNIT_NOTE} Which lettered {noun} has the {q.query_id} area?")


@task("perimeter_extremum_label", answer="option_letter", annotation="bbox", ops="ranking,formula_evaluation",
      queries=("largest", "smallest"))
def perimeter_extremum_label(q):
    fam, make = _box_family(q)
    items = _labelled(q, make)
    per = [_box_measure(fam, False)(it) for it in items]
    k = _extreme(q, per, q.query_id == "largest")
    q.step("perimeters", values=[round(v, 3) for v in per], chosen=k)
    noun = "rectangle" if fam == "rectangle" else "right triangle"
    return _ask(q, k, f"shape:{k}", f"{UNIT_NOTE} Which lettered {noun} has the {q.query_id} perimeter?")


@task("length_extremum_label", answer="option_letter", annotation="segment", ops="ranking,formula_evaluation",
      queries=("largest", "smallest"))
def length_extremum_label(q):
    items = _labelled(q, make_segment)
    lens = [math.sqrt(dist2(*it["pts"])) for it in items]
    k = _extreme(q, lens, q.query_id == "largest")
    q.step("lengths", values=[round(v, 3) for v in lens], chosen=k)
    word = "longest" if q.query_id == "largest" else "shortest"
    return _ask(q, k, f"seg:{k}", f"{UNIT_NOTE} Which lettered line segment is the {word}?")


def _angle_with_label(r, s, sl):
    it = make_angle(r, s, sl, 15.0, 165.0)
    if it is None:
        return None
    a, v, b = it["pts"]
    # the letter sits behind the vertex, opposite the bisector (clear of both arms)
    ua = (a[0] - v[0], a[1] - v[1])
    ub = (b[0] - v[0], b[1] - v[1])
    na, nb = math.hypot(*ua), math.hypot(*ub)
    bx, by = ua[0] / na + ub[0] / nb, ua[1] / na + ub[1] / nb
    L = math.hypot(bx, by) or 1.0
    it["label_at"] = [round(v[0] - 0.75 * bx / L, 4), round(v[1] - 0.75 * by / L, 4)]
    return it


@task("angle_extremum_label", answer="option_letter", annotation="point", ops="ranking,formula_evaluation",
      queries=("largest", "smallest"))
def angle_extremum_label(q):
    items = _labelled(q, _angle_with_label)
    degs = [angle_deg(*it["pts"]) for it in items]
    k = _extreme(q, degs, q.query_id == "largest")
    q.step("angles", degrees=[round(d, 2) for d in degs], chosen=k)
    return _ask(q, k, f"v:{k}:1", f"Which lettered angle (marked by an arc at its vertex) has the "
                                        f"{q.query_id} measure?")


# ====================================================================== one figure on the sheet
# run of the slope's lowest terms and the steepest slope; level 2: the original's slopes (-2..2.5, runs 1-5)
SLOPE_DENS = {1: (1, 2), 2: (1, 2, 3, 4, 5), 3: (1, 2, 3, 4, 5)}
SLOPE_MAX = {1: 2, 2: 2.5, 3: 4}


@task("line_slope_value", answer="number", annotation="segment", ops="formula_evaluation")
def line_slope_value(q):
    # rising and falling lines in even shares (a stratified target); level 2 draws no flat line, as the original
    sign = q.target((-1, 1), stratified=True)

    def pts(r, s):
        W, H = s["cols"] - 2, s["rows"] - 2
        while True:
            den = pick(r, SLOPE_DENS[q.difficulty])
            top = int(SLOPE_MAX[q.difficulty] * den)
            num = sign * int(r.integers(1 if q.difficulty == 2 else 0, top + 1))
            if math.gcd(num, den) != 1 or (num == 0 and r.random() < 0.7):
                continue
            ms = [m for m in range(1, 20) if den * m <= W and abs(num) * m <= H and den * m >= 2]
            if ms:
                break
        m = pick(r, ms)
        run, rise = den * m, num * m
        x0 = 1 + int(r.integers(0, W - run + 1))
        y0 = 1 + int(r.integers(max(0, -rise), H - max(0, rise) + 1))
        return [[x0, y0], [x0 + run, y0 + rise]] if r.random() < 0.5 else [[x0 + run, y0 + rise], [x0, y0]]

    it = _single(q, pts, kind="seg")
    _read_items(q, [it])
    (ax, ay), (bx, by) = it["pts"]
    slope = (by - ay) / (bx - ax)
    q.step("rise_over_run", rise=by - ay, run=bx - ax)
    return q.answer(slope, witnesses="seg:0", rounding=2,
                    question=(f"{UNIT_NOTE} The x axis runs to the right and the y axis runs up. "
                              f"What is the slope of the drawn line segment?"))


def _fits(local, W, H) -> bool:
    return max(p[0] for p in local) <= W and max(p[1] for p in local) <= H


def _on_sheet(r, local, W, H):
    """The local polygon, counter-clockwise, at a random offset that keeps it on the W x H sheet."""
    if area2(local) < 0:
        local = local[::-1]
    room_x, room_y = W - max(p[0] for p in local), H - max(p[1] for p in local)
    ox, oy = 1 + int(r.integers(0, room_x + 1)), 1 + int(r.integers(0, room_y + 1))
    return [[p[0] + ox, p[1] + oy] for p in local]


def _one_polygon(q, build):
    """A rectangle, triangle or parallelogram from ``build(r, state, family, difficulty)`` on the sheet."""
    fam = q.choice("shape_family", ["rectangle", "triangle", "parallelogram"])
    it = _single(q, lambda r, s: build(r, s, fam, q.difficulty))
    _read_items(q, [it])
    return fam, it


# the measured polygon's size; level 2 is the original's: rectangles and parallelograms of sides
# (base, height) 3..6, triangles within 8 squares (areas 6..25), perimeters 12..24
AREA_SIDES = {1: (2, 5), 2: (3, 6), 3: (2, 99)}
TRIANGLE_SPAN = {1: 6, 2: 8, 3: 99}
PERIMETER_SPAN = {1: 6, 2: 8, 3: 99}


def _area_polygon(r, s, fam, d):
    W, H = s["cols"] - 2, s["rows"] - 2
    lo, hi = AREA_SIDES[d]
    span = TRIANGLE_SPAN[d] if fam == "triangle" else hi + 6          # a parallelogram's shear adds width
    sw, sh_ = min(W, span), min(H, span)
    while True:
        if fam == "rectangle":
            if d == 3 and r.random() < 0.5:
                a, b = int(r.integers(1, 4)), int(r.integers(1, 4))
                m = int(r.integers(1, 4))
                u, v = (a, b), (-b * m, a * m)
                local = _norm([[0, 0], list(u), [u[0] + v[0], u[1] + v[1]], list(v)])
            else:
                w, h = int(r.integers(lo, min(hi, W) + 1)), int(r.integers(lo, min(hi, H) + 1))
                local = [[0, 0], [w, 0], [w, h], [0, h]]
        elif fam == "parallelogram":
            b, h = int(r.integers(lo, min(8, hi) + 1)), int(r.integers(lo, min(hi, H) + 1))
            sh = int(r.integers(-6, 7))
            if sh == 0:
                continue
            local = _norm([[0, 0], [b, 0], [b + sh, h], [sh, h]])
            if d == 3 and r.random() < 0.5:
                local = [[y, x] for x, y in local][::-1]
        else:
            if d == 1:
                b, h = int(r.integers(2, min(10, sw) + 1)), int(r.integers(2, sh_ + 1))
                apex = int(r.integers(-3, b + 4))
                local = _norm([[0, 0], [b, 0], [apex, h]])
            else:
                local = [[int(r.integers(0, min(12, sw) + 1)), int(r.integers(0, sh_ + 1))] for _ in range(3)]
                axis = sum(local[i][0] == local[i - 1][0] or local[i][1] == local[i - 1][1] for i in range(3))
                if (d == 2 and axis != 1) or (d == 3 and axis != 0):
                    continue
                local = _norm(local)
            if abs(area2(local)) % 2 or min(interior_angles(local)) < 15:
                continue
        if _fits(local, sw, sh_) and abs(area2(local)) >= (6 if d == 1 else 12):     # area 3 (level 1) or 6
            break
    return _on_sheet(r, local, W, H)


@task("polygon_area_value", answer="integer", annotation="point_set", ops="formula_evaluation")
def polygon_area_value(q):
    fam, it = _one_polygon(q, _area_polygon)
    a2 = abs(area2(it["pts"]))
    q.require(a2 % 2 == 0, "area not an integer")
    q.step("shoelace", doubled_area=a2)
    return q.answer(a2 // 2, witnesses=_vertex_ids(0, it),
                    question=f"{UNIT_NOTE} What is the area of the {fam} drawn on the graph paper, in square units?")




@lru_cache(maxsize=1)
def _int_vectors():
    """Lattice vectors of integer length with components up to 23: axis vectors and Pythagorean ones."""
    out = set()
    for x in range(-23, 24):
        for y in range(-23, 24):
            if (x, y) != (0, 0) and math.isqrt(x * x + y * y) ** 2 == x * x + y * y:
                out.add((x, y))
    return sorted(out)


@lru_cache(maxsize=1)
def _int_triangles():
    """Lattice triangles (normalised) whose three sides all have integer length."""
    vecs = _int_vectors()
    vs = set(vecs)
    seen, out = set(), []
    for a in vecs:
        for b in vecs:
            if a[0] * b[1] - a[1] * b[0] <= 0:
                continue
            c = (-a[0] - b[0], -a[1] - b[1])
            if c not in vs:
                continue
            pts = _norm([[0, 0], list(a), [a[0] + b[0], a[1] + b[1]]])
            key = _key(pts)
            if key in seen or min(interior_angles(pts)) < 18:
                continue
            seen.add(key)
            axis = sum(v[0] == 0 or v[1] == 0 for v in (a, b, c))
            out.append((pts, axis))
    return out


def _perimeter_polygon(r, s, fam, d):
    W, H = s["cols"] - 2, s["rows"] - 2
    sw, sh_ = min(W, PERIMETER_SPAN[d]), min(H, PERIMETER_SPAN[d])
    pyth = [v for v in _int_vectors() if v[0] != 0 and v[1] != 0 and abs(v[0]) <= sw and abs(v[1]) <= sh_]
    while True:
        if fam == "rectangle":
            if d == 3 and r.random() < 0.5:
                u = pick(r, pyth)
                m = int(r.integers(1, 3))
                g = math.gcd(abs(u[0]), abs(u[1]))
                v = (-u[1] // g * m, u[0] // g * m)     # perpendicular, length m * |u| / g (an integer)
                local = _norm([[0, 0], list(u), [u[0] + v[0], u[1] + v[1]], list(v)])
            else:
                w, h = int(r.integers(2, sw + 1)), int(r.integers(2, sh_ + 1))
                local = [[0, 0], [w, 0], [w, h], [0, h]]
        elif fam == "parallelogram":
            u = pick(r, pyth)
            if d == 3 and r.random() < 0.5:
                v = pick(r, pyth)
            else:
                b = int(r.integers(2, min(10, sw) + 1))
                v = (b, 0) if r.random() < 0.6 else (0, b)
            cr = u[0] * v[1] - u[1] * v[0]
            if cr == 0 or u[0] * v[0] + u[1] * v[1] == 0:
                continue
            local = _norm([[0, 0], list(u), [u[0] + v[0], u[1] + v[1]], list(v)])
        else:
            tris = _int_triangles()
            pts, axis = pick(r, tris)
            if d == 1 and axis < 2:
                continue
            local = _transform(pts, r)
        if _fits(local, sw, sh_) and min(interior_angles(local)) >= 15:
            break
    return _on_sheet(r, local, W, H)


@task("polygon_perimeter_value", answer="integer", annotation="point_set", ops="formula_evaluation")
def polygon_perimeter_value(q):
    fam, it = _one_polygon(q, _perimeter_polygon)
    pts = it["pts"]
    sides = []
    for i in range(len(pts)):
        d2 = dist2(pts[i], pts[(i + 1) % len(pts)])
        root = math.isqrt(d2)
        q.require(root * root == d2, "side of non-integer length")
        sides.append(root)
    q.step("side_lengths", sides=sides)
    return q.answer(sum(sides), witnesses=_vertex_ids(0, it),
                    question=f"{UNIT_NOTE} What is the perimeter of the {fam} drawn on the graph paper, in units?")



CIRCLE_R = {1: (2, 4), 2: (2, 6), 3: (3, 8)}


def _round_figure(q, rx_ry, decoy):
    """One circle or ellipse centred on a grid point of the sheet, and at difficulty 3 a decoy
    of the other kind beside it."""

    def build(s, r):
        W, H = s["cols"], s["rows"]
        rx, ry = rx_ry(r, (W - 2) // 2, (H - 2) // 2)
        cx, cy = int(r.integers(rx + 1, W - rx)), int(r.integers(ry + 1, H - ry))
        s["items"] = [{"kind": "ellipse", "slot": -1, "c": [cx, cy], "rx": rx, "ry": ry}]
        if q.difficulty == 3:
            dx, dy = decoy(r, 9, 9)
            spots = [(x, y) for x in range(dx + 1, W - dx) for y in range(dy + 1, H - dy)
                     if abs(x - cx) >= rx + dx + 1 or abs(y - cy) >= ry + dy + 1]
            if spots:
                x, y = spots[int(r.integers(len(spots)))]
                s["items"].append({"kind": "ellipse", "slot": -1, "c": [x, y], "rx": dx, "ry": dy})
        return s

    s = q.edit(build)
    q.require(len(s["items"]) == (2 if q.difficulty == 3 else 1), "no room for the decoy")
    return s["items"][0]


@task("circle_circumference_value", answer="string", annotation="bbox", ops="formula_evaluation")
def circle_circumference_value(q):
    lo, hi = CIRCLE_R[q.difficulty]

    def radii(r, mx, my):
        k = int(r.integers(lo, min(hi, mx, my) + 1))
        return k, k

    def ellipse(r, mx, my):
        a = int(r.integers(1, 4))
        return a, a + int(r.integers(1, 3))

    it = _round_figure(q, radii, ellipse)
    rad = q.reads(it["rx"])
    q.step("circumference", radius=rad, result=f"{2 * rad}π")
    return q.answer(f"{2 * rad}π", witnesses="shape:0", examples=[f"{2 * k}π" for k in range(2, 10) if k != rad],
                    question=(f"{UNIT_NOTE} Using the radius read from the grid, what is the exact circumference of "
                              f"the circle?"),
                    hint="Write the answer as a multiple of π, like 8π.")


@task("ellipse_area_value", answer="string", annotation="bbox", ops="formula_evaluation")
def ellipse_area_value(q):
    lo, hi = CIRCLE_R[q.difficulty]
    # the area a*b (unequal semi-axes up to hi), spread evenly over the products
    ab = q.target(sorted({a * b for a in range(1, hi + 1) for b in range(1, hi + 1) if a != b}), stratified=True)

    def radii(r, mx, my):
        pairs = [(a, ab // a) for a in range(1, min(hi, mx) + 1)
                 if ab % a == 0 and ab // a != a and ab // a <= min(hi, my)]
        q.require(bool(pairs), "no semi-axes on this sheet give the target area")
        return pick(r, pairs)

    def circle(r, mx, my):
        k = int(r.integers(1, 4))
        return k, k

    it = _round_figure(q, radii, circle)
    a, b = q.reads(it["rx"], it["ry"])
    q.step("ellipse_area", semi_axes=[a, b], result=f"{a * b}π")
    return q.answer(f"{a * b}π", witnesses="shape:0", examples=[f"{k}π" for k in (6, 12, 20) if k != a * b],
                    question=(f"{UNIT_NOTE} Using the semi-axes read from the grid, what is the exact area of the "
                              f"ellipse (the oval that is not a circle)?"),
                    hint="Write the answer as a multiple of π, like 12π.")
