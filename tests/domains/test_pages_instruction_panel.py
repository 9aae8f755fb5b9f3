"""pages/instruction_panel: independent solvers written from the catalog programs (the controls of
the named steps intersected, which must leave exactly one; the steps holding both named controls,
which must be exactly one), and every chip drawn inside its step."""

from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import instruction_panel as ip

MOD = "tracegen.domains.pages.instruction_panel"
P = "task_pages__instruction_panel__"


def shared(state, params, qid):
    common = set.intersection(*(set(state["steps"][k]["controls"]) for k in params["steps"]))
    assert len(common) == 1
    return common.pop()


def step_for_pair(state, params, qid):
    k0 = params["balance_target"]
    a, b = (state["steps"][k0]["controls"][j] for j in params["pair"])   # the two names the question gives
    hits = [k + 1 for k, st in enumerate(state["steps"]) if a in st["controls"] and b in st["controls"]]
    assert len(hits) == 1
    return hits[0]


SOLVERS = {P + "shared_control_for_step_set_label": shared, P + "step_for_control_pair_label": step_for_pair}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(len(st["controls"]) for st in s["steps"]))


def test_chips_sit_inside_their_step_and_print_their_label():
    spec = ip.SCENE.tasks[P + "shared_control_for_step_set_label"]
    for i in range(6):
        inst = engine.generate(spec, seed=4, split="train", index=i, difficulty=3, encode=False)
        s, ents, texts = inst.trace["state"], inst.canvas.entities, inst.canvas.texts
        for k, st in enumerate(s["steps"]):
            sx0, sy0, sx1, sy1 = ents[f"step:{k}"]["box"]
            for j, name in enumerate(st["controls"]):
                x0, y0, x1, y1 = ents[f"chip:{k}:{j}"]["box"]
                assert sx0 < x0 < x1 < sx1 and sy0 < y0 < y1 < sy1
                assert any(t["text"] == name and x0 < t["box"][0] and t["box"][2] < x1 for t in texts)
