"""geometry/tangent_packing: a circle inscribed in a square, a square inscribed in a circle, or
two equal circles side by side in a rectangle, each touching its container; the gap between
them is hatched.  One measurement is given (the square's side or the rectangle's width on a
dimension line, the circle's radius on a radius line, or the shaded area in a note) and the
shaded area, a radius or the square's side is asked.

Difficulty 1 uses small whole numbers; 2 the reference's ranges; 3 larger values with halves
and the whole figure tilted.  Areas are printed with one decimal and answers computed from the
printed values; the inverse tasks pick printed areas that give their radius or side back to
within 0.04.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, View, around, dimension_line, fmt, hatch, r1, rounds_cleanly, scan
from tracegen.kits.geometry import rint

SIZE = (780, 560)
GAP = {"circle_in_square": 4 - math.pi, "square_in_circle": math.pi - 2, "two_circles": 8 - 2 * math.pi}


def value(rng, d, ranges, halves=3):
    """A size drawn from the difficulty's range; halves from difficulty ``halves`` on."""
    lo, hi = ranges[d]
    return rint(rng, lo, hi) if d < halves else rint(rng, 2 * lo, 2 * hi) / 2


def rot(p, deg):
    a = math.radians(deg)
    return [p[0] * math.cos(a) - p[1] * math.sin(a), p[0] * math.sin(a) + p[1] * math.cos(a)]


def layout(kind: str, r: float, tilt: float) -> dict:
    """The figure in math coordinates for circles of radius r: the container (a square, a circle or
    a rectangle) and the packed shapes, turned by ``tilt`` degrees about the origin."""
    if kind == "circle_in_square":
        outer = [[-r, -r], [r, -r], [r, r], [-r, r]]
        fig = {"square": outer, "circles": [[0.0, 0.0, r]]}
    elif kind == "square_in_circle":
        fig = {"square": [[r, 0.0], [0.0, r], [-r, 0.0], [0.0, -r]], "circles": [[0.0, 0.0, r]]}
    else:
        fig = {"rect": [[-2 * r, -r], [2 * r, -r], [2 * r, r], [-2 * r, r]],
               "circles": [[-r, 0.0, r], [r, 0.0, r]]}
    for key in ("square", "rect"):
        if key in fig:
            fig[key] = [rot(p, tilt) for p in fig[key]]
    fig["circles"] = [rot(c[:2], tilt) + [c[2]] for c in fig["circles"]]
    return fig


class TangentPacking(Scene):
    domain, scene_id, size = "geometry", "tangent_packing", SIZE
    megapixels = (0.42, 0.62)   # render-only image area: the original draws its one 780x560 canvas
    description = ("A circle in a square, a square in a circle, or two equal circles in a rectangle, all tangent, with "
                   "the gap hatched, one given measurement and one unknown.")

    def sample(self, rng, difficulty):
        return {"tilt": round(float(rng.uniform(8, 35)) * (1 if rng.integers(2) else -1), 3) if difficulty == 3
                else 0.0}

    def render(self, c, state, params):
        kind, geo = state["kind"], state["geo"]
        pts = [tuple(p) for key in ("square", "rect") for p in geo.get(key, [])]
        circles = geo["circles"]
        view = View.fit(pts or [tuple(circles[0][:2])], (60, 70, 500, 470), circles=circles)
        P = lambda p: view.px(p)  # noqa: E731
        outer_color, inner_color = ("series:2", "series:0") if c.style.accent % 2 else ("series:3", "series:1")
        circ_px = [(*P(cc[:2]), cc[2] * view.k) for cc in circles]
        poly = [P(p) for p in geo.get("square", geo.get("rect", []))]

        def region(ctx):
            ctx.move_to(*poly[0])
            for p in poly[1:]:
                ctx.line_to(*p)
            ctx.close_path()
            for x, y, r in circ_px:
                ctx.new_sub_path()
                ctx.arc(x, y, r, 0, 2 * math.pi)

        xs = [p[0] for p in poly] + [x + s * r for x, _, r in circ_px for s in (-1, 1)]
        ys = [p[1] for p in poly] + [y + s * r for _, y, r in circ_px for s in (-1, 1)]
        box = (min(xs), min(ys), max(xs), max(ys))
        tint = [0.25 * a + 0.75 * b for a, b in zip(c.color("series:5"), c.color("paper"))]
        hatch(c, region, box, color=outer_color, spacing=9.0, angle=45.0, lw=1.3, fill=tint)
        lw = 3.0
        if kind == "square_in_circle":
            x, y, r = circ_px[0]
            c.circle(x, y, r, stroke=outer_color, lw=lw, id="region")
            c.polygon(poly, stroke=inner_color, lw=lw)
        else:
            c.polygon(poly, stroke=outer_color, lw=lw, id="region")
            for x, y, r in circ_px:
                c.circle(x, y, r, stroke=inner_color, lw=lw)
        labels = Labels(c)
        for a, b in zip(poly, poly[1:] + poly[:1]):
            labels.seg(a, b)
        for x, y, r in circ_px:
            labels.ring(x, y, r)
        size = {"sparse": 18.0, "normal": 16.5, "dense": 15.0}[c.style.density]
        for item in state["marks"]:
            if item["at"] == "radius":                     # a radius line in the (first) circle
                x, y, r = circ_px[0]
                end = P(state["geo"]["radius_end"])
                c.line(x, y, *end, color=inner_color, lw=2.4)
                labels.seg((x, y), end)
                mid = ((x + end[0]) / 2, (y + end[1]) / 2)
                labels.place(item["text"], around(*mid, 8.0, -math.pi / 2), size=size, halo=True)
            elif item["at"] == "bottom":                   # a dimension line under the container's bottom side
                a, b = sorted(poly, key=lambda p: -p[1])[:2]
                a, b = sorted((a, b), key=lambda p: p[0])
                mid, normal = dimension_line(c, a, b, offset=-30.0, color=outer_color)
                dx, dy = -30 * normal[0], -30 * normal[1]
                labels.seg((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy))
                off = 16.0 + size * 0.6
                labels.place(item["text"], lambda w, h, m=mid, n=normal: [(m[0] - n[0] * off, m[1] - n[1] * off)]
                             + list(around(*m, off, math.atan2(-n[1], -n[0]))(w, h)), size=size, halo=True)
            else:                                          # a boxed note beside the figure
                spot = scan((520, 40, c.width - 20, c.height - 40), prefer=(0.5, 0.9 if item["at"] == "note2" else 0.1))
                r = labels.spot(c.text_width(item["text"], size=size) + 20, size * 1.9, spot)
                c.rect(r[0], r[1], r[2] - r[0], r[3] - r[1], fill="panel", stroke="muted", lw=1.0)
                c.text((r[0] + r[2]) / 2, (r[1] + r[3]) / 2, item["text"], size=size)
                labels.box(r)


SCENE = TangentPacking()
task = SCENE.task

NAMES = {"circle_in_square": "a circle tangent inside a square (touching all four sides)",
         "square_in_circle": "a square inscribed in a circle (its corners on the circle)",
         "two_circles": "two equal circles side by side inside a rectangle, touching each other and the rectangle"}


def setup(q, kind, r, marks):
    """Record the figure for circles of radius r with its marks; returns the state."""
    def fn(s, rng):
        s["kind"] = kind
        s["geo"] = layout(kind, r, s["tilt"])
        cx, cy, rr = s["geo"]["circles"][0]
        t = math.radians(s["tilt"])
        s["geo"]["radius_end"] = [cx + rr * math.cos(t), cy + rr * math.sin(t)]
        s["marks"] = marks
        return s

    return q.edit(fn)


def finish(q, kind, value, marks, ask_text):
    shown = round(value, 1)
    q.require(rounds_cleanly(value, margin=0.03), "answer near a rounding boundary")
    q.require(all(abs(float(t) - shown) > 1e-9 for m in marks for t in m["text"].split("= ")[1:] if t != "?"),
              "the answer is printed")
    return q.answer(value, witnesses="region", rounding=1,
                    question=f"The figure shows {NAMES[kind]}; the region between them is shaded. {ask_text}")


# ---------------------------------------------------------------------- shaded area from a size
def gap_area_task(q, kind, ranges, label, halves=3):
    d = q.difficulty
    per_r = {"circle_in_square": 2, "square_in_circle": 1, "two_circles": 4}[kind]     # the given size / r
    r = q.param("r", lambda rng: value(rng, d, ranges, halves) / per_r)
    size = 2 * r if kind == "circle_in_square" else 4 * r if kind == "two_circles" else r
    where = "radius" if kind == "square_in_circle" else "bottom"
    marks = [{"at": where, "text": f"{label} = {fmt(size)}"}, {"at": "note", "text": "shaded area = ?"}]
    setup(q, kind, r, marks)
    area = GAP[kind] * r * r
    return finish(q, kind, area, marks, "Using the given measurement, find the area of the shaded region.")


@task("circle_in_square_gap_area", answer="number", annotation="bbox", ops="formula_evaluation")
def circle_in_square_gap(q):
    return gap_area_task(q, "circle_in_square", {1: (6, 30), 2: (8, 150), 3: (20, 160)}, "side")


@task("square_in_circle_gap_area", answer="number", annotation="bbox", ops="formula_evaluation")
def square_in_circle_gap(q):
    return gap_area_task(q, "square_in_circle", {1: (3, 45), 2: (6, 95), 3: (10, 99)}, "r", halves=2)


@task("two_circles_in_rectangle_gap_area", answer="number", annotation="bbox", ops="formula_evaluation")
def two_circles_gap(q):
    return gap_area_task(q, "two_circles", {1: (12, 60), 2: (12, 320), 3: (40, 360)}, "width")


# ---------------------------------------------------------------------- a size from the shaded area
def inverse_task(q, kind, ranges, ask_label, ask_mark):
    d = q.difficulty

    def draw(rng):
        for _ in range(60):
            r = value(rng, d, ranges)
            area = r1(GAP[kind] * r * r)
            back = math.sqrt(area / GAP[kind])
            if abs(back - r) < 0.04:
                return [r, area]
        return None

    got = q.param("r_area", draw)
    q.require(got is not None, "no printed area gives the size back")
    r, area = got
    marks = [{"at": "note", "text": f"shaded area = {fmt(area)}"}, {"at": ask_mark, "text": f"{ask_label} = ?"}]
    setup(q, kind, r, marks)
    back = math.sqrt(area / GAP[kind])
    answer = back * math.sqrt(2) if kind == "square_in_circle" else back
    what = "the side length of the square" if kind == "square_in_circle" else "the radius r of each circle" \
        if kind == "two_circles" else "the radius r of the circle"
    return finish(q, kind, answer, marks, f"Using the shaded area, find {what}.")


@task("circle_in_square_radius_from_gap_area", answer="number", annotation="bbox", ops="formula_evaluation")
def circle_in_square_radius(q):
    return inverse_task(q, "circle_in_square", {1: (4, 20), 2: (6, 76), 3: (10, 90)}, "r", "radius")


@task("square_in_circle_side_from_gap_area", answer="number", annotation="bbox", ops="formula_evaluation")
def square_in_circle_side(q):
    return inverse_task(q, "square_in_circle", {1: (4, 20), 2: (5, 80), 3: (10, 90)}, "square side", "note2")


@task("two_circles_in_rectangle_radius_from_gap_area", answer="number", annotation="bbox", ops="formula_evaluation")
def two_circles_radius(q):
    return inverse_task(q, "two_circles", {1: (3, 25), 2: (5, 77), 3: (10, 90)}, "r", "radius")
