"""charts/waterfall: independent solvers written from the catalog programs (itertools
accumulate over the signed contributions), the answer never printed, bars drawn at their
running totals."""

from itertools import accumulate

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.waterfall"
P = "task_charts__waterfall__"


def _levels(state):
    return list(accumulate([state["start"]] + state["deltas"]))


def running_total(state, params, qid):
    return state["start"] + sum(state["deltas"][:params["step"] + 1])


def extremum(state, params, qid):
    levels = _levels(state)[:-1]                  # start and contribution bars, not the final one
    return max(levels) if qid.startswith("maximum") else min(levels)


def remove(state, params, qid):
    return sum(d for j, d in enumerate(state["deltas"]) if j != params["step"]) + state["start"]


def reverse(state, params, qid):
    return state["start"] + sum(-d if j == params["step"] else d for j, d in enumerate(state["deltas"]))


SOLVERS = {
    P + "running_total_value": running_total,
    P + "running_total_extremum_value": extremum,
    P + "remove_step_final_total": remove,
    P + "reverse_step_final_total": reverse,
}


def _size(s):
    return 100 * len(s["deltas"]) + max(abs(d) for d in s["deltas"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


test_answer_is_never_printed = shortcut_test(sorted(SOLVERS), seeds=(0, 1))


def test_bars_float_at_their_running_totals():
    spec = registry.get(P + "running_total_value")
    for i in range(6):
        inst = engine.generate(spec, seed=2, split="bars", index=i, encode=False)
        st, ents = inst.trace["state"], inst.canvas.entities
        levels = _levels(st)
        base = ents["bar:start"]["box"][3]
        px_per_unit = (base - ents["bar:start"]["box"][1]) / st["start"]
        for j, d in enumerate(st["deltas"]):
            top, bottom = ents[f"bar:{j}"]["box"][1], ents[f"bar:{j}"]["box"][3]
            assert abs((base - top) / px_per_unit - max(levels[j], levels[j + 1])) < 0.2
            assert abs((bottom - top) / px_per_unit - abs(d)) < 0.2
        assert abs((base - ents["bar:final"]["box"][1]) / px_per_unit - levels[-1]) < 0.2
        texts = inst.canvas.drawn_texts()
        assert all(f"{d:+d}" in texts for d in st["deltas"])
