"""The render-only style space: themes (incl. dark), fonts, label density, grid and marker
styles, image size and aspect, background textures, layout jitter and pixel noise.

A style is drawn from the instance's ``style`` and ``noise`` streams and never changes the
answer.  Scenes draw with *roles* instead of colours -- ``background`` (the surface behind
the content), ``panel`` (headers, legends, boxes), ``paper`` (the surface of a board, a clock
face, a page), ``ink`` / ``muted`` (text and lines), ``grid`` (gridlines), ``accent`` and
``series:k`` (non-semantic marks) -- and the canvas resolves them against the style's theme,
so every scene gets dark themes for free.  Colours that carry meaning (a "red" node) come
from NAMED_COLORS and are drawn exactly on every theme; a named fill that would blend into
the theme's surfaces gets an outline (see ``Canvas``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields

RGB = tuple[float, float, float]

# Semantic colours: name -> RGB in [0, 1].  Never themed.
NAMED_COLORS: dict[str, RGB] = {
    "red": (0.86, 0.15, 0.15),
    "blue": (0.16, 0.36, 0.86),
    "green": (0.13, 0.62, 0.22),
    "yellow": (0.96, 0.80, 0.10),
    "orange": (0.97, 0.52, 0.08),
    "purple": (0.55, 0.25, 0.75),
    "pink": (0.96, 0.45, 0.70),
    "brown": (0.55, 0.33, 0.14),
    "gray": (0.55, 0.55, 0.55),
    "cyan": (0.10, 0.74, 0.80),
    "black": (0.08, 0.08, 0.08),
    "white": (1.0, 1.0, 1.0),
}

# Font families from Debian font packages installed by scripts/setup.sh (fonts-dejavu-core,
# fonts-liberation2, fonts-freefont-ttf, fonts-open-sans, fonts-ebgaramond, fonts-cantarell,
# fonts-comic-neue).  A string with a glyph the chosen family lacks is drawn in FALLBACK_FONT.
FONTS = ("DejaVu Sans", "DejaVu Serif", "DejaVu Sans Condensed", "Liberation Sans", "Liberation Serif",
         "FreeSans", "FreeSerif", "Open Sans", "EB Garamond", "Cantarell", "Comic Neue")
FALLBACK_FONT = "DejaVu Sans"


@dataclass(frozen=True)
class Theme:
    name: str
    dark: bool
    background: RGB   # the surface behind the content
    panel: RGB        # headers, legends, boxes drawn on the background
    paper: RGB        # boards, faces, pages: the surface marks are drawn on
    ink: RGB          # text and lines
    muted: RGB        # secondary text, tick labels
    grid: RGB         # gridlines, light borders
    series: tuple[RGB, ...] = field(default=())  # non-semantic marks (series lines, bars)


_LIGHT_SERIES = ((0.12, 0.35, 0.65), (0.70, 0.20, 0.18), (0.15, 0.50, 0.30),
                 (0.45, 0.25, 0.60), (0.05, 0.45, 0.50), (0.55, 0.35, 0.10))
_DARK_SERIES = ((0.40, 0.68, 0.98), (0.98, 0.56, 0.45), (0.45, 0.85, 0.55),
                (0.80, 0.62, 0.98), (0.35, 0.85, 0.88), (0.98, 0.78, 0.35))

THEMES: tuple[Theme, ...] = (
    Theme("paper", False, (1.00, 1.00, 1.00), (0.95, 0.95, 0.96), (1.00, 1.00, 1.00),
          (0.07, 0.07, 0.09), (0.30, 0.30, 0.34), (0.84, 0.84, 0.87), _LIGHT_SERIES),
    Theme("ivory", False, (0.99, 0.98, 0.94), (0.95, 0.93, 0.87), (1.00, 0.995, 0.975),
          (0.10, 0.08, 0.05), (0.33, 0.29, 0.24), (0.86, 0.83, 0.76), _LIGHT_SERIES),
    Theme("frost", False, (0.95, 0.97, 1.00), (0.89, 0.92, 0.97), (0.99, 0.995, 1.00),
          (0.05, 0.08, 0.16), (0.26, 0.30, 0.40), (0.80, 0.85, 0.93), _LIGHT_SERIES[1:] + _LIGHT_SERIES[:1]),
    Theme("mint", False, (0.96, 0.99, 0.96), (0.90, 0.96, 0.91), (0.995, 1.00, 0.995),
          (0.05, 0.12, 0.06), (0.25, 0.35, 0.27), (0.80, 0.89, 0.81), _LIGHT_SERIES[2:] + _LIGHT_SERIES[:2]),
    Theme("lilac", False, (0.98, 0.96, 0.99), (0.94, 0.91, 0.96), (1.00, 0.99, 1.00),
          (0.10, 0.05, 0.13), (0.33, 0.26, 0.38), (0.87, 0.82, 0.90), _LIGHT_SERIES[3:] + _LIGHT_SERIES[:3]),
    Theme("stone", False, (0.92, 0.91, 0.89), (0.86, 0.85, 0.82), (0.98, 0.975, 0.965),
          (0.09, 0.09, 0.08), (0.30, 0.29, 0.27), (0.78, 0.77, 0.74), _LIGHT_SERIES[4:] + _LIGHT_SERIES[:4]),
    Theme("slate", True, (0.13, 0.15, 0.20), (0.19, 0.22, 0.29), (0.17, 0.19, 0.25),
          (0.93, 0.94, 0.96), (0.70, 0.73, 0.80), (0.31, 0.35, 0.43), _DARK_SERIES),
    Theme("midnight", True, (0.09, 0.11, 0.21), (0.15, 0.18, 0.31), (0.13, 0.15, 0.27),
          (0.94, 0.95, 0.99), (0.71, 0.74, 0.86), (0.27, 0.31, 0.46), _DARK_SERIES[1:] + _DARK_SERIES[:1]),
    Theme("plum", True, (0.15, 0.11, 0.20), (0.22, 0.17, 0.29), (0.19, 0.15, 0.25),
          (0.96, 0.93, 0.98), (0.78, 0.71, 0.84), (0.35, 0.29, 0.43), _DARK_SERIES[3:] + _DARK_SERIES[:3]),
    Theme("forest", True, (0.09, 0.15, 0.13), (0.14, 0.22, 0.19), (0.12, 0.19, 0.17),
          (0.93, 0.97, 0.94), (0.70, 0.80, 0.74), (0.26, 0.36, 0.32), _DARK_SERIES[2:] + _DARK_SERIES[:2]),
)
DARK_SHARE = 0.3            # probability of a dark theme

ROLES = ("background", "panel", "paper", "ink", "muted", "grid", "accent")
TEXTURES = ("plain", "gradient", "dots", "ruled", "grid", "diagonal")
FRAMES = ("none", "line", "rounded", "shadow")   # how the content card sits on a textured backdrop
GRID_STYLES = ("solid", "dashed", "dotted", "faint")
MARKERS = ("circle", "square", "diamond", "triangle")
DENSITIES = ("sparse", "normal", "dense")


@dataclass(frozen=True)
class Style:
    theme: int = 0
    accent: int = 0
    font: str = FONTS[0]
    density: str = "normal"          # label density: how many ticks/labels a kit draws
    grid_style: str = "solid"        # chart gridlines
    marker: str = "circle"           # non-semantic series markers
    texture: str = "plain"           # backdrop texture (outside the content card)
    frame: str = "none"              # the content card's border
    pad: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # logical margins l, t, r, b
    jitter: tuple[float, float] = (0.0, 0.0)
    noise_sigma: float = 0.0
    noise_seed: int = 0

    # ------------------------------------------------------------ roles
    @property
    def palette(self) -> Theme:
        return THEMES[self.theme]

    @property
    def dark(self) -> bool:
        return THEMES[self.theme].dark

    @property
    def background(self) -> RGB:
        return THEMES[self.theme].background

    @property
    def panel(self) -> RGB:
        return THEMES[self.theme].panel

    @property
    def paper(self) -> RGB:
        return THEMES[self.theme].paper

    @property
    def ink(self) -> RGB:
        return THEMES[self.theme].ink

    @property
    def muted(self) -> RGB:
        return THEMES[self.theme].muted

    @property
    def grid(self) -> RGB:
        return THEMES[self.theme].grid

    def series(self, k: int = 0) -> RGB:
        s = THEMES[self.theme].series
        return s[(self.accent + k) % len(s)]

    @property
    def accent_rgb(self) -> RGB:
        return self.series(0)

    def role(self, name: str) -> RGB:
        """Resolve a role name (``ink``, ``paper``, ``accent``, ``series:2``, ...) to RGB."""
        if name in ("background", "panel", "paper", "ink", "muted", "grid"):
            return getattr(THEMES[self.theme], name)
        if name in ("accent", "accent_rgb"):
            return self.series(0)
        if name.startswith("series:"):
            return self.series(int(name[7:]))
        raise KeyError(f"unknown colour {name!r}")

    def text_on(self, fill) -> RGB:
        """A text colour readable on ``fill``: the theme's ink or paper where either reaches
        MIN_CONTRAST on it, else pure black or white (one of which always does).  Remembered per
        (ink, paper, fill) for tuple fills: the answer is one of those four colours, and equal
        fills (a zero's sign aside, which no contrast sees) give equal contrasts."""
        ink, paper = self.ink, self.paper
        key = (ink, paper, fill) if type(fill) is tuple else None
        if key is not None:
            best = _TEXT_ON.get(key)
            if best is not None:
                return best
        best = max((ink, paper), key=lambda c: contrast(c, fill))
        if contrast(best, fill) < MIN_CONTRAST:
            best = max(((0.0, 0.0, 0.0), (1.0, 1.0, 1.0)), key=lambda c: contrast(c, fill))
        if key is not None:
            if len(_TEXT_ON) >= 4096:
                _TEXT_ON.clear()
            _TEXT_ON[key] = best
        return best

    # ------------------------------------------------------------ kit hints
    def ticks(self, normal: int) -> int:
        """How many ticks/labels to aim for where a kit would draw ``normal`` of them."""
        return max(2, round(normal * {"sparse": 0.6, "normal": 1.0, "dense": 1.5}[self.density]))

    def frame_size(self, w: float, h: float) -> tuple[float, float]:
        l, t, r, b = self.pad
        return w + l + r, h + t + b

    # ------------------------------------------------------------ (de)serialisation
    def to_json(self) -> dict:
        d = {name: getattr(self, name) for name in _STYLE_FIELDS}   # every field is a plain value
        d["pad"] = list(self.pad)
        d["jitter"] = list(self.jitter)
        return d

    @classmethod
    def from_json(cls, d: dict) -> "Style":
        d = dict(d)
        d["pad"] = tuple(d.get("pad", (0.0, 0.0, 0.0, 0.0)))
        d["jitter"] = tuple(d.get("jitter", (0.0, 0.0)))
        return cls(**d)


_STYLE_FIELDS = tuple(f.name for f in fields(Style))
_TEXT_ON: dict = {}   # Style.text_on's answers


# ---------------------------------------------------------------- colour science (WCAG, CIE)
def _lin(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _memo(fn):
    """``fn`` of a colour, remembered per colour tuple (the few colours of a picture are asked
    about over and over).  Equal tuples give equal results: equal numbers convert to the same
    float, and a tuple with a zero (0.0 == -0.0, whose results may differ in sign) is not
    remembered."""
    memo: dict = {}

    def cached(c):
        if type(c) is tuple and 0.0 not in c:
            v = memo.get(c)
            if v is None:
                if len(memo) >= 4096:
                    memo.clear()
                v = memo[c] = fn(c)
            return v
        return fn(c)

    cached.__doc__, cached.__name__, cached.__wrapped__ = fn.__doc__, fn.__name__, fn
    return cached


@_memo
def luminance(c) -> float:
    """WCAG relative luminance of an sRGB colour in [0, 1]."""
    r, g, b = (_lin(float(v)) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG contrast ratio (1..21) between two sRGB colours."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


@_memo
def lab(c) -> tuple[float, float, float]:
    r, g, b = (_lin(float(v)) for v in c[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a, b) -> float:
    """CIE76 colour difference."""
    return math.dist(lab(a), lab(b))


DISTINCT_DELTA_E = 20.0
MIN_CONTRAST = 4.5        # WCAG AA for normal text
MIN_CONTRAST_LARGE = 3.0  # WCAG AA for large text (>= 24 px, or >= 18.7 px bold)


def min_contrast(size_px: float, bold: bool) -> float:
    """The WCAG AA contrast a text of this pixel size and weight needs."""
    return MIN_CONTRAST_LARGE if size_px >= 24 or (bold and size_px >= 18.66) else MIN_CONTRAST   # a named fill closer than this to a theme surface gets an outline


# ---------------------------------------------------------------- drawing a style
MAX_SCALE = 3.0
DEFAULT_MEGAPIXELS = (0.55, 1.1)


def draw_style(rng, noise_rng, *, size, megapixels=DEFAULT_MEGAPIXELS, aspect_pad: float = 0.3,
               fluid: bool = False, allow_noise: bool = True, max_jitter: float = 6.0):
    """Draw a render-only style from the style and noise streams.

    ``size`` is the scene's logical canvas size.  Returns ``(style, content_size, scale)``: the
    style (its ``pad`` places the content in a frame of another aspect ratio), the logical size
    the scene lays out in (its own size, or the whole frame for ``fluid`` scenes) and the
    render scale that brings the exported image to a megapixel count drawn from ``megapixels``
    (never below 1, so text keeps its logical size >= MIN_TEXT_PX).  The draw order is fixed.
    """
    light = [i for i, t in enumerate(THEMES) if not t.dark]
    dark = [i for i, t in enumerate(THEMES) if t.dark]
    pool = dark if rng.random() < DARK_SHARE else light
    theme = pool[int(rng.integers(len(pool)))]
    accent = int(rng.integers(6))
    font = FONTS[int(rng.integers(len(FONTS)))]
    jx, jy = (round(float(v), 1) for v in rng.uniform(-max_jitter, max_jitter, size=2))
    density = DENSITIES[int(rng.integers(len(DENSITIES)))]
    grid_style = GRID_STYLES[int(rng.integers(len(GRID_STYLES)))]
    marker = MARKERS[int(rng.integers(len(MARKERS)))]
    texture = TEXTURES[int(rng.integers(len(TEXTURES)))]
    frame = FRAMES[int(rng.integers(len(FRAMES)))]
    # aspect: a third keep the scene's own, a third widen it, a third make it taller
    base = float(rng.uniform(8.0, 32.0))
    mode = int(rng.integers(3))
    extra = float(rng.uniform(0.05, max(0.05, aspect_pad)))
    split = float(rng.uniform(0.2, 0.8))
    target = float(rng.uniform(*megapixels)) * 1e6
    w, h = float(size[0]), float(size[1])
    ex = w * extra if mode == 1 and aspect_pad > 0 else 0.0
    ey = h * extra if mode == 2 and aspect_pad > 0 else 0.0
    if fluid:
        w, h = round(w + ex), round(h + ey)
        ex = ey = 0.0
    pad = (round(base + ex * split, 1), round(base + ey * split, 1),
           round(base + ex * (1 - split), 1), round(base + ey * (1 - split), 1))
    fw, fh = w + pad[0] + pad[2], h + pad[1] + pad[3]
    scale = round(min(MAX_SCALE, max(1.0, math.sqrt(target / (fw * fh)))), 4)
    sigma = 0.0
    if allow_noise and noise_rng.random() < 0.5:
        sigma = float(noise_rng.choice([2.0, 4.0, 6.0]))
    style = Style(theme=theme, accent=accent, font=font, density=density, grid_style=grid_style,
                  marker=marker, texture=texture, frame=frame, pad=pad, jitter=(jx, jy),
                  noise_sigma=sigma, noise_seed=int(noise_rng.integers(0, 2**31 - 1)))
    return style, (int(w), int(h)), scale
