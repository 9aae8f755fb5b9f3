"""pages/cycle: a directed cycle diagram -- labelled stage boxes around a ring, each joined to the
next by an arrow, running clockwise or counter-clockwise -- on a page with context notes.

The task counts a number of steps after or before a named stage along the arrows (wrapping around
the ring) and names the stage reached.  Difficulty grows the ring (5-6, 8-11, 12-14 stages) and
the steps (1-3, 2-9, 4 to n+3, past a full turn).
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect
from tracegen.kits.graphs import node_labels
from tracegen.kits.names import coined_names
from tracegen.kits.panels import wrap

N_STAGES = {1: (5, 6), 2: (8, 11), 3: (12, 14)}
TITLES = ("Process Ring", "Review Cycle", "Operating Loop", "Release Cycle", "Care Cycle", "Supply Loop")
NOTES = ("The regional events note was prepared for the current cycle; the summary uses reference labels for "
         "context only.", "This panel contains context-only text blocks. The source table was checked before the "
         "visual summary.", "Stage names follow the team's working glossary; no stage is skipped.")
W, H = 1200, 940
CX, CY, RX, RY = 685, 500, 330, 300


def make_cycle(rng, difficulty) -> dict:
    n = int(rng.integers(N_STAGES[difficulty][0], N_STAGES[difficulty][1] + 1))
    labels = node_labels(rng, n, "names") if rng.random() < 0.5 else coined_names(rng, n, max_len=6)
    title, subtitle = pagekit.page_title(rng)
    return {"stages": labels, "clockwise": bool(rng.random() < 0.5), "start": float(rng.choice([-90.0, -60.0, 0.0])),
            "title": title, "subtitle": subtitle, "ring": TITLES[int(rng.integers(len(TITLES)))],
            "note": NOTES[int(rng.integers(len(NOTES)))]}


def positions(state) -> list[tuple]:
    n = len(state["stages"])
    sign = 1 if state["clockwise"] else -1
    return [(CX + RX * math.cos(math.radians(state["start"] + sign * 360.0 * i / n)),
             CY + RY * math.sin(math.radians(state["start"] + sign * 360.0 * i / n))) for i in range(n)]


def _edge(p, q, hw, hh):
    """The point where the segment from box centre p towards q leaves a box of half-size (hw, hh)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    t = min(hw / abs(dx) if dx else math.inf, hh / abs(dy) if dy else math.inf)
    return p[0] + dx * t, p[1] + dy * t


class Cycle(Scene):
    domain, scene_id, size = "pages", "cycle", (W, H)
    megapixels = (1.7, 2.4)
    description = ("A directed cycle diagram: labelled stage boxes around a ring, each joined to the next by an arrow, "
                   "clockwise or counter-clockwise.")

    def sample(self, rng, difficulty):
        return make_cycle(rng, difficulty)

    def render(self, c, state, params):
        top = pagekit.sheet(c, W, H, state["title"], state["subtitle"])
        rounded_rect(c, 200, top + 6, W - 230, H - top - 40, radius=16, fill="paper", stroke="grid", lw=1.4)
        c.text(CX, top + 36, state["ring"], size=24)
        note_box = (36, H - 300, 186, H - 44)
        rounded_rect(c, note_box[0], note_box[1], 150, note_box[3] - note_box[1], radius=8, fill="panel",
                     stroke="grid", lw=1.0)
        c.text(note_box[0] + 12, note_box[1] + 20, "Context note", size=14, anchor="l", bold=True,
               color=c.text_on("panel"))
        y = note_box[1] + 46
        for line in wrap(c, state["note"], 126, size=12):
            if y > note_box[3] - 12:
                break
            c.text(note_box[0] + 12, y, line, size=12, anchor="l", color=c.text_on("panel"))
            y += 17
        pos = positions(state)
        n = len(pos)
        hw = max(c.text_width(s, size=18) for s in state["stages"]) / 2 + 18
        hh = 22.0
        for i in range(n):
            p, q = pos[i], pos[(i + 1) % n]
            a, b = _edge(p, q, hw + 4, hh + 4), _edge(q, p, hw + 6, hh + 6)
            c.arrow(a[0], a[1], b[0], b[1], color="ink", lw=2.2, head=12)
        for i, (label, (x, y)) in enumerate(zip(state["stages"], pos)):
            fill = blend(c.style.series(0), c.color("paper"), 0.1)
            rounded_rect(c, x - hw, y - hh, 2 * hw, 2 * hh, radius=16, fill=fill, stroke=c.style.series(5), lw=2.0,
                         id=f"stage:{i}")
            c.text(x, y, label, size=18, color="ink")


SCENE = Cycle()
task = SCENE.task
INTRO = "The figure shows a directed cycle of labelled stages connected by arrows."


# ---------------------------------------------------------------------- tasks
@task("offset_stage_label", answer="string", annotation="bbox", ops="ranking,topology",
      queries=("after_stage_offset_label", "before_stage_offset_label"))
def offset_stage_label(q):
    s = q.state
    n = len(s["stages"])
    lo, hi = {1: (1, 3), 2: (2, min(9, n - 1)), 3: (4, n + 3)}[q.difficulty]
    k = q.param("steps", lambda r: int(r.integers(lo, hi + 1)))
    src = q.param("start_stage", lambda r: int(r.integers(n)))
    after = q.query_id.startswith("after")
    dst = (src + k) % n if after else (src - k) % n
    q.step("walk", start=s["stages"][src], steps=k, direction="after" if after else "before", reached=s["stages"][dst])
    return q.answer(s["stages"][dst], witnesses=f"stage:{dst}", examples=list(s["stages"]),
                    question=f'{INTRO} Follow the arrows and count {k} step{"s" if k > 1 else ""} '
                             f'{"after" if after else "before"} "{s["stages"][src]}". Which stage do you reach?')
