"""geometry/coordinate_plane: independent solvers written from the catalog programs."""

import math

from taskcheck import check_scene_tasks, check_two_process_determinism

MOD = "tracegen.domains.geometry.coordinate_plane"
P = "task_geometry__coordinate_plane__"


def _ref(state, label):
    return next((p["x"], p["y"]) for p in state["refs"] if p["label"] == label)


def collinear(state, params, qid):
    (px, py), (qx, qy) = _ref(state, "P"), _ref(state, "Q")
    return sum((qx - px) * (p["y"] - py) == (qy - py) * (p["x"] - px) for p in state["points"])


def _winding(x, y, poly):
    """Winding number of the polygon around (x, y), by summing signed angles."""
    total = 0.0
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i][0] - x, poly[i][1] - y
        bx, by = poly[(i + 1) % n][0] - x, poly[(i + 1) % n][1] - y
        total += math.atan2(ax * by - ay * bx, ax * bx + ay * by)
    return round(total / (2 * math.pi))


def in_polygon(state, params, qid):
    return sum(_winding(p["x"], p["y"], state["polygon"]) != 0 for p in state["points"])


def reflected(state, params, qid):
    px, py = _ref(state, "P")
    k = state["mirror"]["k"]
    if qid == "reflect_over_vertical_line":
        assert state["mirror"]["axis"] == "x"
        img = (2 * k - px, py)
    else:
        assert state["mirror"]["axis"] == "y"
        img = (px, 2 * k - py)
    (label,) = [p["label"] for p in state["points"] if (p["x"], p["y"]) == img]
    return label


def same_quadrant(state, params, qid):
    rx, ry = _ref(state, "R")
    return sum((p["x"] > 0) == (rx > 0) and (p["y"] > 0) == (ry > 0) for p in state["points"])


SOLVERS = {
    P + "collinear_point_count": collinear,
    P + "point_in_polygon_count": in_polygon,
    P + "reflected_point_label": reflected,
    P + "same_quadrant_point_count": same_quadrant,
}


def test_tasks():
    check_scene_tasks(MOD, SOLVERS, size_metric=lambda s: len(s["points"]) + s["R"], seeds_per_combo=2)


def test_two_process_determinism():
    check_two_process_determinism(MOD)
