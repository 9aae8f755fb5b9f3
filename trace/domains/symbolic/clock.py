"""symbolic/clock: analog clock faces -- one clock with six answer cards, a start/end pair, a
labelled grid, a reference display with six candidate faces, a sequence with a missing slot, or
four labelled clocks with six candidate orders.

Difficulty changes the reading detail: 5-minute times with all numerals (1), any minute with all
numerals (2), any minute (and second) with only 12/3/6/9 printed (3); answer cards are a run of
six values whose spacing shrinks with difficulty (15, 5, then 1 minute or second), as the
reference's cards differ by 5-15 units.  Face style (rim, hand colours) is render-only.
"""

from __future__ import annotations

import math

from tracegen.kits.cards import card_grid, draw_card, fit_size, rounded_rect
from tracegen.core.options import multiple_choice
from tracegen.core.task import Scene

GRID_LETTERS = "KLMNPQRSTUVWXYZ"
N_CLOCKS = {1: (3, 4), 2: (5, 6), 3: (7, 9)}
DETAIL = {1: (5, 12), 2: (1, 12), 3: (1, 4)}   # (minute step, numerals printed)
SECOND_STEP = {1: 5, 2: 5, 3: 1}
PAIR_LABELS = ("Start", "End")
N_CARDS = 6


def minutes12(c) -> int:
    """Minutes after 12:00 on a 12-hour dial (12:xx counts as 0:xx)."""
    return (c["h"] % 12) * 60 + c["m"]


def fmt_hm(total: int) -> str:
    total %= 720
    h, m = divmod(total, 60)
    return f"{h or 12:02d}:{m:02d}"


def fmt_hms(total: int) -> str:
    total %= 43200
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h or 12:02d}:{m:02d}:{s:02d}"


def hm(total: int) -> dict:
    total %= 720
    return {"h": total // 60 or 12, "m": total % 60, "s": 0}


# ---------------------------------------------------------------------- layouts
SINGLE = (640, 720)
PAIR = (880, 640)
WIDE = (980, 760)
ORDER = (980, 600)
SEQUENCE = (980, 670)


def _grid_layout(n):
    cols = 2 if n <= 4 else 3
    rows = -(-n // cols)
    cw, chh = 230, 230
    size = (cols * cw + 20, rows * chh + 20)
    centres = [(10 + (k % cols + 0.5) * cw, 10 + (k // cols) * chh + 128) for k in range(n)]
    return size, centres, 86


class Clock(Scene):
    domain, scene_id, size = "symbolic", "clock", SINGLE
    description = ("Analog clock faces with hour and minute (and sometimes second or alarm) hands: one clock with "
                   "answer cards, a start/end pair, a labelled grid, or candidate faces and orders to choose from.")

    def canvas_size(self, state):
        kind = state["layout"]
        if kind == "single":
            return SINGLE
        if kind == "pair":
            return PAIR
        if kind == "grid":
            return _grid_layout(len(state["clocks"]))[0]
        return {"order": ORDER, "sequence": SEQUENCE}.get(kind, WIDE)

    def sample(self, rng, difficulty):
        lo, hi = N_CLOCKS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        step, numerals = DETAIL[difficulty]
        sstep = SECOND_STEP[difficulty]
        slots = rng.choice(720 // step, size=n, replace=False)
        start = int(rng.integers(0, len(GRID_LETTERS) - n + 1))
        clocks = []
        for k, slot in enumerate(slots):
            t = int(slot) * step
            sec = int(rng.integers(0, 60 // sstep)) * sstep
            clocks.append({"h": t // 60 or 12, "m": t % 60, "s": sec, "label": GRID_LETTERS[start + k]})
        return {"layout": "grid", "step": step, "numerals": numerals, "seconds": False, "clocks": clocks}

    # ------------------------------------------------------------------ drawing
    def face(self, c, cx, cy, r, clock, numerals, *, seconds=False, alarm=None, id=None):
        """An analog face; rim and hand colours vary with the style (render-only)."""
        variant, minute_col = c.style.accent % 3, ("ink", "accent")[(c.style.accent // 3) % 2]
        if variant == 1:      # thick coloured rim
            c.circle(cx, cy, r, fill="paper", stroke="accent", lw=max(4.0, r * 0.07), id=id)
        elif variant == 2:    # bezel with an inner ring
            c.circle(cx, cy, r, fill="paper", stroke="muted", lw=max(3.0, r * 0.05), id=id)
            c.circle(cx, cy, r * 0.9, stroke="grid", lw=max(1.0, r * 0.012))
        else:                 # plain outline
            c.circle(cx, cy, r, fill="paper", stroke="ink", lw=max(2.0, r * 0.022), id=id)
        for k in range(60):
            a = math.radians(6 * k)
            major = k % 5 == 0
            r0 = r * (0.84 if major else 0.91)
            c.line(cx + r0 * math.sin(a), cy - r0 * math.cos(a), cx + r * 0.96 * math.sin(a),
                   cy - r * 0.96 * math.cos(a), color="ink", lw=max(2.0, r * 0.02) if major else max(0.8, r * 0.006))
        fs = max(13.0, r * 0.15)
        for k in (range(1, 13) if numerals == 12 else (3, 6, 9, 12)):
            a = math.radians(30 * k)
            c.text(cx + r * 0.7 * math.sin(a), cy - r * 0.7 * math.cos(a), str(k), size=fs, bold=r > 120,
                   kind="tick")
        h, m, s = clock["h"], clock["m"], clock.get("s", 0)
        frac = s / 60 if seconds else 0.0
        self._hand(c, cx, cy, math.radians(30 * (h % 12) + 0.5 * (m + frac)), r * 0.5, max(4.0, r * 0.055), "ink")
        self._hand(c, cx, cy, math.radians(6 * (m + frac)), r * 0.8, max(2.5, r * 0.03), minute_col)
        if alarm is not None:
            a = math.radians(30 * (alarm % 12))
            ux, uy = math.sin(a), -math.cos(a)
            c.line(cx, cy, cx + ux * r * 0.6, cy + uy * r * 0.6, color="red", lw=max(2.0, r * 0.02))
            c.circle(cx + ux * r * 0.6, cy + uy * r * 0.6, max(3.5, r * 0.035), fill="red")
        if seconds:
            a = math.radians(6 * s)
            c.line(cx - r * 0.15 * math.sin(a), cy + r * 0.15 * math.cos(a), cx + r * 0.88 * math.sin(a),
                   cy - r * 0.88 * math.cos(a), color="red", lw=max(1.2, r * 0.008))
        c.circle(cx, cy, max(3.5, r * 0.04), fill="ink")

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

    @staticmethod
    def digital(c, cx, cy, w, h, clock, *, kind="label", id=None):
        """A digital display reading hh:mm."""
        rounded_rect(c, cx - w / 2, cy - h / 2, w, h, radius=h / 6, fill="ink", stroke="muted", lw=3, id=id)
        c.text(cx, cy, fmt_hm(minutes12(clock)), size=h * 0.55, bold=True, color=c.text_on("ink"), kind=kind)

    def _cards(self, c, x0, y0, w, texts, *, h=72.0):
        size = fit_size(c, texts, (w - 5 * 10) / N_CARDS - 10, 18.0)
        for i, (box, text) in enumerate(zip(card_grid(x0, y0, w, len(texts), h=h, gap=10), texts)):
            draw_card(c, box, "ABCDEF"[i], text, size=size, id=f"option:{'ABCDEF'[i]}")

    def render(self, c, state, params):
        kind = state["layout"]
        clocks, numerals, sec = state["clocks"], state["numerals"], state["seconds"]
        fmt = params.get("card_format")
        if kind == "single":
            self.face(c, 320, 285, 255, clocks[0], numerals, seconds=sec, alarm=state.get("alarm"), id="clock:0")
            self._cards(c, 16, 590, 608, [fmt.format(o) for o in params["options"]])
        elif kind == "pair":
            for k, (x, clock) in enumerate(zip((30, 460), clocks)):
                rounded_rect(c, x, 16, 390, 470, radius=14, fill="panel", stroke="grid", lw=1.5)
                c.text(x + 195, 52, PAIR_LABELS[k], size=24, bold=True, id=f"label:{k}")
                self.face(c, x + 195, 280, 172, clock, numerals, id=f"clock:{k}")
            c.register("clocks", box=(30, 16, 850, 486))
            self._cards(c, 16, 516, 848, [fmt.format(o) for o in params["options"]], h=76)
        elif kind == "grid":
            _, centres, r = _grid_layout(len(clocks))
            for k, (clock, (cx, cy)) in enumerate(zip(clocks, centres)):
                c.text(cx, cy - r - 18, clock["label"], size=18, bold=True, id=f"label:{k}")
                self.face(c, cx, cy, r, clock, numerals, id=f"clock:{k}")
        else:
            from tracegen.domains.symbolic import clock_match

            clock_match.render(self, c, state, params)


SCENE = Clock()
task = SCENE.task


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
    return q.answer(letter, witnesses="clock:0",
                    question=("The dark hour and minute hands show the current time. The red hand with a dot marks "
                              "the hour the alarm is set for; it rings at exactly :00 of that hour. How many minutes "
                              "are left until the alarm next rings? Choose the lettered card below the clock and "
                              "answer with its letter."))


from tracegen.domains.symbolic import clock_match  # noqa: E402,F401  (registers its tasks here)
