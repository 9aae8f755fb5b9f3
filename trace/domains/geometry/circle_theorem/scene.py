"""geometry/circle_theorem: one circle with centre O and labelled points on it, chords,
secants and tangents, marked angles and highlighted arcs with their measures, and one unknown
marked "?" -- an inscribed, central, tangent-chord, chord-chord or secant-secant angle or arc,
a cyclic-quadrilateral angle, or a chord, secant, tangent or radius length.

Every figure is drawn to scale (exact angles, lengths in proportion), rotated and mirrored at
random; the printed givens are integers, so every answer follows from them.  Difficulty 1
prints what the theorem needs; 2 adds one true but unneeded measure (as the reference's
figures do); 3 hides a needed measure behind one more step (an arc as 360° minus the others,
an angle split by a diagonal, a supplementary angle, a triangle's angle sum) and adds two
unneeded measures.  The printed numbers never include the answer.

The angle tasks are in ``tasks``, the length tasks in ``lengths``; both register on this module's
scene.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, draw_figure, fmt, polar, printed_numbers
from tracegen.kits.geometry import rint

SIZE = 720
CLUTTER = {1: 0, 2: 1, 3: 2}
EXTRA_LETTERS = "FGHKLMN"


def on(R, deg):
    return list(polar((0.0, 0.0), R, deg))


def ang(name, v) -> str:
    return f"∠{name} = {fmt(v)}°"


def arc_text(name, v) -> str:
    return f"arc {name} = {fmt(v)}°"


def circle_fig(R, pts, *, dots=None):
    pts = {"O": [0.0, 0.0], **{k: list(v) for k, v in pts.items()}}
    return {"pts": pts, "dots": dots or list(pts), "circles": [[0.0, 0.0, R]], "segs": [], "arcs": [],
            "angles": [], "lens": [], "ticks": [], "par": []}


def free_angle(fig, R, rng, *, gap=28.0):
    """A direction (degrees) on the circle at least ``gap`` from every point already on it."""
    used = [math.degrees(math.atan2(p[1], p[0])) for k, p in fig["pts"].items()
            if abs(math.hypot(*p) - R) < 1e-6 * R]
    for _ in range(60):
        t = float(rng.uniform(0, 360))
        if all(abs((t - u + 180) % 360 - 180) >= gap for u in used):
            return t
    return None


def add_radius(fig, R, rng, shown_r):
    """Clutter: one more radius OX with its printed length (a length no angle task needs)."""
    t = free_angle(fig, R, rng)
    name = next(x for x in EXTRA_LETTERS if x not in fig["pts"])
    if t is None:
        return None
    fig["pts"][name] = on(R, t)
    fig["dots"].append(name)
    fig["segs"].append(["O", name, "thin"])
    fig["lens"].append({"a": "O", "b": name, "text": f"O{name} = {fmt(shown_r)}"})
    return shown_r


def add_arc(fig, rng, a, b, R):
    """Clutter: the printed measure of the arc from a to b (counter-clockwise, before orienting)."""
    pa, pb = fig["pts"][a], fig["pts"][b]
    m = (math.degrees(math.atan2(pb[1], pb[0])) - math.degrees(math.atan2(pa[1], pa[0]))) % 360
    m = round(m)
    fig["arcs"].append({"c": 0, "a": a, "b": b, "text": arc_text(a + b, m)})
    return m


class CircleTheorem(Scene):
    domain, scene_id, size = "geometry", "circle_theorem", (SIZE, SIZE)
    megapixels = (0.5, 0.82)
    description = ("A circle with centre O, labelled points, chords, secants and tangents, marked angles and "
                   "highlighted arcs with their measures, and one unknown angle, arc or length marked '?'.")

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(0, 360)), 3), "mirror": bool(rng.integers(2)),
                "clutter": CLUTTER[difficulty]}

    def render(self, c, state, params):
        mark = ("accent", "series:1", "ink")[c.style.accent % 3]
        m = 78.0
        draw_figure(c, state["fig"], (m, m, c.width - m, c.height - m), mark_color=mark,
                    arc_color=("series:2", "accent")[c.style.accent % 2])


SCENE = CircleTheorem()
task = SCENE.task


def build(q, make):
    """The task's figure from ``make(rng, difficulty, clutter)``, rotated and mirrored."""
    return build_figure(q, lambda rng: make(rng, q.difficulty, q.state["clutter"]))


def finish(q, fig, answer, keys, question, *, rounding=None):
    shown = round(answer, rounding) if rounding is not None else answer
    q.require(all(abs(v - shown) > 1e-9 for v in printed_numbers(fig)), "the answer is printed")
    q.require(all(len(a["text"].split()[1]) > 2 or float(a["text"].split()[-1].rstrip("°")) < 180
                  for a in fig["arcs"] if "?" not in a["text"]), "a two-letter arc label names a major arc")
    return q.answer(answer, witnesses={k: f"pt:{k}" for k in keys}, rounding=rounding,
                    question="The figure shows a circle with centre O, labelled points and marked measurements "
                             "(angles in degrees). " + question)


def split(rng, total, lo=32, step=1):
    """Two arcs (each >= lo, multiples of ``step``) summing to ``total``."""
    a = rint(rng, lo, total - lo, step)
    return [a, total - a]


def quad_points(R, arcs, start):
    """A, B, C, D counter-clockwise with arcs AB, BC, CD, DA."""
    out, t = {}, start
    for name, a in zip("ABCD", arcs):
        out[name] = on(R, t)
        t += a
    return out
