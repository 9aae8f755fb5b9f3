"""games/bingo: independent solvers from the catalog programs, plus a hand-checked card."""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.bingo"
P = "task_games__bingo__"


def _size(s):
    return sum(map(sum, s["marks"])) + len(s.get("called") or [])


def _line_sets(marks):
    rows = [sum(marks[r]) for r in range(5)]
    cols = [sum(marks[r][c] for r in range(5)) for c in range(5)]
    return rows, cols


def called(state, params, qid):
    card = {v for row in state["grid"] for v in row}
    return len(card & set(state["called"]))


def completed_column(state, params, qid):
    rows, cols = _line_sets(state["marks"])
    full = [c for c in range(5) if cols[c] == 5]
    assert len(full) == 1 and 5 not in rows
    return "BINGO"[full[0]]


def line_sum(state, params, qid):
    rows, cols = _line_sets(state["marks"])
    full = [("r", i) for i in range(5) if rows[i] == 5] + [("c", i) for i in range(5) if cols[i] == 5]
    assert len(full) == 1
    kind, i = full[0]
    g = state["grid"]
    return sum(g[i]) if kind == "r" else sum(g[r][i] for r in range(5))


def near(state, params, qid):
    rows, cols = _line_sets(state["marks"])
    return (rows if qid == "near_complete_row_count" else cols).count(4)


SOLVERS = {
    P + "called_number_match_count": called,
    P + "completed_column_label": completed_column,
    P + "completed_line_sum_value": line_sum,
    P + "near_complete_line_count": near,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def test_known_card():
    """The reference's seed-0 card: column I (23 24 28 19 20) ... a hand-made marking: column G full."""
    grid = [[15, 23, 37, 57, 69], [14, 24, 31, 47, 72], [10, 28, 45, 48, 65], [8, 19, 35, 55, 64],
            [3, 20, 32, 52, 67]]
    marks = [[0, 1, 0, 1, 1], [0, 1, 0, 1, 0], [0, 0, 0, 1, 0], [0, 0, 1, 1, 0], [0, 0, 0, 1, 0]]
    state = {"grid": grid, "marks": marks, "called": []}
    assert completed_column(state, {}, "single") == "G"
    assert line_sum(state, {}, "single") == 57 + 47 + 48 + 55 + 52 == 259
    assert near(state, {}, "near_complete_row_count") == 0
    from tracegen.domains.games.bingo import _complete

    assert _complete(marks) == [("col", 3)]
