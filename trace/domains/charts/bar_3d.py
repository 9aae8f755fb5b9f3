"""charts/bar_3d: a perspective 3D bar chart.  Categories run along the front axis; each series
is a row of shaded boxes one step deeper (and a bar width to the right) than the one before, so
no bar hides another; every bar carries its integer value label, and a legend names the
coloured series.  The walls carry a gridline at every labelled tick.

Tasks sum, difference and count those values per category or per series.  Difficulty grows the
series (3, 3-5, 5-6), the categories (3-4, 3-6, 6-7) and the value range (up to 30, 40, 60).
States whose bar tops or value labels would be covered by nearer bars are rejected.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.three_d import charts as c3
from tracegen.kits.curves import series_look
from tracegen.kits.names import category_labels
from tracegen.kits.panels import legend_column

N_SERIES = {1: (3, 3), 2: (3, 4, 4, 5), 3: (5, 6)}
N_CATS = {1: (3, 4), 2: (3, 4, 4, 5, 6), 3: (6, 7)}
RANGE = {1: (4, 28, 30, 10), 2: (5, 38, 40, 10), 3: (5, 58, 60, 10)}   # lo, hi value, axis top, tick step
W, H = 1120, 760
REGION = (80, 60, 900, 690)
BW, BD, DX, DY, GAP = 0.62, 0.62, 0.92, 1.0, 1.6
RELS = {"below": lambda v, t: v < t, "at least": lambda v, t: v >= t, "above": lambda v, t: v > t}


def box_size(state):
    n_s, n_c = len(state["series"]), len(state["categories"])
    wc = n_s * DX + GAP
    X = n_c * wc + 0.2
    Y = n_s * DY + 0.3
    return X, Y, max(4.0, 0.42 * X)


def bars(state):
    """World boxes (series-major: index k * n_c + i) with their value texts."""
    X, Y, Z = box_size(state)
    n_s = len(state["series"])
    wc = n_s * DX + GAP
    out = []
    for k, row in enumerate(state["values"]):
        for i, v in enumerate(row):
            out.append({"x": GAP / 2 + 0.1 + i * wc + k * DX, "y": 0.2 + k * DY, "w": BW, "d": BD,
                        "h": v / state["top"] * Z, "text": str(v)})
    return out


def geometry(state):
    box = box_size(state)
    cam = c3.fit_camera(box, REGION, state["az"], state["el"])
    bs = bars(state)
    geo, order = c3.bar_layout(cam, bs)
    return cam, box, bs, geo, order


def readable(state) -> bool:
    _, _, _, geo, order = geometry(state)
    return c3.bars_readable(geo, order, bounds=(20, 20, 1100, 740))


class Bar3D(Scene):
    domain, scene_id, size = "charts", "bar_3d", (W, H)
    megapixels = (0.72, 0.9)
    aspect_pad = 0.1
    description = ("A perspective 3D bar chart: categories on the front axis, one row of shaded boxes per coloured "
                   "series, integer value labels on the bars and a legend.")

    def sample(self, rng, difficulty):
        n_s = int(rng.choice(N_SERIES[difficulty]))
        n_c = int(rng.choice(N_CATS[difficulty]))
        lo, hi, top, step = RANGE[difficulty]
        series = category_labels(rng, n_s, families=("places", "surnames"), max_len=8)
        cats = category_labels(rng, n_c, families=("fiscal_years", "months", "codes"), max_len=5, ordered=True)
        for _ in range(200):
            state = {"series": series, "categories": cats,
                     "values": [[int(v) for v in rng.integers(lo, hi + 1, size=n_c)] for _ in range(n_s)],
                     "lo": lo, "hi": hi, "top": top, "step": step,
                     "az": round(float(rng.uniform(-80, -72)), 2), "el": round(float(rng.uniform(18, 26)), 2)}
            if readable(state):
                return state
        return state

    def render(self, c, state, params):
        cam, box, bs, geo, order = geometry(state)
        n_s, n_c = len(state["series"]), len(state["categories"])
        ticks = list(range(0, state["top"] + 1, state["step"]))
        c3.draw_axis_box(c, cam, box, ticks, scale=box[2] / state["top"])
        wc = n_s * DX + GAP
        for i, name in enumerate(state["categories"]):
            x0, x1 = GAP / 2 + 0.1 + i * wc, GAP / 2 + 0.1 + i * wc + (n_s - 1) * DX
            y1 = 0.2 + (n_s - 1) * DY + BD
            tile = c3.proj(cam, [(x0 - 0.18, 0.04, 0), (x0 + BW + 0.18, 0.04, 0), (x1 + BW + 0.18, y1 + 0.12, 0),
                                 (x1 - 0.18, y1 + 0.12, 0)])
            c.polygon(tile, fill="background", stroke="grid", lw=1.2)
            (p,) = c3.proj(cam, [((x0 + x1 + BW) / 2, 0, 0)])
            c.text(p[0], p[1] + 18, name, size=14, id=f"cat:{i}")
        colors = [series_look(k, shapes=False).color for k in range(n_s) for _ in range(n_c)]
        ids = [f"bar:{k}:{i}" for k in range(n_s) for i in range(n_c)]
        c3.draw_bars(c, cam, bs, geo, order, colors, ids)
        pair = params.get("pair")
        if pair:                         # the compared pair of bars at each category (annotation only)
            a, b = pair
            for i in range(n_c):
                pa, pb = geo[a * n_c + i]["point"], geo[b * n_c + i]["point"]
                c.register(f"link:{i}", segment=(pa, pb))
        leg_w = 60 + max(c.text_width(s, size=14) for s in state["series"])
        lx = W - leg_w - 24
        c.rect(lx, 40, leg_w, 26 * n_s + 20, fill="panel", stroke="grid", lw=1.0)

        def swatch(cv, k, x, y):
            cv.rect(x - 8, y - 7, 16, 14, fill=series_look(k, shapes=False).color)

        legend_column(c, lx + 14, 50, [(s, series_look(k, shapes=False).color) for k, s in enumerate(state["series"])],
                      size=14, row_h=26, draw_mark=swatch)


SCENE = Bar3D()
task = SCENE.task
INTRO = ("The image shows a perspective 3D bar chart: categories along the front axis, one row of bars per coloured "
         "series named in the legend, and an integer value label above every bar. ")


# ---------------------------------------------------------------------- helpers
def _bar(s, k, i):
    return f"bar:{k}:{i}"


def _check(q, s):
    q.require(readable(s), "a bar or its label is hidden")


def _printed(s):
    return {v for row in s["values"] for v in row}


# ---------------------------------------------------------------------- tasks
@task("category_extremum_gap_value", answer="integer", annotation="point_map", ops="ranking,formula_evaluation",
      queries=("category_extremum_gap_value",))
def category_extremum_gap_value(q):
    s = q.state
    i = q.param("category", lambda r: int(r.integers(len(s["categories"]))))
    _check(q, s)
    col = [row[i] for row in s["values"]]
    hi_k, lo_k = col.index(max(col)), col.index(min(col))
    q.require(col.count(max(col)) == 1 and col.count(min(col)) == 1, "tied extreme")
    gap = max(col) - min(col)
    q.require(gap not in _printed(s), "gap equals a printed value")
    q.step("category_values", values=dict(zip(s["series"], col)))
    return q.answer(gap, witnesses={"highest": _bar(s, hi_k, i), "lowest": _bar(s, lo_k, i)},
                    question=(f"{INTRO}At category \"{s['categories'][i]}\", what is the highest series value minus "
                              "the lowest series value?"))


def _threshold(vals, rel, target):
    """A threshold making exactly ``target`` of ``vals`` satisfy ``rel`` (None when impossible)."""
    return [t for t in range(min(vals) - 3, max(vals) + 4) if sum(RELS[rel](v, t) for v in vals) == target
            and t not in vals]


def _threshold_count(q, s, values, names, bar, ask):
    """How many of ``values`` (one line of bars, named ``names``; bar j's id ``bar(j)``) satisfy a
    relation to a threshold chosen so that the count hits the target; ``ask(rel, t)`` the question."""
    rel = q.choice("relation", list(RELS))
    _check(q, s)
    vals = values()
    target = q.target(range(1, len(vals) + 1))
    cands = _threshold(vals, rel, target)
    q.require(bool(cands), "no threshold gives the target")
    t = q.param("threshold", lambda r: int(cands[int(r.integers(len(cands)))]))
    hits = [j for j, v in enumerate(vals) if RELS[rel](v, t)]
    q.require(len(hits) == target, "threshold misses the target")
    q.step("filter", kept=[names[j] for j in hits])
    return q.answer(len(hits), witnesses=[bar(j) for j in hits], question=INTRO + ask(rel, t))


@task("category_threshold_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison",
      queries=("category_threshold_count",))
def category_threshold_count(q):
    s = q.state
    i = q.param("category", lambda r: int(r.integers(len(s["categories"]))))
    return _threshold_count(q, s, lambda: [row[i] for row in s["values"]], s["series"], lambda k: _bar(s, k, i),
                            lambda rel, t: (f"At category \"{s['categories'][i]}\", how many of the series bars have "
                                            f"a value {rel} {t}?"))


def _two(q, n, name):
    return q.param(name, lambda r: sorted(int(x) for x in r.choice(n, size=2, replace=False)))


def _total_gap(q, s, groups, names, least, why, ask):
    """The absolute difference of the totals of two ``groups`` of bars ((series, category) pairs) named
    ``names``, at least ``least`` and not printed; ``ask`` the question's first sentence for the names."""
    _check(q, s)
    ta, tb = (sum(s["values"][k][i] for k, i in g) for g in groups)
    gap = abs(ta - tb)
    q.require(gap >= least and gap not in _printed(s), why)
    na, nb = names
    q.step("totals", totals={na: ta, nb: tb})
    return q.answer(gap, witnesses={n: [_bar(s, k, i) for k, i in g] for n, g in zip(names, groups)},
                    question=f"{INTRO}{ask.format(na, nb)} What is the absolute difference between the two totals?")


@task("category_total_gap_value", answer="integer", annotation="point_set_map", ops="aggregation,formula_evaluation",
      queries=("category_total_gap_value",))
def category_total_gap_value(q):
    s = q.state
    a, b = _two(q, len(s["categories"]), "categories")
    n_s = len(s["series"])
    return _total_gap(q, s, [[(k, i) for k in range(n_s)] for i in (a, b)], [s["categories"][i] for i in (a, b)],
                      1, "gap zero or printed", "Add up all series at category \"{}\" and at category \"{}\".")


@task("category_total_value", answer="integer", annotation="point_set", ops="aggregation",
      queries=("category_total_value",))
def category_total_value(q):
    s = q.state
    i = q.param("category", lambda r: int(r.integers(len(s["categories"]))))
    _check(q, s)
    col = [row[i] for row in s["values"]]
    q.require(sum(col) not in _printed(s), "total printed")
    q.step("category_values", values=dict(zip(s["series"], col)))
    return q.answer(sum(col), witnesses=[_bar(s, k, i) for k in range(len(col))],
                    question=f"{INTRO}What is the total of all series bars at category \"{s['categories'][i]}\"?")


@task("pairwise_comparison_count", answer="integer", annotation="segment_set", ops="filtering,counting,comparison",
      queries=("series_comparison_count",))
def pairwise_comparison_count(q):
    s = q.state
    n_c = len(s["categories"])
    a, b = q.param("pair", lambda r: [int(x) for x in r.choice(len(s["series"]), size=2, replace=False)])
    target = q.target(range(1, n_c + 1))

    def plant(st, r):
        va, vb = st["values"][a], st["values"][b]
        wins = set(int(x) for x in r.choice(n_c, size=target, replace=False))
        for i in range(n_c):
            x, y = sorted((va[i], vb[i]))
            if x == y:
                y = x + 1 if x < st["hi"] else x
                x = y - 1
            va[i], vb[i] = (y, x) if i in wins else (x, y)
        return st

    s = q.edit(plant)
    _check(q, s)
    va, vb = s["values"][a], s["values"][b]
    q.require(all(x != y for x, y in zip(va, vb)), "tie")
    wins = [i for i in range(n_c) if va[i] > vb[i]]
    q.step("wins", categories=[s["categories"][i] for i in wins])
    return q.answer(len(wins), witnesses=[f"link:{i}" for i in wins],
                    question=(f"{INTRO}In how many categories is the value of series \"{s['series'][a]}\" greater "
                              f"than that of series \"{s['series'][b]}\"?"))


@task("series_category_scope_total_value", answer="integer", annotation="point_set", ops="aggregation",
      queries=("series_total_value", "series_interval_total_value"))
def series_category_scope_total_value(q):
    s = q.state
    n_c = len(s["categories"])
    k = q.param("series", lambda r: int(r.integers(len(s["series"]))))
    _check(q, s)
    name = s["series"][k]
    if q.query_id == "series_interval_total_value":
        lo, hi = q.param("interval", lambda r: sorted(int(x) for x in r.choice(n_c, size=2, replace=False)))
        scope = list(range(lo, hi + 1))
        ask = (f"What is the total of series \"{name}\" over the categories from \"{s['categories'][lo]}\" to "
               f"\"{s['categories'][hi]}\", both included?")
    else:
        scope = list(range(n_c))
        ask = f"What is the total of series \"{name}\" over all categories?"
    total = sum(s["values"][k][i] for i in scope)
    q.require(total not in _printed(s), "total printed")
    q.step("scope", categories=[s["categories"][i] for i in scope])
    return q.answer(total, witnesses=[_bar(s, k, i) for i in scope], question=INTRO + ask)


@task("series_threshold_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison",
      queries=("series_threshold_count",))
def series_threshold_count(q):
    s = q.state
    k = q.param("series", lambda r: int(r.integers(len(s["series"]))))
    return _threshold_count(q, s, lambda: s["values"][k], s["categories"], lambda i: _bar(s, k, i),
                            lambda rel, t: (f"Across the categories, how many bars of series \"{s['series'][k]}\" "
                                            f"have a value {rel} {t}?"))


@task("series_total_gap_value", answer="integer", annotation="point_set_map", ops="aggregation,formula_evaluation",
      queries=("series_total_gap_value",))
def series_total_gap_value(q):
    s = q.state
    a, b = _two(q, len(s["series"]), "pair_series")
    n_c = len(s["categories"])
    return _total_gap(q, s, [[(k, i) for i in range(n_c)] for k in (a, b)], [s["series"][k] for k in (a, b)],
                      4, "gap small or printed", "Add up all categories of series \"{}\" and of series \"{}\".")
