"""games/irregular_link_board: independent solvers written from the catalog programs.

Points are re-read as (row, column) pairs; the solver tries the 8 compass directions from the marked
piece: a step needs the drawn link to the neighbour and an empty neighbour; a capture needs the drawn
links marked->neighbour->beyond in that direction, an opponent on the neighbour and an empty beyond.
"""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.irregular_link_board"
P = "task_games__irregular_link_board__"
DIRS = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]


def _setup(state):
    n = state["n"]
    rc = lambda p: divmod(p, n)   # noqa: E731
    drawn = {frozenset((rc(a), rc(b))) for a, b in state["links"]}
    occupied = {rc(p) for p in state["pieces"]}
    return n, drawn, occupied, rc(state["marked"])


def steps(state, params, qid):
    n, drawn, occupied, (r, c) = _setup(state)
    return sum(1 for a, b in DIRS if 0 <= r + a < n and 0 <= c + b < n
               and frozenset(((r, c), (r + a, c + b))) in drawn and (r + a, c + b) not in occupied)


def captures(state, params, qid):
    n, drawn, occupied, (r, c) = _setup(state)
    total = 0
    for a, b in DIRS:
        mid, far = (r + a, c + b), (r + 2 * a, c + 2 * b)
        if not (0 <= far[0] < n and 0 <= far[1] < n):
            continue
        if frozenset(((r, c), mid)) in drawn and frozenset((mid, far)) in drawn and mid in occupied \
                and far not in occupied:
            total += 1
    return total


SOLVERS = {P + "capture_move_count": captures, P + "marked_piece_destination_count": steps}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"] ** 2)


def test_known_board():
    """5x5 points, X on 12 (row 2, column 2).  Links 12-11 and 11-10 are drawn and an opponent stands on 11
    with 10 empty: one capture (landing on 10).  Link 12-13 is drawn and 13 is empty: one step.  Link 7-12 is
    drawn but 7 holds an opponent, and there is no link 7-2: neither a step nor a capture upward."""
    from tracegen.domains.games.irregular_link_board import grid_lines
    from tracegen.kits import pointboards as pb

    st = {"n": 5, "links": [[11, 12], [10, 11], [12, 13], [7, 12]], "pieces": [11, 7], "marked": 12}
    sides = {11: "prey", 7: "prey", 12: "hunter"}
    assert pb.jumps(grid_lines(5), st["links"], sides, 12) == [10] and captures(st, {}, "single") == 1
    assert pb.steps(st["links"], set(sides), 12) == [13] and steps(st, {}, "single") == 1
