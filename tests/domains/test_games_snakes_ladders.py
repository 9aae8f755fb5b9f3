"""games/snakes_ladders: independent solvers (a step-by-step move simulation with a jump table) from the
catalog programs, and hand-checked moves and square numbering."""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.snakes_ladders"
P = "task_games__snakes_ladders__"


def outcome(state, params, qid):
    last = state["n"] * state["n"]
    pos = state["token"]
    for _ in range(state["die"]):
        pos += 1
    if pos > last:
        return state["token"]
    table = {a: b for a, b in state["ladders"]}
    table.update({a: b for a, b in state["snakes"]})
    return table.get(pos, pos)


def remaining(state, params, qid):
    return state["n"] ** 2 - state["token"]


def count(state, params, qid):
    items = state["ladders"] if qid == "ladder_count" else state["snakes"]
    assert all(b > a for a, b in state["ladders"]) and all(b < a for a, b in state["snakes"])
    return len(items)


SOLVERS = {
    P + "move_outcome_value": outcome,
    P + "remaining_to_finish_value": remaining,
    P + "special_square_count": count,
}


def test_known_moves():
    from tracegen.domains.games import snakes_ladders as m

    # numbering: 1 bottom-left, the second row runs right to left; the top row runs left to right on an odd
    # side (49 top-right) and right to left on an even side (100 top-left)
    assert m.square_rc(7, 1) == (6, 0) and m.square_rc(7, 7) == (6, 6) and m.square_rc(7, 8) == (5, 6)
    assert m.square_rc(7, 49) == (0, 6) and m.square_rc(10, 100) == (0, 0) and m.square_rc(10, 91) == (0, 9)
    st = {"n": 7, "ladders": [[11, 25]], "snakes": [[30, 12]], "token": 8, "die": 3}
    assert m.move(st, 3) == (25, 11) and outcome(st, {}, "single") == 25
    st["token"], st["die"] = 27, 3
    assert m.move(st, 3) == (12, 30) and outcome(st, {}, "single") == 12
    st["token"], st["die"] = 46, 5          # 51 > 49: stays
    assert m.move(st, 5) == (46, 46) and outcome(st, {}, "single") == 46
    st["token"], st["die"] = 46, 3
    assert outcome(st, {}, "single") == 49


def test_jumps_do_not_touch():
    import numpy as np

    from tracegen.domains.games import snakes_ladders as m

    rng = np.random.default_rng(0)
    for d in (1, 2, 3):
        for _ in range(10):
            st = m.SCENE.sample(rng, d)
            jumps = st["ladders"] + st["snakes"]
            ends = [x for j in jumps for x in j]
            assert len(ends) == len(set(ends))
            assert 1 not in ends and st["n"] ** 2 not in ends
            for i, a in enumerate(jumps):
                for b in jumps[i + 1:]:
                    assert m.apart(st["n"], a, b)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"])
