"""pages/calendar_event_grid: independent solvers written from the catalog programs over the
chips per date (Python's calendar module for the weekday columns)."""

import calendar
from collections import Counter

from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import calendar_event_grid as grid

MOD = "tracegen.domains.pages.calendar_event_grid"
P = "task_pages__calendar_event_grid__"


def _chips(state):
    """(date, slot index, category) of every chip."""
    return [(d, j, cat) for d, ev in enumerate(state["events"], 1) for j, cat in enumerate(ev) if cat]


def busiest(state, params, qid):
    (d, n), (_, n2) = Counter(d for d, _, _ in _chips(state)).most_common(2)
    assert n > n2
    return d


def slot_count(state, params, qid):
    return sum(1 for _, j, cat in _chips(state) if j == params["slot"] and cat == params["category"])


def filled(state, params, qid):
    return sum(1 for d, _, _ in _chips(state) if d == params["date"])


def date_for(state, params, qid):
    (d,) = [d for d, j, cat in _chips(state) if j == params["slot"] and cat == params["category"]]
    return d


def weekday_count(state, params, qid):
    return sum(1 for d, _, _ in _chips(state)
               if calendar.weekday(state["year"], state["month"], d) == params["weekday"])


SOLVERS = {
    P + "busiest_date_label": busiest,
    P + "category_slot_day_count": slot_count,
    P + "date_filled_slot_count": filled,
    P + "date_for_category_slot_label": date_for,
    P + "weekday_event_count": weekday_count,
}


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["categories"]) + len(_chips(s)) / 10)


def test_chips_sit_in_their_dates_column_under_the_header():
    spec = grid.SCENE.tasks[P + "weekday_event_count"]
    for i in range(4):
        inst = engine.generate(spec, seed=1, split="train", index=i, encode=False)
        s, ents = inst.trace["state"], inst.canvas.entities
        header = [t["text"] for t in inst.canvas.texts if t["text"] in calendar.day_abbr]
        for d, j, cat in _chips(s):
            name = calendar.day_abbr[calendar.weekday(s["year"], s["month"], d)]
            head = ents[f"head:{header.index(name)}"]["box"]
            chip = ents[f"chip:{d}:{j}"]["box"]
            assert head[0] <= chip[0] and chip[2] <= head[2]
            assert f"{grid.SLOTS[j]}: {cat}" in inst.canvas.drawn_texts()
