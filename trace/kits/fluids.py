"""Vessels, liquids, pistons and labelled arrows shared by the fluid and heat scenes (physics).

Liquids are a render-only tint of the theme's paper towards a hue (never named in a prompt);
every value a reader needs is printed on a boxed tag (``tag``) or counted from drawn marks.
"""

from __future__ import annotations

from tracegen.kits.cards import rounded_rect


def tint(c, hue: str = "blue", amount: float = 0.35):
    """A liquid colour: the theme's paper blended towards the named ``hue``."""
    p, q = c.color("paper"), c.color(hue)
    return tuple((1 - amount) * a + amount * b for a, b in zip(p, q))


def solid(c, hue: str, amount: float = 0.6):
    """A body colour (blocks, gas): stronger blend than a liquid."""
    return tint(c, hue, amount)


def tag(c, x: float, y: float, text: str, *, size: float = 16.0, id=None, bold: bool = False) -> tuple:
    """A value label on a small rounded paper box centred at (x, y); returns its box."""
    w = c.text_width(text, size=size, bold=bold) + 16
    h = size * 1.7
    box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    rounded_rect(c, box[0], box[1], w, h, radius=5.0, fill="paper", stroke="ink", lw=1.2)
    c.text(x, y, text, size=size, bold=bold)
    if id is not None:
        c.register(id, box=box)
    return box


def tank(c, x: float, y: float, w: float, h: float, surface: float, *, hue: str = "blue", lw: float = 3.0,
         id=None, surface_id=None) -> None:
    """An open rectangular tank (top-left x, y) filled with liquid up to height ``surface`` (y coordinate)."""
    c.rect(x, surface, w, y + h - surface, fill=tint(c, hue))
    c.line(x, surface, x + w, surface, color=hue, lw=2.5, id=surface_id)
    c.polyline([(x, y), (x, y + h), (x + w, y + h), (x + w, y)], color="ink", lw=lw)
    if id is not None:
        c.register(id, box=(x, y, x + w, y + h))


def down_arrow(c, x: float, y0: float, y1: float, *, lw: float = 3.5, head: float = 14.0, id=None) -> None:
    """A vertical force arrow from y0 down to y1."""
    c.arrow(x, y0, x, y1, color="ink", lw=lw, head=head, id=id)


def cylinder_h(c, x: float, y: float, w: float, h: float, piston_x: float, *, gas_hue: str = "purple",
               rod_to: float | None = None, id=None) -> None:
    """A horizontal cylinder closed at its left end: gas from x to the piston at ``piston_x``, piston
    rod to ``rod_to`` (default: the cylinder's right end + 30)."""
    rounded_rect(c, x, y, w, h, radius=8.0, fill="panel", stroke="ink", lw=2.5)
    c.rect(x + 4, y + 6, piston_x - x - 4, h - 12, fill=solid(c, gas_hue, 0.45))
    c.rect(piston_x, y + 3, 14, h - 6, fill="gray", stroke="ink", lw=1.8)
    end = x + w + 30 if rod_to is None else rod_to
    c.line(piston_x + 14, y + h / 2, end, y + h / 2, color="ink", lw=4.0)
    c.rect(end, y + h / 2 - 18, 10, 36, fill="gray", stroke="ink", lw=1.5)
    if id is not None:
        c.register(id, box=(x, y, max(x + w, end + 10), y + h))


def cup(c, cx: float, top: float, w: float, h: float, fill_frac: float, *, hue: str = "cyan", id=None) -> tuple:
    """A tapered cup (top width ``w``) filled to ``fill_frac`` of its height; returns its box."""
    bw = w * 0.72
    bottom = top + h
    ly = bottom - h * fill_frac
    t = (ly - top) / h
    half = w / 2 - (w - bw) / 2 * t
    c.polygon([(cx - half, ly), (cx + half, ly), (cx + bw / 2, bottom), (cx - bw / 2, bottom)], fill=tint(c, hue, 0.45))
    c.polyline([(cx - w / 2, top), (cx - bw / 2, bottom), (cx + bw / 2, bottom), (cx + w / 2, top)], color="ink",
               lw=2.5)
    c.line(cx - w / 2 - 4, top, cx + w / 2 + 4, top, color="ink", lw=2.5)
    box = (cx - w / 2 - 4, top, cx + w / 2 + 4, bottom)
    if id is not None:
        c.register(id, box=box)
    return box
