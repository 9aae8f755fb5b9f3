"""physics/refraction_layers: stacked horizontal layers of transparent media M1, M2, ... crossed by one ray
that bends at each interface (the normals are drawn), and lettered cards listing the media from fastest
to slowest light speed.

Snell's law: n1 sin(t1) = n2 sin(t2) with n = c / v, so sin(t) / v is the same in every layer: the
larger the ray's angle from the normal, the faster light travels there.  Angles differ by at least
ANGLE_GAP degrees.  Difficulty grows the number of media (2, 3, 4).
"""

from __future__ import annotations

import math
from itertools import permutations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.cards import card_row

W, H = 900, 560
BOX = (40, 70, 560, 520)                 # the media block (x0, y0, x1, y1)
MEDIA = {1: 2, 2: 3, 3: 4}
ANGLE_GAP = {1: 16, 2: 10, 3: 8}
LETTERS = "ABCDEF"


def crossings(state):
    """Screen points where the ray enters the block, crosses each interface and leaves it."""
    x0, y0, x1, y1 = BOX
    k = len(state["angles"])
    h = (y1 - y0) / k
    pts = [(state["x0"], y0)]
    for a in state["angles"]:
        x, y = pts[-1]
        pts.append((x + state["dir"] * h * math.tan(math.radians(a)), y + h))
    return pts


def order_text(order) -> str:
    return " > ".join(f"M{i + 1}" for i in order)


class RefractionLayers(Scene):
    domain, scene_id, size = "physics", "refraction_layers", (W, H)
    description = "A ray bending through stacked media layers with normals, and fastest-to-slowest order cards."
    megapixels = (0.66, 0.86)

    def sample(self, rng, difficulty):
        k = MEDIA[difficulty]
        gap = ANGLE_GAP[difficulty]
        while True:
            angles = [int(a) for a in rng.integers(12, 62, size=k)]
            if all(abs(a - b) >= gap for i, a in enumerate(angles) for b in angles[i + 1:]):
                span = sum((BOX[3] - BOX[1]) / k * math.tan(math.radians(a)) for a in angles)
                if span < (BOX[2] - BOX[0]) - 60:
                    break
        d = int(rng.choice([-1, 1]))
        lo = BOX[0] + 30 if d > 0 else BOX[0] + 30 + span
        hi = BOX[2] - 30 - span if d > 0 else BOX[2] - 30
        x0 = round(float(rng.uniform(lo, hi)), 1)
        return {"angles": angles, "dir": d, "x0": x0, "options": []}

    def render(self, c, state, params):
        x0, y0, x1, y1 = BOX
        k = len(state["angles"])
        h = (y1 - y0) / k
        c.text((x0 + x1) / 2, 38, "Refraction through layered media", size=18, bold=True)
        for i in range(k):
            tint = blend(c.style.series(i), c.style.paper, 0.3)
            c.rect(x0, y0 + i * h, x1 - x0, h, fill=tint, stroke="ink", lw=1.2, id=f"medium:{i}")
            c.text(x0 + 30, y0 + i * h + h / 2, f"M{i + 1}", size=17, bold=True, color=c.text_on(tint))
        pts = crossings(state)
        for j, (x, y) in enumerate(pts[1:-1]):
            c.line(x, y - 55, x, y + 55, color="ink", lw=1.5, dash=[6.0, 5.0])
            c.register(f"bend:{j}", box=(x - 10, y - 10, x + 10, y + 10), point=(x, y))
        c.polyline(pts, color="ink", lw=4.0)
        for (xa, ya), (xb, yb) in zip(pts, pts[1:]):
            mx, my = (xa + xb) / 2, (ya + yb) / 2
            c.arrow(xa + (xb - xa) * 0.3, ya + (yb - ya) * 0.3, mx, my, color="ink", lw=4.0, head=14)
        for x, y in pts[1:-1]:
            c.circle(x, y, 4.5, fill="ink")
        opts = state["options"]
        c.text(740, 50, "Fastest to slowest", size=17, bold=True)
        card_row(c, 590, 74, 300, list(LETTERS[:len(opts)]), [order_text(o) for o in opts], cols=1,
                 h=max(48.0, min(64.0, (H - 100) / max(1, len(opts)) - 12)), gap=12, size=16)


SCENE = RefractionLayers()
task = SCENE.task


@task("medium_speed_order_label", answer="option_letter", annotation="bbox_set", ops="ranking,formula_evaluation")
def medium_speed_order_label(q):
    s = q.state
    k = len(s["angles"])
    n_opts = 2 if k == 2 else 6
    q.offer(n_opts, "image")
    letter = q.target(LETTERS[:n_opts])
    correct = sorted(range(k), key=lambda i: -s["angles"][i])        # fastest first: largest angle to the normal

    def plant(st, r):
        others = [list(p) for p in permutations(range(k)) if list(p) != correct]
        picks = [others[int(i)] for i in r.choice(len(others), size=n_opts - 1, replace=False)]
        j = LETTERS.index(letter)
        st["options"] = picks[:j] + [correct] + picks[j:]
        return st

    s = q.edit(plant)
    q.step("snell_speed_order", angles_from_normal=s["angles"], fastest_to_slowest=[f"M{i + 1}" for i in correct])
    ans = LETTERS[s["options"].index(correct)]
    last = LETTERS[n_opts - 1]
    return q.answer(ans, witnesses=[f"bend:{j}" for j in range(k - 1)],
                    question=("A ray crosses the stacked layers of transparent media M1, M2, ... and bends "
                              "at each boundary; the lines drawn across the boundaries where it bends are the normals. "
                              f"Which card A-{last} lists the media in order of how fast the ray travels in them, from "
                              "fastest to slowest?"))
