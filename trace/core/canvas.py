"""A pycairo canvas with an entity registry.

Scenes draw in *logical* units (the scene's declared size).  Every drawing call that draws
something a task may point at takes ``id=``; the canvas records that entity's geometry
(box, centre point and, for lines, the segment) in final pixel coordinates.  Tasks name
witness ids; the framework turns them into annotations after layout, so an annotation can
never disagree with the picture, and task programs never compute pixels.

The canvas also applies the render-only style (see ``style``): it paints the backdrop and
its texture, places the content box inside a frame of the style's aspect ratio and scale,
resolves colour roles against the theme, outlines semantic fills that would blend into the
theme, falls back to a covering font per string, and records every text it draws (string,
pixel box, pixel size, colour; with ``audit`` on, also the contrast against the pixels it
was drawn on) so tests can check legibility and answer shortcuts.
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Mapping

import cairo
import numpy as np

from . import pixels
from . import png as png_mod
from .style import (DISTINCT_DELTA_E, FALLBACK_FONT, FONTS, NAMED_COLORS, Style, contrast, delta_e)

MIN_TEXT_PX = 12.0
NOISE_DENSITY = 0.02

_FONT_COVER: dict[tuple[str, bool], dict[str, bool]] = {}
_COVERED: dict[tuple[str, bool], set[str]] = {}   # the characters each (family, bold) is known to draw
_METRICS: dict[tuple, tuple] = {}   # Canvas._measure's, per (family, bold, size, string)
_METRICS_MAX = 200_000
_ANCHOR = {"l": 0.0, "c": -0.5, "r": -1.0}         # text offset, in text widths
_VALIGN = {"t": 0.0, "m": -0.5, "b": -1.0}         # text offset, in text heights
_OUTLINE: dict[tuple, bool] = {}
_TILES: dict[tuple[str, int], cairo.ImageSurface] = {}
_WORDS: dict[tuple, int] = {}
TILE = 16   # texture tile side, device pixels
THIN = 1.6  # dashed strokes up to this width are drawn butt-capped (see butt_dashes)
SHAPE_ANTIALIAS = cairo.ANTIALIAS_FAST
TOLERANCE = 0.25    # device pixels


def rgb(color, style: Style | None = None):
    """Resolve a colour: RGB tuple, a NAMED_COLORS name, or a style role (ink, paper, series:2, ...)."""
    if isinstance(color, str):
        if color in NAMED_COLORS:
            return NAMED_COLORS[color]
        if style is not None:
            return style.role(color)
        raise KeyError(f"unknown colour {color!r}")
    return tuple(color)


def blend(a, b, t: float):
    """``t`` of colour ``a`` over colour ``b`` (both RGB)."""
    return tuple(a[i] * t + b[i] * (1 - t) for i in range(3))


_FONTS_CHECKED = False


class MissingFont(RuntimeError):
    pass


def check_fonts() -> None:
    """Fail loudly when a style font family is not installed: fontconfig would silently draw a
    substitute, and images would then differ from every other machine's."""
    global _FONTS_CHECKED
    if _FONTS_CHECKED:
        return
    ctx = cairo.Context(cairo.ImageSurface(cairo.FORMAT_RGB24, 8, 8))
    sample = "Hamburgefonstiv 0123456789"

    def extents(family):
        ctx.select_font_face(family)
        ctx.set_font_size(40)
        return ctx.text_extents(sample)

    substitute = extents("tracegen-no-such-font")
    missing = [f for f in FONTS if f != FALLBACK_FONT and extents(f) == substitute]
    if missing:
        raise MissingFont(f"font families {missing} are not installed (scripts/setup.sh installs their "
                          "Debian packages: fonts-liberation2 fonts-freefont-ttf fonts-open-sans "
                          "fonts-ebgaramond fonts-cantarell fonts-comic-neue)")
    _FONTS_CHECKED = True


def font_options() -> cairo.FontOptions:
    """The font options of every context that draws or measures text.

    Each is set explicitly, so that nothing is left to fontconfig's rules for the size a face is first
    used at: cairo resolves a font face once per process (at the first size it is drawn at) and keeps
    that resolution, and fontconfig's rules depend on the size (Debian's ``20-unhint-small-dejavu-*``
    turn hinting off below 7.5 px).  With those left to default, a text's pixels depended on what the
    process had drawn before.  Metrics and outlines are unhinted (widths, layouts and glyph shapes
    scale linearly), greyscale antialiasing (no subpixel colour fringes)."""
    fo = cairo.FontOptions()
    fo.set_hint_metrics(cairo.HINT_METRICS_OFF)
    fo.set_hint_style(cairo.HINT_STYLE_NONE)
    fo.set_antialias(cairo.ANTIALIAS_GRAY)
    return fo


def _needs_outline(name: str, style: Style) -> bool:
    key = (name, style.theme)
    if key not in _OUTLINE:
        c = NAMED_COLORS[name]
        _OUTLINE[key] = min(delta_e(c, style.background), delta_e(c, style.paper),
                            delta_e(c, style.panel)) < DISTINCT_DELTA_E
    return _OUTLINE[key]


def _pixel_word(color) -> int:
    """The 32-bit pixel cairo stores for ``color`` on an RGB24 surface (cached per colour)."""
    word = _WORDS.get(color)
    if word is None:
        one = cairo.ImageSurface(cairo.FORMAT_RGB24, 1, 1)
        ctx = cairo.Context(one)
        ctx.set_source_rgb(*color)
        ctx.paint()
        one.flush()
        word = _WORDS[color] = int(np.frombuffer(one.get_data(), dtype=np.uint32)[0])
    return word


def _texture_tile(texture: str, bg, mark) -> cairo.ImageSurface:
    """One TILE x TILE tile of a backdrop texture (dots, ruled, grid or diagonal)."""
    step = float(TILE)
    tile = cairo.ImageSurface(cairo.FORMAT_RGB24, TILE, TILE)
    t = cairo.Context(tile)
    t.set_source_rgb(*bg)
    t.paint()
    t.set_source_rgb(*mark)
    t.set_line_width(1.0)
    if texture == "dots":
        t.arc(step / 2, step / 2, 1.3, 0, 2 * math.pi)
        t.fill()
    elif texture == "ruled":
        t.move_to(0, step - 0.5)
        t.line_to(step, step - 0.5)
        t.stroke()
    elif texture == "grid":
        t.move_to(0, step - 0.5)
        t.line_to(step, step - 0.5)
        t.move_to(step - 0.5, 0)
        t.line_to(step - 0.5, step)
        t.stroke()
    else:  # diagonal
        t.move_to(0, step)
        t.line_to(step, 0)
        t.stroke()
    tile.flush()
    return tile


def butt_dashes(dash, lw: float) -> list[float]:
    """A dash pattern drawn with butt caps that looks like ``dash`` drawn with round caps: each
    dash longer by the area of its two half-disc caps (pi/4 ``lw``), each gap shorter by as much
    (never below zero), so a dotted or dashed line keeps its ink.
    cairo rasterises every round-capped dash as its own rounded outline, so dotted and dashed
    lines cost 2-4x a butt-capped stroke of the same look.  Up to ``THIN`` (gridlines, guides,
    leaders) the two are indistinguishable; thicker dotted lines keep their round dots.
    ``dash`` has an even length."""
    out = []
    for k in range(0, len(dash), 2):
        on, off = float(dash[k]), float(dash[k + 1])
        shift = min(math.pi / 4 * lw, off)
        out += [on + shift, off - shift]
    return out


def frame_pixels(style: Style, size, scale: float) -> tuple[int, int]:
    """The exported image size of a canvas: the style's frame around the content, scaled."""
    fw, fh = style.frame_size(int(size[0]), int(size[1]))
    return max(1, int(round(fw * float(scale)))), max(1, int(round(fh * float(scale))))


def line_style(dash, lw: float = 1.0) -> str:
    """How a stroke with dash pattern ``dash`` (None: solid) reads: solid, dashed or dotted (dashes no
    longer than about the line is wide)."""
    if not dash:
        return "solid"
    return "dotted" if float(dash[0]) <= max(2.0, 1.5 * float(lw)) else "dashed"


_NO_PAINT = (None, None, None, 1.0, None)


class Entities(Mapping):
    """Entity geometry by id, in final pixels: ``{"box": [x0, y0, x1, y1], "point": [x, y]}`` and,
    for lines, ``"segment": [[x, y], [x, y]]``.

    Scenes register far more entities than a task names as witnesses (every mark, label and
    point), so the logical geometry is kept as registered and converted to pixels on first
    access; the values are exactly what converting at registration would give.

    Beside the geometry, each entity keeps how it was drawn (``paint``): its fill and stroke as
    the drawing call named them (a colour, a named colour or a role, resolved against the style
    on access), its line style and its shape, so a prompt's "red bar" or "dashed line" can be
    checked against the drawing (``core.claims``).  Registering an id again keeps the paint it
    had unless the new call states one.
    """

    def __init__(self, dx: float, dy: float, scale: float, resolve=None):
        self._dx, self._dy, self._scale = dx, dy, scale
        self._raw: dict[str, tuple] = {}
        self._px: dict[str, dict] = {}
        self._paint: dict[str, tuple] = {}
        self._resolve = resolve

    def add(self, id: str, box, point, segment, paint=None) -> None:
        """``paint``: (fill, stroke, line, lw, shape) as drawn, ``line`` a dash pattern (or a line style
        name), ``shape`` a shape name ("rect": square or rectangle by the box); None keeps the paint the
        id had."""
        self._raw[id] = (box, point, segment)
        self._px.pop(id, None)
        if paint is not None:
            self._paint[id] = paint

    def set_shape(self, id: str, shape: str) -> None:
        """Name the shape of an entity a composite drawing call (``Canvas.shape``) registered."""
        fill, stroke, line, lw, _ = self._paint.get(id, _NO_PAINT)
        self._paint[id] = (fill, stroke, line, lw, shape)

    def paint(self, id: str) -> dict:
        """How entity ``id`` was drawn: ``{"fill": rgb | None, "stroke": rgb | None, "line": "solid" |
        "dashed" | "dotted" | None, "shape": str | None}`` (all None for an entity registered without
        paint).  Colours are resolved against the style here, not while drawing."""
        box = self._raw[id][0]
        fill, stroke, line, lw, shape = self._paint.get(id, _NO_PAINT)
        res = self._resolve or rgb
        if shape == "rect":
            w, h = abs(box[2] - box[0]), abs(box[3] - box[1])
            shape = "square" if abs(w - h) <= 0.02 * max(w, h) else "rectangle"
        if not isinstance(line, str):
            line = None if stroke is None else line_style(line, lw)
        return {"fill": None if fill is None else tuple(res(fill)),
                "stroke": None if stroke is None else tuple(res(stroke)), "line": line, "shape": shape}

    def _to_px(self, x, y) -> list[float]:
        return [round((x + self._dx) * self._scale, 1), round((y + self._dy) * self._scale, 1)]

    def _convert(self, box, point, segment) -> dict:
        to_px = self._to_px
        ent: dict = {}
        if box is not None:
            x0, y0, x1, y1 = box
            ent["box"] = to_px(min(x0, x1), min(y0, y1)) + to_px(max(x0, x1), max(y0, y1))
        if segment is not None:
            (ax, ay), (bx, by) = segment
            ent["segment"] = [to_px(ax, ay), to_px(bx, by)]
            if box is None:
                ent["box"] = to_px(min(ax, bx), min(ay, by)) + to_px(max(ax, bx), max(ay, by))
        if point is not None:
            ent["point"] = to_px(*point)
        elif "box" in ent:
            b = ent["box"]
            ent["point"] = [round((b[0] + b[2]) / 2, 1), round((b[1] + b[3]) / 2, 1)]
        return ent

    def __getitem__(self, id: str) -> dict:
        ent = self._px.get(id)
        if ent is None:
            ent = self._px[id] = self._convert(*self._raw[id])
        return ent

    def __contains__(self, id) -> bool:
        return id in self._raw

    def __iter__(self):
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)


class Canvas:
    audit = bool(os.environ.get("TRACEGEN_AUDIT"))  # measure text contrast (tests turn it on)

    def __init__(self, width: int, height: int, style: Style, scale: float = 1.0):
        check_fonts()
        self.width, self.height = int(width), int(height)
        self.style = style
        self.scale = float(scale)
        fw, fh = style.frame_size(self.width, self.height)
        self.px_width, self.px_height = frame_pixels(style, (self.width, self.height), self.scale)
        # the pixels start as the background colour: one pass, where a cairo surface would be
        # zeroed and then painted
        stride = cairo.ImageSurface.format_stride_for_width(cairo.FORMAT_RGB24, self.px_width)
        data = pixels.POOL.take((self.px_height, stride // 4))   # warm memory (see core.pixels)
        data.fill(_pixel_word(style.background))
        self.surface = cairo.ImageSurface.create_for_data(data, cairo.FORMAT_RGB24, self.px_width, self.px_height,
                                                          stride)
        self.ctx = cairo.Context(self.surface)
        self.texts: list[dict] = []
        ctx = self.ctx
        ctx.set_font_options(font_options())   # text independent of the scale and of the process's past
        ctx.scale(self.scale, self.scale)
        self._backdrop(fw, fh)
        jx, jy = style.jitter
        self.dx, self.dy = style.pad[0] + jx, style.pad[1] + jy
        # colours resolve through the style, not a bound method: no reference cycle back to the canvas,
        # so its pixel buffer is freed (and reused warm) as soon as the instance is dropped
        self.entities = Entities(self.dx, self.dy, self.scale, functools.partial(rgb, style=style))
        ctx.translate(self.dx, self.dy)
        ctx.set_line_join(cairo.LINE_JOIN_ROUND)
        ctx.set_line_cap(cairo.LINE_CAP_ROUND)
        # shapes are rasterised on cairo's 4x4 coverage grid (17 levels of edge coverage; text keeps its
        # own greyscale antialiasing from the font options) and curves are flattened to within a quarter
        # pixel: together about 8% of an instance's time, no visible change at the images' scales
        ctx.set_antialias(SHAPE_ANTIALIAS)
        ctx.set_tolerance(TOLERANCE)

    # ------------------------------------------------------------------ backdrop
    def _backdrop(self, fw: float, fh: float) -> None:
        """Background colour, texture outside the content card, and the card's frame.

        The content card (flat background under the content, so texture never meets text) covers
        most of the image, so the texture, the shadow and the card's rounded corners are drawn
        only where they can show: pixel-aligned boxes around the card (cairo composites those
        without rasterising a path), and the card's own path only inside its corner boxes.
        """
        st, ctx = self.style, self.ctx
        bg = st.background   # already the surface's colour
        if st.texture == "plain" and st.frame == "none":
            return
        s = self.scale
        l, t_, r, b = st.pad
        m = min(6.0, min(st.pad) * 0.6)
        x, y, w, h = l - m, t_ - m, fw - l - r + 2 * m, fh - t_ - b + 2 * m
        rounded = st.frame in ("rounded", "shadow")
        radius = 10.0 if rounded else 0.0
        W, H = self.px_width, self.px_height

        def px(v, hi):
            return min(hi, max(0, int(math.floor(v * s + 0.5))))

        # the card's box in whole pixels, the boxes around it, and its corner boxes
        cx0, cy0, cx1, cy1 = px(x, W), px(y, H), px(x + w, W), px(y + h, H)
        around = [(0, 0, W, cy0), (0, cy1, W, H), (0, cy0, cx0, cy1), (cx1, cy0, W, cy1)]
        corners = []
        if rounded:
            k = int(math.ceil(radius * s)) + 1
            corners = [(cx0, cy0, cx0 + k, cy0 + k), (cx1 - k, cy0, cx1, cy0 + k),
                       (cx0, cy1 - k, cx0 + k, cy1), (cx1 - k, cy1 - k, cx1, cy1)]
        ctx.save()
        ctx.identity_matrix()
        if st.texture != "plain":
            ctx.set_source(self._texture_source(fh * s))
            self._boxes(around + corners)
            ctx.fill()
        if st.frame == "shadow":
            self._boxes([(cx1, cy0, W, H), (cx0, cy1, W, H)] + corners)
            ctx.clip()
            ctx.scale(s, s)
            self._round_rect(x + 4, y + 5, w, h, radius)
            ctx.set_source_rgb(*blend(st.grid, bg, 0.8))
            ctx.fill()
            ctx.reset_clip()
            ctx.identity_matrix()
        if corners:   # the card's rounded corners over whatever was drawn in their boxes
            self._boxes(corners)
            ctx.clip()
            ctx.scale(s, s)
            self._round_rect(x, y, w, h, radius)
            ctx.set_source_rgb(*bg)
            ctx.fill()
        ctx.restore()
        if st.frame != "none":
            if rounded:
                self._round_rect(x, y, w, h, radius)
            else:
                ctx.rectangle(x, y, w, h)
            ctx.set_source_rgb(*st.grid)
            ctx.set_line_width(1.2)
            ctx.stroke()

    def _boxes(self, boxes) -> None:
        """Add non-empty pixel boxes (x0, y0, x1, y1) to the path (device space)."""
        for x0, y0, x1, y1 in boxes:
            if x1 > x0 and y1 > y0:
                self.ctx.rectangle(x0, y0, x1 - x0, y1 - y0)

    def _texture_source(self, fh_px: float):
        """The backdrop texture as a cairo source in device space: a linear gradient, or a
        16-pixel tile repeated from the image's origin (cached per texture and theme)."""
        st = self.style
        bg = st.background
        if st.texture == "gradient":   # vertical: pixman fills each row with one colour (12x faster)
            g = cairo.LinearGradient(0, 0, 0, fh_px)
            g.add_color_stop_rgb(0, *bg)
            g.add_color_stop_rgb(1, *blend(st.grid, bg, 0.45))
            return g
        key = (st.texture, st.theme)
        tile = _TILES.get(key)
        if tile is None:
            tile = _TILES[key] = _texture_tile(st.texture, bg, blend(st.grid, bg, 0.55))
        pat = cairo.SurfacePattern(tile)
        pat.set_extend(cairo.EXTEND_REPEAT)
        return pat

    def _round_rect(self, x, y, w, h, r):
        ctx = self.ctx
        ctx.new_sub_path()
        ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
        ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
        ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
        ctx.arc(x + r, y + r, r, math.pi, 1.5 * math.pi)
        ctx.close_path()

    # ------------------------------------------------------------------ geometry
    def to_px(self, x: float, y: float) -> list[float]:
        return [round((x + self.dx) * self.scale, 1), round((y + self.dy) * self.scale, 1)]

    def color(self, color):
        """RGB of a colour, a named colour or a role under this canvas's style."""
        return rgb(color, self.style)

    def text_on(self, fill):
        """A text colour readable on ``fill`` (a colour, name or role)."""
        return self.style.text_on(rgb(fill, self.style))

    def register(self, id: str | None, *, box=None, point=None, segment=None, fill=None, stroke=None,
                 line=None, shape=None) -> None:
        """Record an entity's geometry (logical units in, pixels stored; see ``Entities``) and, where
        given, how it is drawn: ``fill`` / ``stroke`` colours (a colour, name or role), ``line`` style
        (solid, dashed, dotted) and ``shape``.  Drawing calls pass their own; a kit that draws an
        entity in several calls and registers it once states what it looks like."""
        if id is not None:
            paint = None
            if fill is not None or stroke is not None or line is not None or shape is not None:
                paint = (fill, stroke, line, 1.0, shape)
            self.entities.add(id, None if box is None else tuple(box), None if point is None else tuple(point),
                              None if segment is None else (tuple(segment[0]), tuple(segment[1])), paint)

    # ------------------------------------------------------------------ painting
    def auto_outline(self, fill) -> tuple | None:
        """The outline (colour, width) the canvas gives a fill drawn without one: a named semantic
        colour too close to the theme's surfaces gets a thin muted one, so it stays exact and visible
        on every theme; None otherwise."""
        if isinstance(fill, str) and fill in NAMED_COLORS and _needs_outline(fill, self.style):
            return "muted", 1.0
        return None

    def _paint(self, fill, stroke, lw, dash=None, square=False):
        """Fill and/or stroke the current path; ``square``: the path is an axis-aligned rectangle, and
        its solid outline is drawn with mitred corners, which cairo strokes as four boxes (a round-joined
        outline is a general polygon to rasterise, several times the cost)."""
        ctx = self.ctx
        if stroke is None and fill is not None:
            stroke, lw = self.auto_outline(fill) or (None, lw)
        if fill is not None:
            ctx.set_source_rgb(*rgb(fill, self.style))
            if stroke is not None:
                ctx.fill_preserve()
            else:
                ctx.fill()
        if stroke is not None:
            ctx.set_source_rgb(*rgb(stroke, self.style))
            ctx.set_line_width(lw)
            if square and not dash:
                join, cap = ctx.get_line_join(), ctx.get_line_cap()
                ctx.set_line_join(cairo.LINE_JOIN_MITER)
                ctx.set_line_cap(cairo.LINE_CAP_SQUARE)   # no caps on a closed path; a round one forbids the boxes
                ctx.stroke()
                ctx.set_line_join(join)
                ctx.set_line_cap(cap)
            elif dash:
                cap = ctx.get_line_cap()
                butt = cap == cairo.LINE_CAP_ROUND and lw <= THIN and len(dash) % 2 == 0
                if butt:
                    ctx.set_line_cap(cairo.LINE_CAP_BUTT)
                ctx.set_dash(butt_dashes(dash, lw) if butt else dash)
                ctx.stroke()
                ctx.set_dash([])
                if butt:
                    ctx.set_line_cap(cap)
            else:
                ctx.stroke()

    def rect(self, x, y, w, h, *, fill=None, stroke=None, lw=1.0, id=None, dash=None):
        self.ctx.rectangle(x, y, w, h)
        self._paint(fill, stroke, lw, dash, square=True)
        if id is not None:
            self.entities.add(id, (x, y, x + w, y + h), None, None, (fill, stroke, dash, lw, "rect"))

    def circle(self, cx, cy, r, *, fill=None, stroke=None, lw=1.0, id=None):
        self.ctx.new_sub_path()
        self.ctx.arc(cx, cy, r, 0, 2 * math.pi)
        self._paint(fill, stroke, lw)
        if id is not None:
            self.entities.add(id, (cx - r, cy - r, cx + r, cy + r), (cx, cy), None, (fill, stroke, None, lw, "circle"))

    def ellipse(self, cx, cy, rx, ry, *, fill=None, stroke=None, lw=1.0, id=None):
        ctx = self.ctx
        ctx.save()
        ctx.translate(cx, cy)
        ctx.scale(rx, ry)
        ctx.new_sub_path()
        ctx.arc(0, 0, 1, 0, 2 * math.pi)
        ctx.restore()
        self._paint(fill, stroke, lw)
        if id is not None:
            self.entities.add(id, (cx - rx, cy - ry, cx + rx, cy + ry), (cx, cy), None,
                              (fill, stroke, None, lw, "circle" if rx == ry else "ellipse"))

    def line(self, x0, y0, x1, y1, *, color="ink", lw=1.5, id=None, dash=None):
        self.ctx.move_to(x0, y0)
        self.ctx.line_to(x1, y1)
        self._paint(None, color, lw, dash)
        if id is not None:
            self.entities.add(id, None, None, ((x0, y0), (x1, y1)), (None, color, dash, lw, "line"))

    def polyline(self, pts, *, color="ink", lw=1.5, dash=None):
        ctx = self.ctx
        ctx.move_to(*pts[0])
        for p in pts[1:]:
            ctx.line_to(*p)
        self._paint(None, color, lw, dash)

    def polygon(self, pts, *, fill=None, stroke=None, lw=1.0, id=None, dash=None):
        ctx = self.ctx
        ctx.move_to(*pts[0])
        for p in pts[1:]:
            ctx.line_to(*p)
        ctx.close_path()
        self._paint(fill, stroke, lw, dash)
        if id is not None:
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            self.entities.add(id, (min(xs), min(ys), max(xs), max(ys)), None, None, (fill, stroke, dash, lw, "polygon"))

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
        if id is not None:
            self.entities.set_shape(id, kind)

    # ------------------------------------------------------------------ text
    def _face(self, s: str, size: float, bold: bool, font) -> str:
        """Select the style's font (or ``font``), falling back when it lacks a glyph of ``s``; returns the
        family selected."""
        ctx = self.ctx
        family = font or self.style.font
        weight = cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL
        ctx.select_font_face(family, cairo.FONT_SLANT_NORMAL, weight)
        ctx.set_font_size(size)
        if family == FALLBACK_FONT:
            return family
        covered = _COVERED.setdefault((family, bold), set())
        if covered.issuperset(s):
            return family
        cover = _FONT_COVER.setdefault((family, bold), {})
        for ch in s:
            ok = cover.get(ch)
            if ok is None:
                glyphs = ctx.get_scaled_font().text_to_glyphs(0, 0, ch, False)
                ok = cover[ch] = ch.isspace() or all(g.index != 0 for g in glyphs)
            if not ok:
                ctx.select_font_face(FALLBACK_FONT, cairo.FONT_SLANT_NORMAL, weight)
                ctx.set_font_size(size)
                return FALLBACK_FONT
            covered.add(ch)
        return family

    def _uniform_scale(self):
        """(k, mx, my) when the current transform is a uniform scale by k > 0 and a shift by (mx, my),
        which is how nearly every text is drawn; None under a rotation, a skew or unequal scales."""
        xx, yx, xy, yy, mx, my = self.ctx.get_matrix()
        if xy == 0.0 and yx == 0.0 and xx == yy and xx > 0.0:
            return xx, mx, my
        return None

    def _measure(self, s: str, size: float, bold: bool, font) -> tuple:
        """(family drawn, ascent, descent, advance) of ``s`` at ``size`` user units, measured without the
        transform: the same at every scale (so are the layouts built on them) and in every process, so
        they are kept per string and size."""
        key = (font or self.style.font, bold, size, s)
        m = _METRICS.get(key)
        if m is None:
            ctx = self.ctx
            ctx.save()
            ctx.identity_matrix()
            family = self._face(s, size, bold, font)
            ascent, descent = ctx.font_extents()[:2]
            m = (family, ascent, descent, ctx.text_extents(s).x_advance)
            ctx.restore()
            if len(_METRICS) >= _METRICS_MAX:
                _METRICS.clear()
            _METRICS[key] = m
        return m

    def text(self, x, y, s, *, size=14.0, color="ink", anchor="c", valign="m", bold=False,
             font=None, id=None, angle=0.0, kind="label", snap=True):
        """Draw text; ``anchor`` l/c/r horizontally, ``valign`` t/m/b (box top/middle/bottom).

        Returns the text's logical bounding box (x0, y0, x1, y1) before rotation.  Every text is
        recorded in ``self.texts`` (string, pixel box, pixel size, weight, colour, ``kind`` and,
        with ``audit``, the WCAG contrast against the most common colour already under its box).
        ``kind="tick"`` marks the labels of a scale (axis ticks, colour-bar levels): reading a
        value through the scale is the task, so the shortcut check ignores them.  The glyphs are drawn
        at the nearest whole-pixel size; ``snap=False`` keeps the exact size (a size that encodes a
        value).
        """
        if size < MIN_TEXT_PX:
            raise ValueError(f"text size {size} below the legibility floor of {MIN_TEXT_PX}px")
        ctx = self.ctx
        s = str(s)
        col = rgb(color, self.style)
        family, ascent, descent, adv = self._measure(s, size, bold, font)
        height = ascent + descent
        left, top = _ANCHOR[anchor] * adv, _VALIGN[valign] * height
        box = (x + left, y + top, x + left + adv, y + top + height)
        device = None if angle or not snap else self._uniform_scale()
        weight = cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL
        if device is not None:
            # drawn in device space at the nearest whole-pixel size, anchored where the measured box
            # is.  cairo keys its glyph rasters by the font matrix and the transform together, and
            # every instance has its own scale, so text drawn in user space rasterised its glyphs
            # afresh in every instance (30-40 us a string); at whole pixel sizes instances share them.
            # Metrics are unhinted, so they scale linearly with the size.
            k, mx, my = device
            px = max(1, round(size * k))
            r = px / size
            ctx.save()
            ctx.identity_matrix()
            ctx.select_font_face(family, cairo.FONT_SLANT_NORMAL, weight)
            ctx.set_font_size(px)
            ascent *= r
            u0, v0 = k * x + mx + left * r, k * y + my + top * r
            pbox = [round(u0, 1), round(v0, 1), round(u0 + adv * r, 1), round(v0 + height * r, 1)]
            size_px = float(px)
        else:   # exact, rotated, skewed or unequally scaled: drawn under the transform
            ctx.select_font_face(family, cairo.FONT_SLANT_NORMAL, weight)
            ctx.set_font_size(size)
            if angle:
                ctx.save()
                ctx.translate(x, y)
                ctx.rotate(angle)
                u0, v0 = left, top
            else:
                u0, v0 = box[0], box[1]
            # the pixel box under the current transform (scenes may draw inside their own transforms)
            xx, yx, xy, yy, mx, my = ctx.get_matrix()
            u1, v1 = u0 + adv, v0 + height
            xs = (xx * u0 + xy * v0 + mx, xx * u1 + xy * v0 + mx, xx * u1 + xy * v1 + mx, xx * u0 + xy * v1 + mx)
            ys = (yx * u0 + yy * v0 + my, yx * u1 + yy * v0 + my, yx * u1 + yy * v1 + my, yx * u0 + yy * v1 + my)
            pbox = [round(min(xs), 1), round(min(ys), 1), round(max(xs), 1), round(max(ys), 1)]
            size_px = round(math.hypot(xy * size, yy * size), 2)
        rec = {"text": s, "box": pbox, "size_px": size_px, "bold": bool(bold), "color": col, "kind": kind}
        if self.audit:
            under = self._under(pbox)
            rec["background"] = under
            rec["contrast"] = None if under is None else round(contrast(col, under), 2)
        self.texts.append(rec)
        ctx.move_to(u0, v0 + ascent)
        ctx.set_source_rgb(*col)
        ctx.show_text(s)
        ctx.new_path()
        if angle or device is not None:
            ctx.restore()
        if id is not None:
            self.entities.add(id, box, None, None, (col, None, None, 1.0, "text"))
        return box

    def _under(self, pbox):
        """The most common colour of the visible pixels inside a pixel box (what a text is drawn
        on); None when the current clip hides the whole box."""
        self.surface.flush()
        ctx = self.ctx
        ctx.save()
        ctx.identity_matrix()
        cx0, cy0, cx1, cy1 = ctx.clip_extents()
        ctx.restore()
        x0, y0 = max(0, int(pbox[0]), int(cx0)), max(0, int(pbox[1]), int(cy0))
        x1 = min(self.px_width, int(math.ceil(pbox[2])), int(math.ceil(cx1)))
        y1 = min(self.px_height, int(math.ceil(pbox[3])), int(math.ceil(cy1)))
        if x1 <= x0 or y1 <= y0:
            return None
        px = self.pixels_bgrx()[y0:y1, x0:x1, :3].reshape(-1, 3)
        keys = (px[:, 2].astype(np.int64) << 16) | (px[:, 1].astype(np.int64) << 8) | px[:, 0]
        vals, counts = np.unique(keys, return_counts=True)
        k = int(vals[int(np.argmax(counts))])
        return ((k >> 16) / 255.0, ((k >> 8) & 255) / 255.0, (k & 255) / 255.0)

    def drawn_texts(self) -> list[str]:
        """Every string drawn on this canvas, in drawing order."""
        return [t["text"] for t in self.texts]

    def text_width(self, s, *, size=14.0, bold=False, font=None) -> float:
        """The advance of ``s`` in user units, measured as ``text`` measures it (the same at every scale)."""
        return self._measure(str(s), size, bold, font)[3]

    # ------------------------------------------------------------------ style-driven marks
    def gridline(self, x0, y0, x1, y1, *, lw=1.0):
        """A chart gridline in the style's grid style (solid, dashed, dotted or faint)."""
        gs = self.style.grid_style
        dash = {"dashed": [6.0, 4.0], "dotted": [1.0, 4.0]}.get(gs)
        color = blend(self.style.grid, self.style.background, 0.55) if gs == "faint" else "grid"
        self.line(x0, y0, x1, y1, color=color, lw=lw * (1.3 if gs == "dotted" else 1.0), dash=dash)

    def marker(self, x, y, size, *, fill="accent", stroke="background", lw=1.5, id=None):
        """A non-semantic data marker in the style's marker shape (centre point registered)."""
        kind = self.style.marker
        self.shape(kind, x, y, size * (0.9 if kind == "square" else 1.0), fill=fill, stroke=stroke, lw=lw)
        if id is not None:
            self.register(id, box=(x - size / 2, y - size / 2, x + size / 2, y + size / 2), point=(x, y),
                          fill=fill, stroke=stroke, shape=kind)

    # ------------------------------------------------------------------ output
    def finish(self) -> None:
        """Apply post-render speckle noise (render-only) from the style's noise seed.

        A fixed fraction of pixels gets a grey offset of up to ``noise_sigma`` levels; sparse
        noise keeps the cost far below the drawing itself.  The chosen pixels are gathered and
        scattered as whole 32-bit words (one index per pixel, not three), so the pass costs a
        fraction of a millisecond per megapixel; where a pixel is drawn twice the later draw
        wins, as with per-channel indexing.
        """
        self.surface.flush()
        if self.style.noise_sigma > 0:
            words = self.pixels32()
            assert words.flags.c_contiguous   # RGB24 rows are whole 32-bit words: no row padding
            words = words.reshape(-1)
            rng = np.random.Generator(np.random.PCG64(self.style.noise_seed))
            k = max(1, int(words.shape[0] * NOISE_DENSITY))
            idx = rng.integers(0, words.shape[0], size=k)
            amp = int(round(self.style.noise_sigma * 4))
            delta = rng.integers(-amp, amp + 1, size=k, dtype=np.int16)
            px = words[idx].view(np.uint8).reshape(k, 4).astype(np.int16)
            for ch in range(3):    # channel by channel: numpy's broadcast add over (k, 3) is ten times slower
                px[:, ch] += delta
            np.clip(px, 0, 255, out=px)
            words[idx] = px.astype(np.uint8).view(np.uint32).reshape(-1)
            self.surface.mark_dirty()

    def pixels_bgrx(self) -> np.ndarray:
        """A writable (h, w, 4) uint8 view of the surface in cairo's BGRX byte order."""
        stride = self.surface.get_stride()
        buf = np.ndarray((self.px_height, stride), dtype=np.uint8, buffer=self.surface.get_data())
        return buf[:, : self.px_width * 4].reshape(self.px_height, self.px_width, 4)

    def pixels32(self) -> np.ndarray:
        """A writable (h, w) uint32 view of the surface (one native-endian 0xXXRRGGBB word per pixel)."""
        stride = self.surface.get_stride()
        buf = np.ndarray((self.px_height, stride // 4), dtype=np.uint32, buffer=self.surface.get_data())
        return buf[:, : self.px_width]

    def to_rgb(self) -> np.ndarray:
        self.surface.flush()
        bgrx = self.pixels_bgrx()
        return png_mod.bgrx_to_rgb(bgrx, np.empty(bgrx.shape[:2] + (3,), dtype=np.uint8))

    def to_png(self) -> bytes:
        self.surface.flush()
        return png_mod.encode_bgrx(self.pixels_bgrx())
