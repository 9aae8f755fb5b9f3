"""physics/hydraulic: three connected hydraulic chambers (input, reference, output) under pistons.

Every piston carries a downward force and has a printed area; the liquid transmits one pressure
(Pascal's law), so F / A is the same at every piston.  The reference piston is fully labelled and
one value at the input or output piston is '?'.  Difficulty grows the pressure and areas.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.fluids import down_arrow, tag, tint

PRESSURE = {1: (1, 2), 2: (1, 3), 3: (2, 9)}       # N/cm^2
IN_AREA = {1: (2, 6), 2: (2, 8), 3: (3, 12)}       # cm^2
OUT_AREA = {1: (8, 16), 2: (10, 18), 3: (14, 40)}
SLOTS = ("input", "reference", "output")
W, H = 920, 540
XS = {"input": 170, "reference": 460, "output": 750}
TOP, BOTTOM, PISTON = 150, 410, 200
QUERIES = {"missing_input_area": ("input", "area"), "missing_input_force": ("input", "force"),
           "missing_output_force": ("output", "force"), "missing_piston_area": ("output", "area")}


def _width(area: int) -> float:
    return 24 * math.sqrt(area) + 14


class Hydraulic(Scene):
    domain, scene_id, size = "physics", "hydraulic", (W, H)
    description = "Three connected hydraulic chambers with labelled piston forces and areas; one value is '?'."
    megapixels = (0.65, 0.85)

    def sample(self, rng, difficulty):
        p = int(rng.integers(PRESSURE[difficulty][0], PRESSURE[difficulty][1] + 1))
        areas = {"input": int(rng.integers(IN_AREA[difficulty][0], IN_AREA[difficulty][1] + 1)),
                 "output": int(rng.integers(OUT_AREA[difficulty][0], OUT_AREA[difficulty][1] + 1))}
        areas["reference"] = int(rng.integers(areas["input"] + 1, areas["output"]))
        return {"pressure": p, "areas": areas, "forces": {k: p * a for k, a in areas.items()},
                "unknown": ["input", "force"], "style": str(rng.choice(["tall", "wide"]))}

    def variant(self, state):
        return state["style"]

    def render(self, c, state, params):
        liquid = tint(c, "blue", 0.35)
        slot, what = state["unknown"]
        widths = {k: _width(a) for k, a in state["areas"].items()}
        pipe_y = BOTTOM - 50 if state["style"] == "tall" else BOTTOM - 70
        # the connecting pipe, then the chambers over it
        c.rect(XS["input"], pipe_y, XS["output"] - XS["input"], 36, fill=liquid, stroke="ink", lw=2.5)
        for k in SLOTS:
            x, w = XS[k], widths[k]
            c.rect(x - w / 2, TOP, w, BOTTOM - TOP, fill="panel", stroke="ink", lw=2.5, id=f"chamber:{k}")
            c.rect(x - w / 2 + 2, PISTON + 16, w - 4, BOTTOM - PISTON - 18, fill=liquid)
            c.rect(x - w / 2 + 3, PISTON, w - 6, 16, fill="gray", stroke="ink", lw=1.8, id=f"piston:{k}")
        c.rect(XS["input"] + 2, pipe_y + 2, XS["output"] - XS["input"] - 4, 32, fill=liquid)
        for k in SLOTS:
            x, w = XS[k], widths[k]
            c.text(x, 40, k, size=17, bold=True)
            down_arrow(c, x, 72, PISTON - 4)
            f = "?" if (k, "force") == (slot, what) else str(state["forces"][k])
            a = "?" if (k, "area") == (slot, what) else str(state["areas"][k])
            tag(c, x + 62, 100, f"F = {f} N", size=16, id=f"force:{k}")
            tag(c, x, BOTTOM + 40, f"A = {a} cm²", size=16, id=f"area:{k}")
        c.text(W / 2, H - 26, "All three chambers are connected and filled with the same liquid.", size=14,
               color="muted")


SCENE = Hydraulic()
task = SCENE.task


@task("hydraulic_missing_value", answer="integer", annotation="bbox_map", ops="formula_evaluation",
      queries=tuple(QUERIES))
def hydraulic_missing_value(q):
    slot, what = QUERIES[q.query_id]
    s = q.edit(lambda st, r: {**st, "unknown": [slot, what]})
    p = s["pressure"]
    for k in SLOTS:
        q.require(s["forces"][k] == p * s["areas"][k], "pressures differ")
    q.require(s["areas"]["input"] < s["areas"]["reference"] < s["areas"]["output"], "areas not ordered")
    value = s["forces"][slot] if what == "force" else s["areas"][slot]
    shown = [s[kind][k] for kind in ("forces", "areas") for k in SLOTS if (k, kind[:-1]) != (slot, what)]
    q.require(value not in shown, "the answer is printed elsewhere")
    q.step("pascal", pressure=f"{s['forces']['reference']}/{s['areas']['reference']}", slot=slot, quantity=what,
           result=value)
    piston = "input" if slot == "input" else "output"
    if what == "force":
        question = (f"The pistons are at rest on one connected body of liquid. Using Pascal's law and the "
                    f"labelled forces and areas, what downward force (in N) acts on the {piston} piston, "
                    f"marked '?'?")
        examples = [8, 30]
    else:
        question = (f"The pistons are at rest on one connected body of liquid. Using Pascal's law and the "
                    f"labelled forces and areas, what is the area (in cm²) of the {piston} piston, marked '?'?")
        examples = [6, 25]
    return q.answer(value, witnesses={"reference": "chamber:reference", "unknown": f"chamber:{slot}"},
                    question=question, examples=examples)
