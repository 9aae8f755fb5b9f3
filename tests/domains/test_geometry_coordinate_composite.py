"""geometry/coordinate_composite: independent solvers from the catalog programs, in exact
arithmetic with sympy's geometry (intersection points of segments, circles and polygons; point
in polygon) and integer tests for points on an outline -- none of the scene's crossing code."""

from functools import lru_cache

import sympy as sp

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.coordinate_composite"
P = "task_geometry__coordinate_composite__"


def geo(sh):
    if sh["kind"] == "circle":
        return sp.Circle(sp.Point(*sh["c"]), sh["r"])
    if sh["kind"] == "segment":
        return sp.Segment(sp.Point(*sh["a"]), sp.Point(*sh["b"]))
    return sp.Polygon(*[sp.Point(*p) for p in sh["pts"]])


@lru_cache(maxsize=None)
def _meets(key):
    a, b = (geo(eval(k)) for k in key)
    out = []
    for x in sp.intersection(a, b):
        assert isinstance(x, sp.Point), f"shapes overlap along {x}"
        out.append((float(x.x), float(x.y)))
    return tuple(out)


PAIR = {"line_circle_intersection_count": {"segment", "circle"}, "circle_circle_intersection_count": {"circle"},
        "line_polygon_intersection_count": {"segment", "polygon"},
        "circle_polygon_intersection_count": {"circle", "polygon"}, "mixed_object_intersection_count": None}


def count(state, params, qid):
    shapes = state["shapes"]
    pts = []
    for i in range(len(shapes)):
        for j in range(i + 1, len(shapes)):
            kinds = {shapes[i]["kind"], shapes[j]["kind"]}
            if PAIR[qid] is None or kinds == PAIR[qid]:
                pts += _meets((repr(shapes[i]), repr(shapes[j])))
    distinct = []
    for p in pts:
        if all(abs(p[0] - d[0]) + abs(p[1] - d[1]) > 1e-6 for d in distinct):
            distinct.append(p)
    return len(distinct)


def on_outline(p, sh):
    x, y = p
    if sh["kind"] == "circle":
        return (x - sh["c"][0]) ** 2 + (y - sh["c"][1]) ** 2 == sh["r"] ** 2
    pts = [sh["a"], sh["b"]] if sh["kind"] == "segment" else sh["pts"] + sh["pts"][:1]
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        if (bx - ax) * (y - ay) == (by - ay) * (x - ax) and min(ax, bx) <= x <= max(ax, bx) \
                and min(ay, by) <= y <= max(ay, by):
            return True
    return False


def one(shapes, kind):
    found = [s for s in shapes if s["kind"] == kind]
    assert len(found) == 1, kind
    return found[0]


BOUNDARY = {"line_circle_boundary_point": ("circle", "segment"), "circle_polygon_boundary_point": ("circle", "polygon"),
            "line_polygon_boundary_point": ("segment", "polygon")}


def boundary(state, params, qid):
    a, b = (one(state["shapes"], k) for k in BOUNDARY[qid])
    hits = [c["label"] for c in state["cands"] if on_outline((c["x"], c["y"]), a) and on_outline((c["x"], c["y"]), b)]
    assert len(hits) == 1
    return hits[0]


def region(state, params, qid):
    circle, poly, line = (one(state["shapes"], k) for k in ("circle", "polygon", "segment"))
    hits = []
    for c in state["cands"]:
        p = (c["x"], c["y"])
        for sh in (circle, poly, line):
            assert not on_outline(p, sh)
        in_c = geo(circle).encloses_point(sp.Point(*p))
        in_g = geo(poly).encloses_point(sp.Point(*p))
        above = p[1] > line["a"][1]
        ok = {"inside_circle_outside_polygon": in_c and not in_g, "inside_polygon_outside_circle": in_g and not in_c,
              "inside_circle_above_line": in_c and above, "inside_polygon_below_line": in_g and not above}[qid]
        if ok:
            hits.append(c["label"])
    assert len(hits) == 1
    return hits[0]


SOLVERS = {P + "intersection_point_count": count, P + "boundary_point_match_label": boundary,
           P + "region_membership_label": region}


def _size(s):
    return s["R"] + len(s["shapes"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test([P + "intersection_point_count"])
