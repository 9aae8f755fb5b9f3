"""physics/thermal_mixing: cups of the same liquid at printed temperatures poured into an insulated mixer.

Equal amounts of one liquid (same mass, same specific heat) exchange heat only with each other, so
sum m c (T_f - T_i) = 0 gives T_f = the mean of the initial temperatures.  Difficulty grows the
number of cups (and drops the multiples-of-5 temperatures).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect
from tracegen.kits.fluids import cup, tag, tint

CUPS = {1: (2, 2), 2: (2, 4), 3: (4, 6)}
STEP = {1: 5, 2: 5, 3: 1}
W, H = 960, 620


class ThermalMixing(Scene):
    domain, scene_id, size = "physics", "thermal_mixing", (W, H)
    description = "Cups of one liquid at printed temperatures poured in equal amounts into an insulated mixer."
    megapixels = (0.78, 1.02)

    def sample(self, rng, difficulty):
        lo, hi = CUPS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        step = STEP[difficulty]
        temps = [int(t) * step for t in rng.integers(10 // step, 90 // step + 1, size=n)]
        return {"temps": temps, "fill": float(rng.choice([0.55, 0.6, 0.65]))}

    def render(self, c, state, params):
        temps = state["temps"]
        n = len(temps)
        c.text(W / 2, 30, "Mixing in an insulated container", size=20, bold=True)
        span = min(W - 160, 190 * n)
        xs = [W / 2 - span / 2 + span * (k + 0.5) / n for k in range(n)]
        cw = min(110, span / n - 30)
        mix_top = 430
        for k, (x, t) in enumerate(zip(xs, temps)):
            c.text(x, 78, chr(65 + k), size=17, bold=True)
            box = cup(c, x, 100, cw, 150, state["fill"], id=f"cup:{k}")
            tag(c, x, 160, f"{t} °C", size=16)
            c.text(x, box[3] + 20, "equal amount", size=14, color="muted")
            c.arrow(x, box[3] + 36, W / 2 + (x - W / 2) * 0.15, mix_top - 8, color="ink", lw=2.0, head=10)
        rounded_rect(c, W / 2 - 170, mix_top, 340, 150, radius=12, fill="panel", stroke="ink", lw=3.0)
        rounded_rect(c, W / 2 - 156, mix_top + 14, 312, 122, radius=8, fill=None, stroke="muted", lw=1.5)
        c.text(W / 2, mix_top + 36, "insulated mixer", size=16, bold=True)
        c.rect(W / 2 - 140, mix_top + 72, 280, 52, fill=tint(c, "cyan", 0.45), id="mixer")
        tag(c, W / 2, mix_top + 98, "? °C", size=16)


SCENE = ThermalMixing()
task = SCENE.task


@task("final_temperature_value", answer="integer", annotation="bbox_set", ops="aggregation,formula_evaluation")
def final_temperature_value(q):
    target = q.target(range(20, 71, 5), stratified=True)
    step = STEP[q.difficulty]

    def plant(st, r):
        n = len(st["temps"])
        for _ in range(200):
            temps = [int(t) * step for t in r.integers(10 // step, 90 // step + 1, size=n - 1)]
            last = target * n - sum(temps)
            if 5 <= last <= 95 and last % step == 0 and target not in temps + [last]:
                st["temps"] = temps + [last]
                break
        return st

    s = q.edit(plant)
    temps = s["temps"]
    q.require(sum(temps) % len(temps) == 0, "mean is not a whole degree")
    mean = sum(temps) // len(temps)
    q.require(mean == target, "missed the target")
    q.require(mean not in temps, "the answer is printed on a cup")
    q.require(len(set(temps)) > 1, "all cups at one temperature")
    q.step("heat_balance", temps=temps, result=mean)
    return q.answer(mean, witnesses=[f"cup:{k}" for k in range(len(temps))], examples=[45, 30],
                    question=("Each cup holds the same amount of the same liquid at the temperature shown. All of them "
                              "are poured into the insulated mixer, and no heat is lost. What is the final equilibrium "
                              "temperature of the mixture, in °C?"))
