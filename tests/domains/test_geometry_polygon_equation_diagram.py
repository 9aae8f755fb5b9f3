"""geometry/polygon_equation_diagram: independent solvers from the catalog programs.  The angle
and side labels are parsed into linear expressions, the equation (two equal marks, or the
interior-angle sum) is solved exactly with fractions, and the drawing is checked to show the
solved values to scale (angles in degrees, sides at one common scale)."""

import re
from fractions import Fraction

from figurecheck import length, measure_angle
from taskcheck import scene_tests, shortcut_test


MOD = "tracegen.domains.geometry.polygon_equation_diagram"
P = "task_geometry__polygon_equation_diagram__"
LINEAR = re.compile(r"^\(?(\d*)([xy])(?: ([+−]) (\d+))?\)?°?$")


def parse(text):
    """(coefficient, constant, variable) of a label: '(3x − 43)°' -> (3, -43, 'x'); '75°' -> (0, 75, None)."""
    t = text.strip()
    m = LINEAR.match(t)
    if not m:
        return 0, int(t.rstrip("°")), None
    a = int(m[1]) if m[1] else 1
    b = int(m[4] or 0) * (-1 if m[3] == "−" else 1)
    return a, b, m[2]


def interior(fig, v):
    """The interior angle at vertex v of the (convex) polygon, in degrees."""
    names = fig["names"]
    i = names.index(v)
    return measure_angle(fig, names[i - 1] + v + names[(i + 1) % len(names)])


def solve_equal(marks):
    """x from two marks in x that are equal."""
    (a1, b1, _), (a2, b2, _) = [m for m in marks if m[2] == "x"]
    x = Fraction(b2 - b1, a1 - a2)
    assert x.denominator == 1
    return int(x)


def angles(state):
    fig = state["fig"]
    return {an["v"]: parse(an["text"]) for an in fig["angles"]}


def check_angles(fig, marks, x):
    for v, (a, b, var) in marks.items():
        if var != "y":
            assert abs(interior(fig, v) - (a * x + b)) < 2e-3, (v, a * x + b, interior(fig, v))


def equal_angle(state, params, qid):
    fig = state["fig"]
    marks = angles(state)
    x = solve_equal(list(marks.values()))
    check_angles(fig, marks, x)
    return x


def equal_angle_measure(state, params, qid):
    marks = angles(state)
    x = equal_angle(state, params, qid)
    a, b, _ = marks[state["facts"]["ask"]]
    return a * x + b


def sum_variable(state, params, qid):
    fig = state["fig"]
    marks = angles(state)
    assert len(marks) == len(fig["names"])
    coef = sum(a for a, _, _ in marks.values())
    const = sum(b for _, b, _ in marks.values())
    x = Fraction(180 * (len(marks) - 2) - const, coef)
    assert x.denominator == 1
    check_angles(fig, marks, int(x))
    return int(x)


def sum_angle(state, params, qid):
    x = sum_variable(state, params, qid)
    a, b, _ = angles(state)[state["facts"]["ask"]]
    return a * x + b


def sides(state):
    fig = state["fig"]
    out = {}
    for ln in fig["lens"]:
        out[ln["a"] + ln["b"]] = parse(ln["text"])
    return fig, out


def side_values(state):
    """x and every labelled side's length, checked against the drawing at one scale."""
    fig, marks = sides(state)
    x = solve_equal(list(marks.values()))
    values = {k: a * x + b for k, (a, b, var) in marks.items() if var != "y"}
    for k, v in values.items():
        assert abs(length(fig, k) - v) < 1e-6 * v, (k, v)
    return x, values


def equal_side_variable(state, params, qid):
    return side_values(state)[0]


def equal_side_length(state, params, qid):
    return side_values(state)[1][state["facts"]["ask"]]


def perimeter(state, params, qid):
    _, values = side_values(state)
    names = state["fig"]["names"]
    assert len(values) == len(names)
    return sum(values.values())


SOLVERS = {
    P + "equal_angle_measure_value": equal_angle_measure,
    P + "equal_angle_variable_value": equal_angle,
    P + "equal_side_length_value": equal_side_length,
    P + "equal_side_variable_value": equal_side_variable,
    P + "interior_angle_sum_angle_value": sum_angle,
    P + "interior_angle_sum_variable_value": sum_variable,
    P + "side_expression_perimeter_value": perimeter,
}


def _size(s):
    fig = s["fig"]
    return 10 * len(fig["names"]) + len(fig["angles"]) + len(fig["lens"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


test_no_printed_answer = shortcut_test(sorted(SOLVERS))
