"""three_d/surface_fixture: independent solvers written from the catalog programs."""

from collections import Counter

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.three_d.surface_fixture"
P = "task_three_d__surface_fixture__"
L = "ABCDEF"


def _colours(board):
    return Counter(v for row in board["cells"] for v in row if v is not None)


def repeated(state, params, qid):
    return sum(_colours(state["boards"][0]).values())


def colored(state, params, qid):
    return _colours(state["boards"][0])[params["target_color"]]


def scoped(state, params, qid):
    cells = state["boards"][0]["cells"]
    i = params["scope_index"]
    line = cells[i] if qid == "row_scoped_color_count" else [row[i] for row in cells]
    return sum(v == params["target_color"] for v in line)


def after_ops(state, params, qid):
    bag = _colours(state["boards"][0])
    for op in params["plan"]["ops"]:
        bag[op["color"]] += op["delta"]
        assert bag[op["color"]] >= 0
    return bag[params["target_color"]]


def frequency(state, params, qid):
    bag = _colours(state["boards"][0])
    opts = state["options"]
    if qid == "most_frequent_color":
        (best, n1), (_, n2) = bag.most_common(2)
        assert n1 > n2
        return L[opts.index(best)]
    (k,) = [k for k, name in enumerate(opts) if bag[name] == 0]
    return L[k]


def extremum(state, params, qid):
    totals = [sum(_colours(b).values()) for b in state["boards"]]
    want = max(totals) if qid == "highest_element_count" else min(totals)
    assert totals.count(want) == 1
    return L[totals.index(want)]


def _recolor(cells, src, dst):
    return [[dst if v == src else v for v in row] for row in cells]


def recolor_match(state, params, qid):
    src, dst = params["recolor"]
    want = _recolor(state["boards"][0]["cells"], src, dst)
    (k,) = [k for k, b in enumerate(state["boards"][1:]) if b["cells"] == want]
    return L[k]


SOLVERS = {
    P + "repeated_element_count": repeated,
    P + "colored_element_count": colored,
    P + "scoped_colored_element_count": scoped,
    P + "color_count_after_operations_value": after_ops,
    P + "color_frequency_option_label": frequency,
    P + "element_count_extremum_label": extremum,
    P + "recolor_board_match_label": recolor_match,
}


def _size(state):
    return max(b["rows"] * b["cols"] for b in state["boards"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test([P + "repeated_element_count", P + "colored_element_count",
                                        P + "scoped_colored_element_count", P + "color_count_after_operations_value"])


def test_known_boards():
    """Hand-checked: a 2 x 3 board with one empty slot."""
    board = {"rows": 2, "cols": 3, "cells": [["red", None, "blue"], ["red", "red", "green"]]}
    state = {"boards": [board]}
    assert repeated(state, {}, "single") == 5
    assert colored(state, {"target_color": "red"}, "single") == 3
    assert scoped(state, {"scope_index": 0, "target_color": "red"}, "column_scoped_color_count") == 2
    assert scoped(state, {"scope_index": 0, "target_color": "red"}, "row_scoped_color_count") == 1
    plan = {"ops": [{"color": "blue", "delta": -1}, {"color": "red", "delta": 2}, {"color": "red", "delta": -4}]}
    assert after_ops(state, {"plan": plan, "target_color": "red"}, "single") == 1
    good = {"rows": 2, "cols": 3, "cells": [["blue", None, "blue"], ["blue", "blue", "green"]]}
    state = {"boards": [board, board, good, board, board]}
    assert recolor_match(state, {"recolor": ["red", "blue"]}, "single") == "B"


def test_grid_lines_stay_readable():
    import numpy as np

    from tracegen.domains.three_d import surface_fixture as m

    for d in (1, 2, 3):
        for s in range(6):
            st = m.SCENE.sample(np.random.default_rng(s), d)
            assert all(m.lines_ok(b) for b in st["boards"])
