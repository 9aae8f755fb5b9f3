"""pages/navigation_flow: independent solvers written from the catalog programs (the path's names
resolved level by level -- menu or tab, group, row, then the command through the symbol legend or
the item name; the other candidate of the reference's two-candidate group), and letters unique and
drawn inside their control."""

from pagecheck import texts_inside
from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import navigation_flow as nf

MOD = "tracegen.domains.pages.navigation_flow"
P = "task_pages__navigation_flow__"


def _flat(state):
    return [(tab, grp, row, cell) for tab in state["tabs"] for grp in tab["groups"] for row in grp["rows"]
            for cell in row["cells"]]


def path_target(state, params, qid):
    tab, grp, row, cell = _flat(state)[params["target"]]
    name = state["names"][cell["command"]]                 # the path's last step as the question names it
    (t,) = [x for x in state["tabs"] if x["name"] == tab["name"]]
    (g,) = [x for x in t["groups"] if x["name"] == grp["name"]]
    (r,) = [x for x in g["rows"] if x["name"] == row["name"]]
    (hit,) = [x["letter"] for x in r["cells"] if state["names"][x["command"]] == name]
    return hit


def same_group(state, params, qid):
    ref = _flat(state)[params["reference"]][3]["letter"]
    for _, _, row, _ in _flat(state):
        letters = [x["letter"] for x in row["cells"]]
        if ref in letters:
            assert len(letters) == 2
            return next(x for x in letters if x != ref)
    raise AssertionError("reference not found")


SOLVERS = {P + "navigation_path_target_label": path_target, P + "same_group_target_label": same_group}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(_flat(s)))


def test_letters_are_unique_and_drawn_inside_their_control():
    spec = nf.SCENE.tasks[P + "navigation_path_target_label"]
    for qid in spec.queries:
        inst = engine.generate(spec, seed=5, split="train", index=0, difficulty=3, query_id=qid, encode=False)
        s, ents, texts = inst.trace["state"], inst.canvas.entities, inst.canvas.texts
        letters = [c["letter"] for *_, c in _flat(s)]
        assert len(set(letters)) == len(letters)
        for t, tab in enumerate(s["tabs"]):
            for g, grp in enumerate(tab["groups"]):
                for r, row in enumerate(grp["rows"]):
                    for k, cell in enumerate(row["cells"]):
                        x0, y0, x1, y1 = ents[f"cell:{t}:{g}:{r}:{k}"]["box"]
                        assert cell["letter"] in texts_inside(texts, (x0, y0, x1, y1), slack=0.0, kind="option")
