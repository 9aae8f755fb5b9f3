"""games/reversi: independent solvers (numpy ray walks) from the catalog programs, and hand-checked
positions (the opening's four moves, a multi-direction flip)."""

import numpy as np

from taskcheck import scene_tests

MOD = "tracegen.domains.games.reversi"
P = "task_games__reversi__"
RAYS = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b]


def _arr(state):
    return np.array([list(row) for row in state["rows"]])


def _flipped(a, r, c, me):
    if a[r, c] != ".":
        return set()
    n = a.shape[0]
    opp = "W" if me == "B" else "B"
    got = set()
    for dr, dc in RAYS:
        k, run = 1, []
        while 0 <= r + k * dr < n and 0 <= c + k * dc < n and a[r + k * dr, c + k * dc] == opp:
            run.append((r + k * dr, c + k * dc))
            k += 1
        if run and 0 <= r + k * dr < n and 0 <= c + k * dc < n and a[r + k * dr, c + k * dc] == me:
            got |= set(run)
    return got


def frontier(state, params, qid):
    a = _arr(state)
    n = a.shape[0]
    pad = np.full((n + 2, n + 2), "#")
    pad[1:-1, 1:-1] = a
    count = 0
    for r, c in zip(*np.nonzero(a == params["color"])):
        if (pad[r:r + 3, c:c + 3] == ".").any():
            count += 1
    return count


def legal_count(state, params, qid):
    a = _arr(state)
    n = a.shape[0]
    return sum(1 for r in range(n) for c in range(n) if _flipped(a, r, c, state["to_move"]))


def flip_count(state, params, qid):
    r, c = state["marked"]
    return len(_flipped(_arr(state), r, c, state["to_move"]))


SOLVERS = {
    P + "frontier_disc_count": frontier,
    P + "legal_destination_count": legal_count,
    P + "marked_move_flip_count": flip_count,
}


def test_known_positions():
    from tracegen.domains.games import reversi as m

    g = m.start(8)
    # the opening: Black has exactly d3, c4, f5, e6 (row, col) = (2, 3), (3, 2), (4, 5), (5, 4), each flipping one
    assert m.legal(g, "B") == [(2, 3), (3, 2), (4, 5), (5, 4)]
    assert all(len(m.flips(g, r, c, "B")) == 1 for r, c in m.legal(g, "B"))
    # a move flipping along two lines: W at (0, 0) and (0, 4), B at (0, 1..3) and (1, 1), W at (2, 2)
    rows = ["W...W...", ".B......", "..W.....", "........", "........", "........", "........", "........"]
    rows[0] = "WBBBW..."
    g = [list(r) for r in rows]
    g[0][0] = "."
    # White on (0, 0): right flips (0,1)-(0,3) (closed by (0,4)); diagonal flips (1,1) (closed by (2,2))
    assert m.flips(g, 0, 0, "W") == [(0, 1), (0, 2), (0, 3), (1, 1)]
    state = {"rows": ["".join(r) for r in g], "to_move": "W", "marked": [0, 0]}
    assert flip_count(state, {}, "single") == 4
    # frontier: every disc of that position touches an empty square
    assert frontier(state, {"color": "B"}, "single") == 4


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(ch != "." for row in s["rows"] for ch in row))
