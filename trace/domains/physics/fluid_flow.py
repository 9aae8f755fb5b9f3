"""physics/fluid_flow: steady incompressible flow through a pipe that changes cross-section.

Station 1 and station 2 print their cross-section areas; one speed is printed and the other is '?'.
Continuity (the volume flow rate is the same at every section): A1 v1 = A2 v2.
Difficulty grows the ranges of areas and speeds.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.fluids import tag, tint

AREA = {1: (2, 12), 2: (2, 30), 3: (4, 60)}        # cm^2
SPEED = {1: (3, 10), 2: (3, 15), 3: (3, 36)}       # m/s, the unknown's support
KNOWN_MAX = {1: 20, 2: 40, 3: 80}
W, H = 900, 580
MID = 300


def _half(area: int, amax: int) -> float:
    return 22 + 95 * math.sqrt(area / amax)


class FluidFlow(Scene):
    domain, scene_id, size = "physics", "fluid_flow", (W, H)
    description = "A pipe narrowing or widening between two stations with printed areas and one printed speed."
    megapixels = (0.7, 0.95)

    def sample(self, rng, difficulty):
        lo, hi = AREA[difficulty]
        a1, a2 = (int(v) for v in rng.choice(range(lo, hi + 1), size=2, replace=False))
        v1 = int(rng.integers(2, 13))
        return {"areas": [a1, a2], "speeds": [v1, a1 * v1 / a2], "unknown": 1, "amax": hi,
                "flow": str(rng.choice(["right", "left"]))}

    def render(self, c, state, params):
        a1, a2 = state["areas"]
        h1, h2 = _half(a1, state["amax"]), _half(a2, state["amax"])
        x0, xa, xb, x1 = 70, 360, 540, 830
        liquid = tint(c, "blue", 0.4)
        top = [(x0, MID - h1), (xa, MID - h1), (xb, MID - h2), (x1, MID - h2)]
        bottom = [(x1, MID + h2), (xb, MID + h2), (xa, MID + h1), (x0, MID + h1)]
        c.polygon(top + bottom, fill=liquid)
        c.polyline(top, color="ink", lw=3.0)
        c.polyline(bottom, color="ink", lw=3.0)
        c.register("pipe", box=(x0, MID - max(h1, h2), x1, MID + max(h1, h2)))
        c.ellipse(x0, MID, 12, h1, fill=None, stroke="ink", lw=2.0)
        c.ellipse(x1, MID, 12, h2, fill=None, stroke="ink", lw=2.0)
        c.text(W / 2, 30, "Steady incompressible flow", size=20, bold=True)
        u = state["unknown"]
        for k, (x, h) in enumerate(((200, h1), (690, h2))):
            c.line(x, MID - h, x, MID + h, color="ink", lw=1.5)
            c.circle(x, MID - h - 26, 15, fill="paper", stroke="ink", lw=1.8, id=f"station:{k + 1}")
            c.text(x, MID - h - 26, str(k + 1), size=16, bold=True)
            area = state["areas"][k]
            speed = "?" if k == u else f"{state['speeds'][k]:g}"
            tag(c, x, MID + h + 36, f"A{k + 1} = {area} cm²", size=16)
            tag(c, x, MID + h + 76, f"v{k + 1} = {speed} m/s", size=16)
        ax, bx = (400, 500) if state["flow"] == "right" else (500, 400)
        c.arrow(ax, MID, bx, MID, color="ink", lw=4.0, head=16)
        c.text(450, MID - 24, "flow", size=15, bold=True)


SCENE = FluidFlow()
task = SCENE.task


@task("continuity_speed_value", answer="integer", annotation="bbox", ops="formula_evaluation")
def continuity_speed_value(q):
    lo, hi = SPEED[q.difficulty]
    target = q.target(range(lo, hi + 1), stratified=True)

    def plant(st, r):
        alo, ahi = AREA[q.difficulty]
        u = int(r.integers(2))
        for _ in range(200):
            au, ak = (int(v) for v in r.choice(range(alo, ahi + 1), size=2, replace=False))
            flow = au * target
            if flow % ak or not 1 <= flow // ak <= KNOWN_MAX[q.difficulty]:
                continue
            vk = flow // ak
            if target in (au, ak, vk, 1, 2):
                continue
            areas = [au, ak] if u == 0 else [ak, au]
            speeds = [target, vk] if u == 0 else [vk, target]
            st.update(areas=areas, speeds=speeds, unknown=u)
            break
        return st

    s = q.edit(plant)
    u, k = s["unknown"], 1 - s["unknown"]
    rate = s["areas"][k] * s["speeds"][k]
    q.require(rate % s["areas"][u] == 0, "the missing speed is not whole")
    speed = rate // s["areas"][u]
    q.require(speed == s["speeds"][u], "state speeds disagree")
    q.require(speed == target, "missed the target")
    q.require(isinstance(s["speeds"][k], int), "known speed not whole")
    q.require(speed not in (s["areas"][0], s["areas"][1], s["speeds"][k], 1, 2), "the answer is printed")
    q.step("continuity", known=f"A{k + 1} v{k + 1} = {rate}", result=speed)
    return q.answer(speed, witnesses="pipe", examples=[8, 15],
                    question=(f"Water flows steadily through the pipe shown. Using the continuity equation and the "
                              f"printed cross-section areas and speed, what is the flow speed v{u + 1} at station "
                              f"{u + 1}, in m/s?"))
