"""games/ultimate_tictactoe: independent solvers (itertools line checks on 3 x 3 arrays) from the catalog
programs, hand-checked small boards, and legality of the sampled games."""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.ultimate_tictactoe"
P = "task_games__ultimate_tictactoe__"


def _lines():
    rows = [[(r, c) for c in range(3)] for r in range(3)]
    cols = [[(r, c) for r in range(3)] for c in range(3)]
    return rows + cols + [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]


def _won_by(cells, who):
    g = [cells[0:3], cells[3:6], cells[6:9]]
    return any(all(g[r][c] == who for r, c in line) for line in _lines())


def _status(cells):
    for who in "XO":
        if _won_by(cells, who):
            return who
    return "D" if "." not in cells else "open"


def _one_move_wins(cells, who):
    if _status(cells) != "open":
        return []
    return [i for i in range(9) if cells[i] == "." and _won_by(cells[:i] + who + cells[i + 1:], who)]


def status_count(state, params, qid):
    want = {"x_won_board_count": {"X"}, "o_won_board_count": {"O"}, "drawn_board_count": {"D"},
            "neither_won_board_count": {"D", "open"}}[qid]
    return sum(_status(b) in want for b in state["boards"])


def threat_count(state, params, qid):
    who = "X" if qid.startswith("x") else "O"
    return sum(1 for b in state["boards"] if _one_move_wins(b, who))


def completion_label(state, params, qid):
    who = "X" if qid.startswith("x") else "O"
    opp = "O" if who == "X" else "X"
    k = state["highlight"]
    cells = state["boards"][k]
    if "blocking" in qid:
        assert not _one_move_wins(cells, who)
        key = _one_move_wins(cells, opp)
    else:
        key = _one_move_wins(cells, who)
    labels = dict(zip(state["options"], state["option_labels"]))
    hits = [labels[k * 9 + i] for i in key if k * 9 + i in labels]
    assert len(key) == 1 and len(hits) == 1
    return hits[0]


SOLVERS = {
    P + "small_board_status_count": status_count,
    P + "macro_threat_board_count": threat_count,
    P + "line_completion_move_label": completion_label,
}


def test_known_boards():
    from tracegen.domains.games import ultimate_tictactoe as m

    assert m.status("XXXOO....") == "X"
    assert m.status("XOXXOOOXX") == "D"
    assert m.status("OX.XO...O") == "O"           # the diagonal
    assert m.wins_in_one("XX.OO....", "X") == [2]
    assert m.wins_in_one("XX.OO....", "O") == [5]
    # X on 0, 2, 4: cell 1 completes the top row, 6 the diagonal 2-4-6, 8 the diagonal 0-4-8
    assert m.wins_in_one("X.X.X....", "X") == [1, 6, 8] == _one_move_wins("X.X.X....", "X")
    assert m.wins_in_one("X.X.X.O.O", "X") == [1]
    assert m.wins_in_one("XXXOO....", "O") == []        # a won board is closed


def test_games_follow_the_rules():
    import numpy as np

    from tracegen.domains.games import ultimate_tictactoe as m

    rng = np.random.default_rng(3)
    for _ in range(20):
        line = m.random_game(rng, 81, 0.6)
        for (b0, who, _), (b1, _, last) in zip(line, line[1:]):
            diff = [(k, i) for k in range(9) for i in range(9) if b0[k][i] != b1[k][i]]
            assert len(diff) == 1
            k, i = diff[0]
            assert b0[k][i] == "." and b1[k][i] == who and _status(b0[k]) == "open"
            assert i == last
        for b, _, _ in line:
            for cells in b:
                assert not (_won_by(cells, "X") and _won_by(cells, "O"))
            xs = sum(c.count("X") for c in b)
            os_ = sum(c.count("O") for c in b)
            assert xs - os_ in (0, 1)


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(ch != "." for b in s["boards"] for ch in b))
