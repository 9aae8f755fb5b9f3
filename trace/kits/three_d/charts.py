"""Perspective 3D charts drawn with the kit's camera (``three_d.camera``).

A chart lives in a world box ``[0, X] x [0, Y] x [0, Z]`` (x: categories / front axis, y: depth,
z: value, up).  ``fit_camera`` places an orbit camera and scales it so the box fills a pixel
region; ``draw_axis_box`` draws the floor, the back and left walls with a gridline at every tick
and the tick labels on the front-left vertical edge; ``bar_layout`` / ``draw_bars`` draw bars as
shaded boxes far-to-near with an integer value label above each, and ``bars_readable`` says
whether every bar's top and label stay clear of the bars drawn in front of it (scenes reject
states where they do not).  ``surface_*`` draw a z = f(x, y) mesh coloured by a colour map.
"""

from __future__ import annotations

import numpy as np

from .camera import Camera, bbox, box_mesh, draw_mesh, fill_face, fit_scale, hull, inside

LIGHT = np.array([0.35, -0.55, 0.76])
LIGHT = LIGHT / np.linalg.norm(LIGHT)


# ------------------------------------------------------------------------------ camera
def fit_camera(box, region, az: float, el: float, *, dist_factor: float = 8.0):
    """An orbit camera around the box centre whose view of the box (its 8 corners) fills
    ``region`` = (x0, y0, x1, y1) in logical pixels, centred."""
    X, Y, Z = box
    corners = np.array([(x, y, z) for x in (0, X) for y in (0, Y) for z in (0, Z)], dtype=float)
    target = (X / 2, Y / 2, Z / 2)
    dist = dist_factor * max(X, Y, Z)
    cam = Camera.orbit(target, dist, az, el, 1.0, (0.0, 0.0))
    uv, _ = cam.project(corners)
    rx0, ry0, rx1, ry1 = region
    f, (u0, v0, u1, v1) = fit_scale(uv, rx1 - rx0, ry1 - ry0)
    cx = (rx0 + rx1) / 2 - f * (u0 + u1) / 2
    cy = (ry0 + ry1) / 2 - f * (v0 + v1) / 2
    return Camera.orbit(target, dist, az, el, f, (cx, cy))


def proj(cam, pts) -> list[tuple[float, float]]:
    uv, _ = cam.project(np.asarray(pts, dtype=float).reshape(-1, 3))
    return [(float(u), float(v)) for u, v in uv]


def draw_axis_box(c, cam, box, ticks, *, font_size: float = 13.0, label=lambda v: f"{v:g}",
                  scale: float = 1.0) -> None:
    """Floor, back wall (y = Y) and left wall (x = 0) in the panel colour, a gridline at every
    tick value ``t`` (height ``t * scale``) on both walls, and the tick labels left of the
    front-left vertical edge (``kind="tick"``)."""
    X, Y, Z = box
    floor = proj(cam, [(0, 0, 0), (X, 0, 0), (X, Y, 0), (0, Y, 0)])
    back = proj(cam, [(0, Y, 0), (X, Y, 0), (X, Y, Z), (0, Y, Z)])
    left = proj(cam, [(0, 0, 0), (0, Y, 0), (0, Y, Z), (0, 0, Z)])
    for poly in (floor, back, left):
        c.polygon(poly, fill="panel", stroke="grid", lw=1.0)
    for t in ticks:
        z = t * scale
        (a, b, d) = proj(cam, [(0, 0, z), (0, Y, z), (X, Y, z)])
        c.gridline(a[0], a[1], b[0], b[1])
        c.gridline(b[0], b[1], d[0], d[1])
        c.text(a[0] - 8, a[1], label(t), size=font_size, anchor="r", color="muted", kind="tick")
    (p0, p1, p2) = proj(cam, [(0, 0, 0), (0, 0, Z), (X, 0, 0)])
    c.line(p0[0], p0[1], p1[0], p1[1], color="ink", lw=1.5)
    c.line(p0[0], p0[1], p2[0], p2[1], color="ink", lw=1.5)


# ------------------------------------------------------------------------------ bars
def bar_layout(cam, bars, *, label_size: float = 13.0):
    """Screen geometry of ``bars`` (dicts with x, y, w, d, h, text): per bar its projected
    vertices, hull, top face, front-top point, label centre and label box, and the painter's
    order (far to near)."""
    out = []
    for b in bars:
        verts, faces = box_mesh(b["x"] + b["w"] / 2, b["y"] + b["d"] / 2, b["w"], b["d"], max(b["h"], 1e-3))
        uv, _ = cam.project(verts)
        top = [tuple(map(float, uv[k])) for k in (4, 5, 6, 7)]
        tx = sum(p[0] for p in top) / 4
        ty_min = min(p[1] for p in top)
        tw = 0.6 * label_size * len(b["text"]) + 4
        ly = ty_min - 4 - label_size / 2
        front_top = proj(cam, [(b["x"] + b["w"] / 2, b["y"], b["h"])])[0]
        out.append({
            "verts": uv, "faces": faces, "mesh": verts,
            "hull": hull(uv),
            "top": top, "label": (tx, ly),
            "label_box": (tx - tw / 2, ly - label_size / 2 - 1, tx + tw / 2, ly + label_size / 2 + 1),
            "point": front_top,
            "box": bbox(uv),
            "depth": cam.depth((b["x"] + b["w"] / 2, b["y"] + b["d"] / 2, b["h"] / 2)),
        })
    order = sorted(range(len(bars)), key=lambda k: -out[k]["depth"])
    return out, order


def _box_pts(b):
    x0, y0, x1, y1 = b
    return [(x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2), ((x0 + x1) / 2, y0),
            ((x0 + x1) / 2, y1), (x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)]


def boxes_overlap(a, b, pad=1.0) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def bars_readable(geo, order, *, bounds=None) -> bool:
    """Every bar's top face and value label are clear of the bars drawn after it (nearer), no
    two labels touch, and (with ``bounds``) every label lies inside ``bounds``."""
    rank = {k: r for r, k in enumerate(order)}
    # a point more than 2 px outside a hull's bounding box is outside the hull for either tolerance: skip
    # the exact test there (the answer is the same, the exact test is the cost)
    near = [(float(h["hull"][:, 0].min()) - 2.0, float(h["hull"][:, 1].min()) - 2.0,
             float(h["hull"][:, 0].max()) + 2.0, float(h["hull"][:, 1].max()) + 2.0) for h in geo]

    def hit(j, pts, tol):
        x0, y0, x1, y1 = near[j]
        return any(x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and inside(geo[j]["hull"], p, tol=tol) for p in pts)

    for k, g in enumerate(geo):
        probes = list(g["top"]) + [(sum(p[0] for p in g["top"]) / 4, sum(p[1] for p in g["top"]) / 4)]
        label = _box_pts(g["label_box"])
        probes += label
        for j, h in enumerate(geo):
            if j == k:
                continue
            if rank[j] > rank[k] and hit(j, probes, 0.5):
                return False
            if hit(j, label, -1.0):
                return False
            if j > k and boxes_overlap(g["label_box"], h["label_box"]):
                return False
        if bounds is not None:
            lb = g["label_box"]
            if lb[0] < bounds[0] or lb[1] < bounds[1] or lb[2] > bounds[2] or lb[3] > bounds[3]:
                return False
    return True


def draw_box(c, cam, verts, faces, rgb, *, edge=None):
    """A convex box mesh: its front faces shaded under ``LIGHT``, dark edges."""
    edge = edge or tuple(0.5 * ch for ch in rgb)
    draw_mesh(c.ctx, cam, LIGHT, verts, faces, rgb, edge, 1.0, ambient=0.72, diffuse=0.34)


def draw_bars(c, cam, bars, geo, order, colors, ids, *, label_size: float = 13.0) -> None:
    """Bars far-to-near, each registered as ``ids[k]`` (box, front-top point, fill colour) with
    its value label (``bars[k]["text"]``) above its top face."""
    for k in order:
        g, b = geo[k], bars[k]
        draw_box(c, cam, g["mesh"], g["faces"], c.color(colors[k]))
        c.register(ids[k], box=g["box"], point=g["point"], fill=colors[k])
    for k in order:
        g, b = geo[k], bars[k]
        c.text(g["label"][0], g["label"][1], b["text"], size=label_size, color="ink")


# ------------------------------------------------------------------------------ surfaces
def surface_quads(cam, xs, ys, zz, *, zscale=1.0):
    """Projected quads of a grid surface z = zz[j][i] over xs (i) x ys (j), far-to-near: list of
    (pixel polygon, mean z)."""
    quads = []
    for j in range(len(ys) - 1):
        for i in range(len(xs) - 1):
            pts = [(xs[i], ys[j], zz[j][i]), (xs[i + 1], ys[j], zz[j][i + 1]),
                   (xs[i + 1], ys[j + 1], zz[j + 1][i + 1]), (xs[i], ys[j + 1], zz[j + 1][i])]
            w = [(x, y, z * zscale) for x, y, z in pts]
            ctr = np.mean(np.array(w), axis=0)
            quads.append((cam.depth(ctr), proj(cam, w), float(np.mean([p[2] for p in pts]))))
    quads.sort(key=lambda t: -t[0])
    return [(poly, z) for _, poly, z in quads]


def colormap(t: float, stops=((0.0, (0.23, 0.30, 0.75)), (0.5, (0.87, 0.87, 0.87)), (1.0, (0.71, 0.02, 0.15)))):
    """A diverging blue-grey-red colour for ``t`` in [0, 1]."""
    t = min(1.0, max(0.0, t))
    for (a, ca), (b, cb) in zip(stops, stops[1:]):
        if t <= b:
            u = (t - a) / (b - a)
            return tuple(x + (y - x) * u for x, y in zip(ca, cb))
    return stops[-1][1]


def draw_surface(c, cam, xs, ys, zz, zlo, zhi, *, zscale=1.0, edge=(0.25, 0.25, 0.25)) -> None:
    ctx = c.ctx
    for poly, z in surface_quads(cam, xs, ys, zz, zscale=zscale):
        fill_face(ctx, poly, colormap((z - zlo) / (zhi - zlo)), edge, 0.6)


def draw_floor_grid(c, cam, box, *, xticks=(), yticks=(), sx=1.0, sy=1.0, font_size: float = 13.0,
                    xlabels=None, ylabels=True) -> None:
    """Floor gridlines at every x tick (x = t * sx, front to back) and y tick (y = t * sy, left to
    right); x labels below the front edge (``xlabels`` overrides the texts), y labels right of
    the right edge (``kind="tick"``)."""
    X, Y, _ = box
    for n, t in enumerate(xticks):
        a, b = proj(cam, [(t * sx, 0, 0), (t * sx, Y, 0)])
        c.gridline(a[0], a[1], b[0], b[1])
        text = xlabels[n] if xlabels is not None else f"{t:g}"
        c.text(a[0], a[1] + 16, text, size=font_size, color="muted", kind="tick")
    for t in yticks:
        a, b = proj(cam, [(0, t * sy, 0), (X, t * sy, 0)])
        c.gridline(a[0], a[1], b[0], b[1])
        if ylabels:
            c.text(b[0] + 8, b[1], f"{t:g}", size=font_size, anchor="l", color="muted", kind="tick")
