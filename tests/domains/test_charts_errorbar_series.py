"""charts/errorbar_series: independent solvers written from the catalog programs (the extreme
bound of one series over x; closed-interval intersection at one x), no value printed, every
variant drawn."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.errorbar_series"
P = "task_charts__errorbar_series__"


def _interval(state, m, i):
    c, e = state["centers"][m][i], state["errors"][m][i]
    return c - e, c + e


def bound_label(state, params, qid):
    j = params["series"]
    ivs = [_interval(state, j, i) for i in range(len(state["x_labels"]))]
    if qid == "highest_upper_bound_x_label":
        i = max(range(len(ivs)), key=lambda k: ivs[k][1])
    else:
        i = min(range(len(ivs)), key=lambda k: ivs[k][0])
    return state["x_labels"][i]


def overlap_count(state, params, qid):
    j, i = params["series"], params["x"]
    a0, a1 = _interval(state, j, i)
    count = 0
    for m in range(len(state["series"])):
        b0, b1 = _interval(state, m, i)
        count += m != j and a0 <= b1 and b0 <= a1
    return count


SOLVERS = {P + "bound_extremum_x_label": bound_label, P + "same_x_interval_overlap_count": overlap_count}


def _size(s):
    return len(s["series"]) * len(s["x_labels"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)

test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: not tid.endswith("label"))


def test_every_variant_and_every_error_bar_is_drawn():
    spec = registry.get(P + "same_x_interval_overlap_count")
    seen = set()
    for i in range(16):
        inst = engine.generate(spec, seed=2, split="eb", index=i, encode=False)
        st, ents = inst.trace["state"], inst.canvas.entities
        seen.add(st["variant"])
        for m in range(len(st["series"])):
            for k in range(len(st["x_labels"])):
                (_, lo), (_, hi) = ents[f"bar:{m}:{k}"]["segment"]
                assert lo > hi, "the lower bound is drawn below the upper one"
    assert seen == {"marker", "line", "grouped"}
