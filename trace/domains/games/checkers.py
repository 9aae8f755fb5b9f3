"""games/checkers: an English-checkers position on an 8 x 8 board (red and black men and kings), the side
to move named above the board; the rules live in ``tracegen.kits.draughts``."""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits import draughts as dr

N = 8
COUNTS = {1: (5, 8), 2: (8, 13), 3: (13, 19)}
RULES = ("Red men move diagonally up the board and black men diagonally down; kings (marked K) move one square "
         "diagonally in any direction. A capture jumps diagonally over an adjacent opponent piece onto the empty "
         "square just beyond it; the jumped piece is removed at once, and the capturing piece must keep jumping "
         "while it can (a man that reaches the far row is crowned and stops). Captures are compulsory: if any "
         "capture is available, the side to move must make a capture.")


class Checkers(Scene):
    domain, scene_id, size = "games", "checkers", (580, 620)
    megapixels = (0.55, 0.82)   # image area (MP); the original's median is 0.675
    description = ("An 8 x 8 checkers board with red and black men and kings (K) on the dark squares and the side "
                   "to move named above it; a marked piece has a green square outline.")

    def sample(self, rng, difficulty):
        lo, hi = COUNTS[difficulty]
        board = dr.random_board(rng, N, int(rng.integers(lo, hi + 1)))
        return {"pieces": dr.to_pieces(board), "to_move": "rb"[int(rng.integers(2))]}

    def claims(self, state, params):
        out = [Claim(None, "colour", "red"), Claim(None, "colour", "black")]
        out += [Claim(f"piece:{r}:{k}", "colour", dr.PIECE_FILL[dr.side_of(p)]) for r, k, p in state["pieces"]]
        if state.get("marked"):
            out.append(Claim("mark", "colour", "green"))
        return out

    def render(self, c, state, params):
        w, h = self.size
        cell = 60.0
        x0, y0 = (w - N * cell) / 2, 92.0
        side = state["to_move"]
        text = f"{dr.SIDE_NAMES[side]} to move"
        tw = c.text_width(text, size=19, bold=True)
        bx = w / 2 - (tw + 54) / 2
        c.rect(bx, 22, tw + 54, 40, fill="panel", stroke="ink", lw=1.3)
        c.circle(bx + 23, 42, 11, fill=dr.PIECE_FILL[side], stroke=(0.6, 0.6, 0.6), lw=1.2)
        c.text(bx + 42, 42, text, size=19, bold=True, anchor="l")
        dr.draw_board(c, x0, y0, N, cell, accent=c.style.accent)
        center = dr.board_geometry(x0, y0, N, cell)
        for r, k, p in state["pieces"]:
            cx, cy = center(r, k)
            dr.draw_checker(c, cx, cy, cell * 0.38, p, id=f"piece:{r}:{k}")
        m = state.get("marked")
        if m:
            c.rect(x0 + m[1] * cell + 2.5, y0 + m[0] * cell + 2.5, cell - 5, cell - 5, stroke="green", lw=5,
                   id="mark")
        c.text(w / 2, y0 + N * cell + 28, "Red men move up the board, black men move down; K marks a king.",
               size=14, color="muted")


SCENE = Checkers()
task = SCENE.task


def _board(state):
    return dr.to_board(state["pieces"])


def _sq(sq):
    return f"sq:{sq[0]}:{sq[1]}"


def _pc(sq):
    return f"piece:{sq[0]}:{sq[1]}"


def _turn(side):
    return f"It is {dr.SIDE_NAMES[side]}'s turn."


def _build(q, score, **kw):
    """Edit the board by hill-climbing until ``score(board, side)`` is 0 (reject otherwise)."""
    def edit(state, rng):
        side = state["to_move"]
        found = dr.search(rng, _board(state), N, lambda b: score(b, side), **kw)
        q.require(found is not None, "search did not reach the target")
        state["pieces"] = dr.to_pieces(found)
        return state

    s = q.edit(edit)
    return _board(s), s["to_move"]


CHAIN_SUPPORT = {1: range(1, 4), 2: range(1, 6), 3: range(2, 7)}


def _plant_chain(rng, board, side, t):
    """Put a ``side`` king and ``t`` opponent pieces on the board so the king can jump them in a row;
    the board's other pieces stay where they do not collide.  Returns (board, king square) or None."""
    opp = dr.other(side)
    sqs = dr.dark_squares(N)
    start = sqs[int(rng.integers(len(sqs)))]
    cur, used, mids = start, {start}, []
    for _ in range(t):
        opts = []
        for d in dr.DIAGS:
            mid, land = (cur[0] + d[0], cur[1] + d[1]), (cur[0] + 2 * d[0], cur[1] + 2 * d[1])
            if dr.on(N, *land) and mid not in used and land not in used:
                opts.append((mid, land))
        if not opts:
            return None
        mid, land = opts[int(rng.integers(len(opts)))]
        mids.append(mid)
        used |= {mid, land}
        cur = land
    b = {sq: p for sq, p in board.items() if sq not in used}
    b[start] = side.upper()
    for mid in mids:
        man = opp if dr.allowed(opp, mid, N) and rng.random() < 0.8 else opp.upper()
        b[mid] = man
    return b, start


@task("max_capture_chain_length", answer="integer", annotation="bbox_set",
      ops="filtering,counting,ranking,topology,state_update")
def max_capture_chain_length(q):
    t = q.target(CHAIN_SUPPORT[q.difficulty], stratified=True)

    def edit(state, rng):
        base = _board(state)
        for _ in range(40):
            side = "rb"[int(rng.integers(2))]
            got = _plant_chain(rng, base, side, t)
            if got is None:
                continue
            b, king = got
            best, sets = dr.longest_chain(b, N, king)
            if best == t and len(sets) == 1:
                state["pieces"], state["to_move"], state["marked"] = dr.to_pieces(b), side, list(king)
                return state
            # drop a few of the sampled pieces and try again
            keys = sorted(base)
            for i in rng.permutation(len(keys))[:2]:
                base.pop(keys[int(i)], None)
        q.reject("no chain of the target length")

    s = q.edit(edit)
    board, king = _board(s), tuple(s["marked"])
    best, sets = dr.longest_chain(board, N, king)
    q.require(len(sets) == 1, "several longest chains")
    side = s["to_move"]
    q.step("capture_chains", king=list(king), longest=best, captured=sets[0])
    return q.answer(best, witnesses=[_pc(sq) for sq in sets[0]],
                    question=(f"{_turn(side)} {RULES} The {dr.SIDE_NAMES[side].lower()} king outlined in green "
                              f"captures as many pieces as it can in one move. How many opponent pieces does its "
                              f"longest capture sequence take?"))


MOVE_SUPPORT = {"legal_move_count": range(1, 6), "capture_move_count": range(0, 6)}


def _landings(moves):
    return [tuple(path[-1]) for _, path, _ in moves]


@task("move_count", answer="integer", annotation="bbox_set", ops="filtering,counting,state_update",
      queries=("legal_move_count", "capture_move_count"))
def move_count(q):
    t = q.target(MOVE_SUPPORT[q.query_id], stratified=True)
    capture = q.query_id == "capture_move_count"

    def moves(b, side):
        return dr.capture_moves(b, N, side) if capture else dr.legal_moves(b, N, side)

    def score(b, side):
        ms = moves(b, side)
        lands = _landings(ms)
        return abs(len(ms) - t) + (len(lands) - len(set(lands)))

    board, side = _build(q, score)
    ms = moves(board, side)
    lands = _landings(ms)
    q.require(len(set(lands)) == len(lands), "two moves end on one square")
    q.step("moves", side=side, moves=[[list(o), [list(x) for x in p]] for o, p, _ in ms])
    name = dr.SIDE_NAMES[side]
    if capture:
        ask = (f"How many different capture moves does {name} have? A capture move is one piece's complete "
               f"jump sequence; count each sequence once (each ends on a different square here).")
    else:
        ask = (f"How many legal moves does {name} have? A move is one diagonal step, or, when captures are "
               f"available, one piece's complete jump sequence (each legal move ends on a different square here).")
    return q.answer(len(ms), witnesses=[_sq(sq) for sq in lands], question=f"{_turn(side)} {RULES} {ask}")


@task("piece_mobility_count", answer="integer", annotation="bbox_set", ops="filtering,counting,state_update",
      queries=("piece_with_legal_move_count", "piece_with_capture_move_count"))
def piece_mobility_count(q):
    capture = q.query_id == "piece_with_capture_move_count"
    t = q.target(range(0, 6) if capture else range(1, 7), stratified=True)

    def origins(b, side):
        ms = dr.capture_moves(b, N, side) if capture else dr.legal_moves(b, N, side)
        return sorted({tuple(o) for o, _, _ in ms})

    board, side = _build(q, lambda b, s: abs(len(origins(b, s)) - t))
    pcs = origins(board, side)
    name = dr.SIDE_NAMES[side]
    q.step("movable_pieces", side=side, pieces=[list(p) for p in pcs])
    if capture:
        ask = f"How many {name.lower()} pieces can make a capture?"
    else:
        ask = (f"How many {name.lower()} pieces have at least one legal move (remember that captures are "
               f"compulsory)?")
    return q.answer(len(pcs), witnesses=[_pc(sq) for sq in pcs], question=f"{_turn(side)} {RULES} {ask}")


STATE_SUPPORT = {1: range(0, 5), 2: range(0, 7), 3: range(0, 10)}
STATE_KINDS = ("all", "edge", "king")


def _state_hits(board, color, kind):
    return sorted(sq for sq, p in board.items() if dr.side_of(p) == color and (
        kind == "all" or (kind == "king" and dr.is_king(p))
        or (kind == "edge" and (sq[0] in (0, N - 1) or sq[1] in (0, N - 1)))))


@task("piece_state_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def piece_state_count(q):
    t = q.target(STATE_SUPPORT[q.difficulty], stratified=True)
    color = q.choice("color", ["r", "b"])
    kind = q.choice("kind", STATE_KINDS[1:] if t == 0 else STATE_KINDS)
    board, _ = _build(q, lambda b, s: abs(len(_state_hits(b, color, kind)) - t), hi=26)
    hits = _state_hits(board, color, kind)
    word = dr.PIECE_FILL[color]
    ask = {"all": f"How many {word} pieces (men and kings) are on the board?",
           "edge": (f"How many {word} pieces (men and kings) stand on a square of the board's outer border (the "
                    f"first or last row or column)?"),
           "king": f"How many {word} kings (pieces marked K) are on the board?"}[kind]
    q.step("filter", color=color, kind=kind, kept=[list(s) for s in hits])
    return q.answer(len(hits), witnesses=[_pc(sq) for sq in hits], question=f"This is a checkers board. {ask}")
