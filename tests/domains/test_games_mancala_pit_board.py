"""games/mancala_pit_board: independent solvers (a seed-by-seed sowing simulation over the pits laid out as
two rows) from the catalog programs, and hand-checked sowings."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.mancala_pit_board"
P = "task_games__mancala_pit_board__"


def _simulate(state):
    """Seeds per pit after sowing, and the last pit, walking the loop of (row, column) pits."""
    k = state["k"]
    loop = [("top", i) for i in range(k)] + [("bottom", i) for i in reversed(range(k))]
    if state["step"] == -1:
        loop = loop[:1] + loop[1:][::-1]
    counts = {pit: state["seeds"][i] for i, pit in enumerate([("top", i) for i in range(k)]
                                                               + [("bottom", i) for i in reversed(range(k))])}
    start = [("top", i) for i in range(k)] + [("bottom", i) for i in reversed(range(k))]
    src = start[state["source"]]
    hand, counts[src] = counts[src], 0
    at = loop.index(src)
    last = None
    while hand:
        at = (at + 1) % len(loop)
        if loop[at] == src:
            continue
        counts[loop[at]] += 1
        hand -= 1
        last = loop[at]
    index = {pit: i for i, pit in enumerate(start)}
    return [counts[pit] for pit in start], index[last]


def post_count(state, params, qid):
    after, _ = _simulate(state)
    return after[state["target"]]


def landing(state, params, qid):
    _, last = _simulate(state)
    return "ABCD"[state["options"].index(last)]


def most(state, params, qid):
    after, _ = _simulate(state)
    vals = [after[p] for p in state["options"]]
    assert vals.count(max(vals)) == 1
    return "ABCD"[vals.index(max(vals))]


SOLVERS = {
    P + "post_sow_pit_count_value": post_count,
    P + "sowing_landing_option_label": landing,
    P + "max_post_sow_option_label": most,
}


def test_known_sowings():
    from tracegen.domains.games import mancala_pit_board as m

    # 2 x 3 pits, clockwise loop: top 0 1 2, bottom right-to-left (positions 3 4 5)
    seeds = [4, 0, 1, 2, 0, 3]
    # from top-left (4 seeds) clockwise: top 1, top 2, bottom right (3), bottom middle (4)
    assert m.sow(seeds, 0, 1) == ([0, 1, 2, 3, 1, 3], 4)
    # counter-clockwise from top-left: bottom left (5), bottom middle (4), bottom right (3), top right (2)
    assert m.sow(seeds, 0, -1) == ([0, 0, 2, 3, 1, 4], 2)
    # lapping skips the emptied pit: 7 seeds from position 1 over five other pits, then 2 and 3 again
    after, last = m.sow([0, 7, 0, 0, 0, 0], 1, 1)
    assert after == [1, 0, 2, 2, 1, 1] and last == 3
    st = {"k": 3, "seeds": [0, 7, 0, 0, 0, 0], "step": 1, "source": 1, "target": 2}
    assert post_count(st, {}, "single") == 2
    st = {"k": 3, "seeds": seeds, "step": -1, "source": 0, "target": 5}
    assert post_count(st, {}, "single") == 4


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["k"])
test_no_value_is_printed = shortcut_test([P + "post_sow_pit_count_value"])
