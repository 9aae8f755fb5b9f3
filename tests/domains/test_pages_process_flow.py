"""pages/process_flow: independent solvers written from the catalog programs (the arrows as an
adjacency list walked with the given choices; steps filtered by shape, role or badge; arrows whose
ends lie in different lanes), and the drawn arrows joining the right nodes."""

import math

from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.pages import process_flow as pf

MOD = "tracegen.domains.pages.process_flow"
P = "task_pages__process_flow__"


def endpoint(state, params, qid):
    out = {}
    for ed in state["edges"]:
        out.setdefault(ed["a"], []).append(ed)
    cur = params.get("start", 0)
    choices = [params[k] for k in sorted(k for k in params if k.startswith("choice_"))]
    for word in choices:
        while not any(ed["label"] for ed in out[cur]):
            (ed,) = out[cur]
            cur = ed["b"]
        cur = next(ed["b"] for ed in out[cur] if ed["label"] == word)
    return state["nodes"][cur]["label"]


def filtered(state, params, qid):
    value, negate = params["filter"]
    if qid.startswith("status"):
        return sum(bool(v["status"]) and (v["status"] == value) != negate for v in state["nodes"])
    return sum((v["shape"] == value) != negate for v in state["nodes"])


def handoffs(state, params, qid):
    lanes = [v["lane"] for v in state["nodes"]]
    k = params["lane"]
    crossing = [(lanes[ed["a"]], lanes[ed["b"]]) for ed in state["edges"] if lanes[ed["a"]] != lanes[ed["b"]]]
    if qid.startswith("lane_outgoing"):
        return sum(a == k for a, _ in crossing)
    return sum(k in (a, b) for a, b in crossing)


SOLVERS = {P + "condition_path_endpoint_label": endpoint, P + "filtered_node_count": filtered,
           P + "lane_filtered_handoff_count": handoffs}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["nodes"]),
                                                       seeds_per_combo=2)
test_no_count_is_printed = shortcut_test([P + "filtered_node_count", P + "lane_filtered_handoff_count"])


def test_arrows_run_from_their_source_node_to_their_target_node():
    spec = pf.SCENE.tasks[P + "lane_filtered_handoff_count"]
    for i in range(4):
        inst = engine.generate(spec, seed=1, split="train", index=i, difficulty=3, encode=False)
        s, ents = inst.trace["state"], inst.canvas.entities
        for e, ed in enumerate(s["edges"]):
            (x0, y0), (x1, y1) = ents[f"edge:{e}"]["segment"]
            for (x, y), v in (((x0, y0), ed["a"]), ((x1, y1), ed["b"])):
                bx0, by0, bx1, by1 = ents[f"node:{v}"]["box"]
                cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
                assert math.dist((x, y), (cx, cy)) <= math.dist((bx0, by0), (cx, cy)) + 8 * inst.canvas.scale
