"""games/lane_runner: independent solvers written from the catalog programs.

A path is checked to be a legal runner path (one lane per row, lane changes of at most one between
rows); the solver then intersects the path's (row, lane) cells with the coin or hazard cells as sets.
"""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.lane_runner"
P = "task_games__lane_runner__"


def _cells(state, path):
    assert len(path) == state["rows"] and all(0 <= x < state["lanes"] for x in path)
    assert all(abs(a - b) <= 1 for a, b in zip(path, path[1:])), "an illegal lane jump"
    return set(enumerate(path))


def coin_count(state, params, qid):
    return len(_cells(state, state["paths"][0]) & {tuple(x) for x in state["coins"]})


def safe_label(state, params, qid):
    hz = {tuple(x) for x in state["hazards"]}
    (lab,) = [lab for p, lab in zip(state["paths"], state["labels"]) if not (_cells(state, p) & hz)]
    return lab


SOLVERS = {P + "path_coin_count": coin_count, P + "safe_path_label": safe_label}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["lanes"] * s["rows"])
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid.endswith("_count"))


def test_known_track():
    """Two lanes, four rows: the path 0, 1, 1, 0 passes (0,0) (1,1) (2,1) (3,0); coins on (1,1) and (2,0): one
    coin.  A hazard on (2,1) makes that path unsafe, the path 0, 0, 0, 0 safe."""
    from tracegen.domains.games.lane_runner import coins_on, hits

    st = {"lanes": 2, "rows": 4, "coins": [[1, 1], [2, 0]], "hazards": [[2, 1]], "paths": [[0, 1, 1, 0]],
          "labels": []}
    assert coins_on(st, [0, 1, 1, 0]) == [(1, 1)] and coin_count(st, {}, "single") == 1
    assert hits(st, [0, 1, 1, 0]) == [(2, 1)] and hits(st, [0, 0, 0, 0]) == []
    st.update(paths=[[0, 1, 1, 0], [0, 0, 0, 0]], labels=["A", "B"])
    assert safe_label(st, {}, "single") == "B"
