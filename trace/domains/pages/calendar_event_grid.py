"""pages/calendar_event_grid: one month calendar whose date cells hold short category chips
("Top: Finance", "Mid: Travel", "Bottom: Arts") in three fixed event slots.

Tasks find the busiest date, the date holding a category in a slot, count the dates showing a
category in a slot, the filled slots of a date and the chips in a weekday column.  Each answer is
planted by re-drawing the chips of just the dates concerned.  Difficulty grows the category set
(5, 7, 9), the share of dates with events and the near misses (many two-chip dates beside the
busiest, the asked category in the neighbouring slots).
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import months
from tracegen.kits.cards import rounded_rect
from tracegen.kits.months import DAY_FULL, DAY_SHORT, MONTH_NAMES
from tracegen.kits.panels import category_color

SLOTS = ("Top", "Mid", "Bottom")
CATEGORIES = ("Finance", "Culture", "Civic", "Tech", "Travel", "Arts", "Policy", "Science", "Sports", "Health",
              "Media", "Trade", "Energy", "Legal", "Food", "Music", "Design", "Climate")
N_CATS = {1: 5, 2: 7, 3: 9}
BUSY = {1: 0.35, 2: 0.5, 3: 0.65}          # share of dates with events
TITLES = ("Event Calendar", "Events This Month", "Community Calendar", "Program Calendar", "Activity Planner")
FOOTERS = ("Footer note: source packet W41; page 6.", "Draft schedule; chips list one event per slot.",
           "Compiled from the weekly program sheets.", "Review copy for the planning group.")
SIZE = (980, 780)


class CalendarEventGrid(Scene):
    domain, scene_id, size = "pages", "calendar_event_grid", SIZE
    description = ("A month calendar whose date cells hold short category chips in three event slots (Top, Mid, "
                   "Bottom) under a weekday header row.")

    def sample(self, rng, difficulty):
        year, month = int(rng.integers(1995, 2036)), int(rng.integers(1, 13))
        _, ndays = months.month_info(year, month)
        cats = [CATEGORIES[int(i)] for i in rng.choice(len(CATEGORIES), size=N_CATS[difficulty], replace=False)]
        events = []
        for _ in range(ndays):
            slots = [None, None, None]
            if rng.random() < BUSY[difficulty]:
                for k in rng.choice(3, size=int(rng.choice([1, 1, 2, 2, 3])), replace=False):
                    slots[int(k)] = cats[int(rng.integers(len(cats)))]
            events.append(slots)
        return {"year": year, "month": month, "week_start": "Mon" if rng.random() < 0.75 else "Sun",
                "categories": cats, "events": events, "title": TITLES[int(rng.integers(len(TITLES)))],
                "footer": FOOTERS[int(rng.integers(len(FOOTERS)))] if rng.random() < 0.5 else None}

    def render(self, c, state, params):
        w, h = SIZE
        first, ndays = months.month_info(state["year"], state["month"])
        start = months.column_of(first, state["week_start"])
        weeks = months.n_weeks(start, ndays)
        look = c.style.accent % 3
        c.rect(12, 12, w - 24, h - 24, fill="paper", stroke="grid", lw=1.5)
        c.text(w / 2, 46, state["title"], size=26, bold=True, color="accent" if look == 1 else "ink")
        c.text(w / 2, 76, f"{MONTH_NAMES[state['month'] - 1]} {state['year']}", size=15, color="muted")
        x0, x1 = 24, w - 24
        cw = (x1 - x0) / 7
        months.weekday_header(c, x0, 92, cw, 30, months.header_labels(state["week_start"], DAY_SHORT),
                              boxed=look == 2, color="ink")
        top, bottom = 128, h - (46 if state["footer"] else 22)
        chh = (bottom - top) / 6
        colors = {cat: category_color(c, k) for k, cat in enumerate(state["categories"])}
        for pos in range(7 * max(weeks, 6)):
            r, k = divmod(pos, 7)
            bx, by = x0 + k * cw + 3, top + r * chh + 3
            rounded_rect(c, bx, by, cw - 6, chh - 6, radius=9, fill="paper", stroke="grid", lw=1.6)
            d = pos - start + 1
            if not 1 <= d <= ndays:
                continue
            c.register(f"date:{d}", box=(bx, by, bx + cw - 6, by + chh - 6))
            c.text(bx + 12, by + 15, str(d), size=16, bold=True, anchor="l", color="accent" if look == 1 else "ink")
            slot_h = (chh - 36) / 3
            for j, cat in enumerate(state["events"][d - 1]):
                if cat is None:
                    continue
                cy = by + 28 + slot_h * (j + 0.5)
                fill = blend(c.color(colors[cat]), c.color("paper"), 0.22)
                rounded_rect(c, bx + 6, cy - 9, cw - 18, 18, radius=4, fill=fill, stroke=colors[cat], lw=0.8,
                             id=f"chip:{d}:{j}")
                c.text(bx + (cw - 6) / 2, cy, f"{SLOTS[j]}: {cat}", size=12, color=c.text_on(fill))
        if state["footer"]:
            c.text(24, h - 30, state["footer"], size=12, anchor="l", color="muted")


SCENE = CalendarEventGrid()
task = SCENE.task
INTRO = ("The image shows one month calendar where date cells contain short category chips in Top, Mid, and "
         "Bottom event slots.")


def _chips(s, d):
    return [f"chip:{d}:{j}" for j, cat in enumerate(s["events"][d - 1]) if cat is not None]


def _slot_cat(q):
    s = q.state
    j = q.param("slot", lambda r: int(r.integers(3)))
    return j, q.choice("category", s["categories"])


def _other(r, cats, not_this):
    pool = [x for x in cats if x != not_this]
    return pool[int(r.integers(len(pool)))]


# ---------------------------------------------------------------------- tasks
@task("busiest_date_label", answer="integer", annotation="bbox_set", ops="filtering,ranking")
def busiest_date_label(q):
    d = q.target(range(1, 29), stratified=True)
    two = {1: 0.2, 2: 0.4, 3: 0.7}[q.difficulty]

    def plant(st, r):
        cats = st["categories"]
        for i, ev in enumerate(st["events"]):
            filled = [j for j in range(3) if ev[j] is not None]
            if len(filled) == 3:
                ev[filled[int(r.integers(3))]] = None
            elif len(filled) == 1 and r.random() < two:                       # runners-up
                ev[[j for j in range(3) if ev[j] is None][int(r.integers(2))]] = cats[int(r.integers(len(cats)))]
        st["events"][d - 1] = [cats[int(r.integers(len(cats)))] for _ in range(3)]
        return st

    s = q.edit(plant)
    counts = [sum(x is not None for x in ev) for ev in s["events"]]
    q.require(counts.count(max(counts)) == 1, "two busiest dates")
    best = counts.index(max(counts)) + 1
    q.step("chips_per_date", counts=dict(enumerate(counts, 1)), busiest=best)
    return q.answer(best, witnesses=_chips(s, best),
                    question=f"{INTRO} Across the calendar grid, which date contains the most event chips? "
                             "Answer with the date number.")


@task("category_slot_day_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def category_slot_day_count(q):
    t = q.target(range(3, 8), stratified=True)
    j, cat = _slot_cat(q)

    def plant(st, r):
        days = list(range(len(st["events"])))
        have = [i for i in days if st["events"][i][j] == cat]
        for i in [have[int(x)] for x in r.permutation(len(have))][t:]:
            st["events"][i][j] = _other(r, st["categories"], cat) if r.random() < 0.6 else None
        lack = [i for i in days if st["events"][i][j] != cat]
        for i in [lack[int(x)] for x in r.permutation(len(lack))][:max(0, t - len(have))]:
            st["events"][i][j] = cat
        return st

    s = q.edit(plant)
    hits = [i + 1 for i, ev in enumerate(s["events"]) if ev[j] == cat]
    q.step("filter_slot", slot=SLOTS[j], category=cat, dates=hits)
    return q.answer(len(hits), witnesses=[f"chip:{d}:{j}" for d in hits],
                    question=f"{INTRO} In the \"{SLOTS[j]}\" event slot, how many dates show the category label "
                             f"\"{cat}\"?")


@task("date_filled_slot_count", answer="integer", annotation="bbox_set", ops="counting")
def date_filled_slot_count(q):
    t = q.target(range(0, 4), stratified=True)
    s = q.state
    d = q.param("date", lambda r: int(r.integers(1, len(s["events"]) + 1)))

    def plant(st, r):
        cats = st["categories"]
        keep = set(int(x) for x in r.choice(3, size=t, replace=False))
        st["events"][d - 1] = [cats[int(r.integers(len(cats)))] if k in keep else None for k in range(3)]
        return st

    s = q.edit(plant)
    hits = _chips(s, d)
    q.step("slots_of_date", date=d, filled=[SLOTS[int(h.split(":")[2])] for h in hits])
    return q.answer(len(hits), witnesses=hits,
                    question=f"{INTRO} On date {d}, how many of the Top, Mid, and Bottom slots contain event chips?")


@task("date_for_category_slot_label", answer="integer", annotation="bbox", ops="direct_retrieval")
def date_for_category_slot_label(q):
    d = q.target(range(1, 29), stratified=True)
    j, cat = _slot_cat(q)
    near = {1: 0.0, 2: 0.4, 3: 0.8}[q.difficulty]

    def plant(st, r):
        for i, ev in enumerate(st["events"]):
            if ev[j] == cat:
                ev[j] = _other(r, st["categories"], cat)
            elif i + 1 != d and r.random() < near * 0.25 and cat not in ev:     # the category in another slot
                ev[[k for k in range(3) if k != j][int(r.integers(2))]] = cat
        st["events"][d - 1][j] = cat
        return st

    s = q.edit(plant)
    hits = [i + 1 for i, ev in enumerate(s["events"]) if ev[j] == cat]
    q.require(hits == [d], "the category sits in the slot on another date")
    q.step("lookup", slot=SLOTS[j], category=cat, date=d)
    return q.answer(d, witnesses=f"chip:{d}:{j}",
                    question=f"{INTRO} What date number contains \"{cat}\" in the \"{SLOTS[j]}\" event slot?")


@task("weekday_event_count", answer="integer", annotation="bbox_set", ops="counting")
def weekday_event_count(q):
    t = q.target(range(1, 7), stratified=True)
    s = q.state
    wd = q.param("weekday", lambda r: int(r.integers(7)))
    first, ndays = months.month_info(s["year"], s["month"])
    dates = [d for d in range(1, ndays + 1) if (first + d - 1) % 7 == wd]

    def plant(st, r):
        cats = st["categories"]
        slots = [(d, k) for d in dates for k in range(3)]
        keep = set(int(x) for x in r.choice(len(slots), size=t, replace=False))
        for n, (d, k) in enumerate(slots):
            st["events"][d - 1][k] = cats[int(r.integers(len(cats)))] if n in keep else None
        return st

    s = q.edit(plant)
    hits = [h for d in dates for h in _chips(s, d)]
    label = DAY_SHORT[wd]
    q.step("column_chips", weekday=DAY_FULL[wd], dates=dates, chips=len(hits))
    return q.answer(len(hits), witnesses=hits,
                    question=f"{INTRO} Across the month, how many event chips appear in the {DAY_FULL[wd]} column "
                             f"headed \"{label}\"?")
