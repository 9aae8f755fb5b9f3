"""geometry/composite_shape: a shaded composite shape with lettered corners -- a house-shaped
pentagon, an L profile, a rectangle with tabs, a rectangle with a semicircular cap or bite, a
rectangle with a quarter-circle or triangular corner cut, a circular sector -- drawn to scale and
turned at random, with right-angle squares, equal-length ticks and its measurements listed (or
written beside their sides: a render-only choice); one area, perimeter, length or angle is asked.

Difficulty 1 gives every measurement the formula needs (as the reference does); 2 the
reference's ranges with one measurement replaced by one that needs a step (a part from the
whole side, a side from its equal-tick partner, the arc from its radius); 3 larger numbers,
more pieces (two cuts, two tabs) and two such steps.  The printed numbers never include the
answer.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, figure, fmt, printed_numbers, pythagorean_triples
from tracegen.kits.geometry import pick, rint
from tracegen.kits.outlines import draw_outlined

SIZE = (820, 580)
TRIPLES = pythagorean_triples(120)


def clean(v: float) -> bool:
    """Far enough from a rounding boundary at one decimal."""
    x = v * 10
    return abs(x - math.floor(x) - 0.5) > 0.03


class CompositeShape(Scene):
    domain, scene_id, size = "geometry", "composite_shape", SIZE
    megapixels = (0.45, 0.68)   # render-only image area: the original draws its one 820x580 canvas
    description = ("A shaded composite shape with lettered corners (house pentagon, L profile, tabbed rectangle, "
                   "rectangle with a semicircle or a cut corner, circular sector), drawn to scale with right-angle "
                   "squares, equal-length ticks and its measurements listed; one measure is asked.")

    def sample(self, rng, difficulty):
        tilt = float(rng.uniform(-35, 35)) if rng.random() < 0.5 else 0.0
        return {"rot": round(tilt, 3), "mirror": bool(rng.integers(2))}

    def render(self, c, state, params):
        fig = state["fig"]
        listed = c.style.accent % 3 != 0
        right = 250.0 if listed else 60.0
        draw_outlined(c, fig, (60, 50, c.width - right, c.height - 50), listed=listed,
                      mark_color=("ink", "series:1", "accent")[c.style.accent % 3])


SCENE = CompositeShape()
task = SCENE.task


# ---------------------------------------------------------------------- figure pieces
def corners(fig, *names):
    """Right-angle squares at the named corners of a closed outline listed in order."""
    n = len(names)
    for i, v in enumerate(names):
        fig["squares"].append([v, names[i - 1], names[(i + 1) % n]])


def sides(fig, names, *, hide=()):
    """Hidden segments along an outline (they guide the letters and carry the ids)."""
    n = len(names)
    for i in range(n):
        a, b = names[i], names[(i + 1) % n]
        if (a, b) not in hide:
            fig["segs"].append([a, b, "hidden"])


def given(fig, a, b, value, name=None):
    fig["lens"].append({"a": a, "b": b, "text": f"{name or a + b} = {fmt(value)}"})


def shape(pts, path, *, names=None, tint=0, edge="thick", dots=()):
    fig = figure(pts)
    fig["dots"] = list(dots)
    fig["names"] = [k for k in (names or pts) if k not in dots]
    fig["regions"] = [{"path": path, "tint": tint, "edge": edge}]
    fig["squares"] = []
    return fig


def build(q, make):
    return build_figure(q, lambda rng: make(rng, q.difficulty))


def finish(q, fig, value, keys, question, *, rounding=None):
    shown = value if rounding is None else round(value, rounding)
    if rounding is not None:
        q.require(clean(value), "answer near a rounding boundary")
    q.require(all(abs(v - shown) > 1e-9 for v in printed_numbers(fig)), "the answer is printed")
    return q.answer(value, witnesses={k: f"pt:{k}" for k in keys}, rounding=rounding, question=question)


STRAIGHT = "The diagram shows a labelled straight-edged composite shape with its measurements. "
CURVED = "The diagram shows a labelled shaded composite shape with straight and curved boundaries and its measurements. "


# ---------------------------------------------------------------------- house pentagon
@task("house_outline_perimeter", answer="integer", annotation="point_map", ops="formula_evaluation")
def house_outline_perimeter(q):
    def make(rng, d):
        if d == 3:
            half, rise, s = pick(rng, [t for t in TRIPLES if t[2] <= 30] + [(b, a, c) for a, b, c in TRIPLES
                                                                          if c <= 30])
            w, h = 2 * half, rint(rng, 4, 30)
        else:
            w = rint(rng, *{1: (4, 14), 2: (6, 24)}[d])
            h = rint(rng, *{1: (3, 12), 2: (4, 22)}[d])
            s = rint(rng, w // 2 + 2, {1: 14, 2: 26}[d])
            rise = math.sqrt(s * s - w * w / 4)
        pts = {"A": (0, 0), "B": (w, 0), "C": (w, h), "D": (w / 2, h + rise), "E": (0, h)}
        fig = shape(pts, ["A", "B", "C", "D", "E"])
        sides(fig, "ABCDE")
        fig["squares"] += [["A", "E", "B"], ["B", "A", "C"]]
        given(fig, "A", "B", w)
        if d == 1:
            for a, b, v in (("B", "C", h), ("C", "D", s), ("D", "E", s), ("E", "A", h)):
                given(fig, a, b, v)
        else:
            fig["ticks"] += [["B", "C", 1], ["E", "A", 1], ["C", "D", 2], ["D", "E", 2]]
            given(fig, *pick(rng, [("B", "C"), ("E", "A")]), h)
            if d == 2:
                given(fig, *pick(rng, [("C", "D"), ("D", "E")]), s)
            else:
                fig["pts"]["F"] = [w / 2, 0.0]
                fig["names"].append("F")
                fig["segs"] += [["D", "F", "dash"], ["A", "F", "hidden"]]
                fig["squares"].append(["F", "B", "D"])
                given(fig, "D", "F", h + rise)
        return fig, {"value": 2 * h + w + 2 * s, "keys": "ABCDE"}

    fig, f = build(q, make)
    steps = {1: "", 2: "Sides with the same tick marks are equal. ",
             3: "Sides with the same tick marks are equal; F is the midpoint of AB and DF is perpendicular to it. "}
    return finish(q, fig, f["value"], f["keys"],
                  STRAIGHT + steps[q.difficulty] + 'What is the perimeter of the outer boundary of pentagon "ABCDE"?')


# ---------------------------------------------------------------------- L profile
@task("l_profile_area", answer="integer", annotation="point_map", ops="formula_evaluation")
def l_profile_area(q):
    def make(rng, d):
        lo, hi = {1: (5, 14), 2: (12, 40), 3: (14, 52)}[d]      # level 2: the original's areas (~110..830)
        W, H = rint(rng, lo, hi), rint(rng, lo, hi)
        nw, nh = rint(rng, 2, W - 2), rint(rng, 2, H - 2)
        pts = {"A": (0, 0), "B": (0, H), "C": (W - nw, H), "D": (W - nw, H - nh), "E": (W, H - nh), "F": (W, 0)}
        fig = shape(pts, list("ABCDEF"))
        sides(fig, "ABCDEF")
        corners(fig, *"ABCDEF")
        given(fig, "A", "B", H)
        given(fig, "A", "F", W, "AF")
        if d == 1:
            pairs = [("D", "C", nh), ("D", "E", nw)]
        elif d == 2:
            pairs = [("B", "C", W - nw), ("E", "F", H - nh)]
        else:
            pairs = pick(rng, [[("B", "C", W - nw), ("D", "C", nh)], [("D", "E", nw), ("E", "F", H - nh)],
                               [("B", "C", W - nw), ("E", "F", H - nh)]])
        for a, b, v in pairs:
            given(fig, a, b, v)
        return fig, {"value": W * H - nw * nh}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "ABCDEF", STRAIGHT + "All corners are right angles. What is the area of the "
                  "shaded region?")


# ---------------------------------------------------------------------- rectangle with tabs
PERIMETERS = {1: range(30, 92, 2), 2: range(40, 152, 2), 3: range(60, 222, 2)}


def tabbed(rng, d, perimeter):
    """A rectilinear outline of the given perimeter: a W x H rectangle with tabs on its top (and
    right) side (None when no drawn split of the perimeter fits)."""
    for _ in range(40):
        n_top = 2 if d == 3 and rng.random() < 0.6 else 1
        side = rint(rng, 2, 10) if d == 3 and n_top == 1 else 0
        tabs = [rint(rng, 2, {1: 8, 2: 14, 3: 20}[d]) for _ in range(n_top)]
        H = rint(rng, 4, {1: 16, 2: 28, 3: 40}[d])
        W = perimeter // 2 - H - sum(tabs) - side
        if 5 * n_top + 2 <= W <= {1: 30, 2: 48, 3: 70}[d] and side <= W:
            break
    else:
        return None
    cuts = sorted(int(v) for v in rng.choice(range(1, W), size=2 * n_top, replace=False))
    if any(b - a < 2 for a, b in zip(cuts, cuts[1:])):
        return None
    out = [(0, 0), (W, 0)]
    if side:
        y1, y2 = sorted(int(v) for v in rng.choice(range(1, H), size=2, replace=False))
        out += [(W, y1), (W + side, y1), (W + side, y2), (W, y2)]
    out.append((W, H))
    for k in range(n_top - 1, -1, -1):
        x1, x2 = cuts[2 * k], cuts[2 * k + 1]
        out += [(x2, H), (x2, H + tabs[k]), (x1, H + tabs[k]), (x1, H)]
    out.append((0, H))
    return out


@task("tabbed_rectilinear_perimeter", answer="integer", annotation="point_map", ops="formula_evaluation")
def tabbed_rectilinear_perimeter(q):
    target = q.target(PERIMETERS[q.difficulty])

    def make(rng, d):
        poly = tabbed(rng, d, target)
        if poly is None:
            return None, None
        names = "ABCDEFGHIJKLMNOP"[:len(poly)]
        fig = shape(dict(zip(names, poly)), list(names))
        sides(fig, names)
        corners(fig, *names)
        lens = [abs(poly[i][0] - poly[i - 1][0]) + abs(poly[i][1] - poly[i - 1][1]) for i in range(len(poly))]
        skip = -1 if d == 1 else int(rng.integers(len(poly)))
        for i in list(range(1, len(poly))) + [0]:
            if i != skip:
                given(fig, names[i - 1], names[i], lens[i])
        return fig, {"value": sum(lens), "names": names, "skip": skip}

    fig, f = build(q, make)
    extra = ("" if f["skip"] < 0 else "All corners are right angles and one side has no label; work it out from "
             "the others. ")
    return finish(q, fig, f["value"], f["names"], STRAIGHT + extra + "What is the perimeter of the outer boundary of "
                  "the shaded figure? Add each side once.")


# ---------------------------------------------------------------------- rectangle minus a corner triangle
@task("rectangle_triangle_cutout_area", answer="integer", annotation="point_map", ops="formula_evaluation")
def rectangle_triangle_cutout_area(q):
    def make(rng, d):
        lo, hi = {1: (6, 16), 2: (10, 36), 3: (12, 60)}[d]      # level 2: the original's areas (~70..760)
        W, H = rint(rng, lo, hi), rint(rng, lo - 1, hi)
        ec, cf = rint(rng, 2, W - 2), rint(rng, 2, H - 1)
        if ec * cf % 2:
            return None, None
        pts = {"A": (0, H), "B": (W, H), "C": (W, 0), "D": (0, 0), "E": (W - ec, 0), "F": (W, cf)}
        fig = shape(pts, ["A", "B", "F", "E", "D"])
        fig["regions"].append({"path": ["E", "C", "F"], "tint": None, "edge": "thin"})
        sides(fig, "ABCD")
        fig["segs"] += [["E", "F", "hidden"]]
        corners(fig, "A", "B", "C", "D")
        given(fig, "D", "C", W)
        given(fig, "A", "D", H)
        given(fig, "D" if d >= 2 else "E", "E" if d >= 2 else "C", W - ec if d >= 2 else ec)
        given(fig, "B" if d == 3 else "C", "F", H - cf if d == 3 else cf)
        return fig, {"value": W * H - ec * cf // 2}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "ABCDEF", STRAIGHT + "ABCD is a rectangle and the unshaded right triangle ECF is "
                  "cut from its corner. What is the area of the shaded region?")


# ---------------------------------------------------------------------- rectangle with a semicircle on side BC
def semicircle_fig(W, H, r, oy, cap: bool):
    """Rectangle ABCD (A top left) with a semicircle of radius r centred at O = (W, oy) on BC:
    outward (a cap) or inward (a bite); E and F are the ends of its diameter."""
    pts = {"A": (0, H), "B": (W, H), "C": (W, 0), "D": (0, 0), "O": (W, oy), "E": (W, oy + r),
           "F": (W, oy - r), "M": (W + r if cap else W - r, oy)}
    fig = shape(pts, ["A", "B", "E", {"arc": "O", "to": "F", "via": "M"}, "C", "D"], names="ABCD", dots="O")
    sides(fig, "ABCD", hide={("B", "C")})
    fig["segs"] += [["B", "E", "hidden"], ["F", "C", "hidden"]]
    corners(fig, "A", "B", "C", "D")
    return fig


def semicircle(rng, d, *, lo=4, wide=0):
    hi = {1: 16, 2: 30, 3: 44}[d]
    lo = max(lo, {1: 4, 2: 6, 3: 12}[d])
    W, H = rint(rng, lo, hi + wide), rint(rng, lo, hi)
    r = rint(rng, 1, max(1, (H - 1) // 2)) if d < 3 else rint(rng, 2, max(2, H - 2)) / 2
    return W, H, r


def radius_label(fig, d, r):
    """The radius drawn from O to a point R of the arc (difficulty 3: the diameter EF instead)."""
    if d == 3:
        fig["segs"].append(["E", "F", "dash"])
        fig["names"] += ["E", "F"]
        given(fig, "E", "F", 2 * r)
        return
    o = fig["pts"]["O"]
    m = fig["pts"]["M"]
    ang = math.atan2(m[1] - o[1], m[0] - o[0]) + 0.45
    fig["pts"]["R"] = [o[0] + r * math.cos(ang), o[1] + r * math.sin(ang)]
    fig["segs"].append(["O", "R", "thin"])
    given(fig, "O", "R", r, "r")


def semicircle_shape(rng, d, cap, *, lo=4, wide=0):
    """(figure, W, H, r, shaded area) of a rectangle with a semicircular cap or bite on BC placed
    at random (centred at difficulty 1) and its radius (or diameter) labelled; None if it does
    not fit.  Difficulty 3 widths may end in .5 when ``wide``."""
    W, H, r = semicircle(rng, d, lo=lo, wide=wide)
    if d == 3 and wide:
        W += 0.5 * int(rng.integers(2))
    if not cap and r > W - 1:
        return None
    fig = semicircle_fig(W, H, r, float(rng.uniform(r, H - r)) if d > 1 else H / 2, cap)
    radius_label(fig, d, r)
    return fig, W, H, r, W * H + (1 if cap else -1) * math.pi * r * r / 2


@task("rectangle_semicircle_area", answer="number", annotation="point_map", ops="formula_evaluation",
      queries=("cap_area", "cutout_area"))
def rectangle_semicircle_area(q):
    cap = q.query_id == "cap_area"

    def make(rng, d):
        made = semicircle_shape(rng, d, cap)
        if made is None:
            return None, None
        fig, W, H, r, total = made
        given(fig, "A", "B", W)
        given(fig, "A", "D", H)
        return fig, {"value": total}

    fig, f = build(q, make)
    how = ("a semicircle is attached to side BC" if cap else "a semicircle is cut out of side BC")
    return finish(q, fig, f["value"], "ABCDO", CURVED + f"ABCD is a rectangle and {how}, centred at O. What is the "
                  "area of the entire shaded region?", rounding=1)


@task("missing_width_from_semicircle_area", answer="number", annotation="point_map", ops="formula_evaluation",
      queries=("cap_from_total_area", "cutout_from_total_area"))
def missing_width_from_semicircle_area(q):
    cap = q.query_id == "cap_from_total_area"

    def make(rng, d):
        made = semicircle_shape(rng, d, cap, lo=6, wide={1: 10, 2: 42, 3: 50}[d])   # level 2: widths 6..72
        if made is None:
            return None, None
        fig, W, H, r, total = made
        total = round(total, 1)
        given(fig, "A", "D", H)
        fig["lens"].append({"a": "D", "b": "C", "text": "DC = ?"})
        fig["notes"].append(f"Area = {fmt(total)}")
        return fig, {"value": (total - (1 if cap else -1) * math.pi * r * r / 2) / H, "total": total}

    fig, f = build(q, make)
    how = "with a semicircular cap on side BC" if cap else "with a semicircle cut out of side BC"
    return finish(q, fig, f["value"], "ABCDO", "The diagram shows a labelled shaded composite shape with one side "
                  f"marked by a question mark. ABCD is a rectangle {how}, centred at O, and the shaded region's total "
                  f"area is {fmt(f['total'])}. Find the unknown width DC.", rounding=1)


@task("rectangle_semicircle_perimeter", answer="number", annotation="point_map", ops="formula_evaluation",
      queries=("cap_perimeter", "cutout_perimeter"))
def rectangle_semicircle_perimeter(q):
    cap = q.query_id == "cap_perimeter"

    def make(rng, d):
        W, H, r = semicircle(rng, d)
        if not cap and r > W - 1:
            return None, None
        if H - 2 * r < 1:
            return None, None
        be = rint(rng, 1, int(2 * (H - 2 * r)) - 1) / 2 if d > 1 else (H - 2 * r) / 2
        fc = H - 2 * r - be
        fig = semicircle_fig(W, H, r, fc + r, cap)
        fig["regions"][0]["edge"] = "bold"
        fig["names"] += ["E", "F"]
        arc = round(math.pi * r, 1)
        given(fig, "A", "B", W)
        given(fig, "C", "D", W)
        given(fig, "D", "A", H)
        if d == 3:                      # BC and the radius: the straight parts are BC minus the diameter
            given(fig, "B", "E", be)
            given(fig, "B", "C", H)
            radius_label(fig, 2, r)
            return fig, {"value": W * 2 + H + be + (H - 2 * r - be) + math.pi * r}
        given(fig, "B", "E", be)
        given(fig, "F", "C", fc)
        if d == 1:
            fig["notes"].append(f"arc EF = {fmt(arc)}")
            return fig, {"value": 2 * W + H + be + fc + arc}
        radius_label(fig, 2, r)
        return fig, {"value": 2 * W + H + be + fc + math.pi * r}

    fig, f = build(q, make)
    how = "a semicircular cap EF on side BC" if cap else "a semicircular bite EF cut out of side BC"
    return finish(q, fig, f["value"], "ABCDEFO", "The diagram shows a labelled shaded composite shape with straight "
                  f"sides, a highlighted boundary and its measurements: rectangle ABCD with {how}, centred at O. "
                  "What is the perimeter of the highlighted boundary?", rounding=1)


# ---------------------------------------------------------------------- rectangle with quarter-circle corner cuts
def quarter_fig(W, H, r, r2=None):
    """Rectangle ABCD (A top left) with a quarter circle of radius r about B cut away (E on AB, F
    on BC) and, with ``r2``, one about D (G on CD, H on DA)."""
    pts = {"A": (0, H), "B": (W, H), "C": (W, 0), "D": (0, 0), "E": (W - r, H), "F": (W, H - r),
           "M": (W - r / math.sqrt(2), H - r / math.sqrt(2))}
    path = ["A", "E", {"arc": "B", "to": "F", "via": "M"}, "C", "D"]
    if r2:
        pts.update({"G": (r2, 0), "H": (0, r2), "N": (r2 / math.sqrt(2), r2 / math.sqrt(2))})
        path = ["A", "E", {"arc": "B", "to": "F", "via": "M"}, "C", "G", {"arc": "D", "to": "H", "via": "N"}]
    names = [k for k in pts if k not in "MN"]
    fig = shape(pts, path, names=names, dots=["B", "D"] if r2 else ["B"])
    fig["segs"] += [["A", "E", "hidden"], ["E", "B", "dash"], ["B", "F", "dash"], ["F", "C", "hidden"],
                    ["C", "D", "hidden"] if not r2 else ["C", "G", "hidden"]]
    fig["squares"] += [["B", "E", "F"], ["C", "B", "D"], ["A", "B", "D"]]
    if r2:
        fig["segs"] += [["G", "D", "dash"], ["D", "H", "dash"], ["H", "A", "hidden"]]
        fig["squares"].append(["D", "G", "H"])
    else:
        fig["segs"] += [["D", "A", "hidden"]]
        fig["squares"].append(["D", "C", "A"])
    return fig


@task("rectangle_quarter_sector_cutout_area", answer="number", annotation="point_map", ops="formula_evaluation")
def rectangle_quarter_sector_cutout_area(q):
    def make(rng, d):
        hi = {1: 16, 2: 30, 3: 44}[d]
        W, H = rint(rng, 6, hi), rint(rng, 5, hi)
        r = rint(rng, 2, min(W, H) - 2 if d < 3 else min(W, H) // 2)
        r2 = rint(rng, 2, min(W, H) // 2) if d == 3 else None
        if r2 is not None and r + r2 > min(W, H) - 1:
            return None, None
        fig = quarter_fig(W, H, r, r2)
        given(fig, "A", "B", W)
        given(fig, "A", "D", H)
        if d == 1:
            given(fig, "B", "E", r)
            given(fig, "B", "F", r)
        else:
            given(fig, "A", "E", W - r)
            fig["ticks"] += [["B", "E", 1], ["B", "F", 1]]
        if r2:
            given(fig, "D", "G", r2)
            given(fig, "D", "H", r2)
        return fig, {"value": W * H - math.pi * (r * r + (r2 or 0) ** 2) / 4}

    fig, f = build(q, make)
    cuts = "quarter circles centred at B and D are" if q.difficulty == 3 else "a quarter circle centred at B is"
    ticks = "" if q.difficulty == 1 else " Segments with the same tick marks are equal."
    return finish(q, fig, f["value"], [k for k in fig["pts"] if k not in "MN"],
                  CURVED + f"ABCD is a rectangle and {cuts} cut from it.{ticks} What is the area of the shaded "
                  "figure?", rounding=1)


@task("rectangle_quarter_sector_cutout_perimeter", answer="number", annotation="point_map", ops="formula_evaluation")
def rectangle_quarter_sector_cutout_perimeter(q):
    def make(rng, d):
        hi = {1: 16, 2: 30, 3: 44}[d]
        W, H = rint(rng, 6, hi), rint(rng, 5, hi)
        r = rint(rng, 2, min(W, H) - 2)
        fig = quarter_fig(W, H, r)
        fig["regions"][0]["edge"] = "bold"
        arc = math.pi * r / 2
        given(fig, "C", "D", W)
        given(fig, "A", "D", H)
        if d == 3:
            given(fig, "A", "B", W)
            given(fig, "B", "E", r)
            fig["ticks"] += [["B", "E", 1], ["B", "F", 1]]
            return fig, {"value": (W - r) + arc + (H - r) + W + H}
        given(fig, "A", "E", W - r)
        given(fig, "F", "C", H - r)
        if d == 1:
            fig["notes"].append(f"arc EF = {fmt(round(arc, 1))}")
            return fig, {"value": (W - r) + round(arc, 1) + (H - r) + W + H}
        given(fig, "B", "E", r)
        return fig, {"value": (W - r) + arc + (H - r) + W + H}

    fig, f = build(q, make)
    ticks = " Segments with the same tick marks are equal." if q.difficulty == 3 else ""
    return finish(q, fig, f["value"], "ABCDEF", "The diagram shows a labelled shaded composite shape with straight "
                  "sides, a highlighted boundary and its measurements: rectangle ABCD with a quarter circle centred "
                  f"at B cut from its corner, leaving the arc EF.{ticks} What is the perimeter of the highlighted "
                  "boundary?", rounding=1)


# ---------------------------------------------------------------------- sector angle
@task("sector_angle_value", answer="number", annotation="point_map", ops="formula_evaluation",
      queries=("from_arc_length", "from_sector_area"))
def sector_angle_value(q):
    use_area = q.query_id == "from_sector_area"

    def make(rng, d):
        r = rint(rng, *{1: (3, 9), 2: (3, 16), 3: (8, 40)}[d]) / (2 if d == 3 else 1)
        th = float(rng.uniform(*{1: (30, 150), 2: (30, 160), 3: (20, 320)}[d]))
        a0 = float(rng.uniform(0, 360))
        pts = {"O": (0, 0), "A": (r * math.cos(math.radians(a0)), r * math.sin(math.radians(a0))),
               "B": (r * math.cos(math.radians(a0 + th)), r * math.sin(math.radians(a0 + th))),
               "M": (r * math.cos(math.radians(a0 + th / 2)), r * math.sin(math.radians(a0 + th / 2)))}
        fig = shape(pts, ["O", "A", {"arc": "O", "to": "B", "via": "M"}], names="AB", dots="O")
        fig["segs"] += [["O", "A", "hidden"], ["O", "B", "hidden"]]
        fig["angles"].append({"v": "O", "a": "A", "b": "B", "text": "?", "reflex": th > 180})
        given(fig, "O", "A", r)
        if d > 1:
            given(fig, "O", "B", r)
        shown = round(th / 360 * math.pi * r * r if use_area else math.radians(th) * r, 1)
        fig["notes"].append(f"Area = {fmt(shown)}" if use_area else f"arc AB = {fmt(shown)}")
        value = 360 * shown / (math.pi * r * r) if use_area else math.degrees(shown / r)
        return fig, {"value": value, "shown": shown}

    fig, f = build(q, make)
    given_txt = f"sector area {fmt(f['shown'])}" if use_area else f"arc length {fmt(f['shown'])}"
    return finish(q, fig, f["value"], "OAB", "The diagram shows a circular sector AOB with its central angle marked "
                  f"by a question mark. Using the radius and the {given_txt}, find the central angle in degrees.",
                  rounding=1)
