"""symbolic/clock: analog clock faces (one, a start/end pair, or a labelled grid).

Difficulty changes the reading detail: 5-minute times with all numerals (1), any minute with all
numerals (2), any minute with only 12/3/6/9 printed (3); grids also grow with difficulty.
"""

from __future__ import annotations

import math

from tracegen.core.options import multiple_choice, option_text
from tracegen.core.task import Scene

GRID_LETTERS = "KLMNPQRSTUVWXYZ"
N_CLOCKS = {1: (3, 4), 2: (5, 6), 3: (7, 9)}
DETAIL = {1: (5, 12), 2: (1, 12), 3: (1, 4)}   # (minute step, numerals printed)
PAIR_LABELS = ("Start", "End")


def minutes12(c) -> int:
    """Minutes after 12:00 on a 12-hour dial (12:xx counts as 0:xx)."""
    return (c["h"] % 12) * 60 + c["m"]


def fmt_hm(total: int) -> str:
    total %= 720
    h, m = divmod(total, 60)
    return f"{h or 12}:{m:02d}"


def fmt_hms(h: int, m: int, s: int) -> str:
    return f"{h % 12 or 12}:{m:02d}:{s:02d}"


def _layout(state):
    """Clock centres, radius and label positions for the state's layout."""
    n = len(state["clocks"])
    kind = state["layout"]
    if kind == "single":
        return (500, 500), [(250, 250)], 215
    if kind == "pair":
        return (760, 430), [(200, 240), (560, 240)], 165
    cols = 2 if n <= 4 else 3
    rows = -(-n // cols)
    cw, chh = 230, 230
    size = (cols * cw + 20, rows * chh + 20)
    centres = [(10 + (k % cols + 0.5) * cw, 10 + (k // cols) * chh + 128) for k in range(n)]
    return size, centres, 86


class Clock(Scene):
    domain, scene_id, size = "symbolic", "clock", (500, 500)
    description = "Analog clock faces with hour and minute (and sometimes second) hands, optionally labelled."

    def canvas_size(self, state):
        return _layout(state)[0]

    def sample(self, rng, difficulty):
        lo, hi = N_CLOCKS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        step, numerals = DETAIL[difficulty]
        slots = rng.choice(720 // step, size=n, replace=False)
        start = int(rng.integers(0, len(GRID_LETTERS) - n + 1))
        clocks = []
        for k, slot in enumerate(slots):
            t = int(slot) * step
            sec = int(rng.integers(0, 60 // step)) * step
            clocks.append({"h": t // 60 or 12, "m": t % 60, "s": sec, "label": GRID_LETTERS[start + k]})
        return {"layout": "grid", "step": step, "numerals": numerals, "seconds": False, "clocks": clocks}

    # ------------------------------------------------------------------ drawing
    def _face(self, c, cx, cy, r, clock, state, cid):
        c.circle(cx, cy, r, fill="paper", stroke="ink", lw=max(2.5, r * 0.025), id=cid)
        for k in range(60):
            a = math.radians(6 * k)
            major = k % 5 == 0
            r0 = r * (0.86 if major else 0.92)
            c.line(cx + r0 * math.sin(a), cy - r0 * math.cos(a), cx + r * 0.97 * math.sin(a),
                   cy - r * 0.97 * math.cos(a), color="ink", lw=max(2.2, r * 0.022) if major else 1.0)
        shown = range(1, 13) if state["numerals"] == 12 else (3, 6, 9, 12)
        fs = max(13.0, r * 0.15)
        for k in shown:
            a = math.radians(30 * k)
            c.text(cx + r * 0.72 * math.sin(a), cy - r * 0.72 * math.cos(a), str(k), size=fs, bold=True)
        h, m, s = clock["h"], clock["m"], clock["s"]
        with_sec = state["seconds"]
        sec_frac = s / 60 if with_sec else 0.0
        hour_a = math.radians(30 * (h % 12) + 0.5 * (m + sec_frac))
        min_a = math.radians(6 * (m + sec_frac))
        self._hand(c, cx, cy, hour_a, r * 0.5, max(5.0, r * 0.05), "ink")
        self._hand(c, cx, cy, min_a, r * 0.8, max(3.0, r * 0.028), "ink")
        if with_sec:
            sec_a = math.radians(6 * s)
            c.line(cx - r * 0.15 * math.sin(sec_a), cy + r * 0.15 * math.cos(sec_a),
                   cx + r * 0.88 * math.sin(sec_a), cy - r * 0.88 * math.cos(sec_a), color="red", lw=1.6)
        c.circle(cx, cy, max(4.0, r * 0.04), fill="ink")

    @staticmethod
    def _hand(c, cx, cy, a, length, width, color):
        ux, uy = math.sin(a), -math.cos(a)
        px, py = -uy, ux
        tail = length * 0.12
        pts = [(cx - ux * tail + px * width / 2, cy - uy * tail + py * width / 2),
               (cx + ux * length * 0.85 + px * width / 2, cy + uy * length * 0.85 + py * width / 2),
               (cx + ux * length, cy + uy * length),
               (cx + ux * length * 0.85 - px * width / 2, cy + uy * length * 0.85 - py * width / 2),
               (cx - ux * tail - px * width / 2, cy - uy * tail - py * width / 2)]
        c.polygon(pts, fill=color)

    def render(self, c, state, params):
        (w, h), centres, r = _layout(state)
        kind = state["layout"]
        for k, (clock, (cx, cy)) in enumerate(zip(state["clocks"], centres)):
            if kind == "pair":
                c.text(cx, cy - r - 22, PAIR_LABELS[k], size=20, bold=True, id=f"label:{k}")
            elif kind == "grid":
                c.text(cx, cy - r - 18, clock["label"], size=18, bold=True, id=f"label:{k}")
            self._face(c, cx, cy, r, clock, state, f"clock:{k}")
        if kind == "pair":
            (x0, y0), (x1, y1) = centres[0], centres[1]
            c.register("clocks", box=(x0 - r, y0 - r - 36, x1 + r, y1 + r))


SCENE = Clock()
task = SCENE.task


# ---------------------------------------------------------------------- helpers
def _drop_seconds(s):
    if not s["seconds"]:               # no second hand drawn: the state carries no seconds
        for ck in s["clocks"]:
            ck["s"] = 0
    return s


def _single(q, *, seconds=False):
    def fn(s, r):
        s["layout"], s["seconds"], s["clocks"] = "single", seconds, s["clocks"][:1]
        return _drop_seconds(s)

    return q.edit(fn)


# ---------------------------------------------------------------------- tasks
@task("full_time_readout", answer="option_letter", annotation="bbox", ops="direct_retrieval")
def full_time_readout(q):
    s = _single(q, seconds=True)
    ck = s["clocks"][0]
    h, m, sec = ck["h"], ck["m"], ck["s"]
    correct = fmt_hms(h, m, sec)

    def distractors(r):
        hour_pos = int((h % 12) * 5 + m / 12)          # minute mark under the hour hand
        out = [fmt_hms(m // 5, hour_pos, sec),           # hour and minute hands swapped
               fmt_hms(h, sec, m),                       # minute and second hands swapped
               fmt_hms(h + (1 if m >= 30 else -1), m, sec),  # hour misread near the next numeral
               fmt_hms(h, (m + 5) % 60, sec), fmt_hms(h, (m - 5) % 60, sec),
               fmt_hms(h, m, (sec + 30) % 60)]
        return [out[int(i)] for i in r.permutation(len(out))]

    letter, opts = multiple_choice(q, correct, distractors)
    q.step("read_clock", hour=h, minute=m, second=sec, time=correct)
    return q.answer(letter, witnesses="clock:0",
                    question="What time does the clock show (hours:minutes:seconds)? The thin red hand is the "
                             "second hand.\n" + option_text(opts))


def _angle(h, m) -> float:
    a = abs(30 * (h % 12) - 5.5 * m) % 360
    return min(a, 360 - a)


def _deg(v) -> str:
    return f"{v:g}°"


@task("hand_angle_value", answer="option_letter", annotation="bbox", ops="formula_evaluation")
def hand_angle_value(q):
    s = _single(q)
    ck = s["clocks"][0]
    h, m = ck["h"], ck["m"]
    ang = _angle(h, m)
    q.require(0 < ang < 180, "hands overlap or are opposite")
    correct = _deg(ang)

    def distractors(r):
        naive = abs(30 * (h % 12) - 6 * m) % 360
        naive = min(naive, 360 - naive)
        cands = [naive, 360 - ang, ang + 30, ang - 30, ang + 15, ang - 15, ang + 5.5, ang - 5.5]
        cands = [v for v in cands if 0 < v < 360]
        return [_deg(cands[int(i)]) for i in r.permutation(len(cands))]

    letter, opts = multiple_choice(q, correct, distractors)
    q.step("angle", hour=h, minute=m, hour_hand_deg=30 * (h % 12) + 0.5 * m, minute_hand_deg=6 * m, result=ang)
    return q.answer(letter, witnesses="clock:0",
                    question="What is the smaller angle between the hour hand and the minute hand of the clock?\n"
                             + option_text(opts))


OFFSETS = {1: range(10, 65, 5), 2: range(5, 155, 5), 3: range(1, 181)}


@task("offset_readout", answer="option_letter", annotation="bbox", ops="formula_evaluation",
      queries=("minutes_after", "minutes_before"))
def offset_readout(q):
    s = _single(q)
    ck = s["clocks"][0]
    now = minutes12(ck)
    k = q.choice("offset", list(OFFSETS[q.difficulty]))
    sign = 1 if q.query_id == "minutes_after" else -1
    result = now + sign * k
    correct = fmt_hm(result)

    def distractors(r):
        cands = [now - sign * k, result + 60, result - 60, result + 10, result - 10, now + sign * (k + 60)]
        return [fmt_hm(cands[int(i)]) for i in r.permutation(len(cands))]

    letter, opts = multiple_choice(q, correct, distractors)
    word = "after" if sign > 0 else "before"
    q.step("offset", shown=fmt_hm(now), minutes=sign * k, result=correct)
    return q.answer(letter, witnesses="clock:0",
                    question=f"What time is {k} minutes {word} the time shown on the clock?\n" + option_text(opts))


@task("elapsed_time_value", answer="option_letter", annotation="bbox", ops="formula_evaluation")
def elapsed_time_value(q):
    def fn(s, r):
        s["layout"], s["clocks"] = "pair", s["clocks"][:2]
        return _drop_seconds(s)

    s = q.edit(fn)
    a, b = s["clocks"]
    el = (minutes12(b) - minutes12(a)) % 720
    q.require(5 <= el <= 600, "elapsed time outside 5..600 minutes")
    correct = f"{el} minutes"

    def distractors(r):
        cands = [720 - el, el + 60, el - 60, el + 10, el - 10, el + 5, el - 5, el + 120]
        cands = [v for v in cands if v > 0]
        return [f"{cands[int(i)]} minutes" for i in r.permutation(len(cands))]

    letter, opts = multiple_choice(q, correct, distractors)
    q.step("elapsed", start=fmt_hm(minutes12(a)), end=fmt_hm(minutes12(b)), minutes=el)
    return q.answer(letter, witnesses="clocks",
                    question=("The clock labelled Start shows when a task began and the clock labelled End shows "
                              "when it finished, less than 12 hours later. How long did the task take?\n"
                              + option_text(opts)))


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
    q.require(len(set(times)) == len(times), "two clocks show the same time")
    earliest = q.query_id == "earliest_time_label"
    i = times.index(min(times) if earliest else max(times))
    labels = [ck["label"] for ck in s["clocks"]]
    q.step("rank_times", times=[fmt_hm(t) for t in times], chosen=labels[i])
    return q.answer(labels[i], witnesses=f"clock:{i}", examples=labels,
                    question=("All clocks show times from the same morning, between 1:00 and 11:59. Which clock "
                              f"shows the {'earliest' if earliest else 'latest'} time? Answer with its label."))
