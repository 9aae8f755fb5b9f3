"""Composite outlines for construction figures: filled regions bounded by straight sides and
circular arcs (a rectangle with a semicircular cap or bite, a corner cut by a quarter circle, a
sector, a regular polygon's wedges), drawn under a ``constructions`` figure.

A figure (see ``constructions.draw_figure``) may carry ``regions``::

    "regions": [{"path": ["A", "B", {"arc": "O", "to": "F", "via": "M"}, "C", "D"],
                 "tint": 0, "edge": "thick"}]

A path lists named points joined by straight sides; ``{"arc": O, "to": F, "via": M}`` joins
the current point to F along the circle about O that passes through M (a point of the figure
that is not drawn), so the path stays true when the figure is turned or mirrored.  ``tint``
is the fill (``series:k`` mixed into the paper; None: no fill), ``edge`` the outline: ``thick``
(ink), ``bold`` (a highlighted boundary in the accent colour), ``thin``, ``dash`` or ``none``.

``squares`` (``[[v, a, b], ...]``) are right-angle squares at corner v between rays va and vb;
unlike a ``right`` angle of the figure they block only their own strokes, so a corner's letter
may sit just outside it.

``draw_outlined`` fits the figure (its regions' arcs included) into a box, fills and outlines
the regions under the figure's lines, keeps the labels off every outline and registers every
point named in ``names`` or ``dots`` as ``pt:<name>`` and each region as ``region:<k>``.
"""

from __future__ import annotations

import math

from ..core.canvas import blend
from .constructions import Labels, View, draw_figure, figure_points, right_angle_mark


# ---------------------------------------------------------------------- maths (y up, degrees)
def _heading(o, p) -> float:
    return math.degrees(math.atan2(p[1] - o[1], p[0] - o[0]))


def arc_sweep(o, p, q, via) -> tuple[float, float]:
    """(start, signed extent) in degrees of the arc about ``o`` from p to q through ``via``
    (counter-clockwise positive)."""
    a0, a1, am = _heading(o, p), _heading(o, q), _heading(o, via)
    ccw = (a1 - a0) % 360.0 or 360.0
    if (am - a0) % 360.0 <= ccw:
        return a0, ccw
    return a0, ccw - 360.0


def outline(fig, path, *, steps: int = 48) -> list[tuple[float, float]]:
    """The boundary of a region path as math points (arcs sampled by ``steps`` per half turn)."""
    pts_m = fig["pts"]
    out: list[tuple[float, float]] = []
    for item in path:
        if isinstance(item, str):
            out.append(tuple(pts_m[item]))
            continue
        o, q, via = pts_m[item["arc"]], pts_m[item["to"]], pts_m[item["via"]]
        p = out[-1]
        r = math.dist(o, p)
        a0, ext = arc_sweep(o, p, q, via)
        n = max(2, int(abs(ext) / 180.0 * steps))
        out += [(o[0] + r * math.cos(math.radians(a0 + ext * i / n)),
                 o[1] + r * math.sin(math.radians(a0 + ext * i / n))) for i in range(1, n + 1)]
    return out


def area(poly) -> float:
    """Unsigned shoelace area of a closed polyline (math units)."""
    n = len(poly)
    return abs(sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))) / 2


def arc_length(fig, item, start) -> float:
    """The length of an arc item of a path that starts at point ``start``."""
    pts_m = fig["pts"]
    o = pts_m[item["arc"]]
    _, ext = arc_sweep(o, pts_m[start], pts_m[item["to"]], pts_m[item["via"]])
    return math.radians(abs(ext)) * math.dist(o, pts_m[start])


# ---------------------------------------------------------------------- drawing (canvas units)
def trace(ctx, view: View, fig, path) -> None:
    """Trace a region path on the cairo context (a closed sub-path; arcs exact)."""
    pts_m = fig["pts"]
    cur = None
    for i, item in enumerate(path):
        if isinstance(item, str):
            p = view.px(pts_m[item])
            (ctx.move_to if i == 0 else ctx.line_to)(*p)
            cur = item
            continue
        o = pts_m[item["arc"]]
        a0, ext = arc_sweep(o, pts_m[cur], pts_m[item["to"]], pts_m[item["via"]])
        cx, cy = view.px(o)
        r = math.dist(o, pts_m[cur]) * view.k
        start, end = -math.radians(a0), -math.radians(a0 + ext)
        (ctx.arc_negative if ext > 0 else ctx.arc)(cx, cy, r, start, end)
        cur = item["to"]
    ctx.close_path()


EDGES = {"thick": ("ink", 1.0, None), "bold": ("accent", 1.55, None), "thin": ("ink", 0.6, None),
         "dash": ("ink", 0.7, [7.0, 5.0])}


def tint_color(c, tint: int, strength: float = 0.42):
    return blend(c.color(f"series:{tint}"), c.color("paper"), strength)


def draw_regions(c, view: View, labels: Labels, fig, *, line_w: float = 2.4, bold="accent", mark="ink") -> None:
    """Fill every region, then outline each (so a neighbour's fill never covers an outline); each
    outline becomes an obstacle for the labels.  Then the right-angle squares."""
    ctx = c.ctx
    regions = fig.get("regions", [])
    for k, reg in enumerate(regions):
        if reg.get("tint") is not None:
            ctx.new_path()
            trace(ctx, view, fig, reg["path"])
            ctx.set_source_rgb(*tint_color(c, reg["tint"], reg.get("strength", 0.42)))
            ctx.fill()
    for k, reg in enumerate(regions):
        poly = [view.px(p) for p in outline(fig, reg["path"])]
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        c.register(f"region:{k}", box=(min(xs), min(ys), max(xs), max(ys)))
        edge = reg.get("edge", "thick")
        if edge == "none":
            continue
        color, w, dash = EDGES[edge]
        ctx.new_path()
        trace(ctx, view, fig, reg["path"])
        c._paint(None, bold if edge == "bold" else color, line_w * w, dash)
        for p, q in zip(poly, poly[1:] + poly[:1]):
            labels.seg(p, q)
    for v, a, b in fig.get("squares", []):
        pv, pa, pb = (view.px(fig["pts"][n]) for n in (v, a, b))
        size = min(14.0, 0.3 * math.dist(pv, pa), 0.3 * math.dist(pv, pb))
        right_angle_mark(c, pv, pa, pb, size=size, color=mark)
        ua, ub = (((p[0] - pv[0]) / math.dist(pv, p), (p[1] - pv[1]) / math.dist(pv, p)) for p in (pa, pb))
        corner = (pv[0] + (ua[0] + ub[0]) * size, pv[1] + (ua[1] + ub[1]) * size)
        labels.seg((pv[0] + ua[0] * size, pv[1] + ua[1] * size), corner)
        labels.seg((pv[0] + ub[0] * size, pv[1] + ub[1] * size), corner)


def fit(fig, box) -> View:
    pts = figure_points(fig)
    for reg in fig.get("regions", []):
        pts += outline(fig, reg["path"], steps=24)
    return View.fit(pts, box, circles=fig.get("circles", ()))


def draw_outlined(c, fig: dict, box, *, line_w: float = 2.4, bold="accent", labels: Labels | None = None,
                  mark_color="accent", **kw):
    """Draw a figure with regions (see the module docstring) fitted into ``box``; returns
    (view, labels).  Keyword arguments go to ``constructions.draw_figure``."""
    view = fit(fig, box)
    labels = labels or Labels(c)
    for name in list(fig.get("names", [])) + list(fig.get("dots", [])):
        c.register(f"pt:{name}", point=view.px(fig["pts"][name]))
    draw_figure(c, fig, box, view=view, labels=labels, line_w=line_w, mark_color=mark_color,
                under=lambda cc, v: draw_regions(cc, v, labels, fig, line_w=line_w, bold=bold, mark=mark_color),
                **kw)
    return view, labels
