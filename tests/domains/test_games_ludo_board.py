"""games/ludo_board: independent solvers (each colour's route rebuilt by walking the cross board with turtle
moves, tokens stepped square by square) from the catalog programs, and hand-checked moves."""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.ludo_board"
P = "task_games__ludo_board__"

# the clockwise ring from the red arm's outer top cell, as turtle moves (dr, dc) with repeat counts
_WALK = [((0, 1), 5), ((-1, 1), 1), ((-1, 0), 5), ((0, 1), 2), ((1, 0), 5), ((1, 1), 1), ((0, 1), 5), ((1, 0), 2),
         ((0, -1), 5), ((1, -1), 1), ((1, 0), 5), ((0, -1), 2), ((-1, 0), 5), ((-1, -1), 1), ((0, -1), 5),
         ((-1, 0), 2)]
STARTS = {"red": (6, 1), "green": (1, 8), "yellow": (8, 13), "blue": (13, 6)}
STARS = {(2, 6), (6, 12), (12, 8), (8, 2)}
CENTRE = (7, 7)


def _ring():
    cells, at = [(6, 0)], (6, 0)
    for (dr, dc), n in _WALK:
        for _ in range(n):
            at = (at[0] + dr, at[1] + dc)
            cells.append(at)
    assert cells[-1] == (6, 0) and len(set(cells)) == 52
    return cells[:-1]


RING = _ring()


def route(colour):
    """The colour's squares in order: its start, round the ring to the square before its home column
    (two squares short of its start), then the home column toward the centre (5 squares), then the finish."""
    i = RING.index(STARTS[colour])
    track = [RING[(i + k) % 52] for k in range(51)]
    entry = track[-1]
    dr, dc = (CENTRE[0] - entry[0]), (CENTRE[1] - entry[1])
    step = ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))
    home = [(entry[0] + step[0] * k, entry[1] + step[1] * k) for k in range(1, 6)]
    return track + home + ["finish"]


def _where(colour, progress):
    return route(colour)[progress]


def capture(state, params, qid):
    mcol, mp = state["tokens"][state["mover"]]
    tcol, tp = state["tokens"][state["target"]]
    target = _where(tcol, tp)
    assert target not in STARS and target not in STARTS.values()
    r = route(mcol)
    good = []
    for j, rolls in enumerate(state["options"]):
        pos, lands = mp, []
        for v in rolls:
            pos += v
            if pos >= len(r):
                lands = []
                break
            lands.append(r[pos])
        if target in lands:
            good.append("ABCDEF"[j])
    assert len(good) == 1
    return good[0]


def move(state, params, qid):
    col, p = state["tokens"][state["mover"]]
    end = _where(col, p + sum(state["rolls"]))
    labs = [lab for lab, cell in state["labels"].items() if tuple(cell) == end]
    assert len(labs) == 1
    return labs[0]


def winning(state, params, qid):
    col, p = state["tokens"][state["mover"]]
    return route(col).index("finish") - p


SOLVERS = {
    P + "capture_roll_option_label": capture,
    P + "move_result_option_label": move,
    P + "winning_roll_value": winning,
}


def test_routes_match_kit():
    from tracegen.kits import race_boards as rb

    for col in rb.LUDO_COLOURS:
        r = route(col)
        assert [tuple(rb.ludo_cell(col, p)) for p in range(56)] == r[:56]
    assert {rb.TRACK[i] for i in rb.SAFE} == STARS | set(STARTS.values())


def test_known_moves():
    from tracegen.kits import race_boards as rb

    # red starts on (6,1); 4 squares on along the top row of its arm, the fifth step turns up the top arm
    assert route("red")[4] == (6, 5) and route("red")[5] == (5, 6)
    # red's last track square is the left end of the middle row, its home column runs right to (7,5)
    assert route("red")[50] == (7, 0) and route("red")[51] == (7, 1) and route("red")[55] == (7, 5)
    # green on its 50th square (0,7) needs a 6 to finish; on (3,7) (home square 3) it needs a 3
    assert winning({"tokens": [["green", 50]], "mover": 0}, {}, "single") == 6
    assert route("green")[53] == (3, 7) and rb.finish_roll(53) == 3
    # overshooting the finish is not a move
    assert rb.advance(53, [4]) is None and rb.advance(53, [3]) == [56]
    # blue 2 squares before yellow's token on a plain square: a 2 captures, "6 then 2" does not;
    # a token 6 squares ahead is captured by the first roll of "6 then 1"
    st = {"tokens": [["blue", 10], ["yellow", rb.progress_of("yellow", rb.track_index("blue", 12))]],
          "mover": 0, "target": 1, "options": [[6, 2], [2], [3], [1]]}
    assert capture(st, {}, "single") == "B"
    assert rb.captures("blue", 10, [6, 1], rb.track_index("blue", 16))
    # no capture on a star square (blue's own start + 8)
    assert not rb.captures("blue", 2, [6], rb.track_index("blue", 8))
    # a blue token 3 squares before its entry with "6 then 1" turns into its home column: 47 + 7 = 54
    st = {"tokens": [["blue", 47]], "mover": 0, "rolls": [6, 1],
          "labels": {"A": list(route("blue")[54]), "B": list(rb.TRACK[(rb.START["blue"] + 54) % 52])}}
    assert move(st, {}, "single") == "A" and tuple(rb.ludo_cell("blue", 54)) == (10, 7)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["tokens"]))
