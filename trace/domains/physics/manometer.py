"""physics/manometer: an open U-tube manometer joining pressure points A and B, its liquid at two
levels, with the liquid's rho*g printed as a conversion (kPa per cm of height).  The pressure
difference is the height difference times rho*g (hydrostatics: dp = rho g h).

Difficulty: (1) small heights, the height difference marked and printed; (2) the original's
heights and conversions, marked and printed; (3) taller differences to be read off a centimetre
scale between the arms (no printed height).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.apparatus import linear_scale

W, H = 840, 540
XL, XR, AW = 270.0, 520.0, 52.0      # the arms' left edges and inner width
ZERO = 448.0                         # canvas y of the scale's 0 cm
# difficulty -> (height range, rho g values, px per cm, printed height)
LEVELS = {1: ((2, 10), (2, 3), 12.0, True), 2: ((2, 15), (2, 3, 4, 5), 12.0, True),
          3: ((10, 30), (2, 3, 4, 5), 9.0, False)}


class Manometer(Scene):
    domain, scene_id, size = "physics", "manometer", (W, H)
    description = "A U-tube manometer between pressure points A and B with a rho*g conversion label."
    megapixels = (0.72, 0.92)
    aspect_pad = 0.1
    allow_noise = False          # fine scale ticks

    def sample(self, rng, difficulty):
        (lo, hi), ks, ppc, printed = LEVELS[difficulty]
        for _ in range(50):
            h = int(rng.integers(lo, hi + 1))
            k = int(ks[int(rng.integers(len(ks)))])
            if h * k <= (60 if difficulty < 3 else 150):
                break
        top_cm = int((ZERO - 150) // ppc)             # highest level that stays in the arms
        low = int(rng.integers(2 if difficulty == 3 else 6, top_cm - h + 1))
        a, b = (low, low + h) if rng.random() < 0.5 else (low + h, low)
        return {"a_cm": a, "b_cm": b, "ppc": ppc, "rho_g": k, "printed": printed,
                "levels_y": [ZERO - a * ppc, ZERO - b * ppc]}

    def render(self, c, state, params):
        ya, yb = state["levels_y"]
        top, bottom = 128.0, ZERO + 40
        # liquid: both arms up to their levels and the bend below
        c.rect(XL, ya, AW, bottom - ya, fill="green")
        c.rect(XR, yb, AW, bottom - yb, fill="green")
        c.rect(XL, ZERO + 4, XR + AW - XL, bottom - ZERO - 4, fill="green")
        # the glass: outer and inner walls
        c.polyline([(XL, top), (XL, bottom), (XR + AW, bottom), (XR + AW, top)], color="ink", lw=2.6)
        c.polyline([(XL + AW, top), (XL + AW, ZERO + 4), (XR, ZERO + 4), (XR, top)], color="ink", lw=2.6)
        for x, y, name in ((XL, ya, "A"), (XR, yb, "B")):
            c.line(x, y, x + AW, y, color="ink", lw=2.0)
            c.register(f"level_{name}", box=(x, y - 5, x + AW, y + 5))
            c.line(x + AW / 2, top, x + AW / 2, top - 30, color="ink", lw=2.0)
            c.rect(x + AW / 2 - 44, top - 78, 88, 48, fill="panel", stroke="ink", lw=1.8, id=f"point_{name}")
            c.text(x + AW / 2, top - 54, name, size=22, bold=True)
        # the two levels carried to the middle
        mx = (XL + AW + XR) / 2
        c.line(XL + AW, ya, mx + 30, ya, color="muted", lw=1.3, dash=[6, 4])
        c.line(mx - 30, yb, XR, yb, color="muted", lw=1.3, dash=[6, 4])
        if state["printed"]:
            hi, lo = min(ya, yb), max(ya, yb)
            c.arrow(mx, (hi + lo) / 2, mx, hi, color="ink", lw=1.8, head=9)
            c.arrow(mx, (hi + lo) / 2, mx, lo, color="ink", lw=1.8, head=9)
            c.text(mx + 12, (hi + lo) / 2, f"h = {abs(state['a_cm'] - state['b_cm'])} cm", size=16, anchor="l")
        else:
            n = int((ZERO - top - 10) // state["ppc"])
            n -= n % 5
            linear_scale(c, (mx, ZERO), (mx, ZERO - n * state["ppc"]), 0, 1, n, major=5, label=5, side=-1,
                         minor_len=7.0, major_len=13.0, label_gap=6.0, size=13, lw=1.1)
            c.text(mx + 14, ZERO - n * state["ppc"] - 12, "cm", size=13, anchor="l")
        c.rect(W / 2 - 120, H - 44, 240, 34, fill="panel", stroke="ink", lw=1.5, id="conversion")
        c.text(W / 2, H - 27, f"ρg = {state['rho_g']} kPa/cm", size=16)


SCENE = Manometer()
task = SCENE.task


@task("pressure_difference_value", answer="integer", annotation="bbox_map", ops="formula_evaluation")
def pressure_difference_value(q):
    s = q.state
    h = abs(s["a_cm"] - s["b_cm"])
    if not s["printed"]:
        q.reads(h, s["a_cm"], s["b_cm"])
    value = h * s["rho_g"]
    q.require(value not in (h, s["rho_g"]), "answer equals a printed number")
    q.step("hydrostatic", height_cm=h, kpa_per_cm=s["rho_g"], dp=value)
    how = ("the marked height difference h" if s["printed"] else
           "the height difference of the two liquid levels on the centimetre scale")
    return q.answer(value, witnesses={"level_A": "level_A", "level_B": "level_B"}, examples=[18, 30],
                    question=f"The picture shows a U-tube manometer joining pressure points A and B, with the "
                             f"liquid's ρg printed as kPa per cm of height. Using {how}, what is the absolute "
                             f"pressure difference between A and B in kPa?")
