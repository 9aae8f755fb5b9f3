"""Flow diagrams: node shapes (rounded box, pill, ellipse, circle, diamond, parallelogram), the
point where a segment leaves a shape, and arrows between shapes with optional label chips.

Used by the page scenes that draw process flows and diagrams of boxes joined by arrows.  Nodes are
given by their centre and half-size; arrows run between the shapes' outlines, so they stay
visible whatever the shapes' sizes.
"""

from __future__ import annotations

import math

from .cards import rounded_rect
from .infopage import chip

def draw_node(c, shape: str, cx: float, cy: float, hw: float, hh: float, *, fill="paper", stroke="ink",
              lw: float = 1.6, id=None) -> None:
    """A node of ``shape`` centred on (cx, cy) with half-size (hw, hh); its box is registered."""
    if shape in ("rounded", "pill"):
        rounded_rect(c, cx - hw, cy - hh, 2 * hw, 2 * hh, radius=hh if shape == "pill" else 9.0, fill=fill,
                     stroke=stroke, lw=lw)
    elif shape == "ellipse":
        c.ellipse(cx, cy, hw, hh, fill=fill, stroke=stroke, lw=lw)
    elif shape == "circle":
        c.circle(cx, cy, min(hw, hh), fill=fill, stroke=stroke, lw=lw)
    elif shape == "diamond":
        c.polygon([(cx, cy - hh), (cx + hw, cy), (cx, cy + hh), (cx - hw, cy)], fill=fill, stroke=stroke, lw=lw)
    elif shape == "parallelogram":
        s = hh * 0.45
        c.polygon([(cx - hw + s, cy - hh), (cx + hw, cy - hh), (cx + hw - s, cy + hh), (cx - hw, cy + hh)], fill=fill,
                  stroke=stroke, lw=lw)
    else:
        raise KeyError(f"unknown node shape {shape!r}")
    c.register(id, box=(cx - hw, cy - hh, cx + hw, cy + hh))


def exit_point(shape: str, cx: float, cy: float, hw: float, hh: float, tx: float, ty: float) -> tuple[float, float]:
    """Where the segment from the node's centre towards (tx, ty) crosses its outline."""
    dx, dy = tx - cx, ty - cy
    if dx == 0 and dy == 0:
        return cx, cy
    if shape in ("ellipse", "circle"):
        rx, ry = (hw, hh) if shape == "ellipse" else (min(hw, hh),) * 2
        t = 1.0 / math.sqrt((dx / rx) ** 2 + (dy / ry) ** 2)
    elif shape == "diamond":
        t = 1.0 / (abs(dx) / hw + abs(dy) / hh)
    else:
        t = min(hw / abs(dx) if dx else math.inf, hh / abs(dy) if dy else math.inf)
    return cx + dx * t, cy + dy * t


def link(c, a, b, *, color="ink", lw: float = 2.0, head: float = 11.0, gap: float = 3.0, label: str | None = None,
         id=None, label_id=None) -> tuple:
    """An arrow from node ``a`` to node ``b`` (each ``(shape, cx, cy, hw, hh)``), outline to outline,
    with an optional label chip at its middle.  Registers the segment as ``id``; returns it."""
    sa, ax, ay, ahw, ahh = a
    sb, bx, by, bhw, bhh = b
    p = exit_point(sa, ax, ay, ahw, ahh, bx, by)
    q = exit_point(sb, bx, by, bhw, bhh, ax, ay)
    ang = math.atan2(q[1] - p[1], q[0] - p[0])
    p = (p[0] + gap * math.cos(ang), p[1] + gap * math.sin(ang))
    q = (q[0] - gap * math.cos(ang), q[1] - gap * math.sin(ang))
    c.arrow(p[0], p[1], q[0], q[1], color=color, lw=lw, head=head)
    c.register(id, segment=(p, q))
    if label:
        box = chip(c, (p[0] + q[0]) / 2, (p[1] + q[1]) / 2, label, fill="paper", size=13.0)
        c.register(label_id, box=box)
    return p, q
