"""pages/calendar: one month page with weekday headers, circled (marked) days and holidays."""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import months
from tracegen.kits.grid import Grid
from tracegen.kits.months import DAY_FULL, DAY_SHORT, MONTH_NAMES

N_MARKED = {1: (1, 5), 2: (2, 8), 3: (10, 13)}          # level 2: the original's 1-8 circled days
N_HOLIDAYS = {1: (1, 1), 2: (2, 2), 3: (3, 4)}
HOLIDAY_FILL = (1.0, 0.87, 0.66)
RING = "red"
ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def month_info(state):
    """(weekday index 0=Mon of day 1, number of days)."""
    return months.month_info(state["year"], state["month"])


def weekday_of(state, day):
    first, _ = month_info(state)
    return (first + day - 1) % 7


def header_labels(state):
    return months.header_labels(state["week_start"], DAY_FULL if state["header"] == "full" else DAY_SHORT)


def column_of(state, wd):
    """Display column of weekday index wd (0=Mon)."""
    return months.column_of(wd, state["week_start"])


def is_weekend(state, day):
    return weekday_of(state, day) >= 5


class Calendar(Scene):
    domain, scene_id, size = "pages", "calendar", (720, 620)
    description = ("A wall-calendar month page: weekday header row, the dates of one month, some dates "
                   "circled as marked and some shaded as holidays.")

    def sample(self, rng, difficulty):
        year = int(rng.integers(1990, 2036))
        month = int(rng.integers(1, 13))
        state = {"year": year, "month": month, "week_start": "Mon" if rng.random() < 0.5 else "Sun",
                 "header": "full" if rng.random() < 0.5 else "short"}
        _, ndays = month_info(state)
        first, _ = month_info(state)
        weekdays = [d for d in range(1, ndays + 1) if (first + d - 1) % 7 < 5]
        lo, hi = N_HOLIDAYS[difficulty]
        nh = int(rng.integers(lo, hi + 1))
        hol = sorted(int(d) for d in rng.choice(weekdays, size=nh, replace=False))
        rest = [d for d in range(1, ndays + 1) if d not in hol]
        lo, hi = N_MARKED[difficulty]
        nm = int(rng.integers(lo, hi + 1))
        marked = sorted(int(d) for d in rng.choice(rest, size=nm, replace=False))
        state.update(holidays=hol, marked=marked)
        return state

    def render(self, c, state, params):
        w, h = self.size
        first, ndays = month_info(state)
        start_col = column_of(state, first)
        weeks = months.n_weeks(start_col, ndays)
        c.text(w / 2, 34, f"{MONTH_NAMES[state['month'] - 1]} {state['year']}", size=24, bold=True)
        x0, x1 = 24, w - 24
        head_y, head_h = 64, 36
        g = Grid(x0, head_y + head_h, weeks, 7, (x1 - x0) / 7, (h - 60 - head_y - head_h) / weeks)
        months.weekday_header(c, x0, head_y, g.cell, head_h, header_labels(state))
        hol, marked = set(state["holidays"]), set(state["marked"])
        for d in range(1, ndays + 1):
            pos = start_col + d - 1
            r, k = divmod(pos, 7)
            bx0, by0, bx1, by1 = g.box(r, k)
            if d in hol:
                c.rect(bx0, by0, g.cell, g.ch, fill=HOLIDAY_FILL)
                c.text((bx0 + bx1) / 2, by1 - 12, "Holiday", size=12, color=c.text_on(HOLIDAY_FILL))
            c.register(f"day:{d}", box=(bx0, by0, bx1, by1))
            cx, cy = (bx0 + bx1) / 2, by0 + min(30.0, g.ch / 2 - 4)
            c.text(cx, cy, str(d), size=18, bold=k == column_of(state, 6),
                   color=c.text_on(HOLIDAY_FILL) if d in hol else "ink")
            if d in marked:
                c.circle(cx, cy, 17, stroke=RING, lw=2.5)
        for r in range(weeks + 1):
            c.line(x0, g.y0 + r * g.ch, x1, g.y0 + r * g.ch, color="muted", lw=1.0)
        for k in range(8):
            c.line(x0 + k * g.cell, g.y0, x0 + k * g.cell, g.y1, color="muted", lw=1.0)
        # legend
        ly = h - 28
        c.circle(w / 2 - 150, ly, 11, stroke=RING, lw=2.5)
        c.text(w / 2 - 132, ly, "marked day", size=14, anchor="l")
        if state["holidays"]:
            c.rect(w / 2 + 30, ly - 11, 34, 22, fill=HOLIDAY_FILL, stroke="muted", lw=0.8)
            c.text(w / 2 + 72, ly, "holiday (no work)", size=14, anchor="l")


SCENE = Calendar()
task = SCENE.task


def _date(state, d):
    return f"{MONTH_NAMES[state['month'] - 1]} {d}"


def _days(ds):
    return [f"day:{d}" for d in ds]


@task("date_range_day_class_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison",
      queries=("weekday_range_count", "weekend_range_count"))
def date_range_day_class_count(q):
    s = q.state
    _, ndays = month_info(s)
    weekend = q.query_id == "weekend_range_count"
    span_lo, span_hi = {1: (4, 9), 2: (8, 16), 3: (14, 26)}[q.difficulty]

    def draw(r):              # a count uniformly among those the level's ranges give, then a range giving it
        ranges = {}
        for span in range(span_lo, span_hi + 1):
            for a in range(1, ndays - span + 1):
                n = sum(is_weekend(s, d) == weekend for d in range(a, a + span + 1))
                ranges.setdefault(n, []).append([a, a + span])
        counts = sorted(n for n in ranges if n > 0)
        pick = ranges[counts[int(r.integers(len(counts)))]]
        return pick[int(r.integers(len(pick)))]

    a, b = q.param("range", draw)
    hits = [d for d in range(a, b + 1) if is_weekend(s, d) == weekend]
    q.require(len(hits) > 0, "no day of the class in the range")
    q.step("filter", start=a, end=b, day_class="weekend" if weekend else "weekday", kept=hits)
    what = "weekend days (Saturdays and Sundays)" if weekend else "weekdays (Monday to Friday)"
    return q.answer(len(hits), witnesses=_days(hits),
                    question=(f"How many {what} are there from {_date(s, a)} to {_date(s, b)}, "
                              f"counting both of those dates?"))


@task("date_weekday_label", answer="string", annotation="bbox", ops="direct_retrieval")
def date_weekday_label(q):
    s = q.state
    _, ndays = month_info(s)
    d = q.param("target_date", lambda r: int(r.integers(1, ndays + 1)))
    col = column_of(s, weekday_of(s, d))
    labels = header_labels(s)
    q.offer(7, "prompt")
    q.step("lookup", date=d, column=col)
    return q.answer(labels[col], witnesses=f"head:{col}", examples=labels,
                    question=(f"On this calendar page, under which weekday heading does {_date(s, d)} fall? "
                              f"Answer with the heading exactly as written: one of {', '.join(labels[:-1])} or "
                              f"{labels[-1]}."))


# stratified targets (a repeated value is drawn more often): the original's 0-6, mostly 0-2
MARKED_COUNTS = {1: (0, 1, 1, 2, 2, 3), 2: (0, 1, 1, 2, 2, 3, 4, 5, 6), 3: (1, 2, 3, 4, 5, 6, 7, 8)}


@task("marked_day_class_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def marked_day_class_count(q):
    t = q.target(MARKED_COUNTS[q.difficulty], stratified=True)
    weekend = q.choice("day_class", ["weekday", "weekend"]) == "weekend"
    n = len(q.state["marked"])
    q.require(t <= n, "more marked days of the class than marked days")

    def plant(st, r):         # as many circled days as drawn, exactly t of them of the asked class
        _, ndays = month_info(st)
        free = [d for d in range(1, ndays + 1) if d not in st["holidays"]]
        pools = ([d for d in free if is_weekend(st, d) == weekend], [d for d in free if is_weekend(st, d) != weekend])
        if len(pools[0]) < t or len(pools[1]) < n - t:
            return {**st, "marked": []}
        st["marked"] = sorted(int(d) for d in [*r.choice(pools[0], size=t, replace=False),
                                               *r.choice(pools[1], size=n - t, replace=False)])
        return st

    s = q.edit(plant)
    q.require(len(s["marked"]) == n, "the month cannot hold the planted days")
    hits = [d for d in s["marked"] if is_weekend(s, d) == weekend]
    q.step("filter", day_class="weekend" if weekend else "weekday", kept=hits)
    what = "fall on a weekend (Saturday or Sunday)" if weekend else "fall on a weekday (Monday to Friday)"
    return q.answer(len(hits), witnesses=_days(hits),
                    question=f"How many of the circled (marked) days {what}?")


@task("weekday_occurrence_date", answer="integer", annotation="bbox", ops="filtering,ranking")
def weekday_occurrence_date(q):
    s = q.state
    _, ndays = month_info(s)
    target = q.target(range(1, 32), stratified=True)   # every date equally often over consecutive instances
    q.require(target <= ndays, "the month is shorter than the target date")
    wd = q.param("weekday_index", lambda r: weekday_of(s, target))
    k = q.param("occurrence", lambda r: (target - 1) // 7 + 1)
    days = [d for d in range(1, ndays + 1) if weekday_of(s, d) == wd]
    q.require(k <= len(days), "no such occurrence")
    d = days[k - 1]
    q.step("occurrence", weekday=wd, occurrence=k, candidates=days, date=d)
    return q.answer(d, witnesses=f"day:{d}",
                    question=(f"What is the date (day of the month) of the {ORDINAL[k]} {DAY_FULL[wd]} "
                              f"of {MONTH_NAMES[s['month'] - 1]} {s['year']}?"))


WORKDAYS = "Workdays are Monday through Friday; skip Saturday and Sunday."   # the original's rule, in its words


def workdays(state):
    """The month's workdays: every Monday to Friday (the original counts no holidays)."""
    _, ndays = month_info(state)
    return [d for d in range(1, ndays + 1) if weekday_of(state, d) < 5]


@task("workday_offset_date", answer="integer", annotation="bbox_map", ops="formula_evaluation",
      queries=("workday_after_offset_date", "workday_before_offset_date"))
def workday_offset_date(q):
    s = q.state
    _, ndays = month_info(s)
    after = q.query_id == "workday_after_offset_date"
    lo, hi = {1: (1, 3), 2: (3, 6), 3: (6, 10)}[q.difficulty]
    k = q.param("offset", lambda r: int(r.integers(lo, hi + 1)))
    s = q.edit(lambda st, r: {**st, "holidays": []})     # as the original: no holidays, workdays are Mon-Fri
    work = workdays(s)

    def draw_start(r):
        if after:
            ok = [d for d in range(1, ndays + 1) if sum(w > d for w in work) >= k]
        else:
            ok = [d for d in range(1, ndays + 1) if sum(w < d for w in work) >= k]
        return int(ok[int(r.integers(len(ok)))]) if ok else None

    start = q.param("start", draw_start)
    q.require(start is not None, "offset leaves the month")
    seq = [w for w in work if w > start] if after else [w for w in work if w < start][::-1]
    q.require(len(seq) >= k, "offset leaves the month")
    d = seq[k - 1]
    q.step("walk_workdays", start=start, offset=k, direction="after" if after else "before", date=d)
    word = "after" if after else "before"
    unit = "workday" if k == 1 else "workdays"
    return q.answer(d, witnesses={"start_date": f"day:{start}", "result_date": f"day:{d}"},
                    question=(f"{WORKDAYS} Which date is {k} {unit} {word} {_date(s, start)}? Give the day of the "
                              "month."))
