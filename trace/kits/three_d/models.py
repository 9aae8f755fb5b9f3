"""Named 3D object models built from convex parts, drawn with the kit's camera (``three_d.camera``).

A model is a list of *parts*: convex meshes (``{"v": (N, 3) verts, "f": faces, "rgb": colour}``)
or spheres (``{"sphere": (centre, radius), "rgb": colour}``).  ``model(kind, ...)`` builds one
of the small objects (cube, ball, cone, star, cup, mushroom, trophy, ...), furniture props
(table, shelf, refrigerator, sofa, crate, ...), street or warehouse items standing on ``z = z0``,
scaled, turned about z and moved to (x, y).

``painter_order`` sorts the parts of several models far to near (painter's algorithm per convex
part, back faces culled inside each part); ``draw_items`` paints them in that order and returns
each model's projected box; ``visibility`` rasterises the same order and the same silhouettes
(``outline``) into an id buffer and reports, per model, the share of its silhouette that stays
visible -- so the occlusion checks of counting tasks, the drawing and the annotated boxes
(``item_box``, ``register_items``) all come from one geometry.  ``draw_floor``, ``fit_camera``,
``PanelScene``, ``picture`` and ``option_panel`` stage the scenes that show these models; ``rebuild``,
``option_order`` and ``option_answer`` are their tasks' layout retry and lettered answer.
"""

from __future__ import annotations

import math
from contextlib import contextmanager

import cairo
import numpy as np

from ..cards import label_badge
from ..geometry import cross
from .camera import (bbox, box_mesh, draw_mesh, draw_sphere, fit_scale, hull, light_dir, path, prism_mesh,
                     project_clipped, segment, sphere_silhouette, store_view)

# ---------------------------------------------------------------------------------- primitives


def extrude(poly, z0: float, h: float):
    """A convex 2D polygon (counter-clockwise, seen from above) extruded from z0 up by h."""
    n = len(poly)
    verts = np.array([(x, y, z0) for x, y in poly] + [(x, y, z0 + h) for x, y in poly], dtype=float)
    faces = [list(range(n - 1, -1, -1)), list(range(n, 2 * n))]
    faces += [[k, (k + 1) % n, n + (k + 1) % n, n + k] for k in range(n)]
    return verts, faces


def box(cx, cy, z0, sx, sy, sz):
    hx, hy = sx / 2, sy / 2
    return extrude([(cx - hx, cy - hy), (cx + hx, cy - hy), (cx + hx, cy + hy), (cx - hx, cy + hy)], z0, sz)


def ngon(cx, cy, r, n, rot=0.0):
    return [(cx + r * math.cos(rot + 2 * math.pi * k / n), cy + r * math.sin(rot + 2 * math.pi * k / n))
            for k in range(n)]


def half_cylinder(length, radius, n=10):
    """A half cylinder lying on its flat face, axis along x."""
    ang = np.linspace(0.0, math.pi, n + 1)
    ring = [(radius * math.cos(a), radius * math.sin(a)) for a in ang]   # (y, z)
    m = len(ring)
    verts = np.array([(-length / 2, y, z) for y, z in ring] + [(length / 2, y, z) for y, z in ring])
    faces = [list(range(m)), list(range(2 * m - 1, m - 1, -1))]
    faces += [[k + 1, k, m + k, m + k + 1] for k in range(m - 1)]
    faces.append([0, m - 1, 2 * m - 1, m])     # flat bottom
    return verts, faces


def octahedron(r, h):
    verts = np.array([(r, 0, h / 2), (0, r, h / 2), (-r, 0, h / 2), (0, -r, h / 2), (0, 0, 0), (0, 0, h)], float)
    faces = [[0, 1, 5], [1, 2, 5], [2, 3, 5], [3, 0, 5], [1, 0, 4], [2, 1, 4], [3, 2, 4], [0, 3, 4]]
    return verts, faces


def _p(mesh, rgb):
    return {"v": np.asarray(mesh[0], dtype=float), "f": mesh[1], "rgb": tuple(rgb)}


def _sph(c, r, rgb):
    return {"sphere": (np.asarray(c, dtype=float), float(r)), "rgb": tuple(rgb)}


def _mix(rgb, other, t):
    return tuple((1 - t) * a + t * b for a, b in zip(rgb, other))


WHITE, DARK, YELLOW, GREEN, BROWN = (0.96, 0.95, 0.9), (0.22, 0.22, 0.25), (0.98, 0.8, 0.2), (0.3, 0.62, 0.3), \
    (0.5, 0.35, 0.2)

# ---------------------------------------------------------------------------------- models (local, unit size)


def _small(kind, c):
    lite = _mix(c, WHITE, 0.55)
    if kind == "cube":
        return [_p(box(0, 0, 0, 0.62, 0.62, 0.62), c)]
    if kind == "ball":
        return [_sph((0, 0, 0.34), 0.34, c)]
    if kind == "cylinder":
        return [_p(prism_mesh(0, 0, 0.3, 0.75, n=24), c)]
    if kind == "cone":
        return [_p(prism_mesh(0, 0, 0.34, 0.85, n=24, top_radius=0.0), c)]
    if kind == "pyramid":
        return [_p(prism_mesh(0, 0, 0.44, 0.72, n=4, rot=math.pi / 4, top_radius=0.0), c)]
    if kind == "half cylinder":
        return [_p(half_cylinder(0.8, 0.32), c)]
    if kind == "arrow":
        return [_p(extrude([(-0.45, -0.09), (0.05, -0.09), (0.05, 0.09), (-0.45, 0.09)], 0, 0.16), c),
                _p(extrude([(0.05, -0.25), (0.45, 0.0), (0.05, 0.25)], 0, 0.16), c)]
    if kind == "star":
        pent = ngon(0, 0, 0.18, 5, math.pi / 2)
        parts = [_p(extrude(pent, 0, 0.2), c)]
        for k in range(5):
            a, b = pent[k], pent[(k + 1) % 5]
            ang = math.pi / 2 + 2 * math.pi * (k + 0.5) / 5
            tip = (0.44 * math.cos(ang), 0.44 * math.sin(ang))
            parts.append(_p(extrude([a, tip, b][::-1] if cross(a, tip, b) < 0 else [a, tip, b], 0, 0.2), c))
        return parts
    if kind == "ruler":
        return [_p(box(0, 0, 0, 1.1, 0.24, 0.06), c)]
    if kind == "book":
        return [_p(box(0, 0, 0, 0.66, 0.5, 0.05), c), _p(box(0.02, 0, 0.05, 0.6, 0.46, 0.1), WHITE),
                _p(box(0, 0, 0.15, 0.66, 0.5, 0.05), c)]
    if kind == "cup":
        return [_p(prism_mesh(0, 0, 0.24, 0.5, n=20), c), _p(box(0.3, 0, 0.12, 0.14, 0.07, 0.28), c)]
    if kind == "mushroom":
        return [_p(prism_mesh(0, 0, 0.11, 0.3, n=14), WHITE),
                _p(prism_mesh(0, 0, 0.42, 0.3, n=20, z0=0.3, top_radius=0.12), c)]
    if kind == "candle":
        return [_p(prism_mesh(0, 0, 0.12, 0.7, n=14), c),
                _p(prism_mesh(0, 0, 0.06, 0.18, n=10, z0=0.7, top_radius=0.0), YELLOW)]
    if kind == "hat":
        return [_p(prism_mesh(0, 0, 0.44, 0.05, n=24), c),
                _p(prism_mesh(0, 0, 0.25, 0.34, n=20, z0=0.05, top_radius=0.22), c)]
    if kind == "trophy":
        return [_p(box(0, 0, 0, 0.34, 0.34, 0.1), c), _p(prism_mesh(0, 0, 0.05, 0.26, n=10, z0=0.1), c),
                _p(prism_mesh(0, 0, 0.12, 0.36, n=20, z0=0.36, top_radius=0.3), c)]
    if kind == "lantern":
        return [_p(box(0, 0, 0, 0.36, 0.36, 0.08), DARK), _p(box(0, 0, 0.08, 0.3, 0.3, 0.42), lite),
                _p(prism_mesh(0, 0, 0.3, 0.2, n=4, rot=math.pi / 4, z0=0.5, top_radius=0.0), c)]
    if kind == "gem":
        return [_p(octahedron(0.34, 0.8), c)]
    if kind == "tree":
        return [_p(prism_mesh(0, 0, 0.08, 0.3, n=10), BROWN),
                _p(prism_mesh(0, 0, 0.34, 0.7, n=18, z0=0.3, top_radius=0.0), c)]
    if kind == "bowl":
        return [_p(prism_mesh(0, 0, 0.2, 0.24, n=22, top_radius=0.4), c)]
    if kind == "drum":
        return [_p(prism_mesh(0, 0, 0.36, 0.34, n=24), c), _p(prism_mesh(0, 0, 0.37, 0.04, n=24, z0=0.34), WHITE)]
    raise KeyError(kind)


def _prop(kind, c):
    dark = _mix(c, DARK, 0.35)
    if kind == "table":
        parts = [_p(box(0, 0, 0.78, 1.7, 1.1, 0.1), c)]
        parts += [_p(box(sx * 0.75, sy * 0.45, 0, 0.1, 0.1, 0.78), dark) for sx in (-1, 1) for sy in (-1, 1)]
        return parts
    if kind == "shelf":
        parts = [_p(box(sx * 0.68, 0, 0, 0.08, 0.55, 1.6), c) for sx in (-1, 1)]
        parts += [_p(box(0, 0, z, 1.28, 0.55, 0.07), c) for z in (0.0, 0.52, 1.04, 1.53)]
        parts.append(_p(box(0, 0.25, 0.07, 1.28, 0.04, 1.46), dark))
        return parts
    if kind == "refrigerator":
        return [_p(box(0, 0, 0, 0.85, 0.8, 2.0), c), _p(box(0.0, -0.42, 1.25, 0.8, 0.04, 0.02), dark),
                _p(box(0.3, -0.43, 0.55, 0.05, 0.05, 0.55), dark), _p(box(0.3, -0.43, 1.35, 0.05, 0.05, 0.4), dark)]
    if kind == "cabinet":
        return [_p(box(0, 0, 0, 1.3, 0.6, 1.0), c), _p(box(0, -0.31, 0.05, 0.02, 0.02, 0.9), dark),
                _p(box(-0.12, -0.32, 0.6, 0.06, 0.05, 0.06), dark), _p(box(0.12, -0.32, 0.6, 0.06, 0.05, 0.06), dark)]
    if kind == "sofa":
        return [_p(box(0, 0.02, 0, 1.6, 0.8, 0.42), c), _p(box(0, 0.33, 0.42, 1.6, 0.22, 0.5), dark),
                _p(box(-0.9, 0, 0, 0.2, 0.9, 0.65), dark), _p(box(0.9, 0, 0, 0.2, 0.9, 0.65), dark)]
    if kind == "bench":
        parts = [_p(box(0, 0, 0.45, 1.8, 0.5, 0.08), c), _p(box(0, 0.24, 0.6, 1.8, 0.06, 0.35), c)]
        parts += [_p(box(sx * 0.75, 0, 0, 0.1, 0.45, 0.45), dark) for sx in (-1, 1)]
        return parts
    if kind == "chair":
        parts = [_p(box(0, 0, 0.5, 0.65, 0.65, 0.08), c), _p(box(0, 0.29, 0.58, 0.65, 0.07, 0.7), c)]
        parts += [_p(box(sx * 0.27, sy * 0.27, 0, 0.07, 0.07, 0.5), dark) for sx in (-1, 1) for sy in (-1, 1)]
        return parts
    if kind == "crate":
        return [_p(box(0, 0, 0, 1.3, 1.0, 0.06), dark), _p(box(0, -0.47, 0, 1.3, 0.06, 0.5), c),
                _p(box(0, 0.47, 0, 1.3, 0.06, 0.5), c), _p(box(-0.62, 0, 0, 0.06, 0.88, 0.5), c),
                _p(box(0.62, 0, 0, 0.06, 0.88, 0.5), c)]
    if kind == "block":
        return [_p(box(0, 0, 0, 2.2, 1.4, 0.9), c)]
    if kind == "pedestal":
        return [_p(box(0, 0, 0, 1.0, 1.0, 1.0), c)]
    raise KeyError(kind)


def _vehicle(kind, c):
    """Road vehicles and street furniture, facing +x (vehicles), standing on z = 0 (metres)."""
    dark, glass = (0.16, 0.16, 0.18), (0.62, 0.78, 0.9)
    lite = _mix(c, WHITE, 0.35)

    def wheels(lx, wy, r=0.33, w=0.22):
        return [_p(box(sx * lx, sy * wy, 0, 2 * r, w, 2 * r), dark) for sx in (-1, 1) for sy in (-1, 1)]

    if kind in ("car", "taxi"):
        parts = wheels(1.25, 0.82) + [_p(box(0, 0, 0.3, 4.2, 1.8, 0.7), c), _p(box(-0.2, 0, 1.0, 2.2, 1.6, 0.55), lite)]
        if kind == "taxi":
            parts.append(_p(box(-0.2, 0, 1.55, 0.6, 0.35, 0.22), YELLOW))
        return parts
    if kind == "van":
        return wheels(1.4, 0.85) + [_p(box(0, 0, 0.3, 4.8, 2.0, 1.9), c), _p(box(2.41, 0, 1.2, 0.02, 1.7, 0.7), glass)]
    if kind == "pickup truck":
        return wheels(1.5, 0.85) + [_p(box(1.1, 0, 0.3, 2.6, 1.9, 0.8), c), _p(box(1.1, 0, 1.1, 1.6, 1.8, 0.7), lite),
                                    _p(box(-1.3, 0, 0.3, 2.2, 1.9, 0.25), c),
                                    _p(box(-1.3, 0.9, 0.55, 2.2, 0.1, 0.45), c), _p(box(-1.3, -0.9, 0.55, 2.2, 0.1, 0.45), c)]
    if kind == "bus":
        return wheels(3.4, 1.05, r=0.45) + [_p(box(0, 0, 0.4, 10.0, 2.4, 2.6), c),
                                            _p(box(0, -1.21, 1.6, 8.6, 0.02, 0.9), glass)]
    if kind in ("motorcycle", "bicycle", "scooter"):
        r = 0.36 if kind != "scooter" else 0.22
        parts = [_p(box(sx * 0.65, 0, 0, 2 * r, 0.1, 2 * r), dark) for sx in (-1, 1)]
        if kind == "motorcycle":
            parts += [_p(box(0, 0, 0.45, 1.2, 0.35, 0.35), c), _p(box(0.55, 0, 0.8, 0.08, 0.7, 0.08), dark)]
        elif kind == "bicycle":
            parts += [_p(box(0, 0, 0.62, 1.2, 0.06, 0.06), c), _p(box(-0.25, 0, 0.3, 0.06, 0.06, 0.6), c),
                      _p(box(0.55, 0, 0.35, 0.06, 0.06, 0.7), c), _p(box(0.55, 0, 1.05, 0.06, 0.55, 0.06), dark)]
        else:
            parts += [_p(box(0, 0, 0.22, 1.2, 0.2, 0.08), c), _p(box(0.6, 0, 0.3, 0.07, 0.07, 0.9), c),
                      _p(box(0.6, 0, 1.2, 0.07, 0.5, 0.06), dark)]
        return parts
    if kind == "fire hydrant":
        return [_p(prism_mesh(0, 0, 0.2, 0.6, n=14), c),
                _p(prism_mesh(0, 0, 0.23, 0.14, n=14, z0=0.6, top_radius=0.1), c),
                _p(box(0, 0, 0.35, 0.6, 0.12, 0.12), c)]
    if kind == "road barrel":
        return [_p(prism_mesh(0, 0, 0.3, 0.3, n=16), c), _p(prism_mesh(0, 0, 0.3, 0.2, n=16, z0=0.3), WHITE),
                _p(prism_mesh(0, 0, 0.3, 0.4, n=16, z0=0.5), c)]
    if kind == "traffic cone":
        return [_p(box(0, 0, 0, 0.6, 0.6, 0.06), c), _p(prism_mesh(0, 0, 0.22, 0.8, n=14, z0=0.06, top_radius=0.03), c)]
    if kind == "construction barrier":
        return [_p(box(sx * 0.7, 0, 0, 0.1, 0.5, 1.0), dark) for sx in (-1, 1)] + \
            [_p(box(0, 0, z, 1.8, 0.08, 0.2), c) for z in (0.45, 0.8)]
    if kind == "mailbox":
        return [_p(box(0, 0, 0, 0.12, 0.12, 1.0), dark), _p(box(0, 0, 1.0, 0.55, 0.4, 0.4), c)]
    if kind == "trash can":
        return [_p(prism_mesh(0, 0, 0.32, 0.9, n=16, top_radius=0.36), c),
                _p(prism_mesh(0, 0, 0.38, 0.08, n=16, z0=0.9), dark)]
    if kind == "street lamp":
        return [_p(prism_mesh(0, 0, 0.08, 3.6, n=10), dark), _p(box(0.35, 0, 3.6, 0.8, 0.12, 0.1), dark),
                _p(box(0.65, 0, 3.4, 0.35, 0.3, 0.2), YELLOW)]
    if kind == "phone booth":
        return [_p(box(0, 0, 0, 1.0, 1.0, 2.3), c), _p(box(-0.51, 0, 0.6, 0.02, 0.7, 1.3), glass)]
    raise KeyError(kind)


def _warehouse(kind, c):
    """Warehouse equipment and items (metres), facing +x where it matters."""
    dark, wood, card = (0.2, 0.2, 0.22), (0.72, 0.55, 0.32), (0.8, 0.64, 0.42)
    lite = _mix(c, WHITE, 0.4)
    if kind == "robot":
        return [_p(box(0, 0, 0.08, 1.1, 0.8, 0.45), c), _p(box(-0.15, 0, 0.53, 0.45, 0.45, 0.4), lite),
                _p(box(0.1, 0, 0.78, 0.08, 0.25, 0.12), dark)] + \
            [_p(box(sx * 0.38, sy * 0.42, 0, 0.22, 0.06, 0.16), dark) for sx in (-1, 1) for sy in (-1, 1)]
    if kind == "forklift":
        return [_p(box(-0.3, 0, 0.15, 1.8, 1.1, 0.9), c), _p(box(-0.5, 0, 1.05, 0.9, 1.0, 0.08), dark),
                _p(box(0.65, 0, 0, 0.12, 0.9, 2.2), dark)] + \
            [_p(box(sy * 0.3 * 0 + 1.25, sy * 0.3, 0.05, 1.1, 0.14, 0.06), dark) for sy in (-1, 1)] + \
            [_p(box(sx * 0.7 - 0.3, sy * 0.55, 0, 0.5, 0.12, 0.5), dark) for sx in (-1, 1) for sy in (-1, 1)]
    if kind == "rack":
        parts = [_p(box(sx * 1.95, sy * 0.45, 0, 0.1, 0.1, 2.4), dark) for sx in (-1, 0, 1) for sy in (-1, 1)]
        parts += [_p(box(0, 0, z, 4.0, 1.0, 0.06), c) for z in (0.1, 1.0, 1.9)]
        return parts
    if kind == "barrel":
        return [_p(prism_mesh(0, 0, 0.32, 0.9, n=18), c), _p(prism_mesh(0, 0, 0.33, 0.06, n=18, z0=0.28), dark),
                _p(prism_mesh(0, 0, 0.33, 0.06, n=18, z0=0.62), dark)]
    if kind == "box stack":
        return [_p(box(0, 0, 0, 0.8, 0.7, 0.55), card), _p(box(0.03, 0.02, 0.55, 0.7, 0.6, 0.5), card),
                _p(box(0, 0, 1.05, 0.6, 0.5, 0.4), card)]
    if kind == "storage bin":
        return [_p(box(0, 0, 0, 1.0, 0.7, 0.05), c), _p(box(0, -0.33, 0, 1.0, 0.04, 0.55), c),
                _p(box(0, 0.33, 0, 1.0, 0.04, 0.55), c), _p(box(-0.48, 0, 0, 0.04, 0.62, 0.55), c),
                _p(box(0.48, 0, 0, 0.04, 0.62, 0.55), c)]
    if kind == "wrapped bundle":
        return [_p(box(0, 0, 0, 1.1, 1.0, 0.14), wood), _p(box(0, 0, 0.14, 1.0, 0.9, 0.9), (0.82, 0.88, 0.9))]
    if kind == "warning bollard":
        return [_p(prism_mesh(0, 0, 0.14, 0.35, n=14), YELLOW), _p(prism_mesh(0, 0, 0.14, 0.2, n=14, z0=0.35), dark),
                _p(prism_mesh(0, 0, 0.14, 0.4, n=14, z0=0.55), YELLOW)]
    if kind == "tire stack":
        return [_p(prism_mesh(0, 0, 0.38, 0.24, n=18, z0=0.25 * k), dark) for k in range(3)]
    if kind == "pallet":
        return [_p(box(0, y, 0, 1.2, 0.18, 0.1), wood) for y in (-0.4, 0, 0.4)] + \
            [_p(box(x, 0, 0.1, 0.12, 1.0, 0.04), wood) for x in (-0.5, -0.17, 0.17, 0.5)]
    if kind == "cart":
        return [_p(box(0, 0, 0.25, 1.2, 0.7, 0.08), c), _p(box(-0.6, 0, 0.25, 0.06, 0.6, 0.75), dark)] + \
            [_p(box(sx * 0.45, sy * 0.28, 0, 0.16, 0.06, 0.2), dark) for sx in (-1, 1) for sy in (-1, 1)]
    raise KeyError(kind)


WAREHOUSE = ("robot", "forklift", "rack", "barrel", "box stack", "storage bin", "wrapped bundle", "warning bollard",
             "tire stack", "pallet", "cart")

STREET = ("car", "taxi", "van", "pickup truck", "bus", "motorcycle", "bicycle", "scooter", "fire hydrant",
          "road barrel", "traffic cone", "construction barrier", "mailbox", "trash can", "street lamp", "phone booth")
VEHICLES = ("car", "taxi", "van", "pickup truck", "bus", "motorcycle", "bicycle", "scooter")

SMALL = ("cube", "ball", "cylinder", "cone", "pyramid", "half cylinder", "arrow", "star", "ruler", "book", "cup",
         "mushroom", "candle", "hat", "trophy", "lantern", "gem", "tree", "bowl", "drum")
PROPS = ("table", "shelf", "refrigerator", "cabinet", "sofa", "bench", "chair", "crate")
# footprint radius and height at unit scale
FOOT = {"robot": 0.7, "forklift": 1.3, "rack": 2.1, "barrel": 0.33, "box stack": 0.53, "storage bin": 0.62,
        "wrapped bundle": 0.75, "warning bollard": 0.15, "tire stack": 0.38, "pallet": 0.75, "cart": 0.7,
        "car": 2.3, "taxi": 2.3, "van": 2.6, "pickup truck": 2.5, "bus": 5.2, "motorcycle": 1.1, "bicycle": 1.0,
        "scooter": 0.9, "fire hydrant": 0.4, "road barrel": 0.35, "traffic cone": 0.45, "construction barrier": 1.0,
        "mailbox": 0.4, "trash can": 0.45, "street lamp": 1.0, "phone booth": 0.75,
        "table": 1.0, "shelf": 0.75, "refrigerator": 0.6, "cabinet": 0.72, "sofa": 1.05, "bench": 0.95,
        "chair": 0.5, "crate": 0.82, "block": 1.3, "pedestal": 0.71, "ruler": 0.57, "arrow": 0.46,
        "book": 0.42, "half cylinder": 0.5, "cup": 0.4}
HEIGHT = {"robot": 0.93, "forklift": 2.2, "rack": 2.4, "barrel": 0.9, "box stack": 1.45, "storage bin": 0.55,
          "wrapped bundle": 1.04, "warning bollard": 0.95, "tire stack": 0.74, "pallet": 0.14, "cart": 1.0,
          "car": 1.55, "taxi": 1.77, "van": 2.2, "pickup truck": 1.8, "bus": 3.0, "motorcycle": 1.0,
          "bicycle": 1.1, "scooter": 1.26, "fire hydrant": 0.74, "road barrel": 0.9, "traffic cone": 0.86,
          "construction barrier": 1.0, "mailbox": 1.4, "trash can": 0.98, "street lamp": 3.7, "phone booth": 2.3,
          "table": 0.88, "shelf": 1.6, "refrigerator": 2.0, "cabinet": 1.0, "sofa": 0.92, "bench": 0.95,
          "chair": 1.28, "crate": 0.5, "block": 0.9, "pedestal": 1.0, "cube": 0.62, "ball": 0.68,
          "cylinder": 0.75, "cone": 0.85, "pyramid": 0.72, "half cylinder": 0.32, "arrow": 0.16, "star": 0.2,
          "ruler": 0.06, "book": 0.2, "cup": 0.5, "mushroom": 0.6, "candle": 0.88, "hat": 0.39, "trophy": 0.72,
          "lantern": 0.7, "gem": 0.8, "tree": 1.0, "bowl": 0.24, "drum": 0.38}


def footprint(kind: str, scale: float = 1.0) -> float:
    return FOOT.get(kind, 0.44) * scale


def height(kind: str, scale: float = 1.0) -> float:
    return HEIGHT[kind] * scale


def slab(rgb, x: float, y: float, sx: float, sy: float, h: float, rot: float = 0.0, z0: float = 0.0) -> list[dict]:
    """A box ``sx`` by ``sy`` by ``h`` (a pedestal, a platform) turned by ``rot`` about z."""
    verts, faces = box_mesh(x, y, sx, sy, h, rot=rot, z0=z0)
    return [{"v": verts, "f": faces, "rgb": tuple(rgb)}]


def model(kind: str, rgb, x: float = 0.0, y: float = 0.0, z0: float = 0.0, scale: float = 1.0,
          rot: float = 0.0) -> list[dict]:
    """World parts of ``kind`` scaled by ``scale``, turned by ``rot`` about z, standing at (x, y, z0)."""
    parts = (_small(kind, rgb) if kind in SMALL else _vehicle(kind, rgb) if kind in STREET
             else _warehouse(kind, rgb) if kind in WAREHOUSE else _prop(kind, rgb))
    c, s = math.cos(rot), math.sin(rot)
    rotm = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    off = np.array([x, y, z0])
    out = []
    for p in parts:
        if "sphere" in p:
            ctr, r = p["sphere"]
            out.append({"sphere": (rotm @ (ctr * scale) + off, r * scale), "rgb": p["rgb"]})
        else:
            out.append({"v": (p["v"] * scale) @ rotm.T + off, "f": p["f"], "rgb": p["rgb"]})
    return out



# ---------------------------------------------------------------------------------- drawing


def _centre(p):
    return p["sphere"][0] if "sphere" in p else p["v"].mean(axis=0)


def painter_order(cam, items, layers=None):
    """(item index, part) pairs far to near; ``items`` is a list of part lists.  With ``layers``
    (one int per item) lower layers are painted first (wall hangings before furniture)."""
    flat = [(i, p) for i, parts in enumerate(items) for p in parts]
    lay = layers or [0] * len(items)
    return sorted(flat, key=lambda ip: (lay[ip[0]], -cam.distance(_centre(ip[1]))))


_OUTLINES: dict = {}


def outline(cam, part):
    """Image polygon of a part's silhouette (convex hull of its projection).  Remembered per part object
    and exact camera (eye, axes, focal, centre): a scene that keeps its parts (``object_scene``) tests
    one layout's outlines several times; the polygon is returned read-only."""
    key = (id(part), cam.eye.tobytes(), cam.rot.tobytes(), np.array([cam.focal, cam.cx, cam.cy]).tobytes())
    hit = _OUTLINES.get(key)
    if hit is not None and hit[0] is part:
        return hit[1]
    if "sphere" in part:
        uv, _ = cam.project(sphere_silhouette(cam, part["sphere"][0], part["sphere"][1], 40))
    else:
        uv, _ = cam.project(part["v"])
        uv = hull(uv)
    uv.flags.writeable = False
    if len(_OUTLINES) >= 4096:
        _OUTLINES.clear()
    _OUTLINES[key] = (part, uv)          # the part is held, so its id is not reused while the entry lives
    return uv


def extent_points(cam, part):
    """Image points with exactly the bounding box of ``outline(cam, part)``, without the hull: the
    rounded projection (the outline when it is already known).  The hull keeps every extreme point: the
    monotone chain never pops the first or last point in sort order (least / greatest x), and pops a
    point only on a turn test whose exact value is a nonzero multiple of 1e-6 px^2 for a lowest or
    highest point on the 1/1000 px grid (so the float test has the same sign)."""
    key = (id(part), cam.eye.tobytes(), cam.rot.tobytes(), np.array([cam.focal, cam.cx, cam.cy]).tobytes())
    hit = _OUTLINES.get(key)
    if hit is not None and hit[0] is part:
        return hit[1]
    if "sphere" in part:
        return outline(cam, part)
    uv, _ = cam.project(part["v"])
    return np.round(uv, 3)


def item_box(cam, parts):
    uv = np.vstack([extent_points(cam, p) for p in parts])
    return bbox(uv)


def draw_part(ctx, cam, light, part, lw=1.1):
    base = part["rgb"]
    edge = tuple(0.4 * ch for ch in base)
    if "sphere" in part:
        draw_sphere(ctx, cam, light, part["sphere"][0], part["sphere"][1], base, edge, lw)
        return
    faces = part["f"]          # facets of a round solid: no seams, no edges
    # the silhouette is ``outline(cam, part)`` (the hull of the same projection), remembered for the
    # item boxes and any later test of this part under this camera
    draw_mesh(ctx, cam, light, part["v"], faces, base, edge, lw, smooth=len(faces) > 12, seam_lw=0.6, hull_lw=lw,
              outline=outline(cam, part) if lw else None)


def draw_items(c, cam, items, layers=None) -> list[tuple]:
    """Paint every part of every item far to near; returns each item's projected box."""
    light = light_dir(cam)
    for _i, part in painter_order(cam, items, layers):
        draw_part(c.ctx, cam, light, part)
    return [item_box(cam, parts) for parts in items]


def _raster(size, cell, fmt):
    """An unantialiased raster at 1/cell resolution of a ``size`` frame: (surface, context, w, h)."""
    w, h = int(size[0] / cell) + 2, int(size[1] / cell) + 2
    surf = cairo.ImageSurface(fmt, w, h)
    ctx = cairo.Context(surf)
    ctx.set_antialias(cairo.ANTIALIAS_NONE)
    ctx.scale(1.0 / cell, 1.0 / cell)
    return surf, ctx, w, h


def _mask(cam, parts, size, cell, outlines=None) -> np.ndarray:
    """Boolean raster of the union of the parts' silhouettes (``outlines``: their outlines, if known)."""
    s2, c2, w, h = _raster(size, cell, cairo.FORMAT_A8)
    for k, p in enumerate(parts):
        path(c2, outline(cam, p) if outlines is None else outlines[k])
        c2.fill()
    s2.flush()
    return np.frombuffer(s2.get_data(), dtype=np.uint8).reshape(h, s2.get_stride())[:, :w] > 0


def visibility(cam, items, size, cell: float = 3.0, layers=None) -> list[float]:
    """Share of each item's silhouette left visible after nearer parts are painted over it
    (an id buffer rasterised at 1/cell resolution, in the painter's order ``draw_items`` uses)."""
    surf, ctx, w, h = _raster(size, cell, cairo.FORMAT_RGB24)
    ctx.set_source_rgb(0, 0, 0)
    ctx.paint()
    outs = [[outline(cam, p) for p in parts] for parts in items]      # each outline once, for both rasters
    key = {id(p): outs[i][k] for i, parts in enumerate(items) for k, p in enumerate(parts)}
    for i, part in painter_order(cam, items, layers):
        k = i + 1
        ctx.set_source_rgb(((k >> 16) & 255) / 255, ((k >> 8) & 255) / 255, (k & 255) / 255)
        path(ctx, key[id(part)])
        ctx.fill()
    surf.flush()
    buf = np.frombuffer(surf.get_data(), dtype=np.uint32).reshape(h, surf.get_stride() // 4)[:, :w]
    ids = buf & 0xFFFFFF
    seen = np.bincount(ids.ravel(), minlength=len(items) + 1)[1:len(items) + 1]
    alone = np.array([float(_mask(cam, parts, size, cell, outs[i]).sum()) for i, parts in enumerate(items)])
    return [float(seen[i] / alone[i]) if alone[i] else 0.0 for i in range(len(items))]


def silhouette_mask(cam, parts, size, cell: float = 3.0) -> np.ndarray:
    """Boolean raster (at 1/cell resolution) of an item's silhouette, the one ``silhouettes_overlap``
    intersects: compute it once where one item is tested against many."""
    return _mask(cam, parts, size, cell)


def silhouettes_overlap(cam, parts_a, parts_b, size, cell: float = 3.0) -> int:
    """Pixels (at 1/cell resolution) where the two items' silhouettes overlap in the image."""
    return int((_mask(cam, parts_a, size, cell) & _mask(cam, parts_b, size, cell)).sum())


# ---------------------------------------------------------------------------------- staging


def draw_floor(c, cam, rect, *, step: float = 1.0, fill="panel", grid="grid", edge="muted", lw=1.0):
    """A floor rectangle (x0, y0, x1, y1) on z = 0 with grid lines every ``step``."""
    x0, y0, x1, y1 = rect
    poly = project_clipped(cam, np.array([(x0, y0, 0), (x1, y0, 0), (x1, y1, 0), (x0, y1, 0)], float))
    if poly is None:
        return
    c.polygon([tuple(p) for p in poly.tolist()], fill=fill)
    ctx = c.ctx
    ctx.save()
    path(ctx, poly)
    ctx.clip()
    ctx.set_source_rgb(*c.color(grid))
    ctx.set_line_width(lw)
    for v in np.arange(math.ceil(x0 / step) * step, x1 + 1e-9, step):
        segment(ctx, cam, (v, y0, 0), (v, y1, 0))
    for v in np.arange(math.ceil(y0 / step) * step, y1 + 1e-9, step):
        segment(ctx, cam, (x0, v, 0), (x1, v, 0))
    ctx.stroke()
    ctx.restore()
    if edge:
        c.polygon([tuple(p) for p in poly.tolist()], stroke=edge, lw=1.4)


def fit_camera(cm, uv, size, rng, zoom=(0.7, 0.85), margin=30):
    """Set ``cm``'s focal/cx/cy so the unit-focal projection ``uv`` fills a random share ``zoom`` of the
    frame ``size`` (inside ``margin``) at a random offset."""
    W, H = size
    m2 = 2 * margin
    share = float(rng.uniform(*zoom))
    scale, (u0, v0, u1, v1) = fit_scale(uv, W - m2, H - m2)
    f = share * scale
    left = margin + float(rng.uniform(0.3, 0.7)) * (W - m2 - f * (u1 - u0))
    top = margin + float(rng.uniform(0.3, 0.7)) * (H - m2 - f * (v1 - v0))
    store_view(cm, f, left, top, u0, v0)


class PanelScene:
    """Scene mixin (before ``Scene`` in the bases): a picture of size ``frames[state["frame"]]`` above a
    ``panel``-high option panel, one variant per frame."""
    frames: dict = {}
    panel = 0
    megapixels = (0.75, 0.9)
    aspect_pad = 0.1

    def canvas_size(self, state):
        W, H = self.frames[state["frame"]]
        return (W, H + self.panel)

    def variant(self, state):
        return state["frame"]


@contextmanager
def picture(c, size, fill):
    """Draw the picture above the option panel: clipped to its ``size`` on a ``fill`` ground; yields the
    cairo context."""
    W, H = size
    ctx = c.ctx
    ctx.save()
    ctx.rectangle(0, 0, W, H)
    ctx.clip()
    c.rect(0, 0, W, H, fill=fill)
    yield ctx
    ctx.restore()


def option_order(rng, cands, letter, letters):
    """``cands`` (the answer first) in a random order that puts the answer at option ``letter``."""
    rest = [cands[1 + int(i)] for i in rng.permutation(len(cands) - 1)]
    k = letters.index(letter)
    return rest[:k] + [cands[0]] + rest[k:]


def rebuild(q, make, tries=40, reset=None):
    """The task's ``q.edit``: up to ``tries`` times ``reset(state, rng)`` (if given) and ``make(state, rng)``
    a readable layout (False: try again); ``state["ok"]`` records whether one was made and is required."""
    def fn(state, rng):
        for _ in range(tries):
            if reset is not None:
                reset(state, rng)
            if make(state, rng):
                state["ok"] = True
                return state
        state["ok"] = False
        return state
    s = q.edit(fn)
    q.require(s["ok"], "no readable layout")
    return s


def option_answer(q, i, question, letters, prefix="obj"):
    """Answer with the letter of candidate ``i`` in the panel order ``q.state["cands"]``, every one of
    ``letters`` offered; the witness is ``prefix:i``."""
    q.offer(len(letters), "image")
    return q.answer(letters[q.state["cands"].index(i)], witnesses=f"{prefix}:{i}", question=question,
                    examples=list(letters))


def option_panel(c, W, H, panel, names, letters, row_h=44):
    """The two-column lettered option panel of the three-d scenes, below a ``W`` x ``H`` picture."""
    c.rect(0, H, W, panel, fill="paper")
    c.line(0, H, W, H, color="muted", lw=1.2)
    for k, name in enumerate(names):
        x, y = 34 + (k % 2) * W / 2, H + 22 + (k // 2) * row_h
        label_badge(c, x, y, letters[k], size=15)
        c.text(x + 36, y + 11, name, size=18, anchor="l", kind="option")


def register_items(c, cam, its, n, boxed=None):
    """Register the boxes of the first ``n`` items as ``obj:i``; outline item ``boxed`` in red."""
    bs = [item_box(cam, p) for p in its[:n]]
    for i, b in enumerate(bs):
        c.register(f"obj:{i}", box=b)
    if boxed is not None:
        x0, y0, x1, y1 = bs[boxed]
        c.rect(x0 - 5, y0 - 5, x1 - x0 + 10, y1 - y0 + 10, stroke="red", lw=3.0, id="refbox")
