"""pages/infographic: independent solvers written from the catalog programs over a flat table of
the cards (section, label, value, icon), and every card's value printed on it."""

from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import infographic

MOD = "tracegen.domains.pages.infographic"
P = "task_pages__infographic__"


def _rows(state):
    return [{"section": s["name"], "si": si, "ci": ci, **cd} for si, s in enumerate(state["sections"])
            for ci, cd in enumerate(s["cards"])]


def _totals(state, icon=None):
    out = {}
    for r in _rows(state):
        if icon is None or r["icon"] == icon:
            out[r["section"]] = out.get(r["section"], 0) + r["value"]
    return out


def global_rank(state, params, qid):
    rows = sorted(_rows(state), key=lambda r: r["value"], reverse="highest" in qid)
    return rows[params["rank"] - 1]["label"]


def section_rank(state, params, qid):
    rows = sorted((r for r in _rows(state) if r["si"] == params["section"]), key=lambda r: r["value"],
                  reverse="highest" in qid)
    return rows[params["rank"] - 1]["label"]


def ranked_total(state, params, qid):
    tot = _totals(state)
    return sorted(tot, key=tot.get, reverse=params["direction"] == "highest")[params["rank"] - 1]


def extrema_difference(state, params, qid):
    tot = _totals(state).values()
    return max(tot) - min(tot)


def except_named(state, params, qid):
    return sum(r["value"] for r in _rows(state) if r["si"] == params["section"] and r["ci"] not in params["excluded"])


def named_sum(state, params, qid):
    rows = _rows(state)
    return sum(rows[i]["value"] for i in params["named"])


def extrema_arithmetic(state, params, qid):
    vals = []
    for si, ext in zip(params["sections"] if not params["swap"] else params["sections"][::-1], params["extremes"]):
        col = [r["value"] for r in _rows(state) if r["si"] == si]
        vals.append(max(col) if ext == "maximum" else min(col))
    return vals[0] + vals[1] if params["operator"] == "sum" else abs(vals[0] - vals[1])


def icon_total(state, params, qid):
    return _totals(state, params["icon"])[state["sections"][params["section"]]["name"]]


def icon_difference(state, params, qid):
    tot = _totals(state, params["icon"])
    a, b = (state["sections"][si]["name"] for si in params["sections"])
    return abs(tot[a] - tot[b])


def icon_extreme(state, params, qid):
    tot = _totals(state, params["icon"])
    return (max if params["direction"] == "highest" else min)(tot, key=tot.get)


SOLVERS = {
    P + "global_metric_ranked_item_label": global_rank,
    P + "section_metric_ranked_item_label": section_rank,
    P + "section_ranked_total_label": ranked_total,
    P + "section_total_extrema_difference_value": extrema_difference,
    P + "section_total_except_named_value": except_named,
    P + "sum_named_metrics_value": named_sum,
    P + "section_extrema_arithmetic_value": extrema_arithmetic,
    P + "section_icon_total_value": icon_total,
    P + "section_icon_total_difference_value": icon_difference,
    P + "section_icon_extremum_label": icon_extreme,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: len(_rows(s)) + len(s["icons"]),
                                                       seeds_per_combo=2, balance_seeds=100)


def test_every_value_and_label_is_printed_on_its_card():
    spec = infographic.SCENE.tasks[P + "sum_named_metrics_value"]
    for i in range(3):
        inst = engine.generate(spec, seed=6, split="train", index=i, encode=False)
        ents, texts = inst.canvas.entities, inst.canvas.texts
        for r in _rows(inst.trace["state"]):
            x0, y0, x1, y1 = ents[f"card:{r['si']}:{r['ci']}"]["box"]
            inside = [t["text"] for t in texts if x0 <= t["box"][0] and t["box"][2] <= x1 + 0.5
                      and y0 <= t["box"][1] and t["box"][3] <= y1 + 0.5]
            assert str(r["value"]) in inside and r["label"] in inside
