"""games/minesweeper: independent solvers written from the catalog programs.

The forced-cell count follows the original's rule: a cell counts when one number on its own forces
it (all its mines already flagged: the rest are safe; as many mines still needed as covered
neighbours: all mines).  The option task's decoys must not be mines under any reasoning, so full
forced status is recomputed too, by enumerating every assignment of mines to the covered, unflagged
cells next to revealed numbers, branching clue by clue.
"""

import itertools

from taskcheck import scene_tests

MOD = "tracegen.domains.games.minesweeper"
P = "task_games__minesweeper__"


def _around(r, c, rows, cols):
    return [(r + a, c + b) for a in (-1, 0, 1) for b in (-1, 0, 1)
            if (a or b) and 0 <= r + a < rows and 0 <= c + b < cols]


def _number(state, r, c):
    return sum(state["mines"][a][b] for a, b in _around(r, c, state["rows"], state["cols"]))


def forced_status(state):
    rows, cols = state["rows"], state["cols"]
    rev, flags = state["revealed"], state["flags"]
    covered = {(r, c) for r in range(rows) for c in range(cols) if not rev[r][c] and not flags[r][c]}
    clues = []
    for r in range(rows):
        for c in range(cols):
            if rev[r][c]:
                cells = [x for x in _around(r, c, rows, cols) if x in covered]
                if cells:
                    nflag = sum(flags[a][b] for a, b in _around(r, c, rows, cols))
                    clues.append((frozenset(cells), _number(state, r, c) - nflag))
    frontier = set().union(*(cl for cl, _ in clues)) if clues else set()
    seen = {x: set() for x in frontier}

    def branch(assign, pending):
        if all(len(seen[x]) == 2 for x in frontier):
            return
        for cells, need in pending:
            free = [x for x in cells if x not in assign]
            have = sum(assign[x] for x in cells if x in assign)
            if have > need or have + len(free) < need:
                return
        open_clues = [(cells, need) for cells, need in pending if any(x not in assign for x in cells)]
        if not open_clues:
            for x, v in assign.items():
                seen[x].add(v)
            return
        cells, need = open_clues[0]
        free = sorted(x for x in cells if x not in assign)
        have = sum(assign[x] for x in cells if x in assign)
        for mines in itertools.combinations(free, need - have):
            nxt = dict(assign)
            nxt.update({x: 0 for x in free})
            nxt.update({x: 1 for x in mines})
            branch(nxt, pending)

    branch({}, clues)
    out = {x: "open" for x in covered}
    for x, vals in seen.items():
        out[x] = "open" if len(vals) == 2 else ("mine" if vals == {1} else "safe")
    return out


def single_number_forced(state):
    """{cell: "mine" | "safe"} for the covered, unflagged cells some number forces on its own."""
    rows, cols = state["rows"], state["cols"]
    rev, flags = state["revealed"], state["flags"]
    out = {}
    for r in range(rows):
        for c in range(cols):
            if not rev[r][c]:
                continue
            around = _around(r, c, rows, cols)
            hidden = [x for x in around if not rev[x[0]][x[1]] and not flags[x[0]][x[1]]]
            left = _number(state, r, c) - sum(flags[a][b] for a, b in around)
            if hidden and left == 0:
                out.update(dict.fromkeys(hidden, "safe"))
            elif hidden and left == len(hidden):
                out.update(dict.fromkeys(hidden, "mine"))
    return out


def forced_count(state, params, qid):
    want = "mine" if qid == "forced_mine_count" else "safe"
    return sum(v == want for v in single_number_forced(state).values())


def forced_label(state, params, qid):
    st = forced_status(state)
    (lab,) = [lab for o, lab in zip(state["options"], state["option_labels"]) if st[tuple(o)] == "mine"]
    (o,) = [o for o, x in zip(state["options"], state["option_labels"]) if x == lab]
    assert single_number_forced(state).get(tuple(o)) == "mine", "the answer is not forced by one number"
    return lab


def remaining(state, params, qid):
    r, c = params["marked"]
    assert state["revealed"][r][c]
    nb = _around(r, c, state["rows"], state["cols"])
    return _number(state, r, c) - sum(state["flags"][a][b] for a, b in nb)


SOLVERS = {
    P + "forced_cell_count": forced_count,
    P + "forced_mine_cell_label": forced_label,
    P + "remaining_mine_count_value": remaining,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rows"] * s["cols"])


def test_one_number_rule_not_chained_deduction():
    """The classic 1-2-1 row: chaining the three numbers places mines over both 1s and clears the cell
    over the 2, but no number forces anything on its own -- the task counts 0, as the original does."""
    from tracegen.domains.games.minesweeper import single_clue_status

    state = {"rows": 2, "cols": 3, "mines": [[1, 0, 1], [0, 0, 0]], "revealed": [[0, 0, 0], [1, 1, 1]],
             "flags": [[0, 0, 0], [0, 0, 0]]}
    assert forced_status(state) == {(0, 0): "mine", (0, 1): "safe", (0, 2): "mine"}
    assert single_clue_status(state) == single_number_forced(state) == {}
    # flag the left mine: the left 1 is satisfied (its other covered cell is safe), the right 1 and the 2 need
    # one more mine each, and the right 1 has two covered neighbours: only one cell is forced
    state["flags"][0][0] = 1
    assert single_clue_status(state) == single_number_forced(state) == {(0, 1): "safe"}


def test_forced_count_differs_from_chained_deduction():
    """Over generated instances the answer is the one-number count, and chaining would often give more."""
    from tracegen import registry
    from tracegen.core import engine

    spec = registry.get(P + "forced_cell_count")
    more = 0
    for i in range(40):
        qid, _, state, params, sol = engine.solve_only(spec, seed=3, split="rule", index=i)
        want = "mine" if qid == "forced_mine_count" else "safe"
        assert sol.answer == forced_count(state, params, qid)
        more += sum(v == want for v in forced_status(state).values()) > sol.answer
    assert more >= 3, more
