"""A small pinhole-camera toolkit for 3D scenes drawn with cairo.

World coordinates are right-handed with ``z`` up (the ground plane is ``z = 0``).  A
``Camera`` is placed at ``eye`` looking at ``target`` with a focal length in logical pixels;
``project`` returns image coordinates (y down) and the depth along the viewing axis.

Meshes are convex solids given as ``(verts (N, 3), faces [index lists])`` with faces wound
counter-clockwise seen from outside, so back faces can be culled.  Scenes draw whole objects
far-to-near (painter's algorithm) and, inside one convex object, only its front faces.
"""

from __future__ import annotations

import math

import numpy as np

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

    def to_camera(self, pts) -> np.ndarray:
        return (np.asarray(pts, dtype=float) - self.eye) @ self.rot.T

    def project(self, pts):
        """(N, 3) world points -> ((N, 2) image points, (N,) depths)."""
        pc = self.to_camera(pts)
        z = pc[:, 2]
        uv = np.empty((len(pc), 2))
        uv[:, 0] = self.cx + self.focal * pc[:, 0] / z
        uv[:, 1] = self.cy - self.focal * pc[:, 1] / z
        return uv, z

    def depth(self, point) -> float:
        return float((np.asarray(point, dtype=float) - self.eye) @ self.forward)

    def distance(self, point) -> float:
        return float(np.linalg.norm(np.asarray(point, dtype=float) - self.eye))


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


def face_normals(verts, faces):
    out = []
    for f in faces:
        p = verts[f]
        ctr = p.mean(axis=0)
        # Newell's method: robust for any planar polygon
        nx = ny = nz = 0.0
        for i in range(len(p)):
            a, b = p[i], p[(i + 1) % len(p)]
            nx += (a[1] - b[1]) * (a[2] + b[2])
            ny += (a[2] - b[2]) * (a[0] + b[0])
            nz += (a[0] - b[0]) * (a[1] + b[1])
        n = np.array([nx, ny, nz])
        n /= (np.linalg.norm(n) or 1.0)
        out.append((n, ctr))
    return out


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


# ---------------------------------------------------------------------------------- shading

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
    n = np.cross(verts[i1] - p0, verts[i2] - p0)
    n /= np.linalg.norm(n, axis=1, keepdims=True)
    facing = np.einsum("ij,ij->i", n, cam.eye - p0) > 1e-9
    return [(int(i), n[i]) for i in np.nonzero(facing)[0]]


def bbox(uv) -> tuple[float, float, float, float]:
    return (float(uv[:, 0].min()), float(uv[:, 1].min()), float(uv[:, 0].max()), float(uv[:, 1].max()))
