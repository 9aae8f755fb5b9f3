"""icons/wallpaper_panels: an independent classifier of each panel's wallpaper group from its
copies alone -- the orientation of every copy relative to the top-left one (2 x 2 integer
matrices), how those relations vary along rows and columns, and whether alternate rows are
half-shifted -- and solvers that compare the classified groups."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.icons.wallpaper_panels"
P = "task_icons__wallpaper_panels__"
I = np.eye(2, dtype=int)
CW = np.array([[0, -1], [1, 0]])
MX, MY = np.array([[-1, 0], [0, 1]]), np.array([[1, 0], [0, -1]])


def _m(angle, mirror):
    out = np.linalg.matrix_power(CW, (angle // 90) % 4)
    return out @ MX if mirror else out


def classify(p):
    cells = {(r, k): _m(a, m) for r, k, a, m in p["cells"]}
    base = cells[(0, 0)]
    rel = {rk: m @ base.T for rk, m in cells.items()}          # copy = rel @ base
    kinds = {tuple(m.ravel()) for m in rel.values()}
    same = lambda a, b: np.array_equal(rel[a], rel[b])
    staggered = p["shifted"]                    # alternate rows drawn half a cell over
    if len(kinds) == 1:
        return "p1"
    if len(kinds) == 4:
        return "p4" if any(np.array_equal(rel[rk], CW) for rk in rel) else "pmm"
    other = next(m for m in rel.values() if not np.array_equal(m, I))
    if np.array_equal(other, CW @ CW):
        return "p2"
    if np.array_equal(other, MX):
        return "cm" if staggered and same((0, 0), (0, 1)) else "pm"
    if np.array_equal(other, MY) and staggered:
        return "pg"
    return "?"


def odd_one(state, params, qid):
    groups = [classify(p) for p in state["panels"]]
    (k,) = [i for i, g in enumerate(groups) if groups.count(g) == 1]
    return "ABCD"[k]


def same_as_reference(state, params, qid):
    ref = classify(state["reference"])
    (k,) = [i for i, p in enumerate(state["panels"]) if classify(p) == ref]
    return "ABCD"[k]


SOLVERS = {P + "motif_violation_label": odd_one, P + "same_pattern_as_reference_label": same_as_reference}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: sum(len(p["cells"]) for p in s["panels"]))
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_classifier_recovers_every_group():
    from tracegen.domains.icons import wallpaper_panels as wp
    from tracegen.kits.motifs import DIHEDRAL

    for group in wp.GROUPS:
        for base in DIHEDRAL:
            p = wp.panel(np.random.default_rng(0), group, 2, "boot")
            p["cells"] = wp.tile(group, base, 4)
            assert classify(p) == group, (group, base)
