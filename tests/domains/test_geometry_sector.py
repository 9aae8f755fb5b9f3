"""geometry/sector: independent solvers from the catalog programs, from the printed radius (or
diameter), area, arc length and angles (parsed back from the figure); the angle of the drawn
sector is checked against the one the printed values give."""

import math

from figurecheck import check_printed, half_up, measure_angle, read
from taskcheck import scene_tests, shortcut_test


MOD = "tracegen.domains.geometry.sector"
P = "task_geometry__sector__"


def givens(state):
    fig = state["fig"]
    lab = check_printed(fig)
    r = float(lab["len"]["r"]) if "r" in lab["len"] else float(lab["len"]["AC"]) / 2
    (sec,) = fig["sectors"]
    drawn = ccw_arc_of_sector(fig, sec)
    return fig, lab, r, drawn


def ccw_arc_of_sector(fig, sec):
    o, a, b = (complex(*fig["pts"][sec[k]]) for k in "oab")
    return math.degrees(__import__("cmath").phase((b - o) / (a - o))) % 360


def theta_from_note(lab, r):
    if "Area" in lab["note"]:
        return math.degrees(2 * float(lab["note"]["Area"]) / r ** 2)
    return math.degrees(float(lab["note"]["arc AB"]) / r)


def marked(lab):
    """The printed angle at O next to the sector (between B and C)."""
    return lab["angle"]["OBC"]


def arc_from_area(state, params, qid):
    fig, lab, r, drawn = givens(state)
    arc = 2 * float(lab["note"]["Area"]) / r            # A = r * s / 2
    assert abs(arc / r - math.radians(drawn)) < 0.05 / r + 1e-9
    return half_up(arc)


def arc_from_supplement(state, params, qid):
    fig, lab, r, drawn = givens(state)
    th = 180 - marked(lab)
    assert abs(th - drawn) < 1e-4
    return half_up(2 * math.pi * r * th / 360)


def area_from_complement(state, params, qid):
    fig, lab, r, drawn = givens(state)
    th = 90 - marked(lab)
    assert abs(th - drawn) < 1e-4 and abs(measure_angle(fig, "AOC") - 90) < 1e-4
    return half_up(math.pi * r * r * th / 360)


def central(state, params, qid):
    fig, lab, r, drawn = givens(state)
    th = theta_from_note(lab, r)
    assert abs(th - drawn) < 0.05
    return half_up(th)


def related(state, params, qid):
    fig, lab, r, drawn = givens(state)
    th = theta_from_note(lab, r)
    assert abs(th - drawn) < 0.05
    total = {"complement_from_arc_length": 90, "supplement_from_sector_area": 180,
             "remaining_from_arc_length": 360}[qid]
    return half_up(total - th)


SOLVERS = {
    P + "arc_length_from_sector_area_value": arc_from_area,
    P + "arc_length_from_supplement_angle_value": arc_from_supplement,
    P + "sector_area_from_complement_angle_value": area_from_complement,
    P + "central_angle_from_sector_measure_value": central,
    P + "related_angle_from_sector_measure_value": related,
}


def _size(s):
    lab = read(s["fig"])
    r = float(lab["len"]["r"]) if "r" in lab["len"] else float(lab["len"]["AC"]) / 2
    return r + (r != int(r)) * 5 + 3 * ("AC" in lab["len"]) + ccw_arc_of_sector(s["fig"], s["fig"]["sectors"][0]) / 60


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
