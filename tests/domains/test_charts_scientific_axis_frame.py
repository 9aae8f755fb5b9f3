"""charts/scientific_axis_frame: independent solvers written from the catalog programs (the
span and the first/last spacing of the sorted tick values), and the drawn tick labels checked
against those values: printed in order, placed where they fall on a linear scale, never
touching."""

from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.scientific_axis_frame"
P = "task_charts__scientific_axis_frame__"


def span(state, params, qid):
    vals = sorted(state[f"{qid[0]}_ticks"])
    return vals[-1] - vals[0]


def spacing(state, params, qid):
    axis, pair = qid.split("_")[:2]
    vals = sorted(state[f"{axis}_ticks"])
    return vals[1] - vals[0] if pair == "first" else vals[-1] - vals[-2]


SOLVERS = {P + "axis_span_value": span, P + "tick_spacing_value": spacing}


def _size(s):
    return len(s["x_ticks"]) + len(s["y_ticks"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


def test_tick_labels_are_linear_and_apart():
    for tid in SOLVERS:
        spec = registry.get(tid)
        for i in range(8):
            inst = engine.generate(spec, seed=4, split="sa", index=i, encode=False)
            st = inst.trace["state"]
            ticks = [t for t in inst.canvas.texts if t["kind"] == "tick"]
            nx = len(st["x_ticks"])
            xs = ticks[:nx]
            assert [int(t["text"]) for t in xs] == st["x_ticks"]
            centres = [(t["box"][0] + t["box"][2]) / 2 for t in xs]
            scale = (centres[-1] - centres[0]) / (st["x_ticks"][-1] - st["x_ticks"][0])
            for t, c in zip(st["x_ticks"], centres):
                assert abs(centres[0] + (t - st["x_ticks"][0]) * scale - c) < 0.5
            assert all(a["box"][2] < b["box"][0] for a, b in zip(xs, xs[1:])), "x tick labels touch"
            ys = ticks[nx:]
            assert [int(t["text"]) for t in ys] == st["y_ticks"]
            assert all(b["box"][3] < a["box"][1] for a, b in zip(ys, ys[1:])), "y tick labels touch"
            assert len(st["series"]) == nx
