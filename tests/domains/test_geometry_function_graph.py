"""geometry/function_graph: independent solvers from the catalog programs -- the graph's corners
classified with numpy (sign changes of the slope between neighbouring pieces), the average rate
as exact fractions from the marked corners."""

from fractions import Fraction

import numpy as np

from figurecheck import half_up
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.function_graph"
P = "task_geometry__function_graph__"


def extrema(state):
    x, y = np.array(state["xs"]), np.array(state["ys"])
    assert np.all(np.diff(x) > 0)                       # a function: x strictly increases
    sign = np.sign(np.diff(y))
    out = []
    for i in range(1, len(x) - 1):
        if sign[i - 1] > 0 > sign[i]:
            out.append("max")
        elif sign[i - 1] < 0 < sign[i]:
            out.append("min")
    return out


def local(state, params, qid):
    return extrema(state).count("min" if qid == "minimum" else "max")


def turning(state, params, qid):
    return len(extrema(state))


def rate(state, params, qid):
    a, b = state["marks"]["A"], state["marks"]["B"]
    xs, ys = state["xs"], state["ys"]
    return half_up(float(Fraction(ys[b] - ys[a], xs[b] - xs[a])))


SOLVERS = {P + "extremum_count_local_extremum_count": local, P + "extremum_count_turning_point_count": turning,
           P + "average_rate_value": rate}


def _size(s):
    if not s["marks"]:
        return len(s["xs"])
    a, b = s["marks"]["A"], s["marks"]["B"]      # rates: the slope's denominator grows with difficulty
    return Fraction(s["ys"][b] - s["ys"][a], s["xs"][b] - s["xs"][a]).denominator


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
