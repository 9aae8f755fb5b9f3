"""geometry/concentric_chord: independent solvers from the catalog programs -- the chord's half
and the radii in a right triangle (sympy's exact square root), after checking the drawn figure:
T on the inner circle, A and B on the outer, the chord perpendicular to OT, every printed length
true of the coordinates."""

import math

import sympy as sp

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.concentric_chord"
P = "task_geometry__concentric_chord__"


def given(state):
    fig = state["fig"]
    p = fig["pts"]
    (_, _, r), (_, _, R) = sorted(fig["circles"], key=lambda c: c[2])
    assert abs(math.dist(p["O"], p["T"]) - r) < 1e-4 and abs(math.dist(p["O"], p["A"]) - R) < 1e-4
    assert abs(math.dist(p["O"], p["B"]) - R) < 1e-4
    u = (p["B"][0] - p["A"][0], p["B"][1] - p["A"][1])
    v = (p["T"][0] - p["O"][0], p["T"][1] - p["O"][1])
    assert abs(u[0] * v[0] + u[1] * v[1]) < 1e-3 * R * R
    out = {}
    for ln in fig["lens"]:
        name, value = ln["text"].split(" = ")
        if value != "?":
            assert abs(math.dist(p[ln["a"]], p[ln["b"]]) - int(value)) < 1e-3
            out[name] = int(value)
    for note in fig.get("notes", []):
        name, value = note.split(" = ")
        assert name == "outer diameter" and int(value) == round(2 * R)
        out["R"] = int(value) // 2
    return out


def chord(state, params, qid):
    g = given(state)
    return int(2 * sp.sqrt(g["R"] ** 2 - g["r"] ** 2))


def inner(state, params, qid):
    g = given(state)
    return int(sp.sqrt(g["R"] ** 2 - sp.Rational(g["AB"], 2) ** 2))


SOLVERS = {P + "chord_length_from_radii": chord, P + "inner_radius_from_chord": inner}


def _size(s):
    return max(c[2] for c in s["fig"]["circles"]) + 100 * len(s["fig"].get("notes", []))


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
