"""symbolic/clock, the reading tasks: one clock with six answer cards drawn below it (the full time with
seconds, the angle between the hands, a time some minutes before or after, the wait until an alarm), a
start/end pair (the elapsed time) and a labelled grid (the earliest or latest clock).
"""

from __future__ import annotations

from tracegen.core.options import multiple_choice

from .scene import N_CARDS, fmt_hm, fmt_hms, minutes12, task


# ---------------------------------------------------------------------- helpers
def _drop_seconds(s):
    if not s["seconds"]:               # no second hand drawn: the state carries no seconds
        for ck in s["clocks"]:
            ck["s"] = 0
    return s


def _single(q, *, seconds=False, fn=None):
    def edit(s, r):
        s["layout"], s["seconds"], s["clocks"] = "single", seconds, s["clocks"][:1]
        if fn:
            fn(s, r)
        return _drop_seconds(s)

    return q.edit(edit)


def run_options(q, correct: int, step, fmt, *, lo=None, hi=None, card_format="{}"):
    """Six answer cards drawn in the image: a run of values ``step`` apart holding ``correct`` at a
    random place (inside [lo, hi]), shuffled, with the correct one at the instance's target letter."""
    q.param("card_format", lambda r: card_format)

    def distractors(r):
        places = [p for p in range(N_CARDS) if (lo is None or correct - p * step >= lo)
                  and (hi is None or correct + (N_CARDS - 1 - p) * step <= hi)]
        q.require(bool(places), "no run of options fits")
        p = places[int(r.integers(len(places)))]
        vals = [correct + (i - p) * step for i in range(N_CARDS) if i != p]
        return [fmt(vals[int(j)]) for j in r.permutation(len(vals))]

    return multiple_choice(q, fmt(correct), distractors, k=N_CARDS, where="image", stratified=True)


STEP = {1: 15, 2: 5, 3: 1}


# ---------------------------------------------------------------------- tasks
@task("full_time_readout", answer="option_letter", annotation="bbox", ops="direct_retrieval")
def full_time_readout(q):
    s = _single(q, seconds=True)
    ck = s["clocks"][0]
    h, m, sec = q.reads(ck["h"], ck["m"], ck["s"])
    total = (h % 12) * 3600 + m * 60 + sec
    letter, opts = run_options(q, total, STEP[q.difficulty], fmt_hms)
    q.step("read_clock", hour=h, minute=m, second=sec, time=fmt_hms(total))
    q.claim("clock:0/second", colour="red", among="clock:0/")
    return q.answer(letter, witnesses="clock:0",
                    question=("The clock has an hour hand, a minute hand and a thin red second hand; six lettered "
                              "cards below it give times as HH:MM:SS. Which card shows the time on the clock? "
                              "Answer with the card's letter."))


def angle_between(h, m) -> float:
    a = abs(30 * (h % 12) - 5.5 * m) % 360
    return min(a, 360 - a)


def _deg(v) -> str:
    return f"{v:g}°"


ANGLE_STEP = {1: 15, 2: 5, 3: 2.5}


@task("hand_angle_value", answer="option_letter", annotation="bbox", ops="formula_evaluation")
def hand_angle_value(q):
    s = _single(q)
    ck = s["clocks"][0]
    h, m = q.reads(ck["h"], ck["m"])
    ang = angle_between(h, m)
    q.require(0 < ang < 180, "hands overlap or are opposite")
    letter, opts = run_options(q, ang, ANGLE_STEP[q.difficulty], _deg, lo=0.5, hi=180)
    q.step("angle", hour=h, minute=m, hour_hand_deg=30 * (h % 12) + 0.5 * m, minute_hand_deg=6 * m, result=ang)
    return q.answer(letter, witnesses="clock:0",
                    question=("What is the smaller angle between the hour hand and the minute hand of the clock? "
                              "Choose the lettered card below the clock that gives it and answer with its letter."))


OFFSETS = {1: range(10, 65, 5), 2: range(5, 155, 5), 3: range(1, 181)}


@task("offset_readout", answer="option_letter", annotation="bbox", ops="formula_evaluation",
      queries=("minutes_after", "minutes_before"))
def offset_readout(q):
    s = _single(q)
    ck = s["clocks"][0]
    now = minutes12(ck)
    q.reads(ck["h"], ck["m"])
    k = q.choice("offset", list(OFFSETS[q.difficulty]))
    sign = 1 if q.query_id == "minutes_after" else -1
    result = now + sign * k
    letter, opts = run_options(q, result, STEP[q.difficulty], fmt_hm)
    word = "after" if sign > 0 else "before"
    q.step("offset", shown=fmt_hm(now), minutes=sign * k, result=fmt_hm(result))
    return q.answer(letter, witnesses="clock:0",
                    question=(f"What time is it {k} minutes {word} the time shown on the clock? Choose the lettered "
                              f"card below the clock that gives it (HH:MM on a 12-hour dial) and answer with its "
                              f"letter."))


@task("elapsed_time_value", answer="option_letter", annotation="bbox", ops="formula_evaluation")
def elapsed_time_value(q):
    def fn(s, r):
        s["layout"], s["clocks"] = "pair", s["clocks"][:2]
        return _drop_seconds(s)

    s = q.edit(fn)
    a, b = s["clocks"]
    q.reads(a["h"], a["m"], b["h"], b["m"])
    el = (minutes12(b) - minutes12(a)) % 720
    q.require(5 <= el <= 600, "elapsed time outside 5..600 minutes")
    letter, opts = run_options(q, el, STEP[q.difficulty], str, lo=1, hi=719, card_format="{} min")
    q.step("elapsed", start=fmt_hm(minutes12(a)), end=fmt_hm(minutes12(b)), minutes=el)
    return q.answer(letter, witnesses="clocks",
                    question=("The clock labelled Start shows when a task began and the clock labelled End shows "
                              "when it finished, less than 12 hours later. How many minutes did the task take? "
                              "Choose the lettered card below the clocks and answer with its letter."))


@task("time_extremum_label", answer="string", annotation="bbox", ops="ranking",
      queries=("earliest_time_label", "latest_time_label"))
def time_extremum_label(q):
    def fn(s, r):
        for ck in s["clocks"]:           # keep every time between 1:00 and 11:59 (one morning)
            if ck["h"] == 12:
                ck["h"] = int(r.integers(1, 12))
        return _drop_seconds(s)

    s = q.edit(fn)
    times = [minutes12(ck) for ck in s["clocks"]]
    q.reads(*[v for ck in s["clocks"] for v in (ck["h"], ck["m"])])
    q.require(len(set(times)) == len(times), "two clocks show the same time")
    earliest = q.query_id == "earliest_time_label"
    i = times.index(min(times) if earliest else max(times))
    labels = [ck["label"] for ck in s["clocks"]]
    q.step("rank_times", times=[fmt_hm(t) for t in times], chosen=labels[i])
    return q.answer(labels[i], witnesses=f"clock:{i}", examples=labels,
                    question=("All clocks show times from the same morning, between 1:00 and 11:59. Which clock "
                              f"shows the {'earliest' if earliest else 'latest'} time? Answer with its label."))


ALARM_FIRST = {1: 30, 2: 5, 3: 1}


@task("alarm_wait_time_value", answer="option_letter", annotation="bbox", ops="formula_evaluation")
def alarm_wait_time_value(q):
    def fn(s, r):
        s["alarm"] = int(r.integers(1, 13))

    s = _single(q, fn=fn)
    ck = s["clocks"][0]
    q.reads(ck["h"], ck["m"], s["alarm"])
    wait = (s["alarm"] % 12 * 60 - minutes12(ck)) % 720
    q.require(wait >= ALARM_FIRST[q.difficulty], "the alarm rings too soon")
    letter, opts = run_options(q, wait, STEP[q.difficulty], str, lo=1, hi=720, card_format="{} min")
    q.step("wait", now=fmt_hm(minutes12(ck)), alarm=fmt_hm(s["alarm"] % 12 * 60), minutes=wait)
    q.claim("clock:0/hour", colour="dark")
    q.claim("clock:0/minute", colour="dark")
    q.claim("clock:0/alarm", colour="red", among="clock:0/")
    return q.answer(letter, witnesses="clock:0",
                    question=("The dark hour and minute hands show the current time. The red hand with a dot marks "
                              "the hour the alarm is set for; it rings at exactly :00 of that hour. How many minutes "
                              "are left until the alarm next rings? Choose the lettered card below the clock and "
                              "answer with its letter."))
