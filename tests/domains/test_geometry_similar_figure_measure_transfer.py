"""geometry/similar_figure_measure_transfer: independent solvers from the catalog programs, from
the printed labels alone (the scale from a labelled pair of corresponding sides, from two areas
or an area ratio; x from the expression with sympy), after checking that every printed length
and area is true of the drawn polygons (the second is the first scaled by k)."""

import re
from fractions import Fraction

import sympy as sp
from sympy.parsing.sympy_parser import (implicit_multiplication_application, parse_expr,
                                        standard_transformations)

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.similar_figure_measure_transfer"
P = "task_geometry__similar_figure_measure_transfer__"


def true_side(state, fig, i):
    poly = state["poly"]
    a, b = poly[i], poly[(i + 1) % len(poly)]
    k = Fraction(*state["k"]) if fig == 2 else 1
    return sp.sqrt((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) * sp.Rational(k)


def true_area(state, fig):
    poly = [sp.Point(*p) for p in state["poly"]]
    k = Fraction(*state["k"]) if fig == 2 else 1
    return abs(sp.Polygon(*poly).area) * sp.Rational(k) ** 2


def printed(state):
    """{(fig, side): number or expression text}; numbers checked against the drawn figures."""
    out = {}
    for m in state["marks"]:
        t = m["text"]
        if re.fullmatch(r"\d+", t):
            assert true_side(state, m["fig"], m["i"]) == int(t), m
            out[(m["fig"], m["i"])] = int(t)
        else:
            out[(m["fig"], m["i"])] = t
    return out


def ticks(state):
    pairs = {}
    for m in state["marks"]:
        pairs.setdefault(m["ticks"], {})[m["fig"]] = m["i"]
    for p in pairs.values():             # equal tick counts mark corresponding sides
        assert p[1] == p[2]
    return pairs


def scale_from_pair(state, lab):
    i = ticks(state)[1][1]
    return Fraction(lab[(2, i)], lab[(1, i)])


def corresponding(state, params, qid):
    lab = printed(state)
    k = scale_from_pair(state, lab)
    t = ticks(state)[2][1]
    assert lab[(2, t)] == "?"
    return int(k * lab[(1, t)])


def area_scale(state, params, qid):
    lab = printed(state)
    notes = [n["text"] for n in state["notes"]]
    if qid == "side_length_from_area_pair":
        a1 = int(re.search(r"= (\d+)$", next(n for n in notes if "'" not in n.split("=")[0])).group(1))
        a2 = int(re.search(r"= (\d+)$", next(n for n in notes if "'" in n.split("=")[0])).group(1))
        assert true_area(state, 1) == a1 and true_area(state, 2) == a2
        ratio = Fraction(a2, a1)
    else:
        p, q = map(int, re.search(r"= (\d+) : (\d+)$", notes[0]).groups())
        ratio = Fraction(p, q)
        assert true_area(state, 2) / true_area(state, 1) == sp.Rational(ratio)
    k = sp.sqrt(sp.Rational(ratio))
    t = ticks(state)[1][1]
    return int(k * lab[(1, t)])


def parse(v):
    """A printed label as a sympy expression: "3x − 4" -> 3*x - 4, "12" -> 12."""
    if not isinstance(v, str):
        return sp.Integer(v)
    return parse_expr(v.replace("−", "-"), transformations=standard_transformations
                      + (implicit_multiplication_application,))


def variable(state, params, qid):
    lab = printed(state)
    k = scale_from_pair(state, lab)
    t = ticks(state)[2][1]
    e1, e2 = lab[(1, t)], lab[(2, t)]
    x = sp.Symbol("x")
    sol = sp.solve(sp.Eq(parse(e2), sp.Rational(k) * parse(e1)), x)
    assert len(sol) == 1
    # the side carrying x must come out at its true drawn length
    fig = 1 if isinstance(e1, str) else 2
    assert parse(e1 if fig == 1 else e2).subs(x, sol[0]) == true_side(state, fig, t)
    return float(round(sp.Float(sol[0]), 1))


SOLVERS = {P + "corresponding_side_value": corresponding, P + "area_scale_side_length_value": area_scale,
           P + "variable_value": variable}


def _size(s):
    return s["n"] + 2 * (Fraction(*s["k"]).denominator > 1) + 2 * s["mirror"]


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
