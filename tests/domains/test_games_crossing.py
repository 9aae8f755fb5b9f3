"""games/crossing: independent solvers written from the catalog programs.

The solvers simulate the board tick by tick: every car's column moves by its row's direction, cars past
an edge are removed, and the runner's row is tracked from the bottom pad upward.
"""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.crossing"
P = "task_games__crossing__"


def _simulate(state, ticks):
    """{car index: [(tick, col) while on the board]}."""
    out = {}
    for i, (row, col, _) in enumerate(state["cars"]):
        d = state["dirs"][row]
        track, c = [(0, col)], col
        for t in range(1, ticks + 1):
            c += d
            if not 0 <= c < state["cols"]:
                break
            track.append((t, c))
        out[i] = track
    return out


def _tagged(state):
    tags = {(r, c): lab for r, c, lab in state["labels"]}
    return {i: tags[(r, c)] for i, (r, c, _) in enumerate(state["cars"]) if (r, c) in tags}


def first_exit(state, params, qid):
    sims = _simulate(state, state["cols"] + 2)
    # a car leaves at the tick after its last tick on the board
    leave = sorted((sims[i][-1][0] + 1, lab) for i, lab in _tagged(state).items())
    assert leave[0][0] < leave[1][0], "two tagged cars leave together"
    return leave[0][1]


def hit(state, params, qid):
    sims = _simulate(state, state["rows"] + 1)
    hits = []
    for tick in range(1, state["rows"] + 1):
        runner_row = state["rows"] - tick          # tick 1: the bottom row
        for i, lab in _tagged(state).items():
            if state["cars"][i][0] == runner_row and (tick, state["route"]) in sims[i]:
                hits.append(lab)
    (lab,) = hits
    return lab


def direction_count(state, params, qid):
    want = -1 if qid == "left_moving_object_count" else 1
    return sum(1 for r, _, _ in state["cars"] if state["dirs"][r] == want)


SOLVERS = {
    P + "first_exit_object_label": first_exit,
    P + "hit_object_label": hit,
    P + "moving_object_direction_count": direction_count,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["cols"] * s["rows"])
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid.endswith("_count"))


def test_known_board():
    """3 rows x 5 cells.  Top row drives right: car at col 1 leaves after 4 ticks; middle row drives left: car
    at col 1 leaves after 2 ticks.  The runner on the route column 3 is in the middle row at tick 2 and the top
    row at tick 3; the top car is at col 1 + 3 = 4 then (no hit), a bottom-row car driving right from col 2 is
    at col 3 at tick 1: hit."""
    from tracegen.domains.games import crossing as cr

    st = {"cols": 5, "rows": 3, "dirs": [1, -1, 1], "route": 3,
          "cars": [[0, 1, "red"], [1, 1, "blue"], [2, 2, "green"]], "labels": [[0, 1, "A"], [1, 1, "B"], [2, 2, "C"]]}
    assert [cr.exit_tick(st, x) for x in st["cars"]] == [4, 2, 3]
    assert first_exit(st, {}, "single") == "B"
    assert [cr.hits_route(st, x) for x in st["cars"]] == [False, False, True] and hit(st, {}, "single") == "C"
