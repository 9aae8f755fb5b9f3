"""Straight-line motion with mirror bounces inside an axis-aligned box (ball games: brick breaker,
pool, minigolf, pinball).

A ball's centre moves along a ray; it bounces off the box's reflecting sides (angle of incidence
equals angle of reflection: the velocity component normal to the wall flips) and stops at the
first obstacle box it enters or at an absorbing side.  A ball of radius r is handled by the caller
shrinking the box and inflating the obstacles by r (the Minkowski sum, corners taken as square).
"""

from __future__ import annotations

import math

EPS = 1e-9


def seg_point_distance(a, b, q):
    """Distance from point q to the segment a-b."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    n = dx * dx + dy * dy
    u = 0.0 if n == 0 else max(0.0, min(1.0, ((q[0] - ax) * dx + (q[1] - ay) * dy) / n))
    return math.hypot(ax + u * dx - q[0], ay + u * dy - q[1])


def ray_box(p, d, box):
    """Parameter t >= 0 where the ray p + t d enters ``box`` (x0, y0, x1, y1), or None (slab method)."""
    t0, t1 = -math.inf, math.inf
    for a in (0, 1):
        lo, hi = box[a], box[a + 2]
        if abs(d[a]) < EPS:
            if not lo <= p[a] <= hi:
                return None
            continue
        u, v = (lo - p[a]) / d[a], (hi - p[a]) / d[a]
        t0, t1 = max(t0, min(u, v)), min(t1, max(u, v))
    if t0 > t1 or t1 < EPS:
        return None
    return max(t0, 0.0)


def ray_circle(p, d, circle):
    """Parameter t >= 0 where the ray p + t d (d a unit vector) first meets the disc (cx, cy, r), or None."""
    cx, cy, r = circle
    fx, fy = p[0] - cx, p[1] - cy
    b = fx * d[0] + fy * d[1]
    c = fx * fx + fy * fy - r * r
    if c <= 0:
        return 0.0
    disc = b * b - c
    if disc < 0 or b > 0:
        return None
    t = -b - math.sqrt(disc)
    return t if t >= 0 else None


def trace(p, d, bounds, *, reflect=("left", "right", "top"), obstacles=(), circles=(), max_bounces: int = 8):
    """Follow a ball's centre from ``p`` along direction ``d`` inside ``bounds`` (x0, y0, x1, y1).

    ``circles`` are round obstacles (cx, cy, r), numbered after the boxes in ``hit``.
    Returns {"hit": index of the first obstacle entered or None, "side": the absorbing side reached
    ("left", "right", "top", "bottom") or None, "end": the stopping point, "bounces": walls bounced off,
    "path": the corner points}; ``hit`` and ``side`` are None when more than ``max_bounces`` bounces
    would be needed."""
    x0, y0, x1, y1 = bounds
    p = (float(p[0]), float(p[1]))
    n = math.hypot(*d)
    d = (d[0] / n, d[1] / n)
    path, bounces = [p], 0
    while True:
        best = (math.inf, None, None)
        for i, box in enumerate(obstacles):
            t = ray_box(p, d, box)
            if t is not None and t < best[0]:
                best = (t, "obstacle", i)
        for i, circ in enumerate(circles):
            t = ray_circle(p, d, circ)
            if t is not None and t < best[0]:
                best = (t, "obstacle", len(obstacles) + i)
        for side, a, val in (("left", 0, x0), ("right", 0, x1), ("top", 1, y0), ("bottom", 1, y1)):
            if abs(d[a]) > EPS:
                t = (val - p[a]) / d[a]
                if t > EPS and t < best[0]:
                    best = (t, "wall", side)
        t, kind, what = best
        q = (p[0] + t * d[0], p[1] + t * d[1])
        path.append(q)
        if kind == "obstacle":
            return {"hit": what, "side": None, "end": q, "bounces": bounces, "path": path}
        if what not in reflect:
            return {"hit": None, "side": what, "end": q, "bounces": bounces, "path": path}
        bounces += 1
        if bounces > max_bounces:
            return {"hit": None, "side": None, "end": q, "bounces": bounces, "path": path}
        d = (-d[0], d[1]) if what in ("left", "right") else (d[0], -d[1])
        p = q


def inflate(box, r):
    return (box[0] - r, box[1] - r, box[2] + r, box[3] + r)
