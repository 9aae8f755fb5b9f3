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


def _walk(year, month, start, offset, after):
    """The date ``offset`` workdays (Monday to Friday, nothing else skipped) after / before ``start``."""
    d, left = start, offset
    while left:
        d += 1 if after else -1
        assert 1 <= d <= calendar.monthrange(year, month)[1]
        if calendar.weekday(year, month, d) < 5:
            left -= 1
    return d


def workday(state, params, qid):
    return _walk(state["year"], state["month"], params["start"], params["offset"], qid == "workday_after_offset_date")


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


# The original generator's own instances (maveryn/trace at 5ef7944, trace_tasks.generate_task(
# "task_pages__calendar__workday_offset_date", seed=k) for k = 0..7): year, month, the marked start date,
# the offset, after (True) or before, and its answer.  Its workdays are Monday to Friday only: seed 7 walks
# over Monday 25 May 2026 (a public holiday in places) as a workday.
REFERENCE_WALKS = [(2025, 10, 10, 5, True, 17), (2030, 12, 13, 3, False, 10), (2023, 5, 18, 5, False, 11),
                   (2022, 6, 3, 6, True, 13), (2023, 11, 22, 6, False, 14), (2022, 12, 9, 3, False, 6),
                   (2025, 4, 15, 2, False, 11), (2026, 5, 22, 3, True, 27)]


def test_workdays_are_monday_to_friday_as_in_the_original():
    from taskcheck import scene_tasks

    from tracegen.core import engine
    from tracegen.domains.pages import calendar as cal_scene

    for year, month, start, offset, after, answer in REFERENCE_WALKS:
        assert _walk(year, month, start, offset, after) == answer
        state = {"year": year, "month": month}
        assert [d for d in range(1, 32) if d in cal_scene.workdays(state)] == [
            d for d in range(1, calendar.monthrange(year, month)[1] + 1) if calendar.weekday(year, month, d) < 5]
    spec = scene_tasks(MOD)[P + "workday_offset_date"]
    for i in range(12):
        inst = engine.generate(spec, seed=2, split="train", index=i, encode=False)
        st, pr = inst.trace["state"], inst.trace["params"]
        assert st["holidays"] == [], "a holiday would contradict the Monday-to-Friday rule"
        assert "holiday" not in " ".join(t["text"] for t in inst.canvas.texts).lower()
        assert inst.record["prompts"]["answer_only"].startswith(
            "Workdays are Monday through Friday; skip Saturday and Sunday.")
        assert inst.record["answer_gt"]["value"] == workday(st, pr, inst.trace["query_id"])
