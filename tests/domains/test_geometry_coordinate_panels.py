"""geometry/coordinate_panels: independent solvers from the catalog programs -- transforms as set
equalities (a translation: the sets' centroids give the vector), quadrilaterals by their six
pairwise distances and bisecting diagonals, segment relations with sympy's lines."""

import sympy as sp

from taskcheck import scene_tests

MOD = "tracegen.domains.geometry.coordinate_panels"
P = "task_geometry__coordinate_panels__"
LETTERS = "ABCDEF"


def only(hits):
    assert len(hits) == 1, hits
    return hits[0]


def transform(state, params, qid):
    def ok(src, dst):
        S, D = {tuple(p) for p in src}, {tuple(p) for p in dst}
        if qid == "translation_match_label":
            n = len(S)
            vx = sp.Rational(sum(p[0] for p in D) - sum(p[0] for p in S), n)
            vy = sp.Rational(sum(p[1] for p in D) - sum(p[1] for p in S), n)
            return (vx, vy) != (0, 0) and {(p[0] + vx, p[1] + vy) for p in S} == D
        f = {"reflection_x_match_label": lambda x, y: (x, -y), "reflection_y_match_label": lambda x, y: (-x, y),
             "rotation_180_match_label": lambda x, y: (-x, -y)}[qid]
        return {f(*p) for p in S} == D

    return only([LETTERS[k] for k, p in enumerate(state["panels"]) if ok(p["src"], p["dst"])])


def quad_is(kind, pts):
    # a parallelogram's diagonals bisect each other: some pairing of the corners shares a midpoint
    pairings = [((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))]
    diag = None
    for (i, j), (k, m) in pairings:
        if (pts[i][0] + pts[j][0], pts[i][1] + pts[j][1]) == (pts[k][0] + pts[m][0], pts[k][1] + pts[m][1]):
            diag = ((i, j), (k, m))
    if diag is None:
        return False
    (i, j), (k, m) = diag
    u = (pts[j][0] - pts[i][0], pts[j][1] - pts[i][1])
    v = (pts[m][0] - pts[k][0], pts[m][1] - pts[k][1])
    if u[0] * v[1] - u[1] * v[0] == 0:
        return False                       # degenerate (collinear corners)
    equal_diagonals = u[0] ** 2 + u[1] ** 2 == v[0] ** 2 + v[1] ** 2
    perpendicular_diagonals = u[0] * v[0] + u[1] * v[1] == 0
    return {"parallelogram": True, "rectangle": equal_diagonals, "rhombus": perpendicular_diagonals,
            "square": equal_diagonals and perpendicular_diagonals}[kind]


def quad(state, params, qid):
    kind = qid.split("_")[0]
    return only([LETTERS[k] for k, p in enumerate(state["panels"]) if quad_is(kind, [tuple(x) for x in p["pts"]])])


def segs(state, params, qid):
    def ok(pair):
        s1, s2 = (sp.Segment(sp.Point(*a), sp.Point(*b)) for a, b in pair)
        if qid == "parallel_segments_match_label":
            return sp.Line(s1).is_parallel(sp.Line(s2))
        if qid == "perpendicular_segments_match_label":
            return sp.Line(s1).is_perpendicular(sp.Line(s2))
        return sp.simplify(s1.length - s2.length) == 0

    return only([LETTERS[k] for k, p in enumerate(state["panels"]) if ok(p["segs"])])


SOLVERS = {P + "point_set_transform_match_label": transform, P + "quadrilateral_shape_match_label": quad,
           P + "segment_relation_match_label": segs}


def _size(s):
    return s["R"] + sum(len(p.get("src", [])) for p in s["panels"]) / 6


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
