"""geometry/measuring_tools: a figure with a measuring tool laid on it.  A protractor centred on a
marked angle of a polygon, its baseline along one side (ticks every degree or five, numbers every
30°; a second, inner scale from the other end at difficulty 3), or a centimetre ruler laid
parallel to a marked side with dashed guides from the side's ends to the scale.  Tasks read the
angle in degrees or the side's length in centimetres off the tool.

Difficulty: (protractor) angles on 10° steps read from the right-hand zero; 5° steps; the side
on the left-hand zero (the inner scale) with the figure turned.  (ruler) a side starting at 0 cm
on a scale of whole and half centimetres; a side starting at a whole centimetre; a side starting
off the centimetre marks on a millimetre scale.
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.geometry import rint

SIZE = (760, 560)


class MeasuringTools(Scene):
    domain, scene_id, size = "geometry", "measuring_tools", SIZE
    megapixels = (0.42, 0.58)   # render-only: the original's one 760 x 560 canvas
    aspect_pad = 0.1
    allow_noise = False         # fine scale ticks
    description = "A polygon with a protractor centred on a marked angle or a ruler laid along a marked side."

    def sample(self, rng, difficulty):
        return {"tool": ""}

    def claims(self, state, params):
        """The ruler's prompt says dashed lines carry the side's ends to the scale: both guides are dashed."""
        if state["tool"] == "protractor":
            return []
        return [Claim(f"guide:{k}", "line", "dashed") for k in range(2)]

    def render(self, c, state, params):
        (draw_protractor if state["tool"] == "protractor" else draw_ruler)(c, state)


SCENE = MeasuringTools()
task = SCENE.task


def turn(p, o, deg):
    """Rotate canvas point p about o by ``deg`` (counter-clockwise as seen, canvas y down)."""
    t = math.radians(deg)
    dx, dy = p[0] - o[0], p[1] - o[1]
    return (o[0] + dx * math.cos(t) + dy * math.sin(t), o[1] - dx * math.sin(t) + dy * math.cos(t))


# ---------------------------------------------------------------------- protractor
R_OUT = 190.0


def draw_protractor(c, s):
    V = (380.0, 420.0)
    rot = s["rot"]
    T = lambda p: turn(p, V, rot)  # noqa: E731
    poly = [T(p) for p in s["shape"]]
    c.polygon(poly, fill=blend(c.color("series:0"), c.color("paper"), 0.12), stroke="ink", lw=2.4)
    # the protractor: a translucent half disc, ticks, numbers, the baseline
    ctx = c.ctx
    ctx.new_path()
    ctx.arc_negative(V[0], V[1], R_OUT, -math.radians(rot), -math.radians(rot + 180))
    ctx.close_path()
    r, g, b = c.color("panel")
    ctx.set_source_rgba(r, g, b, 0.55)
    ctx.fill()
    c.ctx.new_path()
    pts = [T((V[0] + R_OUT * math.cos(math.radians(a)), V[1] - R_OUT * math.sin(math.radians(a))))
           for a in range(0, 181, 3)]
    c.polyline(pts, color="ink", lw=1.6)
    c.line(*T((V[0] - R_OUT, V[1])), *T((V[0] + R_OUT, V[1])), color="ink", lw=1.6)
    step = s["tick"]
    for a in range(0, 181, step):
        long = 16 if a % 10 == 0 else 9
        t = math.radians(a)
        p = T((V[0] + R_OUT * math.cos(t), V[1] - R_OUT * math.sin(t)))
        q = T((V[0] + (R_OUT - long) * math.cos(t), V[1] - (R_OUT - long) * math.sin(t)))
        c.line(*p, *q, color="ink", lw=1.0 if a % 10 else 1.4)
        if a % 30 == 0:
            lp = T((V[0] + (R_OUT - 32) * math.cos(t), V[1] - (R_OUT - 32) * math.sin(t)))
            c.text(*lp, str(a), size=13.0, kind="tick")
            if s["inner"]:
                ip = T((V[0] + (R_OUT - 58) * math.cos(t), V[1] - (R_OUT - 58) * math.sin(t)))
                c.text(*ip, str(180 - a), size=12.5, color="series:1", kind="tick")
    # the marked angle: its arc and the reading tick
    a0, a1 = s["sides"]
    ctx.new_sub_path()
    ctx.arc_negative(V[0], V[1], 40, -math.radians(rot + a0), -math.radians(rot + a1))
    c._paint(None, "accent", 2.6)
    mid = math.radians(rot + (a0 + a1) / 2)
    c.text(V[0] + 58 * math.cos(mid), V[1] - 58 * math.sin(mid), "?", size=18, bold=True, color="accent")
    c.circle(*V, 4.5, fill="ink", id="vertex")
    t = math.radians(s["reading"])
    tick = T((V[0] + R_OUT * math.cos(t), V[1] - R_OUT * math.sin(t)))
    c.register("reading", point=tick, box=(tick[0] - 6, tick[1] - 6, tick[0] + 6, tick[1] + 6))


STEPS = {1: 10, 2: 5, 3: 5}


@task("protractor_angle_value", answer="integer", annotation="point_map", ops="formula_evaluation")
def protractor_angle_value(q):
    d = q.difficulty
    step = STEPS[d]
    target = q.target(range(30, 151, step), stratified=True)

    def fn(s, rng):
        left = d == 3                                   # the angle opens from the 180° side
        a0, a1 = (180 - target, 180) if left else (0, target)
        V = (380.0, 420.0)
        L1, L2 = R_OUT * float(rng.uniform(1.12, 1.3)), R_OUT * float(rng.uniform(1.1, 1.28))
        p1 = (V[0] + L1 * math.cos(math.radians(a0 if not left else a1)),
              V[1] - L1 * math.sin(math.radians(a0 if not left else a1)))
        other = a1 if not left else a0
        p2 = (V[0] + L2 * math.cos(math.radians(other)), V[1] - L2 * math.sin(math.radians(other)))
        extra = []
        if rng.integers(2):                             # a quadrilateral: one more corner beyond the sides
            m = math.radians((a0 + a1) / 2)
            e = R_OUT * float(rng.uniform(1.3, 1.6))
            extra = [(V[0] + e * math.cos(m), V[1] - e * math.sin(m))]
        shape = [V, p1] + extra + [p2] if not left else [V, p2] + extra + [p1]
        s.update(tool="protractor", shape=[[round(x, 3), round(y, 3)] for x, y in shape], sides=[a0, a1],
                 reading=other if not left else a0, inner=left, tick=1 if d == 3 else 5,
                 rot=round(float(rng.uniform(-25, 25)), 2) if d == 3 else 0.0)
        return s

    s = q.edit(fn)
    a0, a1 = s["sides"]
    value = a1 - a0
    q.reads(value)
    return q.answer(value, witnesses={"angle_vertex": "vertex", "protractor_reading_tick": "reading"},
                    question="The figure shows a polygon with a protractor centred on the marked angle (?), its "
                             "baseline along one side of the angle. What is the measure of the marked angle in "
                             "degrees?")


# ---------------------------------------------------------------------- ruler
def draw_ruler(c, s):
    cm = s["cm"]                                          # logical units per centimetre
    n = s["length"]
    x0, y0 = 380.0 - n * cm / 2, 330.0
    o = (380.0, 280.0)
    rot = s["rot"]
    T = lambda p: turn(p, o, rot)  # noqa: E731
    poly = [T(p) for p in s["shape"]]
    c.polygon(poly, fill=blend(c.color("series:0"), c.color("paper"), 0.12), stroke="ink", lw=2.4)
    a, b = T(tuple(s["seg"][0])), T(tuple(s["seg"][1]))
    c.line(*a, *b, color="series:1", lw=4.0, id="measured")
    for p in (a, b):
        c.circle(*p, 4.5, fill="series:1")
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    up = turn((0.0, -24.0), (0.0, 0.0), rot)
    c.text(mid[0] + up[0], mid[1] + up[1], "?", size=18, bold=True, color="accent")
    body = [T((x0 - 14, y0)), T((x0 + n * cm + 14, y0)), T((x0 + n * cm + 14, y0 + 62)), T((x0 - 14, y0 + 62))]
    c.polygon(body, fill="panel", stroke="ink", lw=1.6)
    sub = s["sub"]                                        # ticks per centimetre
    for k in range(n * sub + 1):
        x = x0 + k * cm / sub
        long = 22 if k % sub == 0 else 14 if sub == 10 and k % 5 == 0 else 9
        c.line(*T((x, y0)), *T((x, y0 + long)), color="ink", lw=1.3 if k % sub == 0 else 0.9)
        if k % sub == 0:
            c.text(*T((x, y0 + 38)), str(k // sub), size=14.0, kind="tick")
    c.text(*T((x0 + n * cm - 6, y0 + 52)), "cm", size=13.0, kind="tick")
    for k, (p, r) in enumerate(((s["seg"][0], s["marks"][0]), (s["seg"][1], s["marks"][1]))):
        foot = (x0 + r * cm, y0)
        c.line(*T(tuple(p)), *T(foot), color="muted", lw=1.4, dash=[5.0, 4.0], id=f"guide:{k}")


RULER = {1: (2, 0.5), 2: (2, 0.5), 3: (10, 0.1)}      # ticks per cm, start-offset step


@task("ruler_length_value", answer="integer", annotation="segment", ops="formula_evaluation")
def ruler_length_value(q):
    d = q.difficulty
    target = q.target(range(2, 9), stratified=True)

    def fn(s, rng):
        sub = RULER[d][0]
        n = 12 if d == 3 else 10
        start = 0.0 if d == 1 else float(rint(rng, 0, n - target - (1 if d == 3 else 0)))
        if d == 3:
            start += rint(rng, 1, 9) / 10
        cm = (620.0 / n)
        x0 = 380.0 - n * cm / 2
        gap = float(rng.uniform(34, 60))
        a = (x0 + start * cm, 330.0 - gap)
        b = (x0 + (start + target) * cm, 330.0 - gap)
        h = float(rng.uniform(90, 170))
        sk = float(rng.uniform(-60, 60))
        top = [(b[0] + sk * 0.5, b[1] - h), (a[0] + sk, a[1] - h * float(rng.uniform(0.7, 1.0)))]
        shape = [a, b] + top if rng.integers(2) else [a, b, ((a[0] + b[0]) / 2 + sk, a[1] - h)]
        s.update(tool="ruler", cm=round(cm, 4), length=n, sub=sub, marks=[start, start + target],
                 seg=[[round(a[0], 3), round(a[1], 3)], [round(b[0], 3), round(b[1], 3)]],
                 shape=[[round(x, 3), round(y, 3)] for x, y in shape],
                 rot=round(float(rng.uniform(-20, 20)), 2) if d > 1 else 0.0)
        return s

    s = q.edit(fn)
    value = round(s["marks"][1] - s["marks"][0])
    q.reads(value)
    return q.answer(value, witnesses="measured",
                    question="The figure shows a polygon with a centimetre ruler laid along the marked side (?); "
                             "dashed lines carry the side's ends to the scale. What is the length of the marked side "
                             "in "
                             "centimetres?")
