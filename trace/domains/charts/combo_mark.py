"""charts/combo_mark: a combo chart -- one primary series (vertical bars, a filled area, or
stacked bars whose printed total is the series value) and an overlaid line series on the same
value axis, one category per slot, both series' values printed at their marks.

The tasks compare the two series per category (gaps, signed differences), filter on one series
and rank the other, count categories meeting two conditions, and find the first category past
a threshold.  Difficulty grows the categories (6-7, 8-9, 10-12) and closes the margins; at
difficulty 2-3 a filter always excludes the unfiltered extreme.
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.curves import XYView, draw_frame, markers
from tracegen.kits.names import category_labels
from tracegen.kits.panels import legend_column, note_panel, value_tag
from tracegen.kits.ranking import clear_extreme

N_CATS = {1: (6, 7), 2: (8, 9), 3: (10, 12)}
KINDS = ("bar", "area", "stacked")
SERIES = ("Dining", "Media", "Tools", "Devices", "Travel", "Housing", "Energy", "Health", "Retail", "Sports",
          "Books", "Garden", "Pets", "Fuel", "Transit", "Apparel", "Grocery", "Software", "Repairs", "Leisure")
TITLES = ("Pipeline Summary", "Spending Snapshot", "Channel Review", "Monthly Mix", "Category Tracker",
          "Budget Overview", "Usage Report", "Service Mix")
NOTES = ("A current note marks the quality section; it is shown as context only.",
         "The planning log lists reference entries for review; no values change.",
         "Figures follow the standard reporting window for this packet.")
VLO, VHI = 4, 96
KIND_WORDS = {"bar": "vertical bars show \"{p}\"", "area": "the filled area shows \"{p}\"",
              "stacked": "each stacked bar's printed total shows \"{p}\""}


class ComboMark(Scene):
    domain, scene_id, size = "charts", "combo_mark", (1000, 620)
    fluid = True
    megapixels = (0.65, 1.05)
    description = ("A combo chart: bars, an area or stacked bars (the primary series) with an overlaid line on "
                   "the same value axis; both series' values are printed at their marks.")

    def canvas_size(self, state):
        return (1280 if state["notes"] else 1000, 620)

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_CATS[difficulty][0], N_CATS[difficulty][1] + 1))
        a, b = (SERIES[int(i)] for i in rng.choice(len(SERIES), size=2, replace=False))
        kind = KINDS[int(rng.integers(len(KINDS)))]
        return {"labels": category_labels(rng, n, families=("codes", "places", "surnames", "words"), max_len=6),
                "primary": [int(v) for v in rng.integers(VLO + 4, VHI - 4, size=n)],
                "line": [int(v) for v in rng.integers(VLO + 4, VHI - 4, size=n)],
                "kind": kind, "names": [a, b], "split": [float(x) for x in rng.uniform(0.25, 0.75, size=n)],
                "title": TITLES[int(rng.integers(len(TITLES)))], "notes": bool(rng.random() < 0.3)}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        st = c.style
        labels, prim, line, kind = state["labels"], state["primary"], state["line"], state["kind"]
        n = len(labels)
        pcol, lcol = st.series(0), st.series(1)
        c.text(24, 24, state["title"], size=17, bold=True, anchor="l")
        right = W - (300 if state["notes"] else 0)
        leg_w = 34 + max(c.text_width(s, size=14) for s in state["names"]) + 20
        v = XYView(70, 56, right - leg_w - 36, H - 64, -0.5, n - 0.5, 0, 100)
        ystep = {"sparse": 50, "normal": 25, "dense": 20}[st.density]
        draw_frame(c, v, xticks=(), yticks=range(0, 101, ystep))
        xs = [v.px(i, 0)[0] for i in range(n)]
        base = v.px(0, 0)[1]
        tops = [v.px(i, p)[1] for i, p in enumerate(prim)]
        lys = [v.px(i, x)[1] for i, x in enumerate(line)]
        bw = (v.x1 - v.x0) / n * 0.58
        if kind == "area":
            c.polygon([(xs[0], base)] + list(zip(xs, tops)) + [(xs[-1], base)],
                      fill=blend(pcol, c.color("paper"), 0.45))
            c.polyline(list(zip(xs, tops)), color=pcol, lw=2.0)
        for i in range(n):
            if kind == "bar":
                c.rect(xs[i] - bw / 2, tops[i], bw, base - tops[i], fill=pcol)
            elif kind == "stacked":
                cut = v.px(i, prim[i] * state["split"][i])[1]
                c.rect(xs[i] - bw / 2, cut, bw, base - cut, fill=pcol)
                c.rect(xs[i] - bw / 2, tops[i], bw, cut - tops[i], fill=blend(pcol, c.color("paper"), 0.5))
            c.register(f"bar:{i}", point=(xs[i], tops[i]), box=(xs[i] - bw / 2, tops[i], xs[i] + bw / 2, base))
            c.register(f"pair:{i}", segment=((xs[i], tops[i]), (xs[i], lys[i])))
            c.text(xs[i], base + 16, labels[i], size=13, id=f"label:{i}")
        c.polyline(list(zip(xs, lys)), color=lcol, lw=2.6)
        markers(c, list(zip(xs, lys)), "circle", 10.0, fill="paper", stroke=lcol, lw=2.2)
        for i in range(n):
            c.register(f"pt:{i}", point=(xs[i], lys[i]), box=(xs[i] - 5, lys[i] - 5, xs[i] + 5, lys[i] + 5))
            up = line[i] >= prim[i]            # the line's tag on its far side, the primary's on the other
            inside = up and kind != "area" and base - tops[i] > 34
            py = tops[i] + (17 if (up and (kind == "area" or inside)) else -17)
            ly = lys[i] - 17 if not up else min(lys[i] - 17, py - 22)
            value_tag(c, xs[i], ly if up else lys[i] + 17, str(line[i]), size=12)
            value_tag(c, xs[i], py, str(prim[i]), size=12)
        lx = right - leg_w - 10
        c.text(lx, 70, "Legend", size=13, color="muted", anchor="l")
        p_name, l_name = state["names"]

        def sample(cv, k, x, y):
            if k == 0:
                cv.rect(x - 9, y - 7, 18, 14, fill=pcol)
            else:
                cv.line(x - 12, y, x + 12, y, color=lcol, lw=2.6)
                cv.circle(x, y, 4.5, fill="paper", stroke=lcol, lw=2.0)

        legend_column(c, lx, 82, [(p_name, pcol), (l_name, lcol)], size=14, draw_mark=sample)
        if state["notes"]:
            note_panel(c, (right + 16, 40, W - 20, 200), "Note", NOTES[st.accent % len(NOTES)])
            note_panel(c, (right + 16, 220, W - 20, 380), "Context", NOTES[(st.accent + 1) % len(NOTES)])


SCENE = ComboMark()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s) -> str:
    p, l = s["names"]
    return (f"The image shows a combo chart where {KIND_WORDS[s['kind']].format(p=p)}, and the overlaid line "
            f"shows \"{l}\" on the same value axis. Each category has printed values for both series.")


def _pair(i):
    return {"primary_mark": f"bar:{i}", "line_mark": f"pt:{i}"}




def _series(s, which):
    return s["primary"] if which == "primary" else s["line"]


def _name(s, which):
    return s["names"][0 if which == "primary" else 1]


def _avoid(q, thresholds, series_names):
    """No value of the named series equals a threshold (so every comparison is strict)."""
    s = q.state
    for which, t in zip(series_names, thresholds):
        q.require(t not in _series(s, which), "a value equals the threshold")


# ---------------------------------------------------------------------- tasks
@task("absolute_gap_extremum_label", answer="string", annotation="point_map", ops="ranking,formula_evaluation",
      queries=("largest_absolute_gap_label", "smallest_nonzero_absolute_gap_label"))
def absolute_gap_extremum_label(q):
    large = q.query_id.startswith("largest")

    def ties(st, r):        # a category or two where the series meet (a zero gap to skip)
        if not large and r.random() < 0.6:
            for i in r.choice(len(st["labels"]), size=int(r.integers(1, 3)), replace=False):
                st["line"][int(i)] = st["primary"][int(i)]
        return st

    s = q.edit(ties)
    gaps = {i: abs(p - l) for i, (p, l) in enumerate(zip(s["primary"], s["line"])) if large or p != l}
    i = clear_extreme(q, gaps, largest=large, margin=1)
    q.step("gaps", gaps={s["labels"][k]: g for k, g in gaps.items()})
    word = "largest absolute gap" if large else "smallest nonzero absolute gap"
    p, l = s["names"]
    return q.answer(s["labels"][i], witnesses=_pair(i), examples=s["labels"],
                    question=f"{_intro(s)} Which category has the {word} between \"{p}\" and \"{l}\"?")


def _conditioned(q, target, cond, cond_above):
    """arg-extreme of ``target`` over categories whose ``cond`` series is above (below) a
    threshold; at difficulty 2-3 the unfiltered extreme is filtered out."""
    s = q.state
    high = q.query_id.startswith("max")
    vals, cvals = _series(s, target), _series(s, cond)
    thr = q.param("threshold", lambda r: int(r.choice(sorted(cvals)[2:-2])) + int(r.choice([-1, 1])))
    _avoid(q, [thr], [cond])
    keep = [i for i, x in enumerate(cvals) if (x > thr if cond_above else x < thr)]
    q.require(len(keep) >= 2, "too few categories pass the filter")
    i = clear_extreme(q, {k: vals[k] for k in keep}, largest=high, margin=1)
    top = clear_extreme(q, dict(enumerate(vals)), largest=high, margin=1)
    q.require(q.difficulty == 1 or top not in keep, "the filter does not matter")
    q.step("filtered_extreme", kept=[s["labels"][k] for k in keep], chosen=s["labels"][i])
    rel = "above" if cond_above else "below"
    return q.answer(s["labels"][i], witnesses=_pair(i), examples=s["labels"],
                    question=(f"{_intro(s)} Among categories where \"{_name(s, cond)}\" is {rel} {thr}, which "
                              f"category has the {'highest' if high else 'lowest'} \"{_name(s, target)}\" value?"))


@task("conditioned_line_extremum_label", answer="string", annotation="point_map", ops="filtering,comparison,ranking",
      queries=("max_line_where_primary_above_threshold", "min_line_where_primary_above_threshold"))
def conditioned_line_extremum_label(q):
    return _conditioned(q, "line", "primary", True)


@task("conditioned_primary_extremum_label", answer="string", annotation="point_map",
      ops="filtering,comparison,ranking",
      queries=("max_primary_where_line_below_threshold", "min_primary_where_line_below_threshold"))
def conditioned_primary_extremum_label(q):
    return _conditioned(q, "primary", "line", False)


@task("cross_mark_difference_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("primary_minus_line_at_label", "line_minus_primary_at_label"))
def cross_mark_difference_value(q):
    s = q.state
    i = q.param("category", lambda r: int(r.integers(len(s["labels"]))))
    p, l = s["primary"][i], s["line"][i]
    first = q.query_id.startswith("primary")
    a, b = (s["names"][0], s["names"][1]) if first else (s["names"][1], s["names"][0])
    q.step("difference", primary=p, line=l)
    return q.answer(p - l if first else l - p, witnesses=_pair(i),
                    question=(f"{_intro(s)} At category \"{s['labels'][i]}\", what is the \"{a}\" value minus the "
                              f"\"{b}\" value?"))


@task("directional_gap_extremum_label", answer="string", annotation="point_map", ops="ranking,formula_evaluation",
      queries=("largest_primary_over_line_gap_label", "largest_line_over_primary_gap_label"))
def directional_gap_extremum_label(q):
    s = q.state
    primary_wins = q.query_id.startswith("largest_primary")
    sign = 1 if primary_wins else -1
    gaps = {i: sign * (p - l) for i, (p, l) in enumerate(zip(s["primary"], s["line"])) if sign * (p - l) > 0}
    i = clear_extreme(q, gaps, largest=True, margin=1)
    top = clear_extreme(q, {k: abs(p - l) for k, (p, l) in enumerate(zip(s["primary"], s["line"]))}, largest=True,
                        margin=1)
    q.require(q.difficulty == 1 or top != i, "the direction does not matter")
    win, lose = (s["names"][0], s["names"][1]) if primary_wins else (s["names"][1], s["names"][0])
    q.step("positive_gaps", gaps={s["labels"][k]: g for k, g in gaps.items()})
    return q.answer(s["labels"][i], witnesses=_pair(i), examples=s["labels"],
                    question=(f"{_intro(s)} Which category has the largest positive gap where \"{win}\" is greater "
                              f"than \"{lose}\"?"))


def _plant_rows(q, t, conds):
    """Choose ``t`` categories meeting every (series, lo, hi) condition and make every other
    category miss at least one of them (values stay off the bounds)."""
    s = q.state
    n = len(s["labels"])
    q.require(t <= n - 1, "count above the categories")
    chosen = q.param("chosen", lambda r: sorted(int(i) for i in r.choice(n, size=t, replace=False)))

    def inside(r, lo, hi):
        return int(r.integers(lo + 1, hi))

    def outside(r, lo, hi):
        opts = [*range(VLO, lo), *range(hi + 1, VHI + 1)]
        return int(opts[int(r.integers(len(opts)))])

    def plant(st, r):
        for i in range(n):
            miss = -1 if i in chosen else int(r.integers(len(conds)))
            for k, (which, lo, hi) in enumerate(conds):
                st[which][i] = outside(r, lo, hi) if k == miss else (
                    inside(r, lo, hi) if i in chosen or r.random() < 0.5 else int(r.integers(VLO, VHI + 1)))
        return st

    return q.edit(plant), chosen


# stratified targets; a repeated value is drawn more often.  Level 2 follows the original's counts (1-5, mostly
# 1-2: median 2); level 1 stays lower and level 3 higher.
PAIR_COUNTS = {1: (1, 1, 1, 2, 2, 3), 2: (1, 1, 1, 2, 2, 3, 4, 5), 3: (2, 3, 3, 4, 5, 6)}


@task("dual_threshold_condition_count", answer="integer", annotation="segment_set",
      ops="filtering,counting,comparison,logical_composition",
      queries=("primary_above_and_line_above", "primary_above_and_line_below", "primary_below_and_line_above"))
def dual_threshold_condition_count(q):
    t = q.target(PAIR_COUNTS[q.difficulty], stratified=True)
    rels = q.query_id.replace("primary_", "").replace("line_", "").split("_and_")
    tp, tl = q.param("thresholds", lambda r: [int(r.integers(20, 80)), int(r.integers(20, 80))])
    conds = [(which, thr, VHI + 1) if rel == "above" else (which, VLO - 1, thr)
             for which, rel, thr in zip(("primary", "line"), rels, (tp, tl))]
    s, _ = _plant_rows(q, t, conds)
    _avoid(q, [tp, tl], ["primary", "line"])
    hits = [i for i in range(len(s["labels"]))
            if all((s[w][i] > thr) if rel == "above" else (s[w][i] < thr)
                   for w, rel, thr in zip(("primary", "line"), rels, (tp, tl)))]
    p, l = s["names"]
    q.step("both_conditions", categories=[s["labels"][i] for i in hits])
    return q.answer(len(hits), witnesses=[f"pair:{i}" for i in hits],
                    question=(f"{_intro(s)} How many categories have \"{p}\" {rels[0]} {tp} and \"{l}\" {rels[1]} "
                              f"{tl}?"))


INTERVAL_COUNTS = {1: range(2, 7), 2: range(3, 8), 3: range(4, 9)}   # equal widths: stratified targets spread evenly


@task("interval_threshold_condition_count", answer="integer", annotation="segment_set",
      ops="filtering,counting,comparison,logical_composition",
      queries=("primary_between_and_line_above", "line_between_and_primary_above"))
def interval_threshold_condition_count(q):
    t = q.target(INTERVAL_COUNTS[q.difficulty], stratified=True)
    cond, target = ("primary", "line") if q.query_id.startswith("primary") else ("line", "primary")
    lo, hi, thr = q.param("bounds", lambda r: (lambda a: [a, a + int(r.integers(25, 55)), int(r.integers(20, 70))])(
        int(r.integers(10, 35))))
    s, _ = _plant_rows(q, t, [(cond, lo - 1, hi + 1), (target, thr, VHI + 1)])
    _avoid(q, [thr], [target])
    hits = [i for i in range(len(s["labels"])) if lo <= s[cond][i] <= hi and s[target][i] > thr]
    q.step("both_conditions", categories=[s["labels"][i] for i in hits])
    return q.answer(len(hits), witnesses=[f"pair:{i}" for i in hits],
                    question=(f"{_intro(s)} How many categories have \"{_name(s, cond)}\" between {lo} and {hi}, "
                              f"inclusive, while \"{_name(s, target)}\" is above {thr}?"))


@task("series_threshold_crossing_label", answer="string", annotation="point", ops="filtering,comparison,ranking",
      queries=("primary_first_above_threshold_label", "primary_first_below_threshold_label",
               "line_first_above_threshold_label", "line_first_below_threshold_label"))
def series_threshold_crossing_label(q):
    s = q.state
    which = "primary" if q.query_id.startswith("primary") else "line"
    above = "above" in q.query_id
    thr = q.param("threshold", lambda r: int(r.integers(20, 81)))
    k = q.param("first", lambda r: int(r.integers(1, len(s["labels"]) // 2 + 1)))

    def plant(st, r):       # categories before the k-th stay on the near side; the k-th passes
        sign = 1 if above else -1
        row = st[which]
        for i in range(k):
            if sign * (row[i] - thr) > 0:
                row[i] = thr - sign * int(r.integers(2, 15))
        row[k] = thr + sign * int(r.integers(2, 15))
        return st

    s = q.edit(plant)
    vals = _series(s, which)
    _avoid(q, [thr], [which])
    hits = [i for i, x in enumerate(vals) if (x > thr if above else x < thr)]
    q.require(bool(hits) and hits[0] >= 1, "the first category already passes")
    i = hits[0]
    q.step("first_pass", threshold=thr, category=s["labels"][i])
    return q.answer(s["labels"][i], witnesses=f"{'bar' if which == 'primary' else 'pt'}:{i}", examples=s["labels"],
                    question=(f"{_intro(s)} Reading left to right, what is the first category where "
                              f"\"{_name(s, which)}\" is {'above' if above else 'below'} {thr}?"))
