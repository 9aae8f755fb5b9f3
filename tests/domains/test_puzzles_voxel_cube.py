"""puzzles/voxel_cube: independent solvers by brute force over the voxel set -- the cubes counted one
by one, the structures compared voxel by voxel, and the side views found by projecting every voxel
along the viewing direction onto the view's grid (front: the lower-left faces, columns by x; right:
the lower-right faces, columns by y from the far end, as the isometric drawing places them)."""

import itertools

from taskcheck import scene_tests

MOD = "tracegen.domains.puzzles.voxel_cube"
P = "task_puzzles__voxel_cube__"


def voxels(h):
    n = len(h)
    return {(x, y, z) for x, y in itertools.product(range(n), repeat=2) for z in range(h[x][y])}


def count(state, params, qid):
    return len(voxels(state["h"]))


def _grid(cells, cols, rows):
    return [[int((k, z) in cells) for k in range(cols)] for z in range(rows)]


def front(h):
    vs = voxels(h)
    rows = max(z for *_, z in vs) + 1
    return _grid({(x, z) for x, _, z in vs}, len(h), rows)


def right(h):
    vs = voxels(h)
    n = len(h)
    rows = max(z for *_, z in vs) + 1
    return _grid({(n - 1 - y, z) for _, y, z in vs}, n, rows)


def projection(state, params, qid):
    g = front(state["h"])
    hits = [k for k, o in enumerate(state["options"]) if o == g]
    assert len(hits) == 1
    return "ABCD"[hits[0]]


def change(state, params, qid):
    a, b = voxels(state["ref"]), voxels(state["h"])
    assert b <= a
    return len(a - b)


def visible(state, params, qid):
    return sum(map(sum, right(state["h"])))


SOLVERS = {P + "cube_count": count, P + "cube_projection_match_label": projection,
           P + "cube_structure_change_count": change, P + "cube_visible_projection_count": visible}


def _size(s):
    return 10 * s["n"] + s["tall"]


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def test_known_views():
    h = [[2, 0], [1, 1]]                  # h[x][y]
    assert count({"h": h}, {}, "") == 4
    assert front(h) == [[1, 1], [1, 0]]   # x = 0 has a stack of 2, x = 1 of 1
    assert right(h) == [[1, 1], [0, 1]]   # y = 1 (left) height 1, y = 0 (right) height 2
