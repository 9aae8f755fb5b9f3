"""games/tower_draughts_board: independent solvers (array scans of the stacks) from the catalog programs,
and a hand-checked capture position."""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.tower_draughts_board"
P = "task_games__tower_draughts_board__"


def controlled(state, params, qid):
    return sum(1 for _, _, s in state["stacks"] if s[-1] == params["color"])


def captures(state, params, qid):
    n = state["n"]
    grid = [[None] * n for _ in range(n)]
    for r, c, s in state["stacks"]:
        grid[r][c] = s
    r, c = state["marked"]
    me = grid[r][c][-1]
    count = 0
    for dr in (-1, 1):
        for dc in (-1, 1):
            mr, mc, lr, lc = r + dr, c + dc, r + 2 * dr, c + 2 * dc
            if not (0 <= lr < n and 0 <= lc < n):
                continue
            if grid[mr][mc] is not None and grid[mr][mc][-1] != me and grid[lr][lc] is None:
                count += 1
    return count


SOLVERS = {
    P + "controlled_stack_count": controlled,
    P + "marked_stack_capture_count": captures,
}


def test_known_position():
    from tracegen.kits import draughts as dr

    # a black-topped stack on (2, 3) of a 6 x 6 board; red-topped stacks on (1, 2), (1, 4), (3, 4);
    # (0, 5) is occupied, so only the jumps over (1, 2) and (3, 4) exist; (3, 2) is black-topped (own)
    towers = {(2, 3): "rb", (1, 2): "brr", (1, 4): "r", (0, 5): "b", (3, 4): "bbr", (3, 2): "rrb"}
    assert dr.stack_captures(towers, 6, (2, 3)) == [((1, 2), (0, 1)), ((3, 4), (4, 5))]
    state = {"n": 6, "stacks": [[r, c, s] for (r, c), s in sorted(towers.items())], "marked": [2, 3]}
    assert captures(state, {}, "single") == 2
    # control is the top disc only: three stacks are red-controlled
    assert controlled(state, {"color": "r"}, "single") == 3


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"])
