"""games/match3: independent solvers (own run scan after swapping two gems)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.match3"
P = "task_games__match3__"


def cleared(board, a, b):
    g = [row[:] for row in board]
    (r1, c1), (r2, c2) = a, b
    g[r1][c1], g[r2][c2] = g[r2][c2], g[r1][c1]
    n, m = len(g), len(g[0])
    out = set()
    for r in range(n):
        for c in range(m):
            # a run of 3 starting here, extended greedily: mark every cell of it
            for dr, dc in ((0, 1), (1, 0)):
                cells = [(r + i * dr, c + i * dc) for i in range(3)]
                if all(0 <= x < n and 0 <= y < m for x, y in cells) and len({g[x][y] for x, y in cells}) == 1:
                    out.update(cells)
    return out


def gem_count(state, params, qid):
    n, col = state["n"], params["target_color"]
    if qid == "grid_color_gem_count":
        return sum(v == col for row in state["board"] for v in row)
    if qid == "row_color_gem_count":
        return sum(v == col for v in state["board"][params["line"]])
    return sum(state["board"][r][params["line"]] == col for r in range(n))


def swap_count(state, params, qid):
    a, b = state["swaps"][0]
    return len(cleared(state["board"], tuple(a), tuple(b)))


def best_swap(state, params, qid):
    vals = [len(cleared(state["board"], tuple(a), tuple(b))) for a, b in state["swaps"]]
    assert vals.count(max(vals)) == 1
    return "ABCD"[vals.index(max(vals))]


SOLVERS = {P + "gem_count": gem_count, P + "swap_clear_count": swap_count, P + "max_clear_swap_label": best_swap}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"])
test_no_value_is_printed = shortcut_test([P + "gem_count", P + "swap_clear_count"], answer=False)


def test_known_swaps():
    """Hand-checked: swapping the R at (1, 2) up into row 0 'R R B R' makes the row R R R R: 4 gems
    clear; an L-shape (a row run of 3 and a column run of 3 sharing the moved gem) clears 5; a swap
    that makes no run clears 0."""
    from tracegen.kits.gridgames import swap_clear

    board = [["R", "R", "B", "R"],
             ["G", "Y", "R", "G"],
             ["Y", "G", "B", "Y"],
             ["G", "Y", "G", "B"]]
    assert len(cleared(board, (0, 2), (1, 2))) == 4 == len(swap_clear(board, (0, 2), (1, 2)))
    board = [["G", "Y", "G", "G"],
             ["R", "R", "B", "R"],
             ["Y", "G", "R", "Y"],
             ["G", "Y", "R", "B"]]
    # B at (1, 2) swaps with R at (1, 3): row 1 reads R R R B (3) and column 2 reads R R R from row 1 down (3),
    # sharing (1, 2): 5 gems
    assert len(cleared(board, (1, 2), (1, 3))) == 5 == len(swap_clear(board, (1, 2), (1, 3)))
    assert len(cleared(board, (2, 0), (2, 1))) == 0 == len(swap_clear(board, (2, 0), (2, 1)))
