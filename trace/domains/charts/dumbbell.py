"""charts/dumbbell: a horizontal dumbbell chart of two series over labelled rows.

Each row has one dot per series (colours named in the legend) on a shared 0-100 axis, joined
by a grey connector; values sit on the axis grid (multiples of 10, 5 or 2 with a faint
gridline at each), so every value and gap is exact, and nothing is printed.  Asked thresholds
are grid multiples that no compared gap equals, and ranked gaps are distinct.  Difficulty
grows the rows (6-9, 10-16, 16-20) and refines the grid (10, 5, 2 units).
"""

from __future__ import annotations

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.charts import ValueScale, draw_fine_axis
from tracegen.kits.names import category_labels
from tracegen.kits.panels import legend
from tracegen.kits.planting import split_draw

N_ROWS = {1: (6, 9), 2: (10, 16), 3: (16, 20)}
UNIT = {1: 10, 2: 5, 3: 2}
INTRO = ("The chart is a horizontal dumbbell chart: each row has one dot per series (named in the legend) on the "
         "shared 0-100 axis, joined by a connector line; the axis has a faint gridline every {unit} units.")


def row_with(rng, d, unit):
    """[a, b] on the grid inside 0..100 with a - b = d."""
    lo, hi = max(0, -d), 100 - max(0, d)
    b = unit * int(rng.integers(lo // unit, hi // unit + 1))
    return [b + d, b]


class Dumbbell(Scene):
    domain, scene_id, size = "charts", "dumbbell", (1040, 740)
    megapixels = (1.0, 1.35)
    fluid = True
    description = "A horizontal dumbbell chart: two series' values per labelled row on a shared 0-100 grid axis."

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_ROWS[difficulty][0], N_ROWS[difficulty][1] + 1))
        unit = UNIT[difficulty]
        grid = 100 // unit
        rows = [[unit * int(v) for v in rng.integers(0, grid + 1, size=2)] for _ in range(n)]
        return {"labels": category_labels(rng, n, families=("places", "surnames", "topics", "codes"), max_len=9),
                "series": category_labels(rng, 2, families=("surnames", "places", "coined"), max_len=9),
                "rows": rows, "unit": unit}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        n = len(state["rows"])
        fs = 14.0
        lab_w = max(c.text_width(s, size=fs) for s in state["labels"])
        x0, x1, y0, y1 = 24 + lab_w + 16, W - 30, 64, H - 50
        cols = (c.style.series(0), c.style.series(1))
        legend(c, x1 - 40 - sum(c.text_width(s, size=fs) + 52 for s in state["series"]), 14, x1,
               [(s, col) for s, col in zip(state["series"], cols)], size=fs,
               draw_mark=lambda cc, k, x, y: cc.circle(x, y, 7, fill=cols[k], stroke="paper", lw=1.2))
        unit = state["unit"]
        sc = ValueScale(0, 100, x0, x1, unit, 20 if unit != 2 else 10)
        draw_fine_axis(c, sc, vertical=False, cross0=y0, cross1=y1)
        slot = (y1 - y0) / n
        for i, ((a, b), label) in enumerate(zip(state["rows"], state["labels"])):
            y = y0 + (i + 0.5) * slot
            c.text(x0 - 12, y, label, size=fs, anchor="r", id=f"row:{i}")
            c.line(sc.pos(b), y, sc.pos(a), y, color="gray", lw=3.2, id=f"gap:{i}")
            c.circle(sc.pos(a), y, 7.5, fill=cols[0], stroke="paper", lw=1.4, id=f"a:{i}")
            c.circle(sc.pos(b), y, 7.5, fill=cols[1], stroke="paper", lw=1.4, id=f"b:{i}")
        c.line(x0, y1, x1, y1, color="ink", lw=1.4)


SCENE = Dumbbell()
task = SCENE.task


def _intro(s):
    return INTRO.format(unit=s["unit"])


def _gaps(s):
    return [abs(a - b) for a, b in s["rows"]]


def _plant(q, t, hit_diffs, miss_diffs):
    """``t`` random rows get a signed difference (a - b) from ``hit_diffs``, the rest from ``miss_diffs``."""
    def fn(s, r):
        for i, d in split_draw(r, range(len(s["rows"])), t, hit_diffs, miss_diffs).items():
            s["rows"][i] = row_with(r, int(d), s["unit"])
        return s

    return q.edit(fn)


def _threshold(q):
    unit = q.state["unit"]
    return q.param("threshold", lambda r: unit * int(r.integers(max(2, 10 // unit), 40 // unit + 1)))


COUNTS = {1: range(1, 6), 2: range(1, 11), 3: range(3, 14)}


@task("absolute_gap_threshold_count", answer="integer", annotation="segment_set",
      ops="filtering,counting,comparison,formula_evaluation",
      queries=("absolute_gap_at_least_threshold_count", "absolute_gap_at_most_threshold_count"))
def absolute_gap_threshold_count(q):
    at_least = "at_least" in q.query_id
    t = q.target(COUNTS[q.difficulty], stratified=True)
    q.require(t < len(q.state["rows"]), "too few rows")
    thr = _threshold(q)
    unit = q.state["unit"]
    big = [d for d in range(thr + unit, 61, unit)] + [-d for d in range(thr + unit, 61, unit)]
    small = [d for d in range(-thr + unit, thr, unit)]
    s = _plant(q, t, big if at_least else small, small if at_least else big)
    gaps = _gaps(s)
    q.reads(*[v for row in s["rows"] for v in row])
    hits = [i for i, g in enumerate(gaps) if (g >= thr if at_least else g <= thr)]
    q.require(thr not in gaps, "a gap equals the threshold")
    q.step("filter", threshold=thr, gaps=gaps, kept=hits)
    rel = "at least" if at_least else "at most"
    return q.answer(len(hits), witnesses=[f"gap:{i}" for i in hits],
                    question=(f"{_intro(s)} How many rows have their two dots {rel} {thr} units apart (the absolute "
                              f"difference of the two values)?"))


@task("side_winner_count", answer="integer", annotation="segment_set", ops="filtering,counting,comparison",
      queries=("series_a_greater_threshold_count", "series_b_greater_threshold_count"))
def side_winner_count(q):
    a_wins = q.query_id.startswith("series_a")
    t = q.target(COUNTS[q.difficulty], stratified=True)
    q.require(t < len(q.state["rows"]), "too few rows")
    thr = _threshold(q)
    unit = q.state["unit"]
    sign = 1 if a_wins else -1
    win = [sign * d for d in range(thr + unit, 61, unit)]
    lose = [sign * d for d in range(-60, thr, unit) if d]
    s = _plant(q, t, win, lose)
    q.reads(*[v for row in s["rows"] for v in row])
    diffs = [sign * (a - b) for a, b in s["rows"]]
    q.require(thr not in diffs, "a difference equals the threshold")
    hits = [i for i, d in enumerate(diffs) if d >= thr]
    winner, other = (s["series"][0], s["series"][1]) if a_wins else (s["series"][1], s["series"][0])
    q.step("filter", winner=winner, threshold=thr, kept=hits)
    return q.answer(len(hits), witnesses=[f"gap:{i}" for i in hits],
                    question=(f"{_intro(s)} In how many rows is the {quoted(winner)} value greater than the "
                              f"{quoted(other)} value by at least {thr} units?"))


@task("gap_rank_row_label", answer="string", annotation="segment", ops="ranking,formula_evaluation",
      queries=("largest_gap_rank_row_label", "smallest_gap_rank_row_label"))
def gap_rank_row_label(q):
    s = q.state
    largest = q.query_id.startswith("largest")
    rank = q.param("rank", lambda r: int(r.integers(1, 3)))
    gaps = _gaps(s)
    q.reads(*[v for row in s["rows"] for v in row])
    order = sorted(range(len(gaps)), key=lambda i: -gaps[i] if largest else gaps[i])
    top = [gaps[i] for i in order[:rank + 1]]
    q.require(len(set(top)) == len(top), "tied gaps at the asked rank")
    i = order[rank - 1]
    q.step("rank", gaps=gaps, rank=rank, row=i)
    word = ("largest" if largest else "smallest") if rank == 1 else ("second largest" if largest else "second smallest")
    return q.answer(s["labels"][i], witnesses=f"gap:{i}", examples=s["labels"],
                    question=(f"{_intro(s)} Ranking the rows by the absolute gap between their two dots, which row "
                              f"has the {word} gap?"))
