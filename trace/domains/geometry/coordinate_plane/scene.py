"""geometry/coordinate_plane: points, segments, polygons and regions on a coordinate plane.

One plane from -R to R on both axes (R = 6, 8, 10 by difficulty) with a faint unit grid, a
stronger grid every five units and tick labels along the axes.  What a task adds: unlabelled
dots, labelled reference points (A, B, P, Q, M, ...), an X-marked point, lettered candidate
points, segments, a polygon, a dashed mirror line, a guide segment or vector arrow, a shaded
locus region and a boxed note -- or, for the panel task, six small lettered planes with
shaded regions under one condition box.  All points are lattice points, so every relation is
exact; coordinates are read off the grid (no point prints its coordinates).

The counting tasks are in ``tasks``, the tasks that pick a lettered candidate in ``choice``; both
register on this module's scene.
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.geometry import boundary_dist, inside, place_label
from tracegen.kits.plane import Plane, draw_plane, mark, note_box, shade_region

RANGE = {1: 6, 2: 8, 3: 10}
N_DOTS = {1: (6, 8), 2: (9, 11), 3: (12, 15)}
SIDE = 640                # the plane's side (logical units)
PANEL_SIZE = (1040, 760)
LABEL_PX = 15.0


def lattice(R):
    return [(x, y) for x in range(-R, R + 1) for y in range(-R, R + 1)]


def sample_subset(rng, seq, k):
    idx = rng.permutation(len(seq))[:k]
    return [seq[int(i)] for i in idx]


def coord(p) -> str:
    """A lattice point as the pair a reader would write, e.g. "(3, -2)" (declared as read)."""
    return f"({int(p[0])}, {int(p[1])})"


def plane_for(R, x0=20.0, y0=20.0, side=SIDE):
    return Plane.fit(x0, y0, side, side, -R, R, -R, R)


class CoordinatePlane(Scene):
    domain, scene_id, size = "geometry", "coordinate_plane", (SIDE + 40, SIDE + 40)
    megapixels = (0.42, 0.56)   # render-only image area: the original's square canvases of 640..720 px
    aspect_pad = 0.1
    description = ("A coordinate plane with axes, a unit grid and tick labels, carrying per task unlabelled dots, "
                   "labelled reference points, lettered candidate points, segments, a polygon, a mirror line, a "
                   "shaded region and a note -- or six small lettered planes under a condition box.")

    def canvas_size(self, state):
        return PANEL_SIZE if state.get("panels") else self.size

    def sample(self, rng, difficulty):
        R = RANGE[difficulty]
        lo, hi = N_DOTS[difficulty]
        cells = [p for p in lattice(R) if p[0] != 0 and p[1] != 0]
        dots = sample_subset(rng, cells, int(rng.integers(lo, hi + 1)))
        return {"R": R, "dots": [list(p) for p in dots], "refs": [], "cands": []}

    # ------------------------------------------------------------------ render
    def render(self, c, state, params):
        if state.get("panels"):
            return self._render_panels(c, state)
        R = state["R"]
        st = c.style
        pl = plane_for(R)
        region, poly = state.get("region"), state.get("polygon")

        def under():
            if region:
                shade_region(c, pl, region, fill=blend(c.color("series:0"), c.color("paper"), 0.3),
                             stroke="series:0")
            if poly and st.accent % 2:
                c.polygon(pl.pts(poly), fill=blend(c.color("series:3"), c.color("paper"), 0.18))

        draw_plane(c, pl, tick_step=2 if R >= 10 or st.density == "sparse" else 1, under=under)
        u = pl.unit
        lo, hi = -R - 0.5, R + 0.5
        segs = []                                    # lattice segments labels keep away from
        if poly:
            c.polygon(pl.pts(poly), stroke="series:3", lw=2.6, id="polygon")
            segs += [(tuple(poly[i]), tuple(poly[(i + 1) % len(poly)])) for i in range(len(poly))]
            self._register_lattice(c, pl, poly)
        mirror = state.get("mirror")
        if mirror:
            k = mirror["k"]
            a, b = ((k, lo), (k, hi)) if mirror["axis"] == "x" else ((lo, k), (hi, k))
            c.line(*pl.px(*a), *pl.px(*b), color="series:1", lw=3.0, dash=[7.0, 5.0], id="mirror")
            segs.append((a, b))
        for k, (a, b) in enumerate(state.get("segments", [])):
            c.line(*pl.px(*a), *pl.px(*b), color="series:2", lw=2.8, id=f"seg:{k}")
            for p in (a, b):
                c.circle(*pl.px(*p), 3.0, fill="series:2")
            segs.append((tuple(a), tuple(b)))
        guide = state.get("guide")
        if guide:
            c.line(*pl.px(*guide[0]), *pl.px(*guide[1]), color="series:1", lw=2.2, id="guide")
            segs.append((tuple(guide[0]), tuple(guide[1])))
        vec = state.get("vector")
        if vec:
            c.arrow(*pl.px(*vec[0]), *pl.px(*vec[1]), color="series:1", lw=2.4, head=12, id="vector")
            segs.append((tuple(vec[0]), tuple(vec[1])))
        points = ([tuple(p) for p in state["dots"]] + [(p["x"], p["y"]) for p in state["refs"] + state["cands"]])
        for k, p in enumerate(state["dots"]):
            mark(c, *pl.px(*p), "dot", color="series:0", size=5.5, id=f"dot:{k}")
        cand_mark = ("ring", "cross", "diamond", "ring")[st.accent % 4]
        unlabelled = {p.get("mark", "square") for p in state["refs"] if not p["label"]}
        if cand_mark in unlabelled:   # the prompt names unlabelled points by their mark: candidates use another
            cand_mark = next(m for m in ("ring", "cross", "diamond") if m not in unlabelled)
        bounds = (lo + 0.4, lo + 0.4, hi - 0.4, hi - 0.4)
        off = (LABEL_PX + 2) / u
        for k, p in enumerate(state["refs"]):
            mark(c, *pl.px(p["x"], p["y"]), p.get("mark", "square"), color="series:1", size=6.0,
                 id=f"ref:{p['label'] or k}")
        for p in state["cands"]:
            mark(c, *pl.px(p["x"], p["y"]), cand_mark, color="series:2", size=6.0, id=f"pt:{p['label']}")
        for p in state["refs"] + state["cands"]:
            if not p["label"]:
                continue
            lx, ly = place_label((p["x"], p["y"]), points=points, segments=segs, offset=off, bounds=bounds)
            x, y = pl.px(lx, ly)
            w = c.text_width(p["label"], size=LABEL_PX, bold=True)
            c.rect(x - w / 2 - 2, y - LABEL_PX * 0.6, w + 4, LABEL_PX * 1.2, fill="paper")
            c.text(x, y, p["label"], size=LABEL_PX, bold=True)
        if state.get("note"):
            x0, y0, x1, y1 = pl.box
            note_box(c, x0 + 8, y0 + 8, state["note"])

    @staticmethod
    def _register_lattice(c, pl, poly):
        """Register every lattice point strictly inside the polygon as ``lp:x:y``."""
        xs = [p[0] for p in poly]
        ys = [p[1] for p in poly]
        for x in range(min(xs), max(xs) + 1):
            for y in range(min(ys), max(ys) + 1):
                if inside((x, y), poly) and boundary_dist((x, y), poly) > 1e-9:
                    c.register(f"lp:{x}:{y}", point=pl.px(x, y), box=(*pl.px(x - 0.2, y + 0.2), *pl.px(x + 0.2, y - 0.2)))

    def _render_panels(self, c, state):
        W, H = self.canvas_size(state)
        R = state["R"]
        note_box(c, (W - c.text_width(state["note"], size=16) - 20) / 2, 14, state["note"], size=16)
        cols, rows = 3, 2
        pw, ph = (W - 40) / cols, (H - 80) / rows
        fill = blend(c.color("series:0"), c.color("paper"), 0.35)
        for k, region in enumerate(state["panels"]):
            i, j = k % cols, k // cols
            x0, y0 = 20 + i * pw, 66 + j * ph
            c.rect(x0 + 6, y0 + 6, pw - 12, ph - 12, fill="panel", stroke="ink", lw=1.6, id=f"panel:{k}")
            side = min(pw - 60, ph - 50)
            pl = Plane.fit(x0 + (pw - side) / 2 + 8, y0 + 34, side, side, -R, R, -R, R)
            draw_plane(c, pl, major=R + 1, tick_step=2, font_size=12.0,
                       under=lambda pl=pl, region=region: shade_region(c, pl, region, fill=fill, stroke="series:0"))
            c.text(x0 + 18, y0 + 22, "ABCDEF"[k], size=18, bold=True, anchor="l")


SCENE = CoordinatePlane()
task = SCENE.task


# ====================================================================== shared pieces
def _dot_ids(dots, keep):
    return [f"dot:{k}" for k, p in enumerate(dots) if keep(tuple(p))]


def _shuffle(rng, seq):
    return [seq[int(i)] for i in rng.permutation(len(seq))]


def _reads_points(q, pts):
    """Declare the points' coordinates (read off the grid) as values the image must not print."""
    q.reads(*[coord(p) for p in pts])
