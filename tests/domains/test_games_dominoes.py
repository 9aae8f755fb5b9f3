"""games/dominoes: independent solvers from the catalog programs, plus hand-checked positions."""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.dominoes"
P = "task_games__dominoes__"


def _size(s):
    return len(s.get("tiles") or []) + len(s.get("chain") or []) + len(s.get("loose") or [])


def doubles(state, params, qid):
    return sum(1 for a, b in state["tiles"] if a == b)


def higher(state, params, qid):
    ref = sum(state["tiles"][state["ref"]])
    return sum(1 for i, t in enumerate(state["tiles"]) if i != state["ref"] and t[0] + t[1] > ref)


def to_target(state, params, qid):
    return sum(1 for a, b in state["tiles"] if a + b == params["target_sum"])


def matching(state, params, qid):
    end = state["chain"][-1][1]
    return sum(1 for a, b in state["loose"] if end in (a, b))


def longest(state, params, qid):
    """Exhaustive search over (open end, remaining tiles) with memoisation."""
    import functools

    tiles = [tuple(t) for t in state["loose"]]

    @functools.lru_cache(maxsize=None)
    def best(end, left):
        out = 0
        for i in range(len(tiles)):
            if left >> i & 1:
                a, b = tiles[i]
                if end == a:
                    out = max(out, 1 + best(b, left & ~(1 << i)))
                if end == b:
                    out = max(out, 1 + best(a, left & ~(1 << i)))
        return out

    return best(state["chain"][-1][1], (1 << len(tiles)) - 1)


def invalid(state, params, qid):
    t = state["tiles"]
    bad = [j for j in range(len(t) - 1) if t[j][1] != t[j + 1][0]]
    assert len(bad) == 1
    return state["labels"][state["joins"].index(bad[0])]


SOLVERS = {
    P + "double_count": doubles,
    P + "higher_sum_than_reference_count": higher,
    P + "sum_to_target_count": to_target,
    P + "matching_end_count": matching,
    P + "longest_chain_length_value": longest,
    P + "invalid_join_label": invalid,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def test_known_positions():
    from tracegen.kits import dominoes as dm

    assert len(dm.full_set()) == 28
    # open end 3; loose [3|5], [5|5], [5|1], [3|6]: 3-5, 5-5, 5-1 = 3 tiles (the [3|6] branch gives 1)
    loose = [[3, 5], [5, 5], [5, 1], [3, 6]]
    assert len(dm.longest_chain(3, loose)) == 3
    assert longest({"chain": [[2, 3]], "loose": loose}, {}, "single") == 3
    # a tile turned round still plays: [4|2] on open end 2 leads on to [4|4]
    assert len(dm.longest_chain(2, [[4, 2], [4, 4], [6, 6]])) == 2
    # the reference sample: [6|0][0|1][1|2][2|5][5|5][3|3][3|5]: only the [5|5]-[3|3] join is broken
    line = [[6, 0], [0, 1], [1, 2], [2, 5], [5, 5], [3, 3], [3, 5]]
    state = {"tiles": line, "joins": list(range(6)), "labels": list("ABCDEF")}
    assert invalid(state, {}, "single") == "E"
