"""games/minesweeper: independent solvers written from the catalog programs.

Forced status is recomputed by enumerating every assignment of mines to the covered, unflagged
cells next to revealed numbers, one linked group at a time, branching clue by clue.
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


def forced_count(state, params, qid):
    want = "mine" if qid == "forced_mine_count" else "safe"
    return sum(v == want for v in forced_status(state).values())


def forced_label(state, params, qid):
    st = forced_status(state)
    (lab,) = [lab for o, lab in zip(state["options"], state["option_labels"]) if st[tuple(o)] == "mine"]
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
