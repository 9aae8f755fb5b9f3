"""physics/graduated_cylinder: graduated cylinders of liquid with a millilitre scale beside each
wall: one cylinder to read, or a Before / After pair where a stone sunk in the second raises the
level (displacement).

The flat bottom of each meniscus lies exactly on a tick.  Difficulty: every tick numbered (10 mL);
the original's 5 mL ticks numbered every 10 mL; 1 or 2 mL ticks numbered every 10 mL.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.apparatus import linear_scale

W, H = 780, 540
Y0, Y1 = 452.0, 132.0            # the scale's zero and full-capacity heights
# (capacity, minor tick in mL, label every k ticks)
SCALES = {1: ((50, 10, 1), (100, 10, 1)),
          2: ((50, 5, 2), (100, 5, 2), (120, 5, 2)),
          3: ((50, 1, 10), (100, 2, 5))}
CW = 104.0                       # cylinder width


def level_y(state, value) -> float:
    return Y0 + (Y1 - Y0) * value / state["capacity"]


class GraduatedCylinder(Scene):
    domain, scene_id, size = "physics", "graduated_cylinder", (W, H)
    description = "Graduated cylinders with mL scales; a Before / After pair shows a stone displacing liquid."
    megapixels = (0.66, 0.86)
    aspect_pad = 0.1
    allow_noise = False          # fine scale ticks

    def sample(self, rng, difficulty):
        opts = SCALES[difficulty]
        cap, minor, label = opts[int(rng.integers(len(opts)))]
        n = cap // minor
        lo = max(1, 10 // minor)
        k_before = int(rng.integers(lo, n))
        return self.place({"capacity": cap, "minor": minor, "label": label, "panels": 1,
                           "before": k_before * minor, "after": None})

    @staticmethod
    def place(state):
        """Record the drawn liquid heights (canvas y) of the state's volumes."""
        state["levels_y"] = [round(level_y(state, v), 4) for v in (state["before"], state["after"]) if v is not None]
        return state

    def render(self, c, state, params):
        if state["panels"] == 1:
            self._cylinder(c, W / 2 - CW / 2 + 30, state, state["before"], "", "meniscus", stone=False, left=True)
            return
        self._cylinder(c, 200.0, state, state["before"], "Before", "before_meniscus", stone=False, left=True)
        self._cylinder(c, W - 200.0 - CW, state, state["after"], "After", "after_meniscus", stone=True, left=False)

    @staticmethod
    def _cylinder(c, x, state, value, title, eid, *, stone, left):
        top, bottom = Y1 - 28, Y0 + 12
        if title:
            c.text(x + CW / 2, top - 34, title, size=18, bold=True)
        c.rect(x, top, CW, bottom - top, fill="paper", stroke=None)
        y = level_y(state, value)
        c.rect(x, y, CW, bottom - y, fill="blue")
        # the meniscus: the surface curls up at the walls, its flat bottom on the level
        pts = [(x, y - 7), (x + 8, y - 2.5), (x + 18, y), (x + CW - 18, y), (x + CW - 8, y - 2.5), (x + CW, y - 7)]
        c.polygon(pts + [(x + CW, y), (x, y)], fill="blue")
        c.polyline(pts, color="ink", lw=1.4)
        c.register(eid, box=(x, y - 8, x + CW, y + 3))
        if stone:
            sy = (y + bottom) / 2 + 8
            c.ellipse(x + CW / 2, min(sy, bottom - 26), 24, 17, fill="brown", stroke="ink", lw=1.5)
        c.line(x, top, x, bottom, color="ink", lw=2.4)
        c.line(x + CW, top, x + CW, bottom, color="ink", lw=2.4)
        c.line(x - 16, bottom, x + CW + 16, bottom, color="ink", lw=3.0)
        c.ellipse(x + CW / 2, top, CW / 2, 7, stroke="ink", lw=1.8)
        side = -1 if left else 1                # ticks stick out of the left wall (left) or the right
        wall = x - 4 if left else x + CW + 4
        n = state["capacity"] // state["minor"]
        linear_scale(c, (wall, Y0), (wall, Y1), 0, state["minor"], n, major=state["label"], label=state["label"],
                     side=side, minor_len=9.0, major_len=16.0, label_gap=6.0, size=14, lw=1.2, baseline=False)
        c.text(wall + side * 34, bottom + 22, "mL", size=15, bold=True)


SCENE = GraduatedCylinder()
task = SCENE.task


@task("volume_readout_value", answer="integer", annotation="bbox", ops="direct_retrieval")
def volume_readout_value(q):
    s = q.edit(lambda st, r: SCENE.place({**st, "panels": 1, "after": None}))
    value = q.reads(int(s["before"]))
    q.step("read_meniscus", value=value, minor=s["minor"])
    return q.answer(value, witnesses="meniscus", examples=[35, 80],
                    question="The picture shows a graduated cylinder of liquid with a millilitre scale beside it. "
                             "Reading at the flat bottom of the meniscus, what volume of liquid does it hold, in mL?")


@task("displacement_volume_value", answer="integer", annotation="bbox_map", ops="formula_evaluation")
def displacement_volume_value(q):
    def fn(st, r):
        minor, cap = st["minor"], st["capacity"]
        hi = min(40, cap - 15) // minor                    # the largest rise, in ticks
        rise = int(r.integers(1, hi + 1)) * minor
        lo = max(1, 10 // minor)
        k = int(r.integers(lo, (cap - rise) // minor))
        return SCENE.place({**st, "panels": 2, "before": k * minor, "after": k * minor + rise})

    s = q.edit(fn)
    before, after = q.reads(int(s["before"]), int(s["after"]))
    value = after - before
    q.step("read_meniscus", before=before, after=after)
    return q.answer(value, witnesses={"before_meniscus": "before_meniscus", "after_meniscus": "after_meniscus"},
                    examples=[20, 15],
                    question="The picture shows a graduated cylinder of liquid before and after a stone is sunk in "
                             "it, each with a millilitre scale. Reading both menisci at their flat bottoms, by how "
                             "many mL did the volume rise (the stone's displaced volume)?")
