"""games/circular_chess: a circular (Byzantine) chess board of rings and sectors with a few pieces.

Cells are (ring, sector); sectors wrap around a ring, rings do not wrap inward or outward.  Standard
chess movement mapped to the circle (``kits.variants.circular_moves``): rooks run around a ring or
across rings, bishops step diagonally (one ring and one sector at a time), queens do both, kings take
one step of either, knights jump one ring and two sectors or two rings and one sector.  A piece lands
on an empty cell or an opponent's, never its own side's; sliders stop at the first occupied cell.
No pawns.  The original's boards: 4 rings of 16 sectors, about 8-12 pieces.
"""

from __future__ import annotations

import math

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import figurine
from tracegen.kits.variants import circular_moves, circular_rays

LEVELS = {1: (3, 12, (5, 7)), 2: (4, 16, (8, 12)), 3: (5, 20, (13, 17))}   # rings, sectors, pieces
MOVE_SUPPORT = {1: range(0, 5), 2: range(0, 7), 3: range(1, 9)}
REACH_SUPPORT = {1: range(0, 4), 2: range(0, 7), 3: range(1, 8)}
KIND_WEIGHTS = {"Q": 0.12, "R": 0.22, "B": 0.22, "N": 0.24, "K": 0.20}
KIND_NAMES = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight"}
W = H = 520
CX = CY = 260.0
R_IN, R_OUT = 58.0, 236.0
LIGHT, DARK = (0.86, 0.91, 0.97), (0.45, 0.58, 0.78)
WHITE_PIECE, BLACK_PIECE = (0.98, 0.98, 0.96), (0.11, 0.11, 0.12)
TRIES = 300


def board_of(state):
    return {(p[0], p[1]): (p[2], p[3]) for p in state["pieces"]}


def cell_centre(state, ring, sec):
    w = (R_OUT - R_IN) / state["rings"]
    rad = R_IN + (ring + 0.5) * w
    a = -math.pi / 2 + (sec + 0.5) * 2 * math.pi / state["sectors"]
    return CX + rad * math.cos(a), CY + rad * math.sin(a)


def _kind(rng):
    ks = list(KIND_WEIGHTS)
    return ks[int(rng.choice(len(ks), p=[KIND_WEIGHTS[k] for k in ks]))]


def scatter(state, rng, n):
    """n pieces on random cells, at most one king a side."""
    cells = [(r, s) for r in range(state["rings"]) for s in range(state["sectors"])]
    pieces, kings = [], set()
    for i in rng.permutation(len(cells))[:n]:
        side = "white" if rng.random() < 0.5 else "black"
        kind = _kind(rng)
        if kind == "K" and side in kings:
            kind = "N"
        kings.add(side) if kind == "K" else None
        pieces.append([*cells[int(i)], side, kind])
    state["pieces"] = sorted(pieces)
    return state


def build_around(st, rng):
    """A marked piece on a random cell with its lines blocked cell by cell (nearer blockers likelier, either
    side), then the other pieces on cells off its lines.  Returns False if the pieces do not fit."""
    rings, sectors = st["rings"], st["sectors"]
    cell = (int(rng.integers(rings)), int(rng.integers(sectors)))
    side = "white" if rng.random() < 0.5 else "black"
    kind = _kind(rng)
    board = {cell: (side, kind)}
    fixed = {cell}
    for ray in circular_rays(kind, cell, rings, sectors):
        w = [0.45, 0.25, 0.12, 0.06][:len(ray)] + [0.02] * max(0, len(ray) - 4) + [0.25]
        stop = int(rng.choice(len(w), p=[x / sum(w) for x in w]))
        fixed.update(ray[:stop + 1])
        if stop < len(ray) and ray[stop] not in board:
            board[ray[stop]] = (("black" if side == "white" else "white") if rng.random() < 0.55 else side, None)
    free = [(r, s) for r in range(rings) for s in range(sectors) if (r, s) not in fixed]
    for i in rng.permutation(len(free))[:max(0, st["n"] - len(board))]:
        board[free[int(i)]] = ("white" if rng.random() < 0.5 else "black", None)
    # the other pieces' kinds do not change the marked piece's moves; at most one king a side
    seen = {side} if kind == "K" else set()
    pieces = []
    for (r, c), (sd, k) in sorted(board.items()):
        if (r, c) != cell:
            k = _kind(rng)
            if k == "K" and sd in seen:
                k = "N"
            if k == "K":
                seen.add(sd)
        pieces.append([r, c, sd, k])
    st["pieces"] = pieces
    st["marked"] = list(cell)
    return True


def reachers(state, side):
    board = board_of(state)
    t = tuple(state["target"])
    return sorted(q for q, (sd, _) in board.items()
                  if sd == side and t in circular_moves(board, q, state["rings"], state["sectors"]))


class CircularChess(Scene):
    domain, scene_id, size = "games", "circular_chess", (W, H)
    megapixels = (0.33, 0.5)   # the original's frames: 560 x 560 (median 0.40 MP with its frame)
    description = ("A circular chess board of concentric rings split into sectors, with a few white and black "
                   "chess pieces; one piece or one cell is marked in red.")

    def sample(self, rng, difficulty):
        rings, sectors, (lo, hi) = LEVELS[difficulty]
        st = {"rings": rings, "sectors": sectors, "n": int(rng.integers(lo, hi + 1)), "pieces": [],
              "marked": None, "target": None}
        return scatter(st, rng, st["n"])

    def claims(self, state, params):
        out = [Claim(f"piece:{r}:{s}", "colour", side) for r, s, side, _ in state["pieces"]]
        out += [Claim("mark", "colour", "red"), Claim(None, "colour", "white"), Claim(None, "colour", "black")]
        return out

    def render(self, c, state, params):
        rings, sectors = state["rings"], state["sectors"]
        w = (R_OUT - R_IN) / rings
        c.circle(CX, CY, R_OUT + 8, fill=(0.20, 0.28, 0.45))
        for ring in range(rings):
            r0, r1 = R_IN + ring * w, R_IN + (ring + 1) * w
            for sec in range(sectors):
                a0 = -math.pi / 2 + sec * 2 * math.pi / sectors
                a1 = a0 + 2 * math.pi / sectors
                steps = [a0 + (a1 - a0) * k / 8 for k in range(9)]
                pts = [(CX + r1 * math.cos(a), CY + r1 * math.sin(a)) for a in steps]
                pts += [(CX + r0 * math.cos(a), CY + r0 * math.sin(a)) for a in reversed(steps)]
                c.polygon(pts, fill=LIGHT if (ring + sec) % 2 == 0 else DARK, stroke=(0.30, 0.38, 0.55), lw=0.8)
                c.register(f"cell:{ring}:{sec}", point=cell_centre(state, ring, sec),
                           box=(min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts),
                                max(p[1] for p in pts)))
        c.circle(CX, CY, R_IN, fill=(0.95, 0.96, 0.99), stroke=(0.30, 0.38, 0.55), lw=1.5)
        for ring, sec, side, kind in state["pieces"]:
            x, y = cell_centre(state, ring, sec)
            arc = 2 * math.pi * (R_IN + (ring + 0.5) * w) / sectors
            size = min(w * 0.72, arc * 0.86)
            if side == "black" and kind == "K":
                # the solid king symbol's inner contours read as a light piece: draw the outline symbol all dark
                figurine(c, x, y + 1, kind, True, size, light=BLACK_PIECE, dark=BLACK_PIECE)
            else:
                figurine(c, x, y + 1, kind, side == "white", size, light=WHITE_PIECE, dark=BLACK_PIECE)
            c.register(f"piece:{ring}:{sec}", point=(x, y), box=(x - size / 2, y - size / 2, x + size / 2, y + size / 2),
                       fill=WHITE_PIECE if side == "white" else BLACK_PIECE)
        mark = state["marked"] or state["target"]
        if mark:
            x, y = cell_centre(state, *mark)
            arc = 2 * math.pi * (R_IN + (mark[0] + 0.5) * w) / sectors
            c.circle(x, y, min(w, arc) * 0.5, stroke="red", lw=3.5, id="mark")


SCENE = CircularChess()
task = SCENE.task


def _intro(state):
    return (f"The picture shows a circular chess board with {state['rings']} rings of {state['sectors']} sectors and "
            "some white and black chess pieces. Sectors wrap around each ring; the rings do not wrap inward or "
            "outward. Pieces move as in standard chess, adapted to the circle: rooks move around a ring or straight "
            "across rings, bishops move diagonally (one ring and one sector per step), queens combine both, kings "
            "take one such step, and knights jump one ring and two sectors or two rings and one sector. A piece may "
            "land on an empty cell or an opponent's piece, never on a piece of its own side, and a sliding piece "
            "stops at the first occupied cell.")


@task("marked_piece_destination_count", answer="integer", annotation="point_set", ops="filtering,counting,state_update",
      queries=("marked_piece_move_count", "marked_piece_capture_count"))
def marked_piece_destination_count(q):
    captures = q.query_id == "marked_piece_capture_count"
    t = q.target(MOVE_SUPPORT[q.difficulty], stratified=True)

    def count(st):
        board = board_of(st)
        moves = circular_moves(board, st["marked"], st["rings"], st["sectors"])
        return [m for m in moves if m in board] if captures else moves

    def plant(st, rng):
        for _ in range(TRIES):
            if build_around(st, rng) and len(count(st)) == t:
                return st
        return st

    s = q.edit(plant)
    q.require(s["marked"] is not None and len(count(s)) == t, "count off target")
    dest = count(s)
    what = ("How many opponent pieces can the piece circled in red capture in one move?" if captures else
            "To how many cells can the piece circled in red legally move (empty cells and captures together)?")
    return q.answer(len(dest), witnesses=[f"cell:{r}:{c}" for r, c in dest], question=f"{_intro(s)} {what}")


@task("target_cell_reacher_count", answer="integer", annotation="point_set", ops="filtering,counting,state_update",
      queries=("white_piece_reaches_target_count", "black_piece_reaches_target_count"))
def target_cell_reacher_count(q):
    side = "white" if q.query_id == "white_piece_reaches_target_count" else "black"
    t = q.target(REACH_SUPPORT[q.difficulty], stratified=True)

    def plant(st, rng):
        rings, sectors = st["rings"], st["sectors"]
        for _ in range(TRIES):
            scatter(st, rng, max(2, st["n"] - t - 2))
            occupied = {(p[0], p[1]) for p in st["pieces"]}
            free = [(r, s) for r in range(rings) for s in range(sectors) if (r, s) not in occupied]
            st["target"] = list(free[int(rng.integers(len(free)))])
            # add pieces of the asked side on cells from which they reach the target, one by one
            for _ in range(4 * t + 4):
                if len(reachers(st, side)) >= t:
                    break
                kind = _kind(rng)
                if kind == "K" and any(p[2] == side and p[3] == "K" for p in st["pieces"]):
                    continue
                occupied = {(p[0], p[1]) for p in st["pieces"]}
                spots = [(r, s) for r in range(rings) for s in range(sectors) if (r, s) not in occupied
                         and [r, s] != st["target"]
                         and tuple(st["target"]) in circular_moves({**board_of(st), (r, s): (side, kind)}, (r, s),
                                                                   rings, sectors)]
                if spots:
                    r, s = spots[int(rng.integers(len(spots)))]
                    st["pieces"] = sorted(st["pieces"] + [[r, s, side, kind]])
            if len(reachers(st, side)) == t:
                return st
        return st

    s = q.edit(plant)
    q.require(s["target"] is not None, "no target cell")
    who = reachers(s, side)
    q.require(len(who) == t, "reacher count off target")
    return q.answer(len(who), witnesses=[f"piece:{r}:{c}" for r, c in who],
                    question=(f"{_intro(s)} The cell circled in red is the target. How many {side} pieces can move "
                              "to the target cell in one move?"))
