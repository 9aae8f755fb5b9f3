"""icons/named_field: independent solvers (set algebra over icon attributes) from the catalog programs."""

import math

from taskcheck import check_scene_tasks, check_two_process_determinism

MOD = "tracegen.domains.icons.named_field"
P = "task_icons__named_field__"


def _sets(state, params):
    shape, color = params["query"]
    S = {i for i, ic in enumerate(state["icons"]) if ic[0] == shape}
    C = {i for i, ic in enumerate(state["icons"]) if ic[1] == color}
    return S, C, set(range(len(state["icons"])))


SOLVERS = {
    P + "single_attribute_membership_count": lambda st, p, q: len(_sets(st, p)[0]),
    P + "multi_attribute_and_count": lambda st, p, q: len(_sets(st, p)[0] & _sets(st, p)[1]),
    P + "multi_attribute_or_count": lambda st, p, q: len(_sets(st, p)[0] | _sets(st, p)[1]),
    P + "multi_attribute_xor_count": lambda st, p, q: len(_sets(st, p)[0] ^ _sets(st, p)[1]),
    P + "multi_attribute_complement_count": lambda st, p, q: len(_sets(st, p)[2] - _sets(st, p)[0] - _sets(st, p)[1]),
    P + "multi_attribute_exclusion_count": lambda st, p, q: len(_sets(st, p)[0] - _sets(st, p)[1]),
    P + "counterfactual_total_count": lambda st, p, q: len(_sets(st, p)[2] - _sets(st, p)[0]),
}


def test_icons_do_not_overlap():
    from tracegen.core import engine
    from taskcheck import scene_tasks

    spec = scene_tasks(MOD)[P + "multi_attribute_or_count"]
    for d in (1, 2, 3):
        for i in range(10):
            inst = engine.generate(spec, seed=i, split="extra", index=i, difficulty=d)
            boxes = [inst.canvas.entities[f"icon:{k}"]["box"] for k in range(len(inst.trace["state"]["icons"]))]
            for a in range(len(boxes)):
                for b in range(a + 1, len(boxes)):
                    A, B = boxes[a], boxes[b]
                    assert A[2] <= B[0] or B[2] <= A[0] or A[3] <= B[1] or B[3] <= A[1], (d, i, a, b)
            icons = inst.trace["state"]["icons"]
            for a in range(len(icons)):
                for b in range(a + 1, len(icons)):
                    assert math.dist(icons[a][2:4], icons[b][2:4]) > 40


def test_many_instances_agree():
    from tracegen.core import engine
    from taskcheck import scene_tasks

    for tid, spec in scene_tasks(MOD).items():
        for i in range(60):
            qid, _, state, params, sol = engine.solve_only(spec, seed=4, split="extra", index=i)
            assert SOLVERS[tid](state, params, qid) == sol.answer, (tid, i)


def test_tasks():
    check_scene_tasks(MOD, SOLVERS, size_metric=lambda s: len(s["icons"]))


def test_two_process_determinism():
    check_two_process_determinism(MOD)
