"""games/tetris: independent solvers (own tetromino table, own drop and line-clear simulation)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.tetris"
P = "task_games__tetris__"

# each shape as (row, col) cells of one orientation
SHAPE_CELLS = {
    "I": [(0, 0), (1, 0), (2, 0), (3, 0)],
    "O": [(0, 0), (0, 1), (1, 0), (1, 1)],
    "T": [(0, 1), (1, 0), (1, 1), (1, 2)],
    "S": [(0, 0), (1, 0), (1, 1), (2, 1)],      # vertical S: top-left, rising to the right when laid flat
    "Z": [(0, 1), (1, 0), (1, 1), (2, 0)],
    "J": [(0, 1), (1, 1), (2, 1), (2, 0)],
    "L": [(0, 0), (1, 0), (2, 0), (2, 1)],
}


def norm(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def orientations(name):
    out, cells = [], SHAPE_CELLS[name]
    for _ in range(4):
        cells = [(c, -r) for r, c in cells]     # quarter turn counter-clockwise
        n = norm(cells)
        if n not in out:
            out.append(n)
    return out


def shape_of(cells):
    n = norm(cells)
    (name,) = [k for k in SHAPE_CELLS if n in orientations(k)]
    return name


def free(board, cells):
    return all(0 <= r < len(board) and 0 <= c < len(board[0]) and board[r][c] == 0 for r, c in cells)


def fall(board, cells):
    n = 0
    while free(board, [(r + n + 1, c) for r, c in cells]):
        n += 1
    return n


def settle(board, cells, v):
    b = [row[:] for row in board]
    for r, c in cells:
        b[r][c] = v
    left = [row for row in b if not all(row)]
    return [[0] * len(board[0]) for _ in range(len(b) - len(left))] + left, len(b) - len(left)


def shape_label(state, params, qid):
    name = shape_of([tuple(x) for x in state["piece"]["cells"]])
    return "ABCD"[state["shape_options"].index(name)]


def collision(state, params, qid):
    shift = {"no_shift_collision_time": 0, "left_shift_collision_time": -1,
             "right_shift_collision_time": 1}[qid] * params.get("shift_columns", 0)
    cells = [tuple(x) for x in state["piece"]["cells"]]
    for j in range(1, abs(shift) + 1):
        assert free(state["board"], [(r, c + (j if shift > 0 else -j)) for r, c in cells])
    return fall(state["board"], [(r, c + shift) for r, c in cells])


def drop_result(state, params, qid):
    cells = [tuple(x) for x in state["piece"]["cells"]]
    n = fall(state["board"], cells)
    result, _ = settle(state["board"], [(r + n, c) for r, c in cells], state["piece"]["color"])
    (i,) = [i for i, b in enumerate(state["options"]) if b == result]
    return state["option_labels"][i]


def best_clear(board, name):
    best = 0
    for o in orientations(name):
        w = max(c for _, c in o) + 1
        for col in range(len(board[0]) - w + 1):
            cells = [(r, c + col) for r, c in o]
            if free(board, cells):
                n = fall(board, cells)
                best = max(best, settle(board, [(r + n, c) for r, c in cells], 1)[1])
    return best


def line_clear(state, params, qid):
    return best_clear(state["board"], state["next"])


def rows_status(state, params, qid):
    grid = [row[:] for row in state["board"]]
    for r, c in state["piece"]["cells"]:
        grid[r][c] = 1
    gaps = 0 if qid == "full_row_count" else 1
    return sum(1 for row in grid if row.count(0) == gaps)


SOLVERS = {
    P + "active_piece_shape_label": shape_label,
    P + "drop_collision_time_value": collision,
    P + "drop_result_label": drop_result,
    P + "line_clear_count": line_clear,
    P + "row_occupancy_status_count": rows_status,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rows"] * s["cols"])
test_no_value_is_printed = shortcut_test([P + "drop_collision_time_value", P + "line_clear_count",
                                          P + "row_occupancy_status_count"])


def _board(rows):
    return [[0 if ch == "." else 1 for ch in line] for line in rows]


def test_known_positions():
    """Hand-checked: a vertical I into a one-column well four rows deep clears 4 rows; a T sitting on
    a step; the kit and the independent solver agree."""
    from tracegen.kits import gridgames as gg

    board = _board([".......", ".......", ".......", ".......",
                    "###.###", "###.###", "###.###", "###.###"])
    assert best_clear(board, "I") == 4 == gg.max_clear(board, "I")[0]
    assert best_clear(board, "O") == 0 == gg.max_clear(board, "O")[0]
    # an upright L/J hangs its foot on the well's rim: its 3-cell stem fills rows 3-5 of the well column,
    # completing the two well rows 4 and 5
    assert best_clear(board, "L") == 2 == gg.max_clear(board, "L")[0] == gg.max_clear(board, "J")[0]
    # a T pointing down into a one-cell notch completes the row it fills
    board = _board([".....", ".....", ".....", "##.##"])
    assert best_clear(board, "T") == 1 == gg.max_clear(board, "T")[0]
    # the T falls from the top rows 0-1 to rows 2-3: two successful steps
    t_down = [(0, 1), (0, 2), (0, 3), (1, 2)]
    assert fall(board, t_down) == 2 == gg.drop_steps(board, t_down)
    after, n = settle(board, [(r + 2, c) for r, c in t_down], 5)
    assert n == 1 and after == [[0] * 5, [0] * 5, [0] * 5, [0, 5, 5, 5, 0]]
    assert gg.lock(board, [(r + 2, c) for r, c in t_down], 5) == (after, [3])
    for name in SHAPE_CELLS:
        assert {frozenset(o) for o in gg.tetromino_rotations(name)} == set(orientations(name)), name
