"""Line drawings of solids for geometry diagrams: cabinet-oblique boxes and prisms, upright
cylinders, cones and frustums seen slightly from above (circles as ellipses), with the hidden
edges dashed, and labelled dimension lines; plus cube nets and their folding.

Coordinates: a solid's world frame has ``x`` to the right, ``y`` receding into the page and ``z``
up.  ``Oblique`` maps it to the canvas (y down) with the receding axis drawn up and to the right
at ``angle`` degrees and foreshortened by ``depth``, so the back-left-bottom corner of a box is
the hidden one.  Round solids are drawn directly in canvas units from a base centre, radius
(``rx``), ellipse squash (``ry``) and height.
"""

from __future__ import annotations

import math

from .constructions import Labels, around, dimension_line

DASH = (7.0, 5.0)
LW = 2.4


# ---------------------------------------------------------------------- the oblique view
class Oblique:
    """Cabinet-oblique parallel projection, uniformly scaled into a canvas box."""

    def __init__(self, k: float, ox: float, oy: float, angle: float = 35.0, depth: float = 0.5):
        self.k, self.ox, self.oy = k, ox, oy
        self.dx = depth * math.cos(math.radians(angle))
        self.dy = depth * math.sin(math.radians(angle))

    def raw(self, p):
        x, y, z = p
        return (x + self.dx * y, z + self.dy * y)

    def px(self, p):
        u, v = self.raw(p)
        return (self.ox + self.k * u, self.oy - self.k * v)

    @classmethod
    def fit(cls, points, box, *, angle: float = 35.0, depth: float = 0.5):
        probe = cls(1.0, 0.0, 0.0, angle, depth)
        uv = [probe.raw(p) for p in points]
        us, vs = [u for u, _ in uv], [v for _, v in uv]
        x0, y0, x1, y1 = box
        k = min((x1 - x0) / max(max(us) - min(us), 1e-9), (y1 - y0) / max(max(vs) - min(vs), 1e-9))
        ox = (x0 + x1) / 2 - k * (min(us) + max(us)) / 2
        oy = (y0 + y1) / 2 + k * (min(vs) + max(vs)) / 2
        return cls(k, ox, oy, angle, depth)


def box_corners(L, W, H, origin=(0.0, 0.0, 0.0)):
    """The 8 corners keyed by (i, j, k) in {0, 1}^3 (x, y, z ends)."""
    x0, y0, z0 = origin
    return {(i, j, k): (x0 + i * L, y0 + j * W, z0 + k * H) for i in (0, 1) for j in (0, 1) for k in (0, 1)}


BOX_EDGES = [((0, 0, 0), (1, 0, 0)), ((0, 1, 0), (1, 1, 0)), ((0, 0, 1), (1, 0, 1)), ((0, 1, 1), (1, 1, 1)),
             ((0, 0, 0), (0, 1, 0)), ((1, 0, 0), (1, 1, 0)), ((0, 0, 1), (0, 1, 1)), ((1, 0, 1), (1, 1, 1)),
             ((0, 0, 0), (0, 0, 1)), ((1, 0, 0), (1, 0, 1)), ((0, 1, 0), (0, 1, 1)), ((1, 1, 0), (1, 1, 1))]
HIDDEN_CORNER = (0, 1, 0)


def box_edge_hidden(edge) -> bool:
    """In the oblique view the three edges at the back-left-bottom corner are hidden."""
    return HIDDEN_CORNER in edge


def draw_box(c, view: Oblique, L, W, H, *, origin=(0.0, 0.0, 0.0), color="ink", lw=LW, hidden=True,
             top=True, skip=(), id=None):
    """A box's 12 edges (hidden ones dashed, or left out with ``hidden=False``); ``top=False`` leaves
    the four top edges out (a box whose top another solid covers), ``skip`` names edges not to draw.
    Returns the canvas corners."""
    pts = {key: view.px(p) for key, p in box_corners(L, W, H, origin).items()}
    for e in BOX_EDGES:
        if e in skip or (not top and e[0][2] == 1 and e[1][2] == 1):
            continue
        a, b = pts[e[0]], pts[e[1]]
        if box_edge_hidden(e):
            if hidden:
                c.line(*a, *b, color=color, lw=lw * 0.7, dash=DASH)
        else:
            c.line(*a, *b, color=color, lw=lw)
    if id is not None:
        xs, ys = [p[0] for p in pts.values()], [p[1] for p in pts.values()]
        c.register(id, box=(min(xs), min(ys), max(xs), max(ys)), stroke=color)
    return pts


def view_direction(view: Oblique):
    """The direction (world) the oblique view looks along, into the page."""
    return (-view.dx, 1.0, -view.dy)


def polyhedron_edges(verts, faces, view: Oblique):
    """The edges of a convex polyhedron (vertices, faces as index lists in any winding) as
    (i, j, hidden): an edge is hidden when both faces meeting there turn away from the viewer."""
    n = len(verts)
    cen = [sum(v[k] for v in verts) / n for k in range(3)]
    d = view_direction(view)
    front = []
    for f in faces:
        a, b, cc = (verts[i] for i in f[:3])
        u = [b[k] - a[k] for k in range(3)]
        w = [cc[k] - a[k] for k in range(3)]
        nrm = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]]
        fc = [sum(verts[i][k] for i in f) / len(f) for k in range(3)]
        if sum(nrm[k] * (fc[k] - cen[k]) for k in range(3)) < 0:
            nrm = [-x for x in nrm]
        front.append(sum(nrm[k] * d[k] for k in range(3)) < -1e-9)
    seen = {}
    for fi, f in enumerate(faces):
        for k in range(len(f)):
            e = tuple(sorted((f[k], f[(k + 1) % len(f)])))
            seen.setdefault(e, []).append(front[fi])
    return [(i, j, not any(fl)) for (i, j), fl in sorted(seen.items())]


def draw_polyhedron(c, view: Oblique, verts, faces, *, color="ink", lw=LW, hidden=True, labels=None, id=None):
    """A convex polyhedron's edges, the hidden ones dashed (or left out); returns canvas points."""
    pts = [view.px(v) for v in verts]
    for i, j, hid in polyhedron_edges(verts, faces, view):
        if hid:
            if hidden:
                c.line(*pts[i], *pts[j], color=color, lw=lw * 0.7, dash=DASH)
        else:
            c.line(*pts[i], *pts[j], color=color, lw=lw)
        if labels is not None:
            labels.seg(pts[i], pts[j])
    if id is not None:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        c.register(id, box=(min(xs), min(ys), max(xs), max(ys)), stroke=color)
    return pts


# ---------------------------------------------------------------------- round solids (canvas units)
def ellipse_points(cx, cy, rx, ry, t0, t1, n=48):
    """Points of an ellipse from parameter t0 to t1 (radians; canvas y down, so t in (0, pi) is the
    front, lower half)."""
    return [(cx + rx * math.cos(t0 + (t1 - t0) * i / n), cy + ry * math.sin(t0 + (t1 - t0) * i / n))
            for i in range(n + 1)]


def draw_rim(c, cx, cy, rx, ry, *, color="ink", lw=LW, back="dashed", fill=None):
    """An ellipse whose front half is solid and whose back half is ``dashed``, ``solid`` or not drawn."""
    if fill is not None:
        c.ellipse(cx, cy, rx, ry, fill=fill)
    c.polyline(ellipse_points(cx, cy, rx, ry, 0.0, math.pi), color=color, lw=lw)
    if back == "solid":
        c.polyline(ellipse_points(cx, cy, rx, ry, math.pi, 2 * math.pi), color=color, lw=lw)
    elif back == "dashed":
        c.polyline(ellipse_points(cx, cy, rx, ry, math.pi, 2 * math.pi), color=color, lw=lw * 0.7, dash=DASH)


def draw_cylinder(c, cx, by, rx, ry, h, *, color="ink", lw=LW, top=True, id=None):
    """An upright cylinder with base centre (cx, by) and top centre (cx, by - h): the top rim whole
    (when ``top``), the base rim's back half dashed."""
    draw_rim(c, cx, by, rx, ry, color=color, lw=lw)
    c.line(cx - rx, by, cx - rx, by - h, color=color, lw=lw)
    c.line(cx + rx, by, cx + rx, by - h, color=color, lw=lw)
    if top:
        draw_rim(c, cx, by - h, rx, ry, color=color, lw=lw, back="solid")
    if id is not None:
        c.register(id, box=(cx - rx, by - h - ry, cx + rx, by + ry), stroke=color)


def cone_tangent(rx, ry, h):
    """Where the outline of a cone with apex ``h`` above the base centre meets its base ellipse:
    (dx, dy) from the centre (canvas, dy < 0 is behind the centre line).  The tangents from the
    apex (0, -h) touch x^2/rx^2 + y^2/ry^2 = 1 where y = -ry^2 / h."""
    y = -ry * ry / h if h > ry else 0.0
    x = rx * math.sqrt(max(0.0, 1 - (y / ry) ** 2))
    return x, y


def draw_cone(c, cx, by, rx, ry, h, *, color="ink", lw=LW, base=True, id=None):
    """A cone with base centre (cx, by) and apex at (cx, by - h) (h < 0 points it down, its base
    rim then whole); the part of the base rim behind the outline is dashed."""
    if h > 0:
        tx, ty = cone_tangent(rx, ry, h)
        t = math.atan2(ty / ry, tx / rx)          # the tangent point's parameter (negative: behind)
        if base:
            c.polyline(ellipse_points(cx, by, rx, ry, t, math.pi - t), color=color, lw=lw)
            c.polyline(ellipse_points(cx, by, rx, ry, math.pi - t, 2 * math.pi + t), color=color, lw=lw * 0.7,
                       dash=DASH)
        c.line(cx - tx, by + ty, cx, by - h, color=color, lw=lw)
        c.line(cx + tx, by + ty, cx, by - h, color=color, lw=lw)
    else:
        if base:
            draw_rim(c, cx, by, rx, ry, color=color, lw=lw, back="solid")
        c.line(cx - rx, by, cx, by - h, color=color, lw=lw)
        c.line(cx + rx, by, cx, by - h, color=color, lw=lw)
    if id is not None:
        c.register(id, box=(cx - rx, min(by - ry, by - h), cx + rx, max(by + ry, by - h)), stroke=color)


def draw_frustum(c, cx, by, r_bottom, r_top, squash, h, *, color="ink", lw=LW, id=None):
    """A frustum (upright truncated cone): base rim at (cx, by) of radius ``r_bottom``, top rim ``h``
    above of radius ``r_top``, rims squashed by ``squash``; the base rim's back dashed."""
    draw_rim(c, cx, by, r_bottom, r_bottom * squash, color=color, lw=lw)
    draw_rim(c, cx, by - h, r_top, r_top * squash, color=color, lw=lw, back="solid")
    for s in (-1, 1):
        c.line(cx + s * r_bottom, by, cx + s * r_top, by - h, color=color, lw=lw)
    if id is not None:
        r = max(r_bottom, r_top)
        c.register(id, box=(cx - r, by - h - r_top * squash, cx + r, by + r_bottom * squash), stroke=color)


# ---------------------------------------------------------------------- dimensions
def dimension(c, labels: Labels, a, b, text, *, offset=22.0, color="ink", lw=1.6, size=17.0, id=None,
              halo=True):
    """A dimension line beside segment ab (``offset`` to its canvas left; negative for the right) with
    its label placed outside it; registers ``id`` as the box around line and label.  Returns the
    label's box."""
    mid, (nx, ny) = dimension_line(c, a, b, offset=offset, color=color, lw=lw)
    s = 1.0 if offset >= 0 else -1.0
    pa = (a[0] + nx * offset, a[1] + ny * offset)
    pb = (b[0] + nx * offset, b[1] + ny * offset)
    labels.seg(pa, pb)
    r = labels.place(text, around(mid[0], mid[1], 8.0, math.atan2(s * ny, s * nx)), size=size, color="ink",
                     halo=halo)
    if id is not None:
        xs = [pa[0], pb[0], r[0], r[2]]
        ys = [pa[1], pb[1], r[1], r[3]]
        c.register(id, box=(min(xs) - 2, min(ys) - 2, max(xs) + 2, max(ys) + 2), stroke=color)
    return r


# ---------------------------------------------------------------------- cube nets
# The 11 nets of a cube as cells (col, row); every one folds to a cube.
def _one_four_one(a, b):
    return [(0, 1), (1, 1), (2, 1), (3, 1), (a, 0), (b, 2)]


CUBE_NETS = ([_one_four_one(a, b) for a, b in ((0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2))]
             + [[(0, 0), (1, 0), (1, 1), (2, 1), (3, 1), (k, 2)] for k in (1, 2, 3)]
             + [[(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2)], [(0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (4, 1)]])


def fold_frames(cells):
    """Fold a net of six unit squares (cells (col, row), edge-adjacent) onto a cube by rolling it from
    the first cell: {cell: (normal, u, v)}, the outward normal of the cube face the cell lands on and
    the world directions of the net's +col and +row steps on that face (the first cell lies on
    (0, 0, -1) with columns along +x and rows along +y).  A cell's edge in net direction (dc, dr)
    lies on the cube edge it shares with the face whose normal is dc u + dr v."""
    cells = [tuple(p) for p in cells]
    out = {cells[0]: ((0, 0, -1), (1, 0, 0), (0, 1, 0))}
    todo = [cells[0]]
    while todo:
        cur = todo.pop()
        n, u, v = out[cur]
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nb = (cur[0] + dc, cur[1] + dr)
            if nb not in cells or nb in out:
                continue
            d = tuple(dc * a + dr * b for a, b in zip(u, v))    # the step's world direction
            back = tuple(-x for x in n)                         # rolling over that edge turns the step to -n
            if dc:
                nu, nv = (back if dc == 1 else n), v
            else:
                nu, nv = u, (back if dr == 1 else n)
            out[nb] = (d, nu, nv)
            todo.append(nb)
    return out


NORMAL_NAMES = {(1, 0, 0): "+x", (-1, 0, 0): "-x", (0, 1, 0): "+y", (0, -1, 0): "-y", (0, 0, 1): "+z",
                (0, 0, -1): "-z"}


def fold_net(cells):
    """{cell: face name ('+x' ... '-z', by outward normal)} for a net of six cells, or None when two
    cells land on one face (not a net)."""
    frames = fold_frames(cells)
    faces = {cell: NORMAL_NAMES[f[0]] for cell, f in frames.items()}
    if len(faces) != len(cells) or len(set(faces.values())) != len(cells):
        return None
    return faces


def net_variant(cells, turns: int, mirror: bool):
    """A net turned by ``turns`` quarter turns (and mirrored), shifted to start at (0, 0), in the
    same cell order."""
    pts = []
    for c, r in cells:
        if mirror:
            c = -c
        for _ in range(turns % 4):
            c, r = -r, c
        pts.append((c, r))
    mc, mr = min(p[0] for p in pts), min(p[1] for p in pts)
    return [(c - mc, r - mr) for c, r in pts]


OPPOSITE = {"+x": "-x", "-x": "+x", "+y": "-y", "-y": "+y", "+z": "-z", "-z": "+z"}
