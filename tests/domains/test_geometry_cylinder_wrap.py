"""geometry/cylinder_wrap: independent solvers -- the unrolled path as a straight line over one
circumference (integer square root, checked exact), and the wrapped mark found by rolling the strip
onto the rim: the mark's arc length from the seam turned into an angle, walked in the wrap
direction, then matched to the candidate at that angle."""

import math

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.cylinder_wrap"
P = "task_geometry__cylinder_wrap__"


def path(state, params, qid):
    sq = state["C"] ** 2 + state["h"] ** 2
    r = math.isqrt(sq)
    assert r * r == sq
    return r


def wrapped(state, params, qid):
    divs = state["divs"]
    frac = state["pos"] / divs                    # arc from the seam over the whole circumference
    turn = 1 if state["ccw"] else -1              # drawing: counter-clockwise on the canvas
    angle = (turn * 360.0 * frac) % 360.0
    best = [lab for lab, k in zip(state["labels"], state["cands"])
            if abs(((turn * 360.0 * k / divs) % 360.0) - angle) < 1e-6]
    assert len(best) == 1
    return best[0]


SOLVERS = {P + "surface_path_length_value": path, P + "wrapped_mark_position_label": wrapped}


def _size(s):
    return s["C"] + s["h"] if s["kind"] == "path" else 10 * s["divs"] + len(s["cands"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test([P + "surface_path_length_value"])


def test_known_path():
    assert path({"C": 36, "h": 48}, {}, "single") == 60
