"""physics/wave_interference: independent solvers from the geometry (distances measured, not ring indices)."""

import math

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.wave_interference"
P = "task_physics__wave_interference__"


def _point(state, a, b, side):
    # intersect the circles |X - S1| = a*s and |X - S2| = b*s by Newton iteration from a guess
    s = state["spacing"]
    (x1, y1), (x2, y2) = state["s1"], state["s2"]
    x, y = (x1 + x2) / 2, y1 + side * max(a, b) * s
    for _ in range(60):
        f1 = math.hypot(x - x1, y - y1) - a * s
        f2 = math.hypot(x - x2, y - y2) - b * s
        j = [[(x - x1) / math.hypot(x - x1, y - y1), (y - y1) / math.hypot(x - x1, y - y1)],
             [(x - x2) / math.hypot(x - x2, y - y2), (y - y2) / math.hypot(x - x2, y - y2)]]
        det = j[0][0] * j[1][1] - j[0][1] * j[1][0]
        x -= (f1 * j[1][1] - f2 * j[0][1]) / det
        y -= (j[0][0] * f2 - j[1][0] * f1) / det
    return x, y


def _half_waves(state, pt):
    p = _point(state, *pt)
    d1 = math.dist(p, state["s1"])
    d2 = math.dist(p, state["s2"])
    n = abs(d1 - d2) / state["spacing"]
    assert abs(n - round(n)) < 1e-6
    return round(n)


def path_difference(state, params, qid):
    return _half_waves(state, state["points"][0])


def interference_point(state, params, qid):
    want_constructive = qid.startswith("constructive")
    found = []
    for k, pt in enumerate(state["points"]):
        # phase difference = 2*pi * (path difference / lambda) + source offset
        phase = math.pi * _half_waves(state, pt) + (0 if state["phase"] == "in" else math.pi)
        constructive = abs(math.cos(phase) - 1) < 1e-9
        if constructive == want_constructive:
            found.append("ABCDE"[k])
    assert len(found) == 1
    return found[0]


SOLVERS = {P + "interference_point_choice": interference_point, P + "path_difference_value": path_difference}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: 100 - s["spacing"])


def test_known_case():
    st = {"spacing": 50, "s1": [300, 300], "s2": [600, 300]}
    assert path_difference({**st, "points": [[4, 7, 1]]}, {}, "single") == 3
    pts = [[5, 5, 1], [4, 7, -1], [6, 8, 1], [7, 7, -1], [8, 6, 1]]
    assert interference_point({**st, "points": pts, "phase": "in"}, {}, "destructive_interference_point_choice") == "B"
