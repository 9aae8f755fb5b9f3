"""puzzles/raven_matrix: independent solvers that infer each rule from the first two rows (the
step of every attribute, the count step, row/column/Latin patterns, the markers' moves, the one
set operation the rows agree with, the quarter turn) and pick the candidate equal to the cell the
rule gives; four candidates drawn in the image."""

import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.raven_matrix"
P = "task_puzzles__raven_matrix__"
SCALES = {"size": [0, 1, 2], "count": [1, 2, 3], "turn": [0, 1, 2, 3], "fill": ["solid", "outline", "dotted"]}


def pick(state, cell):
    matches = [i for i, o in enumerate(state["options"]) if o == cell]
    assert len(matches) == 1, (cell, state["options"])
    return "ABCD"[matches[0]]


def analogy(state, params, qid):
    g = state["cells"]
    out = dict(g[7])
    for key, scale in SCALES.items():
        if g[0][key] != g[1][key]:
            step = (scale.index(g[1][key]) - scale.index(g[0][key])) % len(scale)
            out[key] = scale[(scale.index(g[7][key]) + step) % len(scale)]
    return pick(state, out)


def count(state, params, qid):
    g = state["cells"]
    step = len(g[1]["on"]) - len(g[0]["on"])
    want = len(g[7]["on"]) + step
    hits = [i for i, o in enumerate(state["options"]) if len(o["on"]) == want]
    assert len(hits) == 1
    return "ABCD"[hits[0]]


def binding(state, params, qid):
    g = state["cells"]
    out = dict(g[7])
    for key in ("shape", "color", "size", "fill"):
        if g[6][key] == g[7][key]:
            out[key] = g[6][key]                                   # constant along the rows
        elif g[2][key] == g[5][key]:
            out[key] = g[2][key]                                   # constant down the columns
        else:                                                      # each row uses every value once
            (out[key],) = {g[0][key], g[1][key], g[2][key]} - {g[6][key], g[7][key]}
    return pick(state, out)


def markers(cell, n):
    return [divmod(p, n) for p in cell["on"][:1] + [m["at"] for m in cell.get("marks", [])]]


def position(state, params, qid):
    g, n = state["cells"], state["cells"][0]["grid"]
    moves = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(markers(g[0], n), markers(g[1], n))]
    nxt = [(r + dr, c + dc) for (r, c), (dr, dc) in zip(markers(g[7], n), moves)]
    hits = [i for i, o in enumerate(state["options"]) if markers(o, n) == nxt]
    assert len(hits) == 1
    return "ABCD"[hits[0]]


OPS = {"or": lambda a, b: a | b, "and": lambda a, b: a & b, "xor": lambda a, b: a ^ b, "minus": lambda a, b: a - b}


def set_operation(state, params, qid):
    g = state["cells"]
    rows = [[set(g[3 * k + j]["on"]) for j in range(3)] for k in range(3)]
    ok = [f for f in OPS.values() if all(f(r[0], r[1]) == r[2] for r in rows[:2])]
    assert len(ok) == 1
    want = sorted(ok[0](rows[2][0], rows[2][1]))
    return pick(state, {**g[7], "on": want})


def turn(cells, n):
    """Clockwise quarter turn: the square at (row, col) goes to (col, n - 1 - row)."""
    return sorted(c * n + (n - 1 - r) for r, c in (divmod(k, n) for k in cells))


def spatial(state, params, qid):
    g, n = state["cells"], state["cells"][0]["grid"]
    k, cur = 0, g[0]["on"]
    while cur != g[1]["on"]:
        cur, k = turn(cur, n), k + 1
        assert k < 4
    want = g[7]["on"]
    for _ in range(k):
        want = turn(want, n)
    return pick(state, {**g[7], "on": want})


SOLVERS = {
    P + "raven_analogical_transform_label": analogy,
    P + "raven_count_progression_label": count,
    P + "raven_feature_binding_label": binding,
    P + "raven_position_progression_label": position,
    P + "raven_set_operation_label": set_operation,
    P + "raven_spatial_transform_label": spatial,
}


def _size(s):
    """Squares per grid cell, markers, and the attributes that vary across the matrix."""
    g = s["cells"]
    varying = sum(len({str(c.get(k)) for c in g}) > 1 for k in ("shape", "color", "size", "count", "turn", "fill"))
    return sum(c.get("grid", 0) ** 2 + len(c.get("marks", [])) for c in g) / 9 + varying + (
        abs(s.get("step", 0)) + (s.get("op") == "difference") + (s.get("turn") == 3) if "step" in s or "op" in s
        or "turn" in s else 0)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_four_candidates_in_the_image(tid):
    spec = registry.get(tid)
    for d in (1, 3):
        inst = engine.generate(spec, seed=5, split="cards", index=0, difficulty=d, encode=False)
        drawn = [t["text"] for t in inst.canvas.texts if t["kind"] == "option"]
        assert drawn == list("ABCD") and (inst.solution.options, inst.solution.options_in) == (4, "image")
        opts = inst.trace["state"]["options"]
        assert len({str(o) for o in opts}) == 4 and inst.trace["state"]["cells"][8] in opts
        assert {f"option:{k}" for k in "ABCD"} <= set(inst.canvas.entities)
