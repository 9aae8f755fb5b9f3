"""geometry/paper_fold: independent solvers from the catalog programs.  The drawn sheet is checked
(P is A mirrored in the crease EF and lies on DC); then the fold correspondence (PE = AE, PF = AF)
and Pythagoras in the right triangle AEF give the asked segment (sympy's exact root), and the
straight angle at E (x + x + DEP = 180) or at F (2(90 - x) + BFP = 180) gives x -- checked
against the angle measured at E."""

import math

import sympy as sp

from figurecheck import half_up
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.paper_fold"
P = "task_geometry__paper_fold__"


def check_fold(sh):
    (ax, ay), (ex, ey), (fx, fy), (px, py) = sh["A"], sh["E"], sh["F"], sh["P"]
    dx, dy = fx - ex, fy - ey
    t = ((ax - ex) * dx + (ay - ey) * dy) / (dx * dx + dy * dy)
    hx, hy = ex + t * dx, ey + t * dy
    assert abs(2 * hx - ax - px) < 1e-4 and abs(2 * hy - ay - py) < 1e-4          # P mirrors A in EF
    assert abs(py - sh["D"][1]) < 1e-4 and abs(sh["D"][1] - sh["C"][1]) < 1e-4      # P on DC


def segment(state, params, qid):
    check_fold(state["sheet"])
    got = {ln["text"].split(" = ")[0]: ln["text"].split(" = ")[1] for ln in state["lens"]}
    asked = next(k for k, v in got.items() if v == "?")
    known = next(k for k, v in got.items() if k != "EF" and v != "?")
    leg = int(got[known])                     # AE or its image PE, AF or its image PF
    other = sp.sqrt(int(got["EF"]) ** 2 - leg ** 2)
    same_side = set(known) & set(asked) - {"P", "A"}
    return int(leg if same_side else other)


def angle(state, params, qid):
    sh = state["sheet"]
    check_fold(sh)
    given = next(a for a in state["angles"] if a["text"] != "x")
    g = float(given["text"].rstrip("°"))
    x = (180 - g) / 2 if given["v"] == "E" else g / 2
    e, a, f = sh["E"], sh["A"], sh["F"]
    aef = math.degrees(math.acos(((a[0] - e[0]) * (f[0] - e[0]) + (a[1] - e[1]) * (f[1] - e[1]))
                                 / (math.dist(a, e) * math.dist(f, e))))
    assert abs(aef - x) < 1e-4
    return half_up(x)


SOLVERS = {P + "folded_segment_length_value": segment, P + "paper_fold_angle_value": angle}


def _size(s):
    if s["lens"]:
        return max(int(ln["text"].split(" = ")[1]) for ln in s["lens"] if "?" not in ln["text"]) + \
            500 * any(ln["text"].startswith("P") for ln in s["lens"])
    return (s["x10"] % 10 != 0) + 2 * any(a["v"] == "F" for a in s["angles"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
