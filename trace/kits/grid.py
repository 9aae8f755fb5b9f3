"""Shared layout for cell grids (boards, calendars, heatmaps, icon grids)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Grid:
    x0: float
    y0: float
    rows: int
    cols: int
    cell: float          # cell width
    cell_h: float = 0.0  # cell height (defaults to ``cell``)

    @property
    def ch(self) -> float:
        return self.cell_h or self.cell

    @property
    def x1(self) -> float:
        return self.x0 + self.cols * self.cell

    @property
    def y1(self) -> float:
        return self.y0 + self.rows * self.ch

    def box(self, r: int, c: int, inset: float = 0.0):
        x = self.x0 + c * self.cell
        y = self.y0 + r * self.ch
        return (x + inset, y + inset, x + self.cell - inset, y + self.ch - inset)

    def center(self, r: int, c: int):
        return (self.x0 + (c + 0.5) * self.cell, self.y0 + (r + 0.5) * self.ch)

    def node(self, r: int, c: int):
        """Grid-line intersection (for Go-style boards)."""
        return (self.x0 + c * self.cell, self.y0 + r * self.ch)

    @classmethod
    def fit(cls, rows: int, cols: int, x0: float, y0: float, w: float, h: float, square: bool = True):
        """The largest grid of rows x cols fitting in (x0, y0, w, h), centred."""
        cw, chh = w / cols, h / rows
        if square:
            cw = chh = min(cw, chh)
        return cls(x0 + (w - cw * cols) / 2, y0 + (h - chh * rows) / 2, rows, cols, cw, chh)


def draw_lines(c, g: Grid, *, color="ink", lw=1.0, outer_lw=None):
    for r in range(g.rows + 1):
        y = g.y0 + r * g.ch
        c.line(g.x0, y, g.x1, y, color=color, lw=outer_lw if (outer_lw and r in (0, g.rows)) else lw)
    for k in range(g.cols + 1):
        x = g.x0 + k * g.cell
        c.line(x, g.y0, x, g.y1, color=color, lw=outer_lw if (outer_lw and k in (0, g.cols)) else lw)


def register_cells(c, g: Grid, prefix: str = "cell") -> None:
    """Register every cell as entity ``{prefix}:{r}:{c}``."""
    for r in range(g.rows):
        for k in range(g.cols):
            c.register(f"{prefix}:{r}:{k}", box=g.box(r, k))


def draw_cell_grid(c, g: Grid, values, fills, *, prefix: str = "cell", stroke="ink", lw: float = 1.2,
                   inset: float = 0.0) -> None:
    """Fill every cell of ``g`` by its value (``values`` is a list of rows, ``fills`` maps a value to
    a colour), outline it in ``stroke`` and register it as ``{prefix}:{r}:{c}`` with the colour it is
    drawn in.

    Cells that touch (no ``inset``) are drawn as one fill per colour and their outlines as the grid's
    lines in one stroke: cell by cell, each cell's fill covered half of the edge its neighbour had just
    outlined and its own outline drew it again, so the lines end on top either way (the lines' round
    caps make the outer corners' round joins)."""
    if inset or stroke is None:
        for r, row in enumerate(values):
            for k, v in enumerate(row):
                x0, y0, x1, y1 = g.box(r, k, inset)
                c.rect(x0, y0, x1 - x0, y1 - y0, fill=fills[v], stroke=stroke, lw=lw, id=f"{prefix}:{r}:{k}")
        return
    ctx = c.ctx
    groups: dict = {}
    for r, row in enumerate(values):
        for k, v in enumerate(row):
            x0, y0, x1, y1 = g.box(r, k)
            groups.setdefault(fills[v], []).append((x0, y0, x1 - x0, y1 - y0))
            c.entities.add(f"{prefix}:{r}:{k}", (x0, y0, x1, y1), None, None, (fills[v], stroke, None, lw, "rect"))
    for colour, boxes in groups.items():
        for box in boxes:
            ctx.rectangle(*box)
        c._paint(c.color(colour), None, lw)   # as RGB: the grid's lines outline every cell
    for r in range(g.rows + 1):
        ctx.move_to(g.x0, g.y0 + r * g.ch)
        ctx.line_to(g.x1, g.y0 + r * g.ch)
    for k in range(g.cols + 1):
        ctx.move_to(g.x0 + k * g.cell, g.y0)
        ctx.line_to(g.x0 + k * g.cell, g.y1)
    c._paint(None, stroke, lw)
