"""charts/single_series: one series of integer values over ordered x labels (line or bars)."""

from __future__ import annotations

from tracegen.core.charts import Axes, draw_value_axes
from tracegen.core.task import Scene

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
TOPICS = [("Monthly sales", "Units"), ("Visitors", "People"), ("Rainfall", "mm"),
          ("Orders", "Orders"), ("Energy use", "kWh"), ("Downloads", "Thousands")]
N_POINTS = {1: (5, 6), 2: (7, 9), 3: (10, 12)}


class SingleSeries(Scene):
    domain, scene_id, size = "charts", "single_series", (640, 480)
    description = "A line or bar chart of one integer series over ordered x labels, values printed at each mark."

    def sample(self, rng, difficulty):
        lo, hi = N_POINTS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        ymax = int(rng.choice([20, 40, 50, 100]))
        if rng.random() < 0.5:
            labels = MONTHS[:n] if n <= 12 else MONTHS
            start = int(rng.integers(0, 12 - n + 1))
            labels = MONTHS[start:start + n]
        else:
            y0 = int(rng.integers(1990, 2020))
            labels = [str(y0 + i) for i in range(n)]
        values = [int(v) for v in rng.integers(1, ymax + 1, size=n)]
        title, unit = TOPICS[int(rng.integers(len(TOPICS)))]
        return {"variant": "line" if rng.random() < 0.5 else "bar", "labels": labels, "values": values,
                "ymax": ymax, "title": title, "unit": unit}

    def render(self, c, state, params):
        w, h = self.size
        c.text(w / 2, 28, state["title"], size=18, bold=True)
        ax = Axes(x0=80, y0=60, x1=w - 30, y1=h - 60, ymin=0, ymax=state["ymax"] * 1.1)
        draw_value_axes(c, ax, state["ymax"] / 5 if state["ymax"] % 5 == 0 else 10, y_title=state["unit"])
        n = len(state["values"])
        pts = [(ax.slot(i, n), ax.y(v)) for i, v in enumerate(state["values"])]
        color = c.style.accent_rgb
        if state["variant"] == "line":
            c.polyline(pts, color=color, lw=2.5)
        bw = ax.slot_width(n) * 0.6
        for i, ((x, y), v) in enumerate(zip(pts, state["values"])):
            if state["variant"] == "bar":
                c.rect(x - bw / 2, y, bw, ax.y1 - y, fill=color)
                c.register(f"mark:{i}", box=(x - bw / 2, y, x + bw / 2, ax.y1), point=(x, y))
            else:
                c.circle(x, y, 5, fill=color, stroke="background", lw=1.5)
                c.register(f"mark:{i}", box=(x - 5, y - 5, x + 5, y + 5), point=(x, y))
            c.text(x, y - 14, str(v), size=13, bold=True)
            c.text(x, ax.y1 + 18, state["labels"][i], size=13, id=f"label:{i}")


SCENE = SingleSeries()
task = SCENE.task


def _marks(idx):
    return [f"mark:{i}" for i in idx]


def _pair(q, s):
    n = len(s["values"])
    return q.param("pair", lambda r: sorted(int(v) for v in r.choice(n, size=2, replace=False)))


@task("endpoint_change_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("absolute_endpoint_change_value", "signed_endpoint_change_value", "percent_endpoint_change_value"))
def endpoint_change_value(q):
    s = q.state
    i, j = _pair(q, s)
    a, b = s["values"][i], s["values"][j]
    la, lb = s["labels"][i], s["labels"][j]
    if q.query_id == "absolute_endpoint_change_value":
        value, what = abs(b - a), f"the absolute change in value from {la} to {lb}"
    elif q.query_id == "signed_endpoint_change_value":
        value, what = b - a, f"the change in value from {la} to {lb} (negative if it decreased)"
    else:
        q.require((b - a) * 100 % a == 0, "percent change not an integer")
        value, what = (b - a) * 100 // a, f"the percent change in value from {la} to {lb} (negative if it decreased)"
    q.step("difference", start=a, end=b, mode=q.query_id, result=value)
    return q.answer(value, witnesses={"start_mark": f"mark:{i}", "end_mark": f"mark:{j}"},
                    question=f"In the chart, what is {what}?")


@task("interval_rate_value", answer="integer", annotation="point_map", ops="counting,formula_evaluation")
def interval_rate_value(q):
    s = q.state
    i, j = _pair(q, s)
    diff = s["values"][j] - s["values"][i]
    q.require(diff != 0 and diff % (j - i) == 0, "rate not a non-zero integer")
    rate = abs(diff // (j - i))
    q.step("rate", change=diff, steps=j - i, result=rate)
    return q.answer(rate, witnesses={"start_mark": f"mark:{i}", "end_mark": f"mark:{j}"},
                    question=(f"Between {s['labels'][i]} and {s['labels'][j]}, what is the average change in value "
                              f"per step along the x axis, as an absolute value?"))


@task("interval_value_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison")
def interval_value_count(q):
    s = q.state
    vals = s["values"]
    lo, hi = q.param("bounds", lambda r: sorted(int(v) for v in r.choice(range(1, s["ymax"] + 1), 2, replace=False)))
    hits = [i for i, v in enumerate(vals) if lo <= v <= hi]
    q.step("filter", lower=lo, upper=hi, kept=hits)
    return q.answer(len(hits), witnesses=_marks(hits),
                    question=f"How many marks have a value between {lo} and {hi}, inclusive?")


def _runs(vals, up):
    """(length of the monotone run ending at mark k, k) for every mark."""
    cur, out = 1, []
    for k in range(1, len(vals)):
        cur = cur + 1 if (vals[k] > vals[k - 1] if up else vals[k] < vals[k - 1]) else 1
        out.append((cur, k))
    return [(1, 0)] + out


@task("monotone_streak_length", answer="integer", annotation="point_set", ops="filtering,counting,ranking",
      queries=("longest_increasing_streak_length", "longest_decreasing_streak_length"))
def monotone_streak_length(q):
    up = q.query_id == "longest_increasing_streak_length"
    target = q.target(range(3, 4 + q.difficulty))

    def plant(s, r):
        # a zigzag (every monotone run has 2 marks) with one planted run of the target length
        n, top = len(s["values"]), s["ymax"]
        vals = [int(r.integers(1, top // 2)) if k % 2 == 0 else int(r.integers(top // 2 + 1, top + 1))
                for k in range(n)]
        start = int(r.integers(0, n - target + 1))
        run = sorted(int(v) for v in r.choice(range(1, top + 1), size=target, replace=False))
        vals[start:start + target] = run if up else run[::-1]
        s["values"] = vals
        return s

    vals = q.edit(plant)["values"]
    runs = _runs(vals, up)
    best = max(r for r, _ in runs)
    ends = [k for r, k in runs if r == best]
    q.require(len(ends) == 1 and best >= 2, "longest streak not unique")
    q.balance(best, range(2, 3 + q.difficulty))  # the plant can be extended by a neighbour
    end = ends[0]
    idx = list(range(end - best + 1, end + 1))
    word = "increasing" if up else "decreasing"
    q.step("longest_run", direction=word, marks=idx)
    return q.answer(best, witnesses=_marks(idx),
                    question=(f"What is the length, in marks, of the longest run of consecutive marks whose values "
                              f"are strictly {word} from each mark to the next?"))


@task("observed_threshold_crossing_label", answer="string", annotation="point",
      ops="filtering,comparison,ranking",
      queries=("observed_above_threshold_crossing_label", "observed_below_threshold_crossing_label"))
def observed_threshold_crossing_label(q):
    s = q.state
    vals = s["values"]
    above = q.query_id == "observed_above_threshold_crossing_label"
    thr = q.param("threshold", lambda r: int(r.integers(2, s["ymax"])))
    q.require(thr not in vals, "a value equals the threshold")
    hit = [i for i, v in enumerate(vals) if (v > thr if above else v < thr)]
    q.require(bool(hit) and hit[0] > 0, "no crossing after the first mark")
    i = hit[0]
    word = "above" if above else "below"
    q.step("first_crossing", threshold=thr, index=i)
    return q.answer(s["labels"][i], witnesses=f"mark:{i}", examples=s["labels"],
                    question=f"Reading left to right, at which x label does the value first go {word} {thr}?")


RANK_WORDS = {1: "highest", 2: "second highest", 3: "third highest"}


def _order_stat(q):
    s = q.state
    vals = s["values"]
    q.require(len(set(vals)) == len(vals), "tied values")
    order = sorted(range(len(vals)), key=lambda i: vals[i])
    kind = q.query_id.split("_order_statistic")[0]
    if kind == "median":
        q.require(len(vals) % 2 == 1, "even count has no single median mark")
        i, what = order[len(vals) // 2], "the median value"
    else:
        k = q.param("rank", lambda r: int(r.integers(1, 4)))
        ordinal = {1: "", 2: "2nd ", 3: "3rd "}[k]
        if kind == "nth_highest":
            i, what = order[-k], f"the {ordinal}highest value"
        else:
            i, what = order[k - 1], f"the {ordinal}lowest value"
    q.step("select_ranked", statistic=kind, index=i)
    return i, what


@task("order_statistic_label", answer="string", annotation="point", ops="ranking",
      queries=("median_order_statistic_label", "nth_highest_order_statistic_label", "nth_lowest_order_statistic_label"))
def order_statistic_label(q):
    i, what = _order_stat(q)
    return q.answer(q.state["labels"][i], witnesses=f"mark:{i}", examples=q.state["labels"],
                    question=f"Which x label has {what} in the chart?")


@task("order_statistic_value", answer="integer", annotation="point", ops="ranking",
      queries=("median_order_statistic_value", "nth_highest_order_statistic_value", "nth_lowest_order_statistic_value"))
def order_statistic_value(q):
    i, what = _order_stat(q)
    return q.answer(q.state["values"][i], witnesses=f"mark:{i}",
                    question=f"What is {what} among the marks in the chart?")


def _removal(q, ok):
    """Choose 1-2 labels to remove such that ``ok(kept_indices)`` holds."""
    n = len(q.state["values"])

    def draw(r):
        for _ in range(60):
            k = int(r.integers(1, 3))
            removed = sorted(int(v) for v in r.choice(n, size=k, replace=False))
            if ok([i for i in range(n) if i not in removed], removed):
                return removed
        return None

    removed = q.param("removed", draw)
    q.require(removed is not None, "no removal gives an integer result")
    return removed


@task("remaining_mean_after_removal", answer="integer", annotation="point_set", ops="aggregation,state_update")
def remaining_mean_after_removal(q):
    vals = q.state["values"]
    removed = _removal(q, lambda kept, rem: sum(vals[i] for i in kept) % len(kept) == 0)
    kept = [i for i in range(len(vals)) if i not in removed]
    mean = sum(vals[i] for i in kept) // len(kept)
    names = " and ".join(q.state["labels"][i] for i in removed)
    q.step("mean", removed=removed, kept=kept, result=mean)
    return q.answer(mean, witnesses=_marks(kept),
                    question=f"If the marks for {names} are removed, what is the mean of the remaining values?")


@task("target_share_after_removal", answer="integer", annotation="point_set",
      ops="aggregation,state_update,formula_evaluation")
def target_share_after_removal(q):
    s = q.state
    vals = s["values"]
    n = len(vals)
    t = q.param("target", lambda r: int(r.integers(n)))
    removed = _removal(q, lambda kept, rem: t in kept and vals[t] * 100 % sum(vals[i] for i in kept) == 0)
    kept = [i for i in range(n) if i not in removed]
    share = vals[t] * 100 // sum(vals[i] for i in kept)
    names = " and ".join(s["labels"][i] for i in removed)
    q.step("share", target=t, removed=removed, result=share)
    return q.answer(share, witnesses=_marks(kept),
                    question=(f"If the marks for {names} are removed, what percent of the remaining total "
                              f"does {s['labels'][t]} account for?"))


@task("threshold_value_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison",
      queries=("above_threshold_count", "below_threshold_count"))
def threshold_value_count(q):
    s = q.state
    vals = s["values"]
    thr = q.param("threshold", lambda r: int(r.integers(2, s["ymax"])))
    q.require(thr not in vals, "a value equals the threshold")
    above = q.query_id == "above_threshold_count"
    hits = [i for i, v in enumerate(vals) if (v > thr if above else v < thr)]
    q.step("filter", threshold=thr, kept=hits)
    return q.answer(len(hits), witnesses=_marks(hits),
                    question=f"How many marks have a value {'above' if above else 'below'} {thr}?")


@task("turning_point_count", answer="integer", annotation="point_set", ops="counting",
      queries=("peak_turning_point_count", "trough_turning_point_count"))
def turning_point_count(q):
    vals = q.state["values"]
    q.require(all(a != b for a, b in zip(vals, vals[1:])), "equal neighbours")
    peak = q.query_id == "peak_turning_point_count"
    sign = 1 if peak else -1
    idx = [i for i in range(1, len(vals) - 1)
           if sign * (vals[i] - vals[i - 1]) > 0 and sign * (vals[i] - vals[i + 1]) > 0]
    word = "peaks (higher than both neighbours)" if peak else "troughs (lower than both neighbours)"
    q.step("turning_points", kind=q.query_id, marks=idx)
    return q.answer(len(idx), witnesses=_marks(idx),
                    question=f"How many interior marks are {word}?")
