"""physics/electromagnetic_induction: mini-panels of a conducting loop in a magnetic field perpendicular to the page.

Each panel shows the field (dots = out of the page, crosses = into the page) and one situation: the
field is constant, increasing or decreasing in strength, or the loop moves (inside a uniform field,
or across the field's edge, entering or leaving it).  Faraday: a current flows only while the flux
through the loop changes; Lenz: it flows so that its own field opposes the change.  Seen from the
reader, with a field out of the page an increasing flux drives a clockwise current and a decreasing
one a counterclockwise current; into the page the two swap.  Difficulty grows the number of panels.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.fields import IN, OUT, perp_symbol, symbol_legend

N_PANELS = {1: 4, 2: 6, 3: 9}
CASES = ("constant", "increasing", "decreasing", "slide", "enter", "leave")
CAPTIONS = {"constant": "B constant", "increasing": "B increasing", "decreasing": "B decreasing",
            "slide": "loop moving", "enter": "loop moving", "leave": "loop moving"}
W, H = 980, 680
CLASSES = {"clockwise_induced_current_count": "clockwise",
           "counterclockwise_induced_current_count": "counterclockwise",
           "no_induced_current_count": "none"}


def current(panel: dict) -> str:
    """Induced current seen from the reader: "clockwise", "counterclockwise" or "none"."""
    change = {"constant": 0, "slide": 0, "increasing": 1, "enter": 1, "decreasing": -1, "leave": -1}[panel["case"]]
    if change == 0:
        return "none"
    out = panel["field"] == OUT
    return "clockwise" if (change > 0) == out else "counterclockwise"


def _panel(rng, case: str) -> dict:
    return {"field": str(rng.choice([IN, OUT])), "case": case, "dir": str(rng.choice(["left", "right"]))}


def _grid(n: int):
    return {4: (2, 2), 6: (3, 2), 9: (3, 3)}[n]


class ElectromagneticInduction(Scene):
    domain, scene_id, size = "physics", "electromagnetic_induction", (W, H)
    description = "Mini-panels of a conducting loop in a perpendicular magnetic field that changes or that the loop moves through."
    megapixels = (0.85, 1.12)

    def sample(self, rng, difficulty):
        return {"panels": [_panel(rng, str(rng.choice(CASES))) for _ in range(N_PANELS[difficulty])]}

    def render(self, c, state, params):
        n = len(state["panels"])
        cols, rows = _grid(n)
        symbol_legend(c, 40, 28, what="B")
        gap = 18
        top = 52
        pw = (W - 80 - gap * (cols - 1)) / cols
        ph = (H - top - 20 - gap * (rows - 1)) / rows
        for k, pn in enumerate(state["panels"]):
            r, j = divmod(k, cols)
            x, y = 40 + j * (pw + gap), top + r * (ph + gap)
            c.rect(x, y, pw, ph, fill="paper", stroke="ink", lw=1.6, id=f"panel:{k}")
            self._scene(c, pn, x, y, pw, ph)

    def _scene(self, c, pn, x, y, pw, ph):
        ix0, iy0, ix1, iy1 = x + 14, y + 12, x + pw - 14, y + ph - 34
        case, right = pn["case"], pn["dir"] == "right"
        midx = (ix0 + ix1) / 2
        if case in ("enter", "leave"):
            field_left = (case == "leave") == right          # leaving rightward: field on the left
            fx0, fx1 = (ix0, midx) if field_left else (midx, ix1)
            c.rect(fx0, iy0, fx1 - fx0, iy1 - iy0, fill=None, stroke="muted", lw=1.2, dash=[5, 4])
        else:
            fx0, fx1 = ix0, ix1
        lw_, lh = min(110, pw * 0.36), min(64, (iy1 - iy0) * 0.42)
        cy = (iy0 + iy1) / 2
        if case in ("enter", "leave"):
            lx = midx - lw_ / 2
        else:
            lx = midx - lw_ / 2 - (20 if case == "slide" else 0) * (1 if right else -1)
        moving = case in ("slide", "enter", "leave")
        ax, ay = lx + lw_ / 2, cy - lh / 2 - 16
        cols = max(2, round((fx1 - fx0) / 52))
        rows = max(2, round((iy1 - iy0) / 46))
        r = 8 if ph > 170 else 6.5
        for a in range(cols):
            for b in range(rows):
                sx, sy = fx0 + (a + 0.5) * (fx1 - fx0) / cols, iy0 + (b + 0.5) * (iy1 - iy0) / rows
                if moving and abs(sx - ax) < 36 + r and abs(sy - ay) < 8 + r:
                    continue                                   # keep the motion arrow clear
                perp_symbol(c, sx, sy, r, pn["field"], color="muted", lw=1.3)
        c.rect(lx, cy - lh / 2, lw_, lh, fill=None, stroke="brown", lw=4.0)
        if moving:
            c.arrow(ax - (28 if right else -28), ay, ax + (28 if right else -28), ay, color="ink", lw=3.0, head=11)
        c.text(x + pw / 2, y + ph - 17, CAPTIONS[case], size=14, bold=case in ("increasing", "decreasing"))


SCENE = ElectromagneticInduction()
task = SCENE.task


@task("induced_current_direction_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,formula_evaluation", queries=tuple(CLASSES))
def induced_current_direction_count(q):
    want = CLASSES[q.query_id]
    n = N_PANELS[q.difficulty]
    target = q.target(range(0, n + 1), stratified=True)

    def plant(st, r):
        panels = []
        hits = set(int(i) for i in r.choice(n, size=target, replace=False))
        for k in range(n):
            for _ in range(50):
                pn = _panel(r, str(r.choice(CASES if want != "none" or k not in hits else ["constant", "slide"])))
                if (current(pn) == want) == (k in hits):
                    break
            panels.append(pn)
        st["panels"] = panels
        return st

    s = q.edit(plant)
    ids = [f"panel:{k}" for k, pn in enumerate(s["panels"]) if current(pn) == want]
    q.require(len(ids) == target, "missed the target")
    q.step("lenz", currents=[current(pn) for pn in s["panels"]], target=want, result=len(ids))
    what = {"clockwise": "a clockwise induced current (as seen in the picture)",
            "counterclockwise": "a counterclockwise induced current (as seen in the picture)",
            "none": "no induced current"}[want]
    return q.answer(len(ids), witnesses=ids, examples=[2, 3],
                    question=(f"Each panel shows a conducting loop in a magnetic field perpendicular to the page "
                              f"(circles with a dot: out of the page; circles with a cross: into the page; a thin outline "
                              f"marks the edge of a field that does not fill the panel). The caption says whether the "
                              f"field strength changes or the loop moves (arrow). How many panels show a loop with "
                              f"{what}?"))
