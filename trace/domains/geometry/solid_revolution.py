"""geometry/solid_revolution: a plane shape with labelled sides beside its axis of rotation, an
arrow, and the solid it sweeps when turned 360 degrees about the axis: a rectangle with a side on
the axis (a cylinder), a rectangle with the axis through its middle and its diagonal given (a
cylinder of radius half the width, width from Pythagoras), a right triangle with a leg on the axis
(a cone), a triangle with a side on the axis (two cones base to base) and a right trapezoid (a
frustum).  The answer is the solid's volume to one decimal.

Difficulty: the size of the numbers.  Shape and solid are drawn to one scale (proportions clamped).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, around, pythagorean_triples, rounds_cleanly
from tracegen.kits.solids import DASH, dimension, draw_cone, draw_cylinder, draw_frustum

SIZE = (820, 580)
SCALE = {1: 0.4, 2: 1.0, 3: 1.6}
SQUASH = 0.2


class SolidRevolution(Scene):
    domain, scene_id, size = "geometry", "solid_revolution", SIZE
    megapixels = (0.46, 0.56)   # render-only: the original's one 820 x 580 canvas
    description = ("A labelled plane shape beside its axis of rotation, an arrow, and the solid of revolution it "
                   "sweeps (cylinder, cone, double cone, frustum), whose volume is asked.")

    def sample(self, rng, difficulty):
        return {"tilt": round(float(rng.uniform(0.16, 0.24)), 3)}

    def render(self, c, state, params):
        sh = state["shape"]
        kind, d = sh["kind"], sh["dims"]
        labels = Labels(c)
        # the plane shape in math units: x out from the axis, y up
        if kind == "cylinder":
            poly, xr = [(0, 0), (d["r"], 0), (d["r"], d["h"]), (0, d["h"])], (0, d["r"])
            height = d["h"]
        elif kind == "cylinder_diag":
            w = sh["width"] / 2
            poly, xr = [(-w, 0), (w, 0), (w, d["h"]), (-w, d["h"])], (-w, w)
            height = d["h"]
        elif kind == "cone":
            poly, xr = [(0, 0), (d["r"], 0), (0, d["h"])], (0, d["r"])
            height = d["h"]
        elif kind == "double_cone":
            height = d["h1"] + d["h2"]
            poly, xr = [(0, 0), (d["r"], d["h2"]), (0, height)], (0, d["r"])
        else:
            height = d["h"]
            poly, xr = [(0, 0), (d["R"], 0), (d["r"], d["h"]), (0, d["h"])], (0, d["R"])
        # one scale for shape and solid; a very narrow or very flat shape is stretched to stay readable
        width = xr[1] - xr[0]
        k = min(300.0 / height, 230.0 / width)
        sx = sy = k
        if width * sx < 0.25 * height * sy:
            sx = 0.25 * height * sy / width
        if height * sy < 0.35 * width * sx:
            sy = 0.35 * width * sx / height
        ax = 250.0 - (xr[0] + xr[1]) / 2 * sx
        base = 290.0 + height * sy / 2

        def P(p):
            return (ax + p[0] * sx, base - p[1] * sy)

        pts = [P(p) for p in poly]
        c.polygon(pts, fill="panel", stroke="ink", lw=2.4, id="shape")
        for a, b in zip(pts, pts[1:] + pts[:1]):
            labels.seg(a, b)
        # the axis and the turn
        top, bot = (ax, base - height * sy - 36), (ax, base + 36)
        c.line(*top, *bot, color="accent", lw=2.2, dash=DASH)
        labels.seg(top, bot)
        c.ellipse(ax, top[1] - 10, 44, 14, stroke="accent", lw=1.8)
        c.arrow(ax - 10, top[1] + 4, ax - 26, top[1] + 2, color="accent", lw=1.8, head=9)
        labels.ring(ax, top[1] - 10, 44)
        labels.place("360°", around(ax, top[1] - 28, 2, -1.57), size=16)
        c.arrow(430, 290, 520, 290, color="accent", lw=2.4, head=12)
        labels.seg((430, 290), (520, 290))
        # labels on the shape
        txt = {key: f"{key} = {v}" for key, v in d.items()}
        if kind == "cylinder":
            dimension(c, labels, pts[0], pts[3], txt["h"], offset=30)
            dimension(c, labels, pts[0], pts[1], txt["r"], offset=-22)
        elif kind == "cylinder_diag":
            c.line(*pts[3], *pts[1], color="ink", lw=2.0)
            labels.seg(pts[3], pts[1])
            dimension(c, labels, pts[0], pts[3], txt["h"], offset=26)
            labels.place(f"diagonal = {d['d']}", around((pts[3][0] + pts[1][0]) / 2 + 30, (pts[3][1] + pts[1][1]) / 2,
                                                          6, 0.0), size=17, halo=True)
        elif kind == "cone":
            dimension(c, labels, pts[0], pts[2], txt["h"], offset=30)
            dimension(c, labels, pts[0], pts[1], txt["r"], offset=-22)
        elif kind == "double_cone":
            mid = (ax, pts[1][1])
            c.line(*mid, *pts[1], color="ink", lw=1.4, dash=(3.0, 3.0))
            labels.seg(mid, pts[1])
            dimension(c, labels, mid, pts[2], txt["h1"], offset=30)
            dimension(c, labels, pts[0], mid, txt["h2"], offset=30)
            labels.place(txt["r"], around((mid[0] + pts[1][0]) / 2, mid[1] - 4, 8, -1.57), size=17, halo=True)
        else:
            dimension(c, labels, pts[0], pts[3], txt["h"], offset=30)
            dimension(c, labels, pts[0], pts[1], txt["R"], offset=-22)
            dimension(c, labels, pts[3], pts[2], txt["r"], offset=22)
        # the solid, to the same scale
        cx = 665.0
        rmax = {"cylinder_diag": (xr[1] - xr[0]) / 2}.get(kind, xr[1] - xr[0]) * sx
        f = min(1.0, 125.0 / rmax)               # the solid shrunk (about its base centre line) to fit
        sx, sy = sx * f, sy * f
        base = 290.0 + height * sy / 2
        if kind in ("cylinder", "cylinder_diag"):
            rx = (xr[1] - xr[0]) * sx if kind == "cylinder" else (xr[1] - xr[0]) / 2 * sx
            draw_cylinder(c, cx, base, rx, rx * SQUASH, height * sy, id="solid")
        elif kind == "cone":
            rx = d["r"] * sx
            draw_cone(c, cx, base, rx, rx * SQUASH, height * sy, id="solid")
        elif kind == "double_cone":
            rx = d["r"] * sx
            y = base - d["h2"] * sy
            draw_cone(c, cx, y, rx, rx * SQUASH, d["h1"] * sy)
            draw_cone(c, cx, y, rx, rx * SQUASH, -d["h2"] * sy, base=False)
            c.register("solid", box=(cx - rx, base - height * sy, cx + rx, base), stroke="ink")
        else:
            draw_frustum(c, cx, base, d["R"] * sx, d["r"] * sx, SQUASH, height * sy, id="solid")
        c.text(cx, max(30.0, base - height * sy - 50), "V = ?", size=18)


SCENE = SolidRevolution()
task = SCENE.task

QUESTION = ("The plane shape on the left is rotated 360° about the marked axis to form the solid on the right. "
            "What is the volume of the solid?")


def _ri(rng, lo, hi):
    return int(rng.integers(lo, hi + 1))


def build(q, make, volume):
    k = SCALE[q.difficulty]

    def fn(s, rng):
        shape = make(rng, k)
        q.require(shape is not None, "no shape")
        v = volume(shape["dims"], shape)
        q.require(rounds_cleanly(v, 1), "volume near a rounding boundary")
        vals = list(shape["dims"].values())
        q.require(len(set(vals)) == len(vals), "equal dimensions")
        s["shape"] = shape
        return s

    sh = q.edit(fn)["shape"]
    return q.answer(volume(sh["dims"], sh), witnesses={"shape": "shape", "solid": "solid"}, rounding=1,
                    question=QUESTION, examples=[1234.5, 980.2])


def _n(k, lo, hi):
    return max(1, int(round(lo * k))), max(2, int(round(hi * k)))


@task("revolution_cone_volume_value", answer="number", annotation="bbox_map",
      ops="transformation,formula_evaluation")
def revolution_cone_volume_value(q):
    return build(q, lambda rng, k: {"kind": "cone",
                                    "dims": {"r": _ri(rng, *_n(k, 3, 45)), "h": _ri(rng, *_n(k, 4, 80))}},
                 lambda d, s: math.pi * d["r"] ** 2 * d["h"] / 3)


@task("revolution_cylinder_volume_from_diagonal_value", answer="number", annotation="bbox_map",
      ops="transformation,formula_evaluation")
def revolution_cylinder_volume_from_diagonal_value(q):
    def make(rng, k):
        lim = max(20, int(100 * k))
        triples = [t for t in pythagorean_triples(lim) if t[2] >= (lim // 5 if k < 1.5 else lim // 2)]
        a, b, hyp = triples[_ri(rng, 0, len(triples) - 1)]
        w, h = (a, b) if rng.integers(2) else (b, a)
        if w % 2:
            return None
        return {"kind": "cylinder_diag", "dims": {"h": h, "d": hyp}, "width": w}

    return build(q, make, lambda d, s: math.pi * (math.sqrt(d["d"] ** 2 - d["h"] ** 2) / 2) ** 2 * d["h"])


@task("revolution_cylinder_volume_value", answer="number", annotation="bbox_map",
      ops="transformation,formula_evaluation")
def revolution_cylinder_volume_value(q):
    return build(q, lambda rng, k: {"kind": "cylinder",
                                    "dims": {"r": _ri(rng, *_n(k, 3, 22)), "h": _ri(rng, *_n(k, 3, 36))}},
                 lambda d, s: math.pi * d["r"] ** 2 * d["h"])


@task("revolution_double_cone_volume_value", answer="number", annotation="bbox_map",
      ops="transformation,formula_evaluation")
def revolution_double_cone_volume_value(q):
    def make(rng, k):
        h1, h2 = _ri(rng, *_n(k, 3, 26)), _ri(rng, *_n(k, 3, 26))
        return {"kind": "double_cone", "dims": {"r": _ri(rng, *_n(k, 3, 26)), "h1": h1, "h2": h2}}

    return build(q, make, lambda d, s: math.pi * d["r"] ** 2 * (d["h1"] + d["h2"]) / 3)


@task("revolution_frustum_volume_value", answer="number", annotation="bbox_map",
      ops="transformation,formula_evaluation")
def revolution_frustum_volume_value(q):
    def make(rng, k):
        R = max(4, _ri(rng, *_n(k, 6, 34)))
        r = _ri(rng, max(1, R // 5), R - 2)
        return {"kind": "frustum", "dims": {"R": R, "r": r, "h": _ri(rng, *_n(k, 3, 30))}}

    return build(q, make, lambda d, s: math.pi * d["h"] * (d["R"] ** 2 + d["R"] * d["r"] + d["r"] ** 2) / 3)
