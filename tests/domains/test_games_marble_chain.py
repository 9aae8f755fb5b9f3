"""games/marble_chain: independent solvers written from the catalog programs.

The solver inserts the shooter's marble into a copy of the chain (a Python list), finds the maximal
same-colour block around it with itertools.groupby, removes it when it has three or more marbles,
and reads the colours that meet in the closed chain.
"""

import itertools

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.marble_chain"
P = "task_games__marble_chain__"


def fire(chain, gap, colour):
    """(existing marbles removed, (left, right) colours meeting after the closure or None)."""
    seq = [(c, False) for c in chain[:gap + 1]] + [(colour, True)] + [(c, False) for c in chain[gap + 1:]]
    pos = 0
    for col, block in itertools.groupby(seq, key=lambda x: x[0]):
        block = list(block)
        if any(new for _, new in block):
            if len(block) < 3:
                return 0, None
            left = seq[pos - 1][0] if pos > 0 else None
            right = seq[pos + len(block)][0] if pos + len(block) < len(seq) else None
            return len(block) - 1, (left, right)
        pos += len(block)
    raise AssertionError("the inserted marble vanished")


def closure(state, params, qid):
    wins = []
    for gap, lab in state["arrows"]:
        n, meet = fire(state["chain"], gap, state["shooter"])
        if n and meet[0] is not None and meet[0] == meet[1]:
            wins.append(lab)
    (lab,) = wins
    return lab


def max_pop(state, params, qid):
    pops = sorted(((fire(state["chain"], g, state["shooter"])[0], lab) for g, lab in state["arrows"]), reverse=True)
    assert pops[0][0] > pops[1][0] > -1 and pops[0][0] > 0
    return pops[0][1]


def effect(state, params, qid):
    return fire(state["chain"], state["marked"], state["shooter"])[0]


SOLVERS = {
    P + "closure_match_direction_label": closure,
    P + "max_pop_direction_label": max_pop,
    P + "shot_effect_value": effect,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["chain"]))
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid.endswith("_value"))


def test_known_chain():
    """red blue blue red green: a blue into gap 1 (between the blues) pops both and closes red-red (a match);
    a blue into gap 3 (red|green) makes a lone blue: nothing pops; a red into gap 0 makes red red: a pair only."""
    from tracegen.domains.games import marble_chain as mc

    chain = ["red", "blue", "blue", "red", "green"]
    assert mc.shot(chain, 1, "blue") == ([1, 2], (0, 3)) and mc.closes_on_match(chain, 1, "blue")
    assert fire(chain, 1, "blue") == (2, ("red", "red"))
    assert mc.shot(chain, 3, "blue") == ([], None) and fire(chain, 3, "blue") == (0, None)
    assert fire(chain, 0, "red") == (0, None)
