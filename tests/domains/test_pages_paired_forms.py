"""pages/paired_forms: independent solvers written from the catalog programs (rows matched by item code
between the two printed tables, mismatches aggregated), and the receiving slip listing the purchase
order's codes in its own order."""

from pagecheck import texts_inside
from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import paired_forms as pf

MOD = "tracegen.domains.pages.paired_forms"
P = "task_pages__paired_forms__"


def _pairs(state):
    """(ordered, received, unit) per code, read from the two tables as drawn."""
    po = {r["code"]: (r["ordered"], r["unit"]) for r in state["rows"]}
    slip = {state["rows"][k]["code"]: state["rows"][k]["received"] for k in state["slip_order"]}
    return [(po[c][0], slip[c], po[c][1]) for c in po if po[c][0] != slip[c]]


def sum_abs(state, params, qid):
    return sum(abs(o - r) for o, r, _ in _pairs(state))


def amount_delta(state, params, qid):
    return sum(abs(o - r) * u for o, r, u in _pairs(state))


def signed(state, params, qid):
    return sum((o - r) * u for o, r, u in _pairs(state))


SOLVERS = {P + "sum_absolute_quantity_differences_value": sum_abs, P + "total_amount_delta_value": amount_delta,
           P + "shortfall_minus_overage_value": signed}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["rows"]))


def test_both_tables_print_every_code_once_in_their_own_order():
    spec = pf.SCENE.tasks[P + "total_amount_delta_value"]
    for i in range(4):
        inst = engine.generate(spec, seed=3, split="train", index=i, encode=False)
        s, ents, texts = inst.trace["state"], inst.canvas.entities, inst.canvas.texts
        for side, order in (("po", range(len(s["rows"]))), ("slip", s["slip_order"])):
            for r, k in enumerate(order):
                x0, y0, x1, y1 = ents[f"{side}:{r}"]["box"]
                inside = texts_inside(texts, (x0, y0, x1, y1))
                row = s["rows"][k]
                qty = row["ordered"] if side == "po" else row["received"]
                assert row["code"] in inside and str(qty) in inside
