"""games/sokoban: independent solvers (own distances and push geometry)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.sokoban"
P = "task_games__sokoban__"


def status_count(state, params, qid):
    on = sum(1 for b in state["boxes"] if b["pos"] == b["goal"])
    return on if qid == "box_on_goal_count" else len(state["boxes"]) - on


def closest(state, params, qid):
    d = [abs(b["pos"][0] - b["goal"][0]) + abs(b["pos"][1] - b["goal"][1]) for b in state["boxes"]]
    assert d.count(min(d)) == 1
    return "ABCDEF"[d.index(min(d))]


def stand(state, params, qid):
    b = state["boxes"][state["target_box"]]
    (br, bc), (gr, gc) = b["pos"], b["goal"]
    assert br == gr or bc == gc, "the goal is not in a straight line"
    sr = br + (br > gr) - (br < gr)
    sc = bc + (bc > gc) - (bc < gc)
    walls = {tuple(x) for x in state["walls"]}
    # every cell the box passes through is open floor
    cells = [(r, c) for r in range(min(br, gr), max(br, gr) + 1) for c in range(min(bc, gc), max(bc, gc) + 1)]
    assert not (set(cells) & walls) and 1 <= sr <= state["rows"] and 1 <= sc <= state["cols"]
    return "ABCD"[state["stand"].index([sr, sc])]


SOLVERS = {P + "box_goal_status_count": status_count, P + "closest_box_goal_label": closest,
           P + "push_stand_cell_label": stand}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rows"] * s["cols"])
test_no_value_is_printed = shortcut_test([P + "box_goal_status_count"])


def test_known_push():
    """Hand-checked: a box at (3, 3) with its goal two cells up at (1, 3) is pushed from below: the
    player stands on (4, 3); with the goal to the right at (3, 5), from the left (3, 2)."""
    st = {"rows": 6, "cols": 6, "walls": [], "target_box": 0,
          "boxes": [{"color": "red", "pos": [3, 3], "goal": [1, 3]}],
          "stand": [[2, 3], [4, 3], [3, 2], [3, 4]]}
    assert stand(st, {}, "single") == "B"
    st["boxes"][0]["goal"] = [3, 5]
    assert stand(st, {}, "single") == "C"
    st["boxes"] = [{"color": "red", "pos": [1, 1], "goal": [3, 2]}, {"color": "blue", "pos": [5, 5], "goal": [5, 6]}]
    assert closest(st, {}, "single") == "B" and status_count(st, {}, "box_off_goal_count") == 2
