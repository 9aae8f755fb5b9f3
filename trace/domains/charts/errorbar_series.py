"""charts/errorbar_series: several labelled series over ordered x-axis labels, each point a
central marker with a vertical error bar (capped at its lower and upper bounds), drawn side by
side at each x -- as markers only, markers joined by lines, or grouped bars -- on a 0-100 axis.

No value is printed.  An asked extreme bound beats the runner-up by 5, 4 or 3 units, and at an
asked x every other series' bar either overlaps the asked one by 3, 2.5 or 2 units or stays as
far clear of it.  Difficulty grows the series (3-4, 4-5, 5-6) and the x labels (4-5, 5-8, 8-10).
"""

from __future__ import annotations

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.curves import XYView, markers, series_look
from tracegen.kits.names import MONTHS, category_labels
from tracegen.kits.panels import legend_column
from tracegen.kits.ranking import clear_extreme
from tracegen.kits.sciplot import category_frame, place_interval

N_SERIES = {1: (3, 4), 2: (4, 5), 3: (5, 6)}
N_X = {1: (4, 5), 2: (5, 8), 3: (8, 10)}
MARGIN = {1: 5, 2: 4, 3: 3}
GAP = {1: 3.0, 2: 2.5, 3: 2.0}
VARIANTS = ("marker", "line", "line", "grouped")
WORDS = {"marker": "marker", "line": "line-and-marker", "grouped": "grouped-bar"}


def _weeks(rng, n):
    """``n`` weekly dates ("Jan12", "Jan19", ...)."""
    month, day = int(rng.integers(12)), int(rng.integers(1, 29))
    out = []
    for _ in range(n):
        out.append(f"{MONTHS[month]}{day:02d}")
        day += 7
        if day > 28:
            month, day = (month + 1) % 12, day - 28
    return out


class ErrorbarSeries(Scene):
    domain, scene_id, size = "charts", "errorbar_series", (1280, 820)
    fluid = True
    megapixels = (0.85, 1.3)
    description = ("Labelled series of central markers with vertical error bars over ordered x labels (markers, "
                   "lines or grouped bars); values are not printed.")

    def variant(self, state):
        return state["variant"]

    def sample(self, rng, difficulty):
        k = int(rng.integers(N_SERIES[difficulty][0], N_SERIES[difficulty][1] + 1))
        n = int(rng.integers(N_X[difficulty][0], N_X[difficulty][1] + 1))
        names = category_labels(rng, k, families=("surnames", "words", "coined", "topics"), max_len=9)
        xl = _weeks(rng, n) if rng.random() < 0.5 else category_labels(rng, n, families=("coined", "places", "codes"),
                                                                        max_len=6)
        centers = [[int(v) for v in rng.integers(18, 83, size=n)] for _ in range(k)]
        errors = [[int(v) for v in rng.integers(4, 13, size=n)] for _ in range(k)]
        return {"variant": VARIANTS[int(rng.integers(len(VARIANTS)))], "series": names, "x_labels": xl,
                "centers": centers, "errors": errors}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        names, xl, cen, err = state["series"], state["x_labels"], state["centers"], state["errors"]
        k, n = len(names), len(xl)
        kind = state["variant"]
        looks = [series_look(j) for j in range(k)]
        leg_w = max(c.text_width(s, size=14) for s in names) + 50
        x0, x1, y0, y1 = 70, W - leg_w - 40, 36, H - 56
        v = XYView(x0, y0, x1, y1, -0.5, n - 0.5, 0, 100)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper")
        step = {"sparse": 25, "normal": 20, "dense": 10}[c.style.density]
        category_frame(c, v, xl, range(0, 101, step), ids=[f"x:{i}" for i in range(n)])
        slot = (x1 - x0) / n
        dodge = slot * 0.72 / k
        for j, look in enumerate(looks):
            off = (j - (k - 1) / 2) * dodge
            pts = [(v.px(i, cen[j][i])[0] + off, v.px(i, cen[j][i])[1]) for i in range(n)]
            if kind == "grouped":
                base = v.px(0, 0)[1]
                for x, y in pts:
                    c.rect(x - dodge * 0.4, y, dodge * 0.8, base - y, fill=look.color, stroke="paper", lw=0.8)
            elif kind == "line":
                c.polyline(pts, color=look.color, lw=1.6, dash=look.dash)
            for i, (x, y) in enumerate(pts):
                top, bottom = v.px(i, cen[j][i] + err[j][i])[1], v.px(i, cen[j][i] - err[j][i])[1]
                bar_color = "ink" if kind == "grouped" else look.color
                c.line(x, top, x, bottom, color=bar_color, lw=2.0)
                cap = min(7.0, dodge * 0.35)
                c.line(x - cap, top, x + cap, top, color=bar_color, lw=2.0)
                c.line(x - cap, bottom, x + cap, bottom, color=bar_color, lw=2.0)
                c.register(f"bar:{j}:{i}", segment=((x, bottom), (x, top)))
                c.register(f"upper:{j}:{i}", point=(x, top))
                c.register(f"lower:{j}:{i}", point=(x, bottom))
            if kind != "grouped":
                markers(c, pts, look.shape, 9.0, fill=look.color, stroke="paper", lw=1.0)
        legend_column(c, W - leg_w - 20, y0 + 6, [(s, look.color) for s, look in zip(names, looks)], size=14,
                      draw_mark=lambda cv, j, x, y: cv.shape(looks[j].shape, x, y, 12.0, fill=looks[j].color,
                                                             stroke="paper", lw=1.0))


SCENE = ErrorbarSeries()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s):
    return (f"The chart is a scientific {WORDS[s['variant']]} chart with labelled series over ordered x-axis labels: "
            "each point has a central marker and a vertical error bar from its lower to its upper bound.")


def _series(q):
    return q.param("series", lambda r: int(r.integers(len(q.state["series"]))))


COUNTS = {1: range(0, 3), 2: range(0, 5), 3: range(1, 6)}


# ---------------------------------------------------------------------- tasks
@task("bound_extremum_x_label", answer="string", annotation="point", ops="ranking",
      queries=("highest_upper_bound_x_label", "lowest_lower_bound_x_label"))
def bound_extremum_x_label(q):
    s = q.state
    j = _series(q)
    upper = q.query_id == "highest_upper_bound_x_label"
    bounds = {i: (c + e if upper else c - e) for i, (c, e) in enumerate(zip(s["centers"][j], s["errors"][j]))}
    q.reads(*bounds.values())
    i = clear_extreme(q, bounds, largest=upper, margin=MARGIN[q.difficulty])
    q.step("bounds", series=j, bounds=bounds, chosen=i)
    what = "highest upper" if upper else "lowest lower"
    return q.answer(s["x_labels"][i], witnesses=f"{'upper' if upper else 'lower'}:{j}:{i}", examples=s["x_labels"],
                    question=(f"{_intro(s)} Looking only at series {quoted(s['series'][j])}, at which x-axis label "
                              f"does its error bar reach the {what} bound?"))


@task("same_x_interval_overlap_count", answer="integer", annotation="segment_set",
      ops="filtering,counting,comparison,spatial_relations")
def same_x_interval_overlap_count(q):
    t = q.target(COUNTS[q.difficulty], stratified=True)
    j = _series(q)
    i = q.param("x", lambda r: int(r.integers(len(q.state["x_labels"]))))
    gap = GAP[q.difficulty]

    def plant(s, r):
        k = len(s["series"])
        if t > k - 1:
            return s
        c, e = s["centers"][j][i], s["errors"][j][i]
        others = [m for m in range(k) if m != j]
        hits = set(int(m) for m in r.choice(others, size=t, replace=False))
        for m in others:
            centre = place_interval(r, c, e, s["errors"][m][i], overlap=m in hits, gap=gap, room=15.0)
            if centre is None:
                return s
            s["centers"][m][i] = centre
        return s

    s = q.edit(plant)
    cen, err = s["centers"], s["errors"]
    lo_j, hi_j = cen[j][i] - err[j][i], cen[j][i] + err[j][i]
    hits, ok = [], True
    for m in range(len(s["series"])):
        if m == j:
            continue
        lo_m, hi_m = cen[m][i] - err[m][i], cen[m][i] + err[m][i]
        depth = min(hi_j, hi_m) - max(lo_j, lo_m)           # > 0: overlap by that much; < 0: gap
        ok = ok and abs(depth) >= gap
        if depth > 0:
            hits.append(m)
    q.require(ok, "an error bar nearly touches the asked one")
    q.reads(lo_j, hi_j, *[cen[m][i] + sg * err[m][i] for m in range(len(cen)) if m != j for sg in (-1, 1)])
    q.balance(len(hits), COUNTS[q.difficulty])
    q.step("overlaps", series=j, x=i, interval=[lo_j, hi_j], kept=hits)
    return q.answer(len(hits), witnesses=[f"bar:{m}:{i}" for m in hits],
                    question=(f"{_intro(s)} At x-axis label {quoted(s['x_labels'][i])}, how many other series have "
                              f"error bars that overlap the error bar of {quoted(s['series'][j])}?"))
