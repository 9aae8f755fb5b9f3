"""geometry/survey_traverse: independent solvers from the catalog programs, from the field note's
text: the outgoing bearing by walking the turns (checked against the drawn legs' directions with
atan2), the station elevation by the height-of-instrument rule, the offset area by the shoelace
formula over the baseline and the offset points."""

import math
import re

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.survey_traverse"
P = "task_geometry__survey_traverse__"


def bearing_of(a, b):
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360      # clockwise from north (y up)


def outgoing(state, params, qid):
    note = state["note"]
    b = int(re.fullmatch(r"bearing ST = (\d+)°", note[0]).group(1))
    pts = {n: (x, y) for n, x, y in state["stations"]}
    names = [n for n, _, _ in state["stations"]]
    assert abs(bearing_of(pts["S"], pts["T"]) - b) < 1e-3
    for k, line in enumerate(note[1:-1]):
        at, way, ang = re.fullmatch(r"at (\w): turn (left|right) (\d+)°", line).groups()
        b = (b + int(ang) * (1 if way == "right" else -1)) % 360
        got = bearing_of(pts[names[k + 1]], pts[names[k + 2]])
        assert min(abs(got - b), 360 - abs(got - b)) < 1e-3        # the drawn leg runs at that bearing
    return b


def elevation(state, params, qid):
    nums = [int(re.search(r"= (\d+)$", line).group(1)) for line in state["note"]]
    e, readings = nums[0], nums[1:]
    for bs, fs in zip(readings[::2], readings[1::2]):
        hi = e + bs                       # height of instrument, then down the foresight
        e = hi - fs
    assert e == state["stations"][-1]["elev"]
    return e


def area(state, params, qid):
    rows = [tuple(map(int, re.fullmatch(r"\w: ch (\d+), offset (\d+)", line).groups())) for line in state["note"]]
    ring = [(rows[0][0], 0)] + rows + [(rows[-1][0], 0)]
    twice = abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1])))
    assert twice % 2 == 0
    return twice // 2


SOLVERS = {P + "outgoing_bearing_from_turn_value": outgoing, P + "station_elevation_value": elevation,
           P + "traverse_area_value": area}


def _size(s):
    """Stations, plus one where the numbers leave the round tens of the easiest level."""
    if s["kind"] == "offset":
        return len(s["offsets"])
    if s["kind"] == "level":
        return len(s["stations"]) + (s["stations"][0]["elev"] % 10 != 0)
    return len(s["stations"]) + (s["turns"][0]["in"] % 10 != 0)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
