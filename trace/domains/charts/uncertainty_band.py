"""charts/uncertainty_band: a line chart of two labelled series over ordered x-axis labels, each
a central line with markers inside a translucent shaded band from its lower to its upper bound,
on a 0-100 value axis.

No value is printed.  At every x the two bands either overlap by at least 3, 2.5 or 2 units or
stay as far apart, and an asked widest or narrowest band beats the runner-up by 4, 3 or 2 units.
Difficulty grows the x labels (5-6, 7-9, 10-12).
"""

from __future__ import annotations

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.curves import XYView, markers, walk
from tracegen.kits.names import category_labels
from tracegen.kits.panels import legend_column
from tracegen.kits.ranking import clear_extreme
from tracegen.kits.sciplot import category_frame, place_interval

N_X = {1: (5, 6), 2: (7, 9), 3: (10, 12)}
GAP = {1: 3.0, 2: 2.5, 3: 2.0}
MARGIN = {1: 4, 2: 3, 3: 2}
HALF = (3, 14)
TITLES = ("Forecast Range Bands", "Estimates with Uncertainty", "Projected Ranges", "Confidence Bands")
ALPHA = 0.32


class UncertaintyBand(Scene):
    domain, scene_id, size = "charts", "uncertainty_band", (1180, 760)
    fluid = True
    megapixels = (0.75, 1.15)
    description = ("Two labelled series over ordered x labels, each a central line inside a shaded lower-to-upper "
                   "uncertainty band; values are not printed.")

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_X[difficulty][0], N_X[difficulty][1] + 1))
        names = category_labels(rng, 2, families=("coined", "places", "surnames"), max_len=8)
        xl = category_labels(rng, n, families=("codes", "coined", "places", "fiscal_years"), ordered=True, max_len=6)
        while set(xl) & set(names):
            xl = category_labels(rng, n, families=("codes", "fiscal_years"), ordered=True, max_len=6)
        series = []
        for _ in range(2):
            half = [int(h) for h in rng.integers(HALF[0], HALF[1] + 1, size=n)]
            centre = walk(rng, n, 20, 80, step=14)
            series.append({"centre": centre, "half": half})
        return {"names": names, "x_labels": xl, "series": series,
                "title": TITLES[int(rng.integers(len(TITLES)))]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        names, xl, series = state["names"], state["x_labels"], state["series"]
        n = len(xl)
        leg_w = max(c.text_width(s, size=14) for s in names) + 50
        x0, x1, y0, y1 = 70, W - leg_w - 40, 64, H - 56
        c.text(x0, 30, state["title"], size=20, bold=True, anchor="l")
        v = XYView(x0, y0, x1, y1, -0.3, n - 0.7, 0, 100)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper")
        category_frame(c, v, xl, range(0, 101, 20), ids=[f"x:{i}" for i in range(n)])
        colors = ["series:0", "series:1"]
        ctx = c.ctx
        for j, sr in enumerate(series):
            upper = v.pts(range(n), [m + h for m, h in zip(sr["centre"], sr["half"])])
            lower = v.pts(range(n), [m - h for m, h in zip(sr["centre"], sr["half"])])
            ctx.move_to(*upper[0])
            for p in upper[1:] + lower[::-1]:
                ctx.line_to(*p)
            ctx.close_path()
            ctx.set_source_rgba(*c.color(colors[j]), ALPHA)
            ctx.fill()
            c.polyline(upper, color=colors[j], lw=1.4)
            c.polyline(lower, color=colors[j], lw=1.4)
            for i, (u, lo) in enumerate(zip(upper, lower)):
                c.register(f"band:{j}:{i}", segment=(lo, u))
        for j, sr in enumerate(series):
            pts = v.pts(range(n), sr["centre"])
            c.polyline(pts, color=colors[j], lw=2.6)
            markers(c, pts, "circle", 10.0, fill=colors[j], stroke="paper", lw=1.2)
        a, b = series
        for i in range(n):
            top = min(a["centre"][i] + a["half"][i], b["centre"][i] + b["half"][i])
            bottom = max(a["centre"][i] - a["half"][i], b["centre"][i] - b["half"][i])
            if top > bottom:
                c.register(f"overlap:{i}", point=v.px(i, (top + bottom) / 2))
        legend_column(c, W - leg_w - 20, y0 + 4, list(zip(names, colors)), size=14)


SCENE = UncertaintyBand()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s):
    return (f"The chart is a line chart of two labelled series, {quoted(s['names'][0])} and {quoted(s['names'][1])}; "
            "each has a central line and a shaded band from its lower to its upper bound at every x-axis label.")


def _interval(sr, i):
    return sr["centre"][i] - sr["half"][i], sr["centre"][i] + sr["half"][i]


COUNTS = {1: range(1, 5), 2: range(1, 6), 3: range(2, 9)}


# ---------------------------------------------------------------------- tasks
@task("band_overlap_count", answer="integer", annotation="point_set", ops="filtering,counting,spatial_relations")
def band_overlap_count(q):
    t = q.target(COUNTS[q.difficulty], stratified=True)
    gap = GAP[q.difficulty]

    def plant(s, r):                  # series b placed against series a: overlapping at t x labels
        n = len(s["x_labels"])
        if t > n:
            return s
        a, b = s["series"]
        hits = set(int(i) for i in r.choice(n, size=t, replace=False))
        for i in range(n):
            centre = place_interval(r, a["centre"][i], a["half"][i], b["half"][i], overlap=i in hits, gap=gap)
            if centre is None:
                return s
            b["centre"][i] = centre
        return s

    s = q.edit(plant)
    a, b = s["series"]
    hits = []
    for i in range(len(s["x_labels"])):
        (a0, a1), (b0, b1) = _interval(a, i), _interval(b, i)
        depth = min(a1, b1) - max(a0, b0)
        q.require(abs(depth) >= gap, "two bands nearly touch")
        if depth > 0:
            hits.append(i)
    q.reads(*[v for sr in s["series"] for i in range(len(s["x_labels"])) for v in _interval(sr, i)])
    q.balance(len(hits), COUNTS[q.difficulty])
    q.step("overlaps", kept=hits)
    return q.answer(len(hits), witnesses=[f"overlap:{i}" for i in hits],
                    question=(f"{_intro(s)} At how many x-axis labels do the two shaded bands overlap (share some "
                              "vertical range)?"))


@task("band_width_extremum_x_label", answer="string", annotation="segment", ops="ranking,formula_evaluation",
      queries=("narrowest_band_x_label", "widest_band_x_label"))
def band_width_extremum_x_label(q):
    s = q.state
    j = q.param("series", lambda r: int(r.integers(2)))
    widest = q.query_id == "widest_band_x_label"
    widths = {i: 2 * h for i, h in enumerate(s["series"][j]["half"])}
    q.reads(*widths.values())
    i = clear_extreme(q, widths, largest=widest, margin=MARGIN[q.difficulty])
    q.step("widths", series=j, widths=widths, chosen=i)
    word = "widest" if widest else "narrowest"
    return q.answer(s["x_labels"][i], witnesses=f"band:{j}:{i}", examples=s["x_labels"],
                    question=(f"{_intro(s)} Measuring a band's width as its upper bound minus its lower bound, at "
                              f"which x-axis label is the band of {quoted(s['names'][j])} {word}?"))
