"""pages/step_list: independent solvers written from the catalog programs (steps located by their
printed titles, then counted between or stepped over), and the cards drawn in number order."""

from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import step_list

MOD = "tracegen.domains.pages.step_list"
P = "task_pages__step_list__"


def _position(state, title):
    hits = [k for k, st in enumerate(state["steps"]) if st["title"] == title]
    assert len(hits) == 1
    return hits[0]


def between(state, params, qid):
    a, b = (_position(state, state["steps"][k]["title"]) for k in params["named"])
    return abs(a - b) - 1


def offset_label(state, params, qid):
    src = _position(state, state["steps"][params["source"]]["title"])
    k = params["offset"] if qid == "offset_after_named_step" else -params["offset"]
    return state["steps"][src + k]["title"]


SOLVERS = {P + "between_named_steps_count": between, P + "relative_offset_step_label": offset_label}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["steps"]))


def test_cards_read_in_number_order_and_show_their_fields():
    spec = step_list.SCENE.tasks[P + "relative_offset_step_label"]
    for i in range(6):
        inst = engine.generate(spec, seed=2, split="train", index=i, encode=False)
        s, ents, texts = inst.trace["state"], inst.canvas.entities, inst.canvas.drawn_texts()
        keys = []
        for k, st in enumerate(s["steps"]):
            x0, y0, x1, y1 = ents[f"step:{k}"]["box"]
            keys.append((round(y0), x0))
            tb = ents[f"title:{k}"]["box"]
            assert x0 < tb[0] and tb[2] < x1 and y0 < tb[1] and tb[3] < y1
            for field in ("title", "detail", "owner", "status", "due", "tag"):
                assert st[field] in texts
            assert str(k + 1) in texts
        assert keys == sorted(keys)
