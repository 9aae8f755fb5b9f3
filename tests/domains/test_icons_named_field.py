"""icons/named_field: independent solvers (set algebra over icon attributes, centre distances,
point-in-region) from the catalog programs."""

import math

import numpy as np
from matplotlib.path import Path
from taskcheck import check_many_instances, check_no_shortcuts, scene_tasks, scene_tests

from tracegen.core import engine

MOD = "tracegen.domains.icons.named_field"
P = "task_icons__named_field__"


def _sets(state, params):
    kind, color = params["kind"], params.get("color")
    S = {i for i, ic in enumerate(state["icons"]) if ic[0] == kind}
    C = {i for i, ic in enumerate(state["icons"]) if ic[1] == color}
    return S, C, set(range(len(state["icons"])))


def _centres(state):
    return np.array([ic[2:4] for ic in state["icons"]], dtype=float)


def closer(state, params, qid):
    xy = _centres(state)
    a, b = state["refs"]
    da = np.hypot(*(xy - xy[a]).T)
    db = np.hypot(*(xy - xy[b]).T)
    kinds = np.array([ic[0] for ic in state["icons"]])
    mask = (kinds == state["target_kind"]) & (da < db)
    mask[[a, b]] = False
    return int(mask.sum())


def rank(state, params, qid):
    xy = _centres(state)
    d = np.hypot(*(xy - xy[state["ref"]]).T)
    labelled = sorted(state["labels"], key=lambda i: d[int(i)])
    pos = {"closest": 0, "second_closest": 1, "farthest": len(labelled) - 1}[params["rank"]]
    return state["labels"][labelled[pos]]


def scoped(state, params, qid):
    region = state["region"]
    xy = _centres(state)
    if region["kind"] == "circle":
        cx, cy, r = region["circle"]
        inside = np.hypot(xy[:, 0] - cx, xy[:, 1] - cy) < r
    else:
        inside = Path(np.array(region["polygon"])).contains_points(xy)
    return sum(1 for i, ic in enumerate(state["icons"]) if inside[i] and ic[0] == state["target_kind"])


def changed_into(state, params, qid):
    src, dst = params["kinds"]
    return sum(ic[0] in (src, dst) for ic in state["icons"])


SOLVERS = {
    P + "single_attribute_membership_count": lambda st, p, q: len(_sets(st, p)[0]),
    P + "multi_attribute_and_count": lambda st, p, q: len(_sets(st, p)[0] & _sets(st, p)[1]),
    P + "multi_attribute_or_count": lambda st, p, q: len(_sets(st, p)[0] | _sets(st, p)[1]),
    P + "multi_attribute_xor_count": lambda st, p, q: len(_sets(st, p)[0] ^ _sets(st, p)[1]),
    P + "multi_attribute_complement_count": lambda st, p, q: len(_sets(st, p)[2] - _sets(st, p)[0] - _sets(st, p)[1]),
    P + "multi_attribute_exclusion_count": lambda st, p, q: len(_sets(st, p)[0] - _sets(st, p)[1]),
    P + "counterfactual_total_count": lambda st, p, q: len(_sets(st, p)[2] - _sets(st, p)[0]),
    P + "counterfactual_attribute_count": changed_into,
    P + "closer_to_reference_count": closer,
    P + "reference_distance_rank_label": rank,
    P + "scoped_attribute_count": scoped,
}


def test_icons_do_not_overlap():
    tasks = scene_tasks(MOD)
    for name in ("multi_attribute_or_count", "closer_to_reference_count", "reference_distance_rank_label"):
        spec = tasks[P + name]
        for d in (1, 2, 3):
            for i in range(4):
                inst = engine.generate(spec, seed=i, split="extra", index=i, difficulty=d, encode=False)
                n = len(inst.trace["state"]["icons"])
                boxes = [inst.canvas.entities[f"icon:{k}"]["box"] for k in range(n)]
                for a in range(n):
                    for b in range(a + 1, n):
                        A, B = boxes[a], boxes[b]
                        assert A[2] <= B[0] or B[2] <= A[0] or A[3] <= B[1] or B[3] <= A[1], (name, d, i, a, b)


def _seg_dist(p, a, b):
    t = np.clip(np.dot(p - a, b - a) / np.dot(b - a, b - a), 0, 1)
    return float(np.linalg.norm(p - (a + t * (b - a))))


def test_answers_keep_a_margin():
    """Distance comparisons and region membership of the asked kind are never within a few pixels."""
    tasks = scene_tasks(MOD)
    for i in range(30):
        _, _, st, params, _ = engine.solve_only(tasks[P + "closer_to_reference_count"], seed=5, split="m", index=i)
        xy, (a, b) = _centres(st), st["refs"]
        for k, ic in enumerate(st["icons"]):
            if ic[0] == st["target_kind"] and k not in (a, b):
                assert abs(math.dist(xy[k], xy[a]) - math.dist(xy[k], xy[b])) >= 30
        _, _, st, params, _ = engine.solve_only(tasks[P + "scoped_attribute_count"], seed=5, split="m", index=i)
        region = st["region"]
        for ic in st["icons"]:
            if ic[0] != st["target_kind"]:
                continue
            if region["kind"] == "circle":
                cx, cy, r = region["circle"]
                assert abs(math.dist(ic[2:4], (cx, cy)) - r) >= 16
            else:
                pts = np.array(region["polygon"])
                assert min(_seg_dist(np.array(ic[2:4]), pts[j], pts[(j + 1) % len(pts)]) for j in range(len(pts))) >= 16


def test_many_instances_agree():
    check_many_instances(MOD, SOLVERS, seed=4, n=20)


def test_no_shortcuts():
    check_no_shortcuts(scene_tasks(MOD)[P + "reference_distance_rank_label"], seeds=(0,), answer=False)


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["icons"]))
