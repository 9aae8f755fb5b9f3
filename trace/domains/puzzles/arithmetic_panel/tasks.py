"""puzzles/arithmetic_panel, the five tasks: each plants its answer (flat over a range) and builds
a puzzle around it whose other entries determine it."""

from __future__ import annotations

from math import comb

from . import scene as ap

task = ap.SCENE.task


# ---------------------------------------------------------------------- equal side sums
SHAPES = {1: ((3, 1),), 2: ((3, 2), (4, 1)), 3: ((4, 2), (5, 1))}
POLY = {3: "triangle", 4: "square", 5: "pentagon"}


def split(r, total, parts):
    """``total`` as ``parts`` random positive integers."""
    cuts = sorted(int(v) for v in r.choice(range(1, total), size=parts - 1, replace=False)) if parts > 1 else []
    bounds = [0] + cuts + [total]
    return [b - a for a, b in zip(bounds, bounds[1:])]


@task("equal_sum_line_constraint_value", answer="integer", annotation="bbox", ops="aggregation,formula_evaluation")
def equal_sum_line_constraint_value(q):
    def build(s, r, t):
        n, per = SHAPES[s["level"]][int(r.integers(len(SHAPES[s["level"]])))]
        sides = ap.side_nodes(n, per)
        nodes = n * (per + 1)
        qi = int(r.integers(nodes))
        vals = [0] * nodes
        for k in range(n):
            vals[k * (per + 1)] = int(r.integers(1, 16))
        if qi % (per + 1) == 0:
            vals[qi] = t
            total = max(vals[sd[0]] + vals[sd[-1]] for sd in sides) + per + int(r.integers(0, 12))
        else:
            side = sides[qi // (per + 1)]
            others = [int(r.integers(1, 10)) for _ in range(per - 1)]
            total = vals[side[0]] + vals[side[-1]] + t + sum(others)
        for k, sd in enumerate(sides):
            rest = total - vals[sd[0]] - vals[sd[-1]]
            q.require(rest >= per, "a side cannot reach the total")
            mids = split(r, rest, per)
            if qi in sd[1:-1]:
                j = sd.index(qi) - 1
                q.require(rest - t >= per - 1 and (per == 1 or rest - t >= 1), "no room for the planted value")
                mids = [t] if per == 1 else ([t, rest - t] if j == 0 else [rest - t, t])
            for node, v in zip(sd[1:-1], mids):
                vals[node] = v
        q.require(max(vals) <= 40, "values too large")
        shown = list(vals)
        shown[qi] = "?"
        s.update(kind="polygon", sides=n, per_side=per, values=shown, truth=vals, ask=qi)
        return s

    t, s = ap.plant(q, range(1, 26), build)
    sides = ap.side_nodes(s["sides"], s["per_side"])
    full = next(sd for sd in sides if s["ask"] not in sd)
    total = sum(s["values"][i] for i in full)
    mine = next(sd for sd in sides if s["ask"] in sd)
    ans = total - sum(s["values"][i] for i in mine if i != s["ask"])
    q.step("side_sum", total=total, side=mine, answer=ans)
    return q.answer(ans, witnesses=f"node:{s['ask']}",
                    question=(f"{ap.LEAD} The numbers along every side of the {POLY[s['sides']]} (both corner circles "
                              "included) add up to the same total. What number replaces the question mark?"))


# ---------------------------------------------------------------------- number wall
def wall_rows(base):
    rows = [list(base)]
    while len(rows[-1]) > 1:
        prev = rows[-1]
        rows.append([prev[i] + prev[i + 1] for i in range(len(prev) - 1)])
    return rows


def wall_fill(rows):
    """Propagate a wall with blanks (None): a brick is the sum of the two below it.  Returns the
    filled rows and, per brick, the round in which it became known (0 = shown)."""
    rows = [list(rw) for rw in rows]
    when = {(r, i): 0 for r, rw in enumerate(rows) for i, v in enumerate(rw) if v is not None}
    rnd = 0
    while True:
        rnd += 1
        found = {}
        for r in range(1, len(rows)):
            for i in range(len(rows[r])):
                top, a, b = rows[r][i], rows[r - 1][i], rows[r - 1][i + 1]
                if top is None and a is not None and b is not None:
                    found[(r, i)] = a + b
                elif top is not None and a is None and b is not None:
                    found[(r - 1, i)] = top - b
                elif top is not None and b is None and a is not None:
                    found[(r - 1, i + 1)] = top - a
        if not found:
            return rows, when
        for (r, i), v in found.items():
            rows[r][i] = v
            when[(r, i)] = rnd


BLANKS = {1: 0, 2: 2, 3: 4}


@task("number_wall_value", answer="integer", annotation="bbox", ops="formula_evaluation")
def number_wall_value(q):
    def build(s, r, t):
        d = s["level"]
        n = d + 2
        row = int(r.integers(0, n))
        i = int(r.integers(0, n - row))
        coef = [comb(row, j - i) if i <= j <= i + row else 0 for j in range(n)]
        pivot = i + row * int(r.integers(0, 2))          # an end of the span: coefficient 1
        base = [int(r.integers(1, (10, 8, 6)[d - 1])) for _ in range(n)]
        rest = t - sum(c * b for j, (c, b) in enumerate(zip(coef, base)) if j != pivot)
        q.require(rest > 0 and rest % coef[pivot] == 0, "the planted value does not fit the base")
        base[pivot] = rest // coef[pivot]
        rows = wall_rows(base)
        shown = [list(rw) for rw in rows]
        shown[row][i] = None
        cells = [(a, b) for a, rw in enumerate(rows) for b in range(len(rw)) if (a, b) != (row, i)]
        for k in r.permutation(len(cells))[:BLANKS[d]]:
            a, b = cells[int(k)]
            shown[a][b] = None
        filled, when = wall_fill(shown)
        q.require(filled[row][i] == t, "the question mark is not determined")
        q.require(d < 3 or when[(row, i)] >= 2, "the question mark is determined in one step")
        shown[row][i] = "?"
        s.update(kind="wall", rows=shown, truth=rows, ask=[row, i])
        return s

    t, s = ap.plant(q, range(2, 29), build)
    row, i = s["ask"]
    grid = [[None if v == "?" else v for v in rw] for rw in s["rows"]]
    filled, when = wall_fill(grid)
    q.step("propagate", rounds=when[(row, i)], answer=filled[row][i])
    blank = " Blank bricks are unknown too." if any(v is None for rw in s["rows"] for v in rw) else ""
    return q.answer(filled[row][i], witnesses=f"brick:{row}:{i}",
                    question=(f"{ap.LEAD} In the number wall every brick holds the sum of the two bricks directly "
                              f"below it.{blank} What number replaces the question mark?"))


# ---------------------------------------------------------------------- operation table
TABLE_OPS = {1: ("+",), 2: ("+", "×"), 3: ("+", "×", "−")}
TABLE_SIZE = {1: ((3, 3),), 2: ((3, 3), (3, 4)), 3: ((4, 4),)}


def op_value(op, a, b):
    return a + b if op == "+" else a * b if op == "×" else a - b


@task("operation_table_cell_value", answer="integer", annotation="bbox", ops="formula_evaluation")
def operation_table_cell_value(q):
    def build(s, r, t):
        d = s["level"]
        op = TABLE_OPS[d][int(r.integers(len(TABLE_OPS[d])))]
        nr, nc = TABLE_SIZE[d][int(r.integers(len(TABLE_SIZE[d])))]
        i, j = int(r.integers(nr)), int(r.integers(nc))
        if op == "+":
            col = int(r.integers(1, t)) if t > 1 else q.reject("sum below 2")
            rv = t - col
        elif op == "×":
            pairs = [(a, t // a) for a in range(1, 11) if t % a == 0 and t // a <= 10]
            q.require(bool(pairs) and t > 1, "no factor pair")
            rv, col = pairs[int(r.integers(len(pairs)))]
        else:
            col = int(r.integers(1, 10))
            rv = t + col
        lo, hi = (10, 21) if op == "−" else (1, 11 if op == "×" else 16)
        rows = [int(v) for v in r.integers(lo, hi, size=nr)]
        cols = [int(v) for v in r.integers(1, 10 if op == "−" else hi, size=nc)]
        rows[i], cols[j] = rv, col
        cells = [[op_value(op, a, b) for b in cols] for a in rows]
        shown = [list(rw) for rw in cells]
        shown[i][j] = "?"
        hide_r = d >= 2 and (d == 3 or r.random() < 0.5)
        hide_c = d == 3 or (d == 2 and not hide_r)
        s.update(kind="table", op=op, cells=shown, truth=cells, ask=[i, j],
                 rows=[None if (k == i and hide_r) else v for k, v in enumerate(rows)],
                 cols=[None if (k == j and hide_c) else v for k, v in enumerate(cols)])
        return s

    t, s = ap.plant(q, range(2, 31), build)
    i, j = s["ask"]
    op = s["op"]
    row_h, col_h = s["rows"][i], s["cols"][j]
    if row_h is None:                         # from another cell of the row and its column header
        k = next(k for k in range(len(s["cols"])) if k != j and s["cols"][k] is not None)
        v = s["cells"][i][k]
        row_h = v - s["cols"][k] if op == "+" else v // s["cols"][k] if op == "×" else v + s["cols"][k]
    if col_h is None:
        k = next(k for k in range(len(s["rows"])) if k != i and s["rows"][k] is not None)
        v = s["cells"][k][j]
        col_h = v - s["rows"][k] if op == "+" else v // s["rows"][k] if op == "×" else s["rows"][k] - v
    ans = op_value(op, row_h, col_h)
    q.step("headers", row=row_h, column=col_h, operation=op, answer=ans)
    blank = " A blank header has to be worked out from the filled cells." if None in s["rows"] + s["cols"] else ""
    return q.answer(ans, witnesses=f"cell:{i}:{j}",
                    question=(f"{ap.LEAD} It is an operation table: the corner shows the operation and each cell "
                              f"holds its row header {op} its column header.{blank} What number replaces the question "
                              "mark?"))


# ---------------------------------------------------------------------- row and column totals
TOTAL_SIZE = {1: (3, 3), 2: (3, 4), 3: (4, 5)}


@task("row_column_total_missing_value", answer="integer", annotation="bbox", ops="aggregation,formula_evaluation")
def row_column_total_missing_value(q):
    def build(s, r, t):
        d = s["level"]
        nr, nc = TOTAL_SIZE[d]
        cells = [[int(v) for v in r.integers(1, 21, size=nc)] for _ in range(nr)]
        i, j = int(r.integers(nr)), int(r.integers(nc))
        cells[i][j] = t
        shown = [list(rw) for rw in cells]
        shown[i][j] = "?"
        if d >= 2:                             # a second blank in the question mark's row or column
            if r.random() < 0.5:
                k = int(r.choice([x for x in range(nc) if x != j]))
                shown[i][k] = None
            else:
                k = int(r.choice([x for x in range(nr) if x != i]))
                shown[k][j] = None
        if d == 3:                             # and one more elsewhere, so one line needs a step first
            free = [(a, b) for a in range(nr) for b in range(nc) if a != i and b != j and shown[a][b] is not None]
            a, b = free[int(r.integers(len(free)))]
            shown[a][b] = None
        s.update(kind="totals", cells=shown, truth=cells, ask=[i, j], row_totals=[sum(rw) for rw in cells],
                 col_totals=[sum(rw[b] for rw in cells) for b in range(nc)])
        return s

    t, s = ap.plant(q, range(1, 31), build)
    i, j = s["ask"]
    grid = [[None if v in ("?", None) else v for v in rw] for rw in s["cells"]]
    ans = None
    for _ in range(4):                         # fill any line with one unknown, until the mark is known
        for a, rw in enumerate(grid):
            if rw.count(None) == 1:
                rw[rw.index(None)] = s["row_totals"][a] - sum(v for v in rw if v is not None)
        for b in range(len(grid[0])):
            col = [rw[b] for rw in grid]
            if col.count(None) == 1:
                grid[col.index(None)][b] = s["col_totals"][b] - sum(v for v in col if v is not None)
        ans = grid[i][j]
        if ans is not None:
            break
    q.require(ans == t, "the question mark is not determined")
    q.step("totals", answer=ans)
    blank = " Blank cells are unknown too." if any(None in rw for rw in s["cells"]) else ""
    return q.answer(ans, witnesses=f"cell:{i}:{j}",
                    question=(f"{ap.LEAD} The numbers right of each row and below each column are that row's and "
                              f"that column's totals.{blank} What number replaces the question mark?"))


# ---------------------------------------------------------------------- column arithmetic
def digits(v, width):
    return [int(ch) for ch in str(v).rjust(width, "0")]


@task("vertical_arithmetic_hidden_digit_value", answer="integer", annotation="bbox", ops="formula_evaluation",
      queries=("hidden_addition_digit_value", "hidden_subtraction_digit_value"))
def vertical_arithmetic_hidden_digit_value(q):
    add = q.query_id == "hidden_addition_digit_value"

    def build(s, r, t):
        n = s["level"] + 1
        a = int(r.integers(10 ** (n - 1), 10 ** n))
        b = int(r.integers(10 ** (n - 1) if add else 1, 10 ** n))
        if not add and b > a:
            a, b = b, a
        row = int(r.choice([0, 1, 2]))
        if row < 2:                            # plant the digit in an operand, then redo the result
            pos = int(r.integers(1 if (t == 0 and row == 0) else 0, n))
            ds = digits(a if row == 0 else b, n)
            ds[pos] = t
            v = int("".join(map(str, ds)))
            a, b = (v, b) if row == 0 else (a, v)
            q.require(add or a >= b, "the subtraction would go negative")
        c = a + b if add else a - b
        width = max(n, len(str(c)))
        rows = [digits(a, n), digits(b, n), digits(c, n if not add else len(str(c)))]
        if row == 2:
            hits = [k for k, v in enumerate(rows[2]) if v == t]
            q.require(bool(hits), "the result has no such digit")
            pos = hits[int(r.integers(len(hits)))]
        shown = [list(x) for x in rows]
        shown[row][pos] = "?"
        s.update(kind="column", op="+" if add else "−", a=shown[0], b=shown[1], c=shown[2], ask=[row, pos],
                 width=width)
        return s

    t, s = ap.plant(q, range(10), build)
    row, pos = s["ask"]
    rows = [s["a"], s["b"], s["c"]]
    hits = []
    for dgt in range(10):                      # the digit that makes the column sum true
        trial = [[dgt if v == "?" else v for v in x] for x in rows]
        va, vb, vc = (int("".join(map(str, x))) for x in trial)
        if (va + vb == vc) if add else (va - vb == vc):
            hits.append(dgt)
    q.require(len(hits) == 1, "the hidden digit is not unique")
    q.step("column", operation=s["op"], answer=hits[0])
    return q.answer(hits[0], witnesses=f"digit:{row}:{pos}",
                    question=(f"{ap.LEAD} It is a column {'addition' if add else 'subtraction'} (the bottom row is "
                              f"the {'sum' if add else 'difference'}). What digit replaces the question mark?"))
