"""physics/vernier_caliper: a Vernier caliper closed on a block.  The beam carries a millimetre
main scale; the sliding jaw carries a ten-division vernier (ten divisions over 9 mm, so 0.1 mm
resolution) whose ticks meet the main scale's along one edge.  Six lettered answer cards below
offer readings in millimetres.

The reading is the main-scale millimetre left of the vernier zero plus a tenth for each vernier
division up to the one that lines up with a main tick.  Difficulty: a 40 mm scale and four
cards; the original's 50 mm scale and six cards; a finer-drawn 70 mm scale and six close cards.
"""

from __future__ import annotations

from tracegen.core.options import LETTERS, multiple_choice
from tracegen.core.task import Scene
from tracegen.kits.apparatus import linear_scale
from tracegen.kits.cards import card_row

W, H = 900, 550
X0, X1 = 120.0, 820.0                  # main-scale zero and the scale's right end
BASE = 226.0                           # the line where the main and vernier scales meet
SPAN = {1: 40, 2: 50, 3: 70}           # main scale length in mm
N_OPTIONS = {1: 4, 2: 6, 3: 6}


def mm_px(state) -> float:
    return (X1 - X0) / state["span"]


class VernierCaliper(Scene):
    domain, scene_id, size = "physics", "vernier_caliper", (W, H)
    description = "A Vernier caliper (mm main scale, 0.1 mm vernier) closed on a block, with six answer cards."
    megapixels = (0.76, 0.98)
    aspect_pad = 0.1
    allow_noise = False          # fine scale ticks

    def sample(self, rng, difficulty):
        span = SPAN[difficulty]
        tenths = int(rng.integers(60, (span - 11) * 10 + 1))   # the block's length in 0.1 mm
        return {"span": span, "tenths": tenths, "options": []}

    def render(self, c, state, params):
        px = mm_px(state)
        v = state["tenths"] / 10
        xv = X0 + v * px                                       # the vernier zero / moving jaw face
        c.text(W / 2, 40, "Vernier caliper", size=18, bold=True)
        # beam with the main scale on its lower edge
        c.rect(X0 - 44, BASE - 62, X1 - X0 + 104, 62, fill="panel", stroke="ink", lw=1.8, id="beam")
        linear_scale(c, (X0, BASE), (X0 + state["span"] * px, BASE), 0, 1, state["span"], major=5, label=10,
                     side=-1, minor_len=9.0, major_len=13.0, label_gap=16.0, size=14, lw=1.0)
        for k in range(0, state["span"] + 1, 10):                 # the centimetre marks reach further
            c.line(X0 + k * px, BASE, X0 + k * px, BASE - 20, color="ink", lw=1.6)
        c.text(X1 + 36, BASE - 30, "mm", size=14, color="ink")
        # fixed jaw at the zero, moving jaw with the vernier plate
        c.polygon([(X0 - 44, BASE), (X0, BASE), (X0, BASE + 200), (X0 - 22, BASE + 200), (X0 - 44, BASE + 120)],
                  fill="panel", stroke="ink", lw=1.8)
        vlen = 9 * px
        c.rect(xv - 18, BASE, vlen + 48, 62, fill="paper", stroke="ink", lw=1.6, id="vernier")
        c.polygon([(xv, BASE + 62), (xv + 30, BASE + 62), (xv + 30, BASE + 130), (xv + 16, BASE + 200),
                   (xv, BASE + 200)], fill="panel", stroke="ink", lw=1.8)
        # the vernier scale: 11 ticks over 9 mm, pointing down from the shared edge
        linear_scale(c, (xv, BASE), (xv + vlen, BASE), 0, 1, 10, major=5, label=5, side=1, minor_len=10.0,
                     major_len=17.0, label_gap=9.0, size=13, lw=1.0, baseline=False)
        c.text(xv + vlen / 2, BASE + 52, "0.1 mm vernier", size=12.5, color="ink")
        # the measured block between the jaws
        c.rect(X0, BASE + 96, xv - X0, 84, fill="series:0", stroke="ink", lw=1.6, id="block")
        if state["options"]:
            n = len(state["options"])
            cols = 3 if n == 6 else n
            card_row(c, 70, H - 112, W - 140, list(LETTERS[:n]), [f"{o:.1f} mm" for o in state["options"]],
                     cols=cols, h=44, gap=10, size=16)


SCENE = VernierCaliper()
task = SCENE.task


def _distractors(tenths, d):
    def gen(r):
        m, k = divmod(tenths, 10)
        close = [tenths + x for x in (-2, -1, 1, 2)]
        far = [tenths + x for x in (-10, 10, -5, 5)]
        cands = close + far + [m * 10 + (10 - k)] + [(m + k) * 10] + [(m - 1) * 10 + k]
        if d == 3:
            cands = close + [m * 10 + (10 - k), tenths + 10, tenths - 10, tenths + 3]
        out = [cands[int(i)] for i in r.permutation(len(cands))]
        return [t / 10 for t in out if t > 0]
    return gen


@task("length_readout_value", answer="option_letter", annotation="bbox", ops="formula_evaluation")
def length_readout_value(q):
    s = q.state
    value = s["tenths"] / 10
    letter, opts = multiple_choice(q, value, _distractors(s["tenths"], q.difficulty), k=N_OPTIONS[q.difficulty],
                                   where="image")
    s = q.edit(lambda st, r: {**st, "options": opts})
    q.reads(value)
    m, k = divmod(s["tenths"], 10)
    q.step("read_caliper", main_mm=m, aligned_vernier_tick=k, reading=value)
    return q.answer(letter, witnesses="vernier", examples=["D", "B"],
                    question="The picture shows a Vernier caliper closed on a block: a millimetre main scale on the "
                             "beam and a sliding vernier scale with 0.1 mm resolution. Which lettered card gives the "
                             "length of the block that the caliper reads?")
