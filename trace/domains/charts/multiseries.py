"""charts/multiseries: several named series over labelled categories (lines with markers,
grouped bars, or offset dots), with a legend; values are read off a fine value axis (a faint
gridline at every unit, labelled every few units) and never printed.

The tasks rank categories by a combination of two or all series (totals, differences, ratios,
shares, an equal pair) or rank the series at one category.  Difficulty grows the series (3-4,
4, 4-6), the categories (7-8, 9-10, 11-13) and the axis span (20, 25, 30-40 units) and
shrinks the margin by which the answer wins (3, 2, 1 units; 13 %, 7 %, 4 % for ratios and shares).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.charts import ValueScale, draw_fine_axis, major_step
from tracegen.kits.curves import draw_series, legend_mark, markers, series_look
from tracegen.kits.names import category_labels
from tracegen.kits.panels import legend_column
from tracegen.kits.ranking import clear_extreme

N_SERIES = {1: (3, 4), 2: (4, 4), 3: (4, 6)}
N_CATS = {1: (7, 8), 2: (9, 10), 3: (11, 13)}
SPANS = {1: (20,), 2: (25,), 3: (30, 35, 40)}
MARGIN = {1: 3, 2: 2, 3: 1}
RATIO_MARGIN = {1: 0.13, 2: 0.07, 3: 0.04}   # the runner-up is this share smaller
CHARTS = ("line", "line", "bars", "dots")
CHART_WORDS = {"line": "a multi-line chart", "bars": "a grouped bar chart", "dots": "a multi-series dot plot"}


class Multiseries(Scene):
    domain, scene_id, size = "charts", "multiseries", (1100, 620)
    fluid = True
    megapixels = (0.8, 1.3)
    description = ("Several named series over labelled categories (lines, grouped bars or dots) with a legend, read "
                   "off a fine value axis; values are not printed.")

    def sample(self, rng, difficulty):
        n_s = int(rng.integers(N_SERIES[difficulty][0], N_SERIES[difficulty][1] + 1))
        n_c = int(rng.integers(N_CATS[difficulty][0], N_CATS[difficulty][1] + 1))
        span = int(rng.choice(SPANS[difficulty]))
        lo = int(rng.choice([0, 0, 5, 10, 15]))
        series = category_labels(rng, n_s, families=("surnames", "places", "words"), max_len=7)
        cats = category_labels(rng, n_c, families=("codes", "places", "surnames", "words", "fiscal_years"), max_len=5)
        while set(cats) & set(series):
            cats = category_labels(rng, n_c, families=("codes", "fiscal_years"), max_len=5)
        values = [[int(v) for v in rng.integers(lo + 1, lo + span + 1, size=n_c)] for _ in range(n_s)]
        return {"series": series, "categories": cats, "values": values, "lo": lo, "hi": lo + span,
                "chart": CHARTS[int(rng.integers(len(CHARTS)))]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        st = c.style
        series, cats, vals, chart = state["series"], state["categories"], state["values"], state["chart"]
        n_s, n_c = len(series), len(cats)
        looks = [series_look(k, shapes=chart != "bars") for k in range(n_s)]
        leg_w = 60 + max(c.text_width(s, size=14) for s in series)
        x0, x1, y0, y1 = 64, W - leg_w - 44, 28, H - 52
        sc = ValueScale(state["lo"], state["hi"], y1, y0, 1, major_step(1, state["hi"] - state["lo"], st.ticks(6)))
        draw_fine_axis(c, sc, vertical=True, cross0=x0, cross1=x1)
        slot = (x1 - x0) / n_c
        xs = [x0 + slot * (i + 0.5) for i in range(n_c)]
        for i, s in enumerate(cats):
            c.text(xs[i], y1 + 18, s, size=13, id=f"label:{i}")
        base = sc.pos(state["lo"])
        for k in range(n_s):
            ids = [f"pt:{k}:{i}" for i in range(n_c)]
            if chart == "bars":
                bw = slot * 0.8 / n_s
                for i, v in enumerate(vals[k]):
                    bx = xs[i] - slot * 0.4 + k * bw
                    c.rect(bx, sc.pos(v), bw * 0.9, base - sc.pos(v), fill=looks[k].color)
                    c.register(ids[i], box=(bx, sc.pos(v), bx + bw * 0.9, base), point=(bx + bw * 0.45, sc.pos(v)))
            elif chart == "dots":
                off = (k - (n_s - 1) / 2) * min(8.0, slot * 0.6 / n_s)
                pts = [(x + off, sc.pos(v)) for x, v in zip(xs, vals[k])]
                markers(c, pts, looks[k].shape, 10.0, fill=looks[k].color, stroke="paper")
                for (px, py), i in zip(pts, ids):
                    c.register(i, box=(px - 5, py - 5, px + 5, py + 5), point=(px, py))
            else:
                draw_series(c, [(x, sc.pos(v)) for x, v in zip(xs, vals[k])], looks[k], lw=1.8, marker=9.0, ids=ids)
        c.line(x0, y0, x0, y1, color="ink", lw=1.5)
        c.line(x0, y1, x1, y1, color="ink", lw=1.5)
        lx = W - leg_w - 20
        c.rect(lx, y0, leg_w, 26 * n_s + 24, fill="panel", stroke="grid", lw=1.0)

        def sample(cv, k, x, y):
            if chart == "bars":
                cv.rect(x - 8, y - 7, 16, 14, fill=looks[k].color)
            else:
                legend_mark(cv, looks[k], x + 2, y)

        legend_column(c, lx + 12, y0 + 12, [(s, looks[k].color) for k, s in enumerate(series)], size=14, row_h=26,
                      draw_mark=sample)


SCENE = Multiseries()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s) -> str:
    return (f"The image shows {CHART_WORDS[s['chart']]} with labeled categories on the horizontal axis and a legend. "
            "Each colored series has one value per category, read off the value axis.")


def _pair(q, s):
    return q.param("pair", lambda r: [int(k) for k in r.choice(len(s["series"]), size=2, replace=False)])


def _marks(s, i, ks):
    return {s["series"][k]: f"pt:{k}:{i}" for k in ks}




def _clamp(s, v):
    return min(s["hi"], max(s["lo"] + 1, v))


def _read_all(q, s):
    q.reads(*[v for row in s["values"] for v in row])


# ---------------------------------------------------------------------- tasks
@task("category_total_extremum_label", answer="string", annotation="point_map", ops="ranking,aggregation",
      queries=("largest_category_total_label", "smallest_category_total_label"))
def category_total_extremum_label(q):
    large = q.query_id.startswith("largest")
    s = q.state
    w = q.param("winner", lambda r: int(r.integers(len(s["categories"]))))

    def plant(st, r):
        vals = st["values"]
        totals = [sum(row[i] for row in vals) for i in range(len(st["categories"])) if i != w]
        want = max(totals) + MARGIN[q.difficulty] + int(r.integers(0, 3)) if large else \
            min(totals) - MARGIN[q.difficulty] - int(r.integers(0, 3))
        for k in r.permutation(len(vals)):
            row = vals[int(k)]
            row[w] = _clamp(st, row[w] + want - sum(rr[w] for rr in vals))
        return st

    s = q.edit(plant)
    _read_all(q, s)
    totals = {i: sum(row[i] for row in s["values"]) for i in range(len(s["categories"]))}
    i = clear_extreme(q, totals, largest=large, margin=MARGIN[q.difficulty])
    q.step("category_totals", totals={s["categories"][k]: t for k, t in totals.items()})
    return q.answer(s["categories"][i], witnesses=_marks(s, i, range(len(s["series"]))), examples=s["categories"],
                    question=(f"{_intro(s)} For each category, add the values of all series. Which category has the "
                              f"{'largest' if large else 'smallest'} total?"))


@task("pair_equality_label", answer="string", annotation="point_map", ops="comparison,matching")
def pair_equality_label(q):
    s = q.state
    a, b = _pair(q, s)
    w = q.param("winner", lambda r: int(r.integers(len(s["categories"]))))
    g = MARGIN[q.difficulty]

    def plant(st, r):
        va, vb = st["values"][a], st["values"][b]
        vb[w] = va[w]
        for i in range(len(va)):
            if i != w and abs(va[i] - vb[i]) < g:
                up = va[i] + g + int(r.integers(0, 3))
                vb[i] = up if up <= st["hi"] else va[i] - g - int(r.integers(0, 3))
        return st

    s = q.edit(plant)
    va, vb = s["values"][a], s["values"][b]
    q.reads(*va, *vb)
    same = [i for i in range(len(va)) if va[i] == vb[i]]
    q.require(len(same) == 1 and all(abs(x - y) >= g or x == y for x, y in zip(va, vb))
              and min(vb) > s["lo"], "equal pair not unique")
    names = s["series"]
    q.step("equal_values", category=s["categories"][same[0]])
    return q.answer(s["categories"][same[0]], witnesses=_marks(s, same[0], (a, b)), examples=s["categories"],
                    question=(f"{_intro(s)} Use the legend to compare \"{names[a]}\" and \"{names[b]}\". Which "
                              "category has equal values for them?"))


CHANGE = {"largest_increase_label": (lambda a, b: b - a, True), "largest_decrease_label": (lambda a, b: a - b, True),
          "largest_absolute_gap_label": (lambda a, b: abs(a - b), True),
          "smallest_absolute_gap_label": (lambda a, b: abs(a - b), False)}
CHANGE_WORDS = {"largest_increase_label": "the largest increase from the first series to the second",
                "largest_decrease_label": "the largest decrease from the first series to the second",
                "largest_absolute_gap_label": "the largest absolute gap between the two series",
                "smallest_absolute_gap_label": "the smallest absolute gap between the two series"}


@task("ranked_change_extremum_label", answer="string", annotation="point_map", ops="ranking,formula_evaluation",
      queries=tuple(CHANGE))
def ranked_change_extremum_label(q):
    s = q.state
    a, b = _pair(q, s)
    f, large = CHANGE[q.query_id]
    va, vb = s["values"][a], s["values"][b]
    q.reads(*va, *vb)
    scores = {i: f(x, y) for i, (x, y) in enumerate(zip(va, vb))}
    i = clear_extreme(q, scores, largest=large, margin=MARGIN[q.difficulty])
    q.require(not large or scores[i] > 0, "no change in that direction")
    names = s["series"]
    q.step("changes", changes={s["categories"][k]: v for k, v in scores.items()})
    return q.answer(s["categories"][i], witnesses=_marks(s, i, (a, b)), examples=s["categories"],
                    question=(f"{_intro(s)} Compare \"{names[a]}\" (first) and \"{names[b]}\" (second) for each "
                              f"category. Which category has {CHANGE_WORDS[q.query_id]}?"))


@task("ranked_pair_ratio_extremum_label", answer="string", annotation="point_map", ops="ranking,formula_evaluation",
      queries=("largest_pair_ratio_label", "smallest_pair_ratio_label"))
def ranked_pair_ratio_extremum_label(q):
    s = q.state
    a, b = _pair(q, s)
    large = q.query_id.startswith("largest")
    va, vb = s["values"][a], s["values"][b]
    q.reads(*va, *vb)
    ratios = {k: x / y for k, (x, y) in enumerate(zip(va, vb))}
    i = clear_extreme(q, ratios, largest=large, margin=RATIO_MARGIN[q.difficulty], relative=True)
    names = s["series"]
    q.step("ratios", ratios={s["categories"][k]: round(v, 3) for k, v in ratios.items()})
    return q.answer(s["categories"][i], witnesses=_marks(s, i, (a, b)), examples=s["categories"],
                    question=(f"{_intro(s)} For each category, divide the \"{names[a]}\" value by the \"{names[b]}\" "
                              f"value. Which category has the {'largest' if large else 'smallest'} ratio?"))


@task("ranked_series_share_extremum_label", answer="string", annotation="point_map",
      ops="ranking,aggregation,formula_evaluation",
      queries=("largest_series_share_label", "smallest_series_share_label"))
def ranked_series_share_extremum_label(q):
    s = q.state
    k = q.param("series", lambda r: int(r.integers(len(s["series"]))))
    large = q.query_id.startswith("largest")
    _read_all(q, s)
    n_c = len(s["categories"])
    shares = {i: s["values"][k][i] / sum(row[i] for row in s["values"]) for i in range(n_c)}
    i = clear_extreme(q, shares, largest=large, margin=RATIO_MARGIN[q.difficulty], relative=True)
    q.step("shares", shares={s["categories"][c]: round(v, 3) for c, v in shares.items()})
    return q.answer(s["categories"][i], witnesses=_marks(s, i, range(len(s["series"]))), examples=s["categories"],
                    question=(f"{_intro(s)} For each category, divide the \"{s['series'][k]}\" value by the total of "
                              f"all series in that category. Which category has the "
                              f"{'largest' if large else 'smallest'} share?"))


@task("series_rank_at_category_label", answer="string", annotation="point_map", ops="ranking",
      queries=("largest_series_at_category_label", "smallest_series_at_category_label"))
def series_rank_at_category_label(q):
    s = q.state
    large = q.query_id.startswith("largest")
    i = q.param("category", lambda r: int(r.integers(len(s["categories"]))))
    w = q.param("winner", lambda r: int(r.integers(len(s["series"]))))

    def plant(st, r):
        col = [row[i] for k, row in enumerate(st["values"]) if k != w]
        d = MARGIN[q.difficulty] + int(r.integers(0, 3))
        st["values"][w][i] = _clamp(st, max(col) + d if large else min(col) - d)
        return st

    s = q.edit(plant)
    col = {k: row[i] for k, row in enumerate(s["values"])}
    q.reads(*col.values())
    k = clear_extreme(q, col, largest=large, margin=MARGIN[q.difficulty])
    q.step("values_at_category", values={s["series"][kk]: v for kk, v in col.items()})
    return q.answer(s["series"][k], witnesses=_marks(s, i, range(len(s["series"]))), examples=s["series"],
                    question=(f"{_intro(s)} Use the marks at category \"{s['categories'][i]}\" only. Which series has "
                              f"the {'largest' if large else 'smallest'} value there?"))
