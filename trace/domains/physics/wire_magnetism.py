"""physics/wire_magnetism: a straight wire perpendicular to the page, a point P near it and arrow options.

The current comes out of the page (a dot in the circle) or goes into it (a cross).  By the right-hand
rule the field circles the wire counterclockwise (as seen) for a current out of the page and clockwise
for a current into it, so at P it is tangent to the circle through P: B ~ I_hat x r_hat.
Difficulty allows diagonal positions of P (level 3).
"""

from __future__ import annotations

import math

from tracegen.core.options import multiple_choice
from tracegen.core.task import Scene
from tracegen.kits.fields import IN, OUT, direction_cards, perp_symbol, symbol_legend

ANGLES = {1: (90, 270), 2: (0, 90, 180, 270), 3: (0, 45, 90, 135, 180, 225, 270, 315)}
W, H = 900, 580
CX, CY = 310, 320


def field_angle(current: str, p_angle: int) -> int:
    """Direction of B at P (degrees, 0 = right, 90 = up the page)."""
    return (p_angle + (90 if current == OUT else -90)) % 360


class WireMagnetism(Scene):
    domain, scene_id, size = "physics", "wire_magnetism", (W, H)
    description = "A current-carrying wire perpendicular to the page, a point P near it and four labelled arrow options."
    megapixels = (0.62, 0.86)

    def sample(self, rng, difficulty):
        return {"current": str(rng.choice([OUT, IN])), "p_angle": int(rng.choice(ANGLES[difficulty])),
                "radius": int(rng.integers(110, 171)), "positions": len(ANGLES[difficulty])}

    def render(self, c, state, params):
        c.rect(30, 60, 560, 500, fill="paper", stroke="ink", lw=1.5)
        c.text(310, 84, "Long straight wire through the page", size=17, bold=True)
        symbol_legend(c, 44, 30, what="current")
        r = state["radius"]
        ring = [(CX + r * math.cos(2 * math.pi * i / 120), CY + r * math.sin(2 * math.pi * i / 120)) for i in range(121)]
        c.polyline(ring, color="muted", lw=1.2, dash=[4, 5])
        perp_symbol(c, CX, CY, 24, state["current"], lw=3.0, fill="panel", id="wire")
        c.text(CX + 40, CY - 30, "I", size=18, bold=True)
        a = math.radians(state["p_angle"])
        px, py = CX + r * math.cos(a), CY - r * math.sin(a)
        c.circle(px, py, 7, fill="ink", id="point:P")
        lx, ly = px + 22 * math.cos(a + 0.6), py - 22 * math.sin(a + 0.6)
        c.text(lx, ly, "P", size=18, bold=True)
        opts = params.get("options") or []
        c.text(745, 84, "Field direction at P", size=16, bold=True)
        direction_cards(c, 640, 110, opts, cols=2, w=100, h=84)


SCENE = WireMagnetism()
task = SCENE.task


@task("wire_field_direction_choice", answer="option_letter", annotation="bbox_map", ops="spatial_relations")
def wire_field_direction_choice(q):
    s = q.state
    right = field_angle(s["current"], s["p_angle"])
    p = s["p_angle"]
    letter, opts = multiple_choice(q, right, lambda r: [(right + 180) % 360, p % 360, (p + 180) % 360], k=4,
                                   where="image", stratified=True)
    q.step("right_hand_rule", current=s["current"], p_angle=p, field_angle=right, result=letter)
    return q.answer(letter, witnesses={"wire": "wire", "option": f"option:{letter}"}, examples=["A", "C"],
                    question=("A long straight wire carries a current perpendicular to the page (a dot in the circle: "
                              "current out of the page; a cross: current into the page). Using the right-hand rule, "
                              "which labelled arrow gives the direction of the wire's magnetic field at point P?"))
