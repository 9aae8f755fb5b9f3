"""games/backgammon: independent solvers (checker-by-checker move enumeration over a 26-slot array, pip
counts from point numbers) from the catalog programs, and hand-checked positions."""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.backgammon"
P = "task_games__backgammon__"


def _slots(state):
    """slots[p] = signed count for points 1..24 (+ the mover's checkers, - the opponent's)."""
    me = state["active"]
    slots = [0] * 26
    for p, side, n in state["points"]:
        slots[p] += n if side == me else -n
    return slots


def destinations(state, params, qid):
    slots = _slots(state)
    assert state["bar"][state["active"]] == 0
    seen = {}
    for src in range(1, 25):
        if slots[src] <= 0:
            continue
        for die in state["dice"]:
            dst = src - die if state["dir"] == -1 else src + die
            if dst < 1 or dst > 24:
                continue          # bearing off: no numbered point
            v = slots[dst]
            seen[dst] = "blocked" if v <= -2 else ("hit" if v == -1 else "open")
    if qid == "legal_move_count":
        return sum(1 for v in seen.values() if v != "blocked")
    if qid == "hit_move_count":
        return sum(1 for v in seen.values() if v == "hit")
    return sum(1 for v in seen.values() if v == "blocked")


def pips(state, params, qid):
    total = 0
    for p, side, n in state["points"]:
        if side == state["active"]:
            total += n * (p if state["dir"] == -1 else 25 - p)
    return total + 25 * state["bar"][state["active"]]


def point_state(state, params, qid):
    lo = {"one": 1, "two_plus": 2, "three_plus": 3}[params["condition"]]
    hi = 1 if params["condition"] == "one" else 99
    return len([1 for p, side, n in state["points"] if side == params["colour"] and lo <= n <= hi])


SOLVERS = {
    P + "destination_count": destinations,
    P + "pip_count_value": pips,
    P + "point_state_count": point_state,
}


def test_known_positions():
    from tracegen.kits import race_boards as rb

    # black moves 24 -> 1 with dice 3 and 5: from 13 to 10 (white blot: hit) and 8 (two white: blocked);
    # from 6 to 3 (empty) and to 1 (own); from 1 nothing lands on the board (bear-off not allowed: 13 is out)
    pts = [[13, "B", 2], [10, "W", 1], [8, "W", 2], [6, "B", 3], [1, "B", 1]]
    dests = rb.bg_destinations(pts, {}, "B", -1, [3, 5])
    assert dests == {10: "hit", 8: "blocked", 3: "empty", 1: "own"}
    moves = rb.bg_single_moves(pts, {}, "B", -1, [3, 5])
    assert not any(to == "off" for _, _, to, _ in moves)
    st = {"points": pts, "bar": {"B": 0, "W": 0}, "active": "B", "dir": -1, "dice": [3, 5]}
    assert destinations(st, {}, "legal_move_count") == 3
    assert destinations(st, {}, "hit_move_count") == 1
    assert destinations(st, {}, "blocked_destination_count") == 1
    # all black checkers home: a 5 from point 3 bears off
    home = [[3, "B", 2], [2, "B", 1]]
    assert ("off" in [to for _, _, to, _ in rb.bg_single_moves(home, {}, "B", -1, [5, 1])])
    # a checker on the bar must enter first: white moving 1 -> 24 enters on the die's point
    entry = rb.bg_single_moves([[4, "B", 2], [10, "W", 1]], {"W": 1}, "W", 1, [4, 2])
    assert entry == [("bar", 2, 2, "empty"), ("bar", 4, 4, "blocked")]
    # pip counts: black (24 -> 1) 2 on 6 and 1 on 1 = 13; white (1 -> 24) on 19 x2 = 12, plus one on the bar
    assert rb.bg_pip_count([[6, "B", 2], [1, "B", 1], [19, "W", 2]], {"W": 1}, "B", -1) == 13
    assert rb.bg_pip_count([[6, "B", 2], [1, "B", 1], [19, "W", 2]], {"W": 1}, "W", 1) == 12 + 25
    st = {"points": [[6, "B", 2], [1, "B", 1], [19, "W", 2]], "bar": {"B": 0, "W": 0}, "active": "W", "dir": 1}
    assert pips(st, {}, "single") == 12


def test_layout():
    from tracegen.domains.games import backgammon as m

    assert m.point_column(1) == (0, False) and m.point_column(12) == (11, False)
    assert m.point_column(13) == (11, True) and m.point_column(24) == (0, True)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["points"]))
