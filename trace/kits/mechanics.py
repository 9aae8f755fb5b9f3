"""Mechanics drawing: gears, rotation arrows, coil springs, pulley wheels, blocks, force arrows and
boxed tags.

Shared by the physics scenes that draw machines and forces (gear trains, pulleys, springs,
collisions, free-body diagrams).  Everything draws with colour roles or the colours the caller
passes, and registers the entity it is given an ``id`` for.
"""

from __future__ import annotations

import math

from .cards import rounded_rect


# ---------------------------------------------------------------------------- labels
def tag(c, x: float, y: float, text: str, *, size: float = 14.0, bold: bool = False, fill="panel", stroke="muted",
        anchor: str = "c", id=None, kind: str = "label") -> tuple:
    """A boxed label centred at (x, y) (``anchor`` "l"/"r": its left/right edge at x); returns its box."""
    w = c.text_width(text, size=size, bold=bold) + 14
    h = size + 10
    x0 = {"c": x - w / 2, "l": x, "r": x - w}[anchor]
    rounded_rect(c, x0, y - h / 2, w, h, radius=5.0, fill=fill, stroke=stroke, lw=1.2)
    c.text(x0 + w / 2, y, text, size=size, bold=bold, color=c.text_on(fill), kind=kind)
    box = (x0, y - h / 2, x0 + w, y + h / 2)
    if id is not None:
        c.register(id, box=box)
    return box


# ---------------------------------------------------------------------------- gears
def gear_outline(cx: float, cy: float, r: float, teeth: int, phase: float, *, depth: float) -> list:
    """Polygon of a spur gear: pitch radius ``r``, ``teeth`` trapezoid teeth of height ``2 * depth``
    centred on the pitch circle, tooth 0 centred at angle ``phase`` (radians, y down)."""
    pts = []
    step = 2 * math.pi / teeth
    ro, ri = r + depth, r - depth
    for k in range(teeth):
        a = phase + k * step
        for frac, rad in ((-0.5, ri), (-0.22, ro), (0.22, ro), (0.5, ri)):
            pts.append((cx + rad * math.cos(a + frac * step * 0.98), cy + rad * math.sin(a + frac * step * 0.98)))
    return pts


def gear(c, cx: float, cy: float, r: float, teeth: int, phase: float, *, depth: float, fill, stroke="ink",
         spokes: int = 5, id=None) -> None:
    """A spur gear with hub and spokes; registers ``id`` with the gear's outer box and centre."""
    c.polygon(gear_outline(cx, cy, r, teeth, phase, depth=depth), fill=fill, stroke=stroke, lw=1.4)
    rim = r - depth - max(3.0, r * 0.12)
    if rim > 10:
        c.circle(cx, cy, rim, stroke=stroke, lw=1.2)
        hub = max(5.0, r * 0.22)
        for k in range(spokes):
            a = phase + 2 * math.pi * k / spokes
            c.line(cx + hub * math.cos(a), cy + hub * math.sin(a), cx + rim * math.cos(a), cy + rim * math.sin(a),
                   color=stroke, lw=1.2)
        c.circle(cx, cy, hub, fill="paper", stroke=stroke, lw=1.2)
    c.circle(cx, cy, 3.0, fill=stroke)
    if id is not None:
        ro = r + depth
        c.register(id, box=(cx - ro, cy - ro, cx + ro, cy + ro), point=(cx, cy), fill=fill, stroke=stroke,
                   shape="gear")


def rotation_arrow(c, cx: float, cy: float, r: float, clockwise: bool, *, start: float = -2.4, sweep: float = 2.0,
                   color="accent", lw: float = 3.0, head: float = 12.0) -> None:
    """A circular arc arrow of radius ``r`` about (cx, cy) from angle ``start`` (radians, y down) over
    ``sweep`` radians, its head showing the sense of rotation (clockwise on screen when ``clockwise``)."""
    sgn = 1.0 if clockwise else -1.0
    n = 28
    pts = [(cx + r * math.cos(start + sgn * sweep * k / n), cy + r * math.sin(start + sgn * sweep * k / n))
           for k in range(n + 1)]
    c.polyline(pts[:-1], color=color, lw=lw)
    end = start + sgn * sweep
    tx, ty = -math.sin(end) * sgn, math.cos(end) * sgn            # tangent in the direction of travel
    x1, y1 = cx + r * math.cos(end), cy + r * math.sin(end)
    bx, by = x1 - tx * head, y1 - ty * head
    nx, ny = -ty, tx
    c.polygon([(x1 + tx * 2, y1 + ty * 2), (bx + nx * head * 0.55, by + ny * head * 0.55),
               (bx - nx * head * 0.55, by - ny * head * 0.55)], fill=color)


# ---------------------------------------------------------------------------- springs, blocks, arrows
def coil_spring(c, x0: float, y0: float, x1: float, y1: float, *, coils: int = 10, width: float = 14.0,
                lead: float = 10.0, color="ink", lw: float = 2.0, id=None) -> None:
    """A zigzag coil spring from (x0, y0) to (x1, y1) with straight leads at both ends."""
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    body = max(length - 2 * lead, 4.0)
    lead = (length - body) / 2
    pts = [(x0, y0), (x0 + ux * lead, y0 + uy * lead)]
    zig = 2 * coils
    for k in range(1, zig):
        t = lead + body * k / zig
        s = width / 2 * (1 if k % 2 else -1)
        pts.append((x0 + ux * t + nx * s, y0 + uy * t + ny * s))
    pts += [(x1 - ux * lead, y1 - uy * lead), (x1, y1)]
    c.polyline(pts, color=color, lw=lw)
    if id is not None:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        c.register(id, box=(min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1), segment=((x0, y0), (x1, y1)),
                   stroke=color, shape="spring")


def block(c, x: float, y: float, w: float, h: float, label: str | None = None, *, fill="panel", stroke="ink",
          size: float = 15.0, bold: bool = True, id=None, kind: str = "label") -> tuple:
    """A labelled block (mass, crate) with top-left corner (x, y); returns its box."""
    c.rect(x, y, w, h, fill=fill, stroke=stroke, lw=2.0, id=id)
    if label is not None:
        c.text(x + w / 2, y + h / 2, label, size=size, bold=bold, color=c.text_on(fill), kind=kind)
    return (x, y, x + w, y + h)


def force_arrow(c, x0: float, y0: float, x1: float, y1: float, label: str | None = None, *, color="ink",
                lw: float = 3.0, head: float = 13.0, size: float = 14.0, offset: float = 16.0, id=None) -> None:
    """An arrow from (x0, y0) to (x1, y1) with an optional label beside its tip; ``id`` registers the
    arrow as a segment (tail to tip)."""
    c.arrow(x0, y0, x1, y1, color=color, lw=lw, head=head)
    if id is not None:
        c.register(id, segment=((x0, y0), (x1, y1)), stroke=color)
    if label is not None:
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        c.text(x1 + ux * offset, y1 + uy * offset, label, size=size, bold=True)


def pulley_wheel(c, cx: float, cy: float, r: float, *, fill="panel", stroke="ink", id=None) -> None:
    """A pulley sheave: a rim with a groove ring and an axle."""
    c.circle(cx, cy, r, fill=fill, stroke=stroke, lw=2.0, id=id)
    c.circle(cx, cy, r * 0.72, stroke=stroke, lw=1.0)
    c.circle(cx, cy, max(3.0, r * 0.16), fill=stroke)


def hatched_support(c, x0: float, y: float, x1: float, *, below: bool = False, color="ink") -> None:
    """A fixed support: a thick line from x0 to x1 at height y with short hatch strokes above it
    (below it when ``below``)."""
    c.line(x0, y, x1, y, color=color, lw=3.0)
    d = 10.0 if below else -10.0
    x = x0 + 4
    while x < x1 - 2:
        c.line(x, y, x + 8, y + d, color=color, lw=1.2)
        x += 12
