"""puzzles/color_gradient: colour swatches changing in equal steps -- a row with one blank swatch and six
lettered colour options, or a lettered grid whose rows and columns are linear ramps except for one swatch.

Colours are sRGB triples interpolated linearly (a row: two end colours; a grid: four corner colours,
bilinearly), far enough apart that neighbouring swatches differ visibly (CIE76 delta E >= 7).  The
completing option is the interpolated colour; the wrong ones are a step or two off along the ramp (the
blank's neighbours among them) or off the ramp.  The odd swatch of a grid is moved off its expected
colour by delta E 22-40 (less at higher levels).  Difficulty: 5, 7 (the original's) and 9 swatches in a
row; 3 x 3, 4 x 4 (the original's) and 5 x 5 grids.
"""

from __future__ import annotations

import math

from tracegen.core.style import delta_e, lab
from tracegen.core.task import Scene
from tracegen.kits.boards import answer_among
from tracegen.kits.cards import label_badge, outlined_rect, rounded_rect

W, H = 800, 620
ROW = {1: 5, 2: 7, 3: 9}
GRID = {1: 3, 2: 4, 3: 5}
ODD = {1: (32.0, 45.0), 2: (24.0, 38.0), 3: (18.0, 30.0)}
MIN_STEP = 7.0
GRID_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"


def mix(a, b, t):
    return [round(a[i] + (b[i] - a[i]) * t, 4) for i in range(3)]


def random_color(r):
    return [round(float(v), 4) for v in r.uniform(0.08, 0.95, size=3)]


def ramp_ok(colors) -> bool:
    return lab_ramp_ok([lab(c) for c in colors])


def lab_ramp_ok(labs) -> bool:
    """``ramp_ok`` of colours given by their Lab values (``delta_e`` is the distance of those)."""
    return all(math.dist(a, b) >= MIN_STEP for a, b in zip(labs, labs[1:]))


def bilinear(corners, rows, cols):
    (a, b), (c, d) = corners
    return [[mix(mix(a, b, k / (cols - 1)), mix(c, d, k / (cols - 1)), r / (rows - 1)) for k in range(cols)]
            for r in range(rows)]


class ColorGradient(Scene):
    domain, scene_id, size = "puzzles", "color_gradient", (W, H)
    megapixels = (0.58, 0.9)
    description = ("Colour swatches changing in equal steps: a row with a blank swatch and lettered colour options, "
                   "or a lettered swatch grid with one swatch off its row and column ramps.")

    def sample(self, rng, difficulty):
        return {"level": difficulty, "variant": ["tiles", "chips"][int(rng.integers(2))]}

    def swatch(self, c, state, x, y, s, color, *, id=None, label=None, blank=False):
        radius = 8.0 if state["variant"] == "tiles" else s / 2.6
        if blank:
            rounded_rect(c, x, y, s, s, radius=radius, fill="paper", stroke="ink", lw=2.0, id=id, dash=[6, 4])
            c.text(x + s / 2, y + s / 2, "?", size=s * 0.42, bold=True)
        else:
            outlined_rect(c, x, y, s, s, radius=radius, fill=tuple(color), stroke="ink", lw=1.6, id=id)
        if label:
            label_badge(c, x + 5, y + 5, label, size=14, fill="white")

    def render(self, c, state, params):
        if state["kind"] == "row":
            colors, blank = state["colors"], state["blank"]
            n = len(colors)
            s = min(86.0, (W - 60 - (n - 1) * 12) / n)
            x0 = (W - n * s - (n - 1) * 12) / 2
            for i, col in enumerate(colors):
                self.swatch(c, state, x0 + i * (s + 12), 150, s, col, id=f"swatch:{i}", blank=i == blank)
            k = len(state["options"])
            so = min(86.0, (W - 60 - (k - 1) * 18) / k)
            x0 = (W - k * so - (k - 1) * 18) / 2
            for i, col in enumerate(state["options"]):
                self.swatch(c, state, x0 + i * (so + 18), 370, so, col, id=f"option:{'ABCDEF'[i]}",
                            label="ABCDEF"[i])
            return
        grid = state["grid"]
        n = len(grid)
        s = min(100.0, (H - 60 - (n - 1) * 12) / n)
        x0, y0 = (W - n * s - (n - 1) * 12) / 2, (H - n * s - (n - 1) * 12) / 2
        outlined_rect(c, x0 - 16, y0 - 16, n * s + (n - 1) * 12 + 32, n * s + (n - 1) * 12 + 32, radius=14,
                     fill="panel", stroke="muted", lw=1.4)
        for r, row in enumerate(grid):
            for k, col in enumerate(row):
                letter = GRID_LETTERS[r * n + k]
                self.swatch(c, state, x0 + k * (s + 12), y0 + r * (s + 12), s, col, id=f"cell:{letter}",
                            label=letter)


SCENE = ColorGradient()
task = SCENE.task


# ---------------------------------------------------------------------- tasks
@task("color_gradient_completion_label", answer="option_letter", annotation="bbox", ops="formula_evaluation,matching")
def color_gradient_completion_label(q):
    q.offer(6, "image")
    letter = q.target("ABCDEF", stratified=True)

    def edit(s, r):
        n = ROW[s["level"]]
        for _ in range(200):
            a, b = random_color(r), random_color(r)
            colors = [mix(a, b, i / (n - 1)) for i in range(n)]
            if ramp_ok(colors):
                break
        else:
            q.reject("no visible ramp")
        blank = int(r.integers(1, n - 1))
        answer = colors[blank]
        step = [(b[i] - a[i]) / (n - 1) for i in range(3)]
        pool = []
        for m in (-1, 1, -2, 2, 3, -3):
            cand = [round(answer[i] + m * step[i], 4) for i in range(3)]
            if all(0 <= v <= 1 for v in cand):
                pool.append(cand)
        for _ in range(12):        # off the ramp: a channel pushed, or another colour
            cand = [round(min(1.0, max(0.0, v + float(r.uniform(-0.3, 0.3)))), 4) for v in answer]
            pool.append(cand)
        pool = pool[:2] + [pool[2 + int(i)] for i in r.permutation(len(pool) - 2)]
        wrong, seen = [], [lab(answer)]      # the Lab values of the answer and the wrong colours so far
        for cand in pool:
            if len(wrong) < 5:
                at = lab(cand)
                if all(math.dist(at, o) >= 12 for o in seen):
                    wrong.append(cand)
                    seen.append(at)
        q.require(len(wrong) == 5, "too few distinct wrong colours")
        s.update(kind="row", colors=colors, blank=blank, options=answer_among(r, answer, wrong, letter))
        return s

    s = q.edit(edit)
    colors, k = s["colors"], s["blank"]
    want = [(colors[k - 1][i] + colors[k + 1][i]) / 2 for i in range(3)]
    good = [x for x, o in zip("ABCDEF", s["options"]) if delta_e(o, want) < 1.0]
    q.require(len(good) == 1, "not exactly one completing colour")
    q.step("interpolate", position=k, color=want)
    return q.answer(good[0], witnesses=f"option:{good[0]}", question=(
        "The image shows a row of colour swatches whose colour changes in equal steps from one end to the other, "
        "with one swatch blank (marked ?), and six lettered colour options below it. Which option's colour "
        "belongs in the blank swatch?"), examples=list("ABCDEF"))


@task("color_gradient_violation_cell_label", answer="option_letter", annotation="bbox", ops="matching")
def color_gradient_violation_cell_label(q):
    n = GRID[q.difficulty]
    q.offer(n * n, "image")
    letter = q.target(GRID_LETTERS[:n * n], stratified=True)

    def edit(s, r):
        for _ in range(300):
            corners = [[random_color(r), random_color(r)], [random_color(r), random_color(r)]]
            grid = bilinear(corners, n, n)
            labs = [[lab(c) for c in row] for row in grid]
            if all(lab_ramp_ok(row) for row in labs) and all(lab_ramp_ok(col) for col in zip(*labs)):
                break
        else:
            q.reject("no visible grid ramps")
        at = GRID_LETTERS.index(letter)
        rr, kk = divmod(at, n)
        expected = grid[rr][kk]
        lo, hi = ODD[s["level"]]
        every = [c for row in labs for c in row]
        for _ in range(200):
            cand = [round(min(1.0, max(0.0, v + float(r.uniform(-0.35, 0.35)))), 4) for v in expected]
            at = lab(cand)
            near = min(math.dist(at, c) for c in every)
            if lo <= math.dist(at, labs[rr][kk]) <= hi and near >= 8:
                grid[rr][kk] = cand
                break
        else:
            q.reject("no odd colour in range")
        s.update(kind="grid", grid=grid)
        return s

    s = q.edit(edit)
    grid = s["grid"]

    def linear(line):
        return all(abs(line[j + 1][i] - 2 * line[j][i] + line[j - 1][i]) < 2e-3 for j in range(1, len(line) - 1)
                   for i in range(3))

    bad_rows = [r for r in range(n) if not linear(grid[r])]
    bad_cols = [k for k in range(n) if not linear([row[k] for row in grid])]
    q.require(len(bad_rows) == 1 and len(bad_cols) == 1, "not exactly one odd swatch")
    answer = GRID_LETTERS[bad_rows[0] * n + bad_cols[0]]
    q.step("odd_swatch", row=bad_rows[0], col=bad_cols[0])
    return q.answer(answer, witnesses=f"cell:{answer}", question=(
        "The image shows a grid of lettered colour swatches. Along every row and every column the colour "
        "changes in equal steps, except at one swatch whose colour breaks that progression. Which letter "
        "marks that swatch?"), examples=list(GRID_LETTERS[:n * n]))
