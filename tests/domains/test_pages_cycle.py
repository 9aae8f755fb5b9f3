"""pages/cycle: an independent solver written from the catalog program (the stage order as a successor
map, walked forwards or backwards), and the stage boxes placed round the ring once in the stated
direction."""

import math

from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import cycle

MOD = "tracegen.domains.pages.cycle"
P = "task_pages__cycle__"


def offset(state, params, qid):
    stages = state["stages"]
    succ = {stages[i]: stages[(i + 1) % len(stages)] for i in range(len(stages))}
    pred = {b: a for a, b in succ.items()}
    step = succ if qid.startswith("after") else pred
    cur = stages[params["start_stage"]]
    for _ in range(params["steps"]):
        cur = step[cur]
    return cur


SOLVERS = {P + "offset_stage_label": offset}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["stages"]))


def test_stages_run_round_the_ring_in_the_stated_direction():
    spec = cycle.SCENE.tasks[P + "offset_stage_label"]
    for i in range(6):
        inst = engine.generate(spec, seed=4, split="train", index=i, encode=False)
        s, ents = inst.trace["state"], inst.canvas.entities
        centres = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in (ents[f"stage:{k}"]["box"] for k in
                                                                      range(len(s["stages"])))]
        cx = sum(x for x, _ in centres) / len(centres)
        cy = sum(y for _, y in centres) / len(centres)
        turns = 0.0
        for k in range(len(centres)):
            a0 = math.atan2(centres[k][1] - cy, centres[k][0] - cx)
            a1 = math.atan2(centres[(k + 1) % len(centres)][1] - cy, centres[(k + 1) % len(centres)][0] - cx)
            turns += (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
        assert abs(abs(turns) - 2 * math.pi) < 1e-6 and (turns > 0) == s["clockwise"]   # y grows downwards
