"""A pycairo canvas with an entity registry.

Scenes draw in *logical* units (the scene's declared size).  Every drawing call that draws
something a task may point at takes ``id=``; the canvas records that entity's geometry
(box, centre point and, for lines, the segment) in final pixel coordinates.  Tasks name
witness ids; the framework turns them into annotations after layout, so an annotation can
never disagree with the picture, and task programs never compute pixels.
"""

from __future__ import annotations

import io
import math

import cairo
import numpy as np

from .style import NAMED_COLORS, Style

MIN_TEXT_PX = 12.0
NOISE_DENSITY = 0.02


def rgb(color, style: Style | None = None):
    """Resolve a colour: RGB tuple, a NAMED_COLORS name, or a style role (ink, muted, ...)."""
    if isinstance(color, str):
        if color in NAMED_COLORS:
            return NAMED_COLORS[color]
        if style is not None and color in ("ink", "muted", "grid", "panel", "background", "accent_rgb"):
            return getattr(style, color)
        if color == "accent" and style is not None:
            return style.accent_rgb
        raise KeyError(f"unknown colour {color!r}")
    return tuple(color)


class Canvas:
    def __init__(self, width: int, height: int, style: Style, scale: float = 1.0):
        self.width, self.height = int(width), int(height)
        self.style = style
        self.scale = float(scale)
        self.px_width = max(1, int(round(self.width * self.scale)))
        self.px_height = max(1, int(round(self.height * self.scale)))
        self.surface = cairo.ImageSurface(cairo.FORMAT_RGB24, self.px_width, self.px_height)
        self.ctx = cairo.Context(self.surface)
        ctx = self.ctx
        ctx.set_source_rgb(*style.background)
        ctx.paint()
        ctx.scale(self.scale, self.scale)
        self.dx, self.dy = style.jitter
        ctx.translate(self.dx, self.dy)
        ctx.set_line_join(cairo.LINE_JOIN_ROUND)
        ctx.set_line_cap(cairo.LINE_CAP_ROUND)
        self.entities: dict[str, dict] = {}

    # ------------------------------------------------------------------ geometry
    def to_px(self, x: float, y: float) -> list[float]:
        return [round((x + self.dx) * self.scale, 1), round((y + self.dy) * self.scale, 1)]

    def register(self, id: str | None, *, box=None, point=None, segment=None) -> None:
        """Record an entity's geometry (logical units in, pixels stored)."""
        if id is None:
            return
        ent: dict = {}
        if box is not None:
            x0, y0, x1, y1 = box
            ent["box"] = self.to_px(min(x0, x1), min(y0, y1)) + self.to_px(max(x0, x1), max(y0, y1))
        if segment is not None:
            (ax, ay), (bx, by) = segment
            ent["segment"] = [self.to_px(ax, ay), self.to_px(bx, by)]
            if box is None:
                ent["box"] = self.to_px(min(ax, bx), min(ay, by)) + self.to_px(max(ax, bx), max(ay, by))
        if point is not None:
            ent["point"] = self.to_px(*point)
        elif "box" in ent:
            b = ent["box"]
            ent["point"] = [round((b[0] + b[2]) / 2, 1), round((b[1] + b[3]) / 2, 1)]
        self.entities[id] = ent

    # ------------------------------------------------------------------ painting
    def _paint(self, fill, stroke, lw, dash=None):
        ctx = self.ctx
        if fill is not None:
            ctx.set_source_rgb(*rgb(fill, self.style))
            if stroke is not None:
                ctx.fill_preserve()
            else:
                ctx.fill()
        if stroke is not None:
            ctx.set_source_rgb(*rgb(stroke, self.style))
            ctx.set_line_width(lw)
            if dash:
                ctx.set_dash(dash)
            ctx.stroke()
            if dash:
                ctx.set_dash([])

    def rect(self, x, y, w, h, *, fill=None, stroke=None, lw=1.0, id=None, dash=None):
        self.ctx.rectangle(x, y, w, h)
        self._paint(fill, stroke, lw, dash)
        self.register(id, box=(x, y, x + w, y + h))

    def circle(self, cx, cy, r, *, fill=None, stroke=None, lw=1.0, id=None):
        self.ctx.new_sub_path()
        self.ctx.arc(cx, cy, r, 0, 2 * math.pi)
        self._paint(fill, stroke, lw)
        self.register(id, box=(cx - r, cy - r, cx + r, cy + r), point=(cx, cy))

    def ellipse(self, cx, cy, rx, ry, *, fill=None, stroke=None, lw=1.0, id=None):
        ctx = self.ctx
        ctx.save()
        ctx.translate(cx, cy)
        ctx.scale(rx, ry)
        ctx.new_sub_path()
        ctx.arc(0, 0, 1, 0, 2 * math.pi)
        ctx.restore()
        self._paint(fill, stroke, lw)
        self.register(id, box=(cx - rx, cy - ry, cx + rx, cy + ry), point=(cx, cy))

    def line(self, x0, y0, x1, y1, *, color="ink", lw=1.5, id=None, dash=None):
        self.ctx.move_to(x0, y0)
        self.ctx.line_to(x1, y1)
        self._paint(None, color, lw, dash)
        self.register(id, segment=((x0, y0), (x1, y1)))

    def polyline(self, pts, *, color="ink", lw=1.5, dash=None):
        self.ctx.move_to(*pts[0])
        for p in pts[1:]:
            self.ctx.line_to(*p)
        self._paint(None, color, lw, dash)

    def polygon(self, pts, *, fill=None, stroke=None, lw=1.0, id=None, dash=None):
        self.ctx.move_to(*pts[0])
        for p in pts[1:]:
            self.ctx.line_to(*p)
        self.ctx.close_path()
        self._paint(fill, stroke, lw, dash)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        self.register(id, box=(min(xs), min(ys), max(xs), max(ys)))

    def arrow(self, x0, y0, x1, y1, *, color="ink", lw=1.5, head=9.0, id=None, shorten=0.0):
        ang = math.atan2(y1 - y0, x1 - x0)
        if shorten:
            x1 -= shorten * math.cos(ang)
            y1 -= shorten * math.sin(ang)
        self.line(x0, y0, x1, y1, color=color, lw=lw, id=id)
        a1, a2 = ang + math.pi - 0.4, ang + math.pi + 0.4
        self.polygon([(x1, y1), (x1 + head * math.cos(a1), y1 + head * math.sin(a1)),
                      (x1 + head * math.cos(a2), y1 + head * math.sin(a2))], fill=color)

    def regular_polygon(self, cx, cy, r, n, *, rotation=-math.pi / 2, **kw):
        pts = [(cx + r * math.cos(rotation + 2 * math.pi * k / n),
                cy + r * math.sin(rotation + 2 * math.pi * k / n)) for k in range(n)]
        self.polygon(pts, **kw)
        return pts

    def star(self, cx, cy, r, *, points=5, inner=0.45, **kw):
        pts = []
        for k in range(2 * points):
            rad = r if k % 2 == 0 else r * inner
            a = -math.pi / 2 + math.pi * k / points
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        self.polygon(pts, **kw)

    def shape(self, kind: str, cx, cy, size, *, fill=None, stroke=None, lw=1.0, id=None):
        """Shared icon shapes: circle, square, triangle, diamond, pentagon, hexagon, star, cross."""
        r = size / 2
        if kind == "circle":
            self.circle(cx, cy, r, fill=fill, stroke=stroke, lw=lw, id=id)
        elif kind == "square":
            self.rect(cx - r * 0.85, cy - r * 0.85, 1.7 * r, 1.7 * r, fill=fill, stroke=stroke, lw=lw, id=id)
        elif kind == "triangle":
            self.polygon([(cx, cy - r), (cx + r * 0.95, cy + r * 0.8), (cx - r * 0.95, cy + r * 0.8)],
                         fill=fill, stroke=stroke, lw=lw, id=id)
        elif kind == "diamond":
            self.polygon([(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)],
                         fill=fill, stroke=stroke, lw=lw, id=id)
        elif kind == "pentagon":
            self.regular_polygon(cx, cy, r, 5, fill=fill, stroke=stroke, lw=lw, id=id)
        elif kind == "hexagon":
            self.regular_polygon(cx, cy, r, 6, rotation=0.0, fill=fill, stroke=stroke, lw=lw, id=id)
        elif kind == "star":
            self.star(cx, cy, r, fill=fill, stroke=stroke, lw=lw, id=id)
        elif kind == "cross":
            t = r * 0.36
            self.polygon([(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t),
                          (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t),
                          (cx - r, cy - t), (cx - t, cy - t)], fill=fill, stroke=stroke, lw=lw, id=id)
        else:
            raise KeyError(f"unknown shape {kind!r}")

    # ------------------------------------------------------------------ text
    def text(self, x, y, s, *, size=14.0, color="ink", anchor="c", valign="m", bold=False,
             font=None, id=None, angle=0.0):
        """Draw text; ``anchor`` l/c/r horizontally, ``valign`` t/m/b (box top/middle/bottom).

        Returns the text's logical bounding box (x0, y0, x1, y1) before rotation.
        """
        if size < MIN_TEXT_PX:
            raise ValueError(f"text size {size} below the legibility floor of {MIN_TEXT_PX}px")
        ctx = self.ctx
        ctx.select_font_face(font or self.style.font, cairo.FONT_SLANT_NORMAL,
                             cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
        ctx.set_font_size(size)
        s = str(s)
        ascent, descent = ctx.font_extents()[:2]
        adv = ctx.text_extents(s).x_advance
        left = {"l": 0.0, "c": -adv / 2, "r": -adv}[anchor]
        top = {"t": 0.0, "m": -(ascent + descent) / 2, "b": -(ascent + descent)}[valign]
        ctx.save()
        ctx.translate(x, y)
        if angle:
            ctx.rotate(angle)
        ctx.move_to(left, top + ascent)
        ctx.set_source_rgb(*rgb(color, self.style))
        ctx.show_text(s)
        ctx.new_path()
        ctx.restore()
        box = (x + left, y + top, x + left + adv, y + top + ascent + descent)
        self.register(id, box=box)
        return box

    def text_width(self, s, *, size=14.0, bold=False, font=None) -> float:
        ctx = self.ctx
        ctx.select_font_face(font or self.style.font, cairo.FONT_SLANT_NORMAL,
                             cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
        ctx.set_font_size(size)
        return ctx.text_extents(str(s)).x_advance

    # ------------------------------------------------------------------ output
    def finish(self) -> None:
        """Apply post-render speckle noise (render-only) from the style's noise seed.

        A fixed fraction of pixels gets a grey offset of up to ``noise_sigma`` levels; sparse
        noise keeps the cost far below the drawing itself.
        """
        self.surface.flush()
        if self.style.noise_sigma > 0:
            flat = self.pixels_bgrx().reshape(-1, 4)
            rng = np.random.Generator(np.random.PCG64(self.style.noise_seed))
            k = max(1, int(flat.shape[0] * NOISE_DENSITY))
            idx = rng.integers(0, flat.shape[0], size=k)
            amp = int(round(self.style.noise_sigma * 4))
            delta = rng.integers(-amp, amp + 1, size=(k, 1), dtype=np.int16)
            flat[idx, :3] = np.clip(flat[idx, :3].astype(np.int16) + delta, 0, 255).astype(np.uint8)
            self.surface.mark_dirty()

    def pixels_bgrx(self) -> np.ndarray:
        """A writable (h, w, 4) uint8 view of the surface in cairo's BGRX byte order."""
        stride = self.surface.get_stride()
        buf = np.ndarray((self.px_height, stride), dtype=np.uint8, buffer=self.surface.get_data())
        return buf[:, : self.px_width * 4].reshape(self.px_height, self.px_width, 4)

    def to_rgb(self) -> np.ndarray:
        return self.pixels_bgrx()[..., 2::-1].copy()

    def to_png(self) -> bytes:
        out = io.BytesIO()
        self.surface.write_to_png(out)
        return out.getvalue()
