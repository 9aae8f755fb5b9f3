"""geometry/bearing_route: independent solvers from the catalog programs -- the grid route walked
with complex numbers (north = +i, a bearing turns clockwise), the direct bearing from the legs'
vector sum with atan2 (and the drawn points checked against it)."""

import cmath
import math

from taskcheck import scene_tests

MOD = "tracegen.domains.geometry.bearing_route"
P = "task_geometry__bearing_route__"


def heading(b):
    return cmath.exp(1j * math.radians(90 - b))      # a unit step on the bearing (x east, y north)


def endpoint(state, params, qid):
    z = complex(*state["start"])
    for b, n in state["route"]:
        z += n * heading(b)
    hits = [c["label"] for c in state["cands"] if abs(complex(c["x"], c["y"]) - z) < 1e-9]
    assert len(hits) == 1
    return hits[0]


def final(state, params, qid):
    z = sum(n * heading(b) for b, n in state["legs"])
    assert abs(z - complex(*state["pts"]["F"])) < 1e-4          # F is drawn where the legs lead
    bearing = math.degrees(math.atan2(z.real, z.imag)) % 360
    hits = ["ABCDEF"[k] for k, v in enumerate(state["options"]) if abs((v - bearing + 180) % 360 - 180) < 1e-6]
    assert len(hits) == 1
    return hits[0]


SOLVERS = {P + "endpoint_position_label": endpoint, P + "final_bearing_value": final}


def _size(s):
    if s["kind"] == "grid":
        return s["cols"] + len(s["route"]) + len(s["cands"])
    return 3 - sum(b % 90 == 0 for b, _ in s["legs"]) + sum(b % 5 != 0 for b, _ in s["legs"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
