"""charts/scatter_points: a scatter plot of individual points on 0-100 x and y axes -- one plain
series, or named categories (a colour and marker shape each, with a legend) -- with a dashed
reference line at an asked threshold.

No coordinate is printed.  Points keep 1.5, 1.5 or 1 axis units away from an asked threshold,
and an asked category mean beats the runner-up by 10, 6 or 4 units.  Difficulty grows the
points (plain: 18-26, 29-41, 45-60) and the categories (3-4, 4-6, 6-7; 6-8, 8-12, 10-14 points
each).
"""

from __future__ import annotations

import math

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.curves import MARKER_SHAPES, XYView, draw_frame, markers
from tracegen.kits.names import category_labels
from tracegen.kits.panels import boxed_legend, category_color
from tracegen.kits.ranking import clear_extreme

N_CATS = {1: (3, 4), 2: (4, 6), 3: (6, 7)}
PER_CAT = {1: (6, 8), 2: (8, 12), 3: (10, 14)}
N_PLAIN = {1: (18, 26), 2: (29, 41), 3: (45, 60)}
GAP = {1: 1.5, 2: 1.5, 3: 1.0}
MARGIN = {1: 10.0, 2: 6.0, 3: 4.0}
LO, HI = 1.0, 99.0


def _pt(r, lo=LO, hi=HI):
    return round(float(r.uniform(lo, hi)), 1)


class ScatterPoints(Scene):
    domain, scene_id, size = "charts", "scatter_points", (1280, 820)
    fluid = True
    megapixels = (0.85, 1.3)
    description = ("A scatter plot of individual points on numeric x and y axes, plain or in named categories with a "
                   "legend; coordinates are not printed.")

    def variant(self, state):
        return "plain" if len(state["names"]) == 1 else "categorized"

    def sample(self, rng, difficulty):
        k = int(rng.integers(N_CATS[difficulty][0], N_CATS[difficulty][1] + 1))
        names = category_labels(rng, k, families=("words", "topics", "coined", "surnames"), max_len=10)
        points = []
        for _ in range(k):
            cx, cy = (float(v) for v in rng.uniform(22, 78, size=2))
            m = int(rng.integers(PER_CAT[difficulty][0], PER_CAT[difficulty][1] + 1))
            # m (x, y) pairs in one call: the same draws, in the same order, as a call per coordinate
            lo, hi = [max(LO, cx - 24), max(LO, cy - 24)] * m, [min(HI, cx + 24), min(HI, cy + 24)] * m
            xy = [round(v, 1) for v in rng.uniform(lo, hi).tolist()]
            points.append([xy[j:j + 2] for j in range(0, 2 * m, 2)])
        return {"names": names, "points": points}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        names, points = state["names"], state["points"]
        plain = len(names) == 1
        fs = 14.0
        leg_w = 0 if plain else max(c.text_width(n, size=fs) for n in names) + 64
        x0, x1, y0, y1 = 84, W - (leg_w + 56 if leg_w else 40), 40, H - 84
        v = XYView(x0, y0, x1, y1, 0, 100, 0, 100)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper")
        step = {"sparse": 25, "normal": 20, "dense": 10}[c.style.density]
        draw_frame(c, v, xticks=range(0, 101, step), yticks=range(0, 101, step), font_size=14)
        c.text((x0 + x1) / 2, y1 + 50, "X value", size=15, bold=True, color="muted")
        c.text(x0 - 56, (y0 + y1) / 2, "Y value", size=15, bold=True, color="muted", angle=-math.pi / 2)
        line = params.get("threshold")
        if line is not None:
            axis, t = line
            (ax, ay), (bx, by) = (v.px(t, 0), v.px(t, 100)) if axis == "x" else (v.px(0, t), v.px(100, t))
            c.line(ax, ay, bx, by, color="ink", lw=1.6, dash=[8.0, 5.0])
            if axis == "x":
                c.text(bx + 6, by + 14, f"x = {t}", size=14, bold=True, anchor="l", kind="tick")
            else:
                c.text(bx - 6, by - 12, f"y = {t}", size=14, bold=True, anchor="r", kind="tick")
        colors = ["accent"] if plain else [category_color(c, k) for k in range(len(names))]
        size = 10.0 if plain else 12.0
        for k, pts in enumerate(points):
            shape = c.style.marker if plain else MARKER_SHAPES[k % 4]
            px = [v.px(x, y) for x, y in pts]
            markers(c, px, shape, size, fill=colors[k], stroke="paper", lw=1.0)
            for i, (x, y) in enumerate(px):
                c.register(f"pt:{k}:{i}", box=(x - size / 2, y - size / 2, x + size / 2, y + size / 2), point=(x, y))
            xs, ys = [p[0] for p in px], [p[1] for p in px]
            c.register(f"cluster:{k}", box=(min(xs) - 7, min(ys) - 7, max(xs) + 7, max(ys) + 7))
        if not plain:
            boxed_legend(c, W - leg_w - 24, y0 + 4, leg_w, "Legend", names, size=fs,
                         ids=[f"legend:{k}" for k in range(len(names))],
                         draw_mark=lambda cv, k, x, y: cv.shape(MARKER_SHAPES[k % 4], x, y, 15.0, fill=colors[k],
                                                                stroke="paper", lw=1.0))


SCENE = ScatterPoints()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
PLAIN = "The chart is a scatter plot of individual data points on numeric x- and y-axes."
CATEGORIZED = ("The chart is a categorized scatter plot of individual data points on numeric x- and y-axes; each "
               "category has its own colour and marker shape, named in the legend.")
WORD = {"above": "greater than", "below": "less than"}


def _split(qid):
    """(axis, direction) from a query id such as ``category_x_above_threshold_count``."""
    parts = qid.split("_")
    i = parts.index("above") if "above" in parts else parts.index("below")
    return parts[i - 1], parts[i]


def _plant(r, pts, hits, axis, t, direction, gap):
    """Move the coordinate ``axis`` of each point: the ``hits`` indices onto the asked side of
    ``t``, the rest onto the other side, every one at least ``gap`` from it."""
    j = 0 if axis == "x" else 1
    for i, p in enumerate(pts):
        above = (i in hits) == (direction == "above")
        p[j] = _pt(r, t + gap, HI) if above else _pt(r, LO, t - gap)


def _threshold(q):
    return q.param("value", lambda r: 10 * int(r.integers(2, 9)))


COUNTS = {1: range(1, 7), 2: range(1, 11), 3: range(4, 15)}
CAT_COUNTS = {1: range(1, 6), 2: range(2, 10), 3: range(3, 12)}


# ---------------------------------------------------------------------- tasks
@task("axis_threshold_point_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison",
      queries=("x_above_threshold_count", "x_below_threshold_count", "y_above_threshold_count",
               "y_below_threshold_count"))
def axis_threshold_point_count(q):
    axis, direction = _split(q.query_id)
    target = q.target(COUNTS[q.difficulty], stratified=True)
    t = _threshold(q)
    q.param("threshold", lambda r: [axis, t])
    gap = GAP[q.difficulty]

    def plain(s, r):
        n = int(r.integers(N_PLAIN[q.difficulty][0], N_PLAIN[q.difficulty][1] + 1))
        pts = [[_pt(r), _pt(r)] for _ in range(n)]
        _plant(r, pts, set(int(i) for i in r.choice(n, size=target, replace=False)), axis, t, direction, gap)
        return {"names": ["Points"], "points": [pts]}

    s = q.edit(plain)
    pts = s["points"][0]
    j = 0 if axis == "x" else 1
    q.reads(*[p[j] for p in pts])
    hits = [i for i, p in enumerate(pts) if (p[j] > t if direction == "above" else p[j] < t)]
    q.balance(len(hits), COUNTS[q.difficulty])
    q.step("filter", axis=axis, threshold=t, direction=direction, kept=hits)
    return q.answer(len(hits), witnesses=[f"pt:0:{i}" for i in hits],
                    question=f"{PLAIN} How many plotted points have {axis} {WORD[direction]} {t}?")


@task("category_axis_mean_extremum_label", answer="string", annotation="bbox", ops="ranking,aggregation",
      queries=("largest_mean_x_category_label", "smallest_mean_x_category_label", "largest_mean_y_category_label",
               "smallest_mean_y_category_label"))
def category_axis_mean_extremum_label(q):
    s = q.state
    largest = q.query_id.startswith("largest")
    axis = q.query_id.split("_")[2]
    j = 0 if axis == "x" else 1
    means = {k: sum(p[j] for p in pts) / len(pts) for k, pts in enumerate(s["points"])}
    q.reads(*[round(m, 2) for m in means.values()])
    best = clear_extreme(q, means, largest=largest, margin=MARGIN[q.difficulty])
    q.step("means", axis=axis, means={s["names"][k]: round(m, 2) for k, m in means.items()}, chosen=best)
    word = "largest" if largest else "smallest"
    return q.answer(s["names"][best], witnesses=f"cluster:{best}", examples=s["names"],
                    question=(f"{CATEGORIZED} Which category's points have the {word} mean (average) "
                              f"{axis}-coordinate?"))


@task("category_threshold_point_count", answer="integer", annotation="point_set",
      ops="filtering,counting,comparison,logical_composition",
      queries=("category_x_above_threshold_count", "category_x_below_threshold_count",
               "category_y_above_threshold_count", "category_y_below_threshold_count"))
def category_threshold_point_count(q):
    axis, direction = _split(q.query_id)
    target = q.target(CAT_COUNTS[q.difficulty], stratified=True)
    k = q.param("category", lambda r: int(r.integers(len(q.state["names"]))))
    t = _threshold(q)
    q.param("threshold", lambda r: [axis, t])
    gap = GAP[q.difficulty]

    def plant(s, r):
        pts = s["points"][k]
        while len(pts) < target + 1:                  # room for the target and one point on the other side
            pts.append([_pt(r), _pt(r)])
        _plant(r, pts, set(int(i) for i in r.choice(len(pts), size=target, replace=False)), axis, t, direction, gap)
        j = 0 if axis == "x" else 1
        for m, other in enumerate(s["points"]):      # other categories stay clear of the line too
            if m != k:
                for p in other:
                    if abs(p[j] - t) < gap:
                        p[j] = round(t + gap if p[j] >= t else t - gap, 1)
        return s

    s = q.edit(plant)
    pts = s["points"][k]
    j = 0 if axis == "x" else 1
    q.reads(*[p[j] for p in pts])
    hits = [i for i, p in enumerate(pts) if (p[j] > t if direction == "above" else p[j] < t)]
    q.balance(len(hits), CAT_COUNTS[q.difficulty])
    q.step("filter", category=k, axis=axis, threshold=t, direction=direction, kept=hits)
    return q.answer(len(hits), witnesses=[f"pt:{k}:{i}" for i in hits],
                    question=(f"{CATEGORIZED} How many points of category {quoted(s['names'][k])} have {axis} "
                              f"{WORD[direction]} {t}?"))
