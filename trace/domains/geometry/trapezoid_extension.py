"""geometry/trapezoid_extension: a trapezoid ABCD (AB parallel to DC, AB the shorter base)
extended past B along line AB to E so that AECD is a parallelogram; the added triangle BEC is
shaded apart and its sides BE and EC are dashed.  The height is a dashed altitude from A; the
given lengths are written beside their segments or listed (render-only), the parallelogram's
area or perimeter in a note.  One length (BE) or the trapezoid's area is asked.

Difficulty 1 uses small whole numbers; 2 the reference's ranges; 3 larger numbers with halves
and one printed measure the formula does not need (the leg BC or the diagonal AC).  Drawn to
scale; the printed numbers never include the answer.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, figure, fmt, printed_numbers
from tracegen.kits.geometry import rint
from tracegen.kits.outlines import draw_outlined

SIZE = (780, 560)
SPAN = {1: (4, 20), 2: (6, 40), 3: (10, 70)}
HEIGHT = {1: (3, 10), 2: (4, 18), 3: (6, 26)}


def length(rng, d, lo, hi):
    """A whole number in [lo, hi]; at difficulty 3 half the time a half."""
    if d == 3 and rng.random() < 0.5:
        return rint(rng, 2 * lo, 2 * hi) / 2
    return float(rint(rng, lo, hi))


class TrapezoidExtension(Scene):
    domain, scene_id, size = "geometry", "trapezoid_extension", SIZE
    megapixels = (0.42, 0.62)   # render-only image area: the original draws its one 780x560 canvas
    description = ("A trapezoid ABCD extended past B to E so that AECD is a parallelogram, the added triangle BEC "
                   "shaded apart, with its height, given lengths and the parallelogram's area or perimeter.")

    def sample(self, rng, difficulty):
        return {"rot": 0.0, "mirror": bool(rng.integers(2))}

    def render(self, c, state, params):
        listed = c.style.accent % 3 == 2
        right = 230.0 if listed else 50.0
        draw_outlined(c, state["fig"], (60, 70, c.width - right, c.height - 60), listed=listed,
                      mark_color=("accent", "series:1", "ink")[c.style.accent % 3])


SCENE = TrapezoidExtension()
task = SCENE.task


def extensions(d):
    """The extension lengths BE a difficulty asks for (halves at difficulty 3)."""
    lo, hi = {1: (3, 30), 2: (3, 60), 3: (5, 80)}[d]
    return [v / 2 for v in range(2 * lo, 2 * hi + 1, 1 if d == 3 else 2)]


def trapezoid(rng, d, *, leg=False, be=None):
    """(figure, values): D = (0, 0), C = (DC, 0), A = (s, h), B = (s + AB, h), E = (s + DC, h)
    with F the foot of the altitude from A.  ``leg`` makes AD a whole length (it is printed)."""
    ab = length(rng, d, *SPAN[d])
    be = length(rng, d, max(3, SPAN[d][0] // 2), SPAN[d][1]) if be is None else be
    h = length(rng, d, *HEIGHT[d])
    dc = ab + be
    if leg:
        ad = length(rng, d, int(h) + 2, int(h) + max(4, SPAN[d][1] // 3))
        s = math.sqrt(ad * ad - h * h)
    else:
        s = float(rng.uniform(0.15, 0.6)) * min(dc, 2.5 * h)
        ad = math.hypot(s, h)
    if s > 0.8 * dc or not 0.2 <= h / (dc + s) <= 1.2:
        return None, None
    pts = {"A": (s, h), "B": (s + ab, h), "C": (dc, 0.0), "D": (0.0, 0.0), "E": (s + dc, h), "F": (s, 0.0)}
    fig = figure(pts)
    fig["dots"] = list("ABCDE")
    fig["regions"] = [{"path": list("ABCD"), "tint": 0, "edge": "thick"},
                      {"path": list("BEC"), "tint": 2, "edge": "none"}]
    fig["segs"] += [["A", "B", "hidden"], ["B", "C", "hidden"], ["C", "D", "hidden"], ["D", "A", "hidden"],
                    ["B", "E", "dash"], ["E", "C", "dash"], ["A", "F", "dash"], ["D", "F", "hidden"]]
    fig["squares"] = [["F", "C", "A"]]
    v = {"AB": ab, "BE": be, "DC": dc, "h": h, "AD": ad, "s": s, "BC": math.hypot(dc - s - ab, h),
         "AC": math.hypot(dc - s, h)}
    return fig, v


def show(fig, v, *names):
    for n in names:
        a, b = ("A", "F") if n == "h" else (n[0], n[1])
        fig["lens"].append({"a": a, "b": b, "text": f"{n} = {fmt(v[n])}" if n in v else f"{n[:-1]} = ?"})


def distractor(rng, fig, v, d):
    if d == 3:
        n = ("BC", "AC")[int(rng.integers(2))]
        fig["lens"].append({"a": n[0], "b": n[1], "text": f"{n} = {fmt(round(v[n], 1))}"})


def exact(v: float) -> bool:
    """Printed with one decimal without rounding."""
    return abs(v * 10 - round(v * 10)) < 1e-9


def build(q, make):
    return build_figure(q, lambda rng: make(rng, q.difficulty))


def finish(q, fig, value, witnesses, question):
    q.require(all(abs(x - round(value, 1)) > 1e-9 for x in printed_numbers(fig)), "the answer is printed")
    q.require(abs(value * 10 - math.floor(value * 10) - 0.5) > 0.03, "answer near a rounding boundary")
    return q.answer(value, witnesses=witnesses, rounding=1, question=(
        "The diagram shows a trapezoid ABCD (AB parallel to DC) extended past B to E so that AECD is a "
        "parallelogram, with its measurements; h is the height. " + question))


TRAPEZOID = "region:0"


# ---------------------------------------------------------------------- the extension BE
@task("extension_from_parallelogram_area", answer="number", annotation="segment", ops="formula_evaluation")
def extension_from_parallelogram_area(q):
    be = q.target(extensions(q.difficulty), stratified=True)

    def make(rng, d):
        fig, v = trapezoid(rng, d, be=be)
        if fig is None or not exact(v["DC"] * v["h"]):
            return None, None
        show(fig, v, "AB", "h", "BE?")
        fig["notes"].append(f"parallelogram area = {fmt(v['DC'] * v['h'])}")
        distractor(rng, fig, v, d)
        return fig, {"value": v["DC"] * v["h"] / v["h"] - v["AB"]}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "seg:B-E", "Using the parallelogram's area, find the length of the extension BE.")


@task("extension_from_parallelogram_perimeter", answer="number", annotation="segment", ops="formula_evaluation")
def extension_from_parallelogram_perimeter(q):
    be = q.target(extensions(q.difficulty), stratified=True)

    def make(rng, d):
        fig, v = trapezoid(rng, d, leg=True, be=be)
        if fig is None:
            return None, None
        show(fig, v, "AB", "AD", "BE?")
        per = 2 * (v["DC"] + v["AD"])
        fig["notes"].append(f"parallelogram perimeter = {fmt(per)}")
        distractor(rng, fig, v, d)
        return fig, {"value": per / 2 - v["AD"] - v["AB"]}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], "seg:B-E", "Using the perimeter of parallelogram AECD, find the length of the "
                  "extension BE.")


# ---------------------------------------------------------------------- the trapezoid's area
@task("trapezoid_area_from_extension_and_height", answer="number", annotation="bbox", ops="formula_evaluation")
def trapezoid_area_from_extension_and_height(q):
    def make(rng, d):
        fig, v = trapezoid(rng, d)
        if fig is None:
            return None, None
        show(fig, v, "AB", "BE", "h")
        distractor(rng, fig, v, d)
        return fig, {"value": (2 * v["AB"] + v["BE"]) * v["h"] / 2}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], TRAPEZOID, "What is the area of the original trapezoid ABCD?")


@task("trapezoid_area_from_parallelogram_area", answer="number", annotation="bbox", ops="formula_evaluation")
def trapezoid_area_from_parallelogram_area(q):
    def make(rng, d):
        fig, v = trapezoid(rng, d)
        if fig is None or not exact(v["DC"] * v["h"]):
            return None, None
        show(fig, v, "AB", "h")
        area = v["DC"] * v["h"]
        fig["notes"].append(f"parallelogram area = {fmt(area)}")
        distractor(rng, fig, v, d)
        return fig, {"value": (v["AB"] + area / v["h"]) * v["h"] / 2}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], TRAPEZOID, "Using the parallelogram's area, what is the area of the original "
                  "trapezoid ABCD?")


@task("trapezoid_area_from_parallelogram_perimeter", answer="number", annotation="bbox", ops="formula_evaluation")
def trapezoid_area_from_parallelogram_perimeter(q):
    def make(rng, d):
        fig, v = trapezoid(rng, d, leg=True)
        if fig is None:
            return None, None
        show(fig, v, "AB", "AD", "h")
        per = 2 * (v["DC"] + v["AD"])
        fig["notes"].append(f"parallelogram perimeter = {fmt(per)}")
        distractor(rng, fig, v, d)
        return fig, {"value": (v["AB"] + per / 2 - v["AD"]) * v["h"] / 2}

    fig, f = build(q, make)
    return finish(q, fig, f["value"], TRAPEZOID, "The completed parallelogram is AECD. Using its perimeter, what is "
                  "the area of the original trapezoid ABCD?")
