"""games/slot_machine: independent solvers from the catalog programs, plus a hand-checked grid."""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.slot_machine"
P = "task_games__slot_machine__"


def _lines(g):
    """The three rows and the two long diagonals of a 3 x 3 grid, as symbol triples."""
    return [g[0], g[1], g[2], [g[0][0], g[1][1], g[2][2]], [g[2][0], g[1][1], g[0][2]]]


def _won(g):
    return [ln for ln in _lines(g) if ln[0] == ln[1] == ln[2]]


def count(state, params, qid):
    return len(_won(state["grid"]))


def paytable(state, params, qid):
    won = _won(state["grid"])
    assert len(won) == 1
    return state["pay"][won[0][0]]


def completion(state, params, qid):
    hits = [lab for col, lab in zip(state["options"], state["labels"])
            if len(_won([row + [x] for row, x in zip(state["grid"], col)])) == 1]
    assert len(hits) == 1
    return hits[0]


SOLVERS = {
    P + "winning_payline_count": count,
    P + "paytable_score_value": paytable,
    P + "reel_completion_label": completion,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["kinds"]))


def test_known_grids():
    from tracegen.domains.games.slot_machine import wins

    # the reference's seed-0 grid: cherry row, star row, cherry-star-cherry: two winning rows
    g = [["cherry"] * 3, ["star"] * 3, ["cherry", "star", "cherry"]]
    assert sorted(wins(g)) == ["row0", "row1"] and count({"grid": g}, {}, "single") == 2
    # two rows of coins crossed by both diagonals through a coin centre: 4 wins (rows 0 and 2, both diagonals)
    g = [["coin"] * 3, ["bar", "coin", "star"], ["coin"] * 3]
    assert sorted(wins(g)) == ["diag_down", "diag_up", "row0", "row2"] and count({"grid": g}, {}, "single") == 4
