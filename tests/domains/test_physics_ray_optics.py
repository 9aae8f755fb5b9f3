"""physics/ray_optics: independent solvers written from the catalog programs."""

import numpy as np

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.ray_optics"
P = "task_physics__ray_optics__"


def _reflect(d, kind):
    """Law of reflection off a 45-degree mirror: reflect the direction about the mirror's line
    ("/" along (1, 1), "\\" along (1, -1)): r = 2 (d.m) m - d for the unit line direction m."""
    m = np.array([1.0, 1.0] if kind == "/" else [1.0, -1.0]) / np.sqrt(2)
    r = 2 * (d @ m) * m - d
    return np.rint(r).astype(int)


def _path(state):
    n = state["n"]
    mirrors = {(m[0], m[1]): (k, m[2]) for k, m in enumerate(state["mirrors"])}
    p, d = np.array([-1, state["row"]]), np.array([1, 0])
    cells, hits = [], []
    while True:
        p = p + d
        if not (0 <= p[0] < n and 0 <= p[1] < n):
            return cells, hits
        cells.append((int(p[0]), int(p[1])))
        assert len(cells) <= n * n * 4
        if cells[-1] in mirrors:
            k, kind = mirrors[cells[-1]]
            hits.append(k)
            d = _reflect(d, kind)


def bounces(state, params, qid):
    return len(_path(state)[1])


def targets(state, params, qid):
    cells = set(_path(state)[0])
    return sum(1 for x, y in state["targets"] if (x, y) in cells)


SOLVERS = {P + "ray_bounce_count": bounces, P + "ray_target_hit_count": targets}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"])


def test_known_grid():
    # the reference's first example: enter row 1; "/" at (2,1), (2,5), (4,5), (4,6) and "\" at (6,6): 5 bounces
    st = {"n": 8, "row": 1, "targets": [[6, 2], [3, 5], [0, 0]],
          "mirrors": [[2, 1, "/"], [2, 5, "/"], [4, 5, "/"], [4, 6, "/"], [6, 6, "\\"]]}
    assert bounces(st, {}, "single") == 5
    assert targets(st, {}, "single") == 2
