"""charts/heatmap: a labelled grid of cells coloured by a discrete colour scale, values printed.

Every cell value is one of the colour bar's levels (drawn as one swatch per level, labelled),
and the value is printed in the cell, so colour class and value are both exact.
"""

from __future__ import annotations

from tracegen.core.grid import Grid
from tracegen.core.task import Scene

ROW_SETS = (
    ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    ["Oslo", "Lima", "Cairo", "Perth", "Quito", "Dakar", "Seoul", "Turin", "Porto", "Hanoi"],
    ["North", "South", "East", "West", "Central", "Coast", "Uplands", "Valley"],
    ["Team A", "Team B", "Team C", "Team D", "Team E", "Team F", "Team G", "Team H"],
    ["Sensor 1", "Sensor 2", "Sensor 3", "Sensor 4", "Sensor 5", "Sensor 6", "Sensor 7", "Sensor 8"],
    ["Alpha", "Bravo", "Delta", "Echo", "Kilo", "Lima", "Sierra", "Tango"],
)
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
TITLES = ("Average temperature", "Store visits", "Sensor readings", "Server load", "Ticket sales",
          "Rainfall", "Energy use", "Survey score")
SHAPE = {1: ((4, 4), (4, 5)), 2: ((5, 6), (6, 7)), 3: ((7, 8), (8, 9))}

# Render-only colour ramps (low -> high); the reading never depends on which one is used.
RAMPS = (
    ((1.00, 0.97, 0.82), (0.99, 0.73, 0.39), (0.89, 0.36, 0.13), (0.55, 0.10, 0.08)),
    ((0.94, 0.97, 1.00), (0.62, 0.79, 0.93), (0.22, 0.50, 0.78), (0.05, 0.20, 0.48)),
    ((0.97, 0.99, 0.88), (0.66, 0.86, 0.56), (0.22, 0.61, 0.36), (0.02, 0.32, 0.20)),
    ((0.99, 0.95, 0.98), (0.85, 0.66, 0.85), (0.58, 0.32, 0.66), (0.30, 0.08, 0.42)),
)


def _col_labels(rng, n):
    kind = int(rng.integers(4))
    if kind == 0:
        s = int(rng.integers(0, 12 - n + 1))
        return MONTHS[s:s + n]
    if kind == 1:
        y = int(rng.integers(1995, 2015))
        return [str(y + i) for i in range(n)]
    if kind == 2:
        h = int(rng.integers(6, 24 - 2 * n + 1))
        return [f"{h + 2 * i}:00" for i in range(n)]
    return [f"W{i + 1}" for i in range(n)]


def ramp_color(ramp, t):
    """Piecewise-linear colour at t in [0, 1]."""
    k = len(ramp) - 1
    pos = min(max(t, 0.0), 1.0) * k
    i = min(int(pos), k - 1)
    f = pos - i
    a, b = ramp[i], ramp[i + 1]
    return tuple(a[j] + (b[j] - a[j]) * f for j in range(3))


class Heatmap(Scene):
    domain, scene_id, size = "charts", "heatmap", (760, 560)
    megapixels = (0.85, 1.35)   # render-only image area (the reference draws these larger)
    description = ("A heatmap: a grid of cells with row and column labels, each cell coloured by a discrete "
                   "colour bar and showing its value.")

    def sample(self, rng, difficulty):
        rows = int(rng.choice(SHAPE[difficulty][0]))
        cols = int(rng.choice(SHAPE[difficulty][1]))
        rset = ROW_SETS[int(rng.integers(len(ROW_SETS)))]
        if len(rset) < rows:
            rset = ROW_SETS[1]
        start = int(rng.integers(0, len(rset) - rows + 1))
        row_labels = list(rset[start:start + rows])
        col_labels = _col_labels(rng, cols)
        k = int(rng.integers(6, 9))
        step = int(rng.choice([1, 2, 5, 10]))
        base = int(rng.choice([0, step, 2 * step]))
        levels = [base + step * i for i in range(k)]
        values = [[levels[int(v)] for v in rng.integers(0, k, size=cols)] for _ in range(rows)]
        return {"title": TITLES[int(rng.integers(len(TITLES)))], "row_labels": row_labels,
                "col_labels": col_labels, "levels": levels, "values": values}

    def render(self, c, state, params):
        w, h = self.size
        rows, cols = len(state["row_labels"]), len(state["col_labels"])
        levels = state["levels"]
        ramp = RAMPS[c.style.accent % len(RAMPS)]
        c.text(w / 2, 26, state["title"], size=18, bold=True)
        lab = 14.0
        lw = max(c.text_width(s, size=lab) for s in state["row_labels"])
        gx0 = 20 + lw + 10
        bar_w, bar_gap = 34, 70
        gx1 = w - 20 - bar_w - bar_gap - 30
        aw, ah = gx1 - gx0, h - 76 - 24
        cw, chh = min(aw / cols, 96.0), min(ah / rows, 68.0)
        block = lw + 10 + cw * cols + 30 + bar_w + 40        # labels, grid, colour bar and its labels
        left = max(20.0, (w - block) / 2) + lw + 10
        g = Grid(left, 76 + (ah - chh * rows) / 2, rows, cols, cw, chh)
        # colour per level
        k = len(levels)
        cols_rgb = [ramp_color(ramp, i / (k - 1)) for i in range(k)]
        index = {v: i for i, v in enumerate(levels)}
        vsize = 15.0 if g.cell >= 44 and g.ch >= 34 else 13.0
        for r in range(rows):
            for cc in range(cols):
                v = state["values"][r][cc]
                col = cols_rgb[index[v]]
                x0, y0, x1, y1 = g.box(r, cc)
                c.rect(x0, y0, x1 - x0, y1 - y0, fill=col, stroke="background", lw=1.5, id=f"cell:{r}:{cc}")
                cx, cy = g.center(r, cc)
                c.text(cx, cy, str(v), size=vsize, color=c.text_on(col),
                       bold=True)
        c.rect(g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0, stroke="muted", lw=1.0)
        for r, s in enumerate(state["row_labels"]):
            cx, cy = g.center(r, 0)
            c.text(g.x0 - 8, cy, s, size=lab, anchor="r", id=f"row:{r}")
        for cc, s in enumerate(state["col_labels"]):
            cx, cy = g.center(0, cc)
            c.text(cx, g.y0 - 12, s, size=13 if g.cell < 52 else lab, id=f"col:{cc}")
        # discrete colour bar: one swatch per level, highest on top
        bx = g.x1 + 30
        sh = min(40.0, (g.y1 - g.y0) / k)
        by0 = (g.y0 + g.y1) / 2 - sh * k / 2
        for i in range(k):
            y = by0 + (k - 1 - i) * sh
            c.rect(bx, y, bar_w, sh, fill=cols_rgb[i], stroke="ink", lw=0.8, id=f"bar:{i}")
            c.text(bx + bar_w + 8, y + sh / 2, str(levels[i]), size=14, anchor="l", kind="tick")


SCENE = Heatmap()
task = SCENE.task


def _line(s, axis, i):
    """Values of row i (axis 'row') or column i (axis 'column')."""
    if axis == "row":
        return list(s["values"][i])
    return [row[i] for row in s["values"]]


def _cell(axis, i, j):
    return f"cell:{i}:{j}" if axis == "row" else f"cell:{j}:{i}"


def _labels(s, axis):
    return s["row_labels"] if axis == "row" else s["col_labels"]


EXTREME_WORDS = {
    "hottest": "the highest value on the colour bar (its top colour)",
    "coolest": "the lowest value on the colour bar (its bottom colour)",
}


@task("axis_cell_extremum_label", answer="string", annotation="bbox", ops="ranking",
      queries=("row_hottest_column_label", "row_coolest_column_label",
               "column_hottest_row_label", "column_coolest_row_label"))
def axis_cell_extremum_label(q):
    s = q.state
    axis = "row" if q.query_id.startswith("row") else "column"
    hot = "hottest" in q.query_id
    n = len(_labels(s, axis))

    def unique(i):
        vals = _line(s, axis, i)
        m = max(vals) if hot else min(vals)
        return vals.count(m) == 1

    ok = [i for i in range(n) if unique(i)]
    q.require(bool(ok), "no line with a unique extreme")
    i = q.param("line", lambda r: ok[int(r.integers(len(ok)))])
    q.require(unique(i), "extreme not unique")
    vals = _line(s, axis, i)
    j = vals.index(max(vals) if hot else min(vals))
    other = _labels(s, "column" if axis == "row" else "row")
    name = _labels(s, axis)[i]
    q.step("arg_extreme", axis=axis, line=i, direction="hottest" if hot else "coolest", index=j)
    word = "highest" if hot else "lowest"
    if axis == "row":
        question = f"In the row labelled {name}, which column has the {word} value?"
    else:
        question = f"In the column labelled {name}, which row has the {word} value?"
    return q.answer(other[j], witnesses=_cell(axis, i, j), examples=other, question=question)


@task("axis_condition_extremum_label", answer="string", annotation="bbox_set",
      ops="filtering,counting,ranking",
      queries=("row_condition_extremum_label", "column_condition_extremum_label"))
def axis_condition_extremum_label(q):
    axis = "row" if q.query_id.startswith("row") else "column"
    kind = q.choice("condition", ["hottest", "coolest"])
    n = len(_labels(q.state, axis))
    target = q.target(range(max(SHAPE[q.difficulty][0 if axis == "row" else 1])))
    q.require(target < n, "balance target beyond this grid")

    def plant(s, r):
        lv = s["levels"]
        ext = lv[-1] if kind == "hottest" else lv[0]
        counts = [_line(s, axis, i).count(ext) for i in range(n)]
        need = max([c for i, c in enumerate(counts) if i != target] + [0]) + 1
        vals = _line(s, axis, target)
        free = [j for j, v in enumerate(vals) if v != ext]
        add = need - counts[target]
        if add > 0 and add <= len(free):
            for j in sorted(int(x) for x in r.choice(free, size=add, replace=False)):
                if axis == "row":
                    s["values"][target][j] = ext
                else:
                    s["values"][j][target] = ext
        return s

    s = q.edit(plant)
    ext = s["levels"][-1] if kind == "hottest" else s["levels"][0]
    counts = [_line(s, axis, i).count(ext) for i in range(n)]
    best = max(counts)
    q.require(best > 0 and counts.count(best) == 1, "most-extreme line not unique")
    i = counts.index(best)
    q.require(i == target, "winner differs from target")
    cells = [_cell(axis, i, j) for j, v in enumerate(_line(s, axis, i)) if v == ext]
    q.step("count_extreme", axis=axis, condition=kind, value=ext, counts=counts, winner=i)
    noun = "row" if axis == "row" else "column"
    question = (f"Which {noun} contains the most cells whose value equals {EXTREME_WORDS[kind]}?")
    return q.answer(_labels(s, axis)[i], witnesses=cells, examples=_labels(s, axis), question=question)


def _all_cells(s):
    return [(r, c, v) for r, row in enumerate(s["values"]) for c, v in enumerate(row)]


@task("colorbar_interval_cell_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison")
def colorbar_interval_cell_count(q):
    s = q.state
    lv = s["levels"]
    k = len(lv)

    def draw(r):
        a, b = sorted(int(x) for x in r.choice(k, size=2, replace=False))
        if a == 0 and b == k - 1:
            b -= 1
        return [lv[a], lv[b]]

    lo, hi = q.param("bounds", draw)
    hits = [(r, c) for r, c, v in _all_cells(s) if lo <= v <= hi]
    q.require(len(hits) > 0, "empty interval")
    q.step("filter", lower=lo, upper=hi, kept=len(hits))
    return q.answer(len(hits), witnesses=[f"cell:{r}:{c}" for r, c in hits],
                    question=(f"Using the colour bar, how many cells have a value between {lo} and {hi}, "
                              f"inclusive?"))


@task("colorbar_threshold_cell_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison",
      queries=("colorbar_above_threshold_cell_count", "colorbar_below_threshold_cell_count"))
def colorbar_threshold_cell_count(q):
    s = q.state
    lv = s["levels"]
    above = "above" in q.query_id
    # a threshold on a level strictly inside the colour bar
    thr = q.param("threshold", lambda r: lv[int(r.integers(1, len(lv) - 1))])
    hits = [(r, c) for r, c, v in _all_cells(s) if (v > thr if above else v < thr)]
    q.require(len(hits) > 0, "no cell passes the threshold")
    q.step("filter", threshold=thr, relation="above" if above else "below", kept=len(hits))
    word = "greater than" if above else "less than"
    return q.answer(len(hits), witnesses=[f"cell:{r}:{c}" for r, c in hits],
                    question=f"Using the colour bar, how many cells have a value {word} {thr}?")


def _longest_run(vals, ext):
    best, best_end, cur = 0, -1, 0
    for j, v in enumerate(vals):
        cur = cur + 1 if v == ext else 0
        if cur > best:
            best, best_end = cur, j
    return best, best_end


@task("condition_run_extremum_label", answer="string", annotation="bbox_set", ops="filtering,ranking")
def condition_run_extremum_label(q):
    kind = q.choice("condition", ["hottest", "coolest"])
    n = len(q.state["row_labels"])
    target = q.target(range(max(SHAPE[q.difficulty][0])))
    q.require(target < n, "balance target beyond this grid")

    def plant(s, r):
        lv = s["levels"]
        ext = lv[-1] if kind == "hottest" else lv[0]
        cols = len(s["col_labels"])
        runs = [_longest_run(row, ext)[0] for row in s["values"]]
        need = max([2] + [x + 1 for i, x in enumerate(runs) if i != target])
        if runs[target] < need and need <= cols:
            st = int(r.integers(0, cols - need + 1))
            for j in range(st, st + need):
                s["values"][target][j] = ext
        return s

    s = q.edit(plant)
    ext = s["levels"][-1] if kind == "hottest" else s["levels"][0]
    runs = [_longest_run(row, ext) for row in s["values"]]
    lens = [x for x, _ in runs]
    best = max(lens)
    q.require(best >= 2 and lens.count(best) == 1, "longest run not unique")
    i = lens.index(best)
    q.require(i == target, "winner differs from target")
    end = runs[i][1]
    cells = [f"cell:{i}:{j}" for j in range(end - best + 1, end + 1)]
    q.step("longest_run", condition=kind, value=ext, lengths=lens, winner=i)
    question = ("Which row has the longest unbroken horizontal run of adjacent cells whose value equals "
                f"{EXTREME_WORDS[kind]}?")
    return q.answer(s["row_labels"][i], witnesses=cells, examples=s["row_labels"], question=question)
