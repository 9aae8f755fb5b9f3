"""charts/radial_progress: a grid of labelled progress widgets, each showing a completion from 0
to 100 percent as a coloured arc on a grey track -- semicircle gauges with a needle, full
rings starting at the top, or 270-degree dials -- with a few scale ticks and no printed value.

Completions are multiples of 10, 5 or 5 percent by difficulty; bounds and thresholds are
multiples of 10 that no widget sits on, and the asked extreme beats the runner-up by 20, 10
or 5 points, so every reading is clear against the ticks.  Difficulty grows the widgets
(4-6, 6-10, 9-12).
"""

from __future__ import annotations

import math

import cairo

from tracegen.core.task import Scene
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color
from tracegen.kits.ranking import clear_extreme

N_WIDGETS = {1: (4, 6), 2: (6, 10), 3: (9, 12)}
STEP = {1: 10, 2: 5, 3: 5}
MARGIN = {1: 20, 2: 10, 3: 5}
VARIANTS = ("gauge", "ring", "ring", "dial")
WORDS = {"gauge": "semicircle progress gauges", "ring": "circular progress rings", "dial": "270-degree progress dials"}
TITLES = ("Completion Summary", "Project Progress", "Milestone Tracker", "Goal Completion", "Rollout Status")
#: the arc of each variant: (start angle, sweep) in radians, clockwise from +x with y down
ARCS = {"gauge": (math.pi, math.pi), "ring": (-math.pi / 2, 2 * math.pi), "dial": (0.75 * math.pi, 1.5 * math.pi)}
EXTENT = {"gauge": (1.0, 0.0), "ring": (1.0, 1.0), "dial": (1.0, math.sqrt(0.5))}   # radii above, below the centre


class RadialProgress(Scene):
    domain, scene_id, size = "charts", "radial_progress", (1320, 900)
    fluid = True
    megapixels = (0.9, 1.3)
    description = ("A grid of labelled radial progress widgets (semicircle gauges, rings or dials) showing completion "
                   "from 0 to 100 percent; values are not printed.")

    def variant(self, state):
        return state["variant"]

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_WIDGETS[difficulty][0], N_WIDGETS[difficulty][1] + 1))
        step = STEP[difficulty]
        return {"variant": VARIANTS[int(rng.integers(len(VARIANTS)))],
                "labels": category_labels(rng, n, families=("coined", "coined", "places", "surnames", "words")),
                "values": [step * int(k) for k in rng.integers(1, 100 // step, size=n)],
                "title": TITLES[int(rng.integers(len(TITLES)))]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        labels, vals, kind = state["labels"], state["values"], state["variant"]
        n = len(labels)
        c.text(W / 2, 34, state["title"], size=22, bold=True)
        cols = min(n, 4 if n <= 8 else 5)
        rows = math.ceil(n / cols)
        gap, top = 18.0, 70.0
        cw = (W - 48 - gap * (cols - 1)) / cols
        ch = (H - top - 24 - gap * (rows - 1)) / rows
        for i in range(n):
            r, k = divmod(i, cols)
            in_row = min(cols, n - r * cols)
            x = 24 + (W - 48 - in_row * cw - (in_row - 1) * gap) / 2 + k * (cw + gap)
            y = top + r * (ch + gap)
            self._widget(c, (x, y, x + cw, y + ch), labels[i], vals[i], kind, category_color(c, i), i)

    def _widget(self, c, box, label, value, kind, color, i):
        x0, y0, x1, y1 = box
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="panel", stroke="grid", lw=1.2, id=f"widget:{i}")
        c.text((x0 + x1) / 2, y0 + 22, label, size=16, bold=True, id=f"label:{i}")
        start, sweep = ARCS[kind]
        lab = 30.0                                         # room for the tick labels around the arc
        avail = (y1 - y0) - 52 - 2 * lab
        up, down = EXTENT[kind]
        rad = min(((x1 - x0) / 2 - lab - 6) / 1.1, avail / (1.1 * (up + down)))
        cx = (x0 + x1) / 2
        cy = y0 + 44 + lab + (avail - 1.1 * rad * (up + down)) / 2 + 1.1 * rad * up
        width = rad * 0.2
        ctx = c.ctx
        ctx.save()
        ctx.set_line_cap(cairo.LINE_CAP_BUTT)         # the arc ends exactly at its value
        ctx.set_line_width(width)
        ctx.new_path()
        ctx.arc(cx, cy, rad, start, start + sweep)
        ctx.set_source_rgb(*c.color("grid"))
        ctx.stroke()
        if value > 0:
            ctx.new_path()
            ctx.arc(cx, cy, rad, start, start + sweep * value / 100)
            ctx.set_source_rgb(*c.color(color))
            ctx.stroke()
        ctx.restore()
        ticks = (0, 25, 50, 75) if kind == "ring" else (0, 25, 50, 75, 100)
        for v in ticks:
            a = start + sweep * v / 100
            ca, sa = math.cos(a), math.sin(a)
            c.line(cx + ca * (rad - width / 2 - 4), cy + sa * (rad - width / 2 - 4),
                   cx + ca * (rad + width / 2 + 4), cy + sa * (rad + width / 2 + 4), color="ink", lw=1.6)
            if v % 50 == 0 or kind == "ring":
                lx, ly = cx + ca * (rad + width / 2 + 16), cy + sa * (rad + width / 2 + 14)
                c.text(lx, ly, str(v), size=12, color="muted", kind="tick",
                       anchor="c" if abs(ca) < 0.3 else ("l" if ca > 0 else "r"))
        if kind == "gauge":
            a = start + sweep * value / 100
            c.line(cx, cy, cx + math.cos(a) * (rad - width), cy + math.sin(a) * (rad - width), color="ink", lw=2.6)
            c.circle(cx, cy, 5.0, fill="ink")


SCENE = RadialProgress()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s):
    return (f"The image shows a grid of labelled {WORDS[s['variant']]}; each widget shows a completion from 0 to 100 "
            "percent along its coloured arc.")


def _plant(q, t, hit):
    """Re-draw the values so that exactly ``t`` widgets satisfy ``hit(value)``."""
    step = STEP[q.difficulty]

    def fn(s, r):
        n = len(s["values"])
        grid = list(range(step, 100, step))
        yes, no = [v for v in grid if hit(v)], [v for v in grid if not hit(v)]
        if t > n or (t and not yes) or (t < n and not no):
            return s
        chosen = set(int(i) for i in r.choice(n, size=t, replace=False))
        s["values"] = [int(r.choice(yes)) if i in chosen else int(r.choice(no)) for i in range(n)]
        return s

    return q.edit(fn)


def _count_answer(q, hits, counts, question):
    q.balance(len(hits), counts)
    q.step("filter", kept=hits)
    return q.answer(len(hits), witnesses=[f"widget:{i}" for i in hits], question=f"{_intro(q.state)} {question}")


COUNTS = {1: range(1, 4), 2: range(1, 6), 3: range(2, 8)}


# ---------------------------------------------------------------------- tasks
@task("extremum_remaining_label", answer="string", annotation="bbox", ops="ranking,formula_evaluation",
      queries=("highest_remaining_label", "lowest_remaining_label"))
def extremum_remaining_label(q):
    s = q.state
    most = q.query_id == "highest_remaining_label"
    remaining = {i: 100 - v for i, v in enumerate(s["values"])}
    q.reads(*s["values"])
    best = clear_extreme(q, remaining, largest=most, margin=MARGIN[q.difficulty])
    q.step("remaining", values={s["labels"][i]: r for i, r in remaining.items()}, winner=best)
    word = "most" if most else "least"
    return q.answer(s["labels"][best], witnesses=f"widget:{best}", examples=s["labels"],
                    question=(f"{_intro(s)} The remaining progress of a widget is 100 percent minus its completion. "
                              f"Which label has the {word} remaining progress?"))


@task("progress_interval_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison")
def progress_interval_count(q):
    t = q.target(COUNTS[q.difficulty], stratified=True)

    def bounds(r):
        lo = 10 * int(r.integers(1, 7))
        return [lo, lo + 10 * int(r.integers(2, min(5, 9 - lo // 10) + 1))]

    lo, hi = q.param("bounds", bounds)
    s = _plant(q, t, lambda v: lo < v < hi)
    q.require(lo not in s["values"] and hi not in s["values"], "a widget sits on a bound")
    q.reads(*s["values"])
    hits = [i for i, v in enumerate(s["values"]) if lo <= v <= hi]
    return _count_answer(q, hits, COUNTS[q.difficulty],
                         f"How many widgets show a completion from {lo}% through {hi}% (inclusive)?")


@task("progress_threshold_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison",
      queries=("at_least_threshold_count", "below_threshold_count"))
def progress_threshold_count(q):
    t = q.target(COUNTS[q.difficulty], stratified=True)
    thr = q.param("threshold", lambda r: 10 * int(r.integers(2, 9)))
    at_least = q.query_id == "at_least_threshold_count"
    s = _plant(q, t, (lambda v: v > thr) if at_least else (lambda v: v < thr))
    q.require(thr not in s["values"], "a widget sits on the threshold")
    q.reads(*s["values"])
    hits = [i for i, v in enumerate(s["values"]) if (v >= thr if at_least else v < thr)]
    what = f"at least {thr}%" if at_least else f"below {thr}%"
    return _count_answer(q, hits, COUNTS[q.difficulty], f"How many widgets show a completion {what}?")
