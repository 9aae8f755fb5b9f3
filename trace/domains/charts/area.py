"""charts/area: a filled area chart, or a stacked area chart, with every value printed.

*Single*: one filled series over labelled x positions, its (even) value printed above each
point; tasks add trapezoids over an interval of positions (unit width, so each neighbouring
pair adds (left + right) / 2).  *Stacked*: 2-4 category bands stacked over the same positions,
each band's value printed inside it at every position and the categories named in a legend;
tasks add one band over an interval or find the band with the largest interval total.
Difficulty grows the positions (5-6, 7-9, 10-12), the interval and the bands.
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.charts import Axes, draw_value_axes, nice_step
from tracegen.kits.levels import text_color
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color, legend_column, value_tag

N_POINTS = {1: (5, 6), 2: (7, 9), 3: (10, 12)}
N_BANDS = {1: (2, 3), 2: (3, 3), 3: (3, 4)}
SPAN = {1: (3, 4), 2: (4, 6), 3: (5, 7)}          # positions in an asked interval
X_FAMILIES = ("places", "codes", "fiscal_years", "months", "surnames")
TITLES = ("Weekly volume", "Output by period", "Usage over time", "Share by segment", "Shipments", "Load profile")


class Area(Scene):
    domain, scene_id, size = "charts", "area", (900, 580)
    megapixels = (0.62, 0.85)
    fluid = True
    description = ("A filled area chart with a value printed at each labelled position, or a stacked area chart "
                   "with printed band values and a legend.")

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_POINTS[difficulty][0], N_POINTS[difficulty][1] + 1))
        xs = category_labels(rng, n, families=X_FAMILIES, ordered=True, max_len=6)
        k = int(rng.integers(N_BANDS[difficulty][0], N_BANDS[difficulty][1] + 1))
        return {"kind": "single", "x_labels": xs, "title": TITLES[int(rng.integers(len(TITLES)))],
                "values": [int(v) for v in 2 * rng.integers(3, 26, size=n)],
                "bands": category_labels(rng, k, families=("surnames", "coined", "places"), max_len=8),
                "stack": [[int(v) for v in rng.integers(3, 17, size=n)] for _ in range(k)]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        stacked = state["kind"] == "stacked"
        n = len(state["x_labels"])
        c.text(24, 24, state["title"], size=18, bold=True, anchor="l")
        right = W - 24
        if stacked:
            lw = max(c.text_width(s, size=14) for s in state["bands"]) + 60
            right = W - lw - 20
            legend_column(c, right + 18, 64, [(s, category_color(c, k)) for k, s in enumerate(state["bands"])],
                          size=14, row_h=28)
        tops = ([sum(col) for col in zip(*state["stack"])] if stacked else state["values"])
        step = nice_step(max(tops) * 1.12, 5)
        ymax = step * (int(max(tops) * 1.12 / step) + 1)
        ax = Axes(70, 56, right, H - 50, 0, ymax)
        draw_value_axes(c, ax, step)
        xs = [ax.slot(i, n) for i in range(n)]
        for i, s in enumerate(state["x_labels"]):
            c.text(xs[i], ax.y1 + 16, s, size=14, id=f"x:{i}")
        if stacked:
            self._stacked(c, state, ax, xs)
        else:
            self._single(c, state, ax, xs)

    @staticmethod
    def _single(c, state, ax, xs):
        col = c.style.accent_rgb
        pts = [(x, ax.y(v)) for x, v in zip(xs, state["values"])]
        c.polygon([(xs[0], ax.y1)] + pts + [(xs[-1], ax.y1)], fill=blend(col, c.color("paper"), 0.45))
        c.polyline(pts, color=col, lw=2.4)
        for i, ((x, y), v) in enumerate(zip(pts, state["values"])):
            c.circle(x, y, 5.0, fill="paper", stroke=col, lw=2.0, id=f"point:{i}")
            value_tag(c, x, y - 17, str(v), size=14)

    @staticmethod
    def _stacked(c, state, ax, xs):
        base = [0] * len(xs)
        for k, row in enumerate(state["stack"]):
            top = [b + v for b, v in zip(base, row)]
            fill = category_color(c, k)
            c.polygon([(x, ax.y(t)) for x, t in zip(xs, top)] + [(x, ax.y(b)) for x, b in zip(xs[::-1], base[::-1])],
                      fill=fill, stroke="paper", lw=1.2)
            ink = text_color(c, fill)
            for i, (x, b, t) in enumerate(zip(xs, base, top)):
                y = (ax.y(b) + ax.y(t)) / 2
                c.register(f"band:{k}:{i}", point=(x, y), box=(x - 10, ax.y(t), x + 10, ax.y(b)))
                c.text(x + (12 if i == 0 else -12 if i == len(xs) - 1 else 0), y, str(row[i]), size=13,
                       bold=True, color=ink)
            base = top


SCENE = Area()
task = SCENE.task


def _interval(q):
    """An interval of positions [i, j] (inclusive) of the difficulty's length."""
    n = len(q.state["x_labels"])
    lo, hi = SPAN[q.difficulty]

    def draw(r):
        m = min(n, int(r.integers(lo, hi + 1)))
        i = int(r.integers(0, n - m + 1))
        return [i, i + m - 1]

    return q.param("interval", draw)


def _stacked(q):
    def fn(s, r):
        s["kind"] = "stacked"
        return s

    return q.edit(fn)


def _through(s, i, j):
    return f"from {quoted(s['x_labels'][i])} through {quoted(s['x_labels'][j])}"


SINGLE = "The chart is a filled area chart with its value printed at each labelled x position."
STACKED = ("The chart is a stacked area chart: colored category bands named in the legend, with each band's value "
           "printed inside it at every x position.")


# ---------------------------------------------------------------------- tasks
@task("interval_area_value", answer="integer", annotation="point_set", ops="aggregation,formula_evaluation")
def interval_area_value(q):
    s = q.state
    i, j = _interval(q)
    vals = s["values"]
    area2 = sum(vals[k] + vals[k + 1] for k in range(i, j))
    q.require(area2 % 2 == 0, "half-integer area")
    area = area2 // 2
    q.require(area not in vals, "the area is also a printed value")
    q.step("trapezoids", interval=[i, j], result=area)
    return q.answer(area, witnesses=[f"point:{k}" for k in range(i, j + 1)],
                    question=(f"{SINGLE} Taking each neighbouring pair of positions as one unit wide, what is the area "
                              f"under the curve {_through(s, i, j)}, i.e. the sum of (left value + right value) / 2 "
                              f"over every neighbouring pair in that range?"))


@task("stacked_band_interval_sum_value", answer="integer", annotation="point_set", ops="aggregation")
def stacked_band_interval_sum_value(q):
    s = _stacked(q)
    i, j = _interval(q)
    k = q.param("band", lambda r: int(r.integers(len(s["bands"]))))
    total = sum(s["stack"][k][i:j + 1])
    q.require(total not in [v for row in s["stack"] for v in row], "the sum is also a printed value")
    q.step("sum", band=s["bands"][k], interval=[i, j], result=total)
    return q.answer(total, witnesses=[f"band:{k}:{x}" for x in range(i, j + 1)],
                    question=(f"{STACKED} What is the sum of the {quoted(s['bands'][k])} band's values "
                              f"{_through(s, i, j)}, inclusive?"))


@task("stacked_band_dominance_label", answer="string", annotation="point_set", ops="ranking,aggregation")
def stacked_band_dominance_label(q):
    s = _stacked(q)
    i, j = _interval(q)
    sums = [sum(row[i:j + 1]) for row in s["stack"]]
    q.require(sums.count(max(sums)) == 1, "tied band totals")
    k = sums.index(max(sums))
    q.step("sums", interval=[i, j], sums=sums, winner=k)
    return q.answer(s["bands"][k], witnesses=[f"band:{k}:{x}" for x in range(i, j + 1)], examples=s["bands"],
                    question=(f"{STACKED} Adding each band's printed values {_through(s, i, j)}, inclusive, which "
                              f"category has the greatest total?"))
