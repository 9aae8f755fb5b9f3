"""charts/composition_panels: independent solvers written from the catalog programs (counts as
exact fractions of the printed totals), and every share and total printed."""

from fractions import Fraction

from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.charts import composition_panels

MOD = "tracegen.domains.charts.composition_panels"
P = "task_charts__composition_panels__"


def _count(panel, k):
    c = Fraction(panel["total"] * panel["shares"][k], 100)
    assert c.denominator == 1
    return int(c)


def _titles(state):
    return [p["title"] for p in state["panels"]]


def shift(state, params, qid):
    a, b = (state["panels"][i]["shares"] for i in params["panels"])
    return sum(abs(x - y) for x, y in zip(a, b))


def conditioned(state, params, qid):
    cond, target = params["segments"]
    return sum(_count(p, target) for p in state["panels"] if p["shares"][cond] > params["threshold"])


def extreme_count(state, params, qid):
    counts = [_count(p, params["segment"]) for p in state["panels"]]
    best = max(counts) if qid == "largest_count" else min(counts)
    return _titles(state)[counts.index(best)]


def nearest(state, params, qid):
    d = [abs(_count(p, params["segment"]) - params["target"]) for p in state["panels"]]
    return _titles(state)[d.index(min(d))]


def pair_gap(state, params, qid):
    a, b = params["segments"]
    g = [abs(_count(p, a) - _count(p, b)) for p in state["panels"]]
    return _titles(state)[g.index(max(g) if qid == "largest_count_gap" else min(g))]


def top_k(state, params, qid):
    rank, other = params["segments"]
    order = sorted(state["panels"], key=lambda p: -p["shares"][rank])
    return sum(_count(p, other) for p in order[:params["k"]])


SOLVERS = {
    P + "composition_shift_l1_distance": shift,
    P + "conditioned_panel_sum_from_percent": conditioned,
    P + "segment_count_extremum_panel_label": extreme_count,
    P + "segment_count_nearest_target_panel_label": nearest,
    P + "segment_pair_count_gap_extremum_panel_label": pair_gap,
    P + "top_k_by_segment_then_sum_other_segment_count": top_k,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: len(s["panels"]) * len(s["segments"]),
                                                       seeds_per_combo=2, balance_seeds=120)


def test_shares_and_totals_printed():
    spec = composition_panels.SCENE.tasks[P + "conditioned_panel_sum_from_percent"]
    for i in range(3):
        inst = engine.generate(spec, seed=4, split="train", index=i, encode=False)
        drawn = inst.canvas.drawn_texts()
        for p, panel in enumerate(inst.trace["state"]["panels"]):
            assert sum(panel["shares"]) == 100 and min(panel["shares"]) >= composition_panels.MIN_SHARE
            assert f"Total {panel['total']}" in drawn
            assert all(f"{v}" in drawn or f"{v}%" in drawn for v in panel["shares"])
            assert all(f"slice:{p}:{k}" in inst.canvas.entities for k in range(len(panel["shares"])))
