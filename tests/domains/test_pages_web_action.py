"""pages/web_action: independent solvers written from the catalog programs (the instruction's context
found by its printed title or category and status, the control with the guide code in it; controls
with a code counted), and every candidate letter drawn once, inside its control."""

import re

from pagecheck import texts_inside
from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import web_action as wa

MOD = "tracegen.domains.pages.web_action"
P = "task_pages__web_action__"


def target(state, params, qid):
    quoted = re.findall(r'"([^"]+)"', params["instruction"])
    code = quoted[-1]
    if qid == "click_target_label":
        ctxs = [c for c in state["contexts"] if [c["category"], c["status"]] == quoted[:2]]
    else:
        ctxs = [c for c in state["contexts"] if c["title"] == quoted[0]]
    (ctx,) = ctxs
    (hit,) = [c["letter"] for c in ctx["controls"] if c["code"] == code]
    return hit


def count(state, params, qid):
    return sum(c["code"] == params["code"] for ctx in state["contexts"] for c in ctx["controls"])


SOLVERS = {P + "action_target_label": target, P + "guide_code_target_count": count}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(len(c["controls"]) for c in s["contexts"]))


def test_letters_are_unique_and_drawn_inside_their_control():
    spec = wa.SCENE.tasks[P + "action_target_label"]
    for qid in spec.queries:
        inst = engine.generate(spec, seed=3, split="train", index=0, difficulty=3, query_id=qid, encode=False)
        s, ents, texts = inst.trace["state"], inst.canvas.entities, inst.canvas.texts
        letters = [c["letter"] for ctx in s["contexts"] for c in ctx["controls"]]
        assert len(set(letters)) == len(letters)
        for k, ctx in enumerate(s["contexts"]):
            for j, c in enumerate(ctx["controls"]):
                x0, y0, x1, y1 = ents[f"ctl:{k}:{j}"]["box"]
                assert c["letter"] in texts_inside(texts, (x0, y0, x1, y1), slack=0.0, kind="option")
