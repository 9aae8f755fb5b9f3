"""pages/calendar: independent solvers written from the catalog programs (Python's calendar module)."""

import calendar

from taskcheck import scene_tests

MOD = "tracegen.domains.pages.calendar"
P = "task_pages__calendar__"
NAMES = {"full": list(calendar.day_name), "short": list(calendar.day_abbr)}


def _wd(state, d):
    return calendar.weekday(state["year"], state["month"], d)  # 0 = Monday


def _ndays(state):
    return calendar.monthrange(state["year"], state["month"])[1]


def date_range(state, params, qid):
    a, b = params["range"]
    want_weekend = qid.startswith("weekend")
    return sum((_wd(state, d) in (5, 6)) == want_weekend for d in range(a, b + 1))


def weekday_label(state, params, qid):
    cal = calendar.Calendar(firstweekday=0 if state["week_start"] == "Mon" else 6)
    header = [NAMES[state["header"]][i] for i in cal.iterweekdays()]
    for week in cal.monthdayscalendar(state["year"], state["month"]):
        if params["target_date"] in week:
            return header[week.index(params["target_date"])]


def marked_count(state, params, qid):
    weekend = params["day_class"] == "weekend"
    return sum((_wd(state, d) >= 5) == weekend for d in state["marked"])


def occurrence(state, params, qid):
    weeks = calendar.monthcalendar(state["year"], state["month"])  # Monday-first, 0 = padding
    days = [w[params["weekday_index"]] for w in weeks if w[params["weekday_index"]]]
    return days[params["occurrence"] - 1]


def workday(state, params, qid):
    step = 1 if qid == "workday_after_offset_date" else -1
    d, left = params["start"], params["offset"]
    while left:
        d += step
        assert 1 <= d <= _ndays(state)
        if _wd(state, d) < 5 and d not in state["holidays"]:
            left -= 1
    return d


SOLVERS = {
    P + "date_range_day_class_count": date_range,
    P + "date_weekday_label": weekday_label,
    P + "marked_day_class_count": marked_count,
    P + "weekday_occurrence_date": occurrence,
    P + "workday_offset_date": workday,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: len(s["marked"]) + len(s["holidays"]))


def test_occurrence_dates_spread_over_consecutive_instances():
    """The stratified target: instances 0..30 of a build ask for every date 1-31 once."""
    from taskcheck import scene_tasks

    from tracegen.core import engine

    spec = scene_tasks(MOD)[P + "weekday_occurrence_date"]
    got = [engine.solve_only(spec, seed=11, split="train", index=i)[4].answer for i in range(31)]
    assert sorted(got) == list(range(1, 32))
    again = [engine.solve_only(spec, seed=11, split="train", index=i)[4].answer for i in (3, 17)]
    assert again == [got[3], got[17]]
