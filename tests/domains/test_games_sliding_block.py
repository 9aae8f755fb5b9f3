"""games/sliding_block: independent solvers (own occupancy grid and slide simulation)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.sliding_block"
P = "task_games__sliding_block__"
STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def footprint(b):
    return [(b["r"] + i * (b["dir"] == "v"), b["c"] + i * (b["dir"] == "h")) for i in range(b["len"])]


def grid(state, blocks=None):
    g = [[None] * state["n"] for _ in range(state["n"])]
    for b in blocks or state["blocks"]:
        for r, c in footprint(b):
            assert g[r][c] is None, "blocks overlap"
            g[r][c] = b["label"]
    return g


def orientation(state, params, qid):
    want = "h" if qid == "horizontal_block_count" else "v"
    return sum(1 for b in state["blocks"] if b["dir"] == want)


def one_step_ok(n, g, b, d):
    dr, dc = STEP[d]
    for r, c in footprint(b):
        rr, cc = r + dr, c + dc
        if not (0 <= rr < n and 0 <= cc < n) or g[rr][cc] not in (None, b["label"]):
            return False
    return True


def movable(state, params, qid):
    g, n = grid(state), state["n"]
    return sum(1 for b in state["blocks"]
               if any(one_step_ok(n, g, b, d) for d in (("left", "right") if b["dir"] == "h" else ("up", "down"))))


def blockers(state, params, qid):
    g, n = grid(state), state["n"]
    (t,) = [b for b in state["blocks"] if b["label"] == "T"]
    dr, dc = STEP[state["exit"]]
    cells = footprint(t)
    r, c = max(cells) if dr + dc > 0 else min(cells)
    seen = set()
    while 0 <= r + dr < n and 0 <= c + dc < n:
        r, c = r + dr, c + dc
        if g[r][c]:
            seen.add(g[r][c])
    return len(seen)


def move_result(state, params, qid):
    blocks = [dict(b) for b in state["blocks"]]
    for lab, d, k in state["moves"]:
        for _ in range(k):
            g = grid(state, blocks)
            (b,) = [x for x in blocks if x["label"] == lab]
            assert one_step_ok(state["n"], g, b, d)
            b["r"] += STEP[d][0]
            b["c"] += STEP[d][1]
    key = lambda bs: sorted((b["label"], b["r"], b["c"], b["len"], b["dir"]) for b in bs)  # noqa: E731
    (i,) = [i for i, o in enumerate(state["options"]) if key(o) == key(blocks)]
    return "ABCD"[i]


SOLVERS = {
    P + "block_orientation_count": orientation,
    P + "movable_block_count": movable,
    P + "sliding_block_blocker_count": blockers,
    P + "sliding_block_move_result_label": move_result,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"] * 100 + len(s["blocks"]))
test_no_value_is_printed = shortcut_test([P + "block_orientation_count", P + "movable_block_count",
                                          P + "sliding_block_blocker_count"])


def test_known_board():
    """Hand-checked 4 x 4: A horizontal at the top-left (cols 0-1) can slide right only; B vertical in
    column 3 (rows 0-1) can slide down; C horizontal on the bottom row filling cols 0-3 cannot move;
    T vertical in column 0 rows 1-2 exits down: C lies in between (1 blocker)."""
    from tracegen.domains.games import sliding_block as sb

    blocks = [{"label": "A", "r": 0, "c": 0, "len": 2, "dir": "h"},
              {"label": "B", "r": 0, "c": 3, "len": 2, "dir": "v"},
              {"label": "C", "r": 3, "c": 0, "len": 4, "dir": "h"},
              {"label": "T", "r": 1, "c": 0, "len": 2, "dir": "v"}]
    state = {"n": 4, "blocks": blocks, "exit": "down"}
    assert movable(state, {}, "single") == 2 == len(sb.movable(4, blocks))   # A and B; T is stuck below A and above C
    assert blockers(state, {}, "single") == 1
    assert sb.can_slide(4, blocks, blocks[0], "right", 1) and not sb.can_slide(4, blocks, blocks[0], "right", 2)
