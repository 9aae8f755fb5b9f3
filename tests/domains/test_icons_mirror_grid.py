"""icons/mirror_grid: independent solvers with orientations as 2 x 2 integer matrices (a turn
times an optional left-right mirror) and mirrors as reflection matrices acting on positions and
orientations alike."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.icons.mirror_grid"
P = "task_icons__mirror_grid__"
# reflections of the screen plane (x right, y down)
REFLECT = {"vertical": np.array([[-1, 0], [0, 1]]), "horizontal": np.array([[1, 0], [0, -1]]),
           "diagonal_main": np.array([[0, 1], [1, 0]]), "diagonal_anti": np.array([[0, -1], [-1, 0]])}


def _orientation(angle, mirror):
    t = np.radians(angle)
    rot = np.rint([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]]).astype(int)   # clockwise on screen
    return rot @ (REFLECT["vertical"] if mirror else np.eye(2, dtype=int))


def _key(kind, color, m, pos):
    return (kind, color, tuple(m.ravel()), tuple(np.round(pos, 3)))


def _axes(icons):
    base = sorted(_key(k, c, _orientation(a, m), (u, v)) for k, c, a, m, u, v in icons)
    found = set()
    for name, f in REFLECT.items():
        image = sorted(_key(k, c, f @ _orientation(a, m), f @ np.array([u, v])) for k, c, a, m, u, v in icons)
        if image == base:
            found.add(name)
    return frozenset(found)


def symmetry_match(state, params, qid):
    ref = _axes(state["reference"])
    assert ref
    (k,) = [i for i, o in enumerate(state["options"]) if _axes(o) == ref]
    return "ABCDEF"[k]


def missing_cell(state, params, qid):
    rows, cols, miss = state["rows"], state["cols"], state["missing"]
    r, c = divmod(miss, cols)
    twin = state["cells"][r * cols + cols - 1 - c] if state["axis"] == "vertical" else state["cells"][
        (rows - 1 - r) * cols + c]
    want = REFLECT[state["axis"]] @ _orientation(twin[2], twin[3])
    hits = [i for i, (k, col, a, m) in enumerate(state["options"])
            if (k, col) == (twin[0], twin[1]) and np.array_equal(_orientation(a, m), want)]
    (i,) = hits
    return "ABCDEF"[i]


SOLVERS = {P + "mirror_symmetry_match_label": symmetry_match, P + "missing_mirror_cell_label": missing_cell}


def _size(s):
    if s["variant"] == "grid":
        return s["rows"] * s["cols"] + len(s["options"])
    return sum(len(o) for o in s["options"]) + 3 * len(s["options"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_every_grid_cell_mirrors_its_twin():
    from tracegen.core import engine
    from tracegen.domains.icons import mirror_grid

    spec = mirror_grid.SCENE.tasks[P + "missing_mirror_cell_label"]
    for i in range(6):
        s = engine.generate(spec, seed=1, split="train", index=i, encode=False).trace["state"]
        rows, cols = s["rows"], s["cols"]
        for idx, cell in enumerate(s["cells"]):
            r, c = divmod(idx, cols)
            j = r * cols + cols - 1 - c if s["axis"] == "vertical" else (rows - 1 - r) * cols + c
            if cell is None or s["cells"][j] is None:
                continue
            f = REFLECT[s["axis"]]
            assert np.array_equal(f @ _orientation(cell[2], cell[3]), _orientation(s["cells"][j][2], s["cells"][j][3]))
