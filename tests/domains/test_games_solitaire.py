"""games/solitaire: independent solvers from the catalog programs (Aces low, alternating colours,
foundations up by suit), plus a hand-checked table."""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.solitaire"
P = "task_games__solitaire__"
RED = {"H", "D"}


def _r(card):
    return 1 if card[0] == 14 else card[0]


def _stacks(card, onto):
    return _r(onto) - _r(card) == 1 and ((card[1] in RED) ^ (onto[1] in RED))


def _bottoms(state):
    return {k: col[-1] for k, col in enumerate(state["columns"]) if col}


def foundation(state, params, qid):
    return sum(1 for card in _bottoms(state).values() if _r(card) == state["found"][card[1]] + 1)


def movable(state, params, qid):
    b = _bottoms(state)
    return sum(1 for k, card in b.items() if any(_stacks(card, o) for j, o in b.items() if j != k))


def column_count(state, params, qid):
    return len(state["columns"][params["column"]])


def depth(state, params, qid):
    k, d = state["ask"]
    card = state["columns"][k][d - 1]
    return state["labels"][state["options"].index(card)]


def _legal(state, mv):
    src, dst = mv
    card = state["columns"][src][-1]
    if isinstance(dst, str):
        return dst == card[1] and _r(card) == state["found"][dst] + 1
    return bool(state["columns"][dst]) and _stacks(card, state["columns"][dst][-1])


def legality(state, params, qid):
    ok = [lab for mv, lab in zip(state["moves"], state["labels"]) if _legal(state, mv)]
    assert len(ok) == 1
    return ok[0]


SOLVERS = {
    P + "foundation_ready_count": foundation,
    P + "tableau_movable_card_count_value": movable,
    P + "column_card_count_value": column_count,
    P + "cascade_card_at_depth_label": depth,
    P + "move_legality_label": legality,
}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(len(c) for c in s["columns"]))


def test_known_table():
    """The reference's move sample: foundations 5H 6D 5S 4C; Col 4 ends 9D, Col 8 is 10C: 9D -> 10C is legal."""
    from tracegen.domains.games.solitaire import legal

    cols = [[[8, "S"], [11, "S"], [12, "S"]], [[12, "H"], [11, "C"], [9, "C"]], [[9, "S"], [9, "H"]],
            [[7, "H"], [8, "C"], [9, "D"]], [[11, "D"], [7, "C"]], [[6, "S"], [6, "H"], [13, "S"]],
            [[10, "S"], [5, "C"]], [[10, "C"]]]
    state = {"columns": cols, "found": {"S": 5, "H": 5, "D": 6, "C": 4}}
    assert legal(state, [3, 7]) and _legal(state, [3, 7])            # B: Col 4 -> Col 8
    assert not legal(state, [3, "C"]) and not legal(state, [2, 6])    # A: wrong suit; C: 9H on 5C
    assert not legal(state, [1, "H"])                                 # D: 9C is no heart
    assert legal(state, [6, "C"])                                     # 5C onto the 4C pile
    # exposed: QS 9C 9H 9D 7C KS 5C 10C: 9H and 9D can go on 10C (9C cannot: same colour)
    assert foundation(state, {}, "single") == 1 and movable(state, {}, "single") == 2
