"""symbolic/clock: independent solvers written from the catalog programs, answer cards drawn in
the image as the reference offers them, and no time printed outside the dial's numerals and
the cards."""

from datetime import datetime, timedelta

import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.symbolic.clock"
P = "task_symbolic__clock__"


def _dt(ck, seconds=True):
    # a 12-hour dial read on one morning: 12:xx is just after midnight
    return datetime(2000, 1, 1, ck["h"] % 12, ck["m"], ck["s"] if seconds else 0)


def _hm(dt):
    return f"{(dt.hour % 12) or 12:02d}:{dt.minute:02d}"


def _letter(params, value, letters="ABCDEF"):
    opts = params["options"]
    assert len(opts) == len(letters) and opts.count(value) == 1, (value, opts)
    return letters[opts.index(value)]


def full_time(state, params, qid):
    t = _dt(state["clocks"][0])
    return _letter(params, f"{(t.hour % 12) or 12:02d}:{t.minute:02d}:{t.second:02d}")


def hand_angle(state, params, qid):
    ck = state["clocks"][0]
    minute_deg = ck["m"] * 6.0
    hour_deg = (ck["h"] % 12) * 30.0 + ck["m"] * 30.0 / 60.0
    diff = abs(minute_deg - hour_deg)
    diff = min(diff, 360.0 - diff)
    return _letter(params, (str(int(diff)) if diff == int(diff) else str(diff)) + "°")


def offset(state, params, qid):
    t = _dt(state["clocks"][0])
    delta = timedelta(minutes=params["offset"])
    return _letter(params, _hm(t + delta if qid == "minutes_after" else t - delta))


def elapsed(state, params, qid):
    a, b = (_dt(c) for c in state["clocks"])
    if b <= a:
        b += timedelta(hours=12)
    return _letter(params, str(int((b - a).total_seconds() // 60)))


def extremum(state, params, qid):
    pairs = sorted((_dt(c), c["label"]) for c in state["clocks"])
    return pairs[0][1] if qid == "earliest_time_label" else pairs[-1][1]


def alarm_wait(state, params, qid):
    now = _dt(state["clocks"][0])
    ring = datetime(2000, 1, 1, state["alarm"] % 12, 0)
    while ring <= now:
        ring += timedelta(hours=12)
    return _letter(params, str(int((ring - now).total_seconds() // 60)))


def _minutes(ck):
    t = _dt(ck, seconds=False)
    return t.hour * 60 + t.minute


def equivalent(state, params, qid):
    return _letter(params, _minutes(state["clocks"][0]))


def sequence(state, params, qid):
    k = state["missing"]
    shown = [(i, _minutes(c)) for i, c in enumerate(state["clocks"]) if i != k]
    (i0, t0), (i1, t1) = shown[0], shown[-1]
    step = ((t1 - t0) % 720) // (i1 - i0)
    assert all((t0 + (i - i0) * step) % 720 == t for i, t in shown)
    return _letter(params, (t0 + (k - i0) * step) % 720, "ABCD")


def order(state, params, qid):
    labels = [c["label"] for c in sorted(state["clocks"], key=_minutes)]
    return str(params["options"].index(labels) + 1)


SOLVERS = {
    P + "full_time_readout": full_time,
    P + "hand_angle_value": hand_angle,
    P + "offset_readout": offset,
    P + "elapsed_time_value": elapsed,
    P + "time_extremum_label": extremum,
    P + "alarm_wait_time_value": alarm_wait,
    P + "equivalent_time_label": equivalent,
    P + "sequence_completion_label": sequence,
    P + "time_order_label": order,
}


def _size(s):
    return 100 * len(s["clocks"]) + 60 // s["step"] + (12 - s["numerals"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


# every task reads times off the hands: no drawn label (outside the numerals and the cards) gives one
test_no_shortcuts = shortcut_test(sorted(SOLVERS), answer=False)


RUNS = {"full_time_readout": {1: 15, 2: 5, 3: 1}, "offset_readout": {1: 15, 2: 5, 3: 1},
        "alarm_wait_time_value": {1: 15, 2: 5, 3: 1}, "elapsed_time_value": {1: 15, 2: 5, 3: 1},
        "hand_angle_value": {1: 15, 2: 5, 3: 2.5}}


def _value(text):
    """A card's value in its run's unit: seconds for HH:MM:SS, minutes for HH:MM, else the number."""
    text = text.replace("°", "").replace(" min", "")
    if ":" in text:
        parts = [int(p) for p in text.split(":")]
        parts[0] %= 12
        return sum(p * 60 ** (len(parts) - 1 - i) for i, p in enumerate(parts))
    return float(text)


MODULUS = {"full_time_readout": 43200, "offset_readout": 720}


@pytest.mark.parametrize("objective", sorted(RUNS))
def test_six_cards_drawn_as_a_close_run(objective):
    """Six cards in the image (as the reference draws them), a run of values one spacing apart
    around the answer, the answer anywhere in the run."""
    spec = registry.get(P + objective)
    places = set()
    for d, spacing in RUNS[objective].items():
        for s in range(4):
            inst = engine.generate(spec, seed=s, split="cards", index=0, difficulty=d, encode=False)
            cards = [t["text"] for t in inst.canvas.texts if t["kind"] == "option" and len(t["text"]) > 1]
            assert len(cards) == 6 and inst.record["answer_gt"]["value"] in "ABCDEF"
            vals = sorted(_value(t) for t in cards)
            gaps = [b - a for a, b in zip(vals, vals[1:])]
            if objective in MODULUS:                 # a run may wrap past 12:00
                gaps.append(vals[0] + MODULUS[objective] - vals[-1])
                gaps.remove(max(gaps))
            assert all(abs(g - spacing) < 1e-9 for g in gaps), (objective, d, cards)
            opts = inst.trace["params"]["options"]
            correct = opts["ABCDEF".index(inst.record["answer_gt"]["value"])]
            run = sorted(opts, key=_value)
            places.add(run.index(correct))
    assert len(places) >= 3


def _hand_pixel(c, centre_id, deg, frac):
    """The median colour (0..1) of a 5x5 patch on the hand pointing ``deg`` degrees clockwise from 12, at
    ``frac`` of the face radius from the centre (pixels of the exported image)."""
    import math

    import numpy as np

    x0, y0, x1, y1 = c.entities[centre_id]["box"]
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    a = math.radians(deg)
    x, y = int(round(cx + frac * r * math.sin(a))), int(round(cy - frac * r * math.cos(a)))
    patch = c.to_rgb()[y - 2:y + 3, x - 2:x + 3].reshape(-1, 3)
    return tuple(float(v) / 255 for v in np.median(patch, axis=0))


def test_alarm_clock_hands_are_dark_and_only_the_alarm_hand_is_red():
    """The alarm prompt says "the dark hour and minute hands" and "the red hand": under every theme and
    accent the minute hand (sampled in the picture, beyond the hour and alarm hands) is dark and does
    not read as red, and the drawing bears out the task's claims (hour and minute hands dark, the alarm
    hand the only red hand).  The minute hand used to take the style's accent colour: a light or
    coloured hand -- sometimes the alarm hand's red -- under the prompt's "dark"."""
    import dataclasses

    from tracegen.core.style import NAMED_COLORS, THEMES, delta_e, luminance

    spec = registry.get("task_symbolic__clock__alarm_wait_time_value")
    bad, drawings = [], []
    for seed in range(3):
        inst = engine.generate(spec, seed=seed, split="hands", index=0, encode=False)
        tr = inst.trace
        ck = tr["state"]["clocks"][0]
        for th in range(len(THEMES)):
            for accent in range(6):
                style = dataclasses.replace(inst.canvas.style, theme=th, accent=accent, noise_sigma=0.0)
                c = engine.render(spec, tr["state"], tr["params"], style, 1.0, tr["render"]["size"])
                px = _hand_pixel(c, "clock:0", 6 * ck["m"], 0.72)
                reads_as = min(NAMED_COLORS, key=lambda name: delta_e(NAMED_COLORS[name], px))
                if luminance(px) > 0.2 or reads_as == "red":
                    bad.append(f"seed {seed} theme {THEMES[th].name} accent {accent}: minute hand {px} ({reads_as})")
                drawings.append((inst, style))
    assert not bad, f"{len(bad)} of {len(drawings)} drawings: {bad[:4]}"
    for inst, style in drawings:
        tr = inst.trace
        c = engine.render(spec, tr["state"], tr["params"], style, 1.0, tr["render"]["size"])
        assert engine.prompt_problems(spec, tr["state"], tr["params"], inst.solution, c) == []


def test_second_hand_is_the_only_red_hand():
    """full_time_readout names "a thin red second hand": no other hand reads as red on any style."""
    import dataclasses

    from tracegen.core.style import THEMES

    spec = registry.get("task_symbolic__clock__full_time_readout")
    inst = engine.generate(spec, seed=0, split="hands", index=0, encode=False)
    tr = inst.trace
    for th in range(len(THEMES)):
        for accent in range(6):
            style = dataclasses.replace(inst.canvas.style, theme=th, accent=accent)
            c = engine.render(spec, tr["state"], tr["params"], style, 1.0, tr["render"]["size"])
            assert engine.prompt_problems(spec, tr["state"], tr["params"], inst.solution, c) == [], (th, accent)
