"""geometry/pythagorean_tree: independent solver from the catalog program.  The right triangle is
rebuilt from the legs' square roots and its hypotenuse measured, so every drawn square's area is
its side squared; the hypotenuse's square is the largest, and the missing area is the sum of the
printed legs' squares or the hypotenuse's minus the printed leg's."""

import math

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.geometry.pythagorean_tree"
P = "task_geometry__pythagorean_tree__"


def solve(state, params, qid):
    a, b = math.sqrt(state["areas"][0]), math.sqrt(state["areas"][1])
    areas = [a * a, b * b, math.dist((a, 0.0), (0.0, b)) ** 2]       # squares on PQ, PR and QR
    hyp = max(range(3), key=lambda k: areas[k])
    printed = {k: state["areas"][k] for k in range(3) if k != state["asked"]}
    for k, v in printed.items():
        assert abs(areas[k] - v) < 1e-6 * v
    if state["asked"] == hyp:
        return sum(printed.values())
    return printed[hyp] - sum(v for k, v in printed.items() if k != hyp)


SOLVERS = {P + "missing_square_area_value": solve}


def _size(s):
    return max(s["areas"]) + 10000 * any(math.isqrt(a) ** 2 != a for a in s["areas"][:2])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
