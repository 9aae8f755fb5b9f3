"""pages/timeline: a horizontal timeline of dated, labelled events in chronological order."""

from __future__ import annotations

import datetime

from tracegen.core.task import Scene

MONTH_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MONTH_FULL = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
              "October", "November", "December"]
THEMES = (
    ("year", "Company history", ["Founded", "First office", "First product", "Stock listing", "Merger",
                                 "New CEO", "Rebrand", "Expansion", "Design award", "Factory opens",
                                 "Patent granted", "HQ moved", "Recall", "Centenary"]),
    ("year", "City history", ["Charter", "Great fire", "Railway", "Bridge built", "University", "Flood",
                              "Tram line", "Stadium", "Airport", "New harbour", "Town hall", "Museum",
                              "Metro opens", "Expo"]),
    ("year", "Science milestones", ["Discovery", "First trial", "Prototype", "Lab founded", "Big grant",
                                    "Field study", "Breakthrough", "New method", "Prize", "Observatory",
                                    "Expedition", "Survey", "Data release", "Satellite"]),
    ("day", "Project plan", ["Kickoff", "Design review", "Prototype", "Beta release", "Security audit",
                             "Launch", "User testing", "Code freeze", "Pilot", "Budget sign-off",
                             "Retrospective", "Go-live", "Training", "Demo day"]),
    ("day", "Festival season", ["Ticket sale", "Line-up", "Poster", "Rehearsal", "Opening night",
                                "Parade", "Food fair", "Concert", "Fireworks", "Workshop", "Closing gala",
                                "Film night", "Market", "Awards"]),
)
N_EVENTS = {1: (4, 5), 2: (6, 8), 3: (9, 11)}


def day_text(year, ordinal, full=False):
    d = datetime.date(year, 1, 1) + datetime.timedelta(days=ordinal - 1)
    return f"{(MONTH_FULL if full else MONTH_SHORT)[d.month - 1]} {d.day}"


class Timeline(Scene):
    domain, scene_id, size = "pages", "timeline", (960, 440)
    description = ("A horizontal timeline: chronologically ordered events, each with a date and a label, "
                   "alternating above and below the axis.")

    def sample(self, rng, difficulty):
        kind, title, pool = THEMES[int(rng.integers(len(THEMES)))]
        lo, hi = N_EVENTS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        labels = [pool[int(i)] for i in rng.choice(len(pool), size=n, replace=False)]
        if kind == "year":
            start = int(rng.integers(1800, 1960))
            span = int(rng.integers(max(40, 5 * n), 130))
            keys = sorted(int(v) for v in rng.choice(span, size=n, replace=False) + start)
            dates = [str(k) for k in keys]
            year = None
        else:
            year = int(rng.integers(2000, 2031))
            keys = sorted(int(v) for v in rng.choice(360, size=n, replace=False) + 1)
            dates = [day_text(year, k) for k in keys]
            title = f"{title} {year}"
        return {"variant": kind, "title": title, "year": year,
                "events": [{"label": lab, "key": k, "date": d} for lab, k, d in zip(labels, keys, dates)]}

    def render(self, c, state, params):
        w, h = self.size
        ev = state["events"]
        n = len(ev)
        c.text(w / 2, 30, state["title"], size=20, bold=True)
        ay = 250
        ax0, ax1 = 30, w - 30
        c.arrow(ax0, ay, ax1, ay, color="ink", lw=2.5, head=12)
        step = (ax1 - ax0 - 30) / n
        accent = c.style.accent_rgb
        for i, e in enumerate(ev):
            x = ax0 + step * (i + 0.5)
            up = i % 2 == 0
            tier = (i // 2) % 2 if n > 7 else 0
            bw = max(c.text_width(e["label"], size=14), c.text_width(e["date"], size=15, bold=True)) + 16
            bh = 46
            cy = ay - 62 - tier * 54 - bh / 2 if up else ay + 62 + tier * 54 + bh / 2
            c.line(x, ay, x, cy + (bh / 2 if up else -bh / 2), color="muted", lw=1.2)
            bx0 = min(max(x - bw / 2, 12), w - 12 - bw)
            c.rect(bx0, cy - bh / 2, bw, bh, fill="panel", stroke=accent, lw=1.5)
            c.text(bx0 + bw / 2, cy - 10, e["date"], size=15, bold=True)
            c.text(bx0 + bw / 2, cy + 11, e["label"], size=14)
            c.register(f"event:{i}", box=(bx0, cy - bh / 2, bx0 + bw, cy + bh / 2))
            c.circle(x, ay, 6, fill=accent, stroke="background", lw=1.5)


SCENE = Timeline()
task = SCENE.task


def _events(idx):
    return [f"event:{i}" for i in idx]


def _date_words(state, key):
    """A date as the question states it (threshold dates are not drawn)."""
    if state["variant"] == "year":
        return str(key)
    return day_text(state["year"], key, full=True)


@task("date_threshold_event_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison", queries=("before_threshold_date_count", "after_threshold_date_count"))
def date_threshold_event_count(q):
    s = q.state
    keys = [e["key"] for e in s["events"]]
    before = q.query_id == "before_threshold_date_count"
    thr = q.param("threshold_date", lambda r: int(r.integers(keys[0] + 1, keys[-1])))
    q.require(thr not in keys, "threshold equals an event date")
    hits = [i for i, k in enumerate(keys) if (k < thr if before else k > thr)]
    q.require(len(hits) > 0, "no event on that side")
    q.step("filter", threshold=thr, side="before" if before else "after", kept=hits)
    return q.answer(len(hits), witnesses=_events(hits),
                    question=(f"How many events on the timeline happened {'before' if before else 'after'} "
                              f"{_date_words(s, thr)}?"))


@task("interval_membership_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison,logical_composition",
      queries=("between_reference_events_count", "outside_reference_interval_count"))
def interval_membership_count(q):
    s = q.state
    ev = s["events"]
    n = len(ev)
    i, j = q.param("reference_events", lambda r: sorted(int(v) for v in r.choice(n, size=2, replace=False)))
    between = q.query_id == "between_reference_events_count"
    hits = list(range(i + 1, j)) if between else [k for k in range(n) if k < i or k > j]
    q.require(len(hits) > 0, "empty membership")
    q.step("membership", reference=[i, j], relation="between" if between else "outside", kept=hits)
    a, b = ev[i]["label"], ev[j]["label"]
    if between:
        question = f'How many events on the timeline fall strictly between "{a}" and "{b}"?'
    else:
        question = (f'How many events on the timeline fall outside the period from "{a}" to "{b}", '
                    f"that is, before the first or after the second?")
    return q.answer(len(hits), witnesses=_events(hits), question=question)




@task("relative_position_event_label", answer="string", annotation="bbox", ops="ranking",
      queries=("event_before_dated_event_label", "event_after_dated_event_label"))
def relative_position_event_label(q):
    s = q.state
    ev = s["events"]
    n = len(ev)
    after = q.query_id == "event_after_dated_event_label"
    k = q.param("offset", lambda r: int(r.integers(1, min(3, q.difficulty + 1) + 1)))
    ok = [i for i in range(n) if 0 <= i + (k if after else -k) < n]
    q.require(bool(ok), "offset longer than the timeline")
    ref = q.param("reference_event", lambda r: ok[int(r.integers(len(ok)))])
    t = ref + (k if after else -k)
    q.require(0 <= t < n, "offset leaves the timeline")
    q.step("move", reference=ref, offset=k, direction="after" if after else "before", index=t)
    side = "after" if after else "before"
    where = f"immediately {side}" if k == 1 else f"{k} events {side}"
    return q.answer(ev[t]["label"], witnesses=f"event:{t}", examples=[e["label"] for e in ev],
                    question=(f'On the timeline, which event comes {where} the event dated "{ev[ref]["date"]}"? '
                              f"Answer with the event's label."))
