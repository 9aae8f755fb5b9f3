"""games/pacman: independent solvers (walk the route cell by cell, look up what lies on each cell)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.pacman"
P = "task_games__pacman__"


def walk(state):
    route = [tuple(x) for x in state["route"]]
    # the route is a 4-connected walk of open cells that never revisits a cell
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(route, route[1:]))
    assert len(set(route)) == len(route) and set(route) <= {tuple(x) for x in state["open"]}
    return route[1:]


def score(state, params, qid):
    pellets = {tuple(x) for x in state["pellets"]}
    bonus = {tuple(b["cell"]): int(b["label"]) for b in state["bonus"]}
    return sum(1 if x in pellets else bonus.get(x, 0) for x in walk(state))


def before_ghost(state, params, qid):
    pellets = {tuple(x) for x in state["pellets"]}
    ghosts = {tuple(x) for x in state["ghosts"]}
    n = 0
    for x in walk(state):
        if x in ghosts:
            return n
        n += x in pellets
    raise AssertionError("no ghost on the route")


def next_item(state, params, qid):
    labels = {tuple(b["cell"]): b["label"] for b in state["bonus"]}
    return next(labels[x] for x in walk(state) if x in labels)


SOLVERS = {P + "route_score_value": score, P + "pellet_count_before_ghost": before_ghost,
           P + "next_item_label": next_item}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rows"] * s["cols"])
test_no_value_is_printed = shortcut_test([P + "pellet_count_before_ghost"])


def test_known_route():
    """Hand-checked: route (1,1) -> (1,2) -> (1,3) -> (2,3) -> (3,3) with pellets on (1,2) and (3,3),
    a 4-point bonus on (2,3) and a ghost on (3,3)'s neighbour off the route: score 1 + 4 + 1 = 6; with
    the ghost moved onto (2,3) one pellet comes before it."""
    st = {"route": [[1, 1], [1, 2], [1, 3], [2, 3], [3, 3]], "open": [[1, 1], [1, 2], [1, 3], [2, 3], [3, 3], [3, 2]],
          "pellets": [[1, 2], [3, 3]], "bonus": [{"cell": [2, 3], "label": "4", "value": 4}], "ghosts": [[3, 2]]}
    assert score(st, {}, "single") == 6
    st["ghosts"] = [[2, 3]]
    assert before_ghost(st, {}, "single") == 1
