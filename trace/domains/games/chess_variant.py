"""games/chess_variant: an 8x8 chess-like board where every piece moves by one stated rule.

A rule card over the board states the movement rule all pieces share (a rider along straight or
diagonal lines up to a range, or a leaper such as the knight or camel; see ``kits.variants``).  The
piece glyphs only tell the sides apart.  The marked piece's empty destinations and captures follow the
rule: riders stop at the first occupied square (capturing it if it holds an opponent), leapers jump.
The original's positions are crowded: 1-4 empty destinations and 0-4 captures.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits import variants
from tracegen.kits.boards import figurine
from tracegen.kits.grid import Grid

FILES = "abcdefgh"
RULES = {
    1: [{"kind": "ride", "dirs": "ortho", "range": 2}, {"kind": "ride", "dirs": "diag", "range": 2},
        {"kind": "ride", "dirs": "any", "range": 1}, {"kind": "leap", "leap": [1, 2]}],
    2: [{"kind": "ride", "dirs": "any", "range": 3}, {"kind": "ride", "dirs": "ortho", "range": 3},
        {"kind": "ride", "dirs": "diag", "range": 2}, {"kind": "ride", "dirs": "diag", "range": 3},
        {"kind": "ride", "dirs": "any", "range": 2}, {"kind": "leap", "leap": [1, 2]},
        {"kind": "leap", "leap": [1, 3]}],
    3: [{"kind": "ride", "dirs": "any", "range": 7}, {"kind": "ride", "dirs": "ortho", "range": 7},
        {"kind": "ride", "dirs": "diag", "range": 7}, {"kind": "leap", "leap": [2, 3]},
        {"kind": "leap", "leap": [1, 3]}],
}
N_PIECES = {1: (8, 11), 2: (14, 20), 3: (22, 28)}
DEST_SUPPORT = {1: range(1, 4), 2: range(1, 5), 3: range(2, 7)}
CAPTURE_SUPPORT = {1: range(0, 3), 2: range(0, 5), 3: range(1, 6)}
KINDS = ("Q", "R", "B", "N", "P", "P")
W, H = 600, 640
CELL = 62.0
LIGHT, DARK = (0.78, 0.86, 0.95), (0.42, 0.55, 0.72)
WHITE_PIECE, BLACK_PIECE = (0.98, 0.98, 0.96), (0.11, 0.11, 0.12)
TRIES = 200


def board_sides(state):
    return {(f, r): side for f, r, side, _ in state["pieces"]}


def marked_moves(state):
    f, r = state["marked"]
    return variants.destinations(state["rule"], board_sides(state), f, r)


def build(st, rng, n_pieces, want, t):
    """A position around a marked piece whose ``want`` count ("empty" or "capture") is ``t``: rays are
    blocked square by square first, then the rest of the board is filled with pieces on squares the
    marked piece cannot reach.  Returns the state or None."""
    f, r = int(rng.integers(8)), int(rng.integers(8))
    side = "white" if rng.random() < 0.5 else "black"
    opp = "black" if side == "white" else "white"
    board = {(f, r): side}
    fixed = {(f, r)}
    for ray in variants.rays(st["rule"], f, r):
        if st["rule"]["kind"] == "leap":
            u = rng.random()
            if u < 0.4:
                board[ray[0]] = side if u < 0.2 else opp
            fixed.add(ray[0])
            continue
        # a blocker at distance 1, 2, 3 ... (nearer is likelier: the original's boards are crowded) or none
        w = [0.5, 0.25, 0.15, 0.08, 0.05, 0.03, 0.02][:len(ray)] + [0.12]
        stop = int(rng.choice(len(w), p=[x / sum(w) for x in w]))
        fixed.update(ray[:stop + 1])
        if stop < len(ray):
            board[ray[stop]] = opp if rng.random() < 0.45 else side
    empty, caps = variants.destinations(st["rule"], board, f, r)
    if len(empty if want == "empty" else caps) != t:
        return None
    free = [(x, y) for x in range(8) for y in range(8) if (x, y) not in fixed]
    extra = max(0, n_pieces - len(board))
    for i in rng.permutation(len(free))[:extra]:
        board[free[int(i)]] = "white" if rng.random() < 0.5 else "black"
    # glyphs only tell the sides apart (no kings: every piece follows the card, none is royal)
    st["pieces"] = [[x, y, board[(x, y)], KINDS[int(rng.integers(len(KINDS)))]] for x, y in sorted(board)]
    st["marked"] = [f, r]
    return st


class ChessVariant(Scene):
    domain, scene_id, size = "games", "chess_variant", (W, H)
    megapixels = (0.62, 0.9)   # the original's frames: about 826 x 802 (median 0.75 MP)
    description = ("An 8x8 chess-like board crowded with white and black pieces under a card stating the one "
                   "movement rule every piece follows; one piece's square is outlined in red.")

    def sample(self, rng, difficulty):
        rules = RULES[difficulty]
        rule = rules[int(rng.integers(len(rules)))]
        lo, hi = N_PIECES[difficulty]
        st = {"rule": rule, "n": int(rng.integers(lo, hi + 1)), "pieces": [], "marked": None}
        for _ in range(1000):
            out = build(st, rng, st["n"], "capture", int(rng.integers(0, 3)))
            if out is not None:
                return out
        raise RuntimeError("no position")   # pragma: no cover - build succeeds within a few tries

    def claims(self, state, params):
        out = [Claim(f"piece:{FILES[f]}{r + 1}", "colour", side) for f, r, side, _ in state["pieces"]]
        out += [Claim("mark", "colour", "red"), Claim(None, "colour", "white"), Claim(None, "colour", "black")]
        return out

    def render(self, c, state, params):
        g = Grid(x0=(W - 8 * CELL) / 2, y0=110, rows=8, cols=8, cell=CELL)
        c.rect(g.x0 - 14, 20, 8 * CELL + 28, g.y1 - 20 + 14, fill="panel", stroke="muted", lw=1.5)
        text = variants.card(state["rule"])
        tw = c.text_width(text, size=20, bold=True) + 40
        c.rect(W / 2 - tw / 2, 36, tw, 46, fill="white", stroke=(0.25, 0.30, 0.40), lw=2, id="rule_card")
        c.text(W / 2, 59, text, size=20, bold=True, color="black")
        c.rect(g.x0 - 4, g.y0 - 4, 8 * CELL + 8, 8 * CELL + 8, fill=(0.14, 0.20, 0.32))
        for row in range(8):
            for col in range(8):
                x0, y0, x1, y1 = g.box(row, col)
                light = (row + col) % 2 == 0
                c.rect(x0, y0, CELL, CELL, fill=LIGHT if light else DARK)
        for f, r, side, kind in state["pieces"]:
            x0, y0, x1, y1 = g.box(7 - r, f)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            figurine(c, cx, cy + 1, kind, side == "white", CELL * 0.74, light=WHITE_PIECE, dark=BLACK_PIECE)
            rad = CELL * 0.36
            c.register(f"piece:{FILES[f]}{r + 1}", box=(cx - rad, cy - rad, cx + rad, cy + rad),
                       fill=WHITE_PIECE if side == "white" else BLACK_PIECE)
        for row in range(8):
            for col in range(8):
                c.register(f"sq:{FILES[col]}{8 - row}", box=g.box(row, col))
        f, r = state["marked"]
        x0, y0, x1, y1 = g.box(7 - r, f, inset=2.5)
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke="red", lw=4, id="mark")


SCENE = ChessVariant()
task = SCENE.task


def _intro(rule):
    return ("The picture shows an 8 by 8 chess-like board with white and black pieces; white and black are the two "
            "sides. Whatever their shapes, all pieces follow the rule on the card: a piece "
            f"{variants.describe(rule)}. A piece moving along a line stops at the first occupied square and cannot "
            "pass it; it may capture an opponent piece there, never a piece of its own side.")


def _plant(q, want, t):
    def plant(st, rng):
        for _ in range(TRIES):
            out = build(st, rng, st["n"], want, t)
            if out is not None:
                return out
        return st
    return q.edit(plant)


@task("marked_piece_capture_count", answer="integer", annotation="bbox_set", ops="counting,state_update")
def marked_piece_capture_count(q):
    t = q.target(CAPTURE_SUPPORT[q.difficulty], stratified=True)
    s = _plant(q, "capture", t)
    _, caps = marked_moves(s)
    q.require(len(caps) == t, "capture count off target")
    return q.answer(len(caps), witnesses=[f"piece:{FILES[f]}{r + 1}" for f, r in caps],
                    question=(f"{_intro(s['rule'])} The piece on the square outlined in red is the marked piece. How "
                              "many opponent pieces can it capture in one move? Do not count moves to empty squares."))


@task("marked_piece_destination_count", answer="integer", annotation="bbox_set", ops="counting,state_update")
def marked_piece_destination_count(q):
    t = q.target(DEST_SUPPORT[q.difficulty], stratified=True)
    s = _plant(q, "empty", t)
    empty, _ = marked_moves(s)
    q.require(len(empty) == t, "destination count off target")
    return q.answer(len(empty), witnesses=[f"sq:{FILES[f]}{r + 1}" for f, r in empty],
                    question=(f"{_intro(s['rule'])} The piece on the square outlined in red is the marked piece. To "
                              "how many empty squares can it move in one move? Do not count captures."))
