"""puzzles/arithmetic_panel: independent solvers -- linear systems (numpy) for the number wall and
the totals grid with a check that the question mark is determined, the side total agreed by
every complete side, header search for the operation table, and the column operand recovered by
the inverse operation -- plus the rule each puzzle states checked against its hidden truth."""

import numpy as np
from taskcheck import scene_tests

MOD = "tracegen.domains.puzzles.arithmetic_panel"
P = "task_puzzles__arithmetic_panel__"


def sides_of(n, per):
    ring = n * (per + 1)
    return [[(k * (per + 1) + j) % ring for j in range(per + 2)] for k in range(n)]


def equal_sum(state, params, qid):
    vals, ask = state["values"], state["ask"]
    sides = sides_of(state["sides"], state["per_side"])
    totals = {sum(vals[i] for i in sd) for sd in sides if ask not in sd}
    assert len(totals) == 1
    (total,) = totals
    answers = {total - sum(vals[i] for i in sd if i != ask) for sd in sides if ask in sd}
    assert len(answers) == 1
    return answers.pop()


def determined(rows, rhs, k):
    """Solve rows @ x = rhs; assert unknown ``k`` is pinned down (no null-space component)."""
    a, b = np.array(rows, dtype=float), np.array(rhs, dtype=float)
    x, *_ = np.linalg.lstsq(a, b, rcond=None)
    assert np.allclose(a @ x, b)
    _, sv, vt = np.linalg.svd(a)
    null = vt[int((sv > 1e-9).sum()):]
    assert np.all(np.abs(null[:, k]) < 1e-9) if len(null) else True
    return int(round(x[k]))


def wall(state, params, qid):
    rows = state["rows"]
    unknown = [(r, i) for r, rw in enumerate(rows) for i, v in enumerate(rw) if v is None or v == "?"]
    col = {u: k for k, u in enumerate(unknown)}
    eqs, rhs = [], []
    for r in range(1, len(rows)):
        for i in range(len(rows[r])):
            row, const = [0.0] * len(unknown), 0.0
            for (rr, ii), sign in (((r, i), 1), ((r - 1, i), -1), ((r - 1, i + 1), -1)):
                if (rr, ii) in col:
                    row[col[(rr, ii)]] += sign
                else:
                    const -= sign * rows[rr][ii]
            eqs.append(row)
            rhs.append(const)
    return determined(eqs, rhs, col[tuple(state["ask"])])


def table(state, params, qid):
    op = {"+": lambda a, b: a + b, "×": lambda a, b: a * b, "−": lambda a, b: a - b}[state["op"]]
    rows, cols, cells = state["rows"], state["cols"], state["cells"]
    i, j = state["ask"]
    found = set()
    for rv in ([rows[i]] if rows[i] is not None else range(0, 41)):
        for cv in ([cols[j]] if cols[j] is not None else range(0, 41)):
            rr, cc = list(rows), list(cols)
            rr[i], cc[j] = rv, cv
            if all(op(rr[a], cc[b]) == v for a, rw in enumerate(cells) for b, v in enumerate(rw) if v != "?"):
                found.add(op(rv, cv))
    assert len(found) == 1
    return found.pop()


def totals(state, params, qid):
    cells = state["cells"]
    unknown = [(a, b) for a, rw in enumerate(cells) for b, v in enumerate(rw) if v is None or v == "?"]
    col = {u: k for k, u in enumerate(unknown)}
    eqs, rhs = [], []
    lines = [[(a, b) for b in range(len(cells[0]))] for a in range(len(cells))] + [
        [(a, b) for a in range(len(cells))] for b in range(len(cells[0]))]
    sums = state["row_totals"] + state["col_totals"]
    for line, total in zip(lines, sums):
        row = [0.0] * len(unknown)
        for u in line:
            if u in col:
                row[col[u]] = 1.0
        eqs.append(row)
        rhs.append(total - sum(cells[a][b] for a, b in line if (a, b) not in col))
    return determined(eqs, rhs, col[tuple(state["ask"])])


def column(state, params, qid):
    row, pos = state["ask"]
    nums = [state["a"], state["b"], state["c"]]

    def value(ds):
        return int("".join(str(d) for d in ds))

    add = qid == "hidden_addition_digit_value"
    known = {k: value(ds) for k, ds in enumerate(nums) if k != row}
    if row == 2:
        whole = known[0] + known[1] if add else known[0] - known[1]
    elif row == 0:
        whole = known[2] - known[1] if add else known[2] + known[1]
    else:
        whole = known[2] - known[0] if add else known[0] - known[2]
    text = str(whole).rjust(len(nums[row]), "0")
    assert len(text) == len(nums[row]) and all(
        ch == str(d) for k, (ch, d) in enumerate(zip(text, nums[row])) if k != pos)
    return int(text[pos])


SOLVERS = {
    P + "equal_sum_line_constraint_value": equal_sum,
    P + "number_wall_value": wall,
    P + "operation_table_cell_value": table,
    P + "row_column_total_missing_value": totals,
    P + "vertical_arithmetic_hidden_digit_value": column,
}


def _size(s):
    kind = s["kind"]
    if kind == "polygon":
        return len(s["values"])
    if kind == "wall":
        return sum(len(rw) for rw in s["rows"]) + sum(v is None for rw in s["rows"] for v in rw)
    if kind == "table":
        return len(s["cells"]) * len(s["cells"][0]) + (s["rows"] + s["cols"]).count(None) + "+×−".index(s["op"])
    if kind == "totals":
        return sum(len(rw) for rw in s["cells"]) + sum(v is None for rw in s["cells"] for v in rw)
    return len(s["a"]) + len(s["b"]) + len(s["c"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def test_puzzles_keep_their_stated_rules():
    """The hidden truth of each built puzzle obeys the rule the question states."""
    from tracegen import registry
    from tracegen.core import engine

    for tid in SOLVERS:
        spec = registry.get(tid)
        for d in (1, 2, 3):
            s = engine.solve_only(spec, seed=11, split="rules", index=d, difficulty=d)[2]
            if s["kind"] == "polygon":
                assert len({sum(s["truth"][i] for i in sd) for sd in sides_of(s["sides"], s["per_side"])}) == 1
            elif s["kind"] == "wall":
                t = s["truth"]
                assert all(t[r][i] == t[r - 1][i] + t[r - 1][i + 1] for r in range(1, len(t)) for i in range(len(t[r])))
            elif s["kind"] == "totals":
                t = s["truth"]
                assert [sum(rw) for rw in t] == s["row_totals"]
                assert [sum(c) for c in zip(*t)] == s["col_totals"]
