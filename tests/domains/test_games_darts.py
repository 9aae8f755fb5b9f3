"""games/darts: independent solvers (scores re-derived from each dart's pixel position on the board
geometry), plus hand-checked darts."""

import math

from taskcheck import scene_tests

MOD = "tracegen.domains.games.darts"
P = "task_games__darts__"
CX, CY, R = 500, 440, 330


def _score(state, dart):
    r, a = dart
    x, y = CX + r * R * math.sin(math.radians(a)), CY - r * R * math.cos(math.radians(a))
    dist = math.hypot(x - CX, y - CY) / R
    # clockwise angle from 12 o'clock, sector 0 centred on it
    ang = math.degrees(math.atan2(x - CX, CY - y)) % 360
    n = state["n"]
    number = state["numbers"][round(ang / (360 / n)) % n]
    if not state["rings"]:
        return 50 if dist <= 0.22 else number
    if dist <= 0.07:
        return 50
    if dist <= 0.16:
        return 25
    if 0.52 <= dist <= 0.62:
        return 3 * number
    return 2 * number if dist >= 0.88 else number


def membership(state, params, qid):
    bull = 0.16 if state["rings"] else 0.22
    inside = [d for d in state["darts"] if d[0] <= bull]
    return len(inside) if qid == "inside_bullseye_count" else len(state["darts"]) - len(inside)


def dart_score(state, params, qid):
    (d,) = state["darts"]
    return _score(state, d)


def highest(state, params, qid):
    scores = [_score(state, d) for d in state["darts"]]
    assert scores.count(max(scores)) == 1
    return state["labels"][scores.index(max(scores))]


SOLVERS = {
    P + "bullseye_membership_count": membership,
    P + "dart_score_value": dart_score,
    P + "highest_scoring_dart_label": highest,
}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: s["n"] + len(s["darts"]))


def test_known_darts():
    from tracegen.domains.games.darts import STANDARD, score

    std = {"n": 20, "numbers": STANDARD, "rings": True}
    # straight up in the treble ring: treble 20; just right of top in the double ring: sector 1 (18 deg) doubled
    assert score(std, [0.57, 0.0]) == 60 == _score(std, [0.57, 0.0])
    assert score(std, [0.94, 18.0]) == 2 == _score(std, [0.94, 18.0])
    assert score(std, [0.11, 200.0]) == 25 and score(std, [0.03, 90.0]) == 50
    # due right (90 deg) on a standard board is the 6 sector; due down (180 deg) the 3
    assert score(std, [0.4, 90.0]) == 6 and score(std, [0.4, 180.0]) == 3
    # the reference's simplified board, numbers clockwise from the top: 10 1 9 2 8 3 7 4 6 5
    simple = {"n": 10, "numbers": [10, 1, 9, 2, 8, 3, 7, 4, 6, 5], "rings": False}
    assert score(simple, [0.6, 180.0]) == 3 and score(simple, [0.1, 33.0]) == 50
