"""games/2048: an independent 2048 move (rotate the board so the move is 'left', compress, merge)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.game_2048"
P = "task_games__2048__"


def rot_cw(b):
    return [list(row) for row in zip(*b[::-1])]


def turns(move):
    # clockwise quarter turns that bring the move's wall to the left
    return {"left": 0, "down": 1, "right": 2, "up": 3}[move]


def move_board(board, move):
    """(result, number of merges)."""
    b = [row[:] for row in board]
    k = turns(move)
    for _ in range(k):
        b = rot_cw(b)
    out, merges = [], 0
    for row in b:
        vals = [v for v in row if v]
        res, i = [], 0
        while i < len(vals):
            if i + 1 < len(vals) and vals[i] == vals[i + 1]:
                res.append(2 * vals[i])
                merges += 1
                i += 2
            else:
                res.append(vals[i])
                i += 1
        out.append(res + [0] * (len(row) - len(res)))
    for _ in range((4 - k) % 4):
        out = rot_cw(out)
    return out, merges


def max_tile(state, params, qid):
    return max(max(r) for r in move_board(state["board"], state["move"])[0])


def merges(state, params, qid):
    return move_board(state["board"], state["move"])[1]


def result_label(state, params, qid):
    res = move_board(state["board"], state["move"])[0]
    (i,) = [i for i, o in enumerate(state["options"]) if o == res]
    return "ABCDEF"[i]


SOLVERS = {P + "max_tile_value": max_tile, P + "merge_count": merges, P + "move_result_board_label": result_label}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"])
# the merge count may coincide with a tile value (2, 4): only the largest tile is checked (never drawn before the move)
test_no_value_is_printed = shortcut_test([P + "max_tile_value"])


def test_known_moves():
    """Hand-checked rows: [2, 2, 2, 2] left is [4, 4, 0, 0] (two merges, no chaining); [2, 2, 4, 0]
    left is [4, 4, 0, 0] (the new 4 does not merge again); [4, 0, 4, 8] right is [0, 0, 8, 8];
    three equal tiles merge the pair nearest the wall: [2, 2, 2, 0] right is [0, 0, 2, 4]."""
    from tracegen.kits.gridgames import slide_2048

    cases = [([2, 2, 2, 2], "left", [4, 4, 0, 0], 2), ([2, 2, 4, 0], "left", [4, 4, 0, 0], 1),
             ([4, 0, 4, 8], "right", [0, 0, 8, 8], 1), ([2, 2, 2, 0], "right", [0, 0, 2, 4], 1)]
    for row, move, want, m in cases:
        board = [row, [0] * 4, [0] * 4, [0] * 4]
        res, n = move_board(board, move)
        assert res[0] == want and n == m, (row, move)
        kit, pairs = slide_2048(board, move)
        assert kit == res and len(pairs) == m
    col = [[2], [2], [2], [0]]
    board = [c + [0, 0, 0] for c in col]
    res, n = move_board(board, "up")
    assert [r[0] for r in res] == [4, 2, 0, 0] and n == 1 and slide_2048(board, "up")[0] == res
    assert slide_2048([[2, 2, 4, 0]] + [[0] * 4] * 3, "left", chain=True)[0][0] == [8, 0, 0, 0]
