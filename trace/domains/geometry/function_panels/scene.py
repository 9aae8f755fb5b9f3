"""geometry/function_panels: lettered coordinate-plane panels (4 to 9), each showing one relation
-- a line, a parabola, an absolute value, a zigzag or monotone polyline (dots at its vertices),
a constant, a sideways parabola or V, a circle or ellipse, a vertical segment, two mirrored or
shifted branches joined by a vertical segment -- or two objects (a line and a circle, two
circles).  One asks which panel is a function, a one-to-one function, symmetric across the
x-axis, has a given range, stays positive or negative on an interval, or shows a requested kind
of intersection.  The panel letters are the options, drawn in the image.

Difficulty 1 shows 4 panels with clearly different relations (and the meeting points of the
intersection panels as dots); 2 shows 6 panels; 3 shows 8 or 9 panels whose distractors come
close (a circle just off the axis, a range off by half a unit, a line missing the circle by a
third of a unit, a sign change just inside the interval).  Values are read off the axes (the
tick labels are the only numbers printed).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.panels import grid_boxes, panel_card
from tracegen.kits.plane import Plane, draw_plane

LETTERS = "ABCDEFGHI"
PANELS = {1: (4,), 2: (6,), 3: (8, 9)}
GRID = {4: (2, 2), 6: (3, 2), 8: (4, 2), 9: (3, 3)}        # (cols, rows)
CELL = 340.0
LIM = 5


def r2(v: float) -> float:
    return round(float(v), 2)


def unif(rng, lo, hi):
    return float(rng.uniform(lo, hi))


# ---------------------------------------------------------------------- relations (lists of parts)
def poly(pts, dots=True):
    return {"kind": "poly", "pts": [[r2(x), r2(y)] for x, y in pts], "dots": dots}


def circle(cx, cy, r):
    return {"kind": "circle", "c": [r2(cx), r2(cy)], "r": r2(r)}


def ellipse(cx, cy, rx, ry):
    return {"kind": "ellipse", "c": [r2(cx), r2(cy)], "rx": r2(rx), "ry": r2(ry)}


def knots(rng, n, lo=-4.0, hi=4.0):
    """n x positions from lo to hi (ends included), roughly even."""
    xs = [lo + (hi - lo) * i / (n - 1) for i in range(n)]
    return [xs[0]] + [x + unif(rng, -0.25, 0.25) * (hi - lo) / n for x in xs[1:-1]] + [xs[-1]]


def graph(rng, kind, *, ylo=-4.2, yhi=4.2):
    """A function of x (one polyline over increasing x) of the given family."""
    if kind == "line":
        m, b = unif(rng, 0.3, 1.4) * (1 if rng.random() < 0.5 else -1), unif(rng, -2, 2)
        xs = [x for x in knots(rng, int(rng.integers(2, 5))) if ylo <= m * x + b <= yhi]
        return poly([(x, m * x + b) for x in xs]) if len(xs) >= 2 else None
    if kind == "constant":
        c = round(unif(rng, -3.5, 3.5), 1)
        return poly([(x, c) for x in knots(rng, int(rng.integers(2, 4)))])
    if kind == "parabola":
        a, h = unif(rng, 0.15, 0.5) * (1 if rng.random() < 0.5 else -1), unif(rng, -1.5, 1.5)
        k = unif(rng, -3, 3)
        xs = sorted({x for x in knots(rng, int(rng.integers(7, 10))) if abs(x - h) > 0.4} | {h})
        return poly([(x, a * (x - h) ** 2 + k) for x in xs])
    if kind == "abs":
        a, h, k = unif(rng, 0.6, 1.6) * (1 if rng.random() < 0.5 else -1), unif(rng, -1.5, 1.5), unif(rng, -3, 3)
        xs = sorted({-4.0, 4.0, h} | {x for x in (unif(rng, -4, 4) for _ in range(int(rng.integers(0, 3))))
                                       if abs(x - h) > 0.6})
        return poly([(x, a * abs(x - h) + k) for x in xs])
    if kind == "zigzag":
        xs = knots(rng, int(rng.integers(5, 8)))
        ys, y = [], unif(rng, -3, 3)
        for i in range(len(xs)):
            ys.append(y)
            y = y + (1 if i % 2 == 0 else -1) * unif(rng, 1.0, 3.0) * (1 if ys[0] < 0 else -1)
        return poly(list(zip(xs, ys)))
    if kind == "monotone":
        xs = knots(rng, int(rng.integers(4, 8)))
        steps = [unif(rng, 0.4, 2.0) for _ in xs[1:]]
        sign = 1 if rng.random() < 0.5 else -1
        y = unif(rng, -4, -4 + max(0.2, 8 - sum(steps))) if sign > 0 else unif(rng, 4 - max(0.2, 8 - sum(steps)), 4)
        ys = [y]
        for s in steps:
            ys.append(ys[-1] + sign * s)
        return poly(list(zip(xs, ys)))
    if kind == "cubic":
        a, c = unif(rng, 0.03, 0.07), unif(rng, 0.0, 0.4)
        xs = knots(rng, int(rng.integers(7, 10)))
        return poly([(x, a * x ** 3 + c * x) for x in xs])
    raise KeyError(kind)


def sideways(rng, kind, k=None):
    """A relation of y: x = a (y - k)^2 + h or x = a |y - k| + h."""
    a = unif(rng, 0.25, 0.6) * (1 if rng.random() < 0.5 else -1)
    h = unif(rng, -2.5, 2.5)
    k = unif(rng, -1.5, 1.5) if k is None else k
    if k == 0:                              # sampled symmetrically: the polyline is its own mirror image
        half = [unif(rng, 0.4, 3.6) for _ in range(int(rng.integers(3, 5)))]
        ys = sorted({0.0} | {r2(v) for v in half} | {-r2(v) for v in half})
    else:
        ys = sorted({k} | set(knots(rng, int(rng.integers(6, 9)), k - 3.5, k + 3.5)))
    if kind == "sideways_v":
        a *= 2
        return poly([(a * abs(y - k) + h, y) for y in ys])
    return poly([(a * (y - k) ** 2 + h, y) for y in ys])


def branches(rng, shift=0.0):
    """Two branches over the same x, the lower one the mirror of the upper (shifted by
    ``shift``), joined by a vertical segment at the right end."""
    xs = knots(rng, int(rng.integers(4, 7)))
    ys = [unif(rng, 0.8, 3.5) for _ in xs]
    upper = [(x, y) for x, y in zip(xs, ys)]
    lower = [(x, -y + shift) for x, y in zip(xs, ys)]
    return [poly(upper), poly(lower), poly([upper[-1], lower[-1]], dots=False)]


def relation(rng, kind, **kw):
    """One relation (a list of parts) of a family."""
    if kind in ("line", "constant", "parabola", "abs", "zigzag", "monotone", "cubic"):
        g = graph(rng, kind)
        return None if g is None else [g]
    if kind in ("sideways", "sideways_v"):
        return [sideways(rng, kind, kw.get("k"))]
    if kind == "circle":
        return [circle(kw.get("cx", unif(rng, -1.5, 1.5)), kw.get("cy", unif(rng, -1.5, 1.5)), unif(rng, 1.5, 3.2))]
    if kind == "ellipse":
        rx, ry = unif(rng, 1.2, 3.4), unif(rng, 1.2, 3.4)
        if abs(rx - ry) < 0.6:
            return None
        return [ellipse(kw.get("cx", unif(rng, -1.5, 1.5)), kw.get("cy", unif(rng, -1.5, 1.5)), rx, ry)]
    if kind == "vertical":
        x, y0 = unif(rng, -3.5, 3.5), unif(rng, -4, -0.5)
        return [poly([(x, y0), (x, y0 + unif(rng, 2.5, 7.5 + min(0, -y0 - 4)))])]
    if kind == "branches":
        return branches(rng, kw.get("shift", 0.0))
    raise KeyError(kind)


# ---------------------------------------------------------------------- properties (exact, on the parts)
def _xs_increasing(p):
    xs = [q[0] for q in p["pts"]]
    return all(b > a for a, b in zip(xs, xs[1:])) or all(b < a for a, b in zip(xs, xs[1:]))


def is_function(parts) -> bool:
    """y is a function of x: a single polyline whose x keeps one direction."""
    return len(parts) == 1 and parts[0]["kind"] == "poly" and _xs_increasing(parts[0])


def is_one_to_one(parts) -> bool:
    if not is_function(parts):
        return False
    ys = [q[1] for q in parts[0]["pts"]]
    return all(b > a for a, b in zip(ys, ys[1:])) or all(b < a for a, b in zip(ys, ys[1:]))


def mirrored(part):
    if part["kind"] == "poly":
        return {**part, "pts": [[x, -y] for x, y in part["pts"]]}
    return {**part, "c": [part["c"][0], -part["c"][1]]}


def _same(a, b) -> bool:
    if a["kind"] != b["kind"]:
        return False
    if a["kind"] == "poly":
        return a["pts"] == b["pts"] or a["pts"] == b["pts"][::-1]
    return a == b


def x_symmetric(parts) -> bool:
    """The relation equals its reflection in the x-axis (part by part, after a sort)."""
    if len(parts) == 1 and parts[0]["kind"] == "poly":
        pts = sorted(map(tuple, parts[0]["pts"]))
        return pts == sorted((x, -y) for x, y in pts)
    return all(any(_same(mirrored(p), q) for q in parts) for p in parts)


def y_range(parts) -> tuple[float, float]:
    lo, hi = math.inf, -math.inf
    for p in parts:
        if p["kind"] == "poly":
            ys = [q[1] for q in p["pts"]]
        else:
            r = p["r"] if p["kind"] == "circle" else p["ry"]
            ys = [p["c"][1] - r, p["c"][1] + r]
        lo, hi = min(lo, *ys), max(hi, *ys)
    return lo, hi


def extent_on(parts, a: float, b: float) -> tuple[float, float]:
    """(min, max) of a function's values over a <= x <= b (vertices inside and the ends)."""
    pts = sorted(map(tuple, parts[0]["pts"]))
    vals = [y for x, y in pts if a <= x <= b]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        for t in (a, b):
            if x0 <= t <= x1 and x1 > x0:
                vals.append(y0 + (y1 - y0) * (t - x0) / (x1 - x0))
    return min(vals), max(vals)


def inside_plane(parts) -> bool:
    for p in parts:
        if p["kind"] in ("poly", "line"):
            if any(abs(v) > 4.6 + 1e-6 for q in p.get("pts", [p.get("a"), p.get("b")]) for v in q):
                return False
        else:
            rx = p["r"] if p["kind"] == "circle" else p["rx"]
            ry = p["r"] if p["kind"] == "circle" else p["ry"]
            if abs(p["c"][0]) + rx > 4.6 or abs(p["c"][1]) + ry > 4.6:
                return False
    return True


# ---------------------------------------------------------------------- the scene
class FunctionPanels(Scene):
    domain, scene_id, size = "geometry", "function_panels", (1060, 736)
    megapixels = (0.78, 1.3)
    description = ("Lettered coordinate-plane panels, each showing one relation (graphs, sideways parabolas, "
                   "circles, ellipses, joined branches) or a line and a circle or two circles; the panel "
                   "letters are the options.")

    def sample(self, rng, difficulty):
        return {"n": int(PANELS[difficulty][int(rng.integers(len(PANELS[difficulty])))]), "dots": difficulty == 1}

    def canvas_size(self, state):
        cols, rows = GRID[len(state["panels"])]
        return (int(cols * CELL + 36), int(rows * CELL + 36))

    def render(self, c, state, params):
        n = len(state["panels"])
        cols, _ = GRID[n]
        look = c.style.accent
        step = 1 if c.style.density == "dense" else 2
        for k, (box, parts) in enumerate(zip(grid_boxes((18, 18, c.width - 18, c.height - 18), n, cols),
                                             state["panels"])):
            x0, y0, x1, y1 = panel_card(c, box, LETTERS[k], align="l", size=19.0, id=f"panel:{k}")
            side = min(x1 - x0, y1 - y0)
            pl = Plane.fit(x0 + (x1 - x0 - side) / 2, y0, side, side, -LIM, LIM, -LIM, LIM)
            draw_plane(c, pl, major=0, tick_step=step, font_size=12.0)
            color = f"series:{(look + k) % 6}"
            for p in parts:
                draw_part(c, pl, p, color)
            if state.get("dots") and len(parts) == 2 and parts[1]["kind"] == "circle":
                for x, y in meeting_points(*parts):
                    px, py = pl.px(x, y)
                    c.circle(px, py, 5.0, fill="ink")


def draw_part(c, pl, p, color):
    u = pl.unit
    if p["kind"] == "poly":
        pts = pl.pts(p["pts"])
        c.polyline(pts, color=color, lw=2.8)
        if p["dots"]:
            for x, y in pts:
                c.circle(x, y, 3.6, fill=color)
    elif p["kind"] == "circle":
        cx, cy = pl.px(*p["c"])
        c.circle(cx, cy, p["r"] * u, stroke=color, lw=2.8)
    elif p["kind"] == "ellipse":
        cx, cy = pl.px(*p["c"])
        c.ellipse(cx, cy, p["rx"] * u, p["ry"] * u, stroke=color, lw=2.8)
    else:                                   # a line across the plane
        (ax, ay), (bx, by) = pl.px(*p["a"]), pl.px(*p["b"])
        c.line(ax, ay, bx, by, color=color, lw=2.8)


def meeting_points(first, second):
    """Where a line or circle meets a circle (tangent points once)."""
    cx, cy, r = second["c"][0], second["c"][1], second["r"]
    if first["kind"] == "line":
        (ax, ay), (bx, by) = first["a"], first["b"]
        dx, dy = bx - ax, by - ay
        L = math.hypot(dx, dy)
        ux, uy = dx / L, dy / L
        t = (cx - ax) * ux + (cy - ay) * uy
        fx, fy = ax + t * ux, ay + t * uy
        d = math.hypot(cx - fx, cy - fy)
        if d > r + 1e-6:
            return []
        s = math.sqrt(max(0.0, r * r - d * d))
        return [(fx + s * ux, fy + s * uy)] + ([(fx - s * ux, fy - s * uy)] if s > 1e-6 else [])
    (x0, y0), r0 = first["c"], first["r"]
    D = math.hypot(cx - x0, cy - y0)
    if D > r0 + r + 1e-6 or D < abs(r0 - r) - 1e-6 or D == 0:
        return []
    a = (r0 * r0 - r * r + D * D) / (2 * D)
    h = math.sqrt(max(0.0, r0 * r0 - a * a))
    mx, my = x0 + a * (cx - x0) / D, y0 + a * (cy - y0) / D
    pts = [(mx + h * (cy - y0) / D, my - h * (cx - x0) / D)]
    return pts + ([(mx - h * (cy - y0) / D, my + h * (cx - x0) / D)] if h > 1e-6 else [])


SCENE = FunctionPanels()
task = SCENE.task
