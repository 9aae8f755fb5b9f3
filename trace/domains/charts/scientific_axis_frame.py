"""charts/scientific_axis_frame: a scientific plot frame whose x and y axes carry irregularly
spaced numeric tick labels (each tick where its value falls on a linear scale, negative values
included), with gridlines at the ticks and one data series drawn through the frame.

The answers come from the printed tick labels.  Ticks sit far enough apart that no two labels
touch.  Difficulty grows the ticks per axis (3-4, 4-7, 7-9).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.curves import XYView

N_TICKS = {1: (3, 4), 2: (4, 7), 3: (7, 9)}
GAPS = (2, 12)
MIN_SHARE = {"x": 0.05, "y": 0.04}        # the smallest gap, as a share of the axis span (labels never touch)
INTRO = "The image shows a scientific plot frame with numeric tick labels on the x-axis and the y-axis."


def ticks(rng, k, axis):
    """``k`` increasing integer tick values with irregular gaps of 2-12."""
    while True:
        start = int(rng.integers(-30, 31))
        gaps = [int(g) for g in rng.integers(GAPS[0], GAPS[1] + 1, size=k - 1)]
        if min(gaps) >= MIN_SHARE[axis] * sum(gaps):
            out = [start]
            for g in gaps:
                out.append(out[-1] + g)
            return out


def _with_series(s, rng):
    """The state with a fresh series: one point per x tick, inside the y range."""
    yt = s["y_ticks"]
    s["series"] = [round(float(rng.uniform(yt[0], yt[-1])), 1) for _ in s["x_ticks"]]
    return s


class ScientificAxisFrame(Scene):
    domain, scene_id, size = "charts", "scientific_axis_frame", (1120, 760)
    fluid = True
    megapixels = (0.7, 1.05)
    description = "A scientific plot frame with irregularly spaced numeric tick labels on both axes and one series."

    def sample(self, rng, difficulty):
        lo, hi = N_TICKS[difficulty]
        xt = ticks(rng, int(rng.integers(lo, hi + 1)), "x")
        yt = ticks(rng, int(rng.integers(lo, hi + 1)), "y")
        return _with_series({"x_ticks": xt, "y_ticks": yt}, rng)

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        xt, yt = state["x_ticks"], state["y_ticks"]
        x0, x1, y0, y1 = 100, W - 60, 50, H - 90
        v = XYView(x0, y0, x1, y1, xt[0], xt[-1], yt[0], yt[-1])
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper", stroke="grid", lw=1.0)
        for k, t in enumerate(xt):
            px, _ = v.px(t, yt[0])
            if 0 < k < len(xt) - 1:
                c.gridline(px, y0, px, y1)
            c.line(px, y1, px, y1 + 8, color="ink", lw=1.5)
            c.text(px, y1 + 22, str(t), size=15, kind="tick")
        for k, t in enumerate(yt):
            _, py = v.px(xt[0], t)
            if 0 < k < len(yt) - 1:
                c.gridline(x0, py, x1, py)
            c.line(x0 - 8, py, x0, py, color="ink", lw=1.5)
            c.text(x0 - 14, py, str(t), size=15, anchor="r", kind="tick")
        c.line(x0, y0, x0, y1, color="ink", lw=1.8)
        c.line(x0, y1, x1, y1, color="ink", lw=1.8)
        c.text((x0 + x1) / 2, y1 + 54, "x", size=16, bold=True, color="muted")
        c.text(x0 - 70, (y0 + y1) / 2, "y", size=16, bold=True, color="muted", angle=-math.pi / 2)
        pts = v.pts(xt, state["series"])
        c.polyline(pts, color="accent", lw=2.4)
        for x, y in pts:
            c.circle(x, y, 4.0, fill="accent", stroke="paper", lw=1.0)
        for axis, vals in (("x", xt), ("y", yt)):
            pos = [v.px(t, yt[0]) if axis == "x" else v.px(xt[0], t) for t in vals]
            c.register(f"{axis}:span", segment=(pos[0], pos[-1]))
            c.register(f"{axis}:first", segment=(pos[0], pos[1]))
            c.register(f"{axis}:last", segment=(pos[-2], pos[-1]))


SCENE = ScientificAxisFrame()
task = SCENE.task


# ---------------------------------------------------------------------- tasks
SPANS = {1: range(6, 37), 2: range(8, 73), 3: range(20, 97)}


def _with_span(r, vals, total, axis):
    """Tick values starting where ``vals`` does with gaps of 2-12 adding up to ``total`` (about as
    many ticks as before, at least enough to reach it); None when no count fits."""
    low = max(GAPS[0], math.ceil(MIN_SHARE[axis] * total))
    fits = [k for k in range(3, 10) if (k - 1) * low <= total <= (k - 1) * GAPS[1]]
    if not fits:
        return None
    k = min(fits, key=lambda m: (abs(m - len(vals)), m))
    gaps = [low] * (k - 1)
    for _ in range(total - low * (k - 1)):
        gaps[int(r.choice([i for i, g in enumerate(gaps) if g < GAPS[1]]))] += 1
    out = [vals[0]]
    for g in gaps:
        out.append(out[-1] + g)
    return out


@task("axis_span_value", answer="integer", annotation="segment", ops="formula_evaluation",
      queries=("x_axis_span_value", "y_axis_span_value"))
def axis_span_value(q):
    axis = q.query_id[0]
    target = q.target(SPANS[q.difficulty], stratified=True)

    def plant(s, r):
        vals = _with_span(r, s[f"{axis}_ticks"], target, axis)
        if vals is not None:
            s[f"{axis}_ticks"] = vals
        return _with_series(s, r)

    s = q.edit(plant)
    vals = s[f"{axis}_ticks"]
    span = q.balance(max(vals) - min(vals), SPANS[q.difficulty])
    q.step("span", axis=axis, lowest=min(vals), highest=max(vals), result=span)
    return q.answer(span, witnesses=f"{axis}:span",
                    question=(f"{INTRO} What is the difference between the largest and the smallest tick label shown "
                              f"on the {axis}-axis?"))


@task("tick_spacing_value", answer="integer", annotation="segment", ops="formula_evaluation",
      queries=("x_first_tick_spacing_value", "x_last_tick_spacing_value", "y_first_tick_spacing_value",
               "y_last_tick_spacing_value"))
def tick_spacing_value(q):
    axis, pair = q.query_id.split("_")[:2]
    target = q.target(range(GAPS[0], GAPS[1] + 1), stratified=True)

    def plant(s, r):                    # the asked pair's gap becomes the target, the other ticks shift with it
        vals = s[f"{axis}_ticks"]
        gaps = [b - a for a, b in zip(vals, vals[1:])]
        gaps[0 if pair == "first" else -1] = target
        out = [vals[0]]
        for g in gaps:
            out.append(out[-1] + g)
        s[f"{axis}_ticks"] = out
        return _with_series(s, r)

    s = q.edit(plant)
    vals = s[f"{axis}_ticks"]
    gaps = [b - a for a, b in zip(vals, vals[1:])]
    q.require(min(gaps) >= MIN_SHARE[axis] * (vals[-1] - vals[0]), "two tick labels would touch")
    a, b = (vals[0], vals[1]) if pair == "first" else (vals[-2], vals[-1])
    q.balance(b - a, range(GAPS[0], GAPS[1] + 1))
    q.step("spacing", axis=axis, pair=pair, ticks=[a, b], result=b - a)
    where = ("first two tick labels (the two smallest values)" if pair == "first"
             else "last two tick labels (the two largest values)")
    return q.answer(b - a, witnesses=f"{axis}:{pair}",
                    question=f"{INTRO} On the {axis}-axis, what is the spacing between the {where}?")
