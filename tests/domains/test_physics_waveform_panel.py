"""physics/waveform_panel: independent solver measuring the sampled waves (peak height, zero crossings)."""

import math

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.waveform_panel"
P = "task_physics__waveform_panel__"


def _measure(pn):
    xs = [i / 4000 for i in range(4001)]
    ys = [pn["amp"] * math.sin(2 * math.pi * pn["cycles"] * x + math.radians(pn["phase"])) for x in xs]
    amplitude = max(abs(y) for y in ys)
    # half-periods = sign changes over the span (+ the start, a zero)
    crossings = sum(1 for a, b in zip(ys[1:-1], ys[2:-1]) if (a > 1e-9) != (b > 1e-9))
    cycles = (crossings + 1) / 2
    return amplitude, cycles, 1.0 / cycles        # wavelength in units of the span


def extremum(state, params, qid):
    ms = [_measure(pn) for pn in state["panels"]]
    idx = {"amplitude": 0, "frequency": 1, "wavelength": 2}[qid.split("_")[1]]
    vals = [m[idx] for m in ms]
    best = max(vals) if qid.split("_")[0] in ("highest", "longest") else min(vals)
    hits = [k for k, v in enumerate(vals) if abs(v - best) < 1e-6]
    assert len(hits) == 1
    return "ABCDEF"[hits[0]]


SOLVERS = {P + "wave_property_extremum_label": extremum}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["panels"]))


def test_known_case():
    panels = [{"amp": 3, "cycles": 2.0, "phase": 0}, {"amp": 5, "cycles": 1.5, "phase": 180},
              {"amp": 2, "cycles": 4.0, "phase": 0}]
    st = {"panels": panels}
    assert extremum(st, {}, "highest_amplitude_label") == "B"
    assert extremum(st, {}, "shortest_wavelength_label") == "C"
    assert extremum(st, {}, "lowest_frequency_label") == "B"
