"""charts/boxplot: labelled boxplots read off a fine value axis (a gridline at every unit).

Each group has five integer statistics -- minimum < Q1 < median < Q3 < maximum -- drawn as
whiskers, a box from Q1 to Q3 and a median line; nothing is printed.  One panel of 5-16
boxplots, or two side-by-side panels (Before, After) of the same 4-6 labels on one shared
axis.  Rankings keep a gap of at least 2 units (1 at difficulty 3).  Difficulty grows the
groups (5-7, 7-13, 12-16; paired 4, 5, 6) and the axis (20-25, 25-30, 30-40 units).
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.charts import ValueScale, draw_fine_axis, major_step
from tracegen.kits.names import category_labels

N_GROUPS = {1: (5, 7), 2: (7, 13), 3: (12, 16)}
N_PAIRED = {1: 4, 2: 5, 3: 6}
AXIS = {1: (20, 25), 2: (25, 30), 3: (30, 40)}
MARGIN = {1: 2, 2: 2, 3: 1}
INTRO = ("The chart shows labelled boxplots on a value axis with a gridline at every unit: each box spans the "
         "interquartile range (Q1 to Q3), the line inside it is the median and the whiskers reach the minimum and "
         "maximum.")


def five(rng, hi):
    """Integer minimum < Q1 < median < Q3 < maximum inside 0..hi."""
    while True:
        v = sorted(int(x) for x in rng.choice(range(0, hi + 1), size=5, replace=False))
        if v[3] - v[1] >= 2:
            return v


def around(rng, med, hi):
    """Integer minimum < Q1 < ``med`` < Q3 < maximum inside 0..hi (2 <= med <= hi - 2)."""
    q1 = int(rng.integers(max(1, med - 6), med))
    q3 = int(rng.integers(med + 1, min(hi - 1, med + 6) + 1))
    return [int(rng.integers(max(0, q1 - 6), q1)), q1, med, q3, int(rng.integers(q3 + 1, min(hi, q3 + 6) + 1))]


class Boxplot(Scene):
    domain, scene_id, size = "charts", "boxplot", (780, 560)
    megapixels = (0.46, 0.62)
    fluid = True
    description = ("Labelled boxplots (minimum, quartiles, median, maximum) read off a fine value axis, in one panel "
                   "or in Before and After panels of the same labels.")

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_GROUPS[difficulty][0], N_GROUPS[difficulty][1] + 1))
        hi = int(rng.integers(AXIS[difficulty][0], AXIS[difficulty][1] + 1))
        return {"layout": "single", "labels": category_labels(rng, n, families=("places", "surnames", "codes"),
                                                              max_len=4 if n > 10 else 5),
                "hi": hi, "stats": [five(rng, hi) for _ in range(n)]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        paired = state["layout"] == "paired"
        y0, y1 = (52 if paired else 30), H - 44
        sc = ValueScale(0, state["hi"], y1, y0, 1, major_step(1, state["hi"], c.style.ticks(6)))
        x0 = 60
        if not paired:
            draw_fine_axis(c, sc, vertical=True, cross0=x0, cross1=W - 20)
            self._boxes(c, state["stats"], state["labels"], sc, x0, W - 20, y1, "box", c.style.accent_rgb)
            c.line(x0, y0, x0, y1, color="ink", lw=1.4)
            c.line(x0, y1, W - 20, y1, color="ink", lw=1.4)
            return
        mid = (x0 + W - 20) / 2
        panels = (("Before", "stats", x0, mid - 16), ("After", "after", mid + 22, W - 20))
        for p, (name, key, a, b) in enumerate(panels):
            draw_fine_axis(c, sc, vertical=True, cross0=a, cross1=b)     # each panel numbers its own axis
            c.text((a + b) / 2, 24, name, size=16, bold=True, id=f"panel:{p}")
            col = c.style.series(0 if p == 0 else 2)
            self._boxes(c, state[key], state["labels"], sc, a, b, y1, "box" if p == 0 else "after", col)
            c.line(a, y0, a, y1, color="ink", lw=1.4)
            c.line(a, y1, b, y1, color="ink", lw=1.4)

    @staticmethod
    def _boxes(c, stats, labels, sc, a, b, base, prefix, col):
        n = len(stats)
        slot = (b - a) / n
        bw = min(44.0, slot * 0.6)
        fill = blend(col, c.color("paper"), 0.55)
        for i, (lo, q1, med, q3, hi) in enumerate(stats):
            x = a + (i + 0.5) * slot
            c.line(x, sc.pos(lo), x, sc.pos(q1), color="ink", lw=1.3)
            c.line(x, sc.pos(q3), x, sc.pos(hi), color="ink", lw=1.3)
            for v in (lo, hi):
                c.line(x - bw * 0.3, sc.pos(v), x + bw * 0.3, sc.pos(v), color="ink", lw=1.3)
            c.rect(x - bw / 2, sc.pos(q3), bw, sc.pos(q1) - sc.pos(q3), fill=fill, stroke=col, lw=1.6,
                   id=f"{prefix}:{i}")
            c.line(x - bw / 2, sc.pos(med), x + bw / 2, sc.pos(med), color="ink", lw=2.6, id=f"{prefix}_median:{i}")
            c.text(x, base + 16, labels[i], size=14 if slot > 40 else 13)


SCENE = Boxplot()
task = SCENE.task


def _gap_ok(values, k, margin):
    """``values[k]`` is the unique extreme with ``margin`` to every other value."""
    return all(abs(values[k] - v) >= margin for j, v in enumerate(values) if j != k)


@task("iqr_extremum_label", answer="string", annotation="bbox", ops="ranking,formula_evaluation",
      queries=("largest_iqr_label", "smallest_iqr_label"))
def iqr_extremum_label(q):
    s = q.state
    largest = q.query_id.startswith("largest")
    iqr = [st[3] - st[1] for st in s["stats"]]
    q.reads(*[v for st in s["stats"] for v in (st[1], st[3])])
    k = iqr.index(max(iqr) if largest else min(iqr))
    q.require(_gap_ok(iqr, k, MARGIN[q.difficulty]), "interquartile ranges too close")
    q.step("iqr", iqr=iqr, winner=k)
    word = "largest" if largest else "smallest"
    return q.answer(s["labels"][k], witnesses=f"box:{k}", examples=s["labels"],
                    question=f"{INTRO} Which label has the {word} interquartile range (Q3 minus Q1)?")


RANK_WORDS = {"second": "second-highest", "third": "third-highest", "bottom": "lowest"}
DIFFS = {1: range(3, 13), 2: range(2, 17), 3: range(2, 21)}


@task("median_rank_difference_value", answer="integer", annotation="point_map", ops="ranking,formula_evaluation",
      queries=("median_top_second_difference_value", "median_top_third_difference_value",
               "median_top_bottom_difference_value"))
def median_rank_difference_value(q):
    rank = q.query_id.split("_")[2]
    t = q.target(DIFFS[q.difficulty], stratified=True)

    def plant(s, r):
        """Medians: the top at T, the asked rank at T - t, the rest where the ranks require."""
        hi, n = s["hi"], len(s["stats"])
        lo_top = t + (3 if rank != "bottom" else 2)
        if lo_top > hi - 2 or (rank != "second" and t < 2):
            return s
        top = int(r.integers(lo_top, hi - 1))
        low = top - t
        order = [int(i) for i in r.permutation(n)]
        meds = {order[0]: top, order[1]: low}
        if rank == "third":
            meds[order[2]] = int(r.integers(low + 1, top))
        for i in order[len(meds):]:
            meds[i] = int(r.integers(low + 1, top)) if rank == "bottom" else int(r.integers(2, low))
        s["stats"] = [around(r, meds[i], hi) for i in range(n)]
        return s

    s = q.edit(plant)
    meds = [st[2] for st in s["stats"]]
    q.reads(*meds)
    order = sorted(range(len(meds)), key=lambda i: -meds[i])
    other = order[{"second": 1, "third": 2, "bottom": -1}[rank]]
    top = order[0]
    q.require(meds.count(meds[top]) == 1 and meds.count(meds[other]) == 1, "tied medians at the asked ranks")
    if rank != "bottom":
        pos = {"second": 1, "third": 2}[rank]
        q.require(len(set(meds[i] for i in order[:pos + 1])) == pos + 1, "tied medians above the asked rank")
    diff = meds[top] - meds[other]
    q.step("difference", top=top, other=other, result=diff)
    return q.answer(diff, witnesses={"top_median": f"box_median:{top}", "compared_median": f"box_median:{other}"},
                    question=(f"{INTRO} What is the difference between the highest median and the "
                              f"{RANK_WORDS[rank]} median?"))


@task("paired_median_shift_label", answer="string", annotation="point_map", ops="ranking,formula_evaluation",
      queries=("paired_median_greatest_increase_label", "paired_median_greatest_decrease_label",
               "paired_median_greatest_absolute_change_label"))
def paired_median_shift_label(q):
    mode = q.query_id.split("_")[3]

    def pair(s, r):
        m = N_PAIRED[q.difficulty]
        s.update({"layout": "paired", "labels": s["labels"][:m], "stats": s["stats"][:m],
                  "after": [five(r, s["hi"]) for _ in range(m)]})
        return s

    s = q.edit(pair)
    before = [st[2] for st in s["stats"]]
    after = [st[2] for st in s["after"]]
    q.reads(*before, *after)
    change = [b - a for a, b in zip(before, after)]
    score = {"increase": change, "decrease": [-d for d in change], "absolute": [abs(d) for d in change]}[mode]
    k = score.index(max(score))
    q.require(score[k] > 0 and _gap_ok(score, k, MARGIN[q.difficulty]), "no clear greatest change")
    q.step("shift", change=change, winner=k)
    what = {"increase": "the greatest median increase from Before to After",
            "decrease": "the greatest median decrease from Before to After",
            "absolute": "the greatest absolute change in median between Before and After"}[mode]
    return q.answer(s["labels"][k], witnesses={"before_median": f"box_median:{k}", "after_median": f"after_median:{k}"},
                    examples=s["labels"],
                    question=(f"{INTRO} The left panel is Before and the right panel is After, with the same labels in "
                              f"both. Which label shows {what}?"))
