"""pages/workspace: independent solvers written from the catalog programs (a row's cells filtered by
visible state; a cue looked up in the printed guide to a row or a Key column, then the cell at the
row and column read), and every cell's letter drawn inside it under its Key header."""

from pagecheck import texts_inside
from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.pages import workspace as ws

MOD = "tracegen.domains.pages.workspace"
P = "task_pages__workspace__"


def count(state, params, qid):
    return sum(cell["state"] == params["visible_state"] for cell in state["cells"][params["row"]])


def by_context_cue(state, params, qid):
    cue = params["cue"][0]
    row = dict(map(tuple, state["context_guide"]))[cue]
    return state["cells"][state["rows"].index(row)][state["keys"].index(params["key"])]["letter"]


def by_action_cue(state, params, qid):
    phrase = params["action"][0]
    key = dict(map(tuple, state["action_guide"]))[phrase]
    return state["cells"][params["row"]][state["keys"].index(key)]["letter"]


SOLVERS = {P + "context_control_count": count, P + "context_guide_control_label": by_context_cue,
           P + "control_label": by_action_cue}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: sum(len(r) for r in s["cells"]))
test_no_count_is_printed = shortcut_test([P + "context_control_count"], seeds=(0, 1))


def test_cells_sit_under_their_key_header_and_beside_their_row():
    spec = ws.SCENE.tasks[P + "control_label"]
    for i in range(4):
        inst = engine.generate(spec, seed=2, split="train", index=i, difficulty=3, encode=False)
        s, ents, texts = inst.trace["state"], inst.canvas.entities, inst.canvas.texts
        for r, row in enumerate(s["cells"]):
            ry0, ry1 = ents[f"row:{r}"]["box"][1], ents[f"row:{r}"]["box"][3]
            for k, cell in enumerate(row):
                x0, y0, x1, y1 = ents[f"cell:{r}:{k}"]["box"]
                hx0, _, hx1, hy1 = ents[f"head:{k}"]["box"]
                assert hx0 <= (x0 + x1) / 2 <= hx1 and y0 > hy1 and ry0 <= (y0 + y1) / 2 <= ry1
                assert cell["letter"] in texts_inside(texts, (x0, y0, x1, y1), slack=0.0, kind="option")
