"""physics/magnetic_force: a charged particle moving in a uniform magnetic field and eight arrow options.

The Lorentz force is F = q v x B.  Levels 1-2: the field is perpendicular to the page (dots = out of
the page, crosses = into the page) and the velocity is an arrow in the page; level 3 adds the
other arrangement, a field drawn as in-page field lines with the velocity perpendicular to the page
(a dot or cross beside the particle).  The force always lies in the page.
"""

from __future__ import annotations

import math

from tracegen.core.options import multiple_choice
from tracegen.core.task import Scene
from tracegen.kits.fields import IN, OUT, direction_cards, perp_symbol, symbol_legend

DIRS = {1: (0, 90, 180, 270), 2: (0, 45, 90, 135, 180, 225, 270, 315), 3: (0, 45, 90, 135, 180, 225, 270, 315)}
MODES = {1: ("perp_B",), 2: ("perp_B",), 3: ("perp_B", "perp_v")}
CHARGES = {1: (1,), 2: (1, -1), 3: (1, -1)}
W, H = 960, 620
FX0, FY0, FX1, FY1 = 30, 64, 610, 594


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _vec(angle: int):
    return (round(math.cos(math.radians(angle)), 12), round(math.sin(math.radians(angle)), 12), 0.0)


def force_angle(state) -> int:
    """Direction of q v x B in the page, degrees (0 = right, 90 = up the page)."""
    if state["mode"] == "perp_B":
        v, b = _vec(state["v_angle"]), (0.0, 0.0, 1.0 if state["field"] == OUT else -1.0)
    else:
        v, b = (0.0, 0.0, 1.0 if state["v_perp"] == OUT else -1.0), _vec(state["b_angle"])
    f = _cross(v, b)
    f = (state["charge"] * f[0], state["charge"] * f[1])
    return round(math.degrees(math.atan2(f[1], f[0]))) % 360


class MagneticForce(Scene):
    domain, scene_id, size = "physics", "magnetic_force", (W, H)
    description = "A charged particle moving in a uniform magnetic field, with eight labelled force-direction arrows."
    megapixels = (0.78, 1.02)

    def sample(self, rng, difficulty):
        return {"mode": str(rng.choice(MODES[difficulty])), "field": str(rng.choice([IN, OUT])),
                "v_angle": int(rng.choice(DIRS[difficulty])), "v_perp": str(rng.choice([IN, OUT])),
                "b_angle": int(rng.choice((0, 90, 180, 270))), "charge": int(rng.choice(CHARGES[difficulty])),
                "particle": [int(rng.integers(220, 421)), int(rng.integers(250, 411))],
                "variety": len(DIRS[difficulty]) + len(MODES[difficulty])}

    def variant(self, state):
        return state["mode"]

    def render(self, c, state, params):
        c.rect(FX0, FY0, FX1 - FX0, FY1 - FY0, fill="paper", stroke="ink", lw=1.8, id="field")
        px, py = state["particle"]
        if state["mode"] == "perp_B":
            symbol_legend(c, FX0 + 4, 32, what="B")
            c.text(FX1 - 8, 32, "uniform field B", size=15, bold=True, anchor="r")
            a = math.radians(state["v_angle"])
            tip = (px + 110 * math.cos(a), py - 110 * math.sin(a))
            for i in range(8):
                for j in range(7):
                    sx, sy = FX0 + 40 + i * 71, FY0 + 40 + j * 75
                    if math.hypot(sx - px, sy - py) < 46 or _near_segment((sx, sy), (px, py), tip, 26):
                        continue
                    perp_symbol(c, sx, sy, 10, state["field"], color="muted", lw=1.4)
            c.arrow(px + 28 * math.cos(a), py - 28 * math.sin(a), *tip, color="ink", lw=3.5, head=15)
            c.text(tip[0] + 20 * math.cos(a) , tip[1] - 20 * math.sin(a), "v", size=18, bold=True)
        else:
            symbol_legend(c, FX0 + 4, 32, what="v")
            a = math.radians(state["b_angle"])
            dx, dy = math.cos(a), -math.sin(a)
            nx, ny = -dy, dx
            for k in range(-3, 4):
                ox, oy = (FX0 + FX1) / 2 + nx * k * 76, (FY0 + FY1) / 2 + ny * k * 72
                if abs(k * 74) < 40:
                    continue
                half = 250
                c.arrow(ox - dx * half, oy - dy * half, ox + dx * half, oy + dy * half, color="muted", lw=1.8, head=12)
            c.text(FX0 + 30, FY0 + 24, "B", size=18, bold=True)
            perp_symbol(c, px + 52, py - 40, 13, state["v_perp"], lw=2.2)
            c.text(px + 78, py - 40, "v", size=18, bold=True)
        sign = "+" if state["charge"] > 0 else "−"
        c.circle(px, py, 24, fill="panel", stroke="ink", lw=2.5, id="particle")
        c.text(px, py, f"{sign}q", size=16, bold=True)
        c.text(785, 40, "Force direction", size=16, bold=True)
        direction_cards(c, 680, 64, params.get("options") or [], cols=2, w=100, h=118, gap=15)


def _near_segment(p, a, b, d) -> bool:
    ax, ay = a
    bx, by = b
    t = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
    return math.hypot(p[0] - ax - t * (bx - ax), p[1] - ay - t * (by - ay)) < d


SCENE = MagneticForce()
task = SCENE.task


@task("force_direction_choice", answer="option_letter", annotation="bbox_map", ops="formula_evaluation")
def force_direction_choice(q):
    s = q.state
    right = force_angle(s)
    letter, opts = multiple_choice(q, right, lambda r: [(right + 45 * k) % 360 for k in r.permutation(range(1, 8))],
                                   k=8, where="image", stratified=True)
    q.step("lorentz_force", mode=s["mode"], charge=s["charge"], force_angle=right, result=letter)
    return q.answer(letter, witnesses={"field": "field", "particle": "particle", "option": f"option:{letter}"},
                    examples=["B", "F"],
                    question=("A charged particle (its sign is printed on it) moves through the uniform magnetic field "
                              "shown; a circle with a dot points out of the page and a circle with a cross into the "
                              "page. Using F = q v × B, which labelled arrow gives the direction of the magnetic force "
                              "on the particle?"))
