"""charts/parallel_coords: named profiles drawn as polylines across vertical metric axes that
share one integer scale (larger values higher), each profile labelled at both ends.

Values are whole units on a scale with a faint gridline at every unit and are never printed;
on every axis the profiles take distinct values, so no two lines touch on an axis and every
crossing between two adjacent axes is a clean X.  Tasks look at one adjacent pair of axes:
the crossings between them, profiles above or below a marked threshold on both, and the
largest change from one to the other (the winner clear of the runner-up by 3, 2 or 1 units).
Difficulty grows the profiles (4-5, 5-8, 8-10) and the axes (3-4, 4-6, 6-7).
"""

from __future__ import annotations

import math

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.charts import ValueScale, draw_fine_axis
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color
from tracegen.kits.ranking import clear_extreme

N_PROFILES = {1: (4, 5), 2: (5, 8), 3: (8, 10)}
N_AXES = {1: (3, 4), 2: (4, 6), 3: (6, 7)}
LO, HI = 0, 20
MARGIN = {1: 3, 2: 2, 3: 1}
METRICS = ("Speed", "Cost", "Quality", "Range", "Comfort", "Safety", "Uptime", "Yield", "Reach", "Growth", "Margin",
           "Score", "Volume", "Stamina", "Power", "Focus", "Accuracy", "Latency", "Storage", "Battery", "Weight",
           "Noise", "Service", "Value", "Loyalty", "Output", "Demand", "Supply", "Risk", "Balance")
TITLES = ("Profile Comparison", "Option Profiles", "Metric Profiles", "Candidate Scores", "Multi-metric Review")
INTRO = ("The chart is a parallel-coordinates plot: each coloured profile line is labelled at both ends and crosses "
         "the vertical metric axes, which share one scale (larger values higher).")


class ParallelCoords(Scene):
    domain, scene_id, size = "charts", "parallel_coords", (1180, 760)
    fluid = True
    megapixels = (0.75, 1.15)
    description = ("Named profiles drawn as polylines across vertical metric axes sharing one scale, labelled at both "
                   "ends; values are not printed.")

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_PROFILES[difficulty][0], N_PROFILES[difficulty][1] + 1))
        k = int(rng.integers(N_AXES[difficulty][0], N_AXES[difficulty][1] + 1))
        labels = category_labels(rng, n, families=("coined", "coined", "places", "surnames"), max_len=8)
        axes = [METRICS[int(i)] for i in rng.choice(len(METRICS), size=k, replace=False)]
        cols = [[int(v) for v in rng.choice(range(LO + 1, HI + 1), size=n, replace=False)] for _ in range(k)]
        return {"labels": labels, "axes": axes, "values": [[cols[a][i] for a in range(k)] for i in range(n)],
                "title": TITLES[int(rng.integers(len(TITLES)))]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        labels, axes, vals = state["labels"], state["axes"], state["values"]
        n, k = len(labels), len(axes)
        fs = 13.0
        lab_w = max(c.text_width(s, size=fs) for s in labels) + 30
        x0, x1, y0, y1 = 64 + lab_w, W - lab_w - 24, 70, H - 64
        left = c.style.accent % 2 == 0
        c.text(24 if left else W / 2, 30, state["title"], size=19, bold=True, anchor="l" if left else "c")
        sc = ValueScale(LO, HI, y1, y0, 1, 5 if c.style.density != "dense" else 2)
        xs = [x0 + (x1 - x0) * a / (k - 1) for a in range(k)]
        draw_fine_axis(c, sc, vertical=True, cross0=x0, cross1=x1)
        for a, name in enumerate(axes):
            c.line(xs[a], y0, xs[a], y1, color="ink", lw=2.0)
            c.text(xs[a], y1 + 24, name, size=14, bold=True, id=f"axis:{a}")
        colors = [category_color(c, i) for i in range(n)]
        for i in range(n):
            pts = [(xs[a], sc.pos(v)) for a, v in enumerate(vals[i])]
            c.polyline(pts, color=colors[i], lw=2.4)
            for a in range(k - 1):
                c.register(f"seg:{i}:{a}", segment=(pts[a], pts[a + 1]))
            for px, py in pts:
                c.circle(px, py, 4.0, fill=colors[i], stroke="paper", lw=1.0)
            c.line(xs[0] - 44, pts[0][1], xs[0] - 32, pts[0][1], color=colors[i], lw=3.0)
            c.line(xs[-1] + 4, pts[-1][1], xs[-1] + 14, pts[-1][1], color=colors[i], lw=3.0)
            c.text(xs[0] - 48, pts[0][1], labels[i], size=fs, anchor="r", id=f"label:{i}")
            c.text(xs[-1] + 18, pts[-1][1], labels[i], size=fs, anchor="l")
        for a in range(k - 1):
            for i, j, t, v in crossings(vals, a):
                c.register(f"cross:{a}:{i}-{j}", point=(xs[a] + t * (xs[a + 1] - xs[a]), sc.pos(v)))
        mark = params.get("threshold")
        if mark is not None:
            a = params["axis"]
            py = sc.pos(mark)
            c.line(xs[a] - 22, py, xs[a + 1] + 22, py, color="ink", lw=1.6, dash=[7.0, 4.0])
            for x in (xs[a], xs[a + 1]):
                c.rect(x - 6, py - 3, 12, 6, fill="ink")
            mid, tag = (xs[a] + xs[a + 1]) / 2, f"T = {mark}"
            w = c.text_width(tag, size=13, bold=True) + 12
            c.rect(mid - w / 2, py - 11, w, 22, fill="paper", stroke="ink", lw=1.2)
            c.text(mid, py, tag, size=13, bold=True, kind="tick")


SCENE = ParallelCoords()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def crossings(vals, a):
    """[(i, j, t, value)]: profiles i < j whose segments between axes a and a + 1 cross, at
    fraction t of the way and at that value."""
    out = []
    for i in range(len(vals)):
        for j in range(i + 1, len(vals)):
            d0, d1 = vals[i][a] - vals[j][a], vals[i][a + 1] - vals[j][a + 1]
            if d0 * d1 < 0:
                t = d0 / (d0 - d1)
                out.append((i, j, t, vals[i][a] + t * (vals[i][a + 1] - vals[i][a])))
    return out


def _axis(q):
    return q.param("axis", lambda r: int(r.integers(len(q.state["axes"]) - 1)))


def _pair(s, a):
    return f"{quoted(s['axes'][a])} and {quoted(s['axes'][a + 1])}"


def _inversions(r, n, t):
    """A random order of range(n) with exactly ``t`` inversions (Lehmer code digits)."""
    caps = [n - 1 - i for i in range(n)]
    digits = [0] * n
    left = t
    while left:
        i = int(r.integers(n))
        if digits[i] < caps[i]:
            digits[i] += 1
            left -= 1
    pool, order = list(range(n)), []
    for d in digits:
        order.append(pool.pop(d))
    return order


CROSSINGS = {1: range(1, 4), 2: range(1, 7), 3: range(3, 10)}


# ---------------------------------------------------------------------- tasks
@task("all_crossings_between_adjacent_axes", answer="integer", annotation="point_set",
      ops="filtering,counting,spatial_relations")
def all_crossings_between_adjacent_axes(q):
    t = q.target(CROSSINGS[q.difficulty], stratified=True)
    a = _axis(q)

    def plant(s, r):
        vals, n = s["values"], len(s["values"])
        if t > n * (n - 1) // 2:
            return s
        by_left = sorted(range(n), key=lambda i: vals[i][a])           # lowest first on axis a
        right = sorted(v[a + 1] for v in vals)
        for rank, pos in enumerate(_inversions(r, n, t)):
            vals[by_left[pos]][a + 1] = right[rank]
        return s

    s = q.edit(plant)
    cross = crossings(s["values"], a)
    q.balance(len(cross), CROSSINGS[q.difficulty])
    for u in range(len(cross)):            # no two crossings drawn on top of each other
        for w in range(u + 1, len(cross)):
            q.require(math.hypot(7 * (cross[u][2] - cross[w][2]), cross[u][3] - cross[w][3]) >= 0.5,
                      "two crossings nearly coincide")
    q.step("crossings", axes=[a, a + 1], pairs=[[i, j] for i, j, _, _ in cross])
    return q.answer(len(cross), witnesses=[f"cross:{a}:{i}-{j}" for i, j, _, _ in cross],
                    question=(f"{INTRO} Between the adjacent axes {_pair(s, a)}, how many crossing points do the "
                              "profile lines make with each other (each crossing pair counted once)?"))


CONDITION_COUNTS = {1: range(1, 4), 2: range(1, 6), 3: range(2, 8)}
PATTERNS = {"above_on_both_axes": (1, 1), "below_on_both_axes": (-1, -1), "above_on_one_below_on_other": (1, -1)}


@task("axis_condition_count", answer="integer", annotation="segment_set",
      ops="filtering,counting,comparison,logical_composition",
      queries=("above_on_both_axes", "below_on_both_axes", "above_on_one_below_on_other"))
def axis_condition_count(q):
    t = q.target(CONDITION_COUNTS[q.difficulty], stratified=True)
    a = _axis(q)
    want = PATTERNS[q.query_id]
    thr = q.param("threshold", lambda r: int(r.integers(6, 15)))

    def plant(s, r):
        vals, n = s["values"], len(s["values"])
        if t > n:
            return s
        others = [p for p in ((1, 1), (-1, -1), (1, -1), (-1, 1)) if p != want]
        chosen = set(int(i) for i in r.choice(n, size=t, replace=False))
        pats = [want if i in chosen else others[int(r.integers(len(others)))] for i in range(n)]
        for side in (0, 1):
            up = [i for i in range(n) if pats[i][side] > 0]
            down = [i for i in range(n) if pats[i][side] < 0]
            if len(up) > HI - thr or len(down) > thr - LO - 1:
                return s
            hi_vals = r.choice(range(thr + 1, HI + 1), size=len(up), replace=False)
            lo_vals = r.choice(range(LO + 1, thr), size=len(down), replace=False)
            for i, v in zip(up + down, list(hi_vals) + list(lo_vals)):
                vals[i][a + side] = int(v)
        return s

    s = q.edit(plant)
    vals = s["values"]
    q.reads(*[v[a] for v in vals], *[v[a + 1] for v in vals])

    def side(v):
        return 1 if v > thr else -1 if v < thr else 0

    hits = [i for i, v in enumerate(vals) if (side(v[a]), side(v[a + 1])) == want]
    q.balance(len(hits), CONDITION_COUNTS[q.difficulty])
    q.require(all(v[a] != thr and v[a + 1] != thr for v in vals), "a profile sits on the threshold")
    first, second = (quoted(s["axes"][a]), quoted(s["axes"][a + 1]))
    cond = {"above_on_both_axes": f"above {thr} on both {first} and {second}",
            "below_on_both_axes": f"below {thr} on both {first} and {second}",
            "above_on_one_below_on_other": f"above {thr} on {first} and below {thr} on {second}"}[q.query_id]
    q.step("filter", axes=[a, a + 1], threshold=thr, kept=hits)
    return q.answer(len(hits), witnesses=[f"seg:{i}:{a}" for i in hits],
                    question=(f"{INTRO} A reference line marks the threshold T = {thr} across the adjacent axes "
                              f"{_pair(s, a)}. How many profiles are {cond}?"))


@task("axis_delta_extremum_label", answer="string", annotation="segment", ops="ranking,formula_evaluation",
      queries=("largest_increase_between_axes", "largest_decrease_between_axes",
               "largest_absolute_change_between_axes"))
def axis_delta_extremum_label(q):
    s = q.state
    a = _axis(q)
    vals = s["values"]
    q.reads(*[v[a] for v in vals], *[v[a + 1] for v in vals])
    change = {i: v[a + 1] - v[a] for i, v in enumerate(vals)}
    if q.query_id == "largest_increase_between_axes":
        score, what = change, "increases the most from"
    elif q.query_id == "largest_decrease_between_axes":
        score, what = {i: -d for i, d in change.items()}, "decreases the most from"
    else:
        score, what = {i: abs(d) for i, d in change.items()}, "changes the most (ignoring direction) from"
    best = clear_extreme(q, score, largest=True, margin=MARGIN[q.difficulty])
    q.require(score[best] > 0, "no profile changes that way")
    q.step("changes", axes=[a, a + 1], change={s["labels"][i]: d for i, d in change.items()}, winner=best)
    return q.answer(s["labels"][best], witnesses=f"seg:{best}:{a}", examples=s["labels"],
                    question=(f"{INTRO} Which profile {what} axis {quoted(s['axes'][a])} to the adjacent axis "
                              f"{quoted(s['axes'][a + 1])}?"))
