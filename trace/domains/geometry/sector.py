"""geometry/sector: a shaded circular sector AOB with its radius printed, and either its area or
its arc length in a note, or an angle at O beside it (a supplementary angle along the straight
line A-O-C, a complementary one inside a right angle AOC); one arc length, area or angle is
asked.  Drawn to scale and turned at random; printed measures have one decimal.

Difficulty 1 uses small radii and round angles; 2 the reference's ranges; 3 larger radii with
halves, larger and reflex sectors, and the radius given as the diameter AC where the figure has
one.  Answers follow from the printed (rounded) values and are kept clear of rounding
boundaries; for angles the printed measure is chosen so that the angle it gives is whole to
within 0.04°, as the reference's answers are.
"""

from __future__ import annotations

import math
from functools import lru_cache

from tracegen.core.task import Scene
from tracegen.kits.constructions import (build_figure, draw_figure, figure, fmt, polar, printed_numbers, r1,
                                         rounds_cleanly)
from tracegen.kits.geometry import rint

SIZE = (760, 560)


# level 2 is the original's: whole radii 4..12 and angles that are multiples of 5 (or 72) degrees
RADII = {1: [float(v) for v in range(3, 10)], 2: [float(v) for v in range(4, 13)],
         3: [v / 2 for v in range(21, 81)]}


def radius(rng, d):
    return RADII[d][int(rng.integers(len(RADII[d])))]



class Sector(Scene):
    domain, scene_id, size = "geometry", "sector", SIZE
    megapixels = (0.42, 0.62)   # render-only image area: the original draws its one 760x560 canvas
    description = ("A shaded circular sector AOB with its radius, its area or arc length, or an angle at O beside it "
                   "(along a straight line or inside a right angle), and one unknown.")

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(0, 360)), 3), "mirror": bool(rng.integers(2))}

    def render(self, c, state, params):
        draw_figure(c, state["fig"], (70, 60, c.width - 240, c.height - 60),
                    mark_color=("ink", "series:1", "series:3")[c.style.accent % 3])


SCENE = Sector()
task = SCENE.task


def sector_fig(r, th, *, other=None, right=False, diameter=False):
    """Sector AOB of radius r and angle th (A at angle 0, B at th); ``other`` adds C: "straight"
    (on the ray opposite OA) or "right" (OC at 90 degrees)."""
    pts = {"O": (0.0, 0.0), "A": polar((0, 0), r, 0), "B": polar((0, 0), r, th)}
    if other == "straight":
        pts["C"] = polar((0, 0), r, 180)
    elif other == "right":
        pts["C"] = polar((0, 0), r, 90)
    fig = figure(pts, sectors=[{"o": "O", "a": "A", "b": "B", "tint": 0}])
    fig["segs"] += [["O", "A"], ["O", "B"]] + ([["O", "C"]] if other else [])
    if diameter:
        fig["lens"].append({"a": "A", "b": "C", "text": f"AC = {fmt(2 * r)}"})
        fig["segs"].append(["A", "C", "hidden"])
    else:
        fig["lens"].append({"a": "O", "b": "A", "text": f"r = {fmt(r)}"})
    if right:
        fig["angles"].append({"v": "O", "a": "A", "b": "C", "right": True})
    return fig


def finish(q, fig, value, question):
    q.require(rounds_cleanly(value, margin=0.03), "answer near a rounding boundary")
    shown = round(value, 1)
    q.require(all(abs(v - shown) > 1e-9 for v in printed_numbers(fig)), "the answer is printed")
    return q.answer(value, witnesses="sector:0", rounding=1,
                    question="The figure shows a circular sector with labelled points; the shaded region is sector "
                             "AOB. " + question)


def build(q, make):
    return build_figure(q, lambda rng: make(rng, q.difficulty))


def angle_range(rng, d, lo=20, hi=330, ref=(40, 150)):
    """The sector's angle: level 1 a multiple of 10 in 30..150, level 2 a multiple of 5 (or 72) in
    the original's range ``ref`` for the task, level 3 any whole angle in lo..hi."""
    if d == 1:
        return rint(rng, max(lo, 30), min(hi, 150), 10)
    if d == 2:
        nice = [a for a in range(ref[0], ref[1] + 1) if a % 5 == 0 or a == 72]
        return nice[int(rng.integers(len(nice)))]
    return rint(rng, lo, hi)


def shown_measure(r, th, use_area):
    """The printed measure (one decimal) if it gives the angle th back to within 0.04 degrees."""
    exact = th / 360 * math.pi * r * r if use_area else th / 180 * math.pi * r
    shown = r1(exact)
    back = shown * 360 / (math.pi * r * r) if use_area else shown * 180 / (math.pi * r)
    return shown if abs(back - th) < 0.04 else None


def measured(rng, d, use_area, th):
    """(r, printed measure) for the angle th, the radius drawn from the difficulty's set."""
    for i in rng.permutation(len(RADII[d])):
        r = RADII[d][int(i)]
        shown = shown_measure(r, th, use_area)
        if shown is not None:
            return r, shown
    return None, None


@lru_cache(maxsize=None)
def angle_support(d, lo, hi, use_area):
    """The angles the difficulty asks about that some radius of its set can carry."""
    whole = range(max(lo, 30), min(hi, 150) + 1, 5) if d == 1 else range(lo, min(hi, 200 if d == 2 else hi) + 1)
    return tuple(th for th in whole if any(shown_measure(r, th, use_area) is not None for r in RADII[d]))


# ---------------------------------------------------------------------- arc length and area
@task("arc_length_from_sector_area_value", answer="number", annotation="bbox", ops="formula_evaluation")
def arc_from_area(q):
    def make(rng, d):
        r, th = radius(rng, d), angle_range(rng, d)
        area = r1(th / 360 * math.pi * r * r)
        fig = sector_fig(r, th)
        fig["notes"].append(f"Area = {fmt(area)}")
        return fig, {"r": r, "area": area}

    fig, f = build(q, make)
    return finish(q, fig, 2 * f["area"] / f["r"],
                  "Using the radius and the sector's area, find the length of arc AB (rounded to one decimal).")


@task("arc_length_from_supplement_angle_value", answer="number", annotation="bbox", ops="formula_evaluation")
def arc_from_supplement(q):
    def make(rng, d):
        r, th = radius(rng, d), angle_range(rng, d, 20, 160)
        fig = sector_fig(r, th, other="straight", diameter=d == 3 and bool(rng.integers(2)))
        fig["angles"].append({"v": "O", "a": "B", "b": "C", "text": f"{180 - th}°", "arcs": 2})
        return fig, {"r": r, "th": th}

    fig, f = build(q, make)
    return finish(q, fig, f["r"] * math.radians(f["th"]),
                  "A, O and C lie on one straight line, so the marked angle BOC and angle AOB are supplementary. "
                  "Find the length of arc AB.")


@task("sector_area_from_complement_angle_value", answer="number", annotation="bbox", ops="formula_evaluation")
def area_from_complement(q):
    def make(rng, d):
        r, th = radius(rng, d), angle_range(rng, d, 15, 75, ref=(25, 65))
        fig = sector_fig(r, th, other="right", right=True)
        fig["angles"].append({"v": "O", "a": "B", "b": "C", "text": f"{90 - th}°", "arcs": 2})
        return fig, {"r": r, "th": th}

    fig, f = build(q, make)
    return finish(q, fig, f["th"] / 360 * math.pi * f["r"] ** 2,
                  "Angle AOC is a right angle, so the marked angle BOC and angle AOB are complementary. "
                  "Find the area of the shaded sector AOB.")


# ---------------------------------------------------------------------- angles from a measure
@task("central_angle_from_sector_measure_value", answer="number", annotation="bbox", ops="formula_evaluation",
      queries=("from_arc_length", "from_sector_area"))
def central_angle(q):
    use_area = q.query_id == "from_sector_area"
    th = q.target(angle_support(q.difficulty, 20, 330, use_area))

    def make(rng, d):
        r, shown = measured(rng, d, use_area, th)
        if r is None:
            return None, None
        fig = sector_fig(r, th)
        fig["angles"].append({"v": "O", "a": "A", "b": "B", "text": "?", "reflex": th > 180})
        fig["notes"].append(f"Area = {fmt(shown)}" if use_area else f"arc AB = {fmt(shown)}")
        return fig, {"r": r, "shown": shown}

    fig, f = build(q, make)
    r, shown = f["r"], f["shown"]
    value = math.degrees(2 * shown / r ** 2 if use_area else shown / r)
    given = "the sector's area" if use_area else "the length of arc AB"
    return finish(q, fig, value, f"Using the radius and {given}, find the measure of angle AOB (marked ?), "
                  "in degrees.")


RELATED = {"complement_from_arc_length": (90, False, "right"), "supplement_from_sector_area": (180, True, "straight"),
           "remaining_from_arc_length": (360, False, None)}


@task("related_angle_from_sector_measure_value", answer="number", annotation="bbox", ops="formula_evaluation",
      queries=tuple(RELATED))
def related_angle(q):
    total, use_area, other = RELATED[q.query_id]
    th = q.target(angle_support(q.difficulty, 15, min(330, total - 15), use_area))

    def make(rng, d):
        r, shown = measured(rng, d, use_area, th)
        if r is None:
            return None, None
        fig = sector_fig(r, th, other=other, right=other == "right")
        if other:
            fig["angles"].append({"v": "O", "a": "B", "b": "C", "text": "?", "arcs": 2})
        else:
            fig["angles"].append({"v": "O", "a": "A", "b": "B", "text": "?", "reflex": th < 180, "arcs": 2})
        fig["notes"].append(f"Area = {fmt(shown)}" if use_area else f"arc AB = {fmt(shown)}")
        return fig, {"r": r, "shown": shown}

    fig, f = build(q, make)
    r, shown = f["r"], f["shown"]
    th = math.degrees(2 * shown / r ** 2 if use_area else shown / r)
    relation = {90: "Angle AOC is a right angle: the angle marked ? and angle AOB are complementary.",
                180: "A, O and C lie on one straight line: the angle marked ? and angle AOB are supplementary.",
                360: "The angle marked ? is the rest of the full turn around O beside angle AOB."}[total]
    given = "the sector's area" if use_area else "the length of arc AB"
    return finish(q, fig, total - th, f"{relation} First find angle AOB from the radius and {given}; then find the "
                  "angle marked ?, in degrees.")
