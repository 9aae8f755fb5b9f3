"""games/connect_four: independent solvers (full-board line scans on a 2-D grid) from the catalog programs."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.connect_four"
P = "task_games__connect_four__"
W, H = 7, 6


def _grid(state):
    g = [[None] * W for _ in range(H)]
    for c, col in enumerate(state["cols"]):
        for r, ch in enumerate(col):
            g[r][c] = ch
    return g


def _fours(g):
    """Every colour that has four in a row on grid ``g``."""
    out = set()
    for r in range(H):
        for c in range(W):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= a < H and 0 <= b < W for a, b in cells):
                    vals = {g[a][b] for a, b in cells}
                    if len(vals) == 1 and None not in vals:
                        out |= vals
    return out


def _mover(state):
    s = "".join(state["cols"])
    return "R" if s.count("R") == s.count("Y") else "Y"


def _wins(state, who):
    g = _grid(state)
    out = []
    for c in range(W):
        h = len(state["cols"][c])
        if h < H:
            g2 = [row[:] for row in g]
            g2[h][c] = who
            if who in _fours(g2):
                out.append(c)
    return out


def winning_label(state, params, qid):
    wins = _wins(state, _mover(state))
    assert len(wins) == 1
    return "ABCDEFG"[wins[0]]


def blocking_label(state, params, qid):
    me = _mover(state)
    opp = "Y" if me == "R" else "R"
    assert not _wins(state, me)
    threats = _wins(state, opp)
    assert len(threats) == 1
    return "ABCDEFG"[threats[0]]


def win_count(state, params, qid):
    return len(_wins(state, _mover(state)))


def profile_label(state, params, qid):
    # the (red, yellow) counts the question names; exactly one column holds them
    red, yellow = params["profile"]
    hits = [k for k, col in enumerate(state["cols"]) if (col.count("R"), col.count("Y")) == (red, yellow)]
    assert len(hits) == 1
    return "ABCDEFG"[hits[0]]


SOLVERS = {
    P + "winning_move_column_label": winning_label,
    P + "blocking_move_column_label": blocking_label,
    P + "winning_move_count": win_count,
    P + "column_disc_profile_label": profile_label,
}


def test_positions_are_legal():
    import numpy as np

    from tracegen.core import engine
    from tracegen.registry import get

    for tid in SOLVERS:
        for i in range(15):
            _, _, state, _, _ = engine.solve_only(get(tid), seed=2, split="legal", index=i)
            s = "".join(state["cols"])
            assert s.count("R") - s.count("Y") in (0, 1)
            assert not _fours(_grid(state))
            assert all(len(col) <= H for col in state["cols"])
    del np


def test_known_position():
    # Red: A-C and E on the bottom row with D empty, and three stacked in E; Yellow: three stacked in F
    from tracegen.domains.games import connect_four as m

    cols = [list("R"), list("R"), list("R"), [], list("RRR"), list("YYY"), list("YY")]
    # counts: R 6, Y 5 -> Yellow to move
    assert m.to_move(cols) == "Y"
    assert m.winning_columns(cols, "R") == [3, 4]       # D fills the bottom row gap; E completes the stack
    assert m.winning_columns(cols, "Y") == [5]
    state = {"cols": ["".join(c) for c in cols]}
    assert _wins(state, "R") == [3, 4]


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(len(c) for c in s["cols"]))
test_no_value_is_printed = shortcut_test([P + "winning_move_count"])
