"""charts/hexbin_density: a hexbin density chart with a discrete density-level legend.

Flat-topped hexagonal bins (a connected patch of a hex lattice) sit on a 0-100 x/y plot; each
bin is filled with the colour of its density level (1-5 at the default), named in a legend
beside the plot.  Tasks count the bins at or above a level, or below one.  Difficulty grows the
bins (8-12, 14-24, 24-32) and the levels (4, 5, 6).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.curves import XYView, draw_frame
from tracegen.kits.lattice import erode, hex_flat
from tracegen.kits.levels import legend_column, level_colors, style_ramp
from tracegen.kits.planting import split_draw

N_BINS = {1: (8, 12), 2: (14, 24), 3: (24, 32)}
LEVELS = {1: 4, 2: 5, 3: 6}
LATTICE = {1: (4, 6), 2: (5, 8), 3: (6, 9)}        # rows, columns of the full lattice


class HexbinDensity(Scene):
    domain, scene_id, size = "charts", "hexbin_density", (1040, 660)
    megapixels = (0.9, 1.2)
    fluid = True
    description = "A hexbin density chart: hexagonal bins on a 0-100 plot coloured by a discrete density-level legend."

    def sample(self, rng, difficulty):
        rows, cols = LATTICE[difficulty]
        n = int(rng.integers(N_BINS[difficulty][0], N_BINS[difficulty][1] + 1))
        cells = erode(rng, [(r, c) for r in range(rows) for c in range(cols)], n, hex_flat)
        if cells is None:      # practically never: the full lattice's first n cells column by column
            cells = sorted(((r, c) for r in range(rows) for c in range(cols)), key=lambda x: (x[1], x[0]))[:n]
        k = LEVELS[difficulty]
        return {"rows": rows, "cols": cols, "bins": [list(x) for x in cells], "levels": k,
                "level": [int(v) for v in rng.integers(1, k + 1, size=len(cells))]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        k = state["levels"]
        colors = level_colors(style_ramp(c), k, lo=0.1)
        labels = [str(v) for v in range(1, k + 1)]
        legend_w = max(c.text_width("Density level", size=15) + 24, 100)
        v = XYView(64, 30, W - legend_w - 48, H - 64, 0, 100, 0, 100)
        draw_frame(c, v, xticks=[0, 25, 50, 75, 100], yticks=[0, 25, 50, 75, 100], font_size=13.0)
        c.text((v.x0 + v.x1) / 2, v.y1 + 38, "x", size=14, color="muted")
        c.text(v.x0 - 44, (v.y0 + v.y1) / 2, "y", size=14, color="muted")
        legend_column(c, v.x1 + 24, v.y0 + 10, labels, colors, title="Density level", size=14, kind="tick",
                      ids=[f"legend:{j}" for j in range(k)])
        rows, cols = state["rows"], state["cols"]
        # flat-topped hexagons: columns 1.5 r apart, rows sqrt(3) r apart, odd columns half a row lower
        pad = 18.0
        r = min((v.x1 - v.x0 - 2 * pad) / (1.5 * cols + 0.5), (v.y1 - v.y0 - 2 * pad) / (math.sqrt(3) * (rows + 0.5)))
        w = r * (1.5 * cols + 0.5)
        h = r * math.sqrt(3) * (rows + 0.5)
        ox = (v.x0 + v.x1) / 2 - w / 2 + r
        oy = (v.y0 + v.y1) / 2 - h / 2 + r * math.sqrt(3) / 2
        for i, ((row, col), lv) in enumerate(zip(state["bins"], state["level"])):
            cx = ox + 1.5 * r * col
            cy = oy + math.sqrt(3) * r * (row + (0.5 if col % 2 else 0.0))
            pts = [(cx + (r - 2) * math.cos(math.pi / 3 * j), cy + (r - 2) * math.sin(math.pi / 3 * j))
                   for j in range(6)]
            c.polygon(pts, fill=colors[lv - 1], stroke="muted", lw=0.8)
            c.register(f"bin:{i}", box=(cx - r, cy - r, cx + r, cy + r), point=(cx, cy))


SCENE = HexbinDensity()
task = SCENE.task


@task("threshold_bin_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison",
      queries=("above_threshold_bin_count", "below_threshold_bin_count"))
def threshold_bin_count(q):
    at_least = q.query_id.startswith("above")
    t = q.target({1: range(1, 6), 2: range(2, 9), 3: range(3, 12)}[q.difficulty], stratified=True)
    s = q.state
    n = len(s["bins"])
    q.require(t < n, "too few bins")
    lv = q.param("threshold", lambda r: int(r.integers(2, s["levels"] + 1)))

    def plant(st, r):
        up, down = list(range(lv, st["levels"] + 1)), list(range(1, lv))
        for i, x in split_draw(r, range(n), t, up if at_least else down, down if at_least else up).items():
            st["level"][i] = int(x)
        return st

    s = q.edit(plant)
    q.reads(*s["level"])
    hits = [i for i, x in enumerate(s["level"]) if (x >= lv if at_least else x < lv)]
    q.step("filter", level=lv, kept=hits)
    rel = "at least" if at_least else "below"
    return q.answer(len(hits), witnesses=[f"bin:{i}" for i in hits],
                    question=(f"The image shows a hexbin density chart on numeric axes; each hexagonal bin is coloured "
                              f"by its density level, as named in the density-level legend. How many bins have a "
                              f"density level {rel} {lv}?"))
