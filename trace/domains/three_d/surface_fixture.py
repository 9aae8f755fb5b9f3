"""three_d/surface_fixture: an upright fixture board (a wall of windows, a solar array, a rack of
drive bays, a bank of mailboxes, ...) standing on a floor, seen in perspective from a little to one
side.  Its elements sit in a grid of rows and columns; some slots are empty; every element has a
named colour.

A board is ``{"rows", "cols", "cells"}`` with ``cells[r][c]`` a colour name or None (empty slot);
rows count from the top, columns from the left.  Every row and every column keeps at least one
element, so the grid (and so "row 2", "column 3") stays readable.  Layouts: ``single`` (one board
filling the picture), ``options`` (the board above six lettered colour-name cards), ``panels`` (four
lettered boards) and ``recolor`` (an original board and four lettered candidates).  Difficulty grows
the grid (2-3 x 3-4, 2-4 x 3-6, 3-5 x 5-7) and the colours in play.
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.claims import COLOUR_WORDS, Claim
from tracegen.core.task import Scene, retrying
from tracegen.kits.three_d import camera as pj
from tracegen.kits.three_d import tokens

ELEMENTS = {"window": ("window", "windows", "a wall panel of windows"),
            "solar_panel": ("solar panel", "solar panels", "a solar array"),
            "drive_bay": ("drive bay", "drive bays", "a storage rack of drive bays"),
            "vent": ("vent", "vents", "a ventilation panel"),
            "compartment": ("compartment", "compartments", "a locker board of compartments"),
            "light": ("lamp", "lamps", "a signal board of lamps"),
            "mailbox": ("mailbox", "mailboxes", "a mailbox bank"),
            "hex_nut": ("hex nut", "hex nuts", "a mounting plate with hex nuts")}
KINDS = tuple(ELEMENTS)
FRAMES = {"square": (960, 960), "portrait": (800, 1200), "landscape": (1200, 800)}
BIG = {"square": (1131, 1131), "portrait": (923, 1385), "landscape": (1385, 923)}
LEVELS = {1: ((2, 3), (3, 4), 5), 2: ((2, 4), (3, 6), 7), 3: ((3, 5), (5, 7), 9)}
LETTERS = "ABCDEF"
COLORS = tuple(tokens.PALETTE)
CELL = 1.0
PAD = 0.35


def noun(kind, k=2):
    return ELEMENTS[kind][0 if k == 1 else 1]


def cw(color):
    return tokens.colour_word(color)


def lines_ok(board) -> bool:
    cells = board["cells"]
    return (all(any(v is not None for v in row) for row in cells)
            and all(any(row[c] is not None for row in cells) for c in range(board["cols"])))


def present(board):
    return [(r, c) for r in range(board["rows"]) for c in range(board["cols"]) if board["cells"][r][c] is not None]


def new_board(rng, rows, cols, colors, fill):
    for _ in range(50):
        cells = [[(colors[int(rng.integers(len(colors)))] if rng.random() < fill else None) for _ in range(cols)]
                 for _ in range(rows)]
        b = {"rows": rows, "cols": cols, "cells": cells}
        if lines_ok(b):
            return b
    return {"rows": rows, "cols": cols, "cells": [[colors[0]] * cols for _ in range(rows)]}


# ---------------------------------------------------------------------------------- geometry
def _dims(board):
    return board["cols"] * CELL + 2 * PAD, board["rows"] * CELL + 2 * PAD


def _camera(state, board):
    wb, hb = _dims(board)
    cm = state["camera"]
    return pj.Camera.orbit((0.0, 0.0, 0.25 + hb / 2), cm["dist"] + 0.6 * max(wb, hb), -90.0 + cm["az"], cm["el"],
                           1.0, (0.0, 0.0))


def _world(board, u, v):
    """Board-local (u right, v down, origin top-left of the board face) to world points."""
    wb, hb = _dims(board)
    u, v = np.asarray(u, float), np.asarray(v, float)
    return np.stack([-wb / 2 + u, np.zeros_like(u), 0.25 + hb - v], axis=-1)


class _View:
    """A board's camera fitted into a rectangle of the canvas."""

    def __init__(self, state, board, rect, fill=0.86):
        self.board = board
        self.cam = _camera(state, board)
        wb, hb = _dims(board)
        corners = _world(board, [0, wb, wb, 0], [0, 0, hb, hb])
        thick = corners + [0.0, 0.25, 0.0]
        uv, _ = self.cam.project(np.vstack([corners, thick, corners * [1, 1, 0]]))
        x, y, w, h = rect
        scale, (u0, v0, u1, v1) = pj.fit_scale(uv, w, h)
        f = fill * scale
        self.f = f
        self.ox = x + (w - f * (u1 - u0)) / 2 - f * u0
        self.oy = y + (h - f * (v1 - v0)) / 2 - f * v0

    def __call__(self, pts):
        uv, _ = self.cam.project(np.asarray(pts, float).reshape(-1, 3))
        return np.stack([self.ox + self.f * uv[:, 0], self.oy + self.f * uv[:, 1]], axis=1)

    def local(self, u, v):
        return self(_world(self.board, u, v))


def _poly(ctx, pts, rgb=None, stroke=None, lw=1.0):
    pj.path(ctx, pts)
    if rgb is not None:
        ctx.set_source_rgb(*rgb)
        if stroke is None:
            ctx.fill()
            return
        ctx.fill_preserve()
    if stroke is not None:
        ctx.set_source_rgb(*stroke)
        ctx.set_line_width(lw)
        ctx.stroke()


def _strokes(ctx, segs, rgb, lw):
    """Stroke the segments (each two image points) as one path."""
    for a, b in segs:
        ctx.move_to(*a)
        ctx.line_to(*b)
    ctx.set_source_rgb(*rgb)
    ctx.set_line_width(lw)
    ctx.stroke()


def _rect_uv(x0, y0, x1, y1):
    return [x0, x1, x1, x0], [y0, y0, y1, y1]


def _mix(rgb, k, to=1.0):
    return tuple(ch + (to - ch) * k for ch in rgb)


def draw_element(c, view, kind, u, v, rgb):
    """One element in the cell whose top-left corner is (u, v); returns its projected box."""
    ctx = c.ctx
    dark, light, bg = _mix(rgb, 0.45, 0.0), _mix(rgb, 0.5), c.color("background")
    s = 0.76
    x0, y0 = u + (CELL - s) / 2, v + (CELL - s) / 2
    x1, y1 = x0 + s, y0 + s
    P = view.local
    if kind in ("light", "hex_nut"):
        cx_, cy_ = (x0 + x1) / 2, (y0 + y1) / 2
        n = 6 if kind == "hex_nut" else 32
        t = np.arange(n) * 2 * math.pi / n + (math.pi / 6 if n == 6 else 0.0)
        outer = P(cx_ + 0.4 * np.cos(t), cy_ + 0.4 * np.sin(t))
        _poly(ctx, outer, rgb, dark, 1.4)
        tt = np.arange(28) * 2 * math.pi / 28
        if kind == "hex_nut":
            _poly(ctx, P(cx_ + 0.17 * np.cos(tt), cy_ + 0.17 * np.sin(tt)), c.color("panel"), dark, 1.2)
        else:
            _poly(ctx, P(cx_ + 0.3 * np.cos(tt), cy_ + 0.3 * np.sin(tt)), None, dark, 1.0)
            _poly(ctx, P(cx_ - 0.1 + 0.08 * np.cos(tt), cy_ - 0.1 + 0.08 * np.sin(tt)), light)
        return pj.bbox(outer)
    if kind == "drive_bay":
        y0, y1 = y0 + 0.18, y1 - 0.18
    if kind == "mailbox":
        x0, x1 = x0 + 0.08, x1 - 0.08
    outer = P(*_rect_uv(x0, y0, x1, y1))
    if kind == "window":
        _poly(ctx, outer, bg, dark, 1.2)
        _poly(ctx, P(*_rect_uv(x0 + 0.07, y0 + 0.07, x1 - 0.07, y1 - 0.07)), rgb, dark, 1.0)
        mid_u, mid_v = (x0 + x1) / 2, (y0 + y1) / 2
        for uu, vv in (([mid_u, mid_u], [y0 + 0.07, y1 - 0.07]), ([x0 + 0.07, x1 - 0.07], [mid_v, mid_v])):
            seg = P(uu, vv)
            c.line(*seg[0], *seg[1], color="background", lw=2.2)
        return pj.bbox(outer)
    _poly(ctx, outer, rgb, dark, 1.3)
    if kind == "solar_panel":
        _strokes(ctx, [P([x0 + k * s / 3] * 2, [y0, y1]) for k in (1, 2)]
                 + [P([x0, x1], [y0 + k * s / 4] * 2) for k in (1, 2, 3)], light, 1.3)
    elif kind == "drive_bay":
        _strokes(ctx, [P([x0 + 0.08, x1 - 0.2], [vv, vv]) for vv in (y0 + 0.12, y0 + 0.22)], dark, 1.6)
        tt = np.arange(16) * 2 * math.pi / 16
        _poly(ctx, P(x1 - 0.09 + 0.035 * np.cos(tt), (y0 + y1) / 2 + 0.035 * np.sin(tt)), light)
    elif kind == "vent":
        _strokes(ctx, [P([x0 + 0.08, x1 - 0.08], [y0 + k * s / 5] * 2) for k in range(1, 5)], dark, 2.0)
    elif kind == "compartment":
        _poly(ctx, P(*_rect_uv(x0 + 0.13, y0 + 0.13, x1 - 0.13, y1 - 0.13)), _mix(rgb, 0.3, 0.0), dark, 1.0)
    elif kind == "mailbox":
        _poly(ctx, P(*_rect_uv(x0 + 0.12, y0 + 0.14, x1 - 0.12, y0 + 0.22)), dark)
        tt = np.arange(16) * 2 * math.pi / 16
        _poly(ctx, P(x1 - 0.13 + 0.04 * np.cos(tt), (y0 + y1) / 2 + 0.06 + 0.04 * np.sin(tt)), light, dark, 1.0)
    return pj.bbox(outer)


def draw_board(c, state, bi, rect, fill=0.86):
    """Floor, board and elements of board ``bi`` fitted into ``rect``; registers ``el:bi:r:c``."""
    board = state["boards"][bi]
    view = _View(state, board, rect, fill)
    ctx = c.ctx
    x, y, w, h = rect
    wb, hb = _dims(board)
    ctx.save()
    ctx.rectangle(x, y, w, h)
    ctx.clip()
    span = 2.5 * max(wb, hb)
    quad = np.array([(-span, -1.5, 0.0), (span, -1.5, 0.0), (span, 30.0, 0.0), (-span, 30.0, 0.0)])
    if min(view.cam.depth(p) for p in quad) > 0.3:         # the whole floor patch in front of the eye
        g, bg = c.color("grid"), c.color("background")
        _poly(ctx, view(quad), tuple(0.45 * a + 0.55 * b for a, b in zip(g, bg)))
    ctx.restore()
    face = _world(board, [0, wb, wb, 0], [0, 0, hb, hb])
    back = face + [0.0, 0.25, 0.0]
    uvf, uvb = view(face), view(back)
    sh = view(face * [1, 1, 0] + [0.12, 0.45, 0.0])
    _poly(ctx, [uvf[3], uvf[2], sh[2], sh[3]], _mix(c.color("grid"), 0.25))
    for i, j in ((0, 1), (1, 2), (2, 3), (3, 0)):      # the board's edges seen beside the face
        _poly(ctx, [uvf[i], uvf[j], uvb[j], uvb[i]], c.color("grid"), c.color("muted"), 1.0)
    _poly(ctx, uvf, c.color("panel"), c.color("muted"), 1.8)
    inset = view.local(*_rect_uv(0.12, 0.12, wb - 0.12, hb - 0.12))
    _poly(ctx, inset, None, c.color("grid"), 1.0)
    for uu, vv in ((0.2, 0.2), (wb - 0.2, 0.2), (0.2, hb - 0.2), (wb - 0.2, hb - 0.2)):
        tt = np.arange(12) * 2 * math.pi / 12
        _poly(ctx, view.local(uu + 0.045 * np.cos(tt), vv + 0.045 * np.sin(tt)), c.color("muted"))
    boxes = {}
    for r in range(board["rows"]):
        for col in range(board["cols"]):
            name = board["cells"][r][col]
            if name is None:
                continue
            rgb = tokens.PALETTE_RGB[name]
            box = draw_element(c, view, state["element"], PAD + col * CELL, PAD + r * CELL, rgb)
            c.register(f"el:{bi}:{r}:{col}", box=box, fill=rgb)
            boxes[(r, col)] = box
    return boxes


# ---------------------------------------------------------------------------------- scene
class SurfaceFixture(Scene):
    domain, scene_id, size = "three_d", "surface_fixture", FRAMES["square"]
    description = ("An upright fixture board (windows, solar panels, drive bays, vents, lights, mailboxes ...) in "
                   "perspective, its coloured elements in a grid with some empty slots; some tasks show lettered "
                   "colour cards or several lettered boards.")
    megapixels = (0.9, 1.35)

    def canvas_size(self, state):
        return (BIG if state["layout"] in ("panels", "recolor") else FRAMES)[state["frame"]]

    def variant(self, state):
        return f"{state['layout']}-{state['frame']}"

    def sample(self, rng, difficulty):
        (rlo, rhi), (clo, chi), n_colors = LEVELS[difficulty]
        colors = [COLORS[int(i)] for i in sorted(rng.choice(len(COLORS), n_colors, replace=False))]
        rows, cols = int(rng.integers(rlo, rhi + 1)), int(rng.integers(clo, chi + 1))
        frame = ("square", "portrait", "landscape")[int(rng.integers(3))]
        board = new_board(rng, rows, cols, colors, float(rng.uniform(0.75, 0.95)))
        cam = {"az": round(float(rng.uniform(12, 30)) * (1 if rng.random() < 0.5 else -1), 2),
               "el": round(float(rng.uniform(4, 16)), 2), "dist": round(float(rng.uniform(7.0, 10.0)), 3)}
        return {"frame": frame, "element": KINDS[int(rng.integers(len(KINDS)))], "colors": colors,
                "size": [rlo, rhi, clo, chi], "camera": cam, "boards": [board], "layout": "single"}

    def claims(self, state, params):
        words = [w for w in COLORS if w in COLOUR_WORDS]
        out = [Claim(None, "colour", w) for w in words]
        for bi, b in enumerate(state["boards"]):
            for r in range(b["rows"]):
                for col in range(b["cols"]):
                    v = b["cells"][r][col]
                    if v in words:
                        out.append(Claim(f"el:{bi}:{r}:{col}", "colour", v))
        return out

    def render(self, c, state, params):
        W, H = self.canvas_size(state)
        lay = state["layout"]
        m = 16
        if lay == "single":
            draw_board(c, state, 0, (m, m, W - 2 * m, H - 2 * m))
        elif lay == "options":
            rows = 2 if W >= 900 or H < 1000 else 3
            per = 6 // rows
            ch = 64
            top_h = H - 2 * m - rows * (ch + 12)
            c.rect(m, m, W - 2 * m, top_h - 8, fill=None, stroke="muted", lw=1.5)
            draw_board(c, state, 0, (m + 4, m + 4, W - 2 * m - 8, top_h - 16))
            cwid = (W - 2 * m - (per - 1) * 12) / per
            for k, name in enumerate(state["options"]):
                x = m + (k % per) * (cwid + 12)
                y = m + top_h + (k // per) * (ch + 12)
                c.rect(x, y, cwid, ch, fill="background", stroke="ink", lw=1.6, id=f"option:{LETTERS[k]}")
                c.rect(x + 8, y + 8, 26, 26, fill="background", stroke="ink", lw=1.5)
                c.text(x + 21, y + 21, LETTERS[k], size=16, bold=True)
                c.text(x + 44, y + ch / 2 + 4, name, size=22, anchor="l", bold=True)
        else:
            cells = self._cells(W, H, lay)
            for k, rect in enumerate(cells):
                x, y, w, h = rect
                label = ("Original" if lay == "recolor" and k == 0 else LETTERS[k - (1 if lay == "recolor" else 0)])
                ent = None if label == "Original" else f"board:{label}"
                c.rect(x, y, w, h, fill="background", stroke="ink", lw=1.8, id=ent)
                draw_board(c, state, k, (x + 6, y + 40, w - 12, h - 46), fill=0.9)
                bw = c.text_width(label, size=16, bold=True) + 16
                c.rect(x + 8, y + 8, bw, 26, fill="background", stroke="ink", lw=1.5)
                c.text(x + 8 + bw / 2, y + 21, label, size=16, bold=True)

    @staticmethod
    def _cells(W, H, lay):
        m, g = 16, 16
        if lay == "panels":
            w, h = (W - 2 * m - g) / 2, (H - 2 * m - g) / 2
            return [(m + (k % 2) * (w + g), m + (k // 2) * (h + g), w, h) for k in range(4)]
        if W > H:      # original on the left, candidates 2 x 2 on the right
            ow = (W - 2 * m - 2 * g) / 3
            w, h = ow, (H - 2 * m - g) / 2
            orig = (m, m + (H - 2 * m - h) / 2, ow, h)
            return [orig] + [(m + ow + g + (k % 2) * (w + g), m + (k // 2) * (h + g), w, h) for k in range(4)]
        w = (W - 2 * m - g) / 2
        h = (H - 2 * m - 2 * g) / 3
        orig = (m + (W - 2 * m - w) / 2, m, w, h)
        return [orig] + [(m + (k % 2) * (w + g), m + h + g + (k // 2) * (h + g), w, h) for k in range(4)]


SCENE = SurfaceFixture()
task = SCENE.task


def intro(s, extra=""):
    return f"The image shows {ELEMENTS[s['element']][2]} standing on a floor: an upright board whose {noun(s['element'])} sit in rows and columns{extra}."


# ---------------------------------------------------------------------------------- tasks
# counts of elements by colour (whole board, one row or column, after a list of changes), the most
# frequent / an absent colour among lettered cards, the board with the most / fewest elements, and the
# candidate board that shows a recolouring.

def _sup(q, table):
    lo, hi = table[q.difficulty]
    return list(range(lo, hi + 1))


def _board(q):
    return q.state["boards"][0]


def _ids(bi, cells):
    return [f"el:{bi}:{r}:{c}" for r, c in cells]


def _other(colors, avoid, rng):
    pool = [v for v in colors if v not in avoid]
    return pool[int(rng.integers(len(pool)))]


def _with_color(board, color):
    return [(r, c) for r, c in present(board) if board["cells"][r][c] == color]


# ---------------------------------------------------------------------------------- counts on one board
@task("repeated_element_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def repeated_element_count(q):
    t = q.target(_sup(q, {1: (3, 10), 2: (6, 15), 3: (10, 26)}))
    b = _board(q)
    q.require(b["rows"] * b["cols"] >= t and t >= max(b["rows"], b["cols"]), "grid cannot hold the target")

    def build(state, rng):
        bd = state["boards"][0]
        slots = [(r, c) for r in range(bd["rows"]) for c in range(bd["cols"])]
        keep = {slots[int(i)] for i in rng.choice(len(slots), t, replace=False)}
        for r, c in slots:
            if (r, c) not in keep:
                bd["cells"][r][c] = None
            elif bd["cells"][r][c] is None:
                bd["cells"][r][c] = state["colors"][int(rng.integers(len(state["colors"])))]
        return state if lines_ok(bd) else None

    s = q.edit(retrying(build, 100))
    cells = present(s["boards"][0])
    q.require(len(cells) == t and lines_ok(s["boards"][0]), "no layout with the target count")
    q.step("count", kept=cells)
    return q.answer(len(cells), witnesses=_ids(0, cells),
                    question=intro(s) + f" Some slots are empty. How many {noun(s['element'])} are on the board?")


def _plant_color(state, cells, t, color, rng):
    """``t`` of ``cells`` (present slots) get ``color``, the others another colour in play."""
    order = [cells[int(i)] for i in rng.permutation(len(cells))]
    bd = state["boards"][0]
    for k, (r, c) in enumerate(order):
        bd["cells"][r][c] = color if k < t else _other(state["colors"], (color,), rng)
    return state


@task("colored_element_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def colored_element_count(q):
    color = q.choice("target_color", q.state["colors"])
    t = q.target(_sup(q, {1: (2, 6), 2: (3, 10), 3: (4, 14)}))
    cells = present(_board(q))
    q.require(len(cells) >= t + 1, "too few elements for the target")
    s = q.edit(lambda state, rng: _plant_color(state, cells, t, color, rng))
    hits = _with_color(s["boards"][0], color)
    q.step("filter", color=color, kept=hits)
    return q.answer(len(hits), witnesses=_ids(0, hits), question=intro(s) + (
        f" How many {cw(color)} {noun(s['element'])} are on the board?"))


@task("scoped_colored_element_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("row_scoped_color_count", "column_scoped_color_count"))
def scoped_colored_element_count(q):
    b = _board(q)
    row = q.query_id == "row_scoped_color_count"
    n_lines, length = (b["rows"], b["cols"]) if row else (b["cols"], b["rows"])
    index = q.param("scope_index", lambda r: int(r.integers(n_lines)))
    color = q.choice("target_color", q.state["colors"])
    t = q.target(_sup(q, {1: (1, 3), 2: (1, 5), 3: (1, 6)} if row else {1: (1, 2), 2: (1, 4), 3: (1, 5)}))
    q.require(t <= length, "the line is shorter than the target")

    def build(state, rng):
        bd = state["boards"][0]
        line = [(index, k) if row else (k, index) for k in range(length)]
        order = [line[int(i)] for i in rng.permutation(length)]
        for k, (r, c) in enumerate(order):
            if k < t:
                bd["cells"][r][c] = color
            elif bd["cells"][r][c] is not None or rng.random() < 0.5:
                bd["cells"][r][c] = _other(state["colors"], (color,), rng)
        return state if lines_ok(bd) else None

    s = q.edit(retrying(build, 50))
    bd = s["boards"][0]
    hits = [(r, c) for r, c in _with_color(bd, color) if (r if row else c) == index]
    q.require(len(hits) == t and lines_ok(bd), "no layout with the target count")
    q.step("filter", axis="row" if row else "column", index=index, color=color, kept=hits)
    where = (f"row {index + 1} (rows are counted from the top)" if row
             else f"column {index + 1} (columns are counted from the left)")
    return q.answer(len(hits), witnesses=_ids(0, hits), question=intro(s) + (
        f" How many {cw(color)} {noun(s['element'])} are in {where}?"))


@task("color_count_after_operations_value", answer="integer", annotation="bbox_set",
      ops="filtering,counting,aggregation,state_update,formula_evaluation")
def color_count_after_operations_value(q):
    color = q.choice("target_color", q.state["colors"])
    v = q.target(_sup(q, {1: (1, 6), 2: (1, 9), 3: (2, 12)}))
    n_ops = {1: 2, 2: 3, 3: 4}[q.difficulty]
    cells = present(_board(q))
    others = [x for x in q.state["colors"] if x != color]

    def draw(r):
        for _ in range(60):
            start = int(r.integers(2, 6))
            ops, need, run = [], {}, {color: start}
            for _k in range(n_ops):
                col = color if r.random() < 0.5 else others[int(r.integers(len(others)))]
                d = int(r.integers(1, 4)) * (1 if r.random() < 0.5 else -1)
                run.setdefault(col, 0)
                if col != color and run[col] + d < 0:        # the picture must hold what is removed
                    need[col] = need.get(col, 0) - (run[col] + d)
                    run[col] = 0
                else:
                    run[col] += d
                if run.get(color, 0) < 0:
                    break
                ops.append({"color": col, "delta": d})
            if len(ops) == n_ops and run[color] == v and start + sum(need.values()) <= len(cells) - 1:
                return {"start": start, "need": need, "ops": ops}
        return None

    plan = q.param("plan", draw)
    q.require(plan is not None, "no change list reaches the target")

    def build(state, rng):
        order = [cells[int(i)] for i in rng.permutation(len(cells))]
        bd = state["boards"][0]
        fixed = [color] * plan["start"] + [c for c, k in sorted(plan["need"].items()) for _ in range(k)]
        for k, (r, c) in enumerate(order):
            bd["cells"][r][c] = fixed[k] if k < len(fixed) else _other(state["colors"], (color,), rng)
        return state

    s = q.edit(build)
    bd = s["boards"][0]
    counts = {}
    for r, c in present(bd):
        counts[bd["cells"][r][c]] = counts.get(bd["cells"][r][c], 0) + 1
    for op in plan["ops"]:
        counts[op["color"]] = counts.get(op["color"], 0) + op["delta"]
        q.require(counts[op["color"]] >= 0, "a change removes more than there are")
    hits = _with_color(bd, color)
    q.step("changes", start=len(hits), ops=plan["ops"], result=counts[color])
    el = s["element"]
    text = "; ".join(f"{'add' if op['delta'] > 0 else 'remove'} {abs(op['delta'])} {cw(op['color'])} "
                     f"{noun(el, abs(op['delta']))}" for op in plan["ops"])
    return q.answer(counts[color], witnesses=_ids(0, hits), question=intro(s) + (
        f" Starting from the board shown, make these changes in order: {text}. "
        f"How many {cw(color)} {noun(el)} are there after the changes?"))


# ---------------------------------------------------------------------------------- lettered choices
@task("color_frequency_option_label", answer="option_letter", annotation="bbox", ops="counting,ranking",
      queries=("most_frequent_color", "absent_color"))
def color_frequency_option_label(q):
    letter = q.target(list(LETTERS))
    idx = LETTERS.index(letter)
    most = q.query_id == "most_frequent_color"
    cells = present(_board(q))
    q.require(len(cells) >= 6 and len(q.state["colors"]) >= (3 if most else 5), "too few elements or colours")

    def build(state, rng):
        bd = state["boards"][0]
        pal = state["colors"]
        for r, c in cells:
            bd["cells"][r][c] = pal[int(rng.integers(len(pal)))]
        counts = {}
        for r, c in cells:
            counts[bd["cells"][r][c]] = counts.get(bd["cells"][r][c], 0) + 1
        shown = sorted(counts)
        if most:
            top = max(counts.values())
            best = [k for k, n in counts.items() if n == top]
            if len(best) != 1 or top < 2:
                return None
            rest = [k for k in COLORS if k != best[0]]
            picks = [rest[int(i)] for i in rng.choice(len(rest), 5, replace=False)]
            answer = best[0]
        else:
            absent = [k for k in COLORS if k not in counts]
            if len(shown) < 5 or not absent:
                return None
            answer = absent[int(rng.integers(len(absent)))]
            picks = [shown[int(i)] for i in rng.choice(len(shown), 5, replace=False)]
        state["options"] = picks[:idx] + [answer] + picks[idx:]
        state["layout"] = "options"
        return state

    s = q.edit(retrying(build, 200))
    q.require(s["layout"] == "options", "no colour mix found")
    bd = s["boards"][0]
    counts = {}
    for r, c in present(bd):
        counts[bd["cells"][r][c]] = counts.get(bd["cells"][r][c], 0) + 1
    if most:
        top = max(counts.values())
        hits = [k for k, name in enumerate(s["options"]) if counts.get(name, 0) == top]
    else:
        hits = [k for k, name in enumerate(s["options"]) if name not in counts]
    q.require(len(hits) == 1, "not exactly one matching card")
    q.step("rank", counts=counts, option=hits[0])
    q.offer(6, "image")
    el = noun(s["element"])
    ask = (f"Which lettered card names the colour that occurs most often among the {el}?" if most
           else f"Which lettered card names a colour that none of the {el} has?")
    return q.answer(LETTERS[hits[0]], witnesses=f"option:{LETTERS[hits[0]]}", examples=["A", "D"],
                    question=intro(s, ", with six lettered cards naming colours below it") + " " + ask)


@task("element_count_extremum_label", answer="option_letter", annotation="bbox", ops="counting,ranking",
      queries=("highest_element_count", "lowest_element_count"))
def element_count_extremum_label(q):
    letter = q.target(list(LETTERS[:4]))
    idx = LETTERS.index(letter)
    high = q.query_id == "highest_element_count"
    (rlo, rhi), (clo, chi), _ = LEVELS[q.difficulty]

    def build(state, rng):
        boards = []
        for _ in range(4):
            rows, cols = int(rng.integers(rlo, rhi + 1)), int(rng.integers(clo, chi + 1))
            boards.append(new_board(rng, rows, cols, state["colors"], float(rng.uniform(0.55, 0.95))))
        totals = [len(present(b)) for b in boards]
        if len(set(totals)) != 4:
            return None
        ext = totals.index(max(totals) if high else min(totals))
        boards[ext], boards[idx] = boards[idx], boards[ext]
        state["boards"], state["layout"] = boards, "panels"
        return state

    s = q.edit(retrying(build, 200))
    q.require(s["layout"] == "panels", "no distinct totals")
    totals = [len(present(b)) for b in s["boards"]]
    want = max(totals) if high else min(totals)
    hits = [k for k, n in enumerate(totals) if n == want]
    q.require(len(hits) == 1, "tied extremum")
    q.step("rank", totals=totals, option=hits[0])
    q.offer(4, "image")
    el = noun(s["element"])
    ask = (f"Which lettered board has the most {el}?" if high else f"Which lettered board has the fewest {el}?")
    return q.answer(LETTERS[hits[0]], witnesses=f"board:{LETTERS[hits[0]]}", examples=["A", "C"],
                    question=(f"The image shows four lettered fixture boards, each with {el} in rows and columns "
                              f"(some slots empty). {ask}"))


def recolor(board, src, dst):
    return {**board, "cells": [[dst if v == src else v for v in row] for row in board["cells"]]}


@task("recolor_board_match_label", answer="option_letter", annotation="bbox",
      ops="transformation,state_update,matching")
def recolor_board_match_label(q):
    letter = q.target(list(LETTERS[:4]))
    idx = LETTERS.index(letter)
    src, dst = q.param("recolor", lambda r: [str(v) for v in r.choice(q.state["colors"], 2, replace=False)])
    cells = present(_board(q))
    q.require(len(cells) >= 5, "too few elements")

    def build(state, rng):
        bd = state["boards"][0]
        pal = state["colors"]
        for r, c in cells:
            bd["cells"][r][c] = pal[int(rng.integers(len(pal)))]
        src_cells = _with_color(bd, src)
        if len(src_cells) < 2 or len(src_cells) == len(cells):
            return None
        good = recolor(bd, src, dst)
        third = _other(pal, (src, dst), rng)
        wrong_target = recolor(bd, src, third)
        partial = recolor(bd, src, dst)
        r0, c0 = src_cells[int(rng.integers(len(src_cells)))]
        partial["cells"][r0][c0] = src
        extra = recolor(bd, src, dst)
        rest = [(r, c) for r, c in cells if bd["cells"][r][c] != src]
        r1, c1 = rest[int(rng.integers(len(rest)))]
        extra["cells"][r1][c1] = _other(pal, (bd["cells"][r1][c1],), rng)
        decoys = [wrong_target, partial, extra]
        if rng.random() < 0.5:            # the reverse mapping is a close decoy too
            rev = recolor(bd, dst, src)
            decoys[int(rng.integers(3))] = rev
        cands = decoys[:idx] + [good] + decoys[idx:]
        if len({str(b["cells"]) for b in cands}) != 4:
            return None
        state["boards"] = [bd] + cands
        state["layout"] = "recolor"
        return state

    s = q.edit(retrying(build, 200))
    q.require(s["layout"] == "recolor", "no distinct candidates")
    expect = recolor(s["boards"][0], src, dst)["cells"]
    hits = [k for k, b in enumerate(s["boards"][1:]) if b["cells"] == expect]
    q.require(len(hits) == 1, "not exactly one matching candidate")
    q.step("match", source=src, destination=dst, option=hits[0])
    q.offer(4, "image")
    el = noun(s["element"])
    return q.answer(LETTERS[hits[0]], witnesses=f"board:{LETTERS[hits[0]]}", examples=["B", "D"],
                    question=(f"The image shows an original fixture board of {el} and four lettered candidate boards. "
                              f"If every {cw(src)} {noun(s['element'], 1)} on the original board becomes {cw(dst)}, "
                              f"which lettered board shows the result?"))
