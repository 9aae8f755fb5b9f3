"""geometry/tangent_packing: independent solvers from the catalog programs, from the printed
measurement (parsed back from the marks) and the drawn geometry: the packed shapes are checked
to touch their container, the shaded area is the container's area minus the packed shapes'
areas, and the inverse tasks bisect that area function against the printed area."""

import math

from figurecheck import half_up
from taskcheck import scene_tests, shortcut_test


MOD = "tracegen.domains.geometry.tangent_packing"
P = "task_geometry__tangent_packing__"


def printed(state):
    out = {}
    for m in state["marks"]:
        name, _, v = m["text"].partition(" = ")
        out[name] = None if v == "?" else float(v)
    return out


def poly_area(pts):
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1]))) / 2


def check_tangent(state):
    """Every circle touches the container (and the other circle); returns the circles' radius in
    drawing units."""
    geo = state["geo"]
    circles = geo["circles"]
    r = circles[0][2]
    if state["kind"] == "square_in_circle":
        for p in geo["square"]:
            assert abs(math.dist(p, circles[0][:2]) - r) < 1e-6
        return r
    poly = geo.get("square") or geo["rect"]
    for cx, cy, rr in circles:
        dists = []
        for a, b in zip(poly, poly[1:] + poly[:1]):
            (ax, ay), (bx, by) = a, b
            dists.append(abs((bx - ax) * (ay - cy) - (ax - cx) * (by - ay)) / math.dist(a, b))
        assert min(dists) > rr - 1e-6 and sum(abs(d - rr) < 1e-6 for d in dists) >= 3, dists
    if len(circles) == 2:
        assert abs(math.dist(circles[0][:2], circles[1][:2]) - 2 * r) < 1e-6
    return r


def shaded(kind, r):
    """Container area minus packed area, for circles of radius r."""
    if kind == "circle_in_square":
        return (2 * r) ** 2 - math.pi * r * r
    if kind == "square_in_circle":
        return math.pi * r * r - poly_area([(r, 0), (0, r), (-r, 0), (0, -r)])
    return (4 * r) * (2 * r) - 2 * math.pi * r * r


def gap(state, params, qid):
    kind = state["kind"]
    check_tangent(state)
    g = printed(state)
    r = g["side"] / 2 if "side" in g else g["width"] / 4 if "width" in g else g["r"]
    geo_r = state["geo"]["circles"][0][2]
    assert abs(geo_r - r) < 1e-9          # drawn to the printed scale
    return half_up(shaded(kind, r))


def inverse(state, params, qid):
    kind = state["kind"]
    check_tangent(state)
    area = printed(state)["shaded area"]
    lo, hi = 0.0, 1000.0
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if shaded(kind, mid) < area else (lo, mid)
    r = (lo + hi) / 2
    return half_up(r * math.sqrt(2) if kind == "square_in_circle" else r)


SOLVERS = {P + t: gap for t in ("circle_in_square_gap_area", "square_in_circle_gap_area",
                                "two_circles_in_rectangle_gap_area")}
SOLVERS.update({P + t: inverse for t in ("circle_in_square_radius_from_gap_area", "square_in_circle_side_from_gap_area",
                                         "two_circles_in_rectangle_radius_from_gap_area")})


def _size(s):
    return s["geo"]["circles"][0][2] + 30 * (s["tilt"] != 0)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
