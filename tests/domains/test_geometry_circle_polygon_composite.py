"""geometry/circle_polygon_composite: independent solvers from the catalog programs.  Every
printed angle is checked against the drawn coordinates, the tangent line and the polygon's sides
are checked to touch the circle (distance from O equals the radius); then the angle marked ? is
solved from the printed angles (right angles at the points of contact, the square's or the
rhombus's corner angle) and the missing side from Pitot's theorem -- and both are checked
against the coordinates."""

import math

from figurecheck import angle_key, read
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.circle_polygon_composite"
P = "task_geometry__circle_polygon_composite__"


def angle(fig, v, a, b):
    p = fig["pts"]
    t = math.atan2(p[a][1] - p[v][1], p[a][0] - p[v][0]) - math.atan2(p[b][1] - p[v][1], p[b][0] - p[v][0])
    t = abs(math.degrees(t)) % 360
    return min(t, 360 - t)


def line_dist(fig, a, b):
    (ax, ay), (bx, by), (ox, oy) = fig["pts"][a], fig["pts"][b], fig["pts"]["O"]
    return abs((bx - ax) * (ay - oy) - (ax - ox) * (by - ay)) / math.hypot(bx - ax, by - ay)


def tangent_angle(state, params, qid):
    fig = state["fig"]
    r = fig["circles"][0][2]
    for a, b in (("P", "Q"), ("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")):
        assert abs(line_dist(fig, a, b) - r) < 1e-5 * r
    got = read(fig)["angle"]
    for an in fig["angles"]:
        if an.get("text") and an["text"] != "?":
            assert abs(angle(fig, an["v"], an["a"], an["b"]) - got[angle_key(an["a"] + an["v"] + an["b"])]) < 1e-4
    asked = next(an for an in fig["angles"] if an.get("text") == "?")
    if angle_key("MPT") in got:
        ans = 360 - 90 - 90 - got[angle_key("MPT")]              # kite PTOM
    else:
        corner = got.get(angle_key("BAD"), 90)                    # square unless the rhombus prints it
        apq = got[angle_key("APQ")]
        aqp = 180 - corner - apq                                  # corner triangle APQ
        ans = 360 - 90 - 90 - (180 - aqp)                         # kite QTON
    assert abs(angle(fig, asked["v"], asked["a"], asked["b"]) - ans) < 1e-4
    return round(ans)


def side(state, params, qid):
    fig = state["fig"]
    r = fig["circles"][0][2]
    for a, b in ("AB", "BC", "CD", "DA"):
        assert abs(line_dist(fig, a, b) - r) < 1e-5 * r
    lens = {ln["text"].split(" = ")[0]: ln["text"].split(" = ")[1] for ln in fig["lens"]}
    known = {k: int(v) for k, v in lens.items() if v != "?"}
    missing = next(k for k, v in lens.items() if v == "?")
    opposite = {"AB": "CD", "CD": "AB", "BC": "DA", "DA": "BC"}
    rest = [k for k in known if k != opposite[missing]]
    ans = sum(known[k] for k in rest) - known[opposite[missing]]
    p = fig["pts"]
    for k in lens:                                               # drawn at the printed lengths
        assert abs(math.dist(p[k[0]], p[k[1]]) - (known[k] if k in known else ans)) < 1e-4
    return ans


SOLVERS = {P + "tangent_angle_value": tangent_angle, P + "tangential_quadrilateral_side_length_value": side}


def _size(s):
    """Steps: the kite alone, through the corner triangle, through a printed corner angle; sides: the
    printed sides' total."""
    angles = s["fig"]["angles"]
    if angles:
        return 1 + any(a["v"] == "P" and a["b"] == "Q" for a in angles) + any(a["v"] == "A" for a in angles)
    return sum(int(ln["text"].split()[-1]) for ln in s["fig"]["lens"] if "?" not in ln["text"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
