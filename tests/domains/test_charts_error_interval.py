"""charts/error_interval: independent solvers written from the catalog programs."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.error_interval"
P = "task_charts__error_interval__"


def width_rank(state, params, qid):
    widths = [(hi - lo, lab) for (lo, _, hi), lab in zip(state["intervals"], state["labels"])]
    wide = "widest" in qid
    ranked = sorted(widths, reverse=wide)
    return ranked[1 if qid.startswith("second") else 0][1]


def containment(state, params, qid):
    ref = state["reference"]
    return sum(lo <= ref <= hi for lo, _, hi in state["intervals"])


def exclusion(state, params, qid):
    ref = state["reference"]
    if qid.startswith("entirely_above"):
        return sum(lo > ref for lo, _, hi in state["intervals"])
    return sum(hi < ref for lo, _, hi in state["intervals"])


SOLVERS = {
    P + "interval_width_rank_label": width_rank,
    P + "reference_containment_count": containment,
    P + "reference_exclusion_side_count": exclusion,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["intervals"]))


def test_endpoints_are_printed_and_never_equal_the_reference():
    for name in (P + "reference_containment_count", P + "reference_exclusion_side_count"):
        spec = registry.get(name)
        for i in range(6):
            inst = engine.generate(spec, seed=4, split="print", index=i, encode=False)
            state = inst.trace["state"]
            texts = inst.canvas.drawn_texts()
            for lo, est, hi in state["intervals"]:
                assert 10 <= lo < est < hi <= 99 and hi - lo >= 5
                assert str(lo) in texts and str(hi) in texts
                assert state["reference"] not in (lo, hi)
            assert f"ref {state['reference']}" in texts


test_count_is_not_printed = shortcut_test([P + "reference_containment_count", P + "reference_exclusion_side_count"])
