"""pages/mixed_infographic_page: independent solvers written from the catalog programs over a
flat table of (module, item, field, value) rows, and every value printed as its field formats it."""

from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import mixed_infographic_page as page

MOD = "tracegen.domains.pages.mixed_infographic_page"
P = "task_pages__mixed_infographic_page__"
UNITS = {"Reach": "{}k", "Cost": "${}", "Rate": "{}%", "Rank": "#{}"}


def _rows(state):
    return [(m, mod["title"], it["label"], f, it["values"][f]) for m, mod in enumerate(state["modules"])
            for it in mod["items"] for f in mod["fields"]]


def _col(state, m, f):
    return [(label, v) for mm, _, label, ff, v in _rows(state) if mm == m and ff == f]


def condition_count(state, params, qid):
    col = _col(state, params["module"], params["field"])
    thr = params["threshold"]
    return sum(1 for _, v in col if (v < thr if params["condition"] == "below" else v > thr))


def _ordered(state, m, f, order):
    return [label for label, _ in sorted(_col(state, m, f), key=lambda lv: lv[1],
                                         reverse=order == "highest to lowest")]


def ranked_label(state, params, qid):
    return _ordered(state, params["module"], params["field"], params["order"])[params["rank"] - 1]


def total(state, params, qid):
    return sum(v for _, v in _col(state, params["module"], params["field"]))


def value_label(state, params, qid):
    m, g = params["module"], params["answer_field"]
    label = _ordered(state, m, params["selector_field"], params["order"])[params["rank"] - 1]
    v = dict(_col(state, m, g))[label]
    return UNITS.get(g, "{}").format(v)


def two_conditions(state, params, qid):
    m, thr = params["module"], params["threshold"]
    num = dict(_col(state, m, state["modules"][m]["fields"][0]))
    cat = dict(_col(state, m, params["category_field"]))
    (label,) = [k for k, v in num.items() if cat[k] == params["category_value"]
                and (v < thr if params["condition"] == "below" else v > thr)]
    return label


def page_extreme(state, params, qid):
    cells = [(v, title) for _, title, _, f, v in _rows(state) if f == params["field"]]
    return (max if params["direction"] == "highest" else min)(cells)[1]


def two_totals(state, params, qid):
    a, b = params["modules"]
    ta, tb = (sum(v for _, v in _col(state, m, params["field"])) for m in (a, b))
    return state["modules"][a if ta > tb else b]["title"]


SOLVERS = {
    P + "module_condition_item_count": condition_count,
    P + "module_field_ranked_item_label": ranked_label,
    P + "module_field_total_value": total,
    P + "module_field_value_label": value_label,
    P + "module_two_field_condition_item_label": two_conditions,
    P + "page_field_extremum_module_label": page_extreme,
    P + "two_module_field_total_comparison_module_label": two_totals,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(_rows(s)),
                                                       seeds_per_combo=2, balance_seeds=100)


def test_every_value_is_printed_in_its_cell():
    spec = page.SCENE.tasks[P + "module_field_total_value"]
    for i in range(3):
        inst = engine.generate(spec, seed=8, split="train", index=i, encode=False)
        ents, texts = inst.canvas.entities, inst.canvas.texts
        for m, mod in enumerate(inst.trace["state"]["modules"]):
            for it_i, it in enumerate(mod["items"]):
                for j, f in enumerate(mod["fields"]):
                    x0, y0, x1, y1 = ents[f"cell:{m}:{it_i}:{j + 1}"]["box"]
                    inside = [t["text"] for t in texts if x0 - 0.5 <= t["box"][0] and t["box"][2] <= x1 + 0.5
                              and y0 - 0.5 <= t["box"][1] and t["box"][3] <= y1 + 0.5]
                    assert UNITS.get(f, "{}").format(it["values"][f]) in inside, (f, it, inside)
