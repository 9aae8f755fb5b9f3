"""charts/radial_progress: independent solvers written from the catalog programs (remaining =
100 - progress, inclusive interval and threshold filters), no completion printed, arcs drawn
to their values."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.radial_progress"
P = "task_charts__radial_progress__"


def remaining(state, params, qid):
    rem = [100 - v for v in state["values"]]
    pick = max(rem) if qid == "highest_remaining_label" else min(rem)
    return state["labels"][rem.index(pick)]


def interval(state, params, qid):
    lo, hi = params["bounds"]
    return len([v for v in state["values"] if lo <= v <= hi])


def threshold(state, params, qid):
    t = params["threshold"]
    return len([v for v in state["values"] if (v >= t if qid == "at_least_threshold_count" else v < t)])


SOLVERS = {
    P + "extremum_remaining_label": remaining,
    P + "progress_interval_count": interval,
    P + "progress_threshold_count": threshold,
}


def _size(s):
    return len(s["values"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)

test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: not tid.endswith("label"))


def test_every_variant_draws_one_widget_per_label():
    spec = registry.get(P + "progress_threshold_count")
    seen = set()
    for i in range(16):
        inst = engine.generate(spec, seed=5, split="rp", index=i, encode=False)
        st = inst.trace["state"]
        seen.add(st["variant"])
        ents = inst.canvas.entities
        boxes = [ents[f"widget:{k}"]["box"] for k in range(len(st["values"]))]
        for k, b in enumerate(boxes):           # cards never overlap
            for other in boxes[k + 1:]:
                assert b[2] <= other[0] or other[2] <= b[0] or b[3] <= other[1] or other[3] <= b[1]
        assert all(v % 5 == 0 and 0 < v < 100 for v in st["values"])
    assert seen == {"gauge", "ring", "dial"}
