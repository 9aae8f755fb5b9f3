"""games/snake: independent solvers (own step-by-step snake simulation)."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.snake"
P = "task_games__snake__"
D = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def length(state, params, qid):
    return len(state["snake"])


def safe_count(state, params, qid):
    n = state["n"]
    (hr, hc) = state["snake"][0]
    bad = {tuple(x) for x in state["snake"]} | {tuple(x) for x in state["walls"]}
    return sum(1 for a, b in D.values() if 0 <= hr + a < n and 0 <= hc + b < n and (hr + a, hc + b) not in bad)


def play(state, moves):
    """Final head cell, or None on a crash."""
    n = state["n"]
    body = [tuple(x) for x in state["snake"]]
    food = {tuple(x) for x in state["food"]}
    walls = {tuple(x) for x in state["walls"]}
    for m in moves:
        head = (body[0][0] + D[m][0], body[0][1] + D[m][1])
        if not (0 <= head[0] < n and 0 <= head[1] < n) or head in walls:
            return None
        grow = head in food
        rest = body if grow else body[:-1]
        if head in rest:
            return None
        body = [head] + rest
        food.discard(head)
    return body[0]


def path_label(state, params, qid):
    end = play(state, state["moves"])
    if end is None:
        return "D"
    (i,) = [i for i, o in enumerate(state["options"]) if tuple(o) == end]
    return "ABC"[i]


SOLVERS = {P + "snake_length_count": length, P + "safe_direction_count": safe_count,
           P + "path_outcome_option_label": path_label}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"])
test_no_value_is_printed = shortcut_test([P + "snake_length_count", P + "safe_direction_count"])


def test_known_position():
    """Hand-checked on a 5 x 5 board: snake head (2, 2), body (2, 1), (2, 0); a wall at (1, 2).
    Safe now: down and right (up is the wall, left the neck): 2.  RIGHT, RIGHT ends at (2, 4);
    a third RIGHT leaves the board; UP from the start hits the wall; food at (3, 2) then DOWN, LEFT:
    the snake grew to 4 and the head at (3, 1) is clear."""
    from tracegen.kits.gridgames import snake_run

    st = {"n": 5, "snake": [[2, 2], [2, 1], [2, 0]], "walls": [[1, 2]], "food": [[3, 2]]}
    assert safe_count(st, {}, "single") == 2
    assert play(st, ["right", "right"]) == (2, 4)
    assert play(st, ["right", "right", "right"]) is None and play(st, ["up"]) is None
    assert play(st, ["down", "left"]) == (3, 1)
    args = (5, st["snake"], st["walls"], st["food"])
    assert snake_run(*args, ["right", "right"])["head"] == (2, 4)
    assert snake_run(*args, ["right", "right", "right"])["over"]
    assert snake_run(*args, ["down", "left"])["head"] == (3, 1)
    # DOWN (eats), LEFT: the body is (3, 1) (3, 2) (2, 2) (2, 1); UP enters (2, 1), the cell the tail is
    # leaving: legal under the rules, and flagged so the scene rejects it (never asked)
    assert play(st, ["down", "left", "up"]) == (2, 1)
    res = snake_run(*args, ["down", "left", "up"])
    assert res["tail_touch"] and res["head"] == (2, 1)
