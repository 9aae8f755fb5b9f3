"""charts/population_pyramid: a mirrored horizontal bar chart (population pyramid) -- one row per
age group (youngest at the bottom), the two legend series' bars growing left and right from a
shared zero line on the same positive scale.

Values are read off the mirrored axis (gridlines every 5 or 10 units, labels every 20) and
never printed (the reference prints them on the bars).  Every asked comparison clears a
margin (6, 4, 2 units by difficulty; sums of both sides half as much again); the
smallest-nonzero-gap question adds rows whose two bars are exactly equal.  Difficulty grows
the rows (10, 11-12, 13-14).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.charts import ValueScale, draw_fine_axis
from tracegen.kits.ranking import clear_extreme

N_ROWS = {1: (10, 10), 2: (11, 12), 3: (13, 14)}
GAP = {1: 6, 2: 4, 3: 2}
VLO, VHI = 5, 96
SIDES = (("Urban", "Rural"), ("Male", "Female"), ("Men", "Women"), ("Left cohort", "Right cohort"),
         ("North", "South"), ("Before", "After"), ("Domestic", "Foreign"), ("Employed", "Retired"),
         ("Owners", "Renters"), ("Coastal", "Inland"))
TITLES = ("Age Profile Comparison", "Population by Age Group", "Age Structure", "Cohort Pyramid")


def age_groups(rng, n):
    """``n`` age-group labels from the youngest: width 5 or 10 from a random starting age."""
    w = int(rng.choice([5, 5, 10])) if n <= 11 else 5
    start = int(rng.integers(0, 21))
    return [f"{start + k * w}-{start + k * w + w - 1}" for k in range(n)]


class PopulationPyramid(Scene):
    domain, scene_id, size = "charts", "population_pyramid", (1040, 900)
    fluid = True
    megapixels = (0.8, 1.3)
    description = ("A population pyramid: one row per age group, two series' bars mirrored left and right of a "
                   "shared zero line on the same scale; values are read off the axis, not printed.")

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_ROWS[difficulty][0], N_ROWS[difficulty][1] + 1))
        sides = SIDES[int(rng.integers(len(SIDES)))]
        if rng.random() < 0.5:
            sides = sides[::-1]
        return {"title": TITLES[int(rng.integers(len(TITLES)))], "sides": list(sides), "groups": age_groups(rng, n),
                "left": [int(v) for v in rng.integers(VLO, VHI + 1, size=n)],
                "right": [int(v) for v in rng.integers(VLO, VHI + 1, size=n)]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        groups, n = state["groups"], len(state["groups"])
        fs = 14.0
        lab_w = max(c.text_width(g, size=fs) for g in groups) + 16
        c.text(36, 30, state["title"], size=21, anchor="l")
        x0, x1, y0, y1 = 28 + lab_w + 12, W - 34, 92, H - 54
        mid = (x0 + x1) / 2
        colors = ("series:0", "series:1")
        for k, name in enumerate(state["sides"]):
            cx = mid + (-1 if k == 0 else 1) * (x1 - x0) / 4
            tw = c.text_width(name, size=fs)
            c.rect(cx - tw / 2 - 26, 60, 18, 14, fill=colors[k], stroke="muted", lw=0.8)
            c.text(cx - tw / 2, 67, name, size=fs, anchor="l", id=f"legend:{k}")
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper", stroke="grid", lw=1.0)
        unit = {"sparse": 10, "normal": 10, "dense": 5}[c.style.density]
        scales = [ValueScale(0, 100, mid, x, unit, 20) for x in (x0 + 6, x1 - 6)]
        for sc in scales:
            draw_fine_axis(c, sc, vertical=False, cross0=y0, cross1=y1)
        row_h = (y1 - y0) / n
        bh = row_h * 0.66
        for i, g in enumerate(groups):
            yc = y1 - (i + 0.5) * row_h
            ends = []
            for k, side in enumerate(("left", "right")):
                end = scales[k].pos(state[side][i])
                a, b = min(mid, end), max(mid, end)
                c.rect(a, yc - bh / 2, b - a, bh, fill=colors[k], stroke="muted", lw=0.8, id=f"bar:{side}:{i}")
                ends.append(end)
            c.register(f"row:{i}", box=(ends[0], yc - bh / 2, ends[1], yc + bh / 2))
            c.text(28 + lab_w / 2, yc, g, size=fs, kind="tick", id=f"label:{i}")
        c.line(mid, y0, mid, y1, color="ink", lw=1.6)
        c.line(x0, y1, x1, y1, color="ink", lw=1.4)


SCENE = PopulationPyramid()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s) -> str:
    a, b = s["sides"]
    return (f"The figure is a mirrored horizontal bar chart (population pyramid) with one row per age group. The "
            f"\"{a}\" bars grow to the left and the \"{b}\" bars to the right of the centre line, both on the same "
            "positive scale; values are read off the axis.")


def _side(q):
    return "left" if q.query_id.startswith("left") else "right"


def _name(s, side):
    return s["sides"][0 if side == "left" else 1]


def _clamp(v):
    return int(min(VHI, max(VLO, v)))


def _gaps(s):
    return [abs(a - b) for a, b in zip(s["left"], s["right"])]


# ---------------------------------------------------------------------- tasks
COUNTS = range(4, 11)


@task("age_group_threshold_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison",
      queries=("left_side_at_least_threshold_count", "left_side_at_most_threshold_count",
               "right_side_at_least_threshold_count", "right_side_at_most_threshold_count",
               "combined_total_at_least_threshold_count", "combined_total_at_most_threshold_count"))
def age_group_threshold_count(q):
    t = q.target(COUNTS, stratified=True)
    at_least = "at_least" in q.query_id
    metric = q.query_id.split("_")[0]                      # left, right or combined
    n = len(q.state["groups"])
    q.require(t <= n, "more rows asked than drawn")
    g = GAP[q.difficulty] * 3 // 2 if metric == "combined" else GAP[q.difficulty]
    level = q.param("threshold", lambda r: int(r.integers(110, 151) if metric == "combined" else r.integers(30, 71)))
    hits = q.param("rows", lambda r: sorted(int(i) for i in r.choice(n, size=t, replace=False)))

    def plant(s, r):
        for i in range(n):
            above = (i in hits) == at_least
            if metric == "combined":
                total = min(2 * VHI - 6, max(2 * VLO + 6, level + int(r.integers(g, 60)) * (1 if above else -1)))
                a = int(r.integers(max(VLO, total - VHI), min(VHI, total - VLO) + 1))
                s["left"][i], s["right"][i] = a, total - a
            else:
                v = level + int(r.integers(g, 40)) * (1 if above else -1)
                s[metric][i] = _clamp(v)
        return s

    s = q.edit(plant)
    vals = ([a + b for a, b in zip(s["left"], s["right"])] if metric == "combined" else s[metric])
    q.reads(*(s["left"] + s["right"] if metric == "combined" else vals))
    q.require(all(abs(v - level) >= g for v in vals), "a value too close to the threshold")
    kept = [i for i, v in enumerate(vals) if (v >= level if at_least else v <= level)]
    rel = "at least" if at_least else "at most"
    what = (f"the sum of \"{s['sides'][0]}\" and \"{s['sides'][1]}\"" if metric == "combined"
            else f"the \"{_name(s, metric)}\" value")
    q.step("filter", metric=metric, relation=rel, threshold=level, kept=[s["groups"][i] for i in kept])
    return q.answer(len(kept), witnesses=[f"row:{i}" for i in kept],
                    question=f"{_intro(s)} How many age groups have {what} {rel} {level}?")


SIDE_COUNTS = range(2, 10)


@task("dominant_side_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison",
      queries=("left_side_greater_count", "right_side_greater_count"))
def dominant_side_count(q):
    t = q.target(SIDE_COUNTS, stratified=True)
    side = _side(q)
    other = "right" if side == "left" else "left"
    n = len(q.state["groups"])
    g = GAP[q.difficulty]
    hits = q.param("rows", lambda r: sorted(int(i) for i in r.choice(n, size=t, replace=False)))

    def plant(s, r):
        for i in range(n):
            lo, hi = sorted((s[side][i], s[other][i]))
            if hi - lo < g:
                lo, hi = (lo, lo + g) if lo + g <= VHI else (hi - g, hi)
            s[side][i], s[other][i] = (hi, lo) if i in hits else (lo, hi)
        return s

    s = q.edit(plant)
    q.reads(*s["left"], *s["right"])
    q.require(all(d >= g for d in _gaps(s)), "two bars too close")
    kept = [i for i in range(n) if s[side][i] > s[other][i]]
    a, b = _name(s, side), _name(s, other)
    q.step("compare_sides", greater=a, rows=[s["groups"][i] for i in kept])
    return q.answer(len(kept), witnesses=[f"row:{i}" for i in kept],
                    question=f"{_intro(s)} For how many age groups is the \"{a}\" value greater than the \"{b}\" "
                             "value?")


@task("side_gap_extremum_label", answer="string", annotation="bbox", ops="ranking,formula_evaluation",
      queries=("largest_side_gap_label", "smallest_nonzero_side_gap_label"))
def side_gap_extremum_label(q):
    largest = q.query_id.startswith("largest")
    n = len(q.state["groups"])
    g = GAP[q.difficulty]
    w = q.param("winner", lambda r: int(r.integers(n)))
    zeros = q.param("equal_rows", lambda r: [] if largest or q.difficulty == 1 else
                    sorted(int(i) for i in r.choice([i for i in range(n) if i != w], size=int(r.integers(1, 3)),
                                                    replace=False)))

    def plant(s, r):
        small = int(r.integers(g + 1, 2 * g + 4))
        for i in range(n):
            if i in zeros:
                gp = 0
            elif i == w:
                gp = int(r.integers(45, 70)) if largest else small
            else:
                gp = int(r.integers(small + g, 40)) if not largest else int(r.integers(g, 40))
            base = int(r.integers(VLO, VHI - gp + 1))
            s["left"][i], s["right"][i] = (base + gp, base) if r.random() < 0.5 else (base, base + gp)
        return s

    s = q.edit(plant)
    q.reads(*s["left"], *s["right"])
    gaps = {i: d for i, d in enumerate(_gaps(s)) if largest or d > 0}
    best = clear_extreme(q, gaps, largest=largest, margin=g)
    q.require(largest or gaps[best] >= g, "smallest gap too close to zero")
    word = "largest" if largest else "smallest nonzero"
    q.step("gaps", gaps={s["groups"][i]: d for i, d in enumerate(_gaps(s))}, chosen=s["groups"][best])
    return q.answer(s["groups"][best], witnesses=f"row:{best}", examples=s["groups"],
                    question=f"{_intro(s)} Rank the age groups by the absolute difference between their two side "
                             f"values. Which age group has the {word} difference?")


@task("side_value_extremum_label", answer="string", annotation="bbox", ops="ranking",
      queries=("left_side_largest_value_label", "left_side_smallest_value_label", "right_side_largest_value_label",
               "right_side_smallest_value_label"))
def side_value_extremum_label(q):
    side = _side(q)
    largest = "largest" in q.query_id
    n = len(q.state["groups"])
    g = GAP[q.difficulty]
    w = q.param("winner", lambda r: int(r.integers(n)))

    def plant(s, r):
        row = s[side]
        if largest:
            row[w] = int(r.integers(80, VHI + 1))
            s[side] = [v if i == w else min(v, row[w] - g - int(r.integers(0, 6))) for i, v in enumerate(row)]
        else:
            row[w] = int(r.integers(VLO, 20))
            s[side] = [v if i == w else max(v, row[w] + g + int(r.integers(0, 6))) for i, v in enumerate(row)]
        return s

    s = q.edit(plant)
    vals = dict(enumerate(s[side]))
    q.reads(*vals.values())
    best = clear_extreme(q, vals, largest=largest, margin=g)
    word = "largest" if largest else "smallest"
    q.step("rank_side", side=_name(s, side), chosen=s["groups"][best])
    return q.answer(s["groups"][best], witnesses=f"bar:{side}:{best}", examples=s["groups"],
                    question=f"{_intro(s)} Which age group has the {word} \"{_name(s, side)}\" value?")
