"""symbolic/clock: independent solvers written from the catalog programs."""

from datetime import datetime, timedelta

from taskcheck import check_scene_tasks, check_two_process_determinism

MOD = "tracegen.domains.symbolic.clock"
P = "task_symbolic__clock__"


def _dt(ck):
    # a 12-hour dial read on one morning: 12:xx is just after midnight
    return datetime(2000, 1, 1, ck["h"] % 12, ck["m"], ck["s"])


def _hm(dt):
    return f"{(dt.hour % 12) or 12}:{dt.minute:02d}"


def _letter(params, value):
    opts = params["options"]
    assert opts.count(value) == 1, (value, opts)
    return "ABCD"[opts.index(value)]


def full_time(state, params, qid):
    ck = state["clocks"][0]
    t = _dt(ck)
    return _letter(params, f"{(t.hour % 12) or 12}:{t.minute:02d}:{t.second:02d}")


def hand_angle(state, params, qid):
    ck = state["clocks"][0]
    minute_deg = ck["m"] * 6.0
    hour_deg = (ck["h"] % 12) * 30.0 + ck["m"] * 30.0 / 60.0
    diff = abs(minute_deg - hour_deg)
    diff = min(diff, 360.0 - diff)
    text = (str(int(diff)) if diff == int(diff) else str(diff)) + "°"
    return _letter(params, text)


def offset(state, params, qid):
    t = _dt(state["clocks"][0])
    delta = timedelta(minutes=params["offset"])
    t2 = t + delta if qid == "minutes_after" else t - delta
    return _letter(params, _hm(t2))


def elapsed(state, params, qid):
    a, b = (_dt(c) for c in state["clocks"])
    if b <= a:
        b += timedelta(hours=12)
    minutes = int((b - a).total_seconds() // 60)
    return _letter(params, f"{minutes} minutes")


def extremum(state, params, qid):
    pairs = sorted((_dt(c), c["label"]) for c in state["clocks"])
    return pairs[0][1] if qid == "earliest_time_label" else pairs[-1][1]


SOLVERS = {
    P + "full_time_readout": full_time,
    P + "hand_angle_value": hand_angle,
    P + "offset_readout": offset,
    P + "elapsed_time_value": elapsed,
    P + "time_extremum_label": extremum,
}


def _size(s):
    return 100 * len(s["clocks"]) + 60 // s["step"] + (12 - s["numerals"])


def test_tasks():
    check_scene_tasks(MOD, SOLVERS, size_metric=_size)


def test_two_process_determinism():
    check_two_process_determinism(MOD)
