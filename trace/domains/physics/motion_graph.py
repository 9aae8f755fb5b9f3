"""physics/motion_graph: piecewise-linear distance-time or velocity-time graphs on a labelled grid.

Every breakpoint sits on a grid intersection (whole seconds, whole multiples of the value step),
so each reading is exact.  Difficulty grows the number of linear pieces.
"""

from __future__ import annotations

from fractions import Fraction

from tracegen.core.claims import nearest_named
from tracegen.core.options import multiple_choice
from tracegen.core.task import Scene
from tracegen.kits.cards import card_row

SEGMENTS = {1: (2, 3), 2: (4, 5), 3: (6, 7)}
UNITS = (1, 2, 5)
W, H = 880, 560
X0, X1, Y0, Y1 = 104, 846, 70, 478
CARDS = 140            # room for the answer cards under the graph


def _y_range(values, unit):
    top = max(4, max(values) // unit + 1)
    bottom = min(values) // unit - 1 if min(values) < 0 else 0
    return bottom, top


class MotionGraph(Scene):
    domain, scene_id, size = "physics", "motion_graph", (W, H)
    description = "A piecewise-linear distance-time or velocity-time graph with breakpoints on grid points."
    allow_noise = True

    def canvas_size(self, state):
        return (W, H + CARDS) if state.get("cards") else (W, H)

    def sample(self, rng, difficulty):
        lo, hi = SEGMENTS[difficulty]
        k = int(rng.integers(lo, hi + 1))
        total = int(rng.integers(max(8, k + 2), 13))
        cuts = sorted(int(v) for v in rng.choice(range(1, total), size=k - 1, replace=False))
        unit = int(rng.choice(UNITS))
        values = [int(v) * unit for v in rng.integers(0, 7, size=k + 1)]
        return {"kind": "velocity", "times": [0] + cuts + [total], "values": values, "unit": unit}

    def render(self, c, state, params):
        times, values, unit = state["times"], state["values"], state["unit"]
        tmax = times[-1]
        bottom, top = _y_range(values, unit)

        def px(t, v):
            return (X0 + (X1 - X0) * t / tmax, Y1 - (Y1 - Y0) * (v / unit - bottom) / (top - bottom))

        velocity = state["kind"] == "velocity"
        pts = [px(t, v) for t, v in zip(times, values)]
        marked = params.get("segment")
        interval = params.get("interval")
        if marked is not None:
            interval = [marked, marked + 1]
        if interval is not None:                      # the marked interval: a tinted band
            xa, xb = pts[interval[0]][0], pts[interval[1]][0]
            tint = tuple(0.84 * p + 0.16 * q for p, q in zip(c.color("paper"), c.color("red")))
            c.rect(xa, Y0, xb - xa, Y1 - Y0, fill=tint)
            c.text((xa + xb) / 2, Y0 - 10, "marked interval", size=13, color="muted")
        c.text(W / 2, 26, "Velocity–time graph" if velocity else "Distance–time graph", size=19, bold=True)
        for t in range(tmax + 1):
            x = px(t, 0)[0]
            c.gridline(x, Y0, x, Y1)
            c.text(x, Y1 + 16, str(t), size=13, color="ink", kind="tick")
        every = 2 if c.style.density == "sparse" and top - bottom > 6 else 1
        for g in range(bottom, top + 1):
            y = px(0, g * unit)[1]
            c.gridline(X0, y, X1, y)
            if (g - bottom) % every == 0:
                c.text(X0 - 8, y, str(g * unit), size=13, anchor="r", color="ink", kind="tick")
        zero_y = px(0, 0)[1]
        c.line(X0, Y0, X0, Y1, color="ink", lw=1.8)
        c.line(X0, zero_y, X1, zero_y, color="ink", lw=1.8)
        c.text((X0 + X1) / 2, Y1 + 42, "time (s)", size=14, color="ink")
        c.text(X0 - 62, (Y0 + Y1) / 2, "velocity (m/s)" if velocity else "distance (m)", size=14, color="ink",
               angle=-1.5707963)
        accent = c.style.accent_rgb
        if params.get("interval") is not None:   # the prompt names "the two red points": the curve is never red
            accent = next(col for col in (c.style.series(k) for k in range(6)) if nearest_named(col) != "red")
        c.polyline(pts, color=accent, lw=3.0)
        for k in range(len(pts) - 1):
            c.register(f"seg:{k}", segment=(pts[k], pts[k + 1]))
        if marked is not None:
            c.line(*pts[marked], *pts[marked + 1], color="red", lw=4.5)
        for k, (x, y) in enumerate(pts):
            c.circle(x, y, 4.0, fill=accent, id=f"pt:{k}")
        if interval is not None:
            i, j = interval
            for end, k in enumerate((i, j)):
                c.circle(*pts[k], 6.0, fill="red", stroke="background", lw=1.5, id=f"pt:end:{end}")
            c.register("interval", segment=(pts[i], pts[j]))
        if state.get("cards"):
            texts = [STATES[o] for o in params["options"]]
            card_row(c, 40, H + 6, W - 80, list("ABCD"), texts, cols=2, h=56, gap=14, size=17)


SCENE = MotionGraph()
task = SCENE.task


# ---------------------------------------------------------------------- helpers
def _composition(r, total, parts):
    """``total`` split into ``parts`` non-negative integers, uniformly over cut positions."""
    cuts = sorted(int(v) for v in r.integers(0, total + 1, size=parts - 1))
    edges = [0] + cuts + [total]
    return [b - a for a, b in zip(edges, edges[1:])]


def _area(times, values, k) -> Fraction:
    return Fraction((values[k] + values[k + 1]) * (times[k + 1] - times[k]), 2)


# ---------------------------------------------------------------------- tasks
@task("average_speed_value", answer="integer", annotation="segment", ops="formula_evaluation")
def average_speed_value(q):
    s = q.state
    times = s["times"]
    n = len(times) - 1
    speed = q.target(range(1, 9))
    combos = [(i, j, u) for i in range(n) for j in range(i + 1, n + 1) for u in (1, 2, 5, 10)
              if (speed * (times[j] - times[i])) % u == 0 and speed * (times[j] - times[i]) // u <= 10]
    q.require(bool(combos), "no interval fits the target speed")
    i, j, unit = q.param("interval_plan", lambda r: list(combos[int(r.integers(len(combos)))]))
    q.param("interval", lambda r: [i, j])

    def plant(st, r):
        rise = speed * (times[j] - times[i]) // unit
        start = int(r.integers(0, 3))
        inside = _composition(r, rise, j - i)
        budget = 12 - start - rise
        incs = []
        for k in range(n):
            if i <= k < j:
                incs.append(inside[k - i])
            else:
                step = min(int(r.integers(0, 4)), max(budget, 0))
                budget -= step
                incs.append(step)
        vals = [start]
        for d in incs:
            vals.append(vals[-1] + d)
        st["kind"], st["unit"], st["values"] = "distance", unit, [v * unit for v in vals]
        return st

    vals = q.edit(plant)["values"]
    change = vals[j] - vals[i]
    dt = times[j] - times[i]
    q.require(change % dt == 0, "average speed not an integer")
    ans = change // dt
    q.reads(times[i], times[j], vals[i], vals[j])
    q.step("average_speed", t_start=times[i], t_end=times[j], d_start=vals[i], d_end=vals[j], result=ans)
    for end in (0, 1):
        q.claim(f"pt:end:{end}", colour="red", among="pt:")
    return q.answer(ans, witnesses="interval",
                    question=("The graph shows how far an object is from its starting point over time. What is its "
                              "average speed, in m/s, over the marked interval (between the two red points)?"))


@task("interval_displacement_value", answer="integer", annotation="segment", ops="formula_evaluation",
      queries=("constant_velocity_interval_displacement", "constant_acceleration_interval_displacement"))
def interval_displacement_value(q):
    times = q.state["times"]
    n = len(times) - 1
    seg = q.param("segment", lambda r: int(r.integers(n)))
    flat = q.query_id == "constant_velocity_interval_displacement"

    def plant(st, r):
        unit = st["unit"]
        vals = [int(r.integers(0, 7))]
        for _ in range(n):
            vals.append(vals[-1] if r.random() < 0.35 else int(r.integers(0, 7)))
        if flat:
            vals[seg] = vals[seg + 1] = int(r.integers(1, 7))
        else:
            a, b = (int(v) for v in r.choice(7, size=2, replace=False))
            if (a + b) * unit * (times[seg + 1] - times[seg]) % 2:
                b = b + 1 if b < 6 and b + 1 != a else b - 1
                if b == a or b < 0:
                    b = a + 2 if a <= 4 else a - 2
            vals[seg], vals[seg + 1] = a, b
        st["kind"], st["values"] = "velocity", [v * unit for v in vals]
        return st

    vals = q.edit(plant)["values"]
    q.require((vals[seg] == vals[seg + 1]) == flat, "segment mode differs from query")
    area = _area(times, vals, seg)
    q.require(area.denominator == 1, "displacement not an integer")
    ans = int(area)
    q.reads(times[seg], times[seg + 1], vals[seg], vals[seg + 1])
    q.step("area_under_segment", t0=times[seg], t1=times[seg + 1], v0=vals[seg], v1=vals[seg + 1], result=ans)
    return q.answer(ans, witnesses=f"seg:{seg}",
                    question=("The velocity–time graph shows an object moving in a straight line. What is its "
                              "displacement, in metres, over the marked interval (the highlighted part of the "
                              "graph)?"))


STATES = {"speeding_up": "It is speeding up.", "slowing_down": "It is slowing down.",
          "constant_speed": "It moves at a constant, non-zero speed.", "at_rest": "It is at rest."}


def _classify(v0, v1):
    if v0 == v1:
        return "at_rest" if v0 == 0 else "constant_speed"
    return "speeding_up" if abs(v1) > abs(v0) else "slowing_down"


@task("speed_change_state_choice", answer="option_letter", annotation="segment", ops="formula_evaluation")
def speed_change_state_choice(q):
    times = q.state["times"]
    n = len(times) - 1
    seg = q.param("segment", lambda r: int(r.integers(n)))
    kind = q.choice("state_class", list(STATES))
    negatives = q.difficulty >= 2

    def plant(st, r):
        lo = -5 if negatives else 0
        vals = [int(v) for v in r.integers(lo, 6, size=n + 1)]
        sign = -1 if negatives and r.random() < 0.5 else 1
        if kind == "at_rest":
            a = b = 0
        elif kind == "constant_speed":
            a = b = int(r.integers(1, 6))
        else:
            a, b = sorted(int(v) for v in r.choice(6, size=2, replace=False))
            if kind == "slowing_down":
                a, b = b, a
        vals[seg], vals[seg + 1] = sign * a, sign * b
        st["kind"], st["values"], st["cards"] = "velocity", [v * st["unit"] for v in vals], True
        return st

    vals = q.edit(plant)["values"]
    v0, v1 = vals[seg], vals[seg + 1]
    q.require(v0 * v1 >= 0, "velocity changes sign inside the interval")
    got = _classify(v0, v1)
    letter, opts = multiple_choice(q, got, lambda r: list(STATES), where="image")
    q.step("classify", v_start=v0, v_end=v1, state=got)
    return q.answer(letter, witnesses=f"seg:{seg}",
                    question=("The velocity–time graph shows an object moving along a straight line (negative "
                              "velocity means moving backwards). Which card A-D below the graph describes the "
                              "object over the marked interval (the highlighted part)?"))
