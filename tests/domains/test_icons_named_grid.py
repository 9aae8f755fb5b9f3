"""icons/named_grid: independent solvers written from the catalog programs over the grid as a
numpy array of kind names (rows, columns, predicates, adjacent pairs)."""

import numpy as np
from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.icons import named_grid

MOD = "tracegen.domains.icons.named_grid"
P = "task_icons__named_grid__"


def _grid(state, scope="row"):
    g = np.array([c[0] for c in state["cells"]], dtype=object).reshape(state["rows"], state["cols"])
    return g if scope == "row" else g.T


def scoped(state, params, qid):
    return int(np.sum(_grid(state, params["scope"])[params["line"]] == params["kind"]))


def predicate(state, params, qid):
    counts = (_grid(state, params["scope"]) == params["kind"]).sum(axis=1)
    k = params["k"]
    return int({"at_least": counts >= k, "exactly": counts == k, "none": counts == 0}[params["predicate"]].sum())


def extreme(state, params, qid):
    counts = (_grid(state, params["scope"]) == params["kind"]).sum(axis=1)
    return int(np.argmax(counts) if params["extreme"] == "most" else np.argmin(counts)) + 1


def pairs(state, params, qid):
    line = list(_grid(state, "row" if qid.startswith("row") else "column")[params["line"]])
    a, b = params["kinds"]
    return sum(1 for x, y in zip(line, line[1:]) if (x, y) in ((a, b), (b, a)))


SOLVERS = {
    P + "scoped_attribute_count": scoped,
    P + "group_predicate_count": predicate,
    P + "row_column_shape_extreme_number": extreme,
    P + "line_adjacency_pair_count": pairs,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: s["rows"] * s["cols"] + len(s["kinds"]))


def test_numbers_are_drawn_and_pairs_are_segments():
    spec = named_grid.SCENE.tasks[P + "line_adjacency_pair_count"]
    inst = engine.generate(spec, seed=2, split="train", index=0, difficulty=3, encode=False)
    s = inst.trace["state"]
    drawn = inst.canvas.drawn_texts()
    assert [str(k) for k in range(1, max(s["rows"], s["cols"]) + 1)] == sorted(set(drawn), key=int)
    ann = inst.record["annotation_gt"]["value"]
    assert len(ann) == inst.record["answer_gt"]["value"]
    assert all(len(seg) == 2 and (seg[0][0] == seg[1][0] or seg[0][1] == seg[1][1]) for seg in ann)
