"""symbolic/agent_automaton: independent solvers that walk the agent with complex-number headings
(up = -i in screen rows; a right turn multiplies by i), the binary rule as Langton's ant and the
three-state rule as its R-N-L turmite; the drawn arrow checked to point where the state says."""

import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.symbolic.agent_automaton"
P = "task_symbolic__agent_automaton__"
HEADINGS = (-1j, 1, 1j, -1)          # up, right, down, left as (col + row*i) steps


def walk(state):
    cells = [list(row) for row in state["cells"]]
    rows, cols = len(cells), len(cells[0])
    r, c, d = state["agent"]
    h = HEADINGS[d]
    for _ in range(state["steps"]):
        v = cells[r][c]
        if state["rule"] == "binary":
            h *= 1j if v == 0 else -1j
            cells[r][c] = 0 if v else 1
        else:
            h *= {0: 1j, 1: 1, 2: -1j}[v]
            cells[r][c] = {0: 1, 1: 2, 2: 0}[v]
        c, r = int(c + h.real) % cols, int(r + h.imag) % rows
    return cells, [r, c, HEADINGS.index(h)]


def _pick(options, right):
    hits = [k for k, o in enumerate(options) if o == right]
    assert len(hits) == 1
    return "ABCD"[hits[0]]


def pose(state, params, qid):
    return _pick(state["options"], walk(state)[1])


def grid(state, params, qid):
    return _pick(state["options"], walk(state)[0])


SOLVERS = {P + "agent_final_pose_label": pose, P + "future_grid_label": grid}


def _size(s):
    return s["rows"] * s["cols"] + s["steps"]


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_langtons_ant_first_moves():
    # on an all-white grid the ant turns right at every step for its first four moves: a square
    s = {"cells": [[0] * 5 for _ in range(5)], "agent": [2, 2, 0], "steps": 4, "rule": "binary"}
    cells, p = walk(s)
    assert p == [2, 2, 0] and sum(map(sum, cells)) == 4
    from tracegen.domains.symbolic.agent_automaton import simulate
    for rule, k in (("binary", 2), ("three", 3)):
        for steps in range(9):
            s = {"cells": [[(r * 3 + c) % k for c in range(4)] for r in range(3)], "agent": [1, 2, 3],
                 "steps": steps, "rule": rule}
            assert list(simulate(s["cells"], s["agent"], steps, rule)) == list(walk(s))


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_arrow_points_the_way_the_agent_faces(tid):
    spec = registry.get(tid)
    for seed in range(3):
        inst = engine.generate(spec, seed=seed, split="arrow", index=0, encode=False)
        s, ents = inst.trace["state"], inst.canvas.entities
        x0, y0, x1, y1 = ents["agent"]["box"]
        cx0, cy0, cx1, cy1 = ents["start_marker"]["box"]
        mid = ((x0 + x1) / 2 - (cx0 + cx1) / 2, (y0 + y1) / 2 - (cy0 + cy1) / 2)
        # the arrow's box leans to its tip: wider than tall when it points sideways
        d = s["agent"][2]
        assert ((x1 - x0) > (y1 - y0)) == (d in (1, 3)), (d, ents["agent"]["box"], mid)
