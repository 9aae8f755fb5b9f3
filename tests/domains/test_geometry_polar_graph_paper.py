"""geometry/polar_graph_paper: independent solvers from the catalog programs -- each marked point
is taken to Cartesian coordinates and read back (hypot for the radius, atan2 for the angle),
then compared, differenced or counted; the drawn points must sit on a ring and a spoke."""

import math

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.polar_graph_paper"
P = "task_geometry__polar_graph_paper__"


def read(state, p):
    t = math.radians(p["a"])
    x, y = p["r"] * math.cos(t), p["r"] * math.sin(t)
    r = math.hypot(x, y)
    a = math.degrees(math.atan2(y, x)) % 360
    assert abs(r - round(r)) < 1e-9 and 1 <= round(r) <= state["rmax"]
    assert abs(a - round(a)) < 1e-6 or abs(a - 360) < 1e-6
    a = round(a) % 360
    assert a % state["step"] == 0
    return round(r), a


def point(state, name):
    return read(state, next(p for p in state["points"] if p["label"] == name))


def readout(state, params, qid):
    r, a = point(state, "P")
    return r if qid == "radius_readout_value" else a


def difference(state, params, qid):
    (r1, a1), (r2, a2) = point(state, "P"), point(state, "Q")
    if qid == "radius_difference_value":
        return abs(r1 - r2)
    return min((a1 - a2) % 360, (a2 - a1) % 360)


def count(state, params, qid):
    got = [read(state, p) for p in state["points"]]
    assert len(set(got)) == len(got)
    k = 0 if qid == "radius_value_point_count" else 1
    return sum(g[k] == state["value"] for g in got)


SOLVERS = {P + "readout_value": readout, P + "coordinate_difference_value": difference,
           P + "coordinate_value_point_count": count}


def _size(s):
    return s["rmax"] + len(s["points"]) + 30 / s["step"]


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test([P + "coordinate_difference_value", P + "coordinate_value_point_count"])
