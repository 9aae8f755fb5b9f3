"""games/rule_override_board: independent solvers written from the catalog programs.

Lines are found with numpy (row sums, column sums, the two diagonals of a 0/1 mask of the target
player's marks); discs are counted with collections.Counter.  The player is the recorded parameter.
"""

from collections import Counter

import numpy as np

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.rule_override_board"
P = "task_games__rule_override_board__"


def _full_line(cells, mark):
    m = np.array([[v == mark for v in row] for row in cells], dtype=int)
    n = m.shape[0]
    return bool((m.sum(0) == n).any() or (m.sum(1) == n).any() or np.trace(m) == n or np.trace(m[:, ::-1]) == n)


def line_count(state, params, qid):
    want_win = qid.endswith("_win_count")
    return sum(1 for cells in state["boards"] if (not _full_line(cells, params["player"])) == want_win)


def piece_count(state, params, qid):
    want_win = qid.endswith("_win_count")
    me = params["player"]
    out = 0
    for cells in state["boards"]:
        c = Counter(v for row in cells for v in row if v)
        mine, theirs = c[me], c["W" if me == "B" else "B"]
        assert mine != theirs, "a tied board"
        out += (mine < theirs) == want_win
    return out


SOLVERS = {P + "line_result_count": line_count, P + "piece_result_count": piece_count}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["boards"]) * s["n"] ** 2)
test_no_value_is_printed = shortcut_test(sorted(SOLVERS))


def test_known_boards():
    """A 3x3 board with X on the anti-diagonal: a loss for X under the misere rule, a win for O; a disc board
    with 2 black and 3 white discs: a win for Black (fewer), a loss for White."""
    from tracegen.domains.games.rule_override_board import wins

    xo = [["O", None, "X"], [None, "X", "O"], ["X", "O", None]]
    assert not wins("line", xo, "X") and wins("line", xo, "O")
    st = {"game": "line", "n": 3, "boards": [xo]}
    assert line_count(st, {"player": "X"}, "line_override_loss_count") == 1
    discs = [["B", "W", None], ["W", "B", None], [None, "W", None]]
    assert wins("piece", discs, "B") and not wins("piece", discs, "W")
    st = {"game": "piece", "n": 3, "boards": [discs]}
    assert piece_count(st, {"player": "B"}, "piece_override_win_count") == 1
