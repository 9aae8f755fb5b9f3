"""charts/scatter_readout: a multi-series scatter plot over labelled x positions (months, years or
fiscal years), one marker per series and position, each series with its own colour and marker
shape named in a boxed legend.

Values are read off the y axis -- a faint gridline at every unit, a labelled one every few --
and never printed (the reference prints them beside the points; reading them is the task
here).  Markers of one position are dodged apart a little so equal values stay visible.
Difficulty grows the series (3-4, 4-5, 6-7) and positions (8, 10, 12) and refines the axis
unit (5, 2, 1 value units), and shrinks the margin by which a ranked answer beats the runner-up
(8, 5, 3 units).
"""

from __future__ import annotations

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.charts import ValueScale, draw_fine_axis, major_step
from tracegen.kits.curves import markers, series_look, walk
from tracegen.kits.names import MONTHS, category_labels
from tracegen.kits.panels import boxed_legend
from tracegen.kits.ranking import clear_extreme

N_SERIES = {1: (3, 4), 2: (4, 5), 3: (6, 7)}
N_X = {1: 8, 2: 10, 3: 12}
UNIT = {1: 5, 2: 2, 3: 1}
SPAN = {1: 100, 2: 100, 3: 60}         # axis span in value units
GAP = {1: 8, 2: 5, 3: 3}
X_TITLES = {"months": "Month", "years": "Year", "fiscal": "Fiscal year"}
UNANSWERABLE = 0.08


def _xlabels(rng, n):
    kind = ("months", "years", "fiscal")[int(rng.choice(3, p=[0.45, 0.3, 0.25]))]
    if kind == "months":
        start = int(rng.integers(0, 12 - min(n, 12) + 1))
        return kind, [MONTHS[(start + i) % 12] for i in range(n)]
    if kind == "years":
        start = int(rng.integers(1990, 2031 - n))
        return kind, [str(start + i) for i in range(n)]
    start = int(rng.integers(0, 99 - n))
    return kind, [f"FY{start + i:02d}" for i in range(n)]


def axis_for(rng, difficulty, must=None):
    """(unit, lo, hi) of the value axis; ``must`` (a value) lands on a unit strictly inside it."""
    unit, span = UNIT[difficulty], SPAN[difficulty]
    if must is not None:             # the coarsest unit not above the difficulty's that holds the value
        unit = max(u for u in (1, 2, 5) if u <= unit and must % u == 0)
    if span >= 100:
        return unit, 0, 100
    los = [lo for lo in range(0, 100 - span + 1, 10) if must is None or lo < must < lo + span]
    lo = los[int(rng.integers(len(los)))]
    return unit, lo, lo + span


def draw_values(rng, n_series, n_x, unit, lo, hi):
    """Per series a loose walk on the unit grid strictly inside (lo, hi)."""
    k_lo, k_hi = lo // unit + 1, hi // unit - 1
    jump = max(2, (k_hi - k_lo) // 3)
    return [[k * unit for k in walk(rng, n_x, k_lo, k_hi, step=jump)] for _ in range(n_series)]


class ScatterReadout(Scene):
    domain, scene_id, size = "charts", "scatter_readout", (1440, 820)
    fluid = True
    megapixels = (1.0, 1.6)
    description = ("A multi-series scatter plot over labelled x positions with a legend of series (colour and "
                   "marker shape); values are read off the y axis, not printed.")

    def sample(self, rng, difficulty):
        n_s = int(rng.integers(N_SERIES[difficulty][0], N_SERIES[difficulty][1] + 1))
        kind, xl = _xlabels(rng, N_X[difficulty])
        unit, lo, hi = axis_for(rng, difficulty)
        return {"series": category_labels(rng, n_s, families=("coined", "coined", "surnames", "places")),
                "x_kind": kind, "x_labels": xl, "unit": unit, "lo": lo, "hi": hi,
                "values": draw_values(rng, n_s, len(xl), unit, lo, hi)}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        series, xl, vals = state["series"], state["x_labels"], state["values"]
        looks = [series_look(k) for k in range(len(series))]
        fs = 14.0
        leg_w = max(c.text_width(s, size=fs) for s in series) + 64
        x0, x1, y0, y1 = 78, W - leg_w - 54, 54, H - 76
        steps = (state["hi"] - state["lo"]) // state["unit"]
        sc = ValueScale(state["lo"], state["hi"], y1, y0, state["unit"],
                        major_step(state["unit"], steps, c.style.ticks(8)))
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper")
        draw_fine_axis(c, sc, vertical=True, cross0=x0, cross1=x1)
        slot = (x1 - x0) / len(xl)
        xs = [x0 + slot * (i + 0.5) for i in range(len(xl))]
        for i, x in enumerate(xs):
            c.gridline(x, y0, x, y1, lw=0.8)
            c.text(x, y1 + 18, xl[i], size=fs, id=f"x:{i}")
        c.line(x0, y1, x1, y1, color="ink", lw=1.5)
        c.line(x0, y0, x0, y1, color="ink", lw=1.5)
        c.text(x0 - 8, y0 - 22, "Value", size=15, anchor="l", bold=c.style.accent % 2 == 0)
        c.text((x0 + x1) / 2, y1 + 50, X_TITLES[state["x_kind"]], size=15)
        dodge = min(9.0, slot * 0.1)
        size = 15.0 if len(series) < 6 else 13.0
        pts = {}
        for k, row in enumerate(vals):
            off = (k - (len(series) - 1) / 2) * dodge
            row_pts = [(x + off, sc.pos(v)) for x, v in zip(xs, row)]
            markers(c, row_pts, looks[k].shape, size, fill=looks[k].color, stroke="paper", lw=1.2)
            h = size / 2
            for i, (px, py) in enumerate(row_pts):
                pts[k, i] = (px, py)
                c.register(f"pt:{k}:{i}", box=(px - h, py - h, px + h, py + h), point=(px, py))
        pair = params.get("pair")
        if pair is not None:
            i, a, b = pair
            c.register("gap", segment=(pts[a, i], pts[b, i]))
        box = boxed_legend(c, W - leg_w - 24, y0 - 4, leg_w, "Series", series, size=fs,
                           ids=[f"legend:{k}" for k in range(len(series))],
                           draw_mark=lambda cv, k, x, y: cv.shape(looks[k].shape, x, y, 13.0, fill=looks[k].color,
                                                                  stroke="paper", lw=1.0))
        c.register("legend", box=box)


SCENE = ScatterReadout()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
INTRO = ("The chart is a multi-series scatter plot: each series (named in the legend by colour and marker shape) "
         "has one point per x-axis label, and values are read off the y axis.")


VALUES = range(6, 95)             # one support at every difficulty, so stratified targets stay distinct


def _pick(q, name, n, *, avoid=()):
    return q.param(name, lambda r: int(r.choice([k for k in range(n) if k not in avoid])))


def _planted(q, name, *, avoid=()):
    """Plant the instance's target value (stratified over VALUES) at a chosen series ``name`` and
    x position, redrawing the axis (and values) so it fits; returns (state, series, x index)."""
    t = q.target(VALUES, stratified=True)
    k = _pick(q, name, len(q.state["series"]), avoid=avoid)
    i = _pick(q, "x_index", len(q.state["x_labels"]))

    def fn(s, r):
        unit, lo, hi = axis_for(r, q.difficulty, must=t)
        if (unit, lo, hi) != (s["unit"], s["lo"], s["hi"]):
            s["unit"], s["lo"], s["hi"] = unit, lo, hi
            s["values"] = draw_values(r, len(s["series"]), len(s["x_labels"]), unit, lo, hi)
        s["values"][k][i] = t
        return s

    return q.edit(fn), k, i




def _inside(s, v) -> bool:
    return s["lo"] < v < s["hi"] and v % s["unit"] == 0


# ---------------------------------------------------------------------- tasks
@task("series_value_at_x_value", answer="integer", annotation="point", ops="direct_retrieval")
def series_value_at_x_value(q):
    s, k, i = _planted(q, "series")
    v = q.reads(s["values"][k][i])
    q.require(_inside(s, v), "value off the axis")
    name, xl = s["series"][k], s["x_labels"][i]
    q.step("read", series=name, x=xl, value=v)
    return q.answer(v, witnesses=f"pt:{k}:{i}",
                    question=f"{INTRO} Find series {quoted(name)} at x-axis label {quoted(xl)}. What y-axis value "
                             "does its point show?")


GAPS = range(3, 61)


@task("series_pair_value_gap_at_x", answer="integer", annotation="segment", ops="formula_evaluation")
def series_pair_value_gap_at_x(q):
    d = q.difficulty
    t = q.target([g for g in GAPS if g % UNIT[d] == 0 and g < SPAN[d] - 2 * UNIT[d]], stratified=True)
    s = q.state
    n = len(s["series"])
    a = _pick(q, "series_a", n)
    b = _pick(q, "series_b", n, avoid=(a,))
    i = _pick(q, "x_index", len(s["x_labels"]))
    q.param("pair", lambda r: [i, a, b])

    def plant(st, r):
        unit, lo, hi = st["unit"], st["lo"], st["hi"]
        base = [v for v in range(lo + unit, hi - t, unit)]
        q.require(bool(base), "gap does not fit the axis")
        low = base[int(r.integers(len(base)))]
        hi_first = r.random() < 0.5
        st["values"][a][i], st["values"][b][i] = (low + t, low) if hi_first else (low, low + t)
        return st

    s = q.edit(plant)
    va, vb = q.reads(s["values"][a][i], s["values"][b][i])
    q.require(_inside(s, va) and _inside(s, vb), "value off the axis")
    gap = abs(va - vb)
    xl = s["x_labels"][i]
    q.step("gap", x=xl, values={s["series"][a]: va, s["series"][b]: vb}, gap=gap)
    return q.answer(gap, witnesses="gap",
                    question=f"{INTRO} Compare series {quoted(s['series'][a])} and {quoted(s['series'][b])} at "
                             f"{quoted(xl)}. What is the absolute difference between their y-axis values?")


def _missing_name(q, s):
    """A series name that is not in the chart (the unanswerable case), or None."""
    if q.param("unanswerable", lambda r: bool(r.random() < UNANSWERABLE)):
        return q.param("ghost", lambda r: next(n for n in category_labels(r, len(s["series"]) + 1,
                                                                           families=("coined",))
                                              if n not in s["series"]))
    return None


@task("series_x_extremum_label", answer="string", annotation="point", ops="ranking",
      queries=("series_highest_x_label", "series_lowest_x_label"))
def series_x_extremum_label(q):
    s = q.state
    high = q.query_id == "series_highest_x_label"
    k = _pick(q, "series", len(s["series"]))
    ghost = _missing_name(q, s)
    row = s["values"][k]
    q.reads(*row)
    i = clear_extreme(q, dict(enumerate(row)), largest=high, margin=GAP[q.difficulty])
    word = "highest" if high else "lowest"
    name = ghost or s["series"][k]
    question = (f"{INTRO} Find the point where series {quoted(name)} has its {word} y-axis value. What is its "
                "x-axis label? If the requested series is not in the legend, answer exactly \"unanswerable\".")
    if ghost:
        q.step("lookup", series=ghost, found=False)
        return q.answer("unanswerable", witnesses="legend", question=question, examples=s["x_labels"])
    q.step("extreme", series=name, direction=word, x=s["x_labels"][i], value=row[i])
    return q.answer(s["x_labels"][i], witnesses=f"pt:{k}:{i}", question=question, examples=s["x_labels"])


@task("series_y_anchor_other_series_value", answer="integer", annotation="point", ops="matching")
def series_y_anchor_other_series_value(q):
    a = _pick(q, "anchor_series", len(q.state["series"]))
    s, b, i = _planted(q, "other_series", avoid=(a,))
    t = s["values"][b][i]
    anchor = s["values"][a][i]
    others = [v for j, v in enumerate(s["values"][a]) if j != i]
    q.require(all(abs(v - anchor) >= GAP[q.difficulty] for v in others), "anchor value not unique in its series")
    q.require(abs(anchor - t) >= 3, "answer equals the anchor")
    v = q.reads(s["values"][b][i])
    q.reads(*s["values"][a])
    q.require(_inside(s, v), "value off the axis")
    q.step("match", anchor_series=s["series"][a], anchor_value=anchor, x=s["x_labels"][i],
           other_series=s["series"][b], value=v)
    return q.answer(v, witnesses=f"pt:{b}:{i}",
                    question=f"{INTRO} In series {quoted(s['series'][a])}, find the point at y-axis value {anchor}. "
                             f"At the same x-axis label, what y-axis value does series {quoted(s['series'][b])} "
                             "show?")


@task("x_value_rank_series_label", answer="string", annotation="point", ops="ranking",
      queries=("x_highest_series_label", "x_lowest_series_label"))
def x_value_rank_series_label(q):
    s = q.state
    high = q.query_id == "x_highest_series_label"
    i = _pick(q, "x_index", len(s["x_labels"]))
    col = {k: row[i] for k, row in enumerate(s["values"])}
    q.reads(*col.values())
    k = clear_extreme(q, col, largest=high, margin=GAP[q.difficulty])
    word = "highest" if high else "lowest"
    xl = s["x_labels"][i]
    q.step("rank_at_x", x=xl, values={s["series"][j]: v for j, v in col.items()}, chosen=s["series"][k])
    return q.answer(s["series"][k], witnesses=f"pt:{k}:{i}", examples=s["series"],
                    question=f"{INTRO} Compare all series at {quoted(xl)}. Which series has the {word} y-axis "
                             "value there?")

