"""charts/histogram: a histogram of counts over consecutive integer x values -- adjacent bars, a
count axis with a faint gridline at every unit (labelled every few) -- with no count printed.

Counts are read through the axis.  An asked item rank never falls on the first or last item
of a bar, so the bin holding it is clear.  Difficulty grows the bins (6-8, 8-15, 14-18) and the
count axis (10, 15, 20).
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.charts import ValueScale, draw_fine_axis

N_BINS = {1: (6, 8), 2: (8, 15), 3: (14, 18)}
TOP = {1: 10, 2: 15, 3: 20}
WIDTHS = {1: range(2, 4), 2: range(3, 7), 3: range(4, 9)}
LABELS = range(5, 71)           # the x value a cumulative-rank question's answer takes
INTRO = ("The image shows a histogram: each bar stands over one labelled integer x value and its height is the count "
         "of items with that value, read on the count axis.")


class Histogram(Scene):
    domain, scene_id, size = "charts", "histogram", (860, 780)
    fluid = True
    megapixels = (0.55, 0.8)
    description = "A histogram of counts over consecutive integer x values; counts are read off the axis."

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_BINS[difficulty][0], N_BINS[difficulty][1] + 1))
        top = TOP[difficulty]
        return {"start": int(rng.integers(1, 61)), "top": top,
                "counts": [int(v) for v in rng.integers(1, top + 1, size=n)]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        counts, start, top = state["counts"], state["start"], state["top"]
        n = len(counts)
        x0, x1, y0, y1 = 70, W - 28, 36, H - 60
        major = 5 if c.style.density != "dense" else (2 if top % 2 == 0 else 3)      # a label at the top
        sc = ValueScale(0, top, y1, y0, 1, major)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper")
        draw_fine_axis(c, sc, vertical=True, cross0=x0, cross1=x1, font_size=14)
        w = (x1 - x0) / n
        fill = c.style.accent_rgb
        edge = blend(fill, c.color("ink"), 0.5)
        for i, k in enumerate(counts):
            bx, by = x0 + i * w, sc.pos(k)
            c.rect(bx, by, w, y1 - by, fill=fill, stroke=edge, lw=1.2, id=f"bin:{i}")
            c.text(bx + w / 2, y1 + 18, str(start + i), size=14, kind="tick")
        c.line(x0, y0, x0, y1, color="ink", lw=1.5)
        c.line(x0, y1, x1, y1, color="ink", lw=1.5)
        c.text(W / 2, H - 18, "Value", size=14, bold=True, color="muted")


SCENE = Histogram()
task = SCENE.task


# ---------------------------------------------------------------------- tasks
@task("cumulative_rank_bin_label", answer="integer", annotation="bbox", ops="ranking,aggregation")
def cumulative_rank_bin_label(q):
    s = q.state
    counts = s["counts"]
    q.reads(*counts)
    ends, total = [], 0
    for k in counts:
        total += k
        ends.append(total)
    starts = [1] + [e + 1 for e in ends[:-1]]
    inner = [r for r in range(1, total + 1) if r not in ends and r not in starts]
    q.require(bool(inner), "no rank strictly inside a bar")
    rank = q.param("rank", lambda r: inner[int(r.integers(len(inner)))])
    i = next(b for b, e in enumerate(ends) if rank <= e)
    label = q.target(LABELS, stratified=True)          # the answer spreads evenly over the x values
    q.require(label - i >= 1, "the x values would start below 1")
    s = q.edit(lambda st, r: {**st, "start": label - i})
    q.step("cumulative", ends=ends, rank=rank, bin=i)
    return q.answer(s["start"] + i, witnesses=f"bin:{i}",
                    question=(f"{INTRO} Count the items cumulatively from the leftmost bar to the right, item 1 being "
                              f"the first item of the leftmost bar. Which x value's bar contains item {rank}?"))


@task("interval_mass", answer="integer", annotation="bbox_set", ops="aggregation")
def interval_mass(q):
    s = q.state
    n = len(s["counts"])
    width = q.param("width", lambda r: min(n, int(r.choice(WIDTHS[q.difficulty]))))
    first = q.param("first", lambda r: int(r.integers(0, n - width + 1)))
    idx = list(range(first, first + width))
    q.reads(*s["counts"])
    total = sum(s["counts"][i] for i in idx)
    lo, hi = s["start"] + first, s["start"] + first + width - 1
    q.step("sum", bins=idx, total=total)
    return q.answer(total, witnesses=[f"bin:{i}" for i in idx],
                    question=(f"{INTRO} What is the total count of the bars whose x value lies in the inclusive "
                              f"range from {lo} to {hi}?"))
