"""physics/signal_transform: a periodic input waveform and four labelled amplitude-spectrum options.

The input repeats f0 times across the window; its Fourier series puts lines at multiples of f0 with
the classic amplitudes relative to the fundamental: sine -> the fundamental only; square -> odd
harmonics, 1/n; triangle -> odd harmonics, 1/n^2; sawtooth -> every harmonic, 1/n.  Spectrum axes are
in cycles per window.  Difficulty adds waveform kinds and fundamentals (closer distractors).
"""

from __future__ import annotations

import math

from tracegen.core.options import multiple_choice
from tracegen.core.task import Scene
from tracegen.kits.cards import label_badge

KINDS = {1: ("sine", "square", "sawtooth"), 2: ("sine", "square", "triangle", "sawtooth"),
         3: ("sine", "square", "triangle", "sawtooth")}
F0 = {1: (1, 2), 2: (1, 2, 3), 3: (1, 2, 3, 4)}
FMAX = 12
LETTERS = "ABCD"
W, H = 1000, 700


def spectrum(kind: str, f0: int) -> list:
    """[(frequency, relative amplitude)] of the lines up to FMAX."""
    out = []
    for n in range(1, FMAX // f0 + 1):
        if kind == "sine":
            a = 1.0 if n == 1 else 0.0
        elif kind == "square":
            a = 1.0 / n if n % 2 else 0.0
        elif kind == "triangle":
            a = 1.0 / (n * n) if n % 2 else 0.0
        else:
            a = 1.0 / n
        if a:
            out.append((n * f0, a))
    return out


def _wave(kind: str, u: float) -> float:
    """One period on u in [0, 1), peak 1."""
    u %= 1.0
    if kind == "square":
        return 1.0 if u < 0.5 else -1.0
    if kind == "triangle":
        return 4 * u if u < 0.25 else (2 - 4 * u if u < 0.75 else 4 * u - 4)
    if kind == "sawtooth":
        return 2 * u - 1
    return math.sin(2 * math.pi * u)


class SignalTransform(Scene):
    domain, scene_id, size = "physics", "signal_transform", (W, H)
    description = "A periodic input waveform above four labelled amplitude-spectrum options."
    megapixels = (0.95, 1.25)

    def sample(self, rng, difficulty):
        return {"kind": str(rng.choice(KINDS[difficulty])), "f0": int(rng.choice(F0[difficulty]))}

    def render(self, c, state, params):
        c.text(W / 2, 24, "Input waveform and candidate amplitude spectra", size=18, bold=True)
        # input panel
        x0, y0, x1, y1 = 40, 50, W - 40, 250
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper", stroke="grid", lw=1.2, id="panel:input")
        c.text(x0 + 12, y0 + 16, "input x(t) over one window", size=14, anchor="l", bold=True)
        ax0, ax1, mid, amp = x0 + 40, x1 - 24, (y0 + y1) / 2 + 12, 70
        for j in range(13):
            xx = ax0 + (ax1 - ax0) * j / 12
            c.gridline(xx, mid - amp - 6, xx, mid + amp + 6, lw=0.7)
        c.line(ax0, mid, ax1, mid, color="muted", lw=1.2)
        c.line(ax0, mid - amp - 8, ax0, mid + amp + 8, color="ink", lw=1.5)
        c.text(ax1 + 10, mid + 14, "t", size=13, color="muted")
        kind, f0 = state["kind"], state["f0"]
        steps = 1200
        pts = []
        for i in range(steps + 1):
            t = i / steps
            x, y = ax0 + (ax1 - ax0) * t, mid - _wave(kind, (t * f0) % 1.0) * amp
            if pts and abs(y - pts[-1][1]) > amp / 2:       # a jump: draw it vertical
                pts.append((x, pts[-1][1]))
            pts.append((x, y))
        c.polyline(pts, color="accent", lw=2.6)
        # spectrum options
        opts = params.get("options") or []
        bw, bh = (W - 80 - 30) / 2, 180
        for k, opt in enumerate(opts):
            r, j = divmod(k, 2)
            bx, by = 40 + j * (bw + 30), 290 + r * (bh + 24)
            c.rect(bx, by, bw, bh, fill="paper", stroke="grid", lw=1.2, id=f"option:{LETTERS[k]}")
            label_badge(c, bx + 8, by + 8, LETTERS[k], size=14)
            fx0, fx1, base, top = bx + 50, bx + bw - 24, by + bh - 36, by + 24
            c.line(fx0, base, fx1, base, color="ink", lw=1.5)
            c.line(fx0, base, fx0, top, color="ink", lw=1.5)
            for f in range(FMAX + 1):
                xx = fx0 + (fx1 - fx0) * f / FMAX
                c.line(xx, base, xx, base + 5, color="ink", lw=1.0)
                c.text(xx, base + 16, str(f), size=12, color="muted", kind="tick")
            c.text(fx1, by + 12, "f (cycles per window)", size=12, anchor="r", color="muted")
            for f, a in spectrum(opt[0], opt[1]):
                xx = fx0 + (fx1 - fx0) * f / FMAX
                yy = base - a * (base - top - 10)
                c.line(xx, base, xx, yy, color="accent", lw=3.0)
                c.circle(xx, yy, 4, fill="accent")


SCENE = SignalTransform()
task = SCENE.task


@task("periodic_harmonic_spectrum_match_label", answer="option_letter", annotation="bbox_map",
      ops="transformation,matching")
def periodic_harmonic_spectrum_match_label(q):
    s = q.state
    kind, f0 = s["kind"], s["f0"]
    kinds, f0s = KINDS[q.difficulty], F0[q.difficulty]

    def distractors(r):
        near = [[k, f0] for k in kinds if k != kind] + [[kind, f] for f in f0s if f != f0]
        far = [[k, f] for k in kinds for f in f0s if k != kind and f != f0]
        pool = [near[int(i)] for i in r.permutation(len(near))] + [far[int(i)] for i in r.permutation(len(far))]
        return pool

    letter, opts = multiple_choice(q, [kind, f0], distractors, k=4, where="image", stratified=True)
    specs = [tuple(spectrum(k, f)) for k, f in opts]
    q.require(len(set(specs)) == 4, "two options draw the same spectrum")
    q.step("fourier_series", kind=kind, f0=f0, lines=spectrum(kind, f0), result=letter)
    return q.answer(letter, witnesses={"input": "panel:input", "match": f"option:{letter}"}, examples=["B", "C"],
                    question=("The top panel shows one window of a periodic input signal. Which labelled amplitude "
                              "spectrum (frequency in cycles per window, line height relative to the strongest "
                              "line) is the spectrum of this input?"))
