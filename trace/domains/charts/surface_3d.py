"""charts/surface_3d: perspective 3D charts in one of three kinds, drawn with the pinhole camera
of ``kits.three_d.charts``:

* ``panels``: small multiples, each a labelled 3D axis box holding a surface z = f(x, y) drawn
  as a mesh coloured by one shared colour map (colour bar at the right); every z axis runs
  0-100 with a gridline at every tick.
* ``scatter``: labelled points in a 3D box, each with a drop line to its foot on the floor, whose
  grid has a line every 10 units of x and y (labelled every 20), and a reference line on the
  floor at y = r.
* ``series``: coloured series (legend) as 3D polylines, one depth row per series, over years on
  the front axis, with z gridlines on the walls and drop lines to the floor.

Tasks pick the panel with the largest z range, the point whose y is nearest the reference, and
the series with the largest first-to-last rise or fall.  Difficulty grows the panels (3, 4, 6),
the points (5-6, 7-8, 9-10) and the series (3-4, 4-6, 6-7), and shrinks the margin by which the
answer wins.
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.task import Scene
from tracegen.kits.three_d import charts as c3
from tracegen.kits.curves import series_look
from tracegen.kits.names import category_labels
from tracegen.kits.panels import legend_column
from tracegen.kits.ranking import clear_extreme

W, H = 1280, 860
KINDS = ("panels", "scatter", "series")
N_PANELS = {1: 3, 2: 4, 3: 6}
GRID_N = {1: 5, 2: 6, 3: 7}
N_POINTS = {1: (5, 6), 2: (7, 8), 3: (9, 10)}
N_SERIES = {1: (3, 4), 2: (4, 5, 5, 6), 3: (6, 7)}
N_X = {1: 4, 2: 5, 3: 6}
RANGE_MARGIN = {1: 25, 2: 16, 3: 10}     # z units (of 100) the widest panel beats the runner-up by
NEAR_MARGIN = {1: 12, 2: 8, 3: 5}        # y units the nearest point beats the runner-up by
TREND_MARGIN = {1: 20, 2: 14, 3: 10}     # z units the largest change beats the runner-up by
PANEL_BOX = (10.0, 10.0, 7.0)
SCATTER_BOX = (12.0, 10.0, 8.0)
SERIES_BOX = (12.0, 8.0, 8.0)


# ---------------------------------------------------------------------- builders
def _surface(rng, n, lo, rng_z):
    """An n x n grid of z values spanning exactly lo .. lo + rng_z (a tilted plane plus a bump)."""
    u = np.linspace(0, 1, n)
    xx, yy = np.meshgrid(u, u)
    a, b = rng.uniform(-1, 1, size=2)
    cx, cy = rng.uniform(0.15, 0.85, size=2)
    amp = rng.uniform(-1.5, 1.5)
    g = a * xx + b * yy + amp * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / 0.08)
    g = (g - g.min()) / (g.max() - g.min())
    z = np.round(lo + rng_z * g, 1)
    return [[float(v) for v in row] for row in z]


def build(kind, rng, level):
    if kind == "panels":
        n = N_PANELS[level]
        labels = category_labels(rng, n, families=("words", "topics", "coined"), max_len=9)
        win = int(rng.uniform(50, 85))
        ranges = [win] + [int(rng.uniform(12, win - RANGE_MARGIN[level] + 1)) for _ in range(n - 1)]
        order = [int(k) for k in rng.permutation(n)]
        ranges = [ranges[order.index(k)] for k in range(n)]
        z = [_surface(rng, GRID_N[level], float(int(rng.uniform(4, 96 - r))), r) for r in ranges]
        return {"kind": kind, "level": level, "labels": labels, "z": z,
                "az": round(float(rng.uniform(-66, -54)), 2), "el": round(float(rng.uniform(24, 32)), 2)}
    if kind == "scatter":
        n = int(rng.choice(N_POINTS[level]))
        m = NEAR_MARGIN[level]
        for _ in range(200):
            labels = category_labels(rng, n, families=("surnames", "places", "coined"), max_len=8)
            ref = int(rng.integers(20, 81))
            d1 = int(rng.integers(1, 4))
            ys = [ref + d1 * int(rng.choice([-1, 1]))]
            while len(ys) < n:
                y = int(rng.integers(4, 97))
                if abs(y - ref) >= d1 + m:
                    ys.append(y)
            perm = [int(k) for k in rng.permutation(n)]
            ys = [ys[k] for k in perm]
            st = {"kind": kind, "level": level, "labels": labels, "ref": ref,
                  "pts": [[int(rng.integers(4, 97)), y, int(rng.integers(25, 98))] for y in ys],
                  "az": round(float(rng.uniform(-64, -54)), 2), "el": round(float(rng.uniform(22, 30)), 2)}
            if scatter_clear(st):
                return st
        return st
    n = int(rng.choice(N_SERIES[level]))
    nx = N_X[level]
    labels = category_labels(rng, n, families=("places", "surnames"), max_len=8)
    start = int(rng.integers(2005, 2020))
    vals = []
    for _ in range(n):
        v = float(rng.uniform(15, 85))
        row = []
        for _ in range(nx):
            row.append(round(min(97.0, max(3.0, v)), 1))
            v += float(rng.normal(0, 12))
        vals.append(row)
    return {"kind": kind, "level": level, "labels": labels, "years": [str(start + i) for i in range(nx)],
            "values": vals, "az": round(float(rng.uniform(-80, -72)), 2), "el": round(float(rng.uniform(14, 20)), 2)}


# ---------------------------------------------------------------------- layout
SCATTER_REGION = (90, 70, 1130, 800)


def scatter_geometry(state):
    cam = c3.fit_camera(SCATTER_BOX, SCATTER_REGION, state["az"], state["el"])
    sx, sy, sz = SCATTER_BOX[0] / 100, SCATTER_BOX[1] / 100, SCATTER_BOX[2] / 100
    pts = [(x * sx, y * sy, z * sz) for x, y, z in state["pts"]]
    uv = c3.proj(cam, pts)
    boxes = [(u + 11, v - 10, u + 15 + 0.62 * 15 * len(lab), v + 10) for (u, v), lab in zip(uv, state["labels"])]
    return cam, pts, uv, boxes


def scatter_clear(state) -> bool:
    _, _, uv, boxes = scatter_geometry(state)
    marks = [(u - 8, v - 8, u + 8, v + 8) for u, v in uv]
    for i, b in enumerate(boxes):
        if b[2] > W - 12 or b[1] < 12:
            return False
        for j in range(len(boxes)):
            if j != i and (c3.boxes_overlap(b, boxes[j], 3) or c3.boxes_overlap(b, marks[j], 3)):
                return False
    return True


class Surface3D(Scene):
    domain, scene_id, size = "charts", "surface_3d", (W, H)
    megapixels = (0.95, 1.2)
    aspect_pad = 0.1
    description = ("Perspective 3D charts: small multiples of coloured surfaces, a labelled 3D scatter with a "
                   "reference line on the floor, or coloured series as 3D polylines over years.")

    def variant(self, state):
        return state["kind"]

    def sample(self, rng, difficulty):
        return build(KINDS[int(rng.integers(len(KINDS)))], rng, difficulty)

    def render(self, c, state, params):
        getattr(self, "_" + state["kind"])(c, state)

    # -------------------------------------------------------------- panels
    def _panels(self, c, s):
        n = len(s["z"])
        cols = 2 if n <= 4 else 3
        rows = math.ceil(n / cols)
        x0, y0, x1, y1 = 20, 20, 1150, 840
        pw, ph = (x1 - x0) / cols, (y1 - y0) / rows
        for k in range(n):
            px, py = x0 + (k % cols) * pw, y0 + (k // cols) * ph
            box = (px + 6, py + 6, px + pw - 6, py + ph - 6)
            c.rect(box[0], box[1], box[2] - box[0], box[3] - box[1], fill="panel", stroke="grid", lw=1.2)
            c.register(f"panel:{k}", box=box)
            c.text(box[0] + 14, box[1] + 18, s["labels"][k], size=16, anchor="l", bold=True)
            X, Y, Z = PANEL_BOX
            cam = c3.fit_camera(PANEL_BOX, (box[0] + 60, box[1] + 40, box[2] - 30, box[3] - 30), s["az"], s["el"])
            c3.draw_axis_box(c, cam, PANEL_BOX, range(0, 101, 25), scale=Z / 100, font_size=12)
            g = len(s["z"][k])
            xs, ys = list(np.linspace(0, X, g)), list(np.linspace(0, Y, g))
            c3.draw_surface(c, cam, xs, ys, [[v * Z / 100 for v in row] for row in s["z"][k]], 0.0, Z)
            (o,) = c3.proj(cam, [(0, 0, Z)])
            c.text(o[0] - 8, o[1] - 16, "z", size=13, anchor="r", color="muted", kind="tick")
        # the shared colour bar
        bx, by0, by1 = 1190, 140, 720
        steps = 60
        for i in range(steps):
            t0 = i / steps
            c.rect(bx, by1 - (i + 1) * (by1 - by0) / steps, 22, (by1 - by0) / steps + 0.5,
                   fill=c3.colormap(t0 + 0.5 / steps))
        c.rect(bx, by0, 22, by1 - by0, stroke="ink", lw=1.0)
        for v in range(0, 101, 25):
            yy = by1 - v / 100 * (by1 - by0)
            c.text(bx - 6, yy, f"{v}", size=12, anchor="r", color="muted", kind="tick")
        c.text(bx + 11, by0 - 18, "z", size=14, color="muted", kind="tick")

    # -------------------------------------------------------------- scatter
    def _scatter(self, c, s):
        cam, pts, uv, boxes = scatter_geometry(s)
        X, Y, Z = SCATTER_BOX
        c3.draw_axis_box(c, cam, SCATTER_BOX, range(0, 101, 20), scale=Z / 100)
        c3.draw_floor_grid(c, cam, SCATTER_BOX, xticks=range(0, 101, 20), yticks=range(0, 101, 20), sx=X / 100,
                           sy=Y / 100)
        for t in range(10, 100, 20):                      # unlabelled gridlines every 10 units
            for a, b in (((t * X / 100, 0, 0), (t * X / 100, Y, 0)), ((0, t * Y / 100, 0), (X, t * Y / 100, 0))):
                p, q = c3.proj(cam, [a, b])
                c.line(p[0], p[1], q[0], q[1], color="grid", lw=0.6)
        ry = s["ref"] * Y / 100
        a, b = c3.proj(cam, [(0, ry, 0), (X, ry, 0)])
        c.line(a[0], a[1], b[0], b[1], color="ink", lw=1.6, dash=[7.0, 4.0])
        c.text(a[0] - 10, a[1], f"y = {s['ref']}", size=14, anchor="r", kind="tick")
        (xa,) = c3.proj(cam, [(X * 0.55, -0.9, 0)])
        c.text(xa[0], xa[1] + 24, "x", size=14, color="muted", kind="tick")
        (ya,) = c3.proj(cam, [(X + 1.6, Y * 0.5, 0)])
        c.text(ya[0] + 20, ya[1], "y", size=14, color="muted", kind="tick")
        (za,) = c3.proj(cam, [(0, 0, Z)])
        c.text(za[0] - 10, za[1] - 18, "z", size=14, color="muted", kind="tick")
        order = sorted(range(len(pts)), key=lambda k: -cam.depth(pts[k]))
        for k in order:
            x, y, z = pts[k]
            (f,) = c3.proj(cam, [(x, y, 0)])
            u, v = uv[k]
            c.line(f[0], f[1], u, v, color="muted", lw=1.0, dash=[3.0, 3.0])
            c.circle(f[0], f[1], 3.0, stroke="muted", lw=1.0)
            c.circle(u, v, 7.0, fill=series_look(k % 6, shapes=False).color, stroke="ink", lw=1.0, id=f"pt:{k}")
        for k in order:
            bx = boxes[k]
            c.text(bx[0], (bx[1] + bx[3]) / 2, s["labels"][k], size=15, anchor="l")

    # -------------------------------------------------------------- series
    def _series(self, c, s):
        n, nx = len(s["values"]), len(s["years"])
        X, Y, Z = SERIES_BOX
        leg_w = 60 + max(c.text_width(t, size=14) for t in s["labels"])
        cam = c3.fit_camera(SERIES_BOX, (110, 90, W - leg_w - 90, 790), s["az"], s["el"])
        xs = [X * (i + 0.5) / nx for i in range(nx)]
        ys = [Y * (k + 0.5) / n for k in range(n)]
        c3.draw_axis_box(c, cam, SERIES_BOX, range(0, 101, 25), scale=Z / 100)
        c3.draw_floor_grid(c, cam, SERIES_BOX, xticks=[x for x in xs], xlabels=s["years"], ylabels=False)
        (za,) = c3.proj(cam, [(0, 0, Z)])
        c.text(za[0] - 10, za[1] - 18, "z", size=14, color="muted", kind="tick")
        for k in sorted(range(n), key=lambda k: -ys[k]):
            col = series_look(k, shapes=False).color
            world = [(x, ys[k], v * Z / 100) for x, v in zip(xs, s["values"][k])]
            uv = c3.proj(cam, world)
            feet = c3.proj(cam, [(x, ys[k], 0) for x in xs])
            for (u, v), (fu, fv) in zip(uv, feet):
                c.line(fu, fv, u, v, color="grid", lw=1.0)
            c.line(feet[0][0], feet[0][1], feet[-1][0], feet[-1][1], color="grid", lw=1.0)
            c.polyline(uv, color=col, lw=2.6)
            for i, (u, v) in enumerate(uv):
                c.circle(u, v, 6.5, fill=col, stroke="ink", lw=1.0, id=f"pt:{k}:{i}")
            c.register(f"trend:{k}", segment=(uv[0], uv[-1]), stroke=col)
        lx = W - leg_w - 24
        c.rect(lx, 60, leg_w, 26 * n + 20, fill="panel", stroke="grid", lw=1.0)

        def swatch(cv, k, x, y):
            cv.line(x - 10, y, x + 10, y, color=series_look(k, shapes=False).color, lw=2.6)
            cv.circle(x, y, 5.0, fill=series_look(k, shapes=False).color, stroke="ink", lw=1.0)

        legend_column(c, lx + 14, 70, [(t, series_look(k, shapes=False).color) for k, t in enumerate(s["labels"])],
                      size=14, row_h=26, draw_mark=swatch)


SCENE = Surface3D()
task = SCENE.task


def _ensure(q, kind):
    return q.edit(lambda st, r: st if st["kind"] == kind else build(kind, r, st["level"]))


# ---------------------------------------------------------------------- tasks
@task("panel_variation_label", answer="string", annotation="bbox", ops="ranking,formula_evaluation")
def panel_variation_label(q):
    s = _ensure(q, "panels")
    ranges = {k: max(map(max, z)) - min(map(min, z)) for k, z in enumerate(s["z"])}
    q.reads(*[round(v, 1) for v in ranges.values()])
    k = clear_extreme(q, ranges, largest=True, margin=RANGE_MARGIN[q.difficulty] - 0.5)
    q.step("z_ranges", ranges={s["labels"][i]: round(v, 1) for i, v in ranges.items()})
    return q.answer(s["labels"][k], witnesses=f"panel:{k}", examples=s["labels"],
                    question=("The image shows several labelled panels, each a 3D chart of a surface over x and y "
                              "whose height z is read on the z axis (0 to 100, shared colour scale). Which panel's "
                              "surface has the largest z range (highest z minus lowest z)?"))


@task("reference_nearest_label", answer="string", annotation="point", ops="ranking,formula_evaluation")
def reference_nearest_label(q):
    s = _ensure(q, "scatter")
    q.require(scatter_clear(s), "labels overlap")
    ref = s["ref"]
    dist = {k: abs(p[1] - ref) for k, p in enumerate(s["pts"])}
    q.reads(*[p[1] for p in s["pts"]])
    k = clear_extreme(q, dist, largest=False, margin=NEAR_MARGIN[q.difficulty])
    q.step("y_distances", distances={s["labels"][i]: d for i, d in dist.items()})
    return q.answer(s["labels"][k], witnesses=f"pt:{k}", examples=s["labels"],
                    question=(f"The image shows a 3D scatter chart of labelled points; each point has a drop line to "
                              f"its foot on the floor grid, and a reference line on the floor marks y = {ref}. Which "
                              f"point's y value is closest to {ref}?"))


@task("series_trend_label", answer="string", annotation="segment", ops="ranking,formula_evaluation",
      queries=("increase", "decrease"))
def series_trend_label(q):
    s = _ensure(q, "series")
    up = q.query_id == "increase"
    change = {k: (row[-1] - row[0]) * (1 if up else -1) for k, row in enumerate(s["values"])}
    q.reads(*[v for row in s["values"] for v in (row[0], row[-1])])
    k = clear_extreme(q, change, largest=True, margin=TREND_MARGIN[q.difficulty])
    q.require(change[k] >= TREND_MARGIN[q.difficulty], "no clear change in that direction")
    q.step("first_to_last", changes={s["labels"][i]: round(v, 1) for i, v in change.items()})
    word = "increase" if up else "decrease"
    return q.answer(s["labels"][k], witnesses=f"trend:{k}", examples=s["labels"],
                    question=(f"The image shows a 3D line chart: one coloured series per depth row (named in the "
                              f"legend) over the years on the x axis, with height z. Which series has the largest "
                              f"{word} in z from the first year ({s['years'][0]}) to the last ({s['years'][-1]})?"))
