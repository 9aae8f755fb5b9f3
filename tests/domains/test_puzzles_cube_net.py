"""puzzles/cube_net: independent solvers -- a die rolled over the net (numpy rotation matrices: each
step to a neighbouring cell turns the die a quarter about the shared edge), which face lands where;
the coloured cubes compared over all 24 rotations generated from two quarter turns."""

import numpy as np

from taskcheck import scene_tests

MOD = "tracegen.domains.puzzles.cube_net"
P = "task_puzzles__cube_net__"

RX = np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]])
RY = np.array([[0, 0, 1], [0, 1, 0], [-1, 0, 0]])


def roll(cells):
    """{cell: 3x3 orientation}: the first cell face down (local z = -1 at the bottom), the net's
    columns along local x, rows along local y; rolling right/down turns about the y / x axis."""
    cells = [tuple(c) for c in cells]
    orient = {cells[0]: np.eye(3, dtype=int)}
    stack = [cells[0]]
    steps = {(1, 0): RY.T, (-1, 0): RY, (0, 1): RX, (0, -1): RX.T}
    while stack:
        cur = stack.pop()
        for (dc, dr), turn in steps.items():
            nb = (cur[0] + dc, cur[1] + dr)
            if nb in cells and nb not in orient:
                orient[nb] = orient[cur] @ turn
                stack.append(nb)
    return orient


def normal(o):
    return tuple(int(x) for x in o @ np.array([0, 0, -1]))


def opposite(state, params, qid):
    o = roll(state["cells"])
    ns = [normal(o[tuple(c)]) for c in state["cells"]]
    m = state["marked_face"]
    target = state["labels"][ns.index(tuple(-x for x in ns[m]))]
    return "ABCD"[state["options"].index(target)]


def edge(state, params, qid):
    o = roll(state["cells"])
    i, (dc, dr) = state["edge"]
    R = o[tuple(state["cells"][i])]
    w = tuple(int(x) for x in R @ np.array([dc, dr, 0]))
    ns = [normal(o[tuple(c)]) for c in state["cells"]]
    target = state["labels"][ns.index(w)]
    return "ABCD"[state["options"].index(target)]


def _group():
    g = {tuple(np.eye(3, dtype=int).flatten())}
    frontier = [np.eye(3, dtype=int)]
    while frontier:
        m = frontier.pop()
        for t in (RX, RY):
            n = m @ t
            k = tuple(n.flatten())
            if k not in g:
                g.add(k)
                frontier.append(n)
    return [np.array(k).reshape(3, 3) for k in g]


GROUP = _group()
assert len(GROUP) == 24


def _cube(cells, colours):
    o = roll(cells)
    return {normal(o[tuple(c)]): col for c, col in zip(cells, colours)}


def _same(a, b):
    return any(all(b[tuple(int(x) for x in g @ np.array(n))] == col for n, col in a.items()) for g in GROUP)


def equivalent(state, params, qid):
    ref = _cube(state["cells"], state["colours"])
    hits = [k for k, o in enumerate(state["options"]) if _same(ref, _cube(o["cells"], o["colours"]))]
    assert len(hits) == 1
    return "ABCD"[hits[0]]


SOLVERS = {P + "opposite_face_label": opposite, P + "marked_edge_neighbor_face_label": edge,
           P + "equivalent_net_label": equivalent}



def _hard(cells):
    """1 for a net with a row of four faces, 2 without."""
    rows = {}
    cols = {}
    for c, r in cells:
        rows[r] = rows.get(r, 0) + 1
        cols[c] = cols.get(c, 0) + 1
    return 1 if max(list(rows.values()) + list(cols.values())) >= 4 else 2


def _size(s):
    nets = [s["cells"]] + [o["cells"] for o in s.get("options", []) if isinstance(o, dict)]
    return sum(_hard(n) for n in nets) / len(nets)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def test_known_cross_net():
    cells = [(1, 1), (0, 1), (2, 1), (3, 1), (1, 0), (1, 2)]
    state = {"cells": cells, "labels": list("ABCDEF"), "marked_face": 0, "options": ["C", "D", "E", "F"]}
    assert opposite(state, {}, "single") == "B"        # D, two steps right of the centre, is option B
