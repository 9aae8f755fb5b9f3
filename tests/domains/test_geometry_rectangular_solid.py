"""geometry/rectangular_solid: independent solvers -- the highlighted total over the number of
highlighted edges (counted on the cube's 12 edges), the six faces' areas summed, the volume
divided by the two printed edges, and the sheet side less two cuts (checked by folding: the box's
volume from the folded net matches base x base x cut)."""

import itertools
import re

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.rectangular_solid"
P = "task_geometry__rectangular_solid__"


def frame(state, params, qid):
    total = int(re.findall(r"\d+", state["note"])[0])
    corners = list(itertools.product((0, 1), repeat=3))
    edges = [(a, b) for a, b in itertools.combinations(corners, 2) if sum(x != y for x, y in zip(a, b)) == 1]
    assert len(edges) == 12
    n = len(set(state["highlight"]))
    assert total % n == 0
    return total // n


def surface(state, params, qid):
    d = state["dims"]
    faces = [d["L"] * d["W"], d["W"] * d["H"], d["L"] * d["H"]]
    return sum(2 * f for f in faces)


def missing(state, params, qid):
    key = {"missing_length_from_volume": "L", "missing_width_from_volume": "W",
           "missing_height_from_volume": "H"}[qid]
    assert state["unknown"] == key
    V = int(state["note"].split("=")[1])
    known = [v for k, v in state["dims"].items() if k != key]
    assert V % (known[0] * known[1]) == 0
    return V // (known[0] * known[1])


def net(state, params, qid):
    sh = state["sheet"]
    side = sh[state["ask"]]
    base = side
    for _ in range(2):          # one cut square at each end of the side
        base -= sh["cut"]
    return base


SOLVERS = {P + "cube_edge_from_frame_length_value": frame, P + "cuboid_surface_area_value": surface,
           P + "cuboid_volume_missing_dimension_value": missing, P + "open_box_net_dimension_value": net}


def _size(s):
    if s["kind"] == "frame":
        return s["edge"] + len(s["highlight"])
    if s["kind"] == "net":
        return max(s["sheet"].values())
    return max(s["dims"].values())


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))


def test_known_surface_area():
    assert surface({"dims": {"L": 19, "W": 15, "H": 17}}, {}, "single") == 2 * (285 + 255 + 323)
