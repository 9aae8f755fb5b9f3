"""charts/style_legend: a scientific line chart whose series are told apart by their legend
style -- line pattern, marker shape, filled or hollow marker, and colour or (in a third of the
charts) only grey tones -- over ordered x-axis labels, read off a 0-100 value axis.

No value is printed.  Values are whole units; an asked extreme beats the runner-up by 6, 4 or
3 units and values compared with a threshold stay 5, 4 or 3 units clear of it.  Difficulty
grows the series (3-4, 4-6, 6-7) and the x positions (5-6, 6-9, 9-11).
"""

from __future__ import annotations

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.curves import XYView, walk
from tracegen.kits.names import category_labels
from tracegen.kits.ranking import clear_extreme
from tracegen.kits.sciplot import category_frame, draw_styled_series, legend_width, reference_line, sci_looks, \
    style_legend

N_SERIES = {1: (3, 4), 2: (4, 6), 3: (6, 7)}
N_X = {1: (5, 6), 2: (6, 9), 3: (9, 11)}
MARGIN = {1: 6, 2: 4, 3: 3}
GAP = {1: 5, 2: 4, 3: 3}
TITLES = ("Method Performance Trace", "Benchmark Results", "Model Comparison", "Trial Outcomes", "Sensor Readings")
INTRO = ("The figure is a scientific line chart; each series is identified by its legend style (line pattern, "
         "marker shape, filled or hollow marker, and colour or greyscale tone).")


class StyleLegend(Scene):
    domain, scene_id, size = "charts", "style_legend", (1280, 820)
    fluid = True
    megapixels = (0.85, 1.3)
    description = ("A scientific line chart whose series are identified by legend style (pattern, marker, fill, "
                   "colour or grey tone) over ordered x labels; values are not printed.")

    def sample(self, rng, difficulty):
        k = int(rng.integers(N_SERIES[difficulty][0], N_SERIES[difficulty][1] + 1))
        n = int(rng.integers(N_X[difficulty][0], N_X[difficulty][1] + 1))
        names = category_labels(rng, k, families=("coined", "surnames", "words", "places"), max_len=8)
        xl = category_labels(rng, n, families=("codes", "fiscal_years", "coined", "places"), ordered=True, max_len=6)
        while set(xl) & set(names):
            xl = category_labels(rng, n, families=("codes", "fiscal_years"), ordered=True, max_len=6)
        return {"series": names, "x_labels": xl, "values": [walk(rng, n, 5, 95, step=18) for _ in range(k)],
                "mono": bool(rng.random() < 1 / 3), "title": TITLES[int(rng.integers(len(TITLES)))]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        names, xl, vals = state["series"], state["x_labels"], state["values"]
        looks = sci_looks(c, len(names), mono=state["mono"])
        leg_w = legend_width(c, names)
        x0, x1, y0, y1 = 70, W - leg_w - 48, 64, H - 60
        left = c.style.accent % 2 == 0
        c.text(x0 if left else (x0 + x1) / 2, 30, state["title"], size=20, bold=True, anchor="l" if left else "c")
        n = len(xl)
        v = XYView(x0, y0, x1, y1, -0.4, n - 0.6, 0, 100)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper")
        step = {"sparse": 25, "normal": 20, "dense": 10}[c.style.density]
        category_frame(c, v, xl, range(0, 101, step), ids=[f"x:{i}" for i in range(n)])
        thr = params.get("threshold")
        if thr is not None:
            reference_line(c, v, thr, f"T = {thr}")
        for k, look in enumerate(looks):
            draw_styled_series(c, v.pts(range(n), vals[k]), look, ids=[f"pt:{k}:{i}" for i in range(n)])
        style_legend(c, W - leg_w - 24, y0, names, looks, ids=[f"legend:{k}" for k in range(len(names))])


SCENE = StyleLegend()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _x(q):
    return q.param("x", lambda r: int(r.integers(len(q.state["x_labels"]))))


def _series(q):
    return q.param("series", lambda r: int(r.integers(len(q.state["series"]))))


COUNTS = {1: range(0, 4), 2: range(0, 6), 3: range(1, 8)}


# ---------------------------------------------------------------------- tasks
@task("series_extremum_x_label", answer="string", annotation="point", ops="ranking",
      queries=("series_highest_x_label", "series_lowest_x_label"))
def series_extremum_x_label(q):
    s = q.state
    k = _series(q)
    highest = q.query_id == "series_highest_x_label"
    vals = s["values"][k]
    q.reads(*vals)
    i = clear_extreme(q, dict(enumerate(vals)), largest=highest, margin=MARGIN[q.difficulty])
    q.step("extreme", series=k, index=i)
    word = "highest" if highest else "lowest"
    return q.answer(s["x_labels"][i], witnesses=f"pt:{k}:{i}", examples=s["x_labels"],
                    question=f"{INTRO} At which x-axis label does the series {quoted(s['series'][k])} reach its "
                             f"{word} value?")


@task("threshold_series_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison",
      queries=("above_threshold_series_count", "below_threshold_series_count"))
def threshold_series_count(q):
    above = q.query_id == "above_threshold_series_count"
    t = q.target(COUNTS[q.difficulty], stratified=True)
    i = _x(q)
    thr = q.param("threshold", lambda r: 10 * int(r.integers(3, 8)))
    gap = GAP[q.difficulty]

    def plant(s, r):
        k = len(s["series"])
        if t > k:
            return s
        hits = set(int(j) for j in r.choice(k, size=t, replace=False))
        for j in range(k):
            up = (j in hits) == above
            s["values"][j][i] = int(r.integers(thr + gap, min(100, thr + 40))) if up else \
                int(r.integers(max(0, thr - 40), thr - gap + 1))
        return s

    s = q.edit(plant)
    at = [row[i] for row in s["values"]]
    q.reads(*at)
    q.require(all(abs(v - thr) >= gap for v in at), "a series sits near the threshold")
    hits = [j for j, v in enumerate(at) if (v > thr if above else v < thr)]
    q.balance(len(hits), COUNTS[q.difficulty])
    q.step("filter", x=i, threshold=thr, kept=hits)
    word = "above" if above else "below"
    return q.answer(len(hits), witnesses=[f"pt:{j}:{i}" for j in hits],
                    question=(f"{INTRO} A reference line marks the threshold T = {thr}. At x-axis label "
                              f"{quoted(s['x_labels'][i])}, how many series have a value {word} the threshold?"))


@task("x_position_extremum_series_label", answer="string", annotation="point", ops="ranking",
      queries=("x_position_highest_series_label", "x_position_lowest_series_label"))
def x_position_extremum_series_label(q):
    s = q.state
    i = _x(q)
    highest = q.query_id == "x_position_highest_series_label"
    at = {k: row[i] for k, row in enumerate(s["values"])}
    q.reads(*at.values())
    k = clear_extreme(q, at, largest=highest, margin=MARGIN[q.difficulty])
    q.step("extreme", x=i, series=k)
    word = "highest" if highest else "lowest"
    return q.answer(s["series"][k], witnesses=f"pt:{k}:{i}", examples=s["series"],
                    question=f"{INTRO} At x-axis label {quoted(s['x_labels'][i])}, which series has the {word} "
                             "value?")
