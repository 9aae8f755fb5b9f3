"""charts/table: a data table with one Name column -- numeric data columns, consecutive year
columns, or categorical columns (entries from a small vocabulary).

The tasks filter, rank and aggregate the printed entries (counts over thresholds, intervals
and categories, a ranked row, column sums/means/medians, a filtered mean, row differences over
a year interval).  Difficulty grows the rows (10-12, 12-15, 15-18; year tables 7-9, 9-11,
11-13), the columns and the asked ranks and intervals.  Header colours, stripes, rules and the
caption are render-only.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.names import SURNAMES, WORDS, coined_names
from tracegen.kits.panels import draw_table, table_widths

ROW_NAMES = ("Eoin", "Ilka", "Kam", "Haff", "Luht", "Vida", "Doss", "Vern", "Arny", "Els", "Jael", "Obe", "Abeu",
             "Krum", "Diaz", "Keen", "Tu", "Ern", "Ada", "Bram", "Cleo", "Dov", "Edda", "Fenn", "Gus", "Hild", "Ines",
             "Jory", "Kit", "Lars", "Mae", "Nils", "Odo", "Pia", "Quin", "Rolf", "Sami", "Tove", "Ulla", "Vik",
             "Wyn", "Xan", "Yara", "Zev", "Anouk", "Bela", "Cyra", "Dag", "Enzo", "Faye", "Gil", "Hana", "Ivo",
             "Joss", "Kaia", "Lev", "Mira", "Olin", "Pax", "Rhea", "Soren", "Tam", "Uma", "Vito",
             "Yuki", "Zara", "Arlo", "Bo", "Cato", "Dina", "Eli", "Fio", "Gwen", "Hugo", "Isla", "Jude", "Kian",
             "Alba", "Beni", "Cian", "Dara", "Emil", "Fritz", "Greta", "Hal", "Ilse", "Jan", "Kora", "Luca", "Milo",
             "Nora", "Pim", "Rosa", "Sven", "Tilda", "Udo", "Vera", "Wim", "Xavi", "Yves", "Zoe", "Aino",
             "Bryn", "Cosmo", "Dela", "Eero", "Flo", "Gino", "Hedda", "Ida", "Joan", "Kofi", "Lina", "Mads", "Nia",
             "Oona", "Per", "Ria", "Sol", "Teo", "Ugo", "Vivi", "Wes", "Yan", "Zed", "Amos", "Bea", "Caius", "Dot",
             "Esme", "Finn", "Gaia", "Hamza", "Iris", "Jonas", "Kenji", "Leif", "Maren", "Nico", "Omar", "Pola")
COUNTRIES = ("Angola", "Turkey", "Italy", "Bhutan", "Chile", "Denmark", "Egypt", "Fiji", "Ghana", "Haiti", "Iceland",
             "Japan", "Kenya", "Laos", "Malta", "Nepal", "Oman", "Peru", "Qatar", "Rwanda", "Spain", "Togo",
             "Uganda", "Vietnam", "Yemen", "Zambia", "Brazil", "Cuba", "Estonia", "Gabon", "Jordan", "Mali")
VOCABS = (("Comet", "Nova", "Orbit", "Pulsar", "Quasar"), ("Books", "Games", "Music", "Films", "Toys"),
          ("North", "South", "East", "West"), ("Low", "Medium", "High"), ("Amber", "Cobalt", "Jade", "Ruby"),
          ("Bus", "Train", "Bike", "Car", "Ferry"), ("Gold", "Silver", "Bronze"), ("Draft", "Review", "Final"),
          ("Oak", "Pine", "Birch", "Elm", "Ash"), ("Spring", "Summer", "Autumn", "Winter"))
CAPTIONS = ("Survey results", "Regional figures", "Team scores", "Station readings", "Quarterly counts",
            "Inventory snapshot", "Annual summary", "Panel responses")
N_ROWS = {1: (10, 12), 2: (12, 15), 3: (15, 18)}
N_COLS = {1: (3, 4), 2: (4, 5), 3: (5, 6)}
N_YEAR_ROWS = {1: (7, 9), 2: (9, 11), 3: (11, 13)}
N_YEARS = {1: (8, 9), 2: (9, 11), 3: (11, 13)}
NUM_MAX, YEAR_MAX = 35, 99


class Table(Scene):
    domain, scene_id, size = "charts", "table", (900, 760)
    fluid = True
    megapixels = (0.85, 1.35)   # the original: 0.85 MP (numeric tables), 1.19 MP (year tables)
    description = ("A data table with a Name column and numeric, year or categorical data columns; the tasks "
                   "filter, rank and aggregate its printed entries.")

    def canvas_size(self, state):
        chars = [max(len(h), max(len(row[k]) for row in self._cells(state))) for k, h in enumerate(self._header(state))]
        w = sum(10 * ch + 34 for ch in chars) + 60
        h = 34 * (len(state["rows"]) + 1) + 90
        return (max(640, w), max(480, h))

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_ROWS[difficulty][0], N_ROWS[difficulty][1] + 1))
        m = int(rng.integers(N_COLS[difficulty][0], N_COLS[difficulty][1] + 1))
        countries = rng.random() < 0.5
        pool = COUNTRIES if countries else tuple(s for s in SURNAMES if len(s) <= 6)
        names = ROW_NAMES + tuple(s for s in SURNAMES if len(s) <= 6) if countries else ROW_NAMES
        rows = coined_names(rng, n, max_len=6) if rng.random() < 0.3 else _pick(rng, names, n)
        return {"kind": "numeric", "rows": rows, "columns": _pick(rng, pool, m),
                "values": [[int(v) for v in rng.integers(1, NUM_MAX + 1, size=m)] for _ in range(n)],
                "caption": CAPTIONS[int(rng.integers(len(CAPTIONS)))]}

    @staticmethod
    def _header(state):
        return ["Name"] + [str(c) for c in state["columns"]]

    @staticmethod
    def _cells(state):
        return [[name] + [str(v) for v in row] for name, row in zip(state["rows"], state["values"])]

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        st = c.style
        header, cells = self._header(state), self._cells(state)
        n = len(cells)
        top = 54 if st.accent % 3 else 16
        if st.accent % 3:
            c.text(28, 28, state["caption"], size=18, bold=True, anchor="l")
        row_h = min(46.0, max(26.0, (H - top - 16) / (n + 1)))
        fs = max(12.0, min(16.0, row_h * 0.46))
        natural = table_widths(c, header, cells, size=fs)
        avail = W - 40
        grow = min(avail / sum(natural), 1.7)
        widths = [w * grow for w in natural] if grow >= 1 else natural
        x0 = (W - sum(widths)) / 2
        header_fill = ("ink", "accent", "panel")[st.accent % 3]
        t = draw_table(c, x0, top, widths, row_h, header, cells, size=fs, header_fill=header_fill,
                       zebra=st.theme % 2 == 0, lines="grid" if st.accent < 3 else "rows",
                       align_first="l" if st.accent % 2 == 0 else "c")
        for k in range(1, len(header)):
            c.register(f"col:{k}", box=t.column(k))
        for i, (r, k0, k1) in enumerate(params.get("spans", [])):
            c.register(f"span:{i}", box=t.span(r, k0, k1))


SCENE = Table()
task = SCENE.task


def _pick(rng, pool, n):
    return [pool[int(i)] for i in rng.choice(len(pool), size=n, replace=False)]


# ---------------------------------------------------------------------- shared pieces
INTRO = {"numeric": "The image shows a table with one Name column and several data columns.",
         "years": "The image shows a table with one Name column and several year columns in chronological order.",
         "categorical": "The image shows a table with one Name column and several categorical data columns."}


def _intro(s) -> str:
    return INTRO[s["kind"]]


def _col(q, s):
    """A data column (index into values) drawn as a parameter."""
    return q.param("column", lambda r: int(r.integers(len(s["columns"]))))


def _cells(rows, k):
    return [f"cell:{r}:{k + 1}" for r in rows]


def _split(q, n, t, name="chosen"):
    """``t`` of ``n`` rows, drawn as a parameter."""
    return q.param(name, lambda r: sorted(int(i) for i in r.choice(n, size=t, replace=False)))


def _years(q):
    """Turn the table into consecutive year columns with values 1-99 (task construction)."""
    def fn(s, r):
        n = int(r.integers(N_YEAR_ROWS[q.difficulty][0], N_YEAR_ROWS[q.difficulty][1] + 1))
        m = int(r.integers(N_YEARS[q.difficulty][0], N_YEARS[q.difficulty][1] + 1))
        y0 = int(r.integers(1995, 2016))
        s.update(kind="years", rows=_pick(r, ROW_NAMES, n), columns=[str(y0 + i) for i in range(m)],
                 values=[[int(v) for v in r.integers(1, YEAR_MAX + 1, size=m)] for _ in range(n)])
        return s

    return q.edit(fn)


ORDINAL = {1: "", 2: "2nd ", 3: "3rd ", 4: "4th "}


# ---------------------------------------------------------------------- tasks
def _year_pair(q, s, lengths):
    n, m = len(s["rows"]), len(s["columns"])
    a, b = q.param("rows", lambda r: [int(i) for i in r.choice(n, size=2, replace=False)])
    length = q.param("length", lambda r: int(r.choice(lengths)))
    k0 = q.param("first_year", lambda r: int(r.integers(0, m - length + 1)))
    return a, b, k0, k0 + length - 1


@task("absolute_difference_between_rows_over_year_interval", answer="integer", annotation="bbox_map",
      ops="aggregation,formula_evaluation")
def absolute_difference_between_rows_over_year_interval(q):
    s = _years(q)
    a, b, k0, k1 = _year_pair(q, s, {1: (3, 4), 2: (4, 5), 3: (5, 6)}[q.difficulty])
    q.param("spans", lambda r: [[a, k0 + 1, k1 + 1], [b, k0 + 1, k1 + 1]])
    sa, sb = (sum(s["values"][r][k0:k1 + 1]) for r in (a, b))
    ya, yb = s["columns"][k0], s["columns"][k1]
    q.step("interval_sums", first=sa, second=sb)
    return q.answer(abs(sa - sb), witnesses={"row_a": "span:0", "row_b": "span:1"},
                    question=(f"{_intro(s)} Add the consecutive yearly values from {ya} through {yb} for "
                              f"\"{s['rows'][a]}\", and do the same for \"{s['rows'][b]}\". What is the absolute "
                              "difference between the two interval sums?"))


@task("sum_absolute_differences_between_rows_over_year_interval", answer="integer", annotation="bbox_set",
      ops="aggregation,formula_evaluation")
def sum_absolute_differences_between_rows_over_year_interval(q):
    s = _years(q)
    a, b, k0, k1 = _year_pair(q, s, {1: (4,), 2: (4, 5), 3: (5, 6)}[q.difficulty])
    va, vb = s["values"][a], s["values"][b]
    total = sum(abs(va[k] - vb[k]) for k in range(k0, k1 + 1))
    q.step("yearly_gaps", gaps=[abs(va[k] - vb[k]) for k in range(k0, k1 + 1)])
    cols = range(k0, k1 + 1)
    return q.answer(total, witnesses=[f"cell:{r}:{k + 1}" for r in (a, b) for k in cols],
                    question=(f"{_intro(s)} For each year from {s['columns'][k0]} to {s['columns'][k1]}, take the "
                              f"absolute difference between \"{s['rows'][a]}\" and \"{s['rows'][b]}\"; then add "
                              "those differences. What is the total?"))


# stratified targets; level 2: the original's 0-12 (median 6), level 1 below and level 3 above it
CATEGORY_COUNTS = {1: range(0, 10), 2: range(0, 13), 3: range(6, 20)}


@task("categorical_value_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def categorical_value_count(q):
    t = q.target(CATEGORY_COUNTS[q.difficulty], stratified=True)

    def fn(s, r):
        n = max(len(s["rows"]), t + 3 + int(r.integers(0, 3)))
        m = len(s["columns"])
        vocabs = [VOCABS[int(i)] for i in r.choice(len(VOCABS), size=m, replace=False)]
        s.update(kind="categorical", rows=_pick(r, ROW_NAMES, n), columns=_pick(r, WORDS, m),
                 values=[[voc[int(r.integers(len(voc)))] for voc in vocabs] for _ in range(n)], vocabs=vocabs)
        return s

    s = q.edit(fn)
    k = _col(q, s)
    vocab = s["vocabs"][k]
    target = q.param("category", lambda r: vocab[int(r.integers(len(vocab)))])
    chosen = _split(q, len(s["rows"]), t)

    def plant(st, r):
        others = [v for v in vocab if v != target]
        for i, row in enumerate(st["values"]):
            row[k] = target if i in chosen else others[int(r.integers(len(others)))]
        return st

    s = q.edit(plant)
    hits = [i for i, row in enumerate(s["values"]) if row[k] == target]
    q.step("match", column=s["columns"][k], category=target, rows=hits)
    return q.answer(len(hits), witnesses=_cells(hits, k),
                    question=f"{_intro(s)} Count the rows whose \"{s['columns'][k]}\" entry is exactly \"{target}\".")


RANKS = {1: (1, 2), 2: (2, 3), 3: (3, 4)}


@task("column_rank_label", answer="string", annotation="bbox", ops="ranking",
      queries=("highest_rank_in_column", "lowest_rank_in_column"))
def column_rank_label(q):
    s = q.state
    k = _col(q, s)
    high = q.query_id.startswith("highest")
    rank = q.param("rank", lambda r: int(r.choice(RANKS[q.difficulty])))
    col = [row[k] for row in s["values"]]
    order = sorted(col, reverse=high)
    q.require(len(set(order[:rank + 1])) == rank + 1, "ties among the top ranks")
    i = col.index(order[rank - 1])
    q.step("rank", column=s["columns"][k], rank=rank, row=s["rows"][i])
    return q.answer(s["rows"][i], witnesses=f"cell:{i}:{k + 1}", examples=s["rows"],
                    question=(f"{_intro(s)} Which row has the {ORDINAL[rank]}{'highest' if high else 'lowest'} "
                              f"value in the \"{s['columns'][k]}\" column?"))


@task("column_summary_value", answer="integer", annotation="bbox", ops="aggregation",
      queries=("column_sum", "column_mean", "column_median"))
def column_summary_value(q):
    s = q.state
    k = _col(q, s)
    op = q.query_id.split("_")[1]

    t = q.target(range(4, 32), stratified=True) if op != "sum" else None

    def exact(st, r):        # a mean or median at the target (a whole number)
        if op == "sum":
            return st
        n, spread = len(st["values"]), int(r.integers(5, 14))
        col = sorted(int(r.integers(max(1, t - spread), min(NUM_MAX, t + spread) + 1)) for _ in range(n))
        if op == "median":
            col[(n - 1) // 2] = col[n // 2] = t
            col.sort()
        else:
            for i in r.permutation(n):       # move values until the sum is t * n
                col[int(i)] = min(NUM_MAX, max(1, col[int(i)] + t * n - sum(col)))
        for i, j in enumerate(r.permutation(n)):
            st["values"][i][k] = col[int(j)]
        return st

    s = q.edit(exact)
    col = sorted(row[k] for row in s["values"])
    n = len(col)
    value = {"sum": sum(col), "mean": sum(col) // n,
             "median": col[n // 2] if n % 2 else (col[n // 2 - 1] + col[n // 2]) // 2}[op]
    q.require(op != "mean" or sum(col) % n == 0, "mean not whole")
    q.require(op != "median" or n % 2 or (col[n // 2 - 1] + col[n // 2]) % 2 == 0, "median not whole")
    q.step("summary", column=s["columns"][k], statistic=op, value=value)
    word = {"sum": "sum", "mean": "mean", "median": "median"}[op]
    return q.answer(value, witnesses=f"col:{k + 1}",
                    question=f"{_intro(s)} What is the {word} of the values in the \"{s['columns'][k]}\" column?")


MATCHES = {1: (5, 6, 7), 2: (6, 7, 8), 3: (7, 8, 9)}


@task("filtered_column_mean", answer="integer", annotation="bbox_set_map", ops="filtering,comparison,aggregation",
      queries=("above_threshold_filtered_mean", "below_threshold_filtered_mean", "interval_filtered_mean"))
def filtered_column_mean(q):
    s = q.state
    n, m = len(s["rows"]), len(s["columns"])
    fk, tk = q.param("columns", lambda r: [int(i) for i in r.choice(m, size=2, replace=False)])
    want = q.param("matches", lambda r: int(r.choice(MATCHES[q.difficulty])))
    q.require(want < n - 1, "too few rows")
    chosen = _split(q, n, want)
    mean = q.target(range(5, 31), stratified=True)
    kind = q.query_id.split("_")[0]
    lo, hi = q.param("bounds", lambda r: [int(r.integers(8, 15)), int(r.integers(22, 29))])

    def plant(st, r):
        for i, row in enumerate(st["values"]):
            inside = i in chosen
            if kind == "above":
                row[fk] = int(r.integers(lo + 1, NUM_MAX + 1) if inside else r.integers(1, lo))
            elif kind == "below":
                row[fk] = int(r.integers(1, lo) if inside else r.integers(lo + 1, NUM_MAX + 1))
            else:
                row[fk] = int(r.integers(lo, hi + 1)) if inside else int(
                    r.choice([*range(1, lo), *range(hi + 1, NUM_MAX + 1)]))
        vals = [int(r.integers(max(1, mean - 10), min(NUM_MAX, mean + 10) + 1)) for _ in chosen[1:]]
        vals.append(mean * len(chosen) - sum(vals))
        for i, v in zip(chosen, vals):
            st["values"][i][tk] = v
        return st

    s = q.edit(plant)
    hits = [i for i, row in enumerate(s["values"])
            if {"above": row[fk] > lo, "below": row[fk] < lo, "interval": lo <= row[fk] <= hi}[kind]]
    got = [s["values"][i][tk] for i in hits]
    q.require(hits and all(1 <= v <= NUM_MAX + 5 for v in got) and sum(got) % len(got) == 0, "mean not whole")
    f, t = s["columns"][fk], s["columns"][tk]
    cond = {"above": f"\"{f}\" is greater than {lo}", "below": f"\"{f}\" is less than {lo}",
            "interval": f"\"{f}\" is between {lo} and {hi}, inclusive"}[kind]
    q.step("filtered_mean", rows=hits, values=got)
    return q.answer(sum(got) // len(got), witnesses={"filter_cells": _cells(hits, fk), "value_cells": _cells(hits, tk)},
                    question=f"{_intro(s)} Among the rows where {cond}, what is the mean of the \"{t}\" values?")


def _plant_count(q, k, chosen, inside, outside):
    """Column k holds ``inside(r)`` values in the chosen rows and ``outside(r)`` elsewhere."""
    def plant(st, r):
        for i, row in enumerate(st["values"]):
            row[k] = int(inside(r) if i in chosen else outside(r))
        return st

    return q.edit(plant)


INTERVAL_COUNTS = {1: range(3, 10), 2: range(4, 12), 3: range(5, 14)}


@task("interval_value_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison")
def interval_value_count(q):
    s = q.state
    t = q.target(INTERVAL_COUNTS[q.difficulty], stratified=True)
    q.require(t <= len(s["rows"]) - 2, "too few rows")
    k = _col(q, s)
    lo, hi = q.param("bounds", lambda r: (lambda a: [a, a + int(r.integers(6, 17))])(int(r.integers(2, 14))))
    chosen = _split(q, len(s["rows"]), t)
    s = _plant_count(q, k, chosen, lambda r: r.integers(lo, hi + 1),
                     lambda r: r.choice([*range(1, lo), *range(hi + 1, NUM_MAX + 1)]))
    hits = [i for i, row in enumerate(s["values"]) if lo <= row[k] <= hi]
    q.step("filter", column=s["columns"][k], lower=lo, upper=hi, rows=hits)
    return q.answer(len(hits), witnesses=_cells(hits, k),
                    question=(f"{_intro(s)} Count the rows whose \"{s['columns'][k]}\" value falls within "
                              f"[{lo}, {hi}], inclusive."))


# stratified targets (a repeated value is drawn more often); level 2: the original's 4-12, mostly 5-6
THRESHOLD_COUNTS = {1: range(4, 10), 2: (4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12), 3: range(6, 13)}


@task("threshold_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison",
      queries=("above_threshold_count", "below_threshold_count"))
def threshold_count(q):
    s = q.state
    above = q.query_id.startswith("above")
    t = q.target(THRESHOLD_COUNTS[q.difficulty], stratified=True)
    q.require(t <= len(s["rows"]) - 2, "too few rows")
    k = _col(q, s)
    thr = q.param("threshold", lambda r: int(r.integers(8, 28)))
    chosen = _split(q, len(s["rows"]), t)
    high, low = (lambda r: r.integers(thr + 1, NUM_MAX + 1)), (lambda r: r.integers(1, thr))
    s = _plant_count(q, k, chosen, high if above else low, low if above else high)
    hits = [i for i, row in enumerate(s["values"]) if (row[k] > thr if above else row[k] < thr)]
    q.step("filter", column=s["columns"][k], threshold=thr, rows=hits)
    return q.answer(len(hits), witnesses=_cells(hits, k),
                    question=(f"{_intro(s)} How many rows have a \"{s['columns'][k]}\" value "
                              f"{'greater' if above else 'less'} than {thr}?"))
