"""physics/waveform_panel: labelled panels of sine waves drawn over one shared horizontal span and scale.

Each panel shows A sin(2 pi k x / L + phase) across the same span L, with a midline and gridlines:
the amplitude is the peak height above the midline, the frequency grows with the number of cycles k
in the span, and the wavelength is L / k.  Difficulty grows the number of panels and narrows the gaps.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.cards import label_badge

N_PANELS = {1: 3, 2: 5, 3: 6}
AMPS = {1: (2, 4, 6), 2: (2, 3, 4, 5, 6), 3: (2, 3, 4, 5, 6)}
CYCLES = {1: (1.0, 2.0, 3.0, 4.0), 2: (1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0), 3: (1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5)}
LETTERS = "ABCDEF"
W, H = 960, 640
PX0, PX1, TOP, BOT = 40, 920, 64, 624
UNIT = 6.5                                   # px per amplitude unit
PROPS = {"highest_amplitude_label": ("amp", max), "lowest_amplitude_label": ("amp", min),
         "highest_frequency_label": ("cycles", max), "lowest_frequency_label": ("cycles", min),
         "longest_wavelength_label": ("cycles", min), "shortest_wavelength_label": ("cycles", max)}


class WaveformPanel(Scene):
    domain, scene_id, size = "physics", "waveform_panel", (W, H)
    description = "Stacked labelled panels of sine waves over one shared horizontal span and vertical scale."
    megapixels = (0.78, 1.02)

    def sample(self, rng, difficulty):
        n = N_PANELS[difficulty]
        return {"axis": "time", "panels": [
            {"amp": int(rng.choice(AMPS[difficulty])), "cycles": float(rng.choice(CYCLES[difficulty])),
             "phase": int(rng.choice([0, 180]))} for _ in range(n)]}

    def render(self, c, state, params):
        n = len(state["panels"])
        c.text(W / 2, 26, "Waveform comparison (same horizontal span and vertical scale in every panel)", size=16,
               bold=True)
        gap = 10
        ph = (BOT - TOP - gap * (n - 1)) / n
        x0, x1 = PX0 + 50, PX1 - 20
        for k, pn in enumerate(state["panels"]):
            y = TOP + k * (ph + gap)
            c.rect(PX0, y, PX1 - PX0, ph, fill="paper", stroke="grid", lw=1.2, id=f"panel:{LETTERS[k]}")
            label_badge(c, PX0 + 8, y + 8, LETTERS[k], size=14)
            mid = y + ph / 2
            for u in range(-6, 7):
                if abs(u) * UNIT < ph / 2 - 4 and u:
                    c.gridline(x0, mid - u * UNIT, x1, mid - u * UNIT, lw=0.6)
            for j in range(13):
                xx = x0 + (x1 - x0) * j / 12
                c.gridline(xx, y + 4, xx, y + ph - 4, lw=0.8)
            c.line(x0, mid, x1, mid, color="muted", lw=1.4)
            pts = []
            for i in range(401):
                t = i / 400
                v = pn["amp"] * math.sin(2 * math.pi * pn["cycles"] * t + math.radians(pn["phase"]))
                pts.append((x0 + (x1 - x0) * t, mid - v * UNIT))
            c.polyline(pts, color="accent", lw=2.6)
        c.text(W / 2, BOT + 10, "time →" if state["axis"] == "time" else "position →", size=13, color="muted")


SCENE = WaveformPanel()
task = SCENE.task


@task("wave_property_extremum_label", answer="option_letter", annotation="bbox", ops="ranking,formula_evaluation",
      queries=tuple(PROPS))
def wave_property_extremum_label(q):
    key, pick = PROPS[q.query_id]
    n = N_PANELS[q.difficulty]
    q.offer(n, "image")
    letter = q.target(LETTERS[:n], stratified=True)
    pool = AMPS[q.difficulty] if key == "amp" else CYCLES[q.difficulty]

    def plant(st, r):
        st["axis"] = "position" if "wavelength" in q.query_id else "time"
        vals = [pool[int(i)] for i in r.choice(len(pool), size=min(n, len(pool)), replace=False)]
        while len(vals) < n:                       # small pools: repeat non-extreme values
            vals.append(sorted(vals)[1])
        best = pick(vals)
        vals.remove(best)
        vals = [vals[int(i)] for i in r.permutation(len(vals))]
        vals.insert(LETTERS.index(letter), best)
        for pn, v in zip(st["panels"], vals):
            pn[key] = v
        return st

    s = q.edit(plant)
    vals = [pn[key] for pn in s["panels"]]
    best = pick(vals)
    q.require(vals.count(best) == 1, "tied extremum")
    ans = LETTERS[vals.index(best)]
    q.require(ans == letter, "missed the target")
    q.step("rank", property=q.query_id, values={LETTERS[k]: v for k, v in enumerate(vals)}, result=ans)
    what = {"highest_amplitude_label": "has the largest amplitude",
            "lowest_amplitude_label": "has the smallest amplitude",
            "highest_frequency_label": "has the highest frequency (the most cycles in the same time span)",
            "lowest_frequency_label": "has the lowest frequency (the fewest cycles in the same time span)",
            "longest_wavelength_label": "has the longest wavelength",
            "shortest_wavelength_label": "has the shortest wavelength"}[q.query_id]
    return q.answer(ans, witnesses=f"panel:{ans}", examples=["B", "D"],
                    question=(f"The labelled panels show waves drawn over the same horizontal span with the same "
                              f"vertical scale. Which panel's wave {what}?"))
