"""geometry/coordinate_plane: lettered lattice points on a coordinate plane with labelled ticks.

The plane shows x and y axes through the origin, a unit grid, and tick labels for every
integer along the bottom and left edges.  Depending on the task it also carries reference
points (P, Q, R), the line through P and Q, a shaded polygon, or a dashed mirror line.
All points are lattice points, so every relation (collinearity, inside/outside, quadrant,
reflection) is exact.
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.geometry import (LatticeView, area2, blend, boundary_dist, boundary_dist_many, convex_hull,
                                    cross, inside, inside_many, interior_angles, is_simple, label_box,
                                    place_label)
from tracegen.core.task import Scene

RANGE = {1: 5, 2: 6, 3: 7}
N_POINTS = {1: (4, 5), 2: (6, 7), 3: (8, 9)}
N_OPTIONS = {1: 4, 2: 5, 3: 6}
LETTERS = "ABCDEFGHI"
W, H = 600, 600
PLOT_X0, PLOT_Y0, PLOT_SIDE = 60, 32, 508
DOT = 5.0
LABEL_PX = 15.0


def lattice(R):
    return [(x, y) for x in range(-R, R + 1) for y in range(-R, R + 1)]


def pick(rng, seq):
    return seq[int(rng.integers(len(seq)))]


def sample_subset(rng, seq, k):
    idx = rng.permutation(len(seq))[:k]
    return [seq[int(i)] for i in idx]


def view_for(R):
    unit = PLOT_SIDE / (2 * R + 1)
    return LatticeView(x0=PLOT_X0 + 0.5 * unit, ytop=PLOT_Y0 + 0.5 * unit, unit=unit, xmin=-R, ymax=R)


def clip_line(p, q, lo, hi):
    """The part of the infinite line through p and q inside the square [lo, hi]^2."""
    (x1, y1), (x2, y2) = p, q
    dx, dy = x2 - x1, y2 - y1
    ts = []
    for t in ((lo - x1) / dx, (hi - x1) / dx) if dx else ():
        ts.append(t)
    for t in ((lo - y1) / dy, (hi - y1) / dy) if dy else ():
        ts.append(t)
    pts = []
    for t in ts:
        x, y = x1 + t * dx, y1 + t * dy
        if lo - 1e-9 <= x <= hi + 1e-9 and lo - 1e-9 <= y <= hi + 1e-9:
            pts.append((x, y))
    pts.sort()
    return pts[0], pts[-1]


class CoordinatePlane(Scene):
    domain, scene_id, size = "geometry", "coordinate_plane", (W, H)
    description = ("A coordinate plane with x and y axes, a unit grid and tick labels, lettered lattice points and, "
                   "per task, reference points, a line, a shaded polygon or a dashed mirror line.")

    def sample(self, rng, difficulty):
        R = RANGE[difficulty]
        lo, hi = N_POINTS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        cells = [p for p in lattice(R) if p[0] != 0 and p[1] != 0]
        pts = sample_subset(rng, cells, n)
        return {"R": R, "points": [{"label": LETTERS[i], "x": x, "y": y} for i, (x, y) in enumerate(pts)],
                "refs": []}

    # ------------------------------------------------------------------ render
    def render(self, c, state, params):
        R = state["R"]
        v = view_for(R)
        u = v.unit
        ink, bg = c.style.ink, c.style.background
        lo, hi = -R - 0.5, R + 0.5
        x0, y0 = v.px(lo, hi)
        # shaded polygon under the grid
        poly = state.get("polygon")
        if poly:
            c.polygon(v.pts(poly), fill=blend(c.style.accent_rgb, bg, 0.18))
        side = (2 * R + 1) * u
        ctx = c.ctx
        for k in range(-R, R + 1):      # grid lines on the integers, inside the half-unit padded frame
            gx, gy = v.px(k, k)
            ctx.move_to(gx, y0)
            ctx.line_to(gx, y0 + side)
            ctx.move_to(x0, gy)
            ctx.line_to(x0 + side, gy)
        ctx.set_source_rgb(*blend(ink, bg, 0.22))
        ctx.set_line_width(1.0)
        ctx.stroke()
        c.rect(x0, y0, (2 * R + 1) * u, (2 * R + 1) * u, stroke=blend(ink, bg, 0.5), lw=1.0)
        # axes with arrow heads, and names
        ax0, ay = v.px(lo, 0)
        ax1, _ = v.px(hi, 0)
        c.arrow(ax0, ay, ax1, ay, color="ink", lw=1.8, head=8)
        bx, by0 = v.px(0, lo)
        _, by1 = v.px(0, hi)
        c.arrow(bx, by0, bx, by1, color="ink", lw=1.8, head=8)
        c.text(ax1 + 10, ay, "x", size=14, bold=True)
        c.text(bx, by1 - 11, "y", size=14, bold=True)
        # tick labels on the bottom and left edges
        for k in range(-R, R + 1):
            px, _ = v.px(k, 0)
            c.text(px, y0 + (2 * R + 1) * u + 11, str(k), size=13, color="muted")
            _, py = v.px(0, k)
            c.text(x0 - 8, py, str(k), size=13, color="muted", anchor="r")
        if poly:
            c.polygon(v.pts(poly), stroke=c.style.accent_rgb, lw=2.4, id="polygon")
        segs = [((lo, 0), (hi, 0)), ((0, lo), (0, hi))]
        if poly:
            segs += [(tuple(poly[i]), tuple(poly[(i + 1) % len(poly)])) for i in range(len(poly))]
        line = state.get("line")
        if line:
            a, b = clip_line(line[0], line[1], lo, hi)
            (ax, ay_), (bx_, by_) = v.px(*a), v.px(*b)
            c.line(ax, ay_, bx_, by_, color="purple", lw=2.2, id="line")
            segs.append((a, b))
        mirror = state.get("mirror")
        mirror_text = []
        if mirror:
            k = mirror["k"]
            a, b = ((k, lo), (k, hi)) if mirror["axis"] == "x" else ((lo, k), (hi, k))
            (ax, ay_), (bx_, by_) = v.px(*a), v.px(*b)
            c.line(ax, ay_, bx_, by_, color="green", lw=2.4, dash=[8, 5], id="mirror")
            segs.append((a, b))
            text = f"{mirror['axis']} = {k}"
            half = (c.text_width(text, size=14, bold=True) / 2 + 9) / u      # lattice units
            if mirror["axis"] == "x":
                spots = [(k + sx * half, y) for y in (hi - 0.45, lo + 0.45) for sx in (1, -1)]
            else:
                spots = [(x, k + sy * 0.45) for x in (hi - half - 0.1, lo + half + 0.1) for sy in (1, -1)]
            pts_all = [(p["x"], p["y"]) for p in state["refs"] + state["points"]]
            # the end of the line farthest from every point (ties: first spot)
            spot = max(spots, key=lambda sp: min([abs(sp[0] - a) / (half + 0.3) + abs(sp[1] - b) / 0.8
                                                   for a, b in pts_all] + [99.0]))
            label_box(c, *v.px(*spot), text, size=14)
            mirror_text = [spot, (spot[0] - half * 0.6, spot[1]), (spot[0] + half * 0.6, spot[1])]
        # points
        everything = state["refs"] + state["points"]
        coords = [(p["x"], p["y"]) for p in everything]
        off = (LABEL_PX - 1) / u
        for p in everything:
            ref = p in state["refs"]
            cx, cy = v.px(p["x"], p["y"])
            c.circle(cx, cy, DOT + (0.8 if ref else 0), fill="red" if ref else "blue", stroke="background", lw=1.2)
            c.register(f"pt:{p['label']}", box=(cx - DOT, cy - DOT, cx + DOT, cy + DOT), point=(cx, cy))
            lx, ly = place_label((p["x"], p["y"]), points=coords + mirror_text, segments=segs, offset=off,
                                 bounds=(lo + 0.3, lo + 0.3, hi - 0.3, hi - 0.3))
            label_box(c, *v.px(lx, ly), p["label"], size=LABEL_PX, color="ink")


SCENE = CoordinatePlane()
task = SCENE.task


def _letters(pts):
    return [{"label": LETTERS[i], "x": int(x), "y": int(y)} for i, (x, y) in enumerate(pts)]


def _shuffle(rng, seq):
    return [seq[int(i)] for i in rng.permutation(len(seq))]


# ====================================================================== tasks
DIRS = {1: [(1, 0), (0, 1), (1, 1), (1, -1)],
        2: [(1, 1), (1, -1), (1, 2), (2, 1), (1, -2), (2, -1)],
        3: [(1, 2), (2, 1), (1, -2), (2, -1), (1, 3), (3, 1), (1, -3), (3, -1), (2, 3), (3, 2), (2, -3), (3, -2)]}


def on_line(p, a, b):
    return cross(a, b, p) == 0


@task("collinear_point_count", answer="integer", annotation="point_set",
      ops="filtering,counting,spatial_relations")
def collinear_point_count(q):
    t = q.target(range(0, 4))

    def build(s, r):
        R, n = s["R"], len(s["points"])
        grid = lattice(R)
        for _ in range(50):
            d = pick(r, DIRS[q.difficulty])
            base = pick(r, grid)
            on = [p for p in grid if (p[0] - base[0]) * d[1] - (p[1] - base[1]) * d[0] == 0]
            if len(on) < t + 2:
                continue
            chosen = sample_subset(r, on, t + 2)
            P, Q = chosen[0], chosen[1]
            L = math.hypot(*d)
            near, far = [], []
            for p in grid:
                dist = abs((p[0] - P[0]) * d[1] - (p[1] - P[1]) * d[0]) / L
                if dist < 0.3:
                    continue
                (near if dist < 1.3 else far).append(p)
            n_near = min(len(near), int(r.integers(0, n - t + 1)))
            off = sample_subset(r, near, n_near)
            off += sample_subset(r, far, n - t - n_near)
            if len(off) < n - t:
                continue
            s["refs"] = [{"label": "P", "x": P[0], "y": P[1]}, {"label": "Q", "x": Q[0], "y": Q[1]}]
            s["line"] = [list(P), list(Q)]
            s["points"] = _letters(_shuffle(r, chosen[2:] + off))
            return s
        return s

    s = q.edit(build)
    q.require(bool(s.get("line")), "no line with enough lattice points")
    P, Q = s["line"]
    hits = [p["label"] for p in s["points"] if on_line((p["x"], p["y"]), P, Q)]
    q.step("on_line", points=hits)
    return q.answer(len(hits), witnesses=[f"pt:{h}" for h in hits],
                    question=("The line through the red points P and Q is drawn. How many of the lettered blue "
                              "points lie exactly on this line?"))


def _polygon(r, R, d):
    """A lattice polygon: convex at d1, with one dent at d2 (sometimes), one or two dents at d3."""
    for _ in range(60):
        w, h = int(r.integers(R, 2 * R - 1)), int(r.integers(R, 2 * R - 1))
        x0, y0 = int(r.integers(-R + 1, R - w)), int(r.integers(-R + 1, R - h))
        m = int(r.integers(5, 9))
        pts = [(x0 + int(a), y0 + int(b)) for a, b in zip(r.integers(0, w + 1, size=m), r.integers(0, h + 1, size=m))]
        hull = [tuple(p) for p in convex_hull(pts)]
        if len(hull) < 4 or area2(hull) < R * R or min(interior_angles(hull)) < 35:
            continue
        dents = {1: 0, 2: int(r.integers(0, 2)), 3: int(r.integers(1, 3))}[d]
        poly = list(hull)
        grid = np.array(lattice(R))
        for _ in range(dents):
            ins = inside_many(grid, poly) & (boundary_dist_many(grid, poly) >= 0.9)
            cands = [tuple(int(v) for v in p) for p in grid[ins]]
            for e in r.permutation(len(poly)):
                i = int(e)
                a, b = poly[i], poly[(i + 1) % len(poly)]
                need = 1.2 ** 2 * ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2)
                ok = []
                for p in cands:
                    if cross(a, b, p) ** 2 < need:
                        continue
                    new = poly[:i + 1] + [p] + poly[i + 1:]
                    if min(interior_angles(new)) >= 30 and is_simple(new):
                        ok.append(new)
                if ok:
                    poly = pick(r, ok)
                    break
        return [list(p) for p in poly]
    return None


@task("point_in_polygon_count", answer="integer", annotation="point_set",
      ops="filtering,counting,spatial_relations")
def point_in_polygon_count(q):
    t = q.target(range(0, 5))

    def build(s, r):
        R, n = s["R"], len(s["points"])
        poly = _polygon(r, R, q.difficulty)
        if poly is None:
            return s
        grid = np.array(lattice(R))
        bd = boundary_dist_many(grid, poly)
        inn = inside_many(grid, poly)
        pts = [tuple(int(v) for v in p) for p in grid]
        ins = [p for p, b_, i_ in zip(pts, bd, inn) if b_ >= 0.3 and i_]
        near = [p for p, b_, i_ in zip(pts, bd, inn) if 0.3 <= b_ < 1.5 and not i_]
        far = [p for p, b_, i_ in zip(pts, bd, inn) if b_ >= 1.5 and not i_]
        if len(ins) < t:
            return s
        n_near = min(len(near), int(r.integers(0, n - t + 1)))
        out = sample_subset(r, near, n_near) + sample_subset(r, far, n - t - n_near)
        if len(out) < n - t:
            return s
        s["polygon"] = poly
        s["points"] = _letters(_shuffle(r, sample_subset(r, ins, t) + out))
        return s

    s = q.edit(build)
    q.require(bool(s.get("polygon")), "no polygon with enough interior points")
    poly = s["polygon"]
    for p in s["points"]:
        q.require(boundary_dist((p["x"], p["y"]), poly) >= 0.3, "point on or too near the boundary")
    hits = [p["label"] for p in s["points"] if inside((p["x"], p["y"]), poly)]
    q.step("inside", points=hits)
    return q.answer(len(hits), witnesses=[f"pt:{h}" for h in hits],
                    question=("How many of the lettered points lie inside the shaded polygon? "
                              "(No point lies on its boundary.)"))


@task("reflected_point_label", answer="option_letter", annotation="point", ops="transformation",
      queries=("reflect_over_vertical_line", "reflect_over_horizontal_line"))
def reflected_point_label(q):
    vertical = q.query_id == "reflect_over_vertical_line"
    n_opt = N_OPTIONS[q.difficulty]
    letter = q.target(LETTERS[:n_opt])
    slot = LETTERS.index(letter)

    def build(s, r):
        R = s["R"]
        for _ in range(60):
            k = int(r.integers(-R + 2, R - 1))
            if k == 0:
                continue
            a, b = int(r.integers(-R, R + 1)), int(r.integers(-R, R + 1))   # a across the mirror, b along it
            a2 = 2 * k - a
            if a == k or not -R <= a2 <= R:
                continue
            wrong = {(a, 2 * k - b), (-a, b), (a2, -b), (a2 + 1, b), (a2 - 1, b), (a2, b + 1), (a2, b - 1),
                     (a2 + 2, b), (a2 - 2, b), (2 * k - b, a), (b, a2), (k, b), (a + 2 * (a2 - a), b)}
            wrong = sorted(w for w in wrong if -R <= w[0] <= R and -R <= w[1] <= R
                           and w not in ((a, b), (a2, b)))
            if len(wrong) < n_opt - 1:
                continue
            opts = _shuffle(r, sample_subset(r, wrong, n_opt - 1))
            opts.insert(slot, (a2, b))
            if not vertical:
                opts = [(y, x) for x, y in opts]
                P = (b, a)
            else:
                P = (a, b)
            s["refs"] = [{"label": "P", "x": P[0], "y": P[1]}]
            s["mirror"] = {"axis": "x" if vertical else "y", "k": k}
            s["points"] = _letters(opts)
            return s
        return s

    s = q.edit(build)
    q.require(bool(s.get("mirror")), "no valid reflection setup")
    P, m = s["refs"][0], s["mirror"]
    if m["axis"] == "x":
        img = (2 * m["k"] - P["x"], P["y"])
    else:
        img = (P["x"], 2 * m["k"] - P["y"])
    hits = [p["label"] for p in s["points"] if (p["x"], p["y"]) == img]
    q.require(len(hits) == 1, "image not among the options exactly once")
    q.step("reflect", image=list(img), option=hits[0])
    q.offer(len(s["points"]), "image")
    letters = [p["label"] for p in s["points"]]
    return q.answer(hits[0], witnesses=f"pt:{hits[0]}", examples=letters,
                    question=(f"Point P is reflected across the dashed line {m['axis']} = {m['k']}. "
                              f"Which lettered point is its image? Options: {', '.join(letters)}."))


def quadrant(x, y):
    return (1 if y > 0 else 4) if x > 0 else (2 if y > 0 else 3)


@task("same_quadrant_point_count", answer="integer", annotation="point_set",
      ops="filtering,counting,spatial_relations")
def same_quadrant_point_count(q):
    t = q.target(range(0, 5))

    def build(s, r):
        R, n = s["R"], len(s["points"])
        cells = [p for p in lattice(R) if p[0] != 0 and p[1] != 0]
        ref = pick(r, cells)
        qr = quadrant(*ref)
        same = [p for p in cells if quadrant(*p) == qr and p != ref]
        other = [p for p in cells if quadrant(*p) != qr]
        pts = sample_subset(r, same, t) + sample_subset(r, other, n - t)
        s["refs"] = [{"label": "R", "x": ref[0], "y": ref[1]}]
        s["points"] = _letters(_shuffle(r, pts))
        return s

    s = q.edit(build)
    ref = s["refs"][0]
    qr = quadrant(ref["x"], ref["y"])
    hits = [p["label"] for p in s["points"] if quadrant(p["x"], p["y"]) == qr]
    q.step("quadrant", reference=qr, points=hits)
    return q.answer(len(hits), witnesses=[f"pt:{h}" for h in hits],
                    question=("How many of the lettered blue points lie in the same quadrant as the red point R? "
                              "(No point lies on an axis.)"))
