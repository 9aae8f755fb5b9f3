"""charts/annotated_series: a labelled series with one callout annotation.

One series (bars, dots, lollipops or a line with markers) over labelled positions, read off a
value axis with a faint gridline at every unit (values are not printed).  A callout box with a
leader line points at one mark; the question names another mark, the first or last label
(an endpoint), and asks for the absolute difference of the two values.  Difficulty grows the
marks (6-8, 9-13, 14-18) and the axis span (15-20, 20-30, 30-40 units).
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.charts import ValueScale, draw_fine_axis, major_step
from tracegen.kits.names import category_labels

N_MARKS = {1: (6, 8), 2: (9, 13), 3: (14, 18)}
SPAN = {1: (15, 20), 2: (20, 30), 3: (30, 40)}
FORMS = ("bar", "dot", "lollipop", "line")
FORM_WORDS = {"bar": "bar chart", "dot": "dot plot", "lollipop": "lollipop chart", "line": "line chart"}
NOTE_WORDS = ("Note", "Flag", "Check", "Memo", "Alert")
CODE = "ABCDEFGHJKLMNPRSTUVWXYZ"


class AnnotatedSeries(Scene):
    domain, scene_id, size = "charts", "annotated_series", (920, 600)
    megapixels = (0.65, 0.9)
    fluid = True
    description = ("A labelled series (bars, dots, lollipops or a line) on a unit-gridline value axis, with one "
                   "callout box pointing at a mark.")

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_MARKS[difficulty][0], N_MARKS[difficulty][1] + 1))
        span = int(rng.integers(SPAN[difficulty][0], SPAN[difficulty][1] + 1))
        lo = 10 * int(rng.integers(0, 5))
        return {"form": FORMS[int(rng.integers(len(FORMS)))],
                "labels": category_labels(rng, n, families=("places", "surnames", "months", "fiscal_years", "codes"),
                                          ordered=True, max_len=5 if n > 12 else 6),
                "lo": lo, "hi": lo + span, "values": [int(v) for v in rng.integers(lo + 1, lo + span + 1, size=n)],
                "callout": None,
                "note": f"{NOTE_WORDS[int(rng.integers(len(NOTE_WORDS)))]} "
                        f"{CODE[int(rng.integers(len(CODE)))]}{int(rng.integers(10, 100))}"}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        n = len(state["values"])
        form = state["form"]
        x0, x1, y0, y1 = 70, W - 24, 78, H - 52          # the band above the plot holds the callout box
        unit = 1
        steps = state["hi"] - state["lo"]
        sc = ValueScale(state["lo"], state["hi"], y1, y0, unit, major_step(unit, steps, c.style.ticks(7)))
        draw_fine_axis(c, sc, vertical=True, cross0=x0, cross1=x1)
        slot = (x1 - x0) / n
        xs = [x0 + (i + 0.5) * slot for i in range(n)]
        ys = [sc.pos(v) for v in state["values"]]
        col = c.style.accent_rgb
        base = sc.pos(state["lo"])
        if form == "line":
            c.polyline(list(zip(xs, ys)), color=col, lw=2.4)
        for i, (x, y) in enumerate(zip(xs, ys)):
            if form == "bar":
                bw = slot * 0.6
                c.rect(x - bw / 2, y, bw, base - y, fill=col)
                c.register(f"mark:{i}", box=(x - bw / 2, y, x + bw / 2, base), point=(x, y))
            else:
                if form == "lollipop":
                    c.line(x, base, x, y, color=col, lw=2.0)
                c.marker(x, y, 12.0, fill=col, id=f"mark:{i}")
        c.line(x0, y0, x0, y1, color="ink", lw=1.5)
        c.line(x0, y1, x1, y1, color="ink", lw=1.5)
        widest = max(c.text_width(s, size=14) for s in state["labels"])
        for i, s in enumerate(state["labels"]):
            if widest > slot * 0.92:
                c.text(xs[i] + 4, y1 + 12, s, size=14, anchor="r", angle=-math.pi / 4, id=f"label:{i}")
            else:
                c.text(xs[i], y1 + 16, s, size=14, id=f"label:{i}")
        k = state.get("callout")
        if k is not None:
            self._callout(c, state["note"], xs[k], ys[k], (x0, y0, x1, y1))

    @staticmethod
    def _callout(c, text, mx, my, plot):
        """A boxed note above the plot (on the side away from the mark), a leader line to the mark and a
        ring on it."""
        x0, y0, x1, y1 = plot
        tw = c.text_width(text, size=16, bold=True) + 28
        bx = x1 - tw - 20 if mx < (x0 + x1) / 2 else x0 + 20
        by = y0 - 60
        c.line(bx + tw / 2, by + 34, mx, my, color=blend(c.color("ink"), c.color("paper"), 0.7), lw=1.6)
        c.circle(mx, my, 8.5, stroke="ink", lw=2.0)
        c.rect(bx, by, tw, 34, fill="paper", stroke="ink", lw=1.4)
        c.text(bx + tw / 2, by + 17, text, size=16, bold=True, id="callout")


SCENE = AnnotatedSeries()
task = SCENE.task
DIFFS = {1: range(1, 11), 2: range(1, 19), 3: range(2, 26)}


@task("callout_endpoint_change_value", answer="integer", annotation="point_map", ops="formula_evaluation",
      queries=("callout_endpoint_change_value",))
def callout_endpoint_change_value(q):
    t = q.target(DIFFS[q.difficulty], stratified=True)
    n = len(q.state["values"])
    end = q.param("endpoint", lambda r: 0 if r.random() < 0.5 else n - 1)

    def plant(s, r):
        k = int(r.integers(1, n - 1))                 # the callout marks an inner position
        v = s["values"][end]
        opts = [v + d for d in (t, -t) if s["lo"] < v + d <= s["hi"]]
        if not opts:
            v = int(r.integers(s["lo"] + 1 + t, s["hi"] + 1)) if s["hi"] - s["lo"] > t else v
            s["values"][end] = v
            opts = [v + d for d in (t, -t) if s["lo"] < v + d <= s["hi"]]
        if opts:
            s["values"][k] = int(opts[int(r.integers(len(opts)))])
        s["callout"] = k
        return s

    s = q.edit(plant)
    k = s["callout"]
    a, b = q.reads(s["values"][k], s["values"][end])
    diff = abs(a - b)
    q.require(diff == t, "the axis cannot hold the target difference")
    q.step("difference", callout=k, endpoint=end, result=diff)
    return q.answer(diff, witnesses={"callout_mark": f"mark:{k}", "endpoint_mark": f"mark:{end}"},
                    question=(f"The image shows a labelled {FORM_WORDS[s['form']]} read off a value axis with a faint "
                              f"gridline at every unit, and one callout box ({quoted(s['note'])}) pointing at a mark. "
                              f"What is the absolute difference between the value of the mark the callout points at "
                              f"and the value of the mark labelled {quoted(s['labels'][end])}?"))
