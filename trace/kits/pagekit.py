"""Document and application pages: a titled sheet, banded panels, list rows, marker icons, letter
badges, numbered step discs, status pills and the window chrome of desktop applications and
browsers.

Used by the page scenes that print their data as text in a designed layout (category grids,
sectioned lists, step lists, forms, record tables, control boards, workspaces, web pages).
Everything draws with colour roles and tints of the theme's series colours, so the style space
applies; looks are picked from ``c.style`` (render-only).  Text on a fill uses ``c.text_on``.

Page titles and notes are drawn from the semantic stream by ``page_title`` (they are part of the
state, never of the answer).
"""

from __future__ import annotations

from ..core.canvas import blend
from .cards import rounded_rect
from .glyphs import draw_glyph

# ---------------------------------------------------------------------------- titles
TITLE_HEADS = ("Flow", "Vertex", "Events", "Pipeline", "Throughput", "Balance", "Demand", "Supply", "Load",
               "Operating", "Regional", "Quarterly", "Field", "Program", "Portfolio", "Service", "Network",
               "Capacity", "Signal", "Harbor", "Summit", "Atlas", "Beacon", "Meridian")
TITLE_KINDS = ("Review", "Snapshot", "Summary Packet", "Notes", "Context Sheet", "Status Update", "Brief",
               "Digest", "Overview", "Bulletin", "Register", "Handbook")
# technical terms for block, step and stage titles (single words, all distinct)
TERMS = ("Bottleneck", "Policy", "Residual", "Entropy", "Gate", "Candidate", "Estimator", "Regression", "Bias",
         "Vector", "Lookup", "Stratum", "Tuning", "Spline", "Flux", "Filter", "Sequence", "Drift", "Calibration",
         "Prior", "Amplitude", "Embedding", "Dropout", "Pulse", "Sample", "Softmax", "Logger", "Network",
         "Interval", "Inference", "Phase", "Overfit", "Dimension", "Timestep", "Training", "Recurrent",
         "Analog", "Kernel", "Momentum", "Cluster", "Baseline", "Cascade", "Signal", "Margin", "Horizon",
         "Archive", "Router", "Sensor", "Quorum", "Ledger", "Beacon", "Lattice", "Buffer", "Cipher",
         "Sharding", "Memory", "Checkpoint", "PhaseLock", "Minibatch", "Deployment", "Distorter", "Readout",
         "Detector", "Dispatcher", "Routing", "LoadTest", "Segmenter", "Pivot", "Validator", "PacketLoss",
         "Objective", "Boolean", "Snapshot", "Denoising", "Backprop", "Integrator", "Artifact", "Middleware",
         "Invariant", "Generator", "Response", "Predictor", "Capacity", "Diffusion", "Pruning", "Jacobian",
         "Activation", "Collider", "Topology", "ErrorRate", "BeamSearch", "Corpus", "Decoder", "Signature",
         "Bayes", "Gain", "Sketch", "Deduction", "Scheduler", "Tokenizer", "Encoder", "Allocator", "Compiler",
         "Profiler", "Sampler", "Optimizer", "Gradient", "Manifold", "Register", "Pipeline", "Heuristic",
         "Threshold", "Variance", "Histogram", "Quantizer", "Resolver", "Injector", "Watchdog", "Throttle",
         "Replica", "Consensus", "Partition", "Crawler", "Indexer", "Parser", "Renderer", "Shader", "Mixer",
         "Oscillator", "Amplifier", "Limiter", "Equalizer", "Aggregator", "Collector", "Emitter", "Splitter",
         "Reducer", "Mapper", "Planner", "Monitor", "Tracker", "Verifier", "Auditor", "Balancer", "Gateway",
         "Cache", "Journal", "Mirror", "Relay", "Bridge", "Switch", "Socket", "Channel", "Stream", "Vault",
         "Beam", "Prism", "Fulcrum", "Anchor")
SUB_PLACES = ("Nimbus", "Terra", "Willow", "Alpha", "Delta", "Cedar", "Orion", "Vega", "Juniper", "Harbor")


def page_title(rng) -> tuple[str, str]:
    """A page title ("Vertex Load Snapshot E17") and a context-only subtitle line."""
    head = TITLE_HEADS[int(rng.integers(len(TITLE_HEADS)))]
    kind = TITLE_KINDS[int(rng.integers(len(TITLE_KINDS)))]
    code = "ABCDEFGHJKLMNPQRSTUVWXYZ"[int(rng.integers(24))] + str(int(rng.integers(10, 99)))
    title = f"{head} {kind} {code}" if rng.random() < 0.6 else f"{head} {kind}"
    key = "CKLPRWZ"[int(rng.integers(7))] + str(int(rng.integers(10, 99)))
    sub = (f"Key: {key} marks a context-only note." if rng.random() < 0.5 else
           f"Reference caption {key} for {SUB_PLACES[int(rng.integers(len(SUB_PLACES)))]}.")
    return title, sub


# ---------------------------------------------------------------------------- sheet and panels
def band_fill(c, k: int = 0):
    """A deep tint of series colour k (towards the theme's ink): header bands and bars."""
    return blend(c.style.series(k), c.color("ink"), 0.7)


def sheet(c, w: float, h: float, title: str, subtitle: str | None = None, *, margin: float = 18.0,
          band_h: float = 86.0, title_size: float = 26.0) -> float:
    """The page: a rounded paper sheet over the canvas with the title (and a subtitle) in a filled
    header band or, for some looks, above a rule.  Returns the y where the content starts."""
    look = c.style.accent % 2
    x0, y0 = margin, margin
    rounded_rect(c, x0, y0, w - 2 * margin, h - 2 * margin, radius=16, fill="paper", stroke="grid", lw=1.4)
    if look == 0:
        fill = band_fill(c, 0)
        rounded_rect(c, x0, y0, w - 2 * margin, band_h, radius=16, fill=fill)
        c.rect(x0, y0 + band_h - 16, w - 2 * margin, 16, fill=fill)
        col = c.text_on(fill)
    else:
        c.line(x0 + 24, y0 + band_h - 4, w - margin - 24, y0 + band_h - 4, color="grid", lw=1.5)
        col = "ink"
    ty = y0 + (band_h * 0.38 if subtitle else band_h / 2)
    c.text(x0 + 26, ty, title, size=title_size, anchor="l", color=col, bold=c.style.accent % 3 == 0)
    if subtitle:
        c.text(x0 + 26, y0 + band_h * 0.74, subtitle, size=14, anchor="l", color=col)
    return y0 + band_h + 12


def cells(box, n: int, cols: int, *, gap: float = 12.0, gap_y: float | None = None,
          max_h: float | None = None) -> list[tuple]:
    """Boxes (x0, y0, x1, y1) of ``n`` cards in rows of ``cols`` across ``box``, row by row from its
    top: the rows share its height (each at most ``max_h`` tall)."""
    x0, y0, x1, y1 = box
    gy = gap if gap_y is None else gap_y
    rows = -(-n // cols)
    w = (x1 - x0 - (cols - 1) * gap) / cols
    h = (y1 - y0 - (rows - 1) * gy) / rows
    if max_h is not None:
        h = min(max_h, h)
    return [(x0 + (k % cols) * (w + gap), y0 + (k // cols) * (h + gy), x0 + (k % cols) * (w + gap) + w,
             y0 + (k // cols) * (h + gy) + h) for k in range(n)]


def banded_panel(c, box, title: str, *, k: int = 0, bar_h: float = 36.0, id=None, title_id=None,
                 size: float = 17.0) -> tuple:
    """A panel under a filled title bar (series colour k) over a light tint of it.  Returns the
    body box."""
    x0, y0, x1, y1 = box
    body = blend(c.style.series(k), c.color("paper"), 0.07)
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=10, fill=body, stroke="grid", lw=1.2, id=id)
    fill = band_fill(c, k)
    rounded_rect(c, x0, y0, x1 - x0, bar_h, radius=10, fill=fill)
    c.rect(x0, y0 + bar_h - 10, x1 - x0, 10, fill=fill)
    c.text(x0 + 14, y0 + bar_h / 2, title, size=size, anchor="l", color=c.text_on(fill), id=title_id)
    return (x0 + 8, y0 + bar_h + 6, x1 - 8, y1 - 8)


def strip_header(c, box, title: str, *, k: int = 0, id=None, size: float = 14.0) -> None:
    """A light tinted strip carrying a sub-heading (the title's box is registered as ``id``)."""
    x0, y0, x1, y1 = box
    fill = blend(c.style.series(k), c.color("paper"), 0.16)
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=6, fill=fill)
    c.text(x0 + 10, (y0 + y1) / 2, title, size=size, anchor="l", bold=True, color=c.text_on(fill), id=id)


def list_rows(c, box, labels, *, k: int = 0, ids=None, size: float = 14.0, markers=None) -> list[tuple]:
    """Rows splitting ``box`` evenly: a bullet (a dot in series colour k, or the ``markers[i]``
    icon), the label, and a rule under every row but the last.  Registers row i's box as
    ``ids[i]``; returns the row boxes."""
    x0, y0, x1, y1 = box
    n = len(labels)
    rh = (y1 - y0) / max(1, n)
    out = []
    for i, label in enumerate(labels):
        ry = y0 + i * rh
        cy = ry + rh / 2
        if markers is not None:
            marker(c, markers[i], x0 + 14, cy, min(16.0, rh * 0.8))
        else:
            c.circle(x0 + 14, cy, 4.5, fill=c.style.series(k))
        c.text(x0 + 30, cy, label, size=size, anchor="l")
        if i < n - 1:
            c.line(x0 + 6, ry + rh, x1 - 6, ry + rh, color="grid", lw=1.0)
        row = (x0, ry, x1, ry + rh)
        c.register(None if ids is None else ids[i], box=row)
        out.append(row)
    return out


# ---------------------------------------------------------------------------- marks
MARKERS = ("check", "circle", "diamond", "flag", "pin", "star", "tag", "warning")
_MARKER_COLOURS = {"check": "green", "circle": "green", "diamond": "blue", "flag": "red", "pin": "red",
                   "star": "yellow", "tag": "orange", "warning": "orange"}


def marker(c, kind: str, cx: float, cy: float, size: float = 16.0, *, id=None) -> None:
    """A small marker icon of ``MARKERS`` (a named colour each) filling a ``size`` box."""
    r = size / 2
    col = _MARKER_COLOURS[kind]
    if kind == "check":
        c.polyline([(cx - r * 0.75, cy), (cx - r * 0.2, cy + r * 0.6), (cx + r * 0.8, cy - r * 0.7)], color=col,
                   lw=max(2.0, size * 0.16))
    elif kind == "circle":
        c.circle(cx, cy, r * 0.75, fill=col)
    elif kind == "diamond":
        c.shape("diamond", cx, cy, size, fill=col)
    elif kind == "star":
        c.star(cx, cy, r, fill=col, stroke=(0.35, 0.28, 0.0), lw=0.8)
    elif kind == "tag":
        c.polygon([(cx - r, cy - r * 0.55), (cx + r * 0.35, cy - r * 0.55), (cx + r, cy),
                   (cx + r * 0.35, cy + r * 0.55),
                   (cx - r, cy + r * 0.55)], fill=col)
        c.circle(cx + r * 0.3, cy, r * 0.16, fill=c.text_on(c.color(col)))
    elif kind == "warning":
        c.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=col)
        ink = c.text_on(c.color(col))
        c.rect(cx - r * 0.09, cy - r * 0.45, r * 0.18, r * 0.7, fill=ink)
        c.circle(cx, cy + r * 0.5, r * 0.11, fill=ink)
    elif kind == "flag":
        draw_glyph(c, "flag", col, cx, cy, size)
    elif kind == "pin":
        draw_glyph(c, "pin", col, cx, cy, size)
    else:
        raise KeyError(f"unknown marker {kind!r}")
    c.register(id, box=(cx - r, cy - r, cx + r, cy + r))


def letter_badge(c, cx: float, cy: float, letter: str, *, r: float = 12.0, fill=None, id=None,
                 square: bool = False) -> None:
    """A filled disc (or rounded square) with a bold candidate letter, drawn as an offered option."""
    fill = fill or band_fill(c, 0)
    if square:
        rounded_rect(c, cx - r, cy - r, 2 * r, 2 * r, radius=4, fill=fill)
    else:
        c.circle(cx, cy, r, fill=fill)
    c.text(cx, cy, letter, size=max(12.0, r * 1.15), bold=True, color=c.text_on(fill), kind="option")
    c.register(id, box=(cx - r, cy - r, cx + r, cy + r))


def number_disc(c, cx: float, cy: float, n, *, r: float = 16.0, k: int = 0, id=None) -> None:
    """A step number on a filled disc (series colour k)."""
    fill = band_fill(c, k)
    c.circle(cx, cy, r, fill=fill, id=id)
    c.text(cx, cy, str(n), size=max(13.0, r * 1.05), color=c.text_on(fill))


def pill(c, cx: float, cy: float, text: str, *, fill=None, w: float | None = None, size: float = 13.0,
         bold: bool = False, id=None) -> tuple:
    """``text`` centred on a rounded pill (fill defaults to a light accent tint); returns its box."""
    fill = fill if fill is not None else blend(c.style.series(0), c.color("paper"), 0.18)
    w = w or c.text_width(text, size=size, bold=bold) + 18
    h = size + 10
    rounded_rect(c, cx - w / 2, cy - h / 2, w, h, radius=h / 2, fill=fill, stroke="muted", lw=0.9, id=id)
    c.text(cx, cy, text, size=size, bold=bold, color=c.text_on(fill))
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


# ---------------------------------------------------------------------------- window chrome
# desktop application kinds (scene variants of the application pages): title, menus, document
APPS = {
    "scientific_plotter": ("Lab Plot", ("File", "Analyze", "Plot", "View", "Help"), "Run Registry"),
    "cad_workspace": ("Model Works", ("File", "Sketch", "Inspect", "View", "Help"), "Bracket Assembly"),
    "office_document": ("Doc Suite", ("File", "Edit", "Insert", "Review", "Help"), "Quarterly Report"),
    "developer_ide": ("Code Studio", ("File", "Edit", "Build", "Debug", "Help"), "main branch"),
    "os_file_manager": ("PortalDesk", ("File", "Edit", "Go", "Window", "Help"), "Shared Files"),
    "creative_workspace": ("Canvas Pro", ("File", "Layer", "Filter", "View", "Help"), "Poster Draft"),
}


def app_chrome(c, box, variant: str) -> tuple:
    """``app_window`` dressed as the application kind ``variant`` of ``APPS``."""
    title, menus, doc = APPS[variant]
    return app_window(c, box, title, menus=menus, right=doc)


def app_window(c, box, title: str, *, menus=(), right: str | None = None, active: int = 1) -> tuple:
    """A desktop application window: a title bar with the three window buttons, the app title
    and a note at its right, then a menu bar (``menus``; item ``active`` in bold).  Returns the
    client box below the menu bar."""
    x0, y0, x1, y1 = box
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=12, fill="paper", stroke="grid", lw=1.6)
    bar = band_fill(c, 0)
    rounded_rect(c, x0, y0, x1 - x0, 46, radius=12, fill=bar)
    c.rect(x0, y0 + 30, x1 - x0, 16, fill=bar)
    for k, col in enumerate(("red", "yellow", "green")):
        c.circle(x0 + 24 + 22 * k, y0 + 23, 6, fill=col)
    on = c.text_on(bar)
    c.text(x0 + 98, y0 + 23, title, size=21, anchor="l", color=on)
    if right:
        c.text(x1 - 140, y0 + 23, right, size=14, anchor="c", color=on)
    menu_y = y0 + 46
    c.rect(x0, menu_y, x1 - x0, 34, fill="panel")
    x = x0 + 24
    for i, m in enumerate(menus):
        c.text(x, menu_y + 17, m, size=14, anchor="l", bold=i == active, color=c.text_on("panel"))
        x += max(70.0, c.text_width(m, size=14, bold=i == active) + 34)
    c.line(x0, menu_y + 34, x1, menu_y + 34, color="grid", lw=1.0)
    return (x0 + 1, menu_y + 35, x1 - 1, y1 - 1)


def browser_window(c, box, url: str, brand: str, tabs=(), *, right: str | None = None) -> tuple:
    """A browser window: the window buttons and an address bar with ``url``, then a site header
    with a brand mark and navigation tabs (the first one current).  Returns the page box."""
    x0, y0, x1, y1 = box
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=12, fill="paper", stroke="grid", lw=1.6)
    rounded_rect(c, x0, y0, x1 - x0, 56, radius=12, fill="panel")
    c.rect(x0, y0 + 40, x1 - x0, 16, fill="panel")
    for k, col in enumerate(("red", "yellow", "green")):
        c.circle(x0 + 22 + 22 * k, y0 + 27, 6, fill=col)
    right_w = 210 if right else 0
    rounded_rect(c, x0 + 100, y0 + 13, x1 - x0 - 120 - right_w, 28, radius=14, fill="paper", stroke="grid", lw=1.0)
    c.text(x0 + 116, y0 + 27, url, size=13, anchor="l", color="muted")
    if right:
        pill(c, x1 - 18 - right_w / 2 + 10, y0 + 27, right, fill=c.color("paper"), w=right_w - 20, size=13)
    hy = y0 + 56
    mark = band_fill(c, 0)
    rounded_rect(c, x0 + 24, hy + 12, 30, 30, radius=7, fill=mark)
    c.text(x0 + 39, hy + 27, brand[:1], size=16, bold=True, color=c.text_on(mark))
    c.text(x0 + 64, hy + 27, brand, size=18, anchor="l", bold=True)
    x = x0 + 250
    for i, t in enumerate(tabs):
        tw = c.text_width(t, size=14) + 30
        if i == 0:
            pill(c, x + tw / 2, hy + 27, t, fill=blend(c.style.series(0), c.color("paper"), 0.15), w=tw, size=14)
        else:
            c.text(x + tw / 2, hy + 27, t, size=14)
        x += tw + 16
    c.line(x0, hy + 54, x1, hy + 54, color="grid", lw=1.0)
    return (x0 + 1, hy + 55, x1 - 1, y1 - 1)


def icon_chip(c, box, label: str, icon: str | None = None, *, k: int = 0, id=None, size: float = 13.0,
              fill=None) -> None:
    """A control chip: a rounded box outlined in series colour k with a small icon (any
    ``glyphs.ALL_ICONS`` silhouette) and the control's label."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    fill = fill if fill is not None else blend(c.style.series(k), c.color("paper"), 0.1)
    rounded_rect(c, x0, y0, x1 - x0, h, radius=min(10.0, h / 2), fill=fill, stroke=c.style.series(k), lw=1.6, id=id)
    tx = x0 + 10
    if icon:
        draw_glyph(c, icon, c.style.series(k), x0 + 8 + h * 0.3, (y0 + y1) / 2, h * 0.58)
        tx = x0 + 14 + h * 0.6
    c.text(tx, (y0 + y1) / 2, label, size=size, anchor="l", color=c.text_on(fill))


def checkbox(c, cx: float, cy: float, checked: bool, *, size: float = 16.0, id=None) -> None:
    """A square check box, ticked in the accent colour when ``checked``."""
    h = size / 2
    fill = blend(c.style.series(0), c.color("paper"), 0.15) if checked else c.color("paper")
    rounded_rect(c, cx - h, cy - h, size, size, radius=3, fill=fill, stroke="ink" if checked else "muted", lw=1.4,
                 id=id)
    if checked:
        c.polyline([(cx - h * 0.6, cy), (cx - h * 0.15, cy + h * 0.5), (cx + h * 0.65, cy - h * 0.55)],
                   color=c.style.series(0), lw=2.2)


def toggle_button(c, box, text: str, on: bool, *, id=None, size: float = 13.0) -> None:
    """A button that is on (accent outline over a light accent tint) or off (muted, panel-filled)."""
    x0, y0, x1, y1 = box
    fill = blend(c.style.series(0), c.color("paper"), 0.18) if on else c.color("panel")
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=5, fill=fill, stroke=c.style.series(0) if on else "muted",
                 lw=2.0 if on else 1.2, id=id)
    c.text((x0 + x1) / 2, (y0 + y1) / 2, text, size=size, color=c.text_on(fill), bold=on)


def control_tile(c, box, label: str, *, icon: str | None = None, letter: str | None = None, selected: bool = False,
                 disabled: bool = False, k: int = 0, id=None) -> None:
    """A toolbar control tile: a letter badge and an icon on top, the label centred below.
    Selected: a thick outline in series colour k over its tint and a check mark at the top right.
    Disabled: greyed (panel fill, muted icon) and struck through corner to corner."""
    x0, y0, x1, y1 = box
    colour = c.style.series(k)
    fill = c.color("panel") if disabled else (blend(colour, c.color("paper"), 0.16) if selected else c.color("paper"))
    rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8, fill=fill, stroke=colour if selected else "muted",
                 lw=3.0 if selected else 1.2, id=id)
    h = y1 - y0
    if letter:
        letter_badge(c, x0 + 16, y0 + 16, letter, r=11, fill=band_fill(c, k))
    if selected:
        c.polyline([(x1 - 26, y0 + 16), (x1 - 19, y0 + 23), (x1 - 8, y0 + 9)], color=colour, lw=3.0)
    if icon:
        draw_glyph(c, icon, c.color("muted") if disabled else colour, x0 + (46 if letter else 20), y0 + 17,
                   min(22.0, h * 0.3))
    size = min(14.0, max(12.0, 14.0 * (x1 - x0 - 12) / max(1.0, c.text_width(label, size=14))))
    c.text((x0 + x1) / 2, y0 + h * 0.7, label, size=size, color=c.text_on(fill))
    if disabled:
        c.line(x0 + 6, y1 - 6, x1 - 6, y0 + 6, color="muted", lw=1.6)
