"""games/dots_and_boxes: independent solvers (edge sets of segments between dot coordinates) from the
catalog programs, a hand-checked grid, and legality of the sampled games (every claimed box is closed and
every closed box is claimed)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.dots_and_boxes"
P = "task_games__dots_and_boxes__"


def _segments(state):
    """Drawn edges as frozensets of their two dots (row, col)."""
    segs = set()
    for r, row in enumerate(state["h"]):
        for c, ch in enumerate(row):
            if ch == "1":
                segs.add(frozenset({(r, c), (r, c + 1)}))
    for r, row in enumerate(state["v"]):
        for c, ch in enumerate(row):
            if ch == "1":
                segs.add(frozenset({(r, c), (r + 1, c)}))
    return segs


def _drawn(state, r, c):
    segs = _segments(state)
    corners = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)]
    return sum(frozenset({corners[i], corners[(i + 1) % 4]}) in segs for i in range(4))


def owned(state, params, qid):
    return sum(row.count(params["player"]) for row in state["owner"])


def three_sided(state, params, qid):
    return sum(_drawn(state, r, c) == 3 for r in range(state["rows"]) for c in range(state["cols"]))


def completable(state, params, qid):
    hits = [lab for (r, c), lab in zip(state["options"], state["option_labels"]) if _drawn(state, r, c) == 3]
    assert len(hits) == 1
    return hits[0]


SOLVERS = {
    P + "owned_box_count": owned,
    P + "three_sided_box_count": three_sided,
    P + "completable_box_label": completable,
}


def test_known_grid():
    from tracegen.domains.games import dots_and_boxes as m

    # 2 x 2 boxes: top edges of both boxes, the left side of box (0, 0), the middle vertical of row 0
    st = {"rows": 2, "cols": 2, "h": ["11", "00", "00"], "v": ["110", "000"], "owner": ["..", ".."]}
    assert m.sides(st, 0, 0) == 3 and _drawn(st, 0, 0) == 3
    assert m.sides(st, 0, 1) == 2 and _drawn(st, 0, 1) == 2
    assert m.sides(st, 1, 0) == 0
    assert three_sided(st, {}, "single") == 1
    # the middle horizontal edge (1, 0) closes box (0, 0) and touches box (1, 0)
    assert m.boxes_of_edge(2, 2, "h", 1, 0) == [(0, 0), (1, 0)]


def test_games_are_legal():
    import numpy as np

    from tracegen.domains.games import dots_and_boxes as m

    rng = np.random.default_rng(1)
    for _ in range(10):
        line = m.play_game(rng, 3, 4, 0.7, 0.7)
        for st in line:
            for r in range(3):
                for c in range(4):
                    assert (st["owner"][r][c] != ".") == (_drawn(st, r, c) == 4)
        assert all("." not in row for row in line[-1]["owner"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rows"] * s["cols"])
test_no_value_is_printed = shortcut_test([P + "owned_box_count", P + "three_sided_box_count"])
