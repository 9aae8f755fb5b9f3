"""games/checkers: independent solvers (a separate array-based English-checkers move generator) from the
catalog programs, and hand-checked positions (compulsory capture, multi-jumps, crowning ends a move)."""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.checkers"
P = "task_games__checkers__"


def _grid(state):
    g = [["."] * 8 for _ in range(8)]
    for r, c, p in state["pieces"]:
        g[r][c] = p
    return g


def _dirs(p):
    if p in "RB":
        return [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return [(-1, -1), (-1, 1)] if p == "r" else [(1, -1), (1, 1)]


def _enemy(p, q):
    return q != "." and p.lower() != q.lower()


def _sequences(g, r, c):
    """Complete jump sequences from (r, c): list of (final square, captured squares)."""
    p = g[r][c]
    out = []
    for dr, dc in _dirs(p):
        mr, mc, lr, lc = r + dr, c + dc, r + 2 * dr, c + 2 * dc
        if 0 <= lr < 8 and 0 <= lc < 8 and g[lr][lc] == "." and _enemy(p, g[mr][mc]):
            g2 = [row[:] for row in g]
            g2[r][c], g2[mr][mc], g2[lr][lc] = ".", ".", p
            crowned = (p == "r" and lr == 0) or (p == "b" and lr == 7)
            more = [] if crowned else _sequences(g2, lr, lc)
            if more:
                out += [(end, [(mr, mc)] + caps) for end, caps in more]
            else:
                out.append(((lr, lc), [(mr, mc)]))
    return out


def _simple(g, r, c):
    p = g[r][c]
    return [(r + dr, c + dc) for dr, dc in _dirs(p)
            if 0 <= r + dr < 8 and 0 <= c + dc < 8 and g[r + dr][c + dc] == "."]


def _moves(state, side, captures_only=False):
    g = _grid(state)
    mine = [(r, c) for r in range(8) for c in range(8) if g[r][c].lower() == side]
    caps = [((r, c), end) for r, c in mine for end, _ in _sequences(g, r, c)]
    if caps or captures_only:
        return caps
    return [((r, c), end) for r, c in mine for end in _simple(g, r, c)]


def chain(state, params, qid):
    g = _grid(state)
    r, c = state["marked"]
    return max(len(caps) for _, caps in _sequences(g, r, c))


def move_count(state, params, qid):
    return len(_moves(state, state["to_move"], qid == "capture_move_count"))


def mobility(state, params, qid):
    return len({o for o, _ in _moves(state, state["to_move"], qid == "piece_with_capture_move_count")})


def piece_state(state, params, qid):
    color, kind = params["color"], params["kind"]
    n = 0
    for r, c, p in state["pieces"]:
        if p.lower() != color:
            continue
        if kind == "all" or (kind == "king" and p.isupper()) or (kind == "edge" and (r in (0, 7) or c in (0, 7))):
            n += 1
    return n


SOLVERS = {
    P + "max_capture_chain_length": chain,
    P + "move_count": move_count,
    P + "piece_mobility_count": mobility,
    P + "piece_state_count": piece_state,
}


def test_known_positions():
    from tracegen.kits import draughts as dr

    # a red man on (5, 2) with black men on (4, 3) and (2, 3): it jumps to (3, 4), then over (2, 3) to (1, 2)
    board = {(5, 2): "r", (4, 3): "b", (2, 3): "b", (6, 7): "r"}
    assert dr.chains(board, 8, (5, 2)) == [([(3, 4), (1, 2)], [(4, 3), (2, 3)])]
    # compulsory capture: the other red man's simple steps are not legal
    moves = dr.legal_moves(board, 8, "r")
    assert [(o, p) for o, p, _ in moves] == [((5, 2), [(3, 4), (1, 2)])]
    # without the capture both men step: (5, 2) to (4, 1) or (4, 3); (6, 7) to (5, 6)
    board2 = {(5, 2): "r", (6, 7): "r", (1, 0): "b"}
    assert sorted(p[0] for _, p, _ in dr.legal_moves(board2, 8, "r")) == [(4, 1), (4, 3), (5, 6)]
    # a man crowned by a jump stops there even if a king could jump on
    board3 = {(2, 1): "r", (1, 2): "b", (1, 4): "b"}
    assert dr.chains(board3, 8, (2, 1)) == [([(0, 3)], [(1, 2)])]
    # ... while a king goes on: (2, 1) K over (1, 2) to (0, 3), over (1, 4) to (2, 5)
    board3[(2, 1)] = "R"
    assert dr.longest_chain(board3, 8, (2, 1)) == (2, [[(1, 2), (1, 4)]])
    state = {"pieces": dr.to_pieces(board3), "to_move": "r", "marked": [2, 1]}
    assert chain(state, {}, "single") == 2


def test_states_are_legal():
    from tracegen.core import engine
    from tracegen.registry import get

    for tid in SOLVERS:
        for i in range(10):
            _, _, state, _, _ = engine.solve_only(get(tid), seed=4, split="legal", index=i)
            for r, c, p in state["pieces"]:
                assert (r + c) % 2 == 1
                assert not (p == "r" and r == 0) and not (p == "b" and r == 7)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["pieces"]))
