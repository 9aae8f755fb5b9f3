"""geometry/circle_centerline_overlap: independent solver from the catalog program.  Each labelled
crossing point is matched to the circle it lies on (its distance from that centre equals the
radius), giving one equation per crossing; every printed segment gives another; sympy solves the
positions along the line and the asked segment follows.  The figure's order along the line
fixes the signs."""

import math

import sympy as sp

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.circle_centerline_overlap"
P = "task_geometry__circle_centerline_overlap__"


def solve(state, params, qid):
    fig = state["fig"]
    p = fig["pts"]
    L0, L1 = p["L0"], p["L1"]
    ux, uy = L1[0] - L0[0], L1[1] - L0[1]
    pos = {k: (p[k][0] - L0[0]) * ux + (p[k][1] - L0[1]) * uy for k in fig["dots"]}   # order along the line
    centres = [k for k in "ABC" if k in fig["dots"]]
    radius = {}
    for ln in fig["lens"]:
        name, v = ln["text"].split(" = ")
        if name.startswith("r"):
            radius[name[1:]] = int(v)
    x = {k: sp.Symbol(k) for k in fig["dots"]}
    eqs = [sp.Eq(x[centres[0]], 0)]
    for k in fig["dots"]:
        if k in centres:
            continue
        owner = [c for c in centres if abs(math.dist(p[k], p[c]) - radius[c]) < 1e-4]
        assert len(owner) == 1, k
        c = owner[0]
        eqs.append(sp.Eq(x[k] - x[c], radius[c] if pos[k] > pos[c] else -radius[c]))
    asked = None
    for ln in fig["lens"]:
        name, v = ln["text"].split(" = ")
        if name.startswith("r"):
            continue
        a, b = name
        sign = 1 if pos[b] > pos[a] else -1
        if v == "?":
            asked = (a, b, sign)
        else:
            eqs.append(sp.Eq(x[b] - x[a], sign * int(v)))
    sol = sp.solve(eqs, list(x.values()), dict=True)
    assert len(sol) == 1
    a, b, sign = asked
    value = sign * (sol[0][x[b]] - sol[0][x[a]])
    assert value.is_integer and value > 0
    return int(value)


SOLVERS = {P + "segment_length_value": solve}


def _size(s):
    return len(s["fig"]["circles"]) * 50 + max(c[2] for c in s["fig"]["circles"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
