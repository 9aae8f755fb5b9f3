"""charts/heatmap: a labelled grid of cells coloured by a scale; no cell prints its value.

Two kinds of scale.  A *diverging* legend of 5 (7 at difficulty 3) colour classes from strong
decrease to strong increase (swatches with "low"/"high" ends; arrow glyphs on some renders
show only the sign) serves the extremum and run tasks; a *continuous* colour bar with
labelled ticks serves the colour-bar counts, whose cells must be read against the bar (cell
values keep a margin from the asked bounds that shrinks with difficulty: 8 %, 5 %, 3 % of the
scale).  Difficulty also grows the grid.
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.grid import Grid
from tracegen.kits.names import category_labels

TITLES = ("Average temperature", "Store visits", "Sensor readings", "Server load", "Ticket sales", "Rainfall",
          "Energy use", "Survey score", "Change against last period", "Index movement", "Growth by segment")
SHAPE = {1: ((4, 5), (5, 6)), 2: ((5, 6), (7, 8)), 3: ((7, 8), (9, 10))}          # diverging grids
BAR_SHAPE = {1: ((3, 3), (4, 5)), 2: ((3, 4), (4, 5)), 3: ((5, 6), (7, 8))}     # colour-bar grids
HALF_LEVELS = {1: 2, 2: 2, 3: 3}         # diverging classes: -m..m
MARGIN = {1: 0.08, 2: 0.05, 3: 0.03}     # colour-bar cells keep this share of the scale from a bound
SCALES = ((0, 100, 10), (0, 100, 20), (0, 50, 10), (0, 200, 25), (0, 1000, 100), (0, 40, 5), (20, 80, 10),
          (-50, 50, 10))
NAME_FAMILIES = ("places", "surnames", "words", "codes")

# Render-only colour ramps.  Continuous: low -> high, piecewise linear.  Diverging: the decrease
# end, the neutral middle and the increase end (classes are sampled along it).
RAMPS = (
    ((0.19, 0.38, 0.66), (0.42, 0.62, 0.62), (0.93, 0.85, 0.40), (0.89, 0.52, 0.25), (0.70, 0.16, 0.16)),
    ((0.27, 0.00, 0.33), (0.23, 0.32, 0.55), (0.13, 0.57, 0.55), (0.37, 0.79, 0.38), (0.99, 0.91, 0.14)),
    ((0.97, 0.96, 0.78), (0.65, 0.85, 0.55), (0.24, 0.66, 0.63), (0.16, 0.40, 0.66), (0.15, 0.15, 0.45)),
    ((0.99, 0.93, 0.82), (0.99, 0.70, 0.45), (0.90, 0.38, 0.22), (0.62, 0.12, 0.30), (0.25, 0.05, 0.30)),
)
DIVERGING = (
    ((0.13, 0.40, 0.70), (0.95, 0.95, 0.95), (0.80, 0.13, 0.13)),
    ((0.37, 0.22, 0.62), (0.93, 0.93, 0.93), (0.90, 0.50, 0.05)),
    ((0.00, 0.45, 0.45), (0.94, 0.94, 0.92), (0.60, 0.32, 0.08)),
)


def ramp_color(ramp, t):
    """Piecewise-linear colour at t in [0, 1] (cairo's gradient with evenly spaced stops agrees)."""
    k = len(ramp) - 1
    pos = min(max(t, 0.0), 1.0) * k
    i = min(int(pos), k - 1)
    f = pos - i
    a, b = ramp[i], ramp[i + 1]
    return tuple(a[j] + (b[j] - a[j]) * f for j in range(3))


def diverging_colors(palette, m):
    """2m + 1 class colours from strong decrease to strong increase (the middle one neutral)."""
    lo, mid, hi = palette
    out = [blend(lo, mid, 1 - k / m) for k in range(m)] + [mid] + [blend(hi, mid, k / m) for k in range(1, m + 1)]
    return [tuple(float(v) for v in col) for col in out]


def _labels(rng, rows, cols):
    fams = list(NAME_FAMILIES)
    fr = fams.pop(int(rng.integers(len(fams))))
    col_fams = tuple(fams) + ("fiscal_years", "months")
    return category_labels(rng, rows, families=(fr,)), category_labels(rng, cols, families=col_fams)


class Heatmap(Scene):
    domain, scene_id, size = "charts", "heatmap", (820, 560)
    megapixels = (0.85, 1.35)   # render-only image area (the reference draws these larger)
    fluid = True
    description = ("A heatmap: a grid of cells with row and column labels, each cell coloured by a diverging "
                   "class legend or a continuous colour bar; cells do not print their values.")

    def sample(self, rng, difficulty):
        rows = int(rng.choice(SHAPE[difficulty][0]))
        cols = int(rng.choice(SHAPE[difficulty][1]))
        m = HALF_LEVELS[difficulty]
        row_labels, col_labels = _labels(rng, rows, cols)
        values = [[int(v) for v in rng.integers(-m, m + 1, size=cols)] for _ in range(rows)]
        return {"kind": "diverging", "half": m, "title": TITLES[int(rng.integers(len(TITLES)))],
                "row_labels": row_labels, "col_labels": col_labels, "values": values}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        st = c.style
        rows, cols = len(state["row_labels"]), len(state["col_labels"])
        cont = state["kind"] == "continuous"
        side_legend = (st.accent + st.theme) % 2 == 1          # render-only: legend right or below
        c.text(24, 26, state["title"], size=18, bold=True, anchor="l")
        lab = 14.0
        lw = max(c.text_width(s, size=lab) for s in state["row_labels"])
        gx0 = 24 + lw + 12
        gx1 = W - (150 if side_legend else 24)
        gy0 = 70
        gy1 = H - (30 if side_legend else 100)
        cw = (gx1 - gx0) / cols
        colw = max(c.text_width(s, size=13) for s in state["col_labels"])
        rotate = colw > cw * 0.92
        if rotate:
            gy0 += colw * 0.7
        ch = min((gy1 - gy0) / rows, cw * 1.1)
        g = Grid(gx0, gy0, rows, cols, cw, ch)
        if cont:
            ramp = RAMPS[st.accent % len(RAMPS)]
            span = state["vmax"] - state["vmin"]

            def fill(v):
                return ramp_color(ramp, (v - state["vmin"]) / span)
        else:
            m = state["half"]
            classes = diverging_colors(DIVERGING[(st.accent + st.theme) % len(DIVERGING)], m)

            def fill(v):
                return classes[v + m]
        glyphs = not cont and st.marker in ("triangle", "diamond")
        gap = 2.0 if st.grid_style in ("dashed", "dotted") else 0.0
        for r in range(rows):
            for cc in range(cols):
                v = state["values"][r][cc]
                col = fill(v)
                x0, y0, x1, y1 = g.box(r, cc)
                c.rect(x0 + gap, y0 + gap, x1 - x0 - 2 * gap, y1 - y0 - 2 * gap, fill=col, stroke="muted",
                       lw=0.8, id=f"cell:{r}:{cc}")
                if glyphs and v:
                    cx, cy = g.center(r, cc)
                    s = min(cw, ch) * 0.22
                    d = -1 if v > 0 else 1
                    c.polygon([(cx - s, cy - d * s * 0.6), (cx + s, cy - d * s * 0.6), (cx, cy + d * s * 0.9)],
                              fill=c.text_on(col))
        for r, s in enumerate(state["row_labels"]):
            _, cy = g.center(r, 0)
            c.text(g.x0 - 10, cy, s, size=lab, anchor="r", id=f"row:{r}")
        for cc, s in enumerate(state["col_labels"]):
            cx, _ = g.center(0, cc)
            if rotate:
                c.text(cx - 4, g.y0 - 8, s, size=13, anchor="l", angle=-math.pi / 4, id=f"col:{cc}")
            else:
                c.text(cx, g.y0 - 14, s, size=13, id=f"col:{cc}")
        if cont:
            self._colour_bar(c, state, ramp, g, side_legend)
        else:
            self._class_legend(c, classes, g, side_legend)

    @staticmethod
    def _colour_bar(c, state, ramp, g, side):
        import cairo

        vmin, vmax, step = state["vmin"], state["vmax"], state["tick"]
        if side:
            x0, x1 = g.x1 + 36, g.x1 + 62
            y0, y1 = g.y0, g.y1
            grad = cairo.LinearGradient(0, y1, 0, y0)
        else:
            x0, x1 = g.x0, g.x1
            y0, y1 = g.y1 + 48, g.y1 + 70
            grad = cairo.LinearGradient(x0, 0, x1, 0)
        for k, col in enumerate(ramp):
            grad.add_color_stop_rgb(k / (len(ramp) - 1), *col)
        ctx = c.ctx
        ctx.rectangle(x0, y0, x1 - x0, y1 - y0)
        ctx.set_source(grad)
        ctx.fill()
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke="ink", lw=0.8, id="colorbar")
        c.text(x0 if not side else x0 - 4, (y0 - 14) if not side else y0 - 16, "Colour bar: value", size=13,
               anchor="l", color="muted")
        v = vmin
        while v <= vmax:
            t = (v - vmin) / (vmax - vmin)
            if side:
                y = y1 - t * (y1 - y0)
                c.line(x1, y, x1 + 5, y, color="ink", lw=1.0)
                c.text(x1 + 9, y, f"{v:g}", size=13, anchor="l", kind="tick")
            else:
                x = x0 + t * (x1 - x0)
                c.line(x, y1, x, y1 + 5, color="ink", lw=1.0)
                c.text(x, y1 + 16, f"{v:g}", size=13, kind="tick")
            v += step

    @staticmethod
    def _class_legend(c, classes, g, side):
        k = len(classes)
        if side:
            sw = min(34.0, (g.y1 - g.y0 - 40) / k)
            x = g.x1 + 36
            y_top = (g.y0 + g.y1) / 2 - sw * k / 2
            c.text(x, y_top - 30, "increase", size=13, anchor="l", color="muted")
            c.text(x, y_top - 12, "high", size=13, anchor="l", bold=True)
            for i, col in enumerate(reversed(classes)):
                c.rect(x, y_top + i * sw, 30, sw, fill=col, stroke="muted", lw=0.8, id=f"legend:{k - 1 - i}")
            c.text(x, y_top + k * sw + 14, "low", size=13, anchor="l", bold=True)
            c.text(x, y_top + k * sw + 32, "decrease", size=13, anchor="l", color="muted")
        else:
            sw = min(44.0, (g.x1 - g.x0) / (k + 6))
            y = g.y1 + 44
            c.text(g.x0, y - 16, "Legend: decrease to increase", size=13, anchor="l", color="muted")
            tw = c.text_width("low", size=13, bold=True)
            x = g.x0 + tw + 8
            c.text(g.x0, y + 11, "low", size=13, anchor="l", bold=True)
            for i, col in enumerate(classes):
                c.rect(x + i * sw, y, sw, 22, fill=col, stroke="muted", lw=0.8, id=f"legend:{i}")
            c.text(x + k * sw + 8, y + 11, "high", size=13, anchor="l", bold=True)


SCENE = Heatmap()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _line(s, axis, i):
    """Values of row i (axis 'row') or column i (axis 'column')."""
    if axis == "row":
        return list(s["values"][i])
    return [row[i] for row in s["values"]]


def _cell(axis, i, j):
    return f"cell:{i}:{j}" if axis == "row" else f"cell:{j}:{i}"


def _names(s, axis):
    return s["row_labels"] if axis == "row" else s["col_labels"]


def _all_cells(s):
    return [(r, c, v) for r, row in enumerate(s["values"]) for c, v in enumerate(row)]


LEGEND = ("Cells are coloured by the legend, from strong decrease (low) through neutral to strong increase "
          "(high).")
EXTREME_WORDS = {"hottest": "the strongest increase colour (the legend's high end)",
                 "coolest": "the strongest decrease colour (the legend's low end)"}


def _read_all(q, s):
    q.reads(*[v for row in s["values"] for v in row])


@task("axis_cell_extremum_label", answer="string", annotation="bbox", ops="ranking",
      queries=("row_hottest_column_label", "row_coolest_column_label",
               "column_hottest_row_label", "column_coolest_row_label"))
def axis_cell_extremum_label(q):
    s = q.state
    axis = "row" if q.query_id.startswith("row") else "column"
    hot = "hottest" in q.query_id
    n = len(_names(s, axis))

    def unique(i):
        vals = _line(s, axis, i)
        return vals.count(max(vals) if hot else min(vals)) == 1

    ok = [i for i in range(n) if unique(i)]
    q.require(bool(ok), "no line with a unique extreme")
    i = q.param("line", lambda r: ok[int(r.integers(len(ok)))])
    q.require(unique(i), "extreme not unique")
    _read_all(q, s)
    vals = _line(s, axis, i)
    j = vals.index(max(vals) if hot else min(vals))
    other = _names(s, "column" if axis == "row" else "row")
    name = _names(s, axis)[i]
    q.step("arg_extreme", axis=axis, line=i, direction="hottest" if hot else "coolest", index=j)
    word = "strongest increase" if hot else "strongest decrease"
    if axis == "row":
        question = f"{LEGEND} In the row labelled {name}, which column's cell shows the {word}?"
    else:
        question = f"{LEGEND} In the column labelled {name}, which row's cell shows the {word}?"
    return q.answer(other[j], witnesses=_cell(axis, i, j), examples=other, question=question)


@task("axis_condition_extremum_label", answer="string", annotation="bbox_set",
      ops="filtering,counting,ranking",
      queries=("row_condition_extremum_label", "column_condition_extremum_label"))
def axis_condition_extremum_label(q):
    axis = "row" if q.query_id.startswith("row") else "column"
    kind = q.choice("condition", ["hottest", "coolest"])
    n = len(_names(q.state, axis))
    target = q.target(range(max(SHAPE[q.difficulty][0 if axis == "row" else 1])))
    q.require(target < n, "balance target beyond this grid")

    def plant(s, r):
        ext = s["half"] if kind == "hottest" else -s["half"]
        counts = [_line(s, axis, i).count(ext) for i in range(n)]
        need = max([c for i, c in enumerate(counts) if i != target] + [0]) + 1
        vals = _line(s, axis, target)
        free = [j for j, v in enumerate(vals) if v != ext]
        add = need - counts[target]
        if 0 < add <= len(free):
            for j in sorted(int(x) for x in r.choice(free, size=add, replace=False)):
                if axis == "row":
                    s["values"][target][j] = ext
                else:
                    s["values"][j][target] = ext
        return s

    s = q.edit(plant)
    _read_all(q, s)
    ext = s["half"] if kind == "hottest" else -s["half"]
    counts = [_line(s, axis, i).count(ext) for i in range(n)]
    best = max(counts)
    q.require(best > 0 and counts.count(best) == 1, "most-extreme line not unique")
    i = counts.index(best)
    q.require(i == target, "winner differs from target")
    cells = [_cell(axis, i, j) for j, v in enumerate(_line(s, axis, i)) if v == ext]
    q.step("count_extreme", axis=axis, condition=kind, value=ext, counts=counts, winner=i)
    question = f"{LEGEND} Which {axis} has the most cells in {EXTREME_WORDS[kind]}?"
    return q.answer(_names(s, axis)[i], witnesses=cells, examples=_names(s, axis), question=question)


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
        ext = s["half"] if kind == "hottest" else -s["half"]
        cols = len(s["col_labels"])
        runs = [_longest_run(row, ext)[0] for row in s["values"]]
        need = max([2] + [x + 1 for i, x in enumerate(runs) if i != target])
        if runs[target] < need <= cols:
            st = int(r.integers(0, cols - need + 1))
            for j in range(st, st + need):
                s["values"][target][j] = ext
        return s

    s = q.edit(plant)
    _read_all(q, s)
    ext = s["half"] if kind == "hottest" else -s["half"]
    runs = [_longest_run(row, ext) for row in s["values"]]
    lens = [x for x, _ in runs]
    best = max(lens)
    q.require(best >= 2 and lens.count(best) == 1, "longest run not unique")
    i = lens.index(best)
    q.require(i == target, "winner differs from target")
    end = runs[i][1]
    cells = [f"cell:{i}:{j}" for j in range(end - best + 1, end + 1)]
    q.step("longest_run", condition=kind, value=ext, lengths=lens, winner=i)
    question = (f"{LEGEND} Which row has the longest unbroken left-to-right run of adjacent cells in "
                f"{EXTREME_WORDS[kind]}?")
    return q.answer(s["row_labels"][i], witnesses=cells, examples=s["row_labels"], question=question)


# ---------------------------------------------------------------------- colour-bar counts
# the count a colour-bar task plants, per level (level 2: the original's 1-6 cells in an interval, 1-8 past a
# threshold, on its 3-4 x 4-5 grids)
BAR_COUNTS = {"interval": {1: range(1, 5), 2: range(1, 7), 3: range(3, 13)},
              "threshold": {1: range(1, 7), 2: range(1, 9), 3: range(4, 17)}}


def _colour_bar(q, bounds_of, passes, counts):
    """Turn the grid into a continuous colour-bar heatmap with a planted number of cells that
    ``passes(value, bounds)`` (drawn from ``counts[level]``), every cell keeping a margin from
    the bounds the task asks about (``bounds_of(scale) -> [b, ...]`` drawn as a recorded param)."""

    def scale(s, r):
        lo_r, hi_r = BAR_SHAPE[q.difficulty]
        rows, cols = int(r.integers(lo_r[0], lo_r[1] + 1)), int(r.integers(hi_r[0], hi_r[1] + 1))
        vmin, vmax, tick = SCALES[int(r.integers(len(SCALES)))]
        s.update(kind="continuous", vmin=vmin, vmax=vmax, tick=tick)
        s.pop("half", None)
        s["row_labels"], s["col_labels"] = s["row_labels"][:rows], s["col_labels"][:cols]
        return s

    s = q.edit(scale)
    t = q.target(counts[q.difficulty], stratified=True)
    bounds = q.param("bounds", lambda r: bounds_of(s, r))
    gap = MARGIN[q.difficulty] * (s["vmax"] - s["vmin"])
    clear = [v for v in range(s["vmin"], s["vmax"] + 1) if all(abs(v - b) >= gap for b in bounds)]
    pools = ([v for v in clear if passes(v, bounds)], [v for v in clear if not passes(v, bounds)])
    q.require(all(pools), "no value clear of the bounds on one side")
    rows, cols = len(s["row_labels"]), len(s["col_labels"])
    q.require(t <= rows * cols, "count above the cells")

    def plant(st, r):
        chosen = {int(k) for k in r.choice(rows * cols, size=t, replace=False)}
        draw = []
        for k in range(rows * cols):
            pool = pools[0 if k in chosen else 1]
            draw.append(pool[int(r.integers(len(pool)))])
        st["values"] = [draw[i * cols:(i + 1) * cols] for i in range(rows)]
        return st

    s = q.edit(plant)
    q.require(all(abs(v - b) >= gap - 1e-9 for _, _, v in _all_cells(s) for b in bounds), "a cell too near a bound")
    _read_all(q, s)
    return s, bounds


def _ticks(s):
    return list(range(s["vmin"], s["vmax"] + 1, s["tick"]))


@task("colorbar_interval_cell_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison")
def colorbar_interval_cell_count(q):
    def draw(s, r):
        ticks = _ticks(s)
        a, b = sorted(int(x) for x in r.choice(len(ticks), size=2, replace=False))
        if a == 0 and b == len(ticks) - 1:
            b -= 1
        return [ticks[a], ticks[b]]

    s, (lo, hi) = _colour_bar(q, draw, lambda v, bd: bd[0] <= v <= bd[1], BAR_COUNTS["interval"])
    hits = [(r, c) for r, c, v in _all_cells(s) if lo <= v <= hi]
    q.require(len(hits) > 0, "empty interval")
    q.step("filter", lower=lo, upper=hi, kept=len(hits))
    return q.answer(len(hits), witnesses=[f"cell:{r}:{c}" for r, c in hits],
                    question=(f"The cells are coloured by the continuous colour bar. According to the colour bar, "
                              f"how many cells have a value between {lo} and {hi}, inclusive?"))


@task("colorbar_threshold_cell_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison",
      queries=("colorbar_above_threshold_cell_count", "colorbar_below_threshold_cell_count"))
def colorbar_threshold_cell_count(q):
    above = "above" in q.query_id

    def draw(s, r):
        ticks = _ticks(s)[1:-1]                 # a threshold strictly inside the colour bar
        return [ticks[int(r.integers(len(ticks)))]]

    s, (thr,) = _colour_bar(q, draw, lambda v, bd: v > bd[0] if above else v < bd[0], BAR_COUNTS["threshold"])
    hits = [(r, c) for r, c, v in _all_cells(s) if (v > thr if above else v < thr)]
    q.require(len(hits) > 0, "no cell passes the threshold")
    q.step("filter", threshold=thr, relation="above" if above else "below", kept=len(hits))
    word = "greater than" if above else "less than"
    return q.answer(len(hits), witnesses=[f"cell:{r}:{c}" for r, c in hits],
                    question=(f"The cells are coloured by the continuous colour bar. Using the colour bar, how many "
                              f"cells have a value {word} {thr}?"))
