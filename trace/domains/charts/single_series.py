"""charts/single_series: one labelled series read off a fine value axis.

Seven chart forms: vertical bars, horizontal bars, line, area, dot plot, lollipop (marks in
label order) and a labelled scatter plot (marks at shuffled positions, used only where order
does not matter).  Values are multiples of the axis unit and every unit has its own faint
gridline, so each value is exact -- but no value is printed: the chart is read through the
axis.  Labels are short names, codes or fiscal years; values tie now and then, so order
statistics speak of distinct values.  Difficulty grows the number of marks (10-13, 14-18,
19-24) and the number of gridlines (15-20, 20-30, 30-45 units).
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.charts import ValueScale, draw_fine_axis, major_step
from tracegen.kits.names import category_labels

ORDERED = ("bar", "hbar", "line", "area", "dot", "lollipop")
CHARTS = ORDERED + ("scatter",)
CHART_WORDS = {"bar": "bar chart", "hbar": "horizontal bar chart", "line": "line chart", "area": "area chart",
               "dot": "dot plot", "lollipop": "lollipop chart", "scatter": "labelled scatter plot"}
TOPICS = (("Monthly sales", "Units"), ("Visitors", "People"), ("Rainfall", "mm"), ("Orders", "Orders"),
          ("Energy use", "kWh"), ("Downloads", "Thousands"), ("Output", "Tonnes"), ("Response time", "ms"),
          ("Ticket volume", "Tickets"), ("Yield", "kg"), ("Load", "Requests"), ("Attendance", "Seats"))
N_MARKS = {1: (10, 13), 2: (14, 18), 3: (19, 24)}
STEPS = {1: (15, 20), 2: (20, 25, 30), 3: (30, 35, 40, 45)}    # axis span in units
UNITS = (1, 1, 2, 5)
NOTES = ("Figures are preliminary.", "Source: internal records.", "Values as reported.",
         "Compiled for the quarterly review.", "Draft for discussion.", "Reference copy.")


class SingleSeries(Scene):
    domain, scene_id, size = "charts", "single_series", (900, 560)
    fluid = True
    description = ("One labelled series (bars, horizontal bars, line, area, dots, lollipops or a labelled scatter) "
                   "read off a value axis with a gridline at every unit; values are not printed.")

    def sample(self, rng, difficulty):
        lo_n, hi_n = N_MARKS[difficulty]
        n = int(rng.integers(lo_n, hi_n + 1))
        unit = int(rng.choice(UNITS))
        steps = int(rng.choice(STEPS[difficulty]))
        lo = unit * 10 * int(rng.choice([0, 0, 1, 2, 3]))
        values = [lo + unit * int(k) for k in rng.integers(1, steps + 1, size=n)]
        chart = CHARTS[int(rng.integers(len(CHARTS)))]
        title, unit_name = TOPICS[int(rng.integers(len(TOPICS)))]
        labels = category_labels(rng, n, max_len=4 if n > 18 else 5 if n > 14 else 6)
        state = {"chart": chart, "labels": labels, "values": values, "lo": lo, "hi": lo + unit * steps,
                 "unit": unit, "title": title, "unit_name": unit_name}
        if chart == "scatter":
            state["slots"] = [int(v) for v in rng.permutation(n)]
        return state

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        st = c.style
        n = len(state["values"])
        chart = state["chart"]
        note = W / H > 1.75 and chart != "hbar"          # wide frames carry a side note (render-only)
        c.text(24 if st.accent % 2 else W / 2, 28, state["title"], size=18, bold=True,
               anchor="l" if st.accent % 2 else "c")
        right = W - (230 if note else 30)
        if note:
            c.rect(right + 24, 60, W - right - 44, 120, fill="panel", stroke="grid", lw=1.0)
            c.text(right + 36, 80, "Note", size=13, bold=True, anchor="l")
            c.text(right + 36, 104, NOTES[(st.theme + st.accent) % len(NOTES)], size=12, anchor="l",
                   color="muted")
        color = st.accent_rgb
        leaders = st.accent % 3 == 0 and chart not in ("bar", "hbar", "area")
        point_labels = chart == "scatter" or (chart in ("line", "area", "dot", "lollipop") and (st.theme + st.accent) % 2)
        fs = 13.0
        if chart == "hbar":
            lab_w = max(c.text_width(s, size=fs) for s in state["labels"])
            x0, x1, y0, y1 = 24 + lab_w + 10, right, 60, H - 56
            sc = ValueScale(state["lo"], state["hi"], x0, x1, state["unit"],
                            major_step(state["unit"], (state["hi"] - state["lo"]) // state["unit"], st.ticks(8)))
            draw_fine_axis(c, sc, vertical=False, cross0=y0, cross1=y1)
            c.text((x0 + x1) / 2, y1 + 38, state["unit_name"], size=13, color="muted")
            slot = (y1 - y0) / n
            bh = slot * 0.62
            base = sc.pos(state["lo"])
            for i, v in enumerate(state["values"]):
                yc = y0 + (i + 0.5) * slot
                xv = sc.pos(v)
                c.rect(base, yc - bh / 2, xv - base, bh, fill=color)
                c.register(f"mark:{i}", box=(base, yc - bh / 2, xv, yc + bh / 2), point=(xv, yc))
                c.text(x0 - 8, yc, state["labels"][i], size=fs, anchor="r", id=f"label:{i}")
            c.line(x0, y0, x0, y1, color="ink", lw=1.5)
            c.line(x0, y1, x1, y1, color="ink", lw=1.5)
            return
        x0, x1, y0 = 74, right, 64
        slot = (x1 - x0) / n
        widest = max(c.text_width(s, size=fs) for s in state["labels"])
        point_labels = point_labels and widest <= slot * 0.95
        y1 = H - (40 if point_labels else 78)
        sc = ValueScale(state["lo"], state["hi"], y1, y0, state["unit"],
                        major_step(state["unit"], (state["hi"] - state["lo"]) // state["unit"], st.ticks(7)))
        pos = state.get("slots") or list(range(n))
        xs = [x0 + (pos[i] + 0.5) * slot for i in range(n)]
        ys = [sc.pos(v) for v in state["values"]]
        base = sc.pos(state["lo"])
        if chart == "area":        # under the gridlines, so every unit stays visible inside the area
            c.polygon([(xs[0], base)] + list(zip(xs, ys)) + [(xs[-1], base)], fill=blend(color, c.color("paper"), 0.4))
        draw_fine_axis(c, sc, vertical=True, cross0=x0, cross1=x1)
        c.text(x0 - 56, (y0 + y1) / 2, state["unit_name"], size=13, angle=-math.pi / 2, color="muted")
        if chart in ("line", "area"):
            c.polyline(list(zip(xs, ys)), color=color, lw=2.4)
        if leaders:
            for x, y in zip(xs, ys):
                c.line(x0, y, x, y, color=blend(color, c.color("background"), 0.6), lw=1.0, dash=[2.0, 3.0])
        for i, (x, y) in enumerate(zip(xs, ys)):
            if chart == "bar":
                bw = slot * 0.62
                c.rect(x - bw / 2, y, bw, base - y, fill=color)
                c.register(f"mark:{i}", box=(x - bw / 2, y, x + bw / 2, base), point=(x, y))
                continue
            if chart == "lollipop":
                c.line(x, base, x, y, color=color, lw=2.0)
            c.marker(x, y, 12.0, fill=color, id=f"mark:{i}")
        c.line(x0, y0, x0, y1, color="ink", lw=1.5)
        c.line(x0, y1, x1, y1, color="ink", lw=1.5)
        for i, s in enumerate(state["labels"]):
            if point_labels:
                c.text(xs[i], ys[i] - 15, s, size=fs, id=f"label:{i}")
            elif widest > slot * 0.92:
                c.text(xs[i] + 4, y1 + 12, s, size=fs, anchor="r", angle=-math.pi / 4, id=f"label:{i}")
            else:
                c.text(xs[i], y1 + 16, s, size=fs, id=f"label:{i}")


SCENE = SingleSeries()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _marks(idx):
    return [f"mark:{i}" for i in idx]


def _ordered(q):
    """Tasks about the order of marks never use the scatter plot (its marks have no order)."""

    def fn(s, r):
        if s["chart"] == "scatter":
            s["chart"] = ORDERED[int(r.integers(len(ORDERED)))]
            s.pop("slots", None)
        return s

    return q.edit(fn)


def _direction(s) -> str:
    return "from top to bottom" if s["chart"] == "hbar" else "from left to right"


def _chart(s) -> str:
    return f"The {CHART_WORDS[s['chart']]} shows one value per label ({s['unit_name']})."


def _walk(r, s, signs):
    """Replace the values by a walk on the value grid whose successive differences have the
    given signs (+1 up, -1 down); None when the axis is too short for it."""
    steps = (s["hi"] - s["lo"]) // s["unit"]
    longest = max(m for _, m in _runs(signs))
    for attempt in range(12):
        big = max(1, (steps - 1) // longest >> (attempt // 3))       # steps of up to `big` units
        pos = [0]
        for sg in signs:
            pos.append(pos[-1] + sg * int(r.integers(1, big + 1)))
        span = max(pos) - min(pos)
        if span <= steps - 1:
            shift = 1 - min(pos) + int(r.integers(0, steps - 1 - span + 1))
            s["values"] = [s["lo"] + s["unit"] * (p + shift) for p in pos]
            return s
    return None


def _fill(r, m, sg, longest):
    """``m`` signs starting with -sg, in runs of -sg (1-3 long) and of sg (shorter than ``longest``)."""
    out, sign = [], -sg
    while len(out) < m:
        k = int(r.integers(1, 4)) if sign != sg else (int(r.integers(1, longest)) if longest > 1 else 0)
        out += [sign] * min(k, m - len(out))
        sign = -sign
    return out


def _runs(signs):
    """[(sign, length)] of the maximal runs of a sign sequence."""
    out = []
    for sg in signs:
        if out and out[-1][0] == sg:
            out[-1] = (sg, out[-1][1] + 1)
        else:
            out.append((sg, 1))
    return out


# ---------------------------------------------------------------------- tasks
MIN_CHANGE = 5


@task("endpoint_change_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("absolute_endpoint_change_value", "signed_endpoint_change_value", "percent_endpoint_change_value"))
def endpoint_change_value(q):
    s = _ordered(q)
    vals = s["values"]
    n = len(vals)
    pct = q.query_id == "percent_endpoint_change_value"

    def fits(a, b):            # as the original asks: a change of at least 5, a percent a multiple of 5 to +-100
        if not pct:
            return abs(b - a) >= MIN_CHANGE
        return b != a and (b - a) * 100 % a == 0 and (b - a) * 100 // a % 5 == 0 and abs(b - a) <= a

    ok = [(i, j) for i in range(n) for j in range(i + 1, n) if fits(vals[i], vals[j])]
    q.require(bool(ok), "no pair with an exact change")
    i, j = q.param("pair", lambda r: list(ok[int(r.integers(len(ok)))]))
    a, b = q.reads(vals[i], vals[j])
    la, lb = s["labels"][i], s["labels"][j]
    if q.query_id == "absolute_endpoint_change_value":
        value, what = abs(b - a), f"the absolute change in value from {la} to {lb}"
    elif q.query_id == "signed_endpoint_change_value":
        value, what = b - a, f"the change in value from {la} to {lb} (the value at {lb} minus the value at {la})"
    else:
        value = (b - a) * 100 // a
        what = f"the percent change in value from {la} to {lb} (negative if it decreased)"
    q.step("difference", start=a, end=b, mode=q.query_id, result=value)
    return q.answer(value, witnesses={"start_mark": f"mark:{i}", "end_mark": f"mark:{j}"},
                    question=f"{_chart(s)} What is {what}?")


RATES = {1: range(1, 9), 2: range(2, 13), 3: range(3, 16)}    # level 2: the original's rates 2-12


@task("interval_rate_value", answer="integer", annotation="point_map", ops="counting,formula_evaluation")
def interval_rate_value(q):
    want = q.target(RATES[q.difficulty], stratified=True)
    s = _ordered(q)
    n = len(s["values"])

    def on_grid(st, v):
        return st["lo"] < v <= st["hi"] and (v - st["lo"]) % st["unit"] == 0

    def draw(r):      # a pair (i, j), two or more labels apart, that the rate can join on the value grid
        vals = s["values"]
        pairs = [[i, j] for i in range(n) for j in range(i + 2, n)
                 if any(on_grid(s, vals[i] + sg * want * (j - i)) for sg in (1, -1))]
        return pairs[int(r.integers(len(pairs)))] if pairs else None

    pair = q.param("pair", draw)
    q.require(pair is not None, "the axis is too short for the rate")
    i, j = pair

    def plant(st, r):         # the later label's value moved to the rate (up or down, as the grid allows)
        ends = [st["values"][i] + sg * want * (j - i) for sg in (1, -1)]
        ends = [v for v in ends if on_grid(st, v)]
        st["values"][j] = ends[int(r.integers(len(ends)))]
        return st

    vals = q.edit(plant)["values"]
    a, b = q.reads(vals[i], vals[j])
    rate = abs(b - a) // (j - i)
    q.step("rate", change=b - a, steps=j - i, result=rate)
    return q.answer(rate, witnesses={"start_mark": f"mark:{i}", "end_mark": f"mark:{j}"},
                    question=(f"{_chart(s)} The labels are in order {_direction(s)}. Between {s['labels'][i]} and "
                              f"{s['labels'][j]}, what is the average change in value per label step, as an "
                              f"absolute value?"))


# within N_MARKS; level 2 spans the original's counts (1-16 of up to 20 marks, median 8.5)
COUNTS = {1: range(2, 12), 2: range(1, 17), 3: range(8, 24)}


def _count_target(q, n):
    """A balanced (stratified) count target, at most the number of labels."""
    t = q.target(COUNTS[q.difficulty], stratified=True)
    q.require(t <= n, "count target above the number of labels")
    return t


@task("interval_value_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison")
def interval_value_count(q):
    s = q.state
    vals = s["values"]
    srt = sorted(vals)
    n = len(vals)
    t = _count_target(q, n)

    def draw(r):
        wins = [(i, i + t - 1) for i in range(n - t + 1)
                if (i == 0 or srt[i - 1] < srt[i]) and (i + t - 1 == n - 1 or srt[i + t - 1] < srt[i + t])]
        if not wins:
            return None
        i, j = wins[int(r.integers(len(wins)))]
        a_lo = srt[i - 1] + 1 if i else s["lo"]
        b_hi = srt[j + 1] - 1 if j < n - 1 else s["hi"]
        return [int(r.integers(a_lo, srt[i] + 1)), int(r.integers(srt[j], b_hi + 1))]

    bounds = q.param("bounds", draw)
    q.require(bounds is not None, "no interval holds the target count")
    lo, hi = bounds
    q.reads(*vals)
    hits = [i for i, v in enumerate(vals) if lo <= v <= hi]
    q.step("filter", lower=lo, upper=hi, kept=hits)
    return q.answer(len(hits), witnesses=_marks(hits),
                    question=f"{_chart(s)} How many labels have a value between {lo} and {hi}, inclusive?")


# each length equally likely over the mix; level 2: the original's 2-10
STREAKS = {1: range(2, 8), 2: range(2, 11), 3: range(11, 14)}


@task("monotone_streak_length", answer="integer", annotation="point_set", ops="filtering,counting,ranking",
      queries=("longest_increasing_streak_length", "longest_decreasing_streak_length"))
def monotone_streak_length(q):
    up = q.query_id == "longest_increasing_streak_length"
    target = q.target(STREAKS[q.difficulty], stratified=True)
    _ordered(q)

    def plant(s, r):
        n, sg, steps = len(s["values"]), 1 if up else -1, target - 1
        rest = n - 1 - steps
        if rest < 0:
            return s
        a = int(r.integers(0, rest + 1))
        # built outwards from the planted run: the other sign next to it, shorter same-sign runs after
        left, right = _fill(r, a, sg, steps), _fill(r, rest - a, sg, steps)
        return _walk(r, s, left[::-1] + [sg] * steps + right) or s

    s = q.edit(plant)
    vals = s["values"]
    q.reads(*vals)
    diffs = [(b > a) - (b < a) for a, b in zip(vals, vals[1:])]
    best, ends, pos = 0, [], 0
    for sign, m in _runs(diffs):
        pos += m
        if sign == (1 if up else -1):
            if m > best:
                best, ends = m, [pos]
            elif m == best:
                ends.append(pos)
    q.require(best >= 1 and len(ends) == 1, "longest streak not unique")
    length = q.balance(best + 1, STREAKS[q.difficulty])
    end = ends[0]
    idx = list(range(end - best, end + 1))
    word = "increasing" if up else "decreasing"
    q.step("longest_run", direction=word, marks=idx)
    return q.answer(length, witnesses=_marks(idx),
                    question=(f"{_chart(s)} Reading the labels {_direction(s)}, how many labels are in the longest "
                              f"run of consecutive labels whose values are strictly {word}?"))


@task("observed_threshold_crossing_label", answer="string", annotation="point",
      ops="filtering,comparison,ranking",
      queries=("observed_above_threshold_crossing_label", "observed_below_threshold_crossing_label"))
def observed_threshold_crossing_label(q):
    s = _ordered(q)
    vals = s["values"]
    above = q.query_id == "observed_above_threshold_crossing_label"

    def draw(r):
        # thresholds that the first label does not already pass and some later label does
        ok = [t for t in range(s["lo"] + 1, s["hi"]) if t not in vals
              and not (vals[0] > t if above else vals[0] < t) and any((v > t if above else v < t) for v in vals)]
        return ok[int(r.integers(len(ok)))] if ok else None

    thr = q.param("threshold", draw)
    q.require(thr is not None, "no threshold is crossed after the first label")
    q.reads(*vals)
    i = next(k for k, v in enumerate(vals) if (v > thr if above else v < thr))
    word = "greater than" if above else "less than"
    q.step("first_crossing", threshold=thr, index=i)
    return q.answer(s["labels"][i], witnesses=f"mark:{i}", examples=s["labels"],
                    question=(f"{_chart(s)} Reading the labels {_direction(s)}, which is the first label whose "
                              f"value is {word} {thr}?"))


RANKS = {1: (1, 2, 3), 2: (2, 3, 4), 3: (3, 4, 5)}
ORDINAL = {1: "", 2: "2nd-", 3: "3rd-", 4: "4th-", 5: "5th-"}


def _order_stat(q):
    s = q.state
    kind = q.query_id.split("_order_statistic")[0]
    if kind == "median":
        def odd(st, r):
            if len(st["values"]) % 2 == 0:
                for key in ("values", "labels"):
                    st[key] = st[key][:-1]
                if "slots" in st:
                    st["slots"] = [int(v) for v in r.permutation(len(st["values"]))]
            return st

        s = q.edit(odd)
    vals = s["values"]
    q.reads(*vals)
    distinct = sorted(set(vals))
    if kind == "median":
        target, what = sorted(vals)[len(vals) // 2], "the median value (of all the labels' values)"
    else:
        k = q.param("rank", lambda r: int(r.choice(RANKS[q.difficulty])))
        q.require(k <= len(distinct), "too few distinct values")
        if kind == "nth_highest":
            target, what = distinct[-k], f"the {ORDINAL[k]}highest distinct value"
        else:
            target, what = distinct[k - 1], f"the {ORDINAL[k]}lowest distinct value"
    q.require(vals.count(target) == 1, "the selected value is shown by more than one label")
    i = vals.index(target)
    q.step("select_ranked", statistic=kind, distinct_values=len(distinct), index=i)
    return s, i, what


@task("order_statistic_label", answer="string", annotation="point", ops="ranking",
      queries=("median_order_statistic_label", "nth_highest_order_statistic_label", "nth_lowest_order_statistic_label"))
def order_statistic_label(q):
    s, i, what = _order_stat(q)
    return q.answer(s["labels"][i], witnesses=f"mark:{i}", examples=s["labels"],
                    question=(f"{_chart(s)} Equal values count once when ranking distinct values. Which label has "
                              f"{what}?"))


@task("order_statistic_value", answer="integer", annotation="point", ops="ranking",
      queries=("median_order_statistic_value", "nth_highest_order_statistic_value", "nth_lowest_order_statistic_value"))
def order_statistic_value(q):
    s, i, what = _order_stat(q)
    return q.answer(s["values"][i], witnesses=f"mark:{i}",
                    question=(f"{_chart(s)} Equal values count once when ranking distinct values. What is "
                              f"{what}?"))


def _removal(q, ok):
    """1-2 labels to remove such that ``ok(kept, removed)`` holds (drawn among all that do)."""
    n = len(q.state["values"])

    def draw(r):
        sets = [[i] for i in range(n)] + [[i, j] for i in range(n) for j in range(i + 1, n)]
        good = [m for m in sets if ok([i for i in range(n) if i not in m], m)]
        return good[int(r.integers(len(good)))] if good else None

    removed = q.param("removed", draw)
    q.require(removed is not None, "no removal gives an integer result")
    return removed


def _names(s, idx):
    return " and ".join(s["labels"][i] for i in idx)


def _keep_first(s, r, n):
    """The state cut to its first ``n`` marks (a scatter plot's slots drawn again)."""
    for key in ("values", "labels"):
        s[key] = s[key][:n]
    if "slots" in s:
        s["slots"] = [int(v) for v in r.permutation(n)]
    return s


# marks of a removal-mean chart; levels 1-2 read it on a unit axis from 0 (the original: 4-10 marks, means 5-20)
MEAN_MARKS = {1: (4, 7), 2: (5, 11), 3: (10, 14)}


@task("remaining_mean_after_removal", answer="integer", annotation="point_set", ops="aggregation,state_update")
def remaining_mean_after_removal(q):
    def build(s, r):
        lo_n, hi_n = MEAN_MARKS[q.difficulty]
        s = _keep_first(s, r, min(len(s["values"]), int(r.integers(lo_n, hi_n + 1))))
        if q.difficulty < 3:           # the same grid steps, counted from 0 in units of 1
            lo, unit = s["lo"], s["unit"]
            s.update(values=[(v - lo) // unit for v in s["values"]], lo=0, hi=(s["hi"] - lo) // unit, unit=1)
        return s

    s = q.edit(build)
    vals = s["values"]
    removed = _removal(q, lambda kept, rem: sum(vals[i] for i in kept) % len(kept) == 0)
    kept = [i for i in range(len(vals)) if i not in removed]
    q.reads(*vals)
    mean = sum(vals[i] for i in kept) // len(kept)
    q.step("mean", removed=removed, kept=kept, result=mean)
    return q.answer(mean, witnesses=_marks(kept),
                    question=(f"{_chart(s)} If the labels {_names(s, removed)} are removed, what is the mean value "
                              f"of the remaining labels?"))


SHARE_MARKS = {1: (5, 7), 2: (7, 9), 3: (9, 12)}
SHARES = (10, 15, 20, 25, 30, 40, 50, 60)      # the original's shares (percent)


def _split(r, total, k, cap):
    """``total`` as ``k`` random parts, each 1..cap (``k <= total <= k * cap``)."""
    parts = [1] * k
    for _ in range(total - k):
        open_ = [i for i in range(k) if parts[i] < cap]
        parts[open_[int(r.integers(len(open_)))]] += 1
    return parts


@task("target_share_after_removal", answer="integer", annotation="point_set",
      ops="aggregation,state_update,formula_evaluation")
def target_share_after_removal(q):
    share = q.target(SHARES, stratified=True)

    def build(s, r):
        """The target's value v and the other kept labels' values (summing to v * (100 - share) / share) so
        that the target is exactly ``share`` percent of the kept total."""
        lo_n, hi_n = SHARE_MARKS[q.difficulty]
        n = min(len(s["values"]), int(r.integers(lo_n, hi_n + 1)))
        s = _keep_first(s, r, n)
        t = int(r.integers(n))
        rem = [int(v) for v in r.choice([i for i in range(n) if i != t], size=int(r.integers(1, 3)), replace=False)]
        others = [i for i in range(n) if i not in rem and i != t]
        lo, unit, k = s["lo"], s["unit"], len(others)
        steps = (s["hi"] - lo) // unit

        def units(v):         # the others' sum in grid units above lo, None where it cannot be split
            rest, left = divmod(v * (100 - share), share)
            m, off = divmod(rest - k * lo, unit)
            return m if not left and not off and k <= m <= k * steps else None

        fits = [v for v in range(lo + unit, s["hi"] + 1, unit) if units(v) is not None]
        if fits:
            v = fits[int(r.integers(len(fits)))]
            s["values"][t] = v
            for i, m in zip(others, _split(r, units(v), k, steps)):
                s["values"][i] = lo + unit * m
            s["share_plan"] = {"target": t, "removed": sorted(rem)}
        return s

    s = q.edit(build)
    q.require("share_plan" in s, "no value gives the share")
    vals = s["values"]
    t, removed = s["share_plan"]["target"], s["share_plan"]["removed"]
    kept = [i for i in range(len(vals)) if i not in removed]
    total = sum(vals[i] for i in kept)
    q.reads(*vals)
    q.require(vals[t] * 100 % total == 0, "share not an integer")
    got = vals[t] * 100 // total
    q.step("share", target=t, removed=removed, total=total, result=got)
    return q.answer(got, witnesses=_marks(kept),
                    question=(f"{_chart(s)} If the labels {_names(s, removed)} are removed, what percent of the "
                              f"remaining labels' total value does {s['labels'][t]} account for?"))


@task("threshold_value_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison",
      queries=("above_threshold_count", "below_threshold_count"))
def threshold_value_count(q):
    s = q.state
    vals = s["values"]
    srt = sorted(vals)
    n = len(vals)
    above = q.query_id == "above_threshold_count"
    t = _count_target(q, n)

    def draw(r):
        k = n - t if above else t            # the threshold lies between srt[k - 1] and srt[k]
        below = srt[k - 1] + 1 if k > 0 else s["lo"] + 1
        over = srt[k] if k < n else s["hi"]
        ok = list(range(below, over))
        return ok[int(r.integers(len(ok)))] if ok else None

    thr = q.param("threshold", draw)
    q.require(thr is not None, "no threshold gives the target count")
    q.reads(*vals)
    hits = [i for i, v in enumerate(vals) if (v > thr if above else v < thr)]
    q.step("filter", threshold=thr, kept=hits)
    return q.answer(len(hits), witnesses=_marks(hits),
                    question=(f"{_chart(s)} How many labels have a value {'greater' if above else 'less'} than "
                              f"{thr}?"))


TURNS = {1: range(0, 4), 2: range(0, 6), 3: range(1, 8)}


@task("turning_point_count", answer="integer", annotation="point_set", ops="counting",
      queries=("peak_turning_point_count", "trough_turning_point_count"))
def turning_point_count(q):
    peak = q.query_id == "peak_turning_point_count"
    t = q.target(TURNS[q.difficulty])
    _ordered(q)

    def plant(s, r):
        n = len(s["values"])
        # runs of a sign sequence starting up: peaks = runs // 2; starting down: (runs - 1) // 2
        # (troughs swap the two); pick a start and a run count giving t, then split n - 1 steps
        opts = []
        for first in (1, -1):
            for runs in range(1, n):
                k = runs // 2 if (first == 1) == peak else (runs - 1) // 2
                if k == t:
                    opts.append((first, runs))
        if not opts:
            return s
        first, runs = opts[int(r.integers(len(opts)))]
        cuts = sorted(int(v) for v in r.choice(range(1, n - 1), size=runs - 1, replace=False))
        lengths = [b - a for a, b in zip([0] + cuts, cuts + [n - 1])]
        signs = [first * (1 if k % 2 == 0 else -1) for k, m in enumerate(lengths) for _ in range(m)]
        return _walk(r, s, signs) or s

    s = q.edit(plant)
    vals = s["values"]
    q.require(all(a != b for a, b in zip(vals, vals[1:])), "equal neighbours")
    q.reads(*vals)
    sign = 1 if peak else -1
    idx = [i for i in range(1, len(vals) - 1)
           if sign * (vals[i] - vals[i - 1]) > 0 and sign * (vals[i] - vals[i + 1]) > 0]
    q.balance(len(idx), TURNS[q.difficulty])
    word = "peaks (higher than both neighbours)" if peak else "troughs (lower than both neighbours)"
    q.step("turning_points", kind=q.query_id, marks=idx)
    return q.answer(len(idx), witnesses=_marks(idx),
                    question=(f"{_chart(s)} Reading the labels {_direction(s)}, how many labels are local {word}? "
                              f"The first and last labels do not count."))
