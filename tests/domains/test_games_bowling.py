"""games/bowling: independent solvers (line-circle intersection with numpy), plus a hand-checked shot."""

import numpy as np

from taskcheck import scene_tests

MOD = "tracegen.domains.games.bowling"
P = "task_games__bowling__"
BALL_Y, PIN_R = 610, 22


def _hits(bx, angle, pins):
    """Pins the ray from the ball crosses, in order of the entry point along the ray."""
    ball = np.array([bx, BALL_Y], float)
    u = np.array([np.sin(np.radians(angle)), -np.cos(np.radians(angle))])
    out = []
    for i, p in enumerate(pins):
        # solve |ball + s u - p|^2 = r^2 for s
        f = ball - np.array(p, float)
        b, cc = 2 * f @ u, f @ f - PIN_R ** 2
        disc = b * b - 4 * cc
        if disc > 0:
            s0 = (-b - np.sqrt(disc)) / 2
            if s0 > 0:
                out.append((s0, i))
    return [i for _, i in sorted(out)]


def count(state, params, qid):
    return len(_hits(state["ball_x"], state["paths"][0], state["pins"]))


def first(state, params, qid):
    return state["labels"][_hits(state["ball_x"], state["paths"][0], state["pins"])[0]]


def spare(state, params, qid):
    good = [lab for a, lab in zip(state["paths"], state["path_labels"])
            if len(_hits(state["ball_x"], a, state["pins"])) == len(state["pins"])]
    assert len(good) == 1
    return good[0]


SOLVERS = {P + "path_hit_count": count, P + "first_pin_hit_label": first, P + "spare_path_label": spare}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["pins"]) + len(s["paths"]))


def test_known_shot():
    from tracegen.domains.games.bowling import crossed

    # straight up from x=500: pins at (500, 300) and (510, 200) are crossed (the nearer first); (540, 250) is
    # 40 px off the line and missed
    pins = [[510, 200], [540, 250], [500, 300]]
    assert crossed(500, 0.0, pins) == [2, 0] == _hits(500, 0.0, pins)
    # aimed 45 degrees right from (400, 610): the line passes (700, 310), so a pin there is crossed
    assert crossed(400, 45.0, [[700, 310]]) == [0]
