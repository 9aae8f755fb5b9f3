"""games/radial_hunt_board: a radial hunt-game board of concentric circles and diameters.

Points sit at the centre and where each circle meets each diameter; the circles and the diameter
segments are the drawn lines.  The X-marked hunter steps one segment along a circle or a diameter to an
adjacent empty point, or captures by jumping along the same circle or diameter over an adjacent
opposing piece to the empty point right beyond it (``kits.pointboards``); a diameter runs straight
through the centre.  The original's board: 3 circles and 3 diameters (19 points), many pieces.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits import pointboards as pb

LEVELS = {1: (2, 2, (4, 6)), 2: (3, 3, (7, 11)), 3: (4, 4, (12, 18))}   # circles, diameters, other pieces
STEP_SUPPORT = {1: range(0, 4), 2: range(0, 7), 3: range(1, 8)}
JUMP_SUPPORT = {1: range(0, 3), 2: range(0, 7), 3: range(1, 7)}
W = H = 460
CX = CY = 230.0
R_MAX = 180.0
WOOD = (0.90, 0.76, 0.52)
LINE = (0.40, 0.26, 0.14)
PREY = (0.62, 0.26, 0.16)
TRIES = 300


def geometry(state):
    """Points (centre 0, then circle k, spoke j -> 1 + k * spokes + j), lines and links."""
    circles, spokes = state["circles"], 2 * state["diameters"]
    pid = lambda k, j: 1 + k * spokes + (j % spokes)   # noqa: E731
    lines = [{"pts": [pid(k, j) for j in range(spokes)], "closed": True} for k in range(circles)]
    for j in range(state["diameters"]):
        half = [pid(k, j) for k in range(circles)]
        other = [pid(k, j + state["diameters"]) for k in range(circles)]
        lines.append({"pts": half[::-1] + [0] + other, "closed": False})
    links = set()
    for ln in lines:
        pts = ln["pts"] + (ln["pts"][:1] if ln["closed"] else [])
        links.update(tuple(sorted(x)) for x in zip(pts, pts[1:]))
    return list(range(1 + circles * spokes)), lines, sorted([list(x) for x in links])


def point_xy(state, p):
    if p == 0:
        return CX, CY
    spokes = 2 * state["diameters"]
    k, j = divmod(p - 1, spokes)
    r = R_MAX * (k + 1) / state["circles"]
    a = -math.pi / 2 + 2 * math.pi * j / spokes
    return CX + r * math.cos(a), CY + r * math.sin(a)


def place(st, rng, want, t):
    pts, lines, links = geometry(st)
    for _ in range(TRIES):
        out = pb.build_around(rng, pts, lines, links, want, t, st["n_pieces"])
        if out is not None:
            p, sides = out
            st["marked"], st["pieces"] = p, sorted(q for q in sides if q != p)
            return st
    st["marked"], st["pieces"] = None, []
    return st


class RadialHuntBoard(Scene):
    domain, scene_id, size = "games", "radial_hunt_board", (W, H)
    megapixels = (0.23, 0.35)   # the original's frames: 500 x 500 (0.28-0.29 MP)
    description = ("A radial hunt-game board: concentric circles crossed by diameters, pieces on the crossing points "
                   "and one hunter piece marked with an X.")

    def sample(self, rng, difficulty):
        circles, diameters, (lo, hi) = LEVELS[difficulty]
        st = {"circles": circles, "diameters": diameters, "n_pieces": int(rng.integers(lo, hi + 1))}
        return place(st, rng, "step", int(rng.integers(1, 3)))

    def render(self, c, state, params):
        c.rect(22, 22, W - 44, H - 44, fill=WOOD, stroke=LINE, lw=2)
        for k in range(state["circles"]):
            r = R_MAX * (k + 1) / state["circles"]
            c.circle(CX, CY, r, stroke=LINE, lw=2.2)
        spokes = 2 * state["diameters"]
        for j in range(state["diameters"]):
            a = -math.pi / 2 + 2 * math.pi * j / spokes
            c.line(CX - R_MAX * math.cos(a), CY - R_MAX * math.sin(a), CX + R_MAX * math.cos(a),
                   CY + R_MAX * math.sin(a), color=LINE, lw=2.2)
        pts, _, _ = geometry(state)
        pb.draw_points(c, state, pts, point_xy, (17, (0.12, 0.14, 0.18), (0.05, 0.05, 0.08), 3),
                       (15, PREY, (0.35, 0.14, 0.08), 1.5), (8, (1.0, 0.95, 0.82), LINE, 1.2), arm=8)


SCENE = RadialHuntBoard()
task = SCENE.task


def _intro(state):
    return (f"The picture shows a radial hunt-game board: {state['circles']} concentric circles crossed by "
            f"{state['diameters']} diameters, with pieces on the points where lines meet. The piece marked with an X "
            "is the hunter; every other piece is an opposing piece.")


@task("capture_move_count", answer="integer", annotation="point_set", ops="filtering,counting,topology,state_update")
def capture_move_count(q):
    s, lands = pb.planted_moves(q, JUMP_SUPPORT[q.difficulty], place, "jump", lambda st: geometry(st)[1:])
    return q.answer(len(lands), witnesses=[f"pt:{p}" for p in lands],
                    question=(f"{_intro(s)} A capture jumps along one circle or diameter over an adjacent opposing "
                              "piece and lands on the empty point right beyond it on the same line (a diameter runs "
                              "straight through the centre). How many capture jumps does the X-marked piece have?"))


@task("marked_piece_destination_count", answer="integer", annotation="point_set",
      ops="filtering,counting,topology,state_update")
def marked_piece_destination_count(q):
    s, dest = pb.planted_moves(q, STEP_SUPPORT[q.difficulty], place, "step", lambda st: geometry(st)[1:])
    return q.answer(len(dest), witnesses=[f"pt:{p}" for p in dest],
                    question=(f"{_intro(s)} A simple move goes one segment along a circle or a diameter to an "
                              "adjacent empty point; captures do not count. How many simple moves does the X-marked "
                              "piece have?"))
