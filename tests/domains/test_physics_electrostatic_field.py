"""physics/electrostatic_field: independent solvers from Coulomb's law with k = 1 (numpy vectors):
the net field at P against the eight drawn arrows (by the largest cosine), the potential as the
sum of q / r over the charges, and the candidate point where the field's magnitude vanishes."""

import math

import numpy as np

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.electrostatic_field"
P = "task_physics__electrostatic_field__"


def net_field(charges, p):
    p = np.array(p, float)
    e = np.zeros(2)
    for ch in charges:
        d = p - np.array([ch["x"], ch["y"]], float)
        e += ch["q"] * d / np.linalg.norm(d) ** 3
    return e


def direction(state, params, qid):
    e = net_field(state["charges"], state["P"])
    if qid == "force_on_negative_charge":
        e = -e
    u = e / np.linalg.norm(e)
    cos = [u @ np.array([math.cos(math.radians(45 * d)), math.sin(math.radians(45 * d))]) for d in state["arrows"]]
    best = int(np.argmax(cos))
    assert cos[best] > math.cos(math.radians(10)) and sorted(cos)[-2] < math.cos(math.radians(35))
    return "ABCDEFGH"[best]


def potential(state, params, qid):
    v = sum(ch["q"] / math.dist((ch["x"], ch["y"]), state["P"]) for ch in state["charges"])
    assert abs(v - round(v)) < 1e-9
    return int(round(v))


def zero_point(state, params, qid):
    mags = [np.linalg.norm(net_field(state["charges"], p)) for p in state["candidates"]]
    zeros = [k for k, m in enumerate(mags) if m < 1e-9]
    assert len(zeros) == 1 and all(m > 1e-4 for k, m in enumerate(mags) if k != zeros[0])
    return "ABCDEFGH"[zeros[0]]


SOLVERS = {P + "field_direction_choice": direction, P + "potential_value": potential,
           P + "zero_field_point_label": zero_point}


def test_hand_checked():
    # +1 at (-2, 0) and +4 at (1, 0): the field vanishes one third of the way, at (-1, 0)
    charges = [{"q": 1, "x": -2, "y": 0}, {"q": 4, "x": 1, "y": 0}]
    st = {"charges": charges, "candidates": [[0, 0], [-1, 0], [-1, 1]]}
    assert zero_point(st, {}, "single") == "B"
    # -4 at distance 2 and +9 at distance 3 from P: V = -2 + 3 = 1
    st = {"charges": [{"q": -4, "x": 2, "y": 0}, {"q": 9, "x": 0, "y": -3}], "P": [0, 0]}
    assert potential(st, {}, "single") == 1
    # a lone positive charge left of P pushes a positive test charge to the right (arrow 0 = right)
    st = {"charges": [{"q": 2, "x": -3, "y": 0}], "P": [0, 0], "arrows": [4, 0, 2, 6, 1, 3, 5, 7]}
    assert direction(st, {}, "force_on_positive_charge") == "B"
    assert direction(st, {}, "force_on_negative_charge") == "A"


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["charges"]) + len(s["candidates"]))
