"""physics/thermometer: a vertical liquid thermometer with one numbered scale (degrees Celsius or
Fahrenheit, its unit printed above it).  The column's top lies on a tick, at a reading whose
conversion to the other unit is a whole number (F = 9C/5 + 32).

Difficulty: short scales numbered every 5 C / 10 F; the original's scales (1 C or 2 F ticks,
numbered every 10 C / 20 F); long fine scales.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.apparatus import linear_scale

W, H = 770, 504
Y0, Y1 = 404.0, 96.0              # the scale's low and high ends
TX = 420.0                        # the tube's centre line
# unit -> difficulty -> (lo, minor, ticks, major every, label every)
SCALES = {
    "C": {1: (-10, 1, 40, 5, 5), 2: (-20, 1, 60, 5, 10), 3: (-30, 1, 100, 5, 10)},
    "F": {1: (30, 2, 40, 5, 5), 2: (20, 2, 50, 5, 10), 3: (0, 2, 80, 5, 10)},
}


def readings(unit, difficulty):
    """Tick values of the scale whose conversion is a whole number (not at either end)."""
    lo, step, n, _, _ = SCALES[unit][difficulty]
    vals = [lo + k * step for k in range(1, n)]
    if unit == "C":
        return [v for v in vals if v % 5 == 0]
    return [v for v in vals if (v - 32) % 9 == 0]


def level_y(state, value) -> float:
    return Y0 + (Y1 - Y0) * (value - state["lo"]) / (state["step"] * state["ticks"])


def make(rng, unit, difficulty):
    lo, step, n, major, label = SCALES[unit][difficulty]
    vals = readings(unit, difficulty)
    value = vals[int(rng.integers(len(vals)))]
    st = {"unit": unit, "lo": lo, "step": step, "ticks": n, "major": major, "label": label, "reading": value}
    st["level_y"] = round(level_y(st, value), 4)
    return st


class Thermometer(Scene):
    domain, scene_id, size = "physics", "thermometer", (W, H)
    description = "A vertical liquid thermometer with one numbered Celsius or Fahrenheit scale."
    megapixels = (0.7, 0.9)
    aspect_pad = 0.1
    allow_noise = False          # fine scale ticks

    def sample(self, rng, difficulty):
        return make(rng, "C" if rng.random() < 0.5 else "F", difficulty)

    def render(self, c, state, params):
        c.text(TX + 150, 40, "Thermometer", size=18, bold=True)
        tw, br = 30.0, 34.0
        by = Y0 + 48
        c.rect(TX - tw / 2, Y1 - 24, tw, by - (Y1 - 24), fill="paper", stroke="ink", lw=2.2)
        c.circle(TX, Y1 - 24, tw / 2, fill="paper", stroke="ink", lw=2.2)
        c.rect(TX - tw / 2 + 1.1, Y1 - 26, tw - 2.2, 30, fill="paper")
        c.circle(TX, by, br, fill="paper", stroke="ink", lw=2.2)
        c.circle(TX, by, br - 7, fill="red")
        y = state["level_y"]
        c.rect(TX - tw / 2 + 7, y, tw - 14, by - y, fill="red")
        c.line(TX - tw / 2 + 7, y, TX + tw / 2 - 7, y, color="red", lw=1.0, id="liquid_level")
        c.register("column", segment=((TX, by - br + 7), (TX, y)))
        sx = TX - tw / 2 - 26
        linear_scale(c, (sx, Y0), (sx, Y1), state["lo"], state["step"], state["ticks"], major=state["major"],
                     label=state["label"], side=-1, minor_len=8.0, major_len=16.0, label_gap=8.0, size=14,
                     bold=True, lw=1.1)
        c.text(sx - 26, Y1 - 40, "°" + state["unit"], size=22, bold=True)


SCENE = Thermometer()
task = SCENE.task


@task("temperature_conversion_value", answer="integer", annotation="segment", ops="formula_evaluation",
      queries=("celsius_to_fahrenheit_value", "fahrenheit_to_celsius_value"))
def temperature_conversion_value(q):
    unit = "C" if q.query_id == "celsius_to_fahrenheit_value" else "F"
    s = q.edit(lambda st, r: st if st["unit"] == unit else make(r, unit, q.difficulty))
    t = q.reads(s["reading"])
    if unit == "C":
        num = 9 * t + 160
        q.require(num % 5 == 0, "not a whole Fahrenheit value")
        value = num // 5
        question = ("The picture shows a thermometer with a Celsius scale. Read the temperature at the top of the "
                    "liquid column, then convert it with F = 9C/5 + 32. What is the temperature in degrees "
                    "Fahrenheit?")
    else:
        num = 5 * (t - 32)
        q.require(num % 9 == 0, "not a whole Celsius value")
        value = num // 9
        question = ("The picture shows a thermometer with a Fahrenheit scale. Read the temperature at the top of "
                    "the liquid column, then convert it with C = 5(F - 32)/9. What is the temperature in degrees "
                    "Celsius?")
    q.step("convert", reading=t, unit=unit, result=value)
    return q.answer(value, witnesses="column", examples=[20, 77], question=question)
