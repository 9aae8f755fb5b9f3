"""charts/curve_panels: small multiples of line plots -- the same methods (legend at the top)
plotted in every panel over shared x positions, a marker at each x.

Values are read off each panel's y axis (0-100, labelled every 20-50 with faint gridlines every
10); no value is printed.  Threshold questions draw the asked level as a dashed guide.
Difficulty grows panels (4, 5-6, 6-8), methods (4-5, 5-6, 7-8) and x positions (7, 9, 11)
and shrinks the margin by which the answer beats the runner-up (8, 5, 3 value units).
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.curves import (XYView, draw_frame, draw_series, guide, intersections, legend_mark,
                                  level_crossings, series_look, sided, sign_pattern, walk)
from tracegen.kits.names import category_labels
from tracegen.kits.panels import grid_boxes, grid_shape, legend, panel_card, panel_labels
from tracegen.kits.ranking import clear_extreme

N_PANELS = {1: (4, 4), 2: (5, 6), 3: (6, 8)}
N_METHODS = {1: (4, 5), 2: (5, 6), 3: (7, 8)}
N_X = {1: 7, 2: 9, 3: 11}
X_STEPS = (5, 6, 9, 10, 12)
GAP = {1: 8, 2: 5, 3: 3}
LEVELS = tuple(range(25, 80, 5))
UNANSWERABLE_EVERY = 12
YMAX = 100



class CurvePanels(Scene):
    domain, scene_id, size = "charts", "curve_panels", (1120, 860)
    fluid = True
    megapixels = (1.0, 1.6)
    description = ("Small multiples of line plots: the same methods plotted in every titled panel over shared x "
                   "positions, read off each panel's y axis (values are not printed).")

    def canvas_size(self, state):
        n = len(state["panels"])
        rows, cols = grid_shape(n)
        return (cols * 370 + 40, rows * 330 + 90)

    def sample(self, rng, difficulty):
        n_p = int(rng.integers(N_PANELS[difficulty][0], N_PANELS[difficulty][1] + 1))
        n_m = int(rng.integers(N_METHODS[difficulty][0], N_METHODS[difficulty][1] + 1))
        n_x = N_X[difficulty]
        step = int(rng.choice(X_STEPS))
        values = [[walk(rng, n_x, 6, 94, step=14) for _ in range(n_m)] for _ in range(n_p)]
        return {"panels": panel_labels(rng, n_p),
                "methods": category_labels(rng, n_m, families=("surnames", "places", "words")),
                "xs": [step * i for i in range(n_x)], "values": values, "missing": []}

    # ------------------------------------------------------------------ drawing
    def claims(self, state, params):
        """Threshold prompts name "the dashed line" of a panel: the level's guide."""
        if params.get("level") is None:
            return []
        return [Claim(f"guide:{p}", "line", "dashed")
                for p in params.get("level_panels", range(len(state["panels"])))]

    def render(self, c, state, params):
        W, H = c.width, c.height
        panels, methods, xs, vals = state["panels"], state["methods"], state["xs"], state["values"]
        looks = [series_look(k) for k in range(len(methods))]
        missing = {tuple(pm) for pm in state["missing"]}
        bottom = legend(c, 24, 8, W - 24, [(m, looks[k].color) for k, m in enumerate(methods)], size=14,
                        draw_mark=lambda cv, k, x, y: legend_mark(cv, looks[k], x + 3, y),
                        ids=[f"legend:{k}" for k in range(len(methods))])
        boxes = grid_boxes((14, bottom + 6, W - 14, H - 10), len(panels), grid_shape(len(panels))[1], gap=16)
        step = xs[1] - xs[0]
        every = {"sparse": 4, "normal": 2, "dense": 2}[c.style.density]
        ystep = {"sparse": 50, "normal": 25, "dense": 20}[c.style.density]
        level, crossers, pair = params.get("level"), params.get("crossers", []), params.get("pair")
        guided = params.get("level_panels", list(range(len(panels))))
        for p, box in enumerate(boxes):
            x0, y0, x1, y1 = panel_card(c, box, panels[p], size=15, align="l" if c.style.accent % 2 else "c",
                                        id=f"panel:{p}", title_id=f"title:{p}")
            v = XYView(x0 + 34, y0 + 8, x1 - 6, y1 - 22, xs[0] - 0.3 * step, xs[-1] + 0.3 * step, 0, YMAX)
            draw_frame(c, v, xticks=xs[::every], yticks=range(0, YMAX + 1, ystep), minor=range(10, YMAX, 10))
            if level is not None and p in guided:
                guide(c, v, level, color="muted", id=f"guide:{p}")
            for m in range(len(methods)):
                if (p, m) in missing:
                    continue
                draw_series(c, v.pts(xs, vals[p][m]), looks[m], marker=8.5,
                            ids=[f"pt:{p}:{m}:{i}" for i in range(len(xs))])
                if level is not None and p in guided and m in crossers:
                    hits = [x for x, d in level_crossings(xs, vals[p][m], level) if d == params["dir"]]
                    if hits:
                        c.register(f"cross:{p}:{m}", point=v.px(hits[0], level),
                                   box=(*v.px(hits[0], level), *v.px(hits[0], level)))
            if pair is not None and pair[0] == p:
                for k, (x, y) in enumerate(intersections(xs, vals[p][pair[1]], vals[p][pair[2]])):
                    px, py = v.px(x, y)
                    c.register(f"xing:{k}", point=(px, py), box=(px, py, px, py))


SCENE = CurvePanels()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
INTRO = ("The figure shows {n} line-plot panels (subplots), each titled above its plot. Every panel plots the "
         "same methods, named in the legend at the top, with a marker at each x position; values are read off "
         "each panel's y axis.")


def _intro(s) -> str:
    return INTRO.format(n=len(s["panels"]))


def _index(q, name, n, lo=0):
    return q.param(name, lambda r: int(r.integers(lo, n)))




def _clear_level(st, m, level, panels, r, gap=2):
    """Keep every value of method m at least ``gap`` away from ``level`` (on its side)."""
    for p in panels:
        row = st["values"][p][m]
        for i, v in enumerate(row):
            if abs(v - level) < gap:
                side = (1 if v > level else -1) if v != level else (1 if r.random() < 0.5 else -1)
                row[i] = level + side * gap
    return st


# ---------------------------------------------------------------------- tasks
@task("cross_panel_delta_extremum_label", answer="string", annotation="point_map", ops="ranking,formula_evaluation",
      queries=("cross_panel_delta_extremum_label",))
def cross_panel_delta_extremum_label(q):
    s = q.state
    n_p, n_x, g = len(s["panels"]), len(s["xs"]), GAP[q.difficulty]
    m = _index(q, "method", len(s["methods"]))
    a = _index(q, "start", n_x - 2)
    b = _index(q, "end", n_x, a + 2)
    w = _index(q, "winner", n_p)
    hide = q.target(range(UNANSWERABLE_EVERY), stratified=True) == 0     # one instance in every 12
    gone = q.param("missing_panel", lambda r: int(r.integers(n_p)) if hide else -1)

    def plant(st, r):
        v = st["values"]
        best = max(v[p][m][b] - v[p][m][a] for p in range(n_p) if p != w)
        want = max(best, 0) + g + int(r.integers(0, 12))
        if v[w][m][a] + want <= YMAX - 2:
            v[w][m][b] = v[w][m][a] + want
        else:
            v[w][m][a] = v[w][m][b] - want
        if gone >= 0:
            st["missing"] = [[gone, m]]
        return st

    s = q.edit(plant)
    v = s["values"]
    q.require(all(2 <= v[p][m][i] <= YMAX - 2 for p in range(n_p) for i in (a, b)), "planted value off the axis")
    q.reads(*[v[p][m][i] for p in range(n_p) for i in (a, b)])
    deltas = {p: v[p][m][b] - v[p][m][a] for p in range(n_p)}
    best = clear_extreme(q, deltas, largest=True, margin=g)
    q.require(deltas[best] > 0, "no increase")
    xa, xb, name = s["xs"][a], s["xs"][b], s["methods"][m]
    q.step("increase_per_panel", method=name, deltas=deltas)
    if gone >= 0:
        answer, wit = "unanswerable", {"start_point": f"legend:{m}", "end_point": f"panel:{gone}"}
    else:
        answer, wit = s["panels"][best], {"start_point": f"pt:{best}:{m}:{a}", "end_point": f"pt:{best}:{m}:{b}"}
    return q.answer(answer, witnesses=wit, examples=s["panels"],
                    question=(f"{_intro(s)} For method \"{name}\", which subplot has the largest increase from "
                              f"x = {xa} to x = {xb}? If that method is not plotted in every subplot, treat the "
                              "question as unanswerable and set the answer to exactly \"unanswerable\"."))


@task("cross_panel_threshold_earliest_label", answer="string", annotation="point", ops="filtering,comparison,ranking",
      queries=("cross_panel_upward_threshold_earliest_label", "cross_panel_downward_threshold_earliest_label"))
def cross_panel_threshold_earliest_label(q):
    s = q.state
    n_p, n_x = len(s["panels"]), len(s["xs"])
    d = q.param("dir", lambda r: 1 if "upward" in q.query_id else -1)
    m = _index(q, "method", len(s["methods"]))
    q.param("crossers", lambda r: [m])
    level = q.param("level", lambda r: int(r.choice(LEVELS)))
    w = _index(q, "winner", n_p)
    k = _index(q, "segment", n_x // 3 + 1)

    def plant(st, r):
        row = st["values"][w][m]
        for i in range(k + 1):      # below (above) the level up to the crossing segment, then through it
            row[i] = min(row[i], level - 3) if d > 0 else max(row[i], level + 3)
        row[k + 1] = level + d * int(r.integers(4, 20))
        return _clear_level(st, m, level, range(n_p), r)

    s = q.edit(plant)
    v, xs = s["values"], s["xs"]
    q.reads(*[x for p in range(n_p) for x in v[p][m]])
    first = {}
    for p in range(n_p):
        hits = [x for x, dd in level_crossings(xs, v[p][m], level) if dd == d]
        if hits:
            first[p] = hits[0]
    q.require(len(first) >= 2, "fewer than two panels cross")
    best = clear_extreme(q, {p: -x for p, x in first.items()}, largest=True, margin=0.5 * (xs[1] - xs[0]))
    word = "upward" if d > 0 else "downward"
    q.step("first_crossing", level=level, direction=word, crossings=first)
    return q.answer(s["panels"][best], witnesses=f"cross:{best}:{m}", examples=s["panels"],
                    question=(f"{_intro(s)} The dashed line in each panel marks y = {level}. For method "
                              f"\"{s['methods'][m]}\", which subplot crosses {word} through y = {level} at the "
                              "smallest x value?"))


@task("curve_at_x_extremum_label", answer="string", annotation="point", ops="ranking",
      queries=("curve_at_x_extremum_label",))
def curve_at_x_extremum_label(q):
    s = q.state
    n_m, g = len(s["methods"]), GAP[q.difficulty]
    p = _index(q, "panel", len(s["panels"]))
    i = _index(q, "x_index", len(s["xs"]))
    w = _index(q, "winner", n_m)

    def plant(st, r):
        col = [st["values"][p][m][i] for m in range(n_m) if m != w]
        st["values"][p][w][i] = max(col) + g + int(r.integers(0, 8))
        return st

    s = q.edit(plant)
    v = s["values"][p]
    q.require(v[w][i] <= YMAX - 2, "planted value off the axis")
    q.reads(*[v[m][i] for m in range(n_m)])
    best = clear_extreme(q, {m: v[m][i] for m in range(n_m)}, largest=True, margin=g)
    q.step("values_at_x", x=s["xs"][i], values={s["methods"][m]: v[m][i] for m in range(n_m)})
    return q.answer(s["methods"][best], witnesses=f"pt:{p}:{best}:{i}", examples=s["methods"],
                    question=(f"{_intro(s)} At x = {s['xs'][i]} in subplot \"{s['panels'][p]}\", which method "
                              "reaches the largest value?"))


CROSSINGS = {1: range(0, 4), 2: range(0, 5), 3: range(2, 8)}   # level 2: the original's 0-4 crossings


@task("curve_intersection_count", answer="integer", annotation="point_set", ops="counting,spatial_relations",
      queries=("curve_intersection_count",))
def curve_intersection_count(q):
    s = q.state
    n_x, g = len(s["xs"]), GAP[q.difficulty]
    t = q.target(CROSSINGS[q.difficulty], stratified=True)
    p = _index(q, "panel", len(s["panels"]))
    a, b = q.param("methods", lambda r: sorted(int(k) for k in r.choice(len(s["methods"]), size=2, replace=False)))
    q.param("pair", lambda r: [p, a, b])

    def plant(st, r):
        signs = sign_pattern(r, n_x, t)
        mid = walk(r, n_x, 25, 75, step=10)
        gaps = walk(r, n_x, max(g, 4), 30, step=6)
        st["values"][p][a] = [mv + sg * (gp - gp // 2) for mv, sg, gp in zip(mid, signs, gaps)]
        st["values"][p][b] = [mv - sg * (gp // 2) for mv, sg, gp in zip(mid, signs, gaps)]
        return st

    s = q.edit(plant)
    va, vb = s["values"][p][a], s["values"][p][b]
    q.require(all(abs(x - y) >= max(g, 4) - 1 for x, y in zip(va, vb)), "curves too close")
    q.reads(*va, *vb)
    pts = intersections(s["xs"], va, vb)
    q.step("intersections", panel=s["panels"][p], points=pts)
    names = s["methods"]
    return q.answer(len(pts), witnesses=[f"xing:{k}" for k in range(len(pts))],
                    question=(f"{_intro(s)} How many crossing points are formed by the curves of \"{names[a]}\" "
                              f"and \"{names[b]}\" in subplot \"{s['panels'][p]}\"?"))


@task("earliest_maximum_panel_label", answer="string", annotation="point", ops="ranking",
      queries=("earliest_maximum_panel_label",))
def earliest_maximum_panel_label(q):
    s = q.state
    n_p, n_x, g = len(s["panels"]), len(s["xs"]), GAP[q.difficulty]
    m = _index(q, "method", len(s["methods"]))
    w = _index(q, "winner", n_p)
    k = _index(q, "peak", n_x - 2)

    def plant(st, r):
        for p in range(n_p):
            row = st["values"][p][m]
            at = k if p == w else int(r.integers(k + 1, n_x))
            top = int(r.integers(60, YMAX - 2))
            row[at] = top
            for i in range(n_x):
                if i != at and row[i] > top - g:
                    row[i] = top - g - int(r.integers(0, 12))
        return st

    s = q.edit(plant)
    v, xs = s["values"], s["xs"]
    q.reads(*[x for p in range(n_p) for x in v[p][m]])
    peaks = {}
    for p in range(n_p):
        row = v[p][m]
        top = max(row)
        q.require(sorted(row)[-2] <= top - g, "panel maximum not clear")
        peaks[p] = row.index(top)
    best = clear_extreme(q, {p: -i for p, i in peaks.items()}, largest=True, margin=1)
    q.step("argmax_per_panel", peaks={s["panels"][p]: xs[i] for p, i in peaks.items()})
    return q.answer(s["panels"][best], witnesses=f"pt:{best}:{m}:{peaks[best]}", examples=s["panels"],
                    question=(f"{_intro(s)} For method \"{s['methods'][m]}\", find where its maximum lies in each "
                              "subplot. Which subplot has its maximum at the earliest (smallest) x position?"))


@task("endpoint_rank_panel_label", answer="string", annotation="point", ops="ranking",
      queries=("start_highest_panel_label", "start_lowest_panel_label", "end_highest_panel_label",
               "end_lowest_panel_label"))
def endpoint_rank_panel_label(q):
    s = q.state
    n_p, g = len(s["panels"]), GAP[q.difficulty]
    start, high = q.query_id.startswith("start"), "highest" in q.query_id
    i = 0 if start else len(s["xs"]) - 1
    m = _index(q, "method", len(s["methods"]))
    w = _index(q, "winner", n_p)

    def plant(st, r):
        others = [st["values"][p][m][i] for p in range(n_p) if p != w]
        d = g + int(r.integers(0, 10))
        st["values"][w][m][i] = max(others) + d if high else min(others) - d
        return st

    s = q.edit(plant)
    v = s["values"]
    q.require(all(2 <= v[p][m][i] <= YMAX - 2 for p in range(n_p)), "planted value off the axis")
    q.reads(*[v[p][m][i] for p in range(n_p)])
    best = clear_extreme(q, {p: v[p][m][i] for p in range(n_p)}, largest=high, margin=g)
    which, word = "first" if start else "last", "highest" if high else "lowest"
    q.step("endpoint_values", endpoint=which, values={s["panels"][p]: v[p][m][i] for p in range(n_p)})
    return q.answer(s["panels"][best], witnesses=f"pt:{best}:{m}:{i}", examples=s["panels"],
                    question=(f"{_intro(s)} Compare the {which} marker of method \"{s['methods'][m]}\" across the "
                              f"subplots. In which subplot is it {word}?"))


@task("global_value_extremum_panel_label", answer="string", annotation="point", ops="ranking",
      queries=("overall_maximum_value_panel_label", "overall_minimum_value_panel_label"))
def global_value_extremum_panel_label(q):
    s = q.state
    n_p, n_m, n_x, g = len(s["panels"]), len(s["methods"]), len(s["xs"]), GAP[q.difficulty]
    high = "maximum" in q.query_id
    w = _index(q, "winner", n_p)

    def plant(st, r):      # the winner's own extreme point moves just past every other panel's
        rest = [x for p in range(n_p) if p != w for row in st["values"][p] for x in row]
        pick = max if high else min
        m, i = pick(((mm, ii) for mm in range(n_m) for ii in range(n_x)), key=lambda t: st["values"][w][t[0]][t[1]])
        sign = 1 if high else -1
        want = (max(rest) if high else min(rest)) + sign * (g + int(r.integers(0, 4)))
        if not 1 <= want <= YMAX - 1:      # no room past the others: pull their extremes back instead
            want = (YMAX - 1 if high else 1) - sign * int(r.integers(0, 3))
            for p in range(n_p):
                if p != w:
                    st["values"][p] = [[x if sign * (want - x) >= g else want - sign * (g + int(r.integers(0, 4)))
                                        for x in row] for row in st["values"][p]]
        st["values"][w][m][i] = want
        return st

    s = q.edit(plant)
    v = s["values"]
    q.require(all(1 <= x <= YMAX - 1 for row in v[w] for x in row), "planted value off the axis")
    allv = [x for p in range(n_p) for row in v[p] for x in row]
    q.reads(*allv)
    ext = {p: (max if high else min)(x for row in v[p] for x in row) for p in range(n_p)}
    best = clear_extreme(q, ext, largest=high, margin=g)
    spots = [(mm, ii) for mm in range(n_m) for ii in range(n_x) if v[best][mm][ii] == ext[best]]
    q.require(len(spots) == 1, "extreme value shown twice")
    word = "maximum" if high else "minimum"
    q.step("panel_extremes", kind=word, values={s["panels"][p]: e for p, e in ext.items()})
    return q.answer(s["panels"][best], witnesses=f"pt:{best}:{spots[0][0]}:{spots[0][1]}", examples=s["panels"],
                    question=(f"{_intro(s)} Across every subplot and method, which subplot contains the overall "
                              f"{word} marker value?"))


CROSSING_COUNTS = {1: range(1, 5), 2: range(2, 6), 3: range(3, 7)}   # equal widths: stratified targets spread evenly


@task("panel_curve_threshold_crossing_count", answer="integer", annotation="point_set",
      ops="filtering,counting,comparison",
      queries=("panel_curve_upward_threshold_crossing_count", "panel_curve_downward_threshold_crossing_count"))
def panel_curve_threshold_crossing_count(q):
    s = q.state
    n_m, n_x, g = len(s["methods"]), len(s["xs"]), GAP[q.difficulty]
    d = q.param("dir", lambda r: 1 if "upward" in q.query_id else -1)
    t = q.target(CROSSING_COUNTS[q.difficulty], stratified=True)
    q.require(t <= n_m, "more crossings than methods")
    p = _index(q, "panel", len(s["panels"]))
    q.param("level_panels", lambda r: [p])
    q.param("crossers", lambda r: list(range(n_m)))
    level = q.param("level", lambda r: int(r.choice(LEVELS)))
    chosen = q.param("crossing", lambda r: sorted(int(k) for k in r.choice(n_m, size=t, replace=False)))

    def plant(st, r):
        for m in range(n_m):
            if m in chosen:      # starts on the far side, so the first change goes through the level in d
                signs = sign_pattern(r, n_x, int(r.integers(1, 4)), first=-d)
            else:                # never crosses in d: one side, or a single crossing the other way
                ch = int(r.integers(0, 2))
                signs = sign_pattern(r, n_x, ch, first=d if ch else (1 if r.random() < 0.5 else -1))
            row = sided(r, signs, level, 2, YMAX - 2, gap=max(3, g - 2), spread=30)
            if row is None:
                return st
            st["values"][p][m] = row
        return st

    s = q.edit(plant)
    rows = s["values"][p]
    q.reads(*[x for row in rows for x in row])
    q.require(all(abs(x - level) >= 3 for row in rows for x in row), "values too close to the level")
    hits = [m for m in range(n_m) if any(dd == d for _, dd in level_crossings(s["xs"], rows[m], level))]
    word = "upward" if d > 0 else "downward"
    q.step("crossing_curves", level=level, direction=word, methods=[s["methods"][m] for m in hits])
    return q.answer(len(hits), witnesses=[f"cross:{p}:{m}" for m in hits],
                    question=(f"{_intro(s)} The dashed line in subplot \"{s['panels'][p]}\" marks y = {level}. In "
                              f"that subplot, how many method curves cross {word} through y = {level}?"))


@task("panel_spread_extremum_label", answer="string", annotation="point_map", ops="ranking,formula_evaluation",
      queries=("largest_panel_spread_label", "smallest_panel_spread_label"))
def panel_spread_extremum_label(q):
    s = q.state
    n_p, g = len(s["panels"]), GAP[q.difficulty]
    large = q.query_id.startswith("largest")
    w = _index(q, "winner", n_p)

    def spread(rows):
        flat = [x for row in rows for x in row]
        return max(flat) - min(flat)

    def plant(st, r):
        v = st["values"]
        others = [spread(v[p]) for p in range(n_p) if p != w]
        want = max(others) + g + int(r.integers(0, 6)) if large else min(others) - g - int(r.integers(0, 6))
        flat = [x for row in v[w] for x in row]
        lo, hi = min(flat), max(flat)
        mid = (lo + hi) / 2
        f = want / max(1, hi - lo)
        new_mid = min(max(mid, 2 + want / 2), YMAX - 2 - want / 2)
        v[w] = [[int(round(new_mid + (x - mid) * f)) for x in row] for row in v[w]]
        return st

    s = q.edit(plant)
    v = s["values"]
    flat_w = [x for row in v[w] for x in row]
    q.require(min(flat_w) >= 1 and max(flat_w) <= YMAX - 1, "spread off the axis")
    q.reads(*[x for p in range(n_p) for row in v[p] for x in row])
    spreads = {p: spread(v[p]) for p in range(n_p)}
    best = clear_extreme(q, spreads, largest=large, margin=g)
    rows = v[best]
    top, bot = max(x for row in rows for x in row), min(x for row in rows for x in row)
    at = {e: [(m, i) for m, row in enumerate(rows) for i, x in enumerate(row) if x == e] for e in (top, bot)}
    q.require(len(at[top]) == 1 and len(at[bot]) == 1, "panel extreme shown twice")
    (mt, it), (mb, ib) = at[top][0], at[bot][0]
    q.step("panel_spreads", spreads={s["panels"][p]: x for p, x in spreads.items()})
    wit = {"max_point": f"pt:{best}:{mt}:{it}", "min_point": f"pt:{best}:{mb}:{ib}"}
    return q.answer(s["panels"][best], witnesses=wit,
                    examples=s["panels"],
                    question=(f"{_intro(s)} Which subplot has the {'largest' if large else 'smallest'} spread "
                              "between its lowest and highest plotted marker values (over all its methods)?"))


# stratified targets; level 2 spans the original's 1-6 (up to every method of a 6-method figure)
ABOVE_COUNTS = {1: range(1, 5), 2: range(1, 7), 3: range(4, 8)}


@task("threshold_series_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison",
      queries=("above_threshold_series_count", "below_threshold_series_count"))
def threshold_series_count(q):
    s = q.state
    n_m, g = len(s["methods"]), GAP[q.difficulty]
    above = q.query_id.startswith("above")
    t = q.target(ABOVE_COUNTS[q.difficulty], stratified=True)
    q.require(t <= n_m, "count above the number of methods")
    p = _index(q, "panel", len(s["panels"]))
    q.param("level_panels", lambda r: [p])
    i = _index(q, "x_index", len(s["xs"]))
    level = q.param("level", lambda r: int(r.choice(LEVELS)))
    chosen = q.param("chosen", lambda r: sorted(int(k) for k in r.choice(n_m, size=t, replace=False)))

    def plant(st, r):
        for m in range(n_m):
            side = 1 if (m in chosen) == above else -1
            st["values"][p][m][i] = level + side * int(r.integers(max(3, g - 2), 22))
        return st

    s = q.edit(plant)
    col = [s["values"][p][m][i] for m in range(n_m)]
    q.reads(*col)
    hits = [m for m, x in enumerate(col) if (x > level if above else x < level)]
    word = "above" if above else "below"
    q.step("compare_at_x", x=s["xs"][i], level=level, methods=[s["methods"][m] for m in hits])
    return q.answer(len(hits), witnesses=[f"pt:{p}:{m}:{i}" for m in hits],
                    question=(f"{_intro(s)} The dashed line in subplot \"{s['panels'][p]}\" marks y = {level}. In "
                              f"that subplot, how many methods are {word} y = {level} at x = {s['xs'][i]}?"))
