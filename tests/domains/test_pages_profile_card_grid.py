"""pages/profile_card_grid: independent solvers written from the catalog programs (cards filtered by
the group value, sorted by the field, the asked position read), and every card's fields printed on
it."""

from pagecheck import texts_inside
from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import profile_card_grid as pcg

MOD = "tracegen.domains.pages.profile_card_grid"
P = "task_pages__profile_card_grid__"


def _rank(cards, params, qid):
    field = params["field"]
    values = [cd[field] for cd in cards]
    assert len(set(values)) == len(values)            # no ties
    order = sorted(cards, key=lambda cd: cd[field], reverse="highest" in qid)
    return order[params.get("rank", 1) - 1]["name"]


def ranked(state, params, qid):
    return _rank(state["cards"], params, qid)


def filtered_ranked(state, params, qid):
    return _rank([cd for cd in state["cards"] if cd["group"] == params["group_value"]], params, qid)


SOLVERS = {P + "field_ranked_profile_label": ranked, P + "filtered_ranked_profile_label": filtered_ranked}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["cards"]))


def test_every_field_is_printed_on_its_card():
    spec = pcg.SCENE.tasks[P + "field_ranked_profile_label"]
    for i in range(4):
        inst = engine.generate(spec, seed=9, split="train", index=i, encode=False)
        s, ents, texts = inst.trace["state"], inst.canvas.entities, inst.canvas.texts
        for k, cd in enumerate(s["cards"]):
            x0, y0, x1, y1 = ents[f"card:{k}"]["box"]
            inside = texts_inside(texts, (x0, y0, x1, y1), slack=0.0)
            for v in (cd["name"], cd["group"], cd["role"], cd["region"], cd["Score"], cd["Cases"], cd["Hours"]):
                assert str(v) in inside, (v, inside)
