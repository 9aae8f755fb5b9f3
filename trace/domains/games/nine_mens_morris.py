"""games/nine_mens_morris: a Nine Men's Morris position (white and black pieces on the 24 points of three
nested squares joined at their midpoints).

Rules: a mill is three pieces of one colour filling one of the board's 16 lines of three points (the
three points of a square's side, or the three points of one of the four midpoint cross lines; corners
are not joined diagonally).  Each side has at most nine pieces on the board.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits import pointboards as pb


def _points():
    pts = []
    for k in range(3):
        lo, hi = k, 6 - k
        mid = 3
        pts += [(lo, lo), (mid, lo), (hi, lo), (hi, mid), (hi, hi), (mid, hi), (lo, hi), (lo, mid)]
    return pts


POINTS = _points()                       # (x, y) on a 7 x 7 lattice, 8 per square, outer square first
INDEX = {p: i for i, p in enumerate(POINTS)}


def _mills():
    out = []
    for k in range(3):
        b = 8 * k
        for s in range(4):
            out.append((b + 2 * s, b + 2 * s + 1, b + (2 * s + 2) % 8))
    for a, b_, c in (((3, 0), (3, 1), (3, 2)), ((3, 4), (3, 5), (3, 6)), ((0, 3), (1, 3), (2, 3)),
                     ((4, 3), (5, 3), (6, 3))):
        out.append((INDEX[a], INDEX[b_], INDEX[c]))
    return tuple(tuple(sorted(m)) for m in out)


MILLS = _mills()
COUNTS = {1: (4, 8), 2: (8, 14), 3: (14, 18)}
NAMES = {"W": "white", "B": "black"}
WOOD = ((0.93, 0.86, 0.70), (0.90, 0.88, 0.80), (0.95, 0.90, 0.78), (0.88, 0.84, 0.74))


def mill_pieces(cells) -> list[int]:
    """Points holding a piece that belongs to at least one mill."""
    out = set()
    for m in MILLS:
        v = {cells[i] for i in m}
        if len(v) == 1 and "." not in v:
            out |= set(m)
    return sorted(out)


def completion_points(cells, who) -> list[int]:
    """Empty points where a ``who`` piece would complete a mill (the line's other two points hold ``who``)."""
    out = set()
    for m in MILLS:
        empty = [i for i in m if cells[i] == "."]
        if len(empty) == 1 and all(cells[i] == who for i in m if i != empty[0]):
            out.add(empty[0])
    return sorted(out)


def _mutate(rng, cells):
    c = list(cells)
    full = [i for i in range(24) if c[i] != "."]
    empty = [i for i in range(24) if c[i] == "."]
    op = rng.random()
    if op < 0.15:
        # gather one colour's pieces onto a random line (moving them from elsewhere)
        m = MILLS[int(rng.integers(len(MILLS)))]
        who = "WB"[int(rng.integers(2))]
        spare = [i for i in full if c[i] == who and i not in m]
        for i in m:
            if c[i] != who and spare:
                j = spare.pop(int(rng.integers(len(spare))))
                c[j], c[i] = c[i] if c[i] != "." else ".", who
        return "".join(c)
    return pb.move_or_swap(rng, c, full, empty, op < 0.65, "WB")


def search(rng, cells, score, steps=600):
    return pb.search(rng, cells, score, _mutate, steps)


class NineMensMorris(Scene):
    domain, scene_id, size = "games", "nine_mens_morris", (620, 500)
    megapixels = (0.56, 0.86)   # image area (MP); the original's medians are 0.69-0.74
    description = ("A Nine Men's Morris board (three nested squares joined at their side midpoints, 24 points) with "
                   "white and black pieces on some points.")

    def sample(self, rng, difficulty):
        lo, hi = COUNTS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        nw = min(9, (n + 1) // 2)
        nb = min(9, n - nw)
        cells = ["."] * 24
        order = [int(i) for i in rng.permutation(24)]
        for k, i in enumerate(order[:nw + nb]):
            cells[i] = "W" if k < nw else "B"
        return {"cells": "".join(cells)}

    def claims(self, state, params):
        out = [Claim(None, "colour", "white"), Claim(None, "colour", "black")]
        out += [Claim(f"piece:{i}", "colour", NAMES[ch]) for i, ch in enumerate(state["cells"]) if ch != "."]
        return out

    def render(self, c, state, params):
        w, h = self.size
        unit = 66.0
        x0, y0 = (w - 6 * unit) / 2, (h - 6 * unit) / 2
        wood = WOOD[c.style.accent % len(WOOD)]
        c.rect(x0 - 30, y0 - 30, 6 * unit + 60, 6 * unit + 60, fill=wood, stroke=(0.35, 0.25, 0.15), lw=2)
        ink = (0.18, 0.16, 0.14)

        def at(i):
            x, y = POINTS[i]
            return x0 + x * unit, y0 + y * unit

        for m in MILLS:
            (ax, ay), _, (bx, by) = sorted(at(i) for i in m)
            c.line(ax, ay, bx, by, color=ink, lw=3)
        for i, ch in enumerate(state["cells"]):
            x, y = at(i)
            c.circle(x, y, 6, fill=ink)
            c.register(f"pt:{i}", box=(x - 12, y - 12, x + 12, y + 12), point=(x, y))
            if ch == "W":
                c.circle(x, y, 19, fill="white", stroke=(0.15, 0.15, 0.15), lw=2.2, id=f"piece:{i}")
            elif ch == "B":
                c.circle(x, y, 19, fill="black", stroke=(0.55, 0.55, 0.55), lw=1.5, id=f"piece:{i}")


SCENE = NineMensMorris()
task = SCENE.task

RULES = ("A mill is three pieces of the same colour on one straight line of three connected points (a side of "
         "one of the squares, or one of the four lines joining the squares' midpoints); corners are not joined "
         "diagonally.")


def _build(q, score):
    def edit(state, rng):
        found = search(rng, state["cells"], score)
        q.require(found is not None, "search did not reach the target")
        state["cells"] = found
        return state

    return q.edit(edit)["cells"]


COMPLETION_SUPPORT = {1: range(0, 4), 2: range(0, 6), 3: range(1, 8)}


@task("mill_completion_point_count", answer="integer", annotation="point_set", ops="filtering,counting,state_update",
      queries=("white_mill_completion_point_count", "black_mill_completion_point_count"))
def mill_completion_point_count(q):
    who = "W" if q.query_id.startswith("white") else "B"
    t = q.target(COMPLETION_SUPPORT[q.difficulty], stratified=True)
    cells = _build(q, lambda c: abs(len(completion_points(c, who)) - t))
    pts = completion_points(cells, who)
    q.step("completions", color=NAMES[who], points=pts)
    return q.answer(len(pts), witnesses=[f"pt:{i}" for i in pts],
                    question=(f"This Nine Men's Morris board has white and black pieces on its points. {RULES} On "
                              f"how many empty points would placing one {NAMES[who]} piece complete a "
                              f"{NAMES[who]} mill?"))


# a second mill adds at least two pieces (two lines share at most one point): 1, 2 and 4 cannot occur
IN_MILL_SUPPORT = {1: [0, 3, 6], 2: [0, 3, 5, 6, 7, 8, 9, 10], 3: [3, 5, 6, 7, 8, 9, 10, 11, 12]}


@task("pieces_in_mill_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def pieces_in_mill_count(q):
    t = q.target(IN_MILL_SUPPORT[q.difficulty], stratified=True)
    cells = _build(q, lambda c: abs(len(mill_pieces(c)) - t))
    pts = mill_pieces(cells)
    q.step("mills", pieces=pts)
    return q.answer(len(pts), witnesses=[f"piece:{i}" for i in pts],
                    question=(f"This Nine Men's Morris board has white and black pieces on its points. {RULES} How "
                              f"many pieces, of either colour, belong to at least one mill? Count a piece once even "
                              f"if it is in two mills."))
