"""charts/histogram: independent solvers written from the catalog programs (numpy cumulative
sums and searchsorted for the bin holding a rank; a masked sum over an inclusive x range), no
count printed."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.histogram"
P = "task_charts__histogram__"


def cumulative(state, params, qid):
    cum = np.cumsum(state["counts"])
    return state["start"] + int(np.searchsorted(cum, params["rank"]))


def mass(state, params, qid):
    xs = state["start"] + np.arange(len(state["counts"]))
    lo = state["start"] + params["first"]
    hi = lo + params["width"] - 1
    return int(np.asarray(state["counts"])[(xs >= lo) & (xs <= hi)].sum())


SOLVERS = {P + "cumulative_rank_bin_label": cumulative, P + "interval_mass": mass}


def _size(s):
    return len(s["counts"]) + s["top"]


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)

test_no_count_is_printed = shortcut_test(sorted(SOLVERS), seeds=(0, 1))


def test_bars_are_as_tall_as_their_counts():
    spec = registry.get(P + "interval_mass")
    for i in range(6):
        inst = engine.generate(spec, seed=3, split="hi", index=i, encode=False)
        st, ents = inst.trace["state"], inst.canvas.entities
        heights = [ents[f"bin:{k}"]["box"][3] - ents[f"bin:{k}"]["box"][1] for k in range(len(st["counts"]))]
        unit = heights[0] / st["counts"][0]
        assert all(abs(h / unit - k) < 0.05 for h, k in zip(heights, st["counts"]))
        labels = [t["text"] for t in inst.canvas.texts if t["kind"] == "tick"]
        assert all(str(st["start"] + k) in labels for k in range(len(st["counts"])))
