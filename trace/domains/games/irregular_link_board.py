"""games/irregular_link_board: an alquerque-style point grid with some links missing and several pieces.

Points on an n x n grid are joined by drawn links: orthogonal links between neighbours and, in some
unit squares, one diagonal (never two crossing ones).  Missing links cannot be used.  The X-marked piece
steps along one drawn link to an adjacent empty point, or captures by jumping in a straight line over an
adjacent opposing piece to the empty point right beyond it, both links of the line drawn
(``kits.pointboards``).  The original's boards: 5 x 5 points.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import pointboards as pb

LEVELS = {1: (4, (4, 6)), 2: (5, (8, 12)), 3: (6, (12, 17))}   # points a side, other pieces
STEP_SUPPORT = {1: range(0, 4), 2: range(0, 7), 3: range(1, 8)}
JUMP_SUPPORT = {1: range(0, 3), 2: range(0, 7), 3: range(1, 7)}
SPAN = 440.0
W = H = 560
BOARD_RGB = (0.86, 0.93, 0.84)
LINK_RGB = (0.24, 0.42, 0.28)
PREY = (0.80, 0.22, 0.30)
TRIES = 300


def grid_lines(n):
    """Rows, columns and every diagonal of length >= 3 (point ids r * n + c)."""
    out = [{"pts": [r * n + c for c in range(n)], "closed": False} for r in range(n)]
    out += [{"pts": [r * n + c for r in range(n)], "closed": False} for c in range(n)]
    for s in range(-(n - 1), n):
        d1 = [r * n + (r + s) for r in range(n) if 0 <= r + s < n]
        d2 = [r * n + (s + n - 1 - r) for r in range(n) if 0 <= s + n - 1 - r < n]
        out += [{"pts": d, "closed": False} for d in (d1, d2) if len(d) >= 3]
    return out


def make_links(rng, n):
    links = []
    for r in range(n):
        for c in range(n):
            p = r * n + c
            if c + 1 < n and rng.random() < 0.78:
                links.append([p, p + 1])
            if r + 1 < n and rng.random() < 0.78:
                links.append([p, p + n])
            if r + 1 < n and c + 1 < n:   # one diagonal at most per unit square
                u = rng.random()
                if u < 0.25:
                    links.append([p, p + n + 1])
                elif u < 0.5:
                    links.append([p + 1, p + n])
    return links


def point_xy(state, p):
    n = state["n"]
    step = SPAN / (n - 1)
    return (W - SPAN) / 2 + (p % n) * step, (H - SPAN) / 2 + (p // n) * step


class IrregularLinkBoard(Scene):
    domain, scene_id, size = "games", "irregular_link_board", (W, H)
    megapixels = (0.45, 0.68)   # the original's frames: about 760 x 760 (0.55-0.57 MP)
    description = ("A point-and-link board: a grid of points joined by drawn links with some links missing, several "
                   "pieces on the points, and one piece marked with an X.")

    def sample(self, rng, difficulty):
        n, (lo, hi) = LEVELS[difficulty]
        st = {"n": n, "links": make_links(rng, n), "n_pieces": int(rng.integers(lo, hi + 1))}
        place(st, rng, "step", int(rng.integers(0, 3)))
        return st

    def render(self, c, state, params):
        n = state["n"]
        x0, y0 = point_xy(state, 0)
        x1, y1 = point_xy(state, n * n - 1)
        c.rect(x0 - 30, y0 - 30, x1 - x0 + 60, y1 - y0 + 60, fill=BOARD_RGB, stroke=LINK_RGB, lw=2)
        for a, b in state["links"]:
            c.line(*point_xy(state, a), *point_xy(state, b), color=LINK_RGB, lw=3)
        pb.draw_points(c, state, range(n * n), point_xy, (23, (0.14, 0.22, 0.20), (0.15, 0.20, 0.60), 3.5),
                       (20, PREY, (0.45, 0.10, 0.15), 1.8), (11, (0.98, 0.99, 0.96), LINK_RGB, 1.5), arm=10)


def _board(st):
    return grid_lines(st["n"]), st["links"]


def place(st, rng, want, t):
    n = st["n"]
    for _ in range(TRIES):
        out = pb.build_around(rng, list(range(n * n)), grid_lines(n), st["links"], want, t, st["n_pieces"])
        if out is not None:
            p, sides = out
            st["marked"] = p
            st["pieces"] = sorted(q for q, s in sides.items() if q != p)
            return st
        st["links"] = make_links(rng, n)
    st["marked"], st["pieces"] = None, []
    return st


SCENE = IrregularLinkBoard()
task = SCENE.task

INTRO = ("The picture shows a point-and-link game board: points joined by drawn links, with some links missing, "
         "several pieces on the points, and one piece marked with an X. The other pieces are its opponents.")


@task("capture_move_count", answer="integer", annotation="point_set", ops="filtering,counting,topology,state_update")
def capture_move_count(q):
    s, lands = pb.planted_moves(q, JUMP_SUPPORT[q.difficulty], place, "jump", _board)
    return q.answer(len(lands), witnesses=[f"pt:{p}" for p in lands],
                    question=(f"{INTRO} A capture jumps in a straight line over one adjacent opponent piece and "
                              "lands on the empty point right beyond it; both links along that line must be drawn. "
                              "How many capture jumps does the X-marked piece have?"))


@task("marked_piece_destination_count", answer="integer", annotation="point_set",
      ops="filtering,counting,topology,state_update")
def marked_piece_destination_count(q):
    s, dest = pb.planted_moves(q, STEP_SUPPORT[q.difficulty], place, "step", _board)
    return q.answer(len(dest), witnesses=[f"pt:{p}" for p in dest],
                    question=(f"{INTRO} A simple move goes along one drawn link to an adjacent empty point; missing "
                              "links and occupied points do not count, and captures are not simple moves. How many "
                              "simple moves does the X-marked piece have?"))
