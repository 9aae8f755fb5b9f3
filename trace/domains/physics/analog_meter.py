"""physics/analog_meter: one moving-coil meter face (an ammeter or a voltmeter) with a needle over
an arc scale of numbered ticks and its unit printed under the pivot.

The needle always rests on a tick, so the reading is an exact whole number of the displayed unit.
Difficulty: (1) a ten-tick scale numbered at every other tick; (2) the original's mix of 0-10,
0-20 and 0-100 scales; (3) fine 0-30 / 0-50 scales of fifty-odd ticks numbered every ten.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.apparatus import arc_scale

W, H = 840, 540
CX, CY, R = 420.0, 392.0, 236.0
A0, A1 = 150.0, 30.0                      # the scale's zero and full-scale angles (degrees)

# (step, ticks, major every, label every)
SCALES = {
    "0-5": (1, 5, 1, 1), "0-10": (1, 10, 2, 2), "0-20": (1, 20, 5, 5), "0-100": (10, 10, 2, 2),
    "0-30": (1, 30, 5, 10), "0-50": (1, 50, 5, 10),
}
MIX = {1: (("0-5", 0.4), ("0-10", 0.6)),
       2: (("0-10", 0.55), ("0-20", 0.2), ("0-100", 0.25)),
       3: (("0-30", 0.5), ("0-50", 0.5))}
UNITS = {"ammeter": ("A", "mA"), "voltmeter": ("V", "mV")}
TITLES = {"ammeter": "Ammeter", "voltmeter": "Voltmeter"}


class AnalogMeter(Scene):
    domain, scene_id, size = "physics", "analog_meter", (W, H)
    description = "An analog ammeter or voltmeter face: needle, arc scale of numbered ticks, unit label."
    megapixels = (0.72, 0.92)
    aspect_pad = 0.1
    allow_noise = False          # fine scale ticks

    def sample(self, rng, difficulty):
        names, probs = zip(*MIX[difficulty])
        scale = names[int(rng.choice(len(names), p=list(probs)))]
        step, n, major, label = SCALES[scale]
        k = int(rng.integers(1, n))
        kind = "ammeter" if rng.random() < 0.5 else "voltmeter"
        unit = UNITS[kind][int(rng.integers(2))]
        value = k * step
        needle = A0 + (A1 - A0) * value / (n * step)
        return {"kind": kind, "unit": unit, "scale": scale, "step": step, "ticks": n, "major": major,
                "label": label, "value": value, "needle_deg": round(needle, 6)}

    def render(self, c, state, params):
        c.rect(60, 24, W - 120, H - 48, fill="panel", stroke="ink", lw=2.0)
        c.rect(110, 56, W - 220, H - 112, fill="paper", stroke="ink", lw=2.2, id="face")
        c.text(CX, 92, TITLES[state["kind"]], size=20, bold=True)
        arc_scale(c, CX, CY, R, A0, A1, 0, state["step"], state["ticks"], major=state["major"],
                  label=state["label"], size=15, inward=True)
        t = math.radians(state["needle_deg"])
        tip = (CX + (R - 6) * math.cos(t), CY - (R - 6) * math.sin(t))
        c.line(CX, CY, tip[0], tip[1], color="red", lw=3.2, id="needle")
        c.circle(CX, CY, 11, fill="ink")
        uw = max(64.0, c.text_width(state["unit"], size=22, bold=True) + 28)
        c.rect(CX - uw / 2, CY + 30, uw, 40, fill="panel", stroke="ink", lw=1.6)
        c.text(CX, CY + 50, state["unit"], size=22, bold=True)


SCENE = AnalogMeter()
task = SCENE.task


@task("meter_readout_value", answer="integer", annotation="segment", ops="direct_retrieval",
      queries=("ammeter_readout", "voltmeter_readout"))
def meter_readout_value(q):
    kind = "ammeter" if q.query_id == "ammeter_readout" else "voltmeter"

    def fn(s, rng):
        if s["kind"] != kind:
            s["kind"] = kind
            s["unit"] = UNITS[kind][int(rng.integers(2))]
        return s

    s = q.edit(fn)
    value = q.reads(int(s["value"]))
    q.step("read_needle", scale=s["scale"], value=value, unit=s["unit"])
    quantity = "current" if kind == "ammeter" else "voltage"
    return q.answer(value, witnesses="needle", examples=[7, 3, 40],
                    question=f"The picture shows an analog {kind} face with a needle, a numbered tick scale and its "
                             f"unit printed below the pivot. What {quantity} does the {kind} read, as a whole number "
                             f"in the displayed unit?")
