"""charts/density_curve: independent solvers written from the catalog programs -- closed forms
(normal pdf, erf interval masses, truncated-normal means on the 0-100 window) and a fine grid
for the dominant mode -- and the question's marks drawn on every curve."""

import math

import numpy as np
import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.density_curve"
P = "task_charts__density_curve__"
LO, HI = 0.0, 100.0


def _phi(z):
    return math.exp(-z * z / 2) / math.sqrt(2 * math.pi)


def _cdf(z):
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def _pick(state, scores, largest):
    return state["labels"][max(range(len(scores)), key=scores.__getitem__) if largest
                           else min(range(len(scores)), key=scores.__getitem__)]


def density_at(state, params, qid):
    x = params["x_ref"]
    dens = [sum(w * _phi((x - mu) / sd) / sd for w, mu, sd in comps) for comps in state["curves"]]
    return _pick(state, dens, qid.startswith("highest"))


def interval_mass(state, params, qid):
    a, b = params["interval"]
    masses = [sum(w * (_cdf((b - mu) / sd) - _cdf((a - mu) / sd)) for w, mu, sd in comps) for comps in state["curves"]]
    return _pick(state, masses, qid.startswith("greatest"))


def mean(state, params, qid):
    means = []
    for comps in state["curves"]:
        num = den = 0.0
        for w, mu, sd in comps:
            al, be = (LO - mu) / sd, (HI - mu) / sd
            z = _cdf(be) - _cdf(al)
            num += w * (mu * z + sd * (_phi(al) - _phi(be)))
            den += w * z
        means.append(num / den)
    return _pick(state, means, qid.startswith("highest"))


def mode(state, params, qid):
    xs = np.linspace(LO, HI, 20001)
    peaks = []
    for comps in state["curves"]:
        ys = sum(w * np.exp(-0.5 * ((xs - mu) / sd) ** 2) / sd for w, mu, sd in comps)
        peaks.append(float(xs[int(np.argmax(ys))]))
    return _pick(state, peaks, qid.startswith("rightmost"))


SOLVERS = {
    P + "density_at_x_extremum_label": density_at,
    P + "interval_mass_extremum_label": interval_mass,
    P + "mean_extremum_label": mean,
    P + "mode_location_extremum_label": mode,
}


def _size(s):
    return len(s["curves"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


test_nothing_read_is_printed = shortcut_test(sorted(SOLVERS), answer=False)


@pytest.mark.parametrize("tid,prefix", [(P + "density_at_x_extremum_label", "at"),
                                        (P + "mean_extremum_label", "mean"),
                                        (P + "mode_location_extremum_label", "peak")])
def test_a_mark_per_curve_and_a_qualitative_density_axis(tid, prefix):
    spec = registry.get(tid)
    for i in range(3):
        inst = engine.generate(spec, seed=8, split="marks", index=i, difficulty=3, encode=False)
        n = len(inst.trace["state"]["curves"])
        assert all(f"{prefix}:{k}" in inst.canvas.entities for k in range(n))
        ticks = {t["text"] for t in inst.canvas.texts if t["kind"] == "tick"}
        assert {"low", "mid", "high"} <= ticks
