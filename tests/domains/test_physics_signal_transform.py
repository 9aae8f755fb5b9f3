"""physics/signal_transform: independent solver (numerical Fourier coefficients of the sampled input)."""

import math

import numpy as np

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.signal_transform"
P = "task_physics__signal_transform__"


def _signal(kind, f0, n=4096):
    t = np.arange(n) / n
    u = (t * f0) % 1.0
    if kind == "sine":
        return np.sin(2 * np.pi * u)
    if kind == "square":
        return np.where(u < 0.5, 1.0, -1.0)
    if kind == "triangle":
        return 1 - 4 * np.abs(((u + 0.25) % 1.0) - 0.5)
    return 2 * u - 1


def _lines(kind, f0, fmax=12):
    x = _signal(kind, f0)
    mags = np.abs(np.fft.rfft(x))[: fmax + 1]
    mags = mags / mags.max()
    return {f: round(float(m), 2) for f, m in enumerate(mags) if m > 0.02}


def _drawn(kind, f0, fmax=12):
    # what a labelled option draws: the textbook series, normalised to the fundamental
    series = {"sine": lambda n: n == 1, "square": lambda n: (1 / n) * (n % 2),
              "triangle": lambda n: (1 / n ** 2) * (n % 2), "sawtooth": lambda n: 1 / n}[kind]
    return {n * f0: round(float(series(n)), 2) for n in range(1, fmax // f0 + 1) if series(n)}


def match(state, params, qid):
    target = _lines(state["kind"], state["f0"])
    scores = []
    for opt in params["options"]:
        d = _drawn(*opt)
        keys = set(d) | set(target)
        scores.append(sum(abs(d.get(k, 0) - target.get(k, 0)) for k in keys))
    best = min(scores)
    assert best < 0.1 and sorted(scores)[1] > 0.1
    return "ABCD"[scores.index(best)]


SOLVERS = {P + "periodic_harmonic_spectrum_match_label": match}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["f0"])


def test_known_case():
    # a square wave has odd harmonics falling as 1/n
    assert _lines("square", 1)[3] == 0.33 and 2 not in _lines("square", 1)
    opts = [["sine", 3], ["triangle", 3], ["square", 3], ["sawtooth", 1]]
    assert match({"kind": "triangle", "f0": 3}, {"options": opts}, "single") == "B"
