"""icons/named_strip: one horizontal row of boxed cells, each holding a named icon (a shape or a
pictogram) in any colour.

Tasks count the separate runs (maximal blocks of consecutive cells) of "X" icons, and measure the
longest or shortest run of "X" icons (the extreme is a recorded parameter: the catalog's program
ranges over both).  The runs are planted with other kinds between them.  Difficulty grows the
strip (level 1: 8-10 cells, level 2: 12-16 as the original, level 3: 18-22) and, at level 3,
runs of other kinds in the same colour as the target runs.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect
from tracegen.kits.icons import COLORS, window
from tracegen.kits.motifs import MOTIFS, draw_motif

KINDS = tuple(MOTIFS)
PALETTE = tuple(c for c in COLORS if c != "white")
N_CELLS = {1: (8, 10), 2: (12, 16), 3: (18, 22)}
HEIGHT = 226


def cell_width(n):
    return 70.0 if n <= 16 else 60.0


def layout(r, n, runs, kind):
    """Cells: runs of ``kind`` (lengths ``runs``, in order) separated by at least one other kind,
    scattered along a strip of ``n`` cells; None where the strip is too short."""
    free = n - sum(runs) - (len(runs) - 1)
    if free < 0:
        return None
    gaps = [0] * (len(runs) + 1)
    for _ in range(free):
        gaps[int(r.integers(len(gaps)))] += 1
    out: list = []
    for i, length in enumerate(runs):
        out += [None] * (gaps[i] + (1 if i else 0)) + [kind] * length
    out += [None] * gaps[-1]
    others = [k for k in KINDS if k != kind]
    fill = [others[int(i)] for i in r.choice(len(others), size=3, replace=False)]
    prev = None
    for i, k in enumerate(out):         # other kinds, sometimes in runs of their own
        if k is None:
            out[i] = prev if prev is not None and r.random() < 0.4 else fill[int(r.integers(3))]
            prev = out[i]
        else:
            prev = None
    return out


class NamedStrip(Scene):
    domain, scene_id, size = "icons", "named_strip", (1300, HEIGHT)
    description = "One horizontal row of boxed cells, each holding a named icon (a shape or a pictogram) in any colour."
    megapixels = (0.2, 0.32)   # image area (MP); the original's median is 0.265
    aspect_pad = 0.15

    def canvas_size(self, state):
        n = len(state["kinds"])
        return int(n * (cell_width(n) + 6) + 50), HEIGHT

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_CELLS[difficulty][0], N_CELLS[difficulty][1] + 1))
        return {"kinds": [KINDS[int(rng.integers(len(KINDS)))] for _ in range(n)],
                "colors": [PALETTE[int(rng.integers(len(PALETTE)))] for _ in range(n)]}

    def render(self, c, state, params):
        w, h = self.canvas_size(state)
        x0, y0, x1, y1 = window(c, 10, 10, w - 20, h - 20)
        n = len(state["kinds"])
        cw = cell_width(n)
        gx = (x0 + x1 - n * (cw + 6) + 6) / 2
        ch = min(y1 - y0 - 8, cw * 1.25)
        gy = (y0 + y1 - ch) / 2
        for i, (kind, color) in enumerate(zip(state["kinds"], state["colors"])):
            bx = gx + i * (cw + 6)
            rounded_rect(c, bx, gy, cw, ch, radius=8, fill="paper", stroke="muted", lw=1.4, id=f"cell:{i}")
            draw_motif(c, kind, color, bx + cw / 2, gy + ch / 2, cw * 0.62)


SCENE = NamedStrip()
task = SCENE.task
INTRO = "The image shows a horizontal row of boxed icons."


def runs_of(kinds, kind) -> list[list[int]]:
    out, cur = [], []
    for i, k in enumerate(kinds):
        if k == kind:
            cur.append(i)
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def _plant(q, runs_for):
    """Draw the run lengths with ``runs_for(r, n)`` and lay the strip out around them."""
    d = q.difficulty

    def build(st, r):
        n = len(st["kinds"])
        kind = KINDS[int(r.integers(len(KINDS)))]
        cells = layout(r, n, runs_for(r, n), kind)
        if cells is None:
            st["bad"] = 1
            return st
        st["kinds"], st["target"] = cells, kind
        if d == 3:      # other kinds share the target runs' colour
            tint = PALETTE[int(r.integers(len(PALETTE)))]
            st["colors"] = [tint if r.random() < 0.6 else PALETTE[int(r.integers(len(PALETTE)))] for _ in cells]
        return st

    s = q.edit(build)
    q.require("bad" not in s, "strip too short for the runs")
    return s


@task("shape_run_count", answer="integer", annotation="bbox_set", ops="counting,topology")
def shape_run_count(q):
    d = q.difficulty
    t = q.target({1: range(1, 4), 2: range(1, 5), 3: range(2, 7)}[d])
    s = _plant(q, lambda r, n: [int(r.integers(1, 4)) for _ in range(t)])
    runs = runs_of(s["kinds"], s["target"])
    q.step("runs", runs=runs)
    return q.answer(len(runs), witnesses=[f"cell:{run[0]}" for run in runs],
                    question=(f"{INTRO} How many separate runs (blocks of consecutive cells) of \"{s['target']}\" "
                              f"icons are in the row?"))


@task("shape_run_length", answer="integer", annotation="bbox_set", ops="counting,ranking,topology",
      queries=("longest_shape_run_length",))
def shape_run_length(q):
    d = q.difficulty
    longest = q.choice("extremum", ["longest", "shortest"]) == "longest"
    t = q.target({1: range(1, 5), 2: range(1, 7), 3: range(2, 9)}[d])

    def runs_for(r, n):
        m = int(r.integers(1, 4 if d < 3 else 5))
        if longest:
            rest = [int(r.integers(1, t)) for _ in range(m - 1)] if t > 1 else []
        else:
            rest = [int(r.integers(t + 1, t + 4)) for _ in range(m - 1)]
        runs = rest + [t]
        return [runs[int(i)] for i in r.permutation(len(runs))]

    s = _plant(q, runs_for)
    runs = runs_of(s["kinds"], s["target"])
    lengths = [len(run) for run in runs]
    ext = max(lengths) if longest else min(lengths)
    q.require(lengths.count(ext) == 1, "the extreme run is not unique")
    pick = runs[lengths.index(ext)]
    q.step("runs", lengths=lengths, chosen=pick)
    return q.answer(ext, witnesses=[f"cell:{i}" for i in pick],
                    question=(f"{INTRO} How many icons are in the {'longest' if longest else 'shortest'} "
                              f"uninterrupted run of \"{s['target']}\" icons?"))
