"""charts/uncertainty_band: independent solvers written from the catalog programs (closed
interval intersection of the two bands per x; the band width upper - lower of one series), no
value printed, overlaps and gaps clear."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.uncertainty_band"
P = "task_charts__uncertainty_band__"


def _bounds(sr, i):
    return sr["centre"][i] - sr["half"][i], sr["centre"][i] + sr["half"][i]


def overlap(state, params, qid):
    a, b = state["series"]
    count = 0
    for i in range(len(state["x_labels"])):
        (a0, a1), (b0, b1) = _bounds(a, i), _bounds(b, i)
        count += a0 <= b1 and b0 <= a1
    return count


def width_label(state, params, qid):
    sr = state["series"][params["series"]]
    widths = [hi - lo for lo, hi in (_bounds(sr, i) for i in range(len(state["x_labels"])))]
    pick = max(widths) if qid == "widest_band_x_label" else min(widths)
    return state["x_labels"][widths.index(pick)]


SOLVERS = {P + "band_overlap_count": overlap, P + "band_width_extremum_x_label": width_label}


def _size(s):
    return len(s["x_labels"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)

test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: not tid.endswith("label"))


def test_overlap_points_lie_inside_both_bands():
    spec = registry.get(P + "band_overlap_count")
    for i in range(8):
        inst = engine.generate(spec, seed=5, split="ub", index=i, encode=False)
        ents = inst.canvas.entities
        for x, y in inst.record["annotation_gt"]["value"]:
            k = min(range(len(inst.trace["state"]["x_labels"])),
                    key=lambda m: abs(ents[f"band:0:{m}"]["segment"][0][0] - x))
            for j in (0, 1):
                (_, lo), (_, hi) = ents[f"band:{j}:{k}"]["segment"]
                assert hi < y < lo          # pixel y grows downward: the upper bound has the smaller y
