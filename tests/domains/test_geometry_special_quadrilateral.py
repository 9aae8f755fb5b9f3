"""geometry/special_quadrilateral: independent solvers from the catalog programs.  x is solved
with sympy from the two printed expressions and the shape's relation named by the query (equal,
or supplementary for consecutive angles); both expressions must then equal the measures drawn in
the (to-scale) figure.  The asked measure follows from the shape's properties: a marked measure
is its expression's value, the neighbouring angle of a parallelogram its supplement, a rhombus's
whole angle twice the half, any rhombus side the common side, a whole diagonal twice its half --
and it is checked against the figure as measured."""

import math
import re

import sympy as sp
from sympy.parsing.sympy_parser import implicit_multiplication_application, parse_expr, standard_transformations

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.special_quadrilateral"
P = "task_geometry__special_quadrilateral__"
X = sp.Symbol("x")


def parse(text):
    text = text.replace("−", "-").replace("°", "").strip().strip("()")
    return parse_expr(text, transformations=standard_transformations + (implicit_multiplication_application,),
                      local_dict={"x": X})


def measure(p, v, a, b):
    t = abs(math.degrees(math.atan2(p[a][1] - p[v][1], p[a][0] - p[v][0])
                         - math.atan2(p[b][1] - p[v][1], p[b][0] - p[v][0]))) % 360
    return min(t, 360 - t)


def angle(state, params, qid):
    fig = state["fig"]
    p = fig["pts"]
    marked = [((a["v"], a["a"], a["b"]), parse(a["text"])) for a in fig["angles"]]
    (m1, e1), (m2, e2) = marked
    rel = sp.Eq(e1 + e2, 180) if qid == "parallelogram_consecutive_angle_expression" else sp.Eq(e1, e2)
    (x,) = sp.solve(rel, X)
    values = {}                                            # (vertex, rays) -> degrees
    for m, e in marked:
        assert abs(measure(p, *m) - float(e.subs(X, x))) < 1e-4
        values[(m[0], frozenset(m[1:]))] = int(e.subs(X, x))
    name = state["facts"]["asked"]
    key = (name[1], frozenset((name[0], name[2])))
    if key in values:
        ans = values[key]
    elif qid == "rhombus_diagonal_half_angle_expression":
        ans = 2 * int(e1.subs(X, x))                       # the diagonal bisects the rhombus's angle
    else:                                                  # a parallelogram: opposite angles equal,
        opposite = {"A": "C", "C": "A", "B": "D", "D": "B"}   # neighbouring ones supplementary
        v = int(e1.subs(X, x))
        ans = v if m1[0] == opposite[name[1]] else 180 - v
    assert abs(measure(p, name[1], name[0], name[2]) - ans) < 1e-4
    return ans


def segment(state, params, qid):
    fig = state["fig"]
    p = fig["pts"]
    marked = [(ln["text"].split(" = ")[0], parse(ln["text"].split(" = ")[1])) for ln in fig["lens"]]
    (s1, e1), (s2, e2) = marked
    (x,) = sp.solve(sp.Eq(e1, e2), X)
    for s, e in marked:
        assert abs(math.dist(p[s[0]], p[s[1]]) - float(e.subs(X, x))) < 1e-4
    common = int(e1.subs(X, x))
    asked = state["facts"]["asked"]
    if asked in (s1, s2) or qid == "rhombus_all_sides_expression":
        ans = common
    elif qid == "parallelogram_diagonal_bisection_expression":
        ans = 2 * common                                   # AC = AO + OC
    else:                                                  # the side equal to a marked one
        ans = common
    assert abs(math.dist(p[asked[0]], p[asked[1]]) - ans) < 1e-4
    return ans


SOLVERS = {P + "algebraic_angle_value": angle, P + "segment_length_value": segment}


def _size(s):
    """The largest coefficient of x, plus 3 where a parallelogram's asked measure is not a marked one."""
    texts = [a["text"] for a in s["fig"]["angles"]] + [ln["text"] for ln in s["fig"]["lens"]]
    coef = max(int(m or 1) for t in texts for m in re.findall(r"(\d*)x", t))
    marked = {a["a"] + a["v"] + a["b"] for a in s["fig"]["angles"]} | {ln["text"].split(" = ")[0] for ln in
                                                                        s["fig"]["lens"]}
    asked = s["facts"]["asked"]
    derived = asked not in marked and asked[::-1] not in marked and bool(s["fig"]["par"])
    return coef + 3 * derived


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
