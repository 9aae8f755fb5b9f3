"""pages/schedule: one day planner -- hour labels down the left, lettered event blocks whose top and
bottom edges sit at their start and end times (half-hour steps, never printed), laid out in lanes
so that no two blocks overlap on the page; one block is highlighted as the reference event.

Tasks count the events longer than the reference, the events overlapping it, and the largest set
of events that pairwise do not overlap.  No event starts exactly when another ends, so touching and
overlapping never need telling apart.  Difficulty grows the day (4-6, 6-9, 9-12 events).
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect
from tracegen.kits.geometry import Draws

N_EVENTS = {1: (4, 6), 2: (6, 9), 3: (9, 12)}
START, END = 16, 36                  # half-hour slots: 08:00 .. 18:00
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
TITLES = ("Day Planner", "Daily Agenda", "Team Calendar", "Room Bookings")
W, H = 920, 820
GX0, GX1, GY0, GY1 = 120, W - 50, 130, H - 40


def _touching(spans) -> bool:
    """Whether some (start, end) span ends exactly where another starts."""
    starts = {a for a, _ in spans}
    return any(b in starts for _, b in spans)


def make_day(rng, difficulty) -> dict:
    n = int(rng.integers(N_EVENTS[difficulty][0], N_EVENTS[difficulty][1] + 1))
    with Draws(rng) as d:           # the generator's own draws in plain Python: a 9-12 event day takes ~100 tries
        while True:
            spans = []
            for _ in range(n):
                length = d.integers(1, 7)
                start = d.integers(START, END - length + 1)
                spans.append((start, start + length))
            if not _touching(spans):
                break
    events = [{"start": a, "end": b} for a, b in spans]
    return {"events": lettered(rng, events), "title": TITLES[int(rng.integers(len(TITLES)))],
            "day": DAYS[int(rng.integers(len(DAYS)))], "variant": ("minimal", "outline")[int(rng.integers(2))]}


def lettered(rng, events) -> list[dict]:
    """The events lettered in a random order, listed by start time."""
    for e, i in zip(events, rng.permutation(len(events))):
        e["letter"] = chr(65 + int(i))
    return sorted(events, key=lambda e: (e["start"], e["end"], e["letter"]))


def stabbed_day(rng, n: int, t: int) -> list[dict]:
    """``n`` events whose largest pairwise-disjoint set has exactly ``t`` members: every event
    covers one of ``t`` stab slots (so no ``t + 1`` are disjoint) and ``t`` disjoint anchors cover
    one stab slot each (so ``t`` are)."""
    with Draws(rng) as d:           # the generator's own draws in plain Python: 12 events, 5 stabs take ~300 tries
        while True:
            # (the draws of rng.choice(range(START, END), size=t, replace=False))
            stabs = sorted(START + x for x in d.choice(END - START, t))
            if any(b - a < 2 for a, b in zip(stabs, stabs[1:])):
                continue
            cuts = [START] + [d.integers(a + 1, b + 1) for a, b in zip(stabs, stabs[1:])] + [END]
            spans = []
            for k, p in enumerate(stabs):                     # the anchors, one inside each stretch
                start = d.integers(max(cuts[k], p - 5), p + 1)
                spans.append((start, d.integers(p + 1, min(cuts[k + 1], start + 6) + 1)))
            for _ in range(n - t):                            # the rest each cover some stab slot
                p = stabs[d.integers(t)]
                start = d.integers(max(START, p - 5), p + 1)
                spans.append((start, d.integers(p + 1, min(END, start + 6) + 1)))
            if not _touching(spans):
                break
    return lettered(rng, [{"start": a, "end": b} for a, b in spans])


def lanes(events) -> tuple[list[int], int]:
    """Greedy interval partitioning: each event's lane (events in start order) and the lane count."""
    ends: list[int] = []
    out = []
    for e in events:
        free = [k for k, end in enumerate(ends) if end <= e["start"]]
        k = free[0] if free else len(ends)
        if k == len(ends):
            ends.append(e["end"])
        else:
            ends[k] = e["end"]
        out.append(k)
    return out, len(ends)


def slot_y(slot) -> float:
    return GY0 + (slot - START) * (GY1 - GY0) / (END - START)


class Schedule(Scene):
    domain, scene_id, size = "pages", "schedule", (W, H)
    allow_noise = False
    megapixels = (0.7, 0.95)
    description = ("A one-day planner: hour labels and lettered event blocks whose edges mark their start and end "
                   "times; one block is highlighted as the reference event.")

    def sample(self, rng, difficulty):
        return make_day(rng, difficulty)

    def render(self, c, state, params):
        rounded_rect(c, 18, 18, W - 36, H - 36, radius=16, fill="paper", stroke="grid", lw=1.4)
        c.text(W / 2, 52, state["title"], size=26, bold=c.style.accent % 2 == 0)
        c.text(W / 2, 86, state["day"], size=15, color="muted")
        for slot in range(START, END + 1, 2):
            y = slot_y(slot)
            c.text(GX0 - 18, y, f"{slot // 2:02d}:00", size=14, anchor="r", kind="tick")
            c.line(GX0 - 8, y, GX1, y, color="grid", lw=1.0)
        for slot in range(START + 1, END, 2):
            c.line(GX0, slot_y(slot), GX1, slot_y(slot), color="grid", lw=0.6, dash=[3.0, 4.0])
        lane, n_lanes = lanes(state["events"])
        lw = (GX1 - GX0) / n_lanes
        ref = params.get("reference")
        outline = state["variant"] == "outline"
        for i, (e, k) in enumerate(zip(state["events"], lane)):
            x0, y0, y1 = GX0 + k * lw + 4, slot_y(e["start"]) + 1.5, slot_y(e["end"]) - 1.5
            hot = i == ref
            fill = pagekit.band_fill(c, 0) if hot else (c.color("paper") if outline else
                                                        blend(c.style.series(1), c.color("paper"), 0.14))
            rounded_rect(c, x0, y0, lw - 8, y1 - y0, radius=7, fill=fill, stroke="ink" if hot else c.style.series(1),
                         lw=2.6 if hot else 1.5, id=f"event:{i}")
            c.text(x0 + (lw - 8) / 2, y0 + min(14.0, (y1 - y0) / 2), e["letter"], size=15, bold=hot,
                   color=c.text_on(fill))


SCENE = Schedule()
task = SCENE.task
INTRO = ("The image shows a one-day schedule with hour labels and lettered event blocks; a block's top and bottom "
         "edges mark its start and end times.")


def overlaps(a, b) -> bool:
    return a["start"] < b["end"] and b["start"] < a["end"]


def _reference(q, counts, support):
    """The reference event: one whose count is the instance's (stratified) target."""
    t = q.target(support, stratified=True)
    fits = [i for i, k in enumerate(counts) if k == t]
    q.require(bool(fits), "no event gives the target count")
    return q.param("reference", lambda r: fits[int(r.integers(len(fits)))])


@task("longer_than_reference_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison")
def longer_than_reference_count(q):
    s = q.state
    ev = s["events"]
    counts = [sum(f["end"] - f["start"] > e["end"] - e["start"] for f in ev) for e in ev]
    ref = _reference(q, counts, range(0, min(6, len(ev))))
    length = ev[ref]["end"] - ev[ref]["start"]
    hits = [i for i, e in enumerate(ev) if i != ref and e["end"] - e["start"] > length]
    q.step("compare", reference=ev[ref]["letter"], longer=[ev[i]["letter"] for i in hits])
    return q.answer(len(hits), witnesses=[f"event:{i}" for i in hits],
                    question=f"{INTRO} The highlighted block {ev[ref]['letter']} is the reference event. How "
                             "many other events last longer than it?")


@task("overlap_count", answer="integer", annotation="bbox_set", ops="filtering,counting,spatial_relations")
def overlap_count(q):
    s = q.state
    ev = s["events"]
    counts = [sum(overlaps(e, f) for j, f in enumerate(ev) if j != i) for i, e in enumerate(ev)]
    ref = _reference(q, counts, range(1, min(6, len(ev))))
    hits = [i for i, e in enumerate(ev) if i != ref and overlaps(e, ev[ref])]
    q.step("overlap", reference=ev[ref]["letter"], overlapping=[ev[i]["letter"] for i in hits])
    return q.answer(len(hits), witnesses=[f"event:{i}" for i in hits],
                    question=f"{INTRO} The highlighted block {ev[ref]['letter']} is the reference event. How "
                             "many other events overlap its time range? Events that only come before or after it do "
                             "not count.")


@task("maximum_non_overlapping_count", answer="integer", annotation="bbox_set",
      ops="counting,ranking,spatial_relations")
def maximum_non_overlapping_count(q):
    t = q.target(range(2, 6) if q.difficulty > 1 else range(2, 5), stratified=True)
    q.require(len(q.state["events"]) >= t, "too few events for the target")
    s = q.edit(lambda st, r: {**st, "events": stabbed_day(r, len(st["events"]), t)})
    chosen, free_from = [], 0
    for i in sorted(range(len(s["events"])), key=lambda i: (s["events"][i]["end"], s["events"][i]["start"])):
        if s["events"][i]["start"] >= free_from:         # earliest-finishing first is optimal
            chosen.append(i)
            free_from = s["events"][i]["end"]
    q.require(len(chosen) == t, "the construction missed the target")
    q.step("select", events=[s["events"][i]["letter"] for i in chosen])
    return q.answer(len(chosen), witnesses=[f"event:{i}" for i in chosen],
                    question=f"{INTRO} What is the largest number of events that can be chosen so that no two of "
                             "them overlap in time?")
