"""geometry/area_partition: independent solver from the catalog program -- shoelace areas (numpy)
of the outer shape and the shaded pieces give the shaded share, and the printed shaded area
scales it to the whole; the figure is checked first (tick-marked points are midpoints, the
printed shaded area is the shaded pieces' true area)."""

import numpy as np

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.area_partition"
P = "task_geometry__area_partition__"


def shoelace(poly):
    x, y = np.asarray(poly, dtype=float).T
    return abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2


def solve(state, params, qid):
    for a, m, b in state["halves"]:
        assert np.allclose(m, (np.asarray(a) + np.asarray(b)) / 2, atol=1e-5)
    shaded = sum(shoelace(p) for p in state["shaded"])
    assert abs(shaded - state["shaded_area"]) < 1e-3
    share = shoelace(state["outer"]) / shaded
    assert abs(share - round(share)) < 1e-4
    return int(state["shaded_area"] * round(share))


SOLVERS = {P + "total_area_value": solve}


def _size(s):
    cells = {"par_diagonals": 4, "par_diagonals_midpoint": 8, "tri_median": 2, "tri_medians": 6, "tri_midsegments": 4}
    return cells[s["variant"]] + 4 * (len(s["shaded"]) - 1)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
