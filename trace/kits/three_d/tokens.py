"""Small solid tokens for belt and fixture rigs, drawn with the kit's camera (``three_d.camera``).

``draw_token`` paints one token (cube, ball, cylinder, cone, pyramid, hexagonal nut, star, ring,
cross) standing on the plane ``z = z0`` at ``(x, y)`` with footprint radius ``r`` and returns its
projected box.  Convex tokens draw only their front faces; the extruded star and cross sort their
side walls far to near and put the top cap last (the camera is always above the plane); the ring
draws its outer wall, the far part of its inner wall and its top annulus.  ``proxy_cover`` gives,
per token, the share of its (shape-independent) proxy box covered by nearer proxies, the
visibility check of counting tasks.  ``PALETTE`` holds the named colours tokens are painted in.
"""

from __future__ import annotations

import math

import cairo
import numpy as np

from .camera import (bbox, hex_rgb, box_mesh, draw_mesh, draw_sphere, fill_face, ground_circle, hull, path, prism_mesh,
                     shade, stroke_outline, UP)

TOKENS = ("cube", "sphere", "cylinder", "cone", "pyramid", "nut", "star", "ring", "cross")
TOKEN_NOUN = {"cube": ("cube", "cubes"), "sphere": ("ball", "balls"), "cylinder": ("cylinder", "cylinders"),
              "cone": ("cone", "cones"), "pyramid": ("pyramid", "pyramids"), "nut": ("hexagonal nut", "hexagonal nuts"),
              "star": ("star", "stars"), "ring": ("ring", "rings"), "cross": ("plus-shaped block", "plus-shaped blocks")}
PALETTE = {"red": "#E03A3A", "orange": "#F08A1C", "yellow": "#E6C81E", "green": "#3BAF4A", "cyan": "#30C4DE",
           "blue": "#2F6FE0", "purple": "#8E44C8", "magenta": "#D62D94", "brown": "#8B6B3E", "maroon": "#8E2F45"}
PALETTE_RGB = {k: hex_rgb(v) for k, v in PALETTE.items()}


def pick_look(rng, n_kinds: int, n_colors: int) -> tuple[list[str], list[str]]:
    """``n_kinds`` distinct token kinds and ``n_colors`` distinct palette colours, each in table order."""
    kinds = [TOKENS[int(i)] for i in sorted(rng.choice(len(TOKENS), n_kinds, replace=False))]
    names = list(PALETTE)
    return kinds, [names[int(i)] for i in sorted(rng.choice(len(names), n_colors, replace=False))]


def token_noun(kind: str, k: int = 2) -> str:
    return TOKEN_NOUN[kind][0 if k == 1 else 1]


def colour_word(name: str) -> str:
    return f"{name} ({PALETTE[name]})"


def _star_poly(x, y, r, rot, points=5, inner=0.45):
    out = []
    for k in range(2 * points):
        rr = r if k % 2 == 0 else r * inner
        a = rot + math.pi * k / points
        out.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    return out


def _cross_poly(x, y, r, rot, arm=0.36):
    a = arm * r
    base = [(a, -a), (r, -a), (r, a), (a, a), (a, r), (-a, r), (-a, a), (-r, a), (-r, -a), (-a, -a), (-a, -r), (a, -r)]
    c, s = math.cos(rot), math.sin(rot)
    return [(x + c * u - s * v, y + s * u + c * v) for u, v in base]


def _extrusion(c, cam, light, poly, z0, h, rgb, edge):
    """A (possibly non-convex) counter-clockwise polygon extruded upwards: walls far to near, then the cap."""
    ctx = c.ctx
    n = len(poly)
    bot = np.array([(x, y, z0) for x, y in poly])
    top = bot + [0.0, 0.0, h]
    uvb, _ = cam.project(bot)
    uvt, _ = cam.project(top)
    walls = []
    for k in range(n):
        j = (k + 1) % n
        a, b = bot[k], bot[j]
        nrm = np.array([b[1] - a[1], -(b[0] - a[0]), 0.0])
        nrm /= (np.linalg.norm(nrm) or 1.0)
        mid = (a + b) / 2 + [0.0, 0.0, h / 2]
        if float(np.dot(nrm, cam.eye - mid)) > 0:
            walls.append((cam.distance(mid), k, j, nrm))
    for _, k, j, nrm in sorted(walls, reverse=True):
        fill_face(ctx, [uvb[k], uvb[j], uvt[j], uvt[k]], shade(rgb, nrm, light), edge, 1.0)
    fill_face(ctx, list(uvt), shade(rgb, UP, light), edge, 1.2)
    return bbox(np.vstack([uvb, uvt]))


def draw_token(c, cam, light, kind, x, y, r, rgb, rot=0.0, z0=0.0):
    """Paint one token; returns its projected box (x0, y0, x1, y1)."""
    ctx = c.ctx
    edge = tuple(0.42 * ch for ch in rgb)
    if kind == "sphere":
        rad = 0.85 * r
        uv = draw_sphere(ctx, cam, light, np.array([x, y, z0 + rad]), rad, rgb, edge, 1.2, lift=0.55, glow=0.28,
                         mid=0.45)
        return bbox(uv)
    if kind == "star":
        return _extrusion(c, cam, light, _star_poly(x, y, 1.05 * r, rot), z0, 0.45 * r, rgb, edge)
    if kind == "cross":
        return _extrusion(c, cam, light, _cross_poly(x, y, 0.95 * r, rot), z0, 0.5 * r, rgb, edge)
    if kind == "ring":
        return _ring(c, cam, light, x, y, 0.95 * r, 0.5 * r, 0.4 * r, z0, rgb, edge)
    if kind == "cube":
        verts, faces = box_mesh(x, y, 1.25 * r, 1.25 * r, 1.25 * r, rot=rot, z0=z0)
    elif kind == "cylinder":
        verts, faces = prism_mesh(x, y, 0.8 * r, 1.5 * r, n=28, rot=rot, z0=z0)
    elif kind == "cone":
        verts, faces = prism_mesh(x, y, 0.9 * r, 1.7 * r, n=28, rot=rot, z0=z0, top_radius=0.0)
    elif kind == "pyramid":
        verts, faces = prism_mesh(x, y, 0.98 * r, 1.35 * r, n=4, rot=rot, z0=z0, top_radius=0.0)
    else:   # nut: a low hexagonal prism
        verts, faces = prism_mesh(x, y, 0.92 * r, 0.7 * r, n=6, rot=rot, z0=z0)
    smooth = kind in ("cylinder", "cone")   # the facets meet without seams, the silhouette is outlined
    uv = draw_mesh(ctx, cam, light, verts, faces, rgb, edge, 1.1, smooth=smooth, hull_lw=1.2 if smooth else None)
    return bbox(uv)


def _ring(c, cam, light, x, y, ro, ri, h, z0, rgb, edge, n=32):
    ctx = c.ctx
    outer_b = ground_circle(x, y, ro, n, z0)
    outer_t = ground_circle(x, y, ro, n, z0 + h)
    inner_b = ground_circle(x, y, ri, n, z0)
    inner_t = ground_circle(x, y, ri, n, z0 + h)
    ob, _ = cam.project(outer_b)
    ot, _ = cam.project(outer_t)
    ib, _ = cam.project(inner_b)
    it, _ = cam.project(inner_t)
    side = tuple(0.75 * ch for ch in rgb)
    for k in range(n):
        j = (k + 1) % n
        mid = (outer_b[k] + outer_b[j]) / 2
        nrm = mid - [x, y, z0]
        nrm /= np.linalg.norm(nrm)
        if float(np.dot(nrm, cam.eye - mid)) > 0:      # outer wall, front half
            fill_face(ctx, [ob[k], ob[j], ot[j], ot[k]], shade(rgb, nrm, light), edge, aa=False)
    path(ctx, ot)
    ctx.new_sub_path()
    path(ctx, it[::-1])
    ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
    ctx.set_source_rgb(*shade(rgb, UP, light))
    ctx.fill()
    ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
    for k in range(n):
        j = (k + 1) % n
        mid = (inner_b[k] + inner_b[j]) / 2
        nrm = [x, y, z0] - mid
        nrm /= np.linalg.norm(nrm)
        if float(np.dot(nrm, cam.eye - mid)) > 0:      # inner wall seen through the hole
            fill_face(ctx, [ib[k], ib[j], it[j], it[k]], side, edge, aa=False)
    stroke_outline(ctx, it, edge, 1.2)
    stroke_outline(ctx, hull(np.vstack([ob, ot])), edge, 1.2)
    return bbox(np.vstack([ob, ot]))


_RING = ground_circle(0.0, 0.0, 1.0, 12, 0.0)


def proxy_boxes(cam, spots, height=1.5):
    """Projected boxes of the shape-independent proxies (cylinder radius r, height ``height`` r) of
    ``spots`` = [(x, y, r, z0)]."""
    proxy = np.vstack([_RING, _RING + [0.0, 0.0, height]])
    pts = np.vstack([proxy * r + [x, y, z0] for x, y, r, z0 in spots])
    uv, _ = cam.project(pts)
    uv = uv.reshape(len(spots), len(proxy), 2)
    return [tuple(float(v) for v in b) for b in zip(uv[:, :, 0].min(1), uv[:, :, 1].min(1),
                                                     uv[:, :, 0].max(1), uv[:, :, 1].max(1))]


def proxy_cover(cam, spots, size, cell=4, height=1.5, lift=1.0):
    """Per spot, the share of its proxy box covered by the proxies of nearer spots (nearness measured
    to the point ``lift`` r above the spot's base)."""
    W, H = size
    boxes = proxy_boxes(cam, spots, height)
    order = sorted(range(len(spots)),
                   key=lambda i: cam.distance((spots[i][0], spots[i][1], spots[i][3] + lift * spots[i][2])))
    acc = np.zeros((int(H) // cell + 2, int(W) // cell + 2), dtype=bool)
    out = [0.0] * len(spots)
    for i in order:
        x0, y0, x1, y1 = (max(0, int(v // cell)) for v in boxes[i])
        region = acc[y0:y1 + 1, x0:x1 + 1]
        out[i] = float(region.mean()) if region.size else 1.0
        region[...] = True
    return out


def proxies_visible(cam, spots, size, margin, max_cover, height=1.5, lift=1.0) -> bool:
    """Every proxy inside the frame ``size`` less ``margin`` and none covered more than ``max_cover``."""
    W, H = size
    if any(b[0] < margin or b[1] < margin or b[2] > W - margin or b[3] > H - margin
           for b in proxy_boxes(cam, spots, height)):
        return False
    return max(proxy_cover(cam, spots, (W, H), height=height, lift=lift), default=0.0) <= max_cover


def sample_visible(rng, attempt, fit, visible, tries=30):
    """Draw a state with ``attempt(rng)`` (None: no state this time), fit its view with ``fit(state, rng)``,
    until ``visible(state)``, at most ``tries`` times; the last state drawn (None if none), its
    ``visible_ok`` set."""
    state = None
    for _ in range(tries):
        got = attempt(rng)
        if got is None:
            continue
        state = got
        fit(state, rng)
        if visible(state):
            state["visible_ok"] = True
            return state
    if state is not None:
        state["visible_ok"] = False
    return state


def draw_order(cam, spots):
    """Spot indices far to near."""
    return sorted(range(len(spots)), key=lambda i: -cam.distance((spots[i][0], spots[i][1], spots[i][3] + spots[i][2])))
