"""Render-only style: palettes, fonts, layout jitter, background and noise.

A style is drawn from the instance's ``style`` and ``noise`` streams and never changes the
answer.  Colours that carry meaning (a "red" node) come from NAMED_COLORS and are drawn
exactly; everything else (ink, grid, backgrounds, series accents) comes from the style.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

# Semantic colours: name -> RGB in [0, 1].  Chosen to stay distinct on every background.
NAMED_COLORS: dict[str, tuple[float, float, float]] = {
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

FONTS = ("DejaVu Sans", "DejaVu Serif", "DejaVu Sans Condensed")

# (background, panel, ink, muted ink, grid) — all light backgrounds with dark ink (contrast > 7:1)
PALETTES = (
    ((1.00, 1.00, 1.00), (0.96, 0.96, 0.96), (0.07, 0.07, 0.09), (0.30, 0.30, 0.34), (0.85, 0.85, 0.88)),
    ((0.99, 0.98, 0.94), (0.95, 0.93, 0.87), (0.10, 0.08, 0.05), (0.33, 0.29, 0.24), (0.86, 0.83, 0.76)),
    ((0.95, 0.97, 1.00), (0.90, 0.93, 0.98), (0.05, 0.08, 0.16), (0.26, 0.30, 0.40), (0.80, 0.85, 0.93)),
    ((0.96, 0.99, 0.96), (0.91, 0.96, 0.91), (0.05, 0.12, 0.06), (0.25, 0.35, 0.27), (0.80, 0.89, 0.81)),
    ((0.98, 0.96, 0.99), (0.94, 0.91, 0.96), (0.10, 0.05, 0.13), (0.33, 0.26, 0.38), (0.87, 0.82, 0.90)),
)

# Accent colours for non-semantic marks (series lines, bars): dark enough for white labels.
ACCENTS = (
    (0.12, 0.35, 0.65), (0.70, 0.20, 0.18), (0.15, 0.50, 0.30),
    (0.45, 0.25, 0.60), (0.05, 0.45, 0.50), (0.55, 0.35, 0.10),
)


@dataclass(frozen=True)
class Style:
    palette: int = 0
    accent: int = 0
    font: str = FONTS[0]
    jitter: tuple[float, float] = (0.0, 0.0)
    noise_sigma: float = 0.0
    noise_seed: int = 0

    # convenience views
    @property
    def background(self):
        return PALETTES[self.palette][0]

    @property
    def panel(self):
        return PALETTES[self.palette][1]

    @property
    def ink(self):
        return PALETTES[self.palette][2]

    @property
    def muted(self):
        return PALETTES[self.palette][3]

    @property
    def grid(self):
        return PALETTES[self.palette][4]

    @property
    def accent_rgb(self):
        return ACCENTS[self.accent]

    def to_json(self) -> dict:
        d = asdict(self)
        d["jitter"] = list(self.jitter)
        return d

    @classmethod
    def from_json(cls, d: dict) -> "Style":
        d = dict(d)
        d["jitter"] = tuple(d.get("jitter", (0.0, 0.0)))
        return cls(**d)


def draw_style(rng, noise_rng, *, allow_noise: bool = True, max_jitter: float = 6.0) -> Style:
    """Draw a render-only style from the style and noise streams."""
    palette = int(rng.integers(len(PALETTES)))
    accent = int(rng.integers(len(ACCENTS)))
    font = FONTS[int(rng.integers(len(FONTS)))]
    jx, jy = (round(float(v), 1) for v in rng.uniform(-max_jitter, max_jitter, size=2))
    sigma = 0.0
    if allow_noise and noise_rng.random() < 0.5:
        sigma = float(noise_rng.choice([2.0, 4.0, 6.0]))
    return Style(palette=palette, accent=accent, font=font, jitter=(jx, jy),
                 noise_sigma=sigma, noise_seed=int(noise_rng.integers(0, 2**31 - 1)))
