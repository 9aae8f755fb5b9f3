"""The camera of the 3D kit and the primitives every 3D drawing shares.

World coordinates are right-handed with ``z`` up (the ground plane is ``z = 0``).  A ``Camera``
sits at ``eye`` looking at ``target`` with a focal length in logical pixels; ``project`` returns
image coordinates (y down) and the depth along the viewing axis; ``project_clipped`` and
``segment`` clip polygons and lines at the near plane first (floors and walls that reach behind
the camera).

Meshes are convex solids given as ``(verts (N, 3), faces [index lists])`` with faces wound
counter-clockwise seen from outside: ``front_faces`` culls the back faces, ``shade`` lights a face
(Lambert, never darker than the ambient share so a named colour stays recognisable) under the
kit's one light direction ``light_dir(cam)``.  ``draw_mesh`` and ``draw_sphere`` paint a convex solid
or a ball; ``path`` / ``fill_face`` / ``stroke_outline`` are the cairo primitives all of them use;
``hull`` (the outline of projected points) and ``inside`` (a point strictly inside a convex image
polygon) are the image-plane geometry that visibility checks share with the drawing.
"""

from __future__ import annotations

import math

import cairo
import numpy as np

from ..geometry import convex_hull

UP = np.array([0.0, 0.0, 1.0])


class Camera:
    def __init__(self, eye, target, focal: float, center):
        self.eye = np.asarray(eye, dtype=float)
        self.target = np.asarray(target, dtype=float)
        self.focal = float(focal)
        self.cx, self.cy = float(center[0]), float(center[1])
        fwd = self.target - self.eye
        fwd /= np.linalg.norm(fwd)
        right = np.cross(fwd, UP)
        right /= np.linalg.norm(right)
        up = np.cross(right, fwd)
        self.forward, self.right, self.up = fwd, right, up
        self.rot = np.stack([right, up, fwd])          # world -> camera axes (x right, y up, z forward)

    @classmethod
    def orbit(cls, target, distance: float, azimuth_deg: float, elevation_deg: float, focal: float, center):
        """A camera on a sphere around ``target`` (azimuth about z, elevation above the ground)."""
        az, el = math.radians(azimuth_deg), math.radians(elevation_deg)
        t = np.asarray(target, dtype=float)
        eye = t + distance * np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])
        return cls(eye, t, focal, center)

    @classmethod
    def stored(cls, cm: dict, target=(0.0, 0.0, 0.0)):
        """The camera a state stores as the dict ``cm``: an eye (ex, ey, ez) looking at (tx, ty, tz), or
        else an orbit (dist, az, el) around ``target`` (its x and y replaced by ``cm``'s tx and ty where
        it has them); with its focal and image centre (cx, cy)."""
        if "ex" in cm:
            return cls((cm["ex"], cm["ey"], cm["ez"]), (cm["tx"], cm["ty"], cm["tz"]), cm["focal"],
                       (cm["cx"], cm["cy"]))
        target = (cm.get("tx", target[0]), cm.get("ty", target[1]), target[2])
        return cls.orbit(target, cm["dist"], cm["az"], cm["el"], cm["focal"], (cm["cx"], cm["cy"]))

    def to_camera(self, pts) -> np.ndarray:
        return (np.asarray(pts, dtype=float) - self.eye) @ self.rot.T

    def to_image(self, pc) -> np.ndarray:
        """(N, 3) camera-space points (in front of the camera) -> (N, 2) image points."""
        uv = np.empty((len(pc), 2))
        uv[:, 0] = self.cx + self.focal * pc[:, 0] / pc[:, 2]
        uv[:, 1] = self.cy - self.focal * pc[:, 1] / pc[:, 2]
        return uv

    def project(self, pts):
        """(N, 3) world points -> ((N, 2) image points, (N,) depths)."""
        pc = self.to_camera(pts)
        return self.to_image(pc), pc[:, 2]

    def depth(self, point) -> float:
        return float((np.asarray(point, dtype=float) - self.eye) @ self.forward)

    def distance(self, point) -> float:
        return float(np.linalg.norm(np.asarray(point, dtype=float) - self.eye))


def hex_rgb(h: str) -> tuple:
    """``"#RRGGBB"`` as an RGB triple in 0..1 (the colours models and tokens are drawn in)."""
    return tuple(int(h[i:i + 2], 16) / 255 for i in (1, 3, 5))


def fit_scale(uv, width: float, height: float):
    """The scale that fits image points ``uv`` (projected at unit focal) into ``width`` x ``height``,
    and their extent (u0, v0, u1, v1)."""
    (u0, v0), (u1, v1) = np.min(uv, axis=0), np.max(uv, axis=0)
    return min(width / (u1 - u0), height / (v1 - v0)), (u0, v0, u1, v1)


def store_view(cm: dict, f, left, top, u0, v0) -> None:
    """Record a fitted view in the camera dict ``cm`` of a state: focal ``f`` with the extent's corner
    (u0, v0) at image point (left, top), rounded as states store them."""
    cm.update(focal=round(f, 3), cx=round(left - f * u0, 2), cy=round(top - f * v0, 2))


# ---------------------------------------------------------------------------------- clipping

def clip_near(pc, near: float = 0.05):
    """Clip a camera-space polygon against the plane z = near (Sutherland-Hodgman)."""
    out = []
    n = len(pc)
    for k in range(n):
        a, b = pc[k], pc[(k + 1) % n]
        ina, inb = a[2] > near, b[2] > near
        if ina:
            out.append(a)
        if ina != inb:
            t = (near - a[2]) / (b[2] - a[2])
            out.append(a + t * (b - a))
    return np.array(out)


def project_clipped(cam: Camera, pts):
    """Image polygon of a world polygon, clipped at the camera's near plane (None when nothing is left)."""
    pc = clip_near(cam.to_camera(pts))
    if len(pc) < 3:
        return None
    return cam.to_image(pc)


def segment(ctx, cam: Camera, a, b, near: float = 0.05) -> None:
    """Add the world segment a-b, clipped at the near plane, to the current path."""
    pa, pb = cam.to_camera(np.array([a, b], float))
    if pa[2] <= near and pb[2] <= near:
        return
    if pa[2] <= near:
        pa = pa + (near - pa[2]) / (pb[2] - pa[2]) * (pb - pa)
    if pb[2] <= near:
        pb = pb + (near - pb[2]) / (pa[2] - pb[2]) * (pa - pb)
    uv = cam.to_image(np.array([pa, pb]))
    ctx.move_to(*uv[0])
    ctx.line_to(*uv[1])


# ---------------------------------------------------------------------------------- meshes

def box_mesh(cx, cy, size_x, size_y, height, rot=0.0, z0=0.0):
    """An axis-aligned (then rotated about z) box standing on ``z = z0``."""
    hx, hy = size_x / 2, size_y / 2
    c, s = math.cos(rot), math.sin(rot)
    base = [(-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy)]
    ring = [(cx + c * x - s * y, cy + s * x + c * y) for x, y in base]
    verts = np.array([(x, y, z0) for x, y in ring] + [(x, y, z0 + height) for x, y in ring])
    faces = [[0, 3, 2, 1], [4, 5, 6, 7], [0, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [3, 0, 4, 7]]
    return verts, faces


def prism_mesh(cx, cy, radius, height, n=28, rot=0.0, z0=0.0, top_radius=None):
    """A cylinder (``top_radius`` = radius), frustum, or cone (``top_radius`` = 0)."""
    top_r = radius if top_radius is None else top_radius
    ang = rot + np.arange(n) * (2 * math.pi / n)
    ca, sa = np.cos(ang), np.sin(ang)
    bottom = np.stack([cx + radius * ca, cy + radius * sa, np.full(n, z0)], axis=1)
    if top_r <= 1e-9:
        apex = np.array([[cx, cy, z0 + height]])
        verts = np.vstack([bottom, apex])
        faces = [[k, (k + 1) % n, n] for k in range(n)] + [list(range(n - 1, -1, -1))]
        return verts, faces
    top = np.stack([cx + top_r * ca, cy + top_r * sa, np.full(n, z0 + height)], axis=1)
    verts = np.vstack([bottom, top])
    faces = [[k, (k + 1) % n, n + (k + 1) % n, n + k] for k in range(n)]
    faces.append(list(range(n - 1, -1, -1)))
    faces.append(list(range(n, 2 * n)))
    return verts, faces


def sphere_silhouette(cam: Camera, center, radius: float, n: int = 40):
    """World points of the circle where sight lines graze the sphere (its exact outline)."""
    p = np.asarray(center, dtype=float)
    d = p - cam.eye
    dist = float(np.linalg.norm(d))
    d /= dist
    q = p - (radius * radius / dist) * d
    rho = radius * math.sqrt(max(0.0, 1.0 - (radius / dist) ** 2))
    a = np.cross(d, UP)
    if np.linalg.norm(a) < 1e-9:
        a = np.array([1.0, 0.0, 0.0])
    a /= np.linalg.norm(a)
    b = np.cross(d, a)
    t = np.arange(n) * (2 * math.pi / n)
    return q + rho * (np.cos(t)[:, None] * a + np.sin(t)[:, None] * b)


def ground_circle(cx, cy, radius, n=24, z=0.0):
    t = np.arange(n) * (2 * math.pi / n)
    return np.stack([cx + radius * np.cos(t), cy + radius * np.sin(t), np.full(n, z)], axis=1)


# ---------------------------------------------------------------------------------- light, culling

def light_dir(cam: Camera) -> np.ndarray:
    """The kit's light: from above, behind the viewer's left shoulder (unit vector)."""
    v = 0.9 * UP - 0.55 * cam.right - 0.35 * cam.forward + 0.25 * cam.up
    return v / np.linalg.norm(v)


def shade(rgb, normal, light, ambient=0.62, diffuse=0.42):
    """Lambert shading that keeps a named colour recognisable (never darker than ``ambient``)."""
    k = ambient + diffuse * max(0.0, float(np.dot(normal, light)))
    return tuple(min(1.0, ch * k) for ch in rgb)


def front_faces(cam: Camera, verts, faces):
    """(face index, unit normal) for faces turned towards the camera (faces are planar and convex)."""
    i0 = np.array([f[0] for f in faces])
    i1 = np.array([f[1] for f in faces])
    i2 = np.array([f[2] for f in faces])
    p0 = verts[i0]
    a, b = verts[i1] - p0, verts[i2] - p0
    # np.cross(a, b) written out: the same products and differences, without its axis handling
    n = np.empty_like(a)
    n[:, 0] = a[:, 1] * b[:, 2] - a[:, 2] * b[:, 1]
    n[:, 1] = a[:, 2] * b[:, 0] - a[:, 0] * b[:, 2]
    n[:, 2] = a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]
    n /= np.linalg.norm(n, axis=1, keepdims=True)
    facing = np.einsum("ij,ij->i", n, cam.eye - p0) > 1e-9
    return [(int(i), n[i]) for i in np.nonzero(facing)[0]]


# ---------------------------------------------------------------------------------- image plane

def bbox(uv) -> tuple[float, float, float, float]:
    return (float(uv[:, 0].min()), float(uv[:, 1].min()), float(uv[:, 0].max()), float(uv[:, 1].max()))


def hull(uv) -> np.ndarray:
    """Convex outline (counter-clockwise) of image points, rounded to 1/1000 px first."""
    return np.array(convex_hull(np.round(uv, 3).tolist()))


def inside(poly, p, tol=0.5) -> bool:
    """``p`` strictly inside the convex polygon ``poly`` (either winding) by more than ``tol`` pixels."""
    n = len(poly)
    sign = 0
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        ex, ey = x1 - x0, y1 - y0
        ln = math.hypot(ex, ey) or 1.0
        cr = (ex * (p[1] - y0) - ey * (p[0] - x0)) / ln
        if abs(cr) <= tol:
            return False
        s = 1 if cr > 0 else -1
        if sign == 0:
            sign = s
        elif s != sign:
            return False
    return True


# ---------------------------------------------------------------------------------- painting

def path(ctx, pts) -> None:
    """A closed polygon as the current cairo path."""
    if isinstance(pts, np.ndarray):
        pts = pts.tolist()          # the same doubles, without a numpy scalar per coordinate
    ctx.move_to(*pts[0])
    for p in pts[1:]:
        ctx.line_to(*p)
    ctx.close_path()


def fill_face(ctx, pts, rgb, edge, lw=1.1, aa=True) -> None:
    """Fill a polygon and stroke its edge; ``aa=False`` fills without antialiasing and no edge (the
    facets of a round solid then meet without seams)."""
    path(ctx, pts)
    ctx.set_source_rgb(*rgb)
    if not aa:
        aa_was = ctx.get_antialias()
        ctx.set_antialias(cairo.ANTIALIAS_NONE)
        ctx.fill()
        ctx.set_antialias(aa_was)
        return
    ctx.fill_preserve()
    ctx.set_source_rgb(*edge)
    ctx.set_line_width(lw)
    ctx.stroke()


def stroke_outline(ctx, pts, edge, lw) -> None:
    path(ctx, pts)
    ctx.set_source_rgb(*edge)
    ctx.set_line_width(lw)
    ctx.stroke()


def draw_mesh(ctx, cam: Camera, light, verts, faces, rgb, edge, lw=1.1, *, smooth=False, seam_lw=None,
              hull_lw=None, ambient=0.62, diffuse=0.42, outline=None) -> np.ndarray:
    """Paint a convex mesh: its front faces shaded, with ``edge`` lines of width ``lw``.  With ``smooth``
    the side facets (<= 4 corners) of a round solid get no edge lines: filled without antialiasing, or
    with ``seam_lw`` stroked in their own colour.  ``hull_lw`` strokes the silhouette (``outline``: that
    silhouette, ``hull`` of the projected vertices, where the caller already has it).  Returns the
    projected vertices."""
    uv, _ = cam.project(verts)
    for fi, n in front_faces(cam, verts, faces):
        col = shade(rgb, n, light, ambient, diffuse)
        pts = uv[faces[fi]]
        if smooth and len(faces[fi]) <= 4:
            if seam_lw:
                fill_face(ctx, pts, col, col, seam_lw)
            else:
                fill_face(ctx, pts, col, edge, aa=False)
        else:
            fill_face(ctx, pts, col, edge, lw)
    if hull_lw:
        stroke_outline(ctx, hull(uv) if outline is None else outline, edge, hull_lw)
    return uv


def draw_sphere(ctx, cam: Camera, light, ctr, rad, rgb, edge, lw=1.1, *, n=40, lift=0.5, glow=0.25,
                mid=0.5) -> np.ndarray:
    """Paint a ball: its exact outline filled with a radial gradient whose highlight sits ``lift`` radii
    towards the light.  Returns the outline's image points."""
    uv, _ = cam.project(sphere_silhouette(cam, ctr, rad, n))
    hl, _ = cam.project((ctr + lift * rad * light)[None, :])
    hu, hv = float(hl[0, 0]), float(hl[0, 1])
    ext = float(np.max(np.hypot(uv[:, 0] - hu, uv[:, 1] - hv)))
    grad = cairo.RadialGradient(hu, hv, ext * 0.05, hu, hv, ext)
    grad.add_color_stop_rgb(0.0, *(min(1.0, ch + glow) for ch in rgb))
    grad.add_color_stop_rgb(mid, *rgb)
    grad.add_color_stop_rgb(1.0, *(0.62 * ch for ch in rgb))
    path(ctx, uv)
    ctx.set_source(grad)
    ctx.fill_preserve()
    ctx.set_source_rgb(*edge)
    ctx.set_line_width(lw)
    ctx.stroke()
    return uv
