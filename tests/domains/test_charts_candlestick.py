"""charts/candlestick: independent solvers written from the catalog programs (the counterfactual
close from open, body and direction; wick and body ranges), the four values printed beside every
candle and the candle geometry matching them."""

from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.candlestick"
P = "task_charts__candlestick__"


def counterfactual(state, params, qid):
    o, _, _, cl = state["candles"][params["candle"]]
    k = params["change"] if qid == "close_after_body_increase_value" else -params["change"]
    direction = 1 if cl > o else -1
    return o + direction * (abs(cl - o) + k)


def extremum(state, params, qid):
    _, kind, _, _ = qid.split("_", 3)
    sizes = {lab: (h - lo if kind == "wick" else abs(cl - o))
             for lab, (o, h, lo, cl) in zip(state["labels"], state["candles"])}
    pick = max if qid.startswith("largest") else min
    return pick(sizes, key=sizes.get)


SOLVERS = {P + "counterfactual_close_value": counterfactual, P + "range_extremum_label": extremum}


def _size(s):
    return len(s["candles"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


def test_printed_values_match_the_drawn_candles():
    spec = registry.get(P + "range_extremum_label")
    for i in range(6):
        inst = engine.generate(spec, seed=1, split="cs", index=i, encode=False)
        st, ents = inst.trace["state"], inst.canvas.entities
        texts = inst.canvas.drawn_texts()
        h0, l0 = ents["wick:0"]["segment"][0][1], ents["wick:0"]["segment"][1][1]
        px_per_unit = (l0 - h0) / (st["candles"][0][1] - st["candles"][0][2])
        for k, (o, h, lo, cl) in enumerate(st["candles"]):
            assert {f"O{o}", f"H{h}", f"L{lo}", f"C{cl}"} <= set(texts)
            (_, yo), (_, yc) = ents[f"body:{k}"]["segment"]
            assert abs((yo - yc) / px_per_unit - (cl - o)) < 0.1
            (_, yh), (_, yl) = ents[f"wick:{k}"]["segment"]
            assert abs((yl - yh) / px_per_unit - (h - lo)) < 0.1
