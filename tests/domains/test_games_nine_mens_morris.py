"""games/nine_mens_morris: independent solvers (the 16 lines re-derived from the points' coordinates:
points sharing a row or column, the middle row and column split at the centre) from the catalog
programs, and hand-checked positions."""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.nine_mens_morris"
P = "task_games__nine_mens_morris__"


def _lines():
    from tracegen.domains.games.nine_mens_morris import POINTS

    out = []
    for axis in (0, 1):
        for v in range(7):
            pts = sorted((p[1 - axis], i) for i, p in enumerate(POINTS) if p[axis] == v)
            idx = [i for _, i in pts]
            if len(idx) == 3:
                out.append(idx)
            elif len(idx) == 6:
                out += [idx[:3], idx[3:]]
    assert len(out) == 16
    return out


def completion(state, params, qid):
    who = "W" if qid.startswith("white") else "B"
    cells = state["cells"]
    pts = set()
    for line in _lines():
        vals = [cells[i] for i in line]
        if vals.count(who) == 2 and vals.count(".") == 1:
            pts.add(line[vals.index(".")])
    return len(pts)


def in_mill(state, params, qid):
    cells = state["cells"]
    pieces = set()
    for line in _lines():
        if cells[line[0]] != "." and all(cells[i] == cells[line[0]] for i in line):
            pieces |= set(line)
    return len(pieces)


SOLVERS = {
    P + "mill_completion_point_count": completion,
    P + "pieces_in_mill_count": in_mill,
}


def test_known_positions():
    from tracegen.domains.games import nine_mens_morris as m

    assert sorted(m.MILLS) == sorted(tuple(sorted(x)) for x in _lines())
    cells = ["."] * 24
    # white on the outer square's top side (points 0, 1, 2) and its right side down from the corner (3, 4):
    # two mills sharing corner 2 -> five pieces in mills
    for i in (0, 1, 2, 3, 4):
        cells[i] = "W"
    # black on 8 and 9 (middle square's top-left corner and top midpoint): completing needs point 10
    cells[8] = cells[9] = "B"
    s = "".join(cells)
    assert m.mill_pieces(s) == [0, 1, 2, 3, 4]
    assert in_mill({"cells": s}, {}, "single") == 5
    assert m.completion_points(s, "B") == [10]
    # white: 5 and 6 would extend the bottom side (4, 5, 6) and the left side (6, 7, 0); 9 is black, so
    # the top cross line (1, 9, 17) is blocked
    assert m.completion_points(s, "W") == []
    cells[5] = "W"
    s = "".join(cells)
    assert m.completion_points(s, "W") == [6]
    assert completion({"cells": s}, {}, "white_mill_completion_point_count") == 1


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(ch != "." for ch in s["cells"]))
