"""puzzles/balance_scale: three pan scales (Scale 1-3), each pan holding labelled unknown objects
(A, B, C: a shape and colour each) and numbered weights, and a query row: an object equal to
"?", a source object equal to "? x" another object, a left/right comparison with four lettered
answers, or four lettered weight orders.

The balanced scales are linear equations in A, B and C: one scale with a single unknown, the
others combining two (direct and compound equations), so the answer follows by substitution.
The order task tilts the scales (the heavier pan hangs lower, a level beam means equal weight)
and carries no numbers.  Difficulty adds copies of an object, objects on both pans, more weights
per pan and, for the comparison, references that leave the query undetermined.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.cards import card_row, rounded_rect

OBJECTS = "ABC"
LOOKS = (("circle", "blue"), ("triangle", "orange"), ("diamond", "green"), ("pentagon", "purple"),
         ("star", "red"), ("hexagon", "cyan"))
W, H = 980, 740
ROW_H = 176
TILT = math.radians(6.5)


class BalanceScale(Scene):
    domain, scene_id, size = "puzzles", "balance_scale", (W, H)
    megapixels = (0.85, 1.3)
    description = ("Three pan scales with labelled unknown objects and numbered weights, and a query row (an "
                   "object's value, a count of copies, a comparison or an order to choose).")

    def sample(self, rng, difficulty):
        looks = [LOOKS[int(i)] for i in rng.permutation(len(LOOKS))[:3]]
        return {"level": difficulty, "looks": {o: list(lk) for o, lk in zip(OBJECTS, looks)}, "scales": [],
                "query": {}}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        for k, sc in enumerate(state["scales"]):
            y = 18 + k * ROW_H
            c.text(28, y + 6, f"Scale {k + 1}", size=17, bold=True, anchor="l", color="muted")
            self.scale(c, state, sc, W / 2 + 40, y + 62, k)
        y = 18 + 3 * ROW_H + 8
        q = state["query"]
        label = "Order" if q.get("kind") == "order" else "Query"
        c.text(28, y + 40, label, size=19, bold=True, anchor="l")
        getattr(self, "_q_" + q["kind"])(c, state, q, params, y)

    def scale(self, c, state, sc, cx, beam_y, k):
        half = 300.0
        tilt = sc.get("tilt", 0) * TILT
        dx, dy = half * math.cos(tilt), half * math.sin(tilt)
        ends = [(cx - dx, beam_y - dy), (cx + dx, beam_y + dy)]
        c.polygon([(cx, beam_y + 4), (cx - 26, beam_y + 86), (cx + 26, beam_y + 86)], fill="panel", stroke="ink", lw=2)
        c.line(cx, beam_y + 86, cx, beam_y + 100, color="ink", lw=3)
        c.line(ends[0][0], ends[0][1], ends[1][0], ends[1][1], color="ink", lw=5)
        c.circle(cx, beam_y, 7, fill="paper", stroke="ink", lw=2.5)
        for side, (ex, ey) in zip(("left", "right"), ends):
            c.circle(ex, ey, 4.5, fill="ink")
            tray_y = ey + 42
            c.line(ex, ey, ex - 84, tray_y, color="ink", lw=1.8)
            c.line(ex, ey, ex + 84, tray_y, color="ink", lw=1.8)
            c.polygon([(ex - 100, tray_y), (ex + 100, tray_y), (ex + 88, tray_y + 38), (ex - 88, tray_y + 38)],
                      fill="panel", stroke="ink", lw=1.8, id=f"pan:{k}:{side}")
            c.line(ex - 100, tray_y, ex + 100, tray_y, color="ink", lw=3)
            self.items(c, state, sc[side], ex, tray_y - 22, 196)
        c.register(f"scale:{k}", box=(cx - half - 100, beam_y - abs(dy) - 8, cx + half + 100, beam_y + abs(dy) + 80))

    def items(self, c, state, pan, cx, cy, width, *, size=40.0, id=None):
        """Objects then weights of one pan (or query group), centred at (cx, cy)."""
        things = [("o", o) for o in pan.get("objs", [])] + [("w", w) for w in pan.get("weights", [])]
        step = min(size + 8, width / max(1, len(things)))
        size = min(size, step - 3)                  # crowded pans take smaller items
        x = cx - step * (len(things) - 1) / 2
        boxes = []
        for kind, v in things:
            if kind == "o":
                boxes.append(self.obj(c, state, v, x, cy, size))
            else:
                boxes.append(self.weight(c, v, x, cy, size))
            x += step
        if id and boxes:
            c.register(id, box=(min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                                max(b[3] for b in boxes)))

    @staticmethod
    def obj(c, state, name, x, y, size):
        shape, color = state["looks"][name]
        c.shape(shape, x, y, size, fill=color, stroke="ink", lw=1.6)
        c.text(x, y + (size * 0.1 if shape == "triangle" else 0), name, size=max(14.0, size * 0.38), bold=True,
               color=c.text_on(color))
        return (x - size / 2, y - size / 2, x + size / 2, y + size / 2)

    @staticmethod
    def weight(c, v, x, y, size, *, id=None):
        rounded_rect(c, x - size / 2, y - size / 2, size, size, radius=6, fill="paper", stroke="ink", lw=1.8, id=id)
        c.text(x, y, str(v), size=max(15.0, size * 0.42))
        return (x - size / 2, y - size / 2, x + size / 2, y + size / 2)

    def ask_box(self, c, x, y, size, *, id):
        rounded_rect(c, x - size / 2, y - size / 2, size, size, radius=8, fill="paper", stroke="red", lw=3, id=id)
        c.text(x, y, "?", size=size * 0.5, bold=True)

    def _q_value(self, c, state, q, params, y):
        cy = y + 40
        self.obj(c, state, q["object"], W / 2 - 90, cy, 56)
        c.register("query:object", box=(W / 2 - 118, cy - 28, W / 2 - 62, cy + 28))
        c.text(W / 2, cy, "=", size=30, bold=True)
        self.ask_box(c, W / 2 + 90, cy, 60, id="query:ask")

    def _q_copies(self, c, state, q, params, y):
        cy = y + 40
        self.obj(c, state, q["source"], W / 2 - 170, cy, 56)
        c.text(W / 2 - 85, cy, "=", size=30, bold=True)
        self.ask_box(c, W / 2, cy, 60, id="query:ask")
        c.text(W / 2 + 80, cy, "×", size=30, bold=True)
        self.obj(c, state, q["repeated"], W / 2 + 160, cy, 56)

    def _q_relation(self, c, state, q, params, y):
        cy = y + 32
        for k, side in enumerate(("left", "right")):
            x0 = 150 + k * 440
            rounded_rect(c, x0, cy - 28, 370, 56, radius=14, fill="paper", stroke="ink", lw=1.8)
            self.items(c, state, q[side], x0 + 185, cy, 350, size=38, id=f"query:{side}")
        c.text(555, cy, "vs", size=20, bold=True)
        c.register("query:row", box=(150, cy - 28, 960, cy + 28))
        card_row(c, 150, cy + 40, W - 170, list("ABCD"), params["options"], h=62, gap=12, size=18)

    def _q_order(self, c, state, q, params, y):
        card_row(c, 150, y + 6, W - 170, list("ABCD"), params["options"], h=76, gap=12, size=22)


SCENE = BalanceScale()
task = SCENE.task
