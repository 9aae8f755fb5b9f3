"""icons/sequence_strip: a top row of boxed sequence cells showing one icon whose count, turn or
size follows a rule, one cell a question mark, above a row of four option boxes labelled A-D.

Tasks pick the option that completes an arithmetic progression of icon counts, a constant
turning step, or a constant size step.  Difficulty: level 1 shows four cells with distant
distractors (quarter turns only, counts up to 6), level 2 four cells as the original (turns by
eighths, counts 1-9, sizes 36-88 px), level 3 five cells with distractors one step from the
answer.
"""

from __future__ import annotations

from tracegen.core.options import LETTERS
from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect
from tracegen.kits.glyphs import ORIENTED
from tracegen.kits.icons import COLORS, window
from tracegen.kits.motifs import TURNABLE, draw_motif

SIZE = (720, 440)
KINDS = tuple(k for k in TURNABLE if k in ORIENTED)   # every eighth turn looks different
PALETTE = tuple(c for c in COLORS if c not in ("black", "gray"))
N_CELLS = {1: 4, 2: 4, 3: 5}


class SequenceStrip(Scene):
    domain, scene_id, size = "icons", "sequence_strip", SIZE
    description = ("A row of boxed sequence cells with one icon whose count, turn or size changes by a rule, one "
                   "cell a question mark, above four option boxes labelled A-D.")
    megapixels = (0.26, 0.4)   # image area (MP); the original's median is 0.32

    def sample(self, rng, difficulty):
        n = N_CELLS[difficulty]
        start = int(rng.integers(1, 5))
        return {"attribute": "count", "kind": KINDS[int(rng.integers(len(KINDS)))],
                "color": PALETTE[int(rng.integers(len(PALETTE)))], "values": [start + k for k in range(n)],
                "missing": int(rng.integers(n)), "options": [], "size": 40, "angle": 0}

    def render(self, c, state, params):
        w, h = SIZE
        x0, y0, x1, y1 = window(c, 10, 10, w - 20, h - 20)
        n = len(state["values"])
        gap = 14.0
        cw = (x1 - x0 - 8 - gap * (n - 1)) / n
        top_h, opt_h = 160.0, 170.0
        for k, v in enumerate(state["values"]):
            bx = x0 + 4 + k * (cw + gap)
            rounded_rect(c, bx, y0 + 4, cw, top_h, radius=10, fill="paper", stroke="muted", lw=1.6, id=f"cell:{k}")
            if k == state["missing"]:
                c.text(bx + cw / 2, y0 + 4 + top_h / 2, "?", size=44, bold=True)
            else:
                self._cell(c, state, v, bx, y0 + 4, cw, top_h)
        ow = (x1 - x0 - 8 - gap * 3) / 4
        oy = y1 - opt_h
        for k, v in enumerate(state["options"]):
            bx = x0 + 4 + k * (ow + gap)
            rounded_rect(c, bx, oy, ow, opt_h, radius=10, fill="paper", stroke="muted", lw=1.6, id=f"option:{LETTERS[k]}")
            c.text(bx + ow / 2, oy + 16, LETTERS[k], size=16, bold=True, kind="option")
            self._cell(c, state, v, bx, oy + 20, ow, opt_h - 20)

    @staticmethod
    def _cell(c, state, value, bx, by, bw, bh):
        """One cell's picture: ``value`` copies, one icon turned ``value`` degrees, or one of size ``value``."""
        kind, color, attr = state["kind"], state["color"], state["attribute"]
        cx, cy = bx + bw / 2, by + bh / 2
        if attr == "count":
            cols = 1 if value == 1 else 2 if value <= 4 else 3
            rows = -(-value // cols)
            most = max(state["values"] + state["options"])    # one icon size for every cell
            side = 1 if most == 1 else 2 if most <= 4 else 3
            s = min((bw - 16) / side, (bh - 16) / side, 56.0)
            for i in range(value):
                r, k = divmod(i, cols)
                in_row = min(cols, value - r * cols)
                x = cx + (k - (in_row - 1) / 2) * s
                y = cy + (r - (rows - 1) / 2) * s
                draw_motif(c, kind, color, x, y, s * 0.8)
        elif attr == "rotation":
            draw_motif(c, kind, color, cx, cy, state["size"], angle=value)
        else:
            draw_motif(c, kind, color, cx, cy, value, angle=state["angle"])


SCENE = SequenceStrip()
task = SCENE.task


def turn_distance(a, b) -> int:
    return min((a - b) % 360, (b - a) % 360)


def distance(attribute, a, b):
    return turn_distance(a, b) if attribute == "rotation" else abs(a - b)


def completion(q, attribute, make, phrase):
    """Build the sequence with ``make(r, n) -> (values, unit, support)`` (``unit``: one step's
    distance), offer the answer among four options at the target letter and ask ``phrase``."""
    d = q.difficulty
    letter = q.target(LETTERS[:4])
    q.offer(4, "prompt")

    def build(st, r):
        n = N_CELLS[d]
        values, unit, support = make(r, n)
        missing = int(r.integers(n))
        correct = values[missing]
        if d == 3:
            pool = [v for v in support if v != correct and distance(attribute, v, correct) <= unit]
        elif d == 1:
            pool = [v for v in support if distance(attribute, v, correct) >= 2 * unit]
        else:
            pool = [v for v in support if v != correct]
        extra = [v for v in support if v != correct and v not in pool]
        pool = [pool[int(i)] for i in r.permutation(len(pool))] + [extra[int(i)] for i in r.permutation(len(extra))]
        opts = pool[:3]
        opts.insert(LETTERS.index(letter), correct)
        st.update({"attribute": attribute, "values": values, "missing": missing, "options": opts, "unit": unit,
                   "choices": len(support),
                   "size": int(r.integers(60, 76)), "angle": 0 if d == 1 else 90 * int(r.integers(4))})
        return st

    s = q.edit(build)
    correct = s["values"][s["missing"]]
    q.require(len(set(s["options"])) == 4 and s["options"].count(correct) == 1, "options are not distinct")
    pick = LETTERS[s["options"].index(correct)]
    q.step("complete", rule=attribute, values=s["values"], missing=s["missing"], answer=correct)
    n = len(s["values"])
    return q.answer(pick, witnesses=f"option:{pick}",
                    question=(f"The image shows a top row of {n} boxed sequence cells with one question-mark box and "
                              f"a bottom row of four labelled option boxes. {phrase} Answer with the option label: "
                              f"\"A\", \"B\", \"C\", or \"D\"."),
                    examples=[x for x in LETTERS[:4] if x != pick])


def _count(d):
    def make(r, n):
        top = 6 if d == 1 else 9
        steps = [s for s in ((1, -1) if d == 1 else (1, -1, 2, -2)) if 1 + abs(s) * (n - 1) <= top]
        step = steps[int(r.integers(len(steps)))]
        lo, hi = (1, top - step * (n - 1)) if step > 0 else (1 - step * (n - 1), top)
        start = int(r.integers(lo, hi + 1))
        return [start + step * k for k in range(n)], abs(step), list(range(1, top + 1))
    return make


def _rotation(d):
    def make(r, n):
        steps = (90, 270) if d == 1 else (45, 90, 270, 315)
        step = int(steps[int(r.integers(len(steps)))])
        start = int(r.integers(8)) * 45
        support = list(range(0, 360, 90 if d == 1 else 45))
        if d == 1:
            start = start // 90 * 90
        return [(start + step * k) % 360 for k in range(n)], 45 if d == 3 else turn_distance(step, 0), support
    return make


def _size(d):
    def make(r, n):
        step = int(r.integers(*{1: (13, 17), 2: (10, 17), 3: (8, 11)}[d])) * (1 if r.random() < 0.5 else -1)
        span = abs(step) * (n - 1)
        lo = int(r.integers(36, 88 - span + 1))
        values = [lo + abs(step) * k for k in range(n)]
        if step < 0:
            values.reverse()
        gap = {1: 8, 2: 6, 3: 4}[d]
        support = [v for v in range(36, 89) if all(abs(v - x) >= gap or v == x for x in values)]
        return values, abs(step), support
    return make


@task("count_progression_completion_label", answer="string", annotation="bbox",
      ops="counting,formula_evaluation,matching")
def count_progression_completion_label(q):
    return completion(q, "count", _count(q.difficulty), "Which option makes the icon counts follow the sequence?")


@task("rotation_progression_completion_label", answer="string", annotation="bbox", ops="transformation,matching")
def rotation_progression_completion_label(q):
    return completion(q, "rotation", _rotation(q.difficulty),
                      "Which option has the icon rotation that completes the sequence of turns?")


@task("size_progression_completion_label", answer="string", annotation="bbox",
      ops="transformation,formula_evaluation,matching")
def size_progression_completion_label(q):
    return completion(q, "size", _size(q.difficulty),
                      "Which option should replace the question mark so that the icon sizes follow the sequence?")
