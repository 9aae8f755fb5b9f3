"""geometry/rectangular_solid: a rectangular solid drawn to scale in oblique view (hidden edges
dashed) with its edges labelled, a cube wire frame with some edges highlighted and their total
length printed, or a rectangular sheet with equal square corners cut out to fold into an open box.

Tasks: the edge of a cube from the highlighted total (total / number of highlighted edges), a
cuboid's total surface area 2(LW + LH + WH), a missing dimension from the volume, and a base
dimension of the folded box (sheet side - 2 cut).  All measurements are whole.

Difficulty: the size of the numbers (and of the highlighted set).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, around, hatch
from tracegen.kits.solids import BOX_EDGES, DASH, Oblique, box_corners, box_edge_hidden, dimension, draw_box

SIZE = (820, 600)
BOX = (170, 95, 650, 520)
DIM = {1: (3, 12), 2: (5, 30), 3: (12, 60)}          # surface-area cuboids
MISSING = {1: (3, 15), 2: (4, 47), 3: (20, 90)}      # the missing dimension
OTHER = {1: (2, 8), 2: (2, 12), 3: (5, 20)}
EDGE = {1: (2, 15), 2: (4, 50), 3: (20, 99)}
HIGHLIGHT = {1: (2, 4), 2: (2, 9), 3: (5, 9)}
BASE = {1: (3, 15), 2: (4, 53), 3: (20, 90)}
CUT = {1: (1, 4), 2: (1, 8), 3: (3, 15)}
NAMES = {"L": "length", "W": "width", "H": "height"}


def display(dims, ratio=5.0):
    """Dimensions drawn to scale, the shortest kept at least 1/ratio of the longest."""
    m = max(dims)
    return [max(v, m / ratio) for v in dims]


class RectangularSolid(Scene):
    domain, scene_id, size = "geometry", "rectangular_solid", SIZE
    megapixels = (0.46, 0.56)   # render-only: the original's one 820 x 600 canvas
    description = ("A labelled rectangular solid drawn to scale with dashed hidden edges, a cube frame with "
                   "highlighted edges and their total length, or a corner-cut sheet that folds into an open box.")

    def sample(self, rng, difficulty):
        return {"angle": round(float(rng.uniform(28, 40)), 2)}

    def render(self, c, state, params):
        labels = Labels(c)
        kind = state["kind"]
        if kind == "cuboid":
            self._cuboid(c, state, labels)
        elif kind == "frame":
            self._frame(c, state, labels)
        else:
            self._net(c, state, labels)
        r = labels.place(state["note"], around(410, 48, 0, 0.0), size=20)
        c.register("label:note", box=r)

    def _cuboid(self, c, state, labels):
        d = state["dims"]
        L, W, H = display([d["L"], d["W"], d["H"]])
        view = Oblique.fit(list(box_corners(L, W, H).values()), BOX, angle=state["angle"], depth=0.55)
        pts = draw_box(c, view, L, W, H, id="solid")
        for a, b in BOX_EDGES:
            labels.seg(pts[a], pts[b])
        ask = state.get("unknown")
        edges = {"L": ((0, 0, 0), (1, 0, 0), -26), "H": ((0, 0, 0), (0, 0, 1), 26), "W": ((1, 0, 0), (1, 1, 0), -24)}
        for key, (a, b, off) in edges.items():
            text = f"{key} = ?" if ask == key else f"{key} = {d[key]}"
            dimension(c, labels, pts[a], pts[b], text, offset=off, color="accent" if ask == key else "ink",
                      id=f"dim:{key}")
            c.register(f"edge:{key}", segment=(pts[a], pts[b]))

    def _frame(self, c, state, labels):
        view = Oblique.fit(list(box_corners(1, 1, 1).values()), BOX, angle=state["angle"], depth=0.6)
        pts = draw_box(c, view, 1, 1, 1, color="muted", lw=1.6, id="solid")
        for a, b in BOX_EDGES:
            labels.seg(pts[a], pts[b])
        hl = [BOX_EDGES[k] for k in state["highlight"]]
        xs, ys = [], []
        for a, b in hl:
            c.line(*pts[a], *pts[b], color="accent", lw=6.0)
            xs += [pts[a][0], pts[b][0]]
            ys += [pts[a][1], pts[b][1]]
        for p in {q for e in hl for q in e}:
            c.circle(*pts[p], 5.5, fill="accent")
        c.register("frame:highlight", box=(min(xs) - 4, min(ys) - 4, max(xs) + 4, max(ys) + 4), stroke="accent")
        a, b = BOX_EDGES[state["marked"]]
        pa, pb = pts[a], pts[b]
        r = labels.place("?", around((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2, 10, 1.57), size=20, bold=True)
        c.register("mark:edge", box=(min(pa[0], pb[0], r[0]) - 3, min(pa[1], pb[1], r[1]) - 3,
                                     max(pa[0], pb[0], r[2]) + 3, max(pa[1], pb[1], r[3]) + 3))

    def _net(self, c, state, labels):
        sl, sw, cut = state["sheet"]["length"], state["sheet"]["width"], state["sheet"]["cut"]
        x0, y0, x1, y1 = 230, 105, 590, 505
        k = min((x1 - x0) / sl, (y1 - y0) / sw)
        dx, dy = sl * k, sw * k
        ox, oy = (x0 + x1 - dx) / 2, (y0 + y1 - dy) / 2
        cp = max(cut * k, 14.0)
        cp = min(cp, dx / 3.2, dy / 3.2)
        c.rect(ox, oy, dx, dy, fill="panel", stroke="ink", lw=2.2, id="sheet")
        for cx, cy in ((ox, oy), (ox + dx - cp, oy), (ox, oy + dy - cp), (ox + dx - cp, oy + dy - cp)):
            hatch(c, lambda ctx, cx=cx, cy=cy: ctx.rectangle(cx, cy, cp, cp), (cx, cy, cx + cp, cy + cp),
                  color="muted", spacing=6.0)
            c.rect(cx, cy, cp, cp, stroke="ink", lw=1.6)
        # fold lines
        for x in (ox + cp, ox + dx - cp):
            c.line(x, oy + cp, x, oy + dy - cp, color="ink", lw=1.4, dash=DASH)
        for y in (oy + cp, oy + dy - cp):
            c.line(ox + cp, y, ox + dx - cp, y, color="ink", lw=1.4, dash=DASH)
        labels.box((ox, oy, ox + dx, oy + dy))
        if state["ask"] == "length":
            a, b = (ox + cp, oy + dy / 2), (ox + dx - cp, oy + dy / 2)
        else:
            a, b = (ox + dx / 2, oy + cp), (ox + dx / 2, oy + dy - cp)
        c.arrow(*a, *b, color="accent", lw=2.0, head=10)
        c.arrow(*b, *a, color="accent", lw=2.0, head=10)
        c.register("base:ask", segment=(a, b), stroke="accent")
        m = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        w = c.text_width("?", size=20, bold=True) + 10
        c.rect(m[0] - w / 2, m[1] - 14, w, 28, fill="background")
        c.text(*m, "?", size=20, bold=True)
        dimension(c, labels, (ox, oy + dy), (ox + dx, oy + dy), f"sheet length = {sl}", offset=-24, id="dim:length")
        dimension(c, labels, (ox, oy), (ox, oy + dy), f"sheet width = {sw}", offset=-24, id="dim:width")
        dimension(c, labels, (ox + dx, oy), (ox + dx - cp, oy), f"cut = {cut}", offset=-20, id="dim:cut")


SCENE = RectangularSolid()
task = SCENE.task

LEAD = ("The labelled diagram shows a rectangular solid, a cube frame or an open-box net with whole-number "
        "measurements. ")


def _ri(rng, lo, hi):
    return int(rng.integers(lo, hi + 1))


@task("cube_edge_from_frame_length_value", answer="integer", annotation="bbox", ops="counting,formula_evaluation")
def cube_edge_from_frame_length_value(q):
    lo, hi = EDGE[q.difficulty]
    e = q.target(list(range(lo, hi + 1)))

    def fn(s, rng):
        visible = [k for k, edge in enumerate(BOX_EDGES) if not box_edge_hidden(edge)]
        n = _ri(rng, *HIGHLIGHT[q.difficulty])
        hl = sorted(int(k) for k in rng.choice(visible, size=n, replace=False))
        s.update(kind="frame", edge=e, highlight=hl, marked=int(hl[_ri(rng, 0, n - 1)]),
                 note=f"Highlighted length = {e * n}")
        return s

    s = q.edit(fn)
    return q.answer(s["edge"], witnesses="mark:edge", examples=[s["edge"] + 2, 9],
                    question=LEAD + "The cube frame's thick highlighted edges have the printed total length. "
                                    "Count them: how long is one edge of the cube (the edge marked ?)?")


@task("cuboid_surface_area_value", answer="integer", annotation="bbox", ops="formula_evaluation")
def cuboid_surface_area_value(q):
    def fn(s, rng):
        lo, hi = DIM[q.difficulty]
        L, W, H = (_ri(rng, lo, hi) for _ in range(3))
        s.update(kind="cuboid", dims={"L": L, "W": W, "H": H}, note="Surface area = ?")
        return s

    d = q.edit(fn)["dims"]
    sa = 2 * (d["L"] * d["W"] + d["L"] * d["H"] + d["W"] * d["H"])
    return q.answer(sa, witnesses="solid", examples=[sa + 40, 1250],
                    question=LEAD + "Using the cuboid's length L, width W and height H, what is its total surface "
                                    "area?")


@task("cuboid_volume_missing_dimension_value", answer="integer", annotation="segment", ops="formula_evaluation",
      queries=("missing_length_from_volume", "missing_width_from_volume", "missing_height_from_volume"))
def cuboid_volume_missing_dimension_value(q):
    key = {"missing_length_from_volume": "L", "missing_width_from_volume": "W",
           "missing_height_from_volume": "H"}[q.query_id]
    lo, hi = MISSING[q.difficulty]
    t = q.target(list(range(lo, hi + 1)))

    def fn(s, rng):
        dims = {k: (t if k == key else _ri(rng, *OTHER[q.difficulty])) for k in "LWH"}
        q.require(t not in [v for k, v in dims.items() if k != key], "the answer equals a printed edge")
        s.update(kind="cuboid", dims=dims, unknown=key, note=f"Volume = {dims['L'] * dims['W'] * dims['H']}")
        return s

    s = q.edit(fn)
    return q.answer(s["dims"][key], witnesses=f"edge:{key}", examples=[s["dims"][key] + 3, 14],
                    question=LEAD + f"Using the labelled edges and the printed volume, what is the {NAMES[key]} "
                                    f"{key} marked ?")


@task("open_box_net_dimension_value", answer="integer", annotation="segment", ops="formula_evaluation")
def open_box_net_dimension_value(q):
    lo, hi = BASE[q.difficulty]
    t = q.target(list(range(lo, hi + 1)))

    def fn(s, rng):
        cut = _ri(rng, *CUT[q.difficulty])
        ask = ("length", "width")[_ri(rng, 0, 1)]
        other = _ri(rng, max(lo, 2), hi) + 2 * cut
        side = t + 2 * cut
        sl, sw = (side, other) if ask == "length" else (other, side)
        q.require(t not in (sl, sw, cut), "the answer equals a printed measurement")
        q.require(max(sl, sw) <= 4 * min(sl, sw), "sheet too narrow")
        s.update(kind="net", sheet={"length": sl, "width": sw, "cut": cut}, ask=ask,
                 note="Open box: cut the corner squares and fold up the sides")
        return s

    s = q.edit(fn)
    sh = s["sheet"]
    ans = sh[s["ask"]] - 2 * sh["cut"]
    return q.answer(ans, witnesses="base:ask", examples=[ans + 2, 11],
                    question=LEAD + "Equal square corners (hatched) are cut from the sheet and the sides fold up "
                                    "along the fold lines to form an open-top box. What is the box's base "
                                    "dimension marked ?")
