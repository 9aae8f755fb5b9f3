"""symbolic/clock: analog clock faces -- one clock with six answer cards, a start/end pair, a
labelled grid, a reference display with six candidate faces, a sequence with a missing slot, or
four labelled clocks with six candidate orders.

Difficulty changes the reading detail: 5-minute times with all numerals (1), any minute with all
numerals (2), any minute (and second) with only 12/3/6/9 printed (3); answer cards are a run of
six values whose spacing shrinks with difficulty (15, 5, then 1 minute or second), as the
reference's cards differ by 5-15 units.  Face style (rim, minute hand colour) is render-only.
"""

from __future__ import annotations

import math

from tracegen.core.style import THEMES
from tracegen.core.task import Scene
from tracegen.kits.cards import card_grid, draw_card, fit_size, rounded_rect

GRID_LETTERS = "KLMNPQRSTUVWXYZ"
N_CLOCKS = {1: (3, 4), 2: (5, 6), 3: (7, 9)}
DETAIL = {1: (5, 12), 2: (1, 12), 3: (1, 4)}   # (minute step, numerals printed)
SECOND_STEP = {1: 5, 2: 5, 3: 1}
PAIR_LABELS = ("Start", "End")
DIAL = THEMES[0]           # the colours of a light dial (a face with an alarm hand), on every theme
N_CARDS = 6


def minutes12(c) -> int:
    """Minutes after 12:00 on a 12-hour dial (12:xx counts as 0:xx)."""
    return (c["h"] % 12) * 60 + c["m"]


def fmt_hm(total: int) -> str:
    total %= 720
    h, m = divmod(total, 60)
    return f"{h or 12:02d}:{m:02d}"


def fmt_hms(total: int) -> str:
    total %= 43200
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h or 12:02d}:{m:02d}:{s:02d}"


def hm(total: int) -> dict:
    total %= 720
    return {"h": total // 60 or 12, "m": total % 60, "s": 0}


# ---------------------------------------------------------------------- layouts
SINGLE = (640, 720)
PAIR = (880, 640)
WIDE = (980, 760)
ORDER = (980, 600)
SEQUENCE = (980, 670)


def _grid_layout(n):
    cols = 2 if n <= 4 else 3
    rows = -(-n // cols)
    cw, chh = 230, 230
    size = (cols * cw + 20, rows * chh + 20)
    centres = [(10 + (k % cols + 0.5) * cw, 10 + (k // cols) * chh + 128) for k in range(n)]
    return size, centres, 86


class Clock(Scene):
    domain, scene_id, size = "symbolic", "clock", SINGLE
    megapixels = (0.45, 0.8)   # image area (MP); the original's median is 0.55 (one face) to 0.745 (several)
    description = ("Analog clock faces with hour and minute (and sometimes second or alarm) hands: one clock with "
                   "answer cards, a start/end pair, a labelled grid, or candidate faces and orders to choose from.")

    def canvas_size(self, state):
        kind = state["layout"]
        if kind == "single":
            return SINGLE
        if kind == "pair":
            return PAIR
        if kind == "grid":
            return _grid_layout(len(state["clocks"]))[0]
        return {"order": ORDER, "sequence": SEQUENCE}.get(kind, WIDE)

    def sample(self, rng, difficulty):
        lo, hi = N_CLOCKS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        step, numerals = DETAIL[difficulty]
        sstep = SECOND_STEP[difficulty]
        slots = rng.choice(720 // step, size=n, replace=False)
        start = int(rng.integers(0, len(GRID_LETTERS) - n + 1))
        clocks = []
        for k, slot in enumerate(slots):
            t = int(slot) * step
            sec = int(rng.integers(0, 60 // sstep)) * sstep
            clocks.append({"h": t // 60 or 12, "m": t % 60, "s": sec, "label": GRID_LETTERS[start + k]})
        return {"layout": "grid", "step": step, "numerals": numerals, "seconds": False, "clocks": clocks}

    # ------------------------------------------------------------------ drawing
    def face(self, c, cx, cy, r, clock, numerals, *, seconds=False, alarm=None, id=None):
        """An analog face; the rim and the minute hand's colour vary with the style (render-only).
        Where a red hand is drawn (a second or an alarm hand) the minute hand is drawn in ink like the
        hour hand, so it can never be taken for the red one (an accent can be red).  A face with an
        alarm hand is a light dial whatever the theme: its prompt tells the dark current-time hands
        from the red alarm hand.  With ``id``, the hands are registered as ``{id}/hour``,
        ``{id}/minute``, ``{id}/second`` and ``{id}/alarm``."""
        variant = c.style.accent % 3
        if alarm is not None:
            ink, paper, muted, grid = DIAL.ink, DIAL.paper, DIAL.muted, DIAL.grid
        else:
            ink, paper, muted, grid = "ink", "paper", "muted", "grid"
        minute_col = ink if seconds or alarm is not None else (ink, "accent")[(c.style.accent // 3) % 2]
        if variant == 1:      # thick coloured rim
            c.circle(cx, cy, r, fill=paper, stroke="accent", lw=max(4.0, r * 0.07), id=id)
        elif variant == 2:    # bezel with an inner ring
            c.circle(cx, cy, r, fill=paper, stroke=muted, lw=max(3.0, r * 0.05), id=id)
            c.circle(cx, cy, r * 0.9, stroke=grid, lw=max(1.0, r * 0.012))
        else:                 # plain outline
            c.circle(cx, cy, r, fill=paper, stroke=ink, lw=max(2.0, r * 0.022), id=id)
        for k in range(60):
            a = math.radians(6 * k)
            major = k % 5 == 0
            r0 = r * (0.84 if major else 0.91)
            c.line(cx + r0 * math.sin(a), cy - r0 * math.cos(a), cx + r * 0.96 * math.sin(a),
                   cy - r * 0.96 * math.cos(a), color=ink, lw=max(2.0, r * 0.02) if major else max(0.8, r * 0.006))
        fs = max(13.0, r * 0.15)
        for k in (range(1, 13) if numerals == 12 else (3, 6, 9, 12)):
            a = math.radians(30 * k)
            c.text(cx + r * 0.7 * math.sin(a), cy - r * 0.7 * math.cos(a), str(k), size=fs, bold=r > 120,
                   color=ink, kind="tick")
        hand = (lambda name: f"{id}/{name}") if id is not None else (lambda name: None)
        h, m, s = clock["h"], clock["m"], clock.get("s", 0)
        frac = s / 60 if seconds else 0.0
        self._hand(c, cx, cy, math.radians(30 * (h % 12) + 0.5 * (m + frac)), r * 0.5, max(4.0, r * 0.055), ink,
                   id=hand("hour"))
        self._hand(c, cx, cy, math.radians(6 * (m + frac)), r * 0.8, max(2.5, r * 0.03), minute_col,
                   id=hand("minute"))
        if alarm is not None:
            a = math.radians(30 * (alarm % 12))
            ux, uy = math.sin(a), -math.cos(a)
            c.line(cx, cy, cx + ux * r * 0.6, cy + uy * r * 0.6, color="red", lw=max(2.0, r * 0.02), id=hand("alarm"))
            c.circle(cx + ux * r * 0.6, cy + uy * r * 0.6, max(3.5, r * 0.035), fill="red")
        if seconds:
            a = math.radians(6 * s)
            c.line(cx - r * 0.15 * math.sin(a), cy + r * 0.15 * math.cos(a), cx + r * 0.88 * math.sin(a),
                   cy - r * 0.88 * math.cos(a), color="red", lw=max(1.2, r * 0.008), id=hand("second"))
        c.circle(cx, cy, max(3.5, r * 0.04), fill=ink)

    @staticmethod
    def _hand(c, cx, cy, a, length, width, color, id=None):
        ux, uy = math.sin(a), -math.cos(a)
        px, py = -uy, ux
        tail = length * 0.12
        pts = [(cx - ux * tail + px * width / 2, cy - uy * tail + py * width / 2),
               (cx + ux * length * 0.85 + px * width / 2, cy + uy * length * 0.85 + py * width / 2),
               (cx + ux * length, cy + uy * length),
               (cx + ux * length * 0.85 - px * width / 2, cy + uy * length * 0.85 - py * width / 2),
               (cx - ux * tail - px * width / 2, cy - uy * tail - py * width / 2)]
        c.polygon(pts, fill=color, id=id)

    @staticmethod
    def digital(c, cx, cy, w, h, clock, *, kind="label", id=None):
        """A digital display reading hh:mm."""
        rounded_rect(c, cx - w / 2, cy - h / 2, w, h, radius=h / 6, fill="ink", stroke="muted", lw=3, id=id)
        c.text(cx, cy, fmt_hm(minutes12(clock)), size=h * 0.55, bold=True, color=c.text_on("ink"), kind=kind)

    def _cards(self, c, x0, y0, w, texts, *, h=72.0):
        size = fit_size(c, texts, (w - 5 * 10) / N_CARDS - 10, 18.0)
        for i, (box, text) in enumerate(zip(card_grid(x0, y0, w, len(texts), h=h, gap=10), texts)):
            draw_card(c, box, "ABCDEF"[i], text, size=size, id=f"option:{'ABCDEF'[i]}")

    def render(self, c, state, params):
        kind = state["layout"]
        clocks, numerals, sec = state["clocks"], state["numerals"], state["seconds"]
        fmt = params.get("card_format")
        if kind == "single":
            self.face(c, 320, 285, 255, clocks[0], numerals, seconds=sec, alarm=state.get("alarm"), id="clock:0")
            self._cards(c, 16, 590, 608, [fmt.format(o) for o in params["options"]])
        elif kind == "pair":
            for k, (x, clock) in enumerate(zip((30, 460), clocks)):
                rounded_rect(c, x, 16, 390, 470, radius=14, fill="panel", stroke="grid", lw=1.5)
                c.text(x + 195, 52, PAIR_LABELS[k], size=24, bold=True, id=f"label:{k}")
                self.face(c, x + 195, 280, 172, clock, numerals, id=f"clock:{k}")
            c.register("clocks", box=(30, 16, 850, 486))
            self._cards(c, 16, 516, 848, [fmt.format(o) for o in params["options"]], h=76)
        elif kind == "grid":
            _, centres, r = _grid_layout(len(clocks))
            for k, (clock, (cx, cy)) in enumerate(zip(clocks, centres)):
                c.text(cx, cy - r - 18, clock["label"], size=18, bold=True, id=f"label:{k}")
                self.face(c, cx, cy, r, clock, numerals, id=f"clock:{k}")
        else:
            render_choice(self, c, state, params)


# ---------------------------------------------------------------------- drawing: the matching layouts
def _box_face(scene, c, box, clock, numerals, *, id=None, top=0.0):
    x0, y0, x1, y1 = box
    y0 += top
    r = min(x1 - x0, y1 - y0) / 2 - 6
    scene.face(c, (x0 + x1) / 2, (y0 + y1) / 2, r, clock, numerals, id=id)


def render_choice(scene, c, state, params):
    """The layouts of the matching tasks (match.py): a reference with candidates, a sequence, an order."""
    W = WIDE[0]
    kind, numerals = state["layout"], state["numerals"]
    if kind == "equiv":
        rounded_rect(c, 310, 12, 360, 236, radius=14, fill="panel", stroke="grid", lw=1.5)
        c.text(490, 36, "Reference", size=20, bold=True)
        ref = state["clocks"][0]
        if state["reference"] == "digital":
            scene.digital(c, 490, 146, 250, 100, ref, id="reference")
        else:
            scene.face(c, 490, 146, 94, ref, numerals, id="reference")
        boxes = card_grid(20, 266, W - 40, 6, cols=3, h=236, gap=18)
        for i, (box, opt) in enumerate(zip(boxes, params["options"])):
            label = "ABCDEF"[i]
            inner = draw_card(c, box, label, None, id=f"option:{label}")
            t = hm(opt)
            if state["reference"] == "digital":
                _box_face(scene, c, inner, t, numerals)
            else:
                x0, y0, x1, y1 = inner
                scene.digital(c, (x0 + x1) / 2, (y0 + y1) / 2, 200, 84, t, kind="option")
    elif kind == "sequence":
        boxes = card_grid(20, 20, W - 40, 4, h=270, gap=20)
        for k, (box, clock) in enumerate(zip(boxes, state["clocks"])):
            x, y, w, h = box
            if k == state["missing"]:
                rounded_rect(c, x, y, w, h, radius=12, fill="panel", stroke="muted", lw=2, dash=[8, 6],
                             id=f"slot:{k}")
                c.text(x + w / 2, y + h / 2, "?", size=64, color="muted")
            else:
                rounded_rect(c, x, y, w, h, radius=12, fill="panel", stroke="grid", lw=1.5, id=f"slot:{k}")
                _box_face(scene, c, (x + 8, y + 8, x + w - 8, y + h - 8), clock, numerals)
        c.text(W / 2, 328, "Which card completes the sequence?", size=18, color="muted")
        for i, (box, opt) in enumerate(zip(card_grid(20, 360, W - 40, 4, h=290, gap=20), params["options"])):
            label = "ABCD"[i]
            inner = draw_card(c, box, label, None, id=f"option:{label}")
            _box_face(scene, c, inner, hm(opt), numerals)
    elif kind == "order":
        xs = [W * (k + 0.5) / 4 for k in range(4)]
        for k, (x, clock) in enumerate(zip(xs, state["clocks"])):
            scene.face(c, x, 140, 108, clock, numerals, id=f"clock:{k}")
            c.text(x, 282, clock["label"], size=26, bold=True, id=f"label:{k}")
        texts = [" < ".join(o) for o in params["options"]]
        size = fit_size(c, texts, (W - 40 - 2 * 20) / 3 - 24, 24.0)
        for i, (box, text) in enumerate(zip(card_grid(20, 330, W - 40, 6, cols=3, h=110, gap=20), texts)):
            draw_card(c, box, str(i + 1), text, size=size, id=f"option:{i + 1}")


SCENE = Clock()
task = SCENE.task
