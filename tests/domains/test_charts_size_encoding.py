"""charts/size_encoding: independent solvers written from the catalog programs (the encoded
values per item), sizes drawn in proportion to the values (font size, bubble area), no value
printed."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.size_encoding"
P = "task_charts__size_encoding__"


def _items(state, k=None):
    return [(v, i) for i, (v, ck) in enumerate(zip(state["values"], state["cats"])) if k is None or ck == k]


def _pick(items, qid):
    return (max(items) if "largest" in qid else min(items))[1]


def relative_count(state, params, qid):
    ref = params["reference"]
    v = state["values"][ref]
    others = [w for w, i in _items(state, params["category"]) if i != ref]
    return sum(w > v for w in others) if qid.startswith("larger") else sum(w < v for w in others)


def filtered(state, params, qid):
    return state["names"][_pick(_items(state, params["category"]), qid)]


def global_category(state, params, qid):
    return state["categories"][state["cats"][_pick(_items(state), qid)]]


def panel(state, params, qid):
    return state["panels"][state["panel_of"][_pick(_items(state, params["category"]), qid)]]


SOLVERS = {
    P + "category_relative_size_count": relative_count,
    P + "filtered_item_extremum_label": filtered,
    P + "global_item_extremum_category_label": global_category,
    P + "panel_category_extremum_panel_label": panel,
}


def _size(s):
    return len(s["values"]) + 10 * len(s["categories"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid == P + "category_relative_size_count")


def test_sizes_follow_the_values():
    """Word heights grow with the value (font size 0.42 x value); bubble areas are proportional."""
    variants = set()
    for tid in (P + "filtered_item_extremum_label", P + "panel_category_extremum_panel_label"):
        spec = registry.get(tid)
        for i in range(8):
            inst = engine.generate(spec, seed=4, split="sizes", index=i, encode=False)
            st, ents = inst.trace["state"], inst.canvas.entities
            variants.add(st["variant"])
            if "cloud" in st["variant"]:
                fonts = {t["text"]: t["size_px"] for t in inst.canvas.texts}
                ratios = [fonts[name] / v for name, v in zip(st["names"], st["values"])]
                assert max(ratios) - min(ratios) < 1e-2 * max(ratios)
            else:
                areas = [(ents[f"item:{k}"]["box"][2] - ents[f"item:{k}"]["box"][0]) ** 2 / v
                         for k, v in enumerate(st["values"])]
                assert max(areas) / min(areas) < 1.05
    assert {"panels", "bubbles"} <= variants and variants & {"rect_cloud", "circle_cloud"}
