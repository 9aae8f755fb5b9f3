"""pages/form_section: independent solvers written from the catalog programs (the currency section's
printed amounts parsed back from "$d.cc" and ranked or combined in cents), and every field's label
and value printed in its box."""

import re

from pagecheck import texts_inside
from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import form_section as fs

MOD = "tracegen.domains.pages.form_section"
P = "task_pages__form_section__"


def _amounts(state):
    sec = state["sections"][state["money"]]
    return {lab: round(v) for lab, v in sec["fields"]}


def ranked(state, params, qid):
    am = _amounts(state)
    order = sorted(am, key=am.get, reverse="highest" in qid)
    return order[1]


def arithmetic(state, params, qid):
    labels = list(_amounts(state))
    a, b = (labels[i] for i in params["operands"])
    am = _amounts(state)
    cents = am[a] + am[b] if qid.startswith("sum") else abs(am[a] - am[b])
    return "$%d.%02d" % divmod(cents, 100)


SOLVERS = {P + "ranked_amount_field_label": ranked, P + "two_amount_arithmetic_value": arithmetic}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(len(x["fields"]) for x in s["sections"]))


def test_every_field_prints_its_label_and_value_in_its_box():
    spec = fs.SCENE.tasks[P + "ranked_amount_field_label"]
    for i in range(6):
        inst = engine.generate(spec, seed=1, split="train", index=i, encode=False)
        s, ents, texts = inst.trace["state"], inst.canvas.entities, inst.canvas.texts
        for si, sec in enumerate(s["sections"]):
            for j, (lab, val) in enumerate(sec["fields"]):
                x0, y0, x1, y1 = ents[f"field:{si}:{j}"]["box"]
                inside = texts_inside(texts, (x0, y0, x1, y1), slack=0.0)
                assert lab in inside
                if si == s["money"]:
                    shown = [x for x in inside if re.fullmatch(r"\$\d+\.\d\d", x)]
                    assert len(shown) == 1 and round(float(shown[0][1:]) * 100) == val
                else:
                    assert val in inside
