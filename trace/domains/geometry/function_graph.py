"""geometry/function_graph: one piecewise-linear function graph on a coordinate plane (-8..8 on both
axes, tick labels every unit), with its corners on lattice points.  Tasks count the graph's
local maxima or minima or all its turning points (the two ends of the graph never count), or read
two marked points A and B and give the average rate of change between them.

The graph is built from runs of rising and falling pieces; a run of two pieces with different
slopes bends without turning, so not every corner is a turning point.  Difficulty: more turning
points and bends (counts), and at 3 rates with thirds and fifths.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, around
from tracegen.kits.geometry import pick, rint
from tracegen.kits.plane import Plane, draw_plane, mark

R = 8
YMAX = 7
SIDE = 620


class FunctionGraph(Scene):
    domain, scene_id, size = "geometry", "function_graph", (SIDE + 40, SIDE + 40)
    megapixels = (0.28, 0.52)   # render-only: the original's square canvases of 641..719 px
    aspect_pad = 0.0
    description = "A piecewise-linear function graph on a coordinate plane with a grid and unit tick labels."

    def sample(self, rng, difficulty):
        return {"xs": [], "ys": [], "marks": {}}

    def render(self, c, state, params):
        pl = Plane.fit(20.0, 20.0, SIDE, SIDE, -R, R, -R, R)
        draw_plane(c, pl, major=5, tick_step=1, font_size=12.5)
        pts = [pl.px(x, y) for x, y in zip(state["xs"], state["ys"])]
        color = f"series:{c.style.accent % 4}"
        c.polyline(pts, color=color, lw=3.0)
        labels = Labels(c, pl.box)
        for a, b in zip(pts, pts[1:]):
            labels.seg(a, b)
        for k, p in enumerate(pts):
            c.register(f"v:{k}", point=p, box=(p[0] - 5, p[1] - 5, p[0] + 5, p[1] + 5))
        for name, k in sorted(state["marks"].items()):
            x, y = pts[k]
            mark(c, x, y, "dot", color=color, size=6.0, id=f"pt:{name}")
            labels.disc(x, y, 8.0)
        labels.place_all([{"text": name, "candidates": around(*pts[k], 10.0, -math.pi / 2), "size": 18.0, "bold": True,
                           "halo": True} for name, k in sorted(state["marks"].items())])


SCENE = FunctionGraph()
task = SCENE.task


def slopes(xs, ys):
    return [(ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]) for i in range(len(xs) - 1)]


def turning(xs, ys):
    """(index, "max" | "min") of every interior corner where the graph turns."""
    s = slopes(xs, ys)
    return [(i + 1, "max" if s[i] > 0 else "min") for i in range(len(s) - 1) if s[i] * s[i + 1] < 0]


def build_runs(rng, signs, bends, steps=(1, 2)):
    """Corners for runs of the given slope signs (one piece each, two for a bending run), within
    the plane; None when they do not fit."""
    pieces = []
    for k, sgn in enumerate(signs):
        n = 2 if k in bends else 1
        pieces += [(sgn, k) for _ in range(n)]
    dxs = [pick(rng, steps) for _ in pieces]
    while sum(dxs) > 2 * R and any(d > 1 for d in dxs):
        i = max(range(len(dxs)), key=lambda j: dxs[j])
        dxs[i] -= 1
    if sum(dxs) > 2 * R:
        return None
    x = rint(rng, -R, R - sum(dxs))
    y = rint(rng, -3, 3)
    xs, ys = [x], [y]
    prev = None
    for (sgn, run), dx in zip(pieces, dxs):
        for _ in range(30):
            dy = sgn * rint(rng, 1, 2 * YMAX)
            ny = y + dy
            if abs(ny) <= YMAX and (prev is None or prev[1] != run or dy * prev[2] != prev[0] * dx):
                break
        else:
            return None
        prev = (dy, run, dx)
        x, y = x + dx, ny
        xs.append(x)
        ys.append(y)
    return xs, ys


def finish_count(q, kinds, question):
    s = q.state
    pts = [i for i, k in turning(s["xs"], s["ys"]) if k in kinds]
    q.step("turning", corners=pts)
    return q.answer(len(pts), witnesses=[f"v:{i}" for i in pts],
                    question="The figure shows a plotted function graph on graph paper. " + question
                    + " The two ends of the graph do not count.")


COUNTS = {1: range(1, 5), 2: range(2, 7), 3: range(3, 9)}
BENDS = {1: 0.0, 2: 0.3, 3: 0.5}


def counted_graph(q, want):
    """A graph with ``want(turning points) == target``; returns the target."""
    d = q.difficulty
    target = q.target(COUNTS[d], stratified=True)

    def build(s, rng):
        for _ in range(300):
            t = rint(rng, 2 * target - 1, min(2 * target + 1, 2 * R - 3)) if want is not None else target
            first = 1 if rng.integers(2) else -1
            signs = [first * (-1) ** k for k in range(t + 1)]
            bends = {k for k in range(t + 1) if rng.random() < BENDS[d]}
            got = build_runs(rng, signs, bends, steps=(1, 2) if t < 6 else (1, 1, 2))
            if got is None:
                continue
            xs, ys = got
            tp = turning(xs, ys)
            n = len(tp) if want is None else sum(k == want for _, k in tp)
            if n == target:
                s["xs"], s["ys"] = xs, ys
                return s
        return s

    s = q.edit(build)
    q.require(len(s["xs"]) > 1, "no graph with the target count")
    return target


@task("extremum_count_local_extremum_count", answer="integer", annotation="point_set",
      ops="filtering,counting,ranking", queries=("minimum", "maximum"))
def local_extremum_count(q):
    kind = "min" if q.query_id == "minimum" else "max"
    counted_graph(q, kind)
    word = "minimum" if kind == "min" else "maximum"
    return finish_count(q, {kind}, f"How many local {word} points does the graph have in the shown window?")


@task("extremum_count_turning_point_count", answer="integer", annotation="point_set",
      ops="filtering,counting,ranking")
def turning_point_count(q):
    counted_graph(q, None)
    return finish_count(q, {"max", "min"}, "How many turning points (where the graph changes between increasing "
                                           "and decreasing) does it have in the shown window?")


# ---------------------------------------------------------------------- average rate of change
RATES = {1: [(n, 1) for n in (-3, -2, -1, 1, 2, 3)],
         2: [(n, 2) for n in (-4, -3, -2, -1, 1, 2, 3, 4)],
         3: [(n, dd) for dd in (3, 5) for n in range(-2 * dd, 2 * dd + 1) if n and math.gcd(n, dd) == 1]}


@task("average_rate_value", answer="number", annotation="point_map", ops="formula_evaluation")
def average_rate_value(q):
    d = q.difficulty
    num, den = q.target(RATES[d], stratified=True)

    def build(s, rng):
        for _ in range(300):
            k = pick(rng, [m for m in (1, 2, 3, 4) if abs(num) * m <= 2 * YMAX and den * m <= 10])
            dx, dy = den * k, num * k
            xa = rint(rng, -R + 1, R - 1 - dx)
            ya = rint(rng, -YMAX + max(0, -dy), YMAX - max(0, dy))
            xb, yb = xa + dx, ya + dy
            inner = [x for x in range(xa + 1, xb)]
            mids = sorted(pick(rng, inner) for _ in range(int(rng.integers(0, 2)))) if inner else []
            left = rint(rng, -R, xa - 1) if xa > -R else xa          # the graph runs on past A and B
            right = rint(rng, xb + 1, R) if xb < R else xb
            xs = sorted({xa, xb, *mids, left, right})
            if len(xs) < 4:
                continue
            ys = []
            for x in xs:
                ys.append(ya if x == xa else yb if x == xb else rint(rng, -YMAX, YMAX))
            sl = slopes(xs, ys)
            if any(abs(a - b) < 1e-9 for a, b in zip(sl, sl[1:])):
                continue
            s["xs"], s["ys"] = xs, ys
            s["marks"] = {"A": xs.index(xa), "B": xs.index(xb)}
            return s
        return s

    s = q.edit(build)
    q.require(bool(s["marks"]), "no graph through A and B")
    a, b = s["marks"]["A"], s["marks"]["B"]
    rate = (s["ys"][b] - s["ys"][a]) / (s["xs"][b] - s["xs"][a])
    q.reads(*[f"({s['xs'][i]}, {s['ys'][i]})" for i in (a, b)])
    return q.answer(rate, witnesses={"A": "pt:A", "B": "pt:B"}, rounding=1,
                    question="The figure shows a plotted function graph on graph paper with marked points A and B. "
                             "What is the average rate of change of the function from point A to point B?")
