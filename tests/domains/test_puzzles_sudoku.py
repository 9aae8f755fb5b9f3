"""puzzles/sudoku: independent solvers written from the catalog programs."""

from taskcheck import scene_tests

MOD = "tracegen.domains.puzzles.sudoku"
P = "task_puzzles__sudoku__"


def _units(state):
    n = state["n"]
    br, bc = state["box"]
    units = [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    for r0 in range(0, n, br):
        for c0 in range(0, n, bc):
            units.append([(r0 + i, c0 + j) for i in range(br) for j in range(bc)])
    return units


def _candidate_digits(state, r, c):
    b = state["board"]
    used = set()
    for unit in _units(state):
        if (r, c) in unit:
            used |= {b[x][y] for x, y in unit if (x, y) != (r, c)}
    return [d for d in range(1, state["n"] + 1) if d not in used]


def candidate_count(state, params, qid):
    r, c = params["marked"]
    assert state["board"][r][c] == 0
    return len(_candidate_digits(state, r, c))


def cell_value(state, params, qid):
    r, c = params["marked"]
    assert state["board"][r][c] == 0
    (d,) = _candidate_digits(state, r, c)
    return d


def mistake(state, params, qid):
    b = state["board"]
    bad = []
    for (r, c), lab in zip(state["options"], state["option_labels"]):
        v = b[r][c]
        if any(sum(b[x][y] == v for x, y in unit) > 1 for unit in _units(state) if (r, c) in unit):
            bad.append(lab)
    (lab,) = bad
    return lab


SOLVERS = {
    P + "marked_cell_candidate_count": candidate_count,
    P + "marked_cell_value": cell_value,
    P + "mistake_cell_label": mistake,
}


# always 9x9: difficulty thins the givens
test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(v == 0 for row in s["board"] for v in row))


def test_always_nine_by_nine():
    from taskcheck import scene_tasks

    from tracegen.core import engine

    for tid, spec in scene_tasks(MOD).items():
        for i in range(10):
            _, _, state, params, _ = engine.solve_only(spec, seed=3, split="nine", index=i)
            assert state["n"] == 9 and state["box"] == [3, 3] and len(state["board"]) == 9
            if "options" in state:
                assert len(state["options"]) == 4
