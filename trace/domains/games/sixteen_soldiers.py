"""games/sixteen_soldiers: a Sixteen Soldiers (Sholo Guti) position: red and blue pieces on the 37 points of
a 5 x 5 alquerque grid with a triangle on its top and bottom sides, one piece marked with an X.

Rules: a piece moves along a drawn line to a neighbouring empty point; it captures by jumping along a
drawn straight line over a neighbouring opponent piece onto the empty point just beyond it (the line
continuing through the jumped point).  Each side has at most sixteen pieces.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits import pointboards as pb


def _board():
    pts = [(x, y) for y in range(5) for x in range(5)]
    tri = [(1, -1), (2, -1), (3, -1), (0, -2), (2, -2), (4, -2)]
    pts += tri + [(x, 4 - y) for x, y in tri]
    pts = [(x, y + 2) for x, y in pts]            # y from 0 (top) to 8 (bottom)
    edges = set()

    def add(a, b):
        edges.add(tuple(sorted((a, b))))

    for y in range(2, 7):
        for x in range(5):
            if x < 4:
                add((x, y), (x + 1, y))
            if y < 6:
                add((x, y), (x, y + 1))
            if (x + y) % 2 == 0:
                for dx in (-1, 1):
                    if 0 <= x + dx < 5 and y + 1 <= 6:
                        add((x, y), (x + dx, y + 1))
    for apex, sgn in (((2, 2), -1), ((2, 6), 1)):
        ax, ay = apex
        for dx in (-1, 0, 1):
            add(apex, (ax + dx, ay + sgn))
            add((ax + dx, ay + sgn), (ax + 2 * dx, ay + 2 * sgn))
        add((1, ay + sgn), (2, ay + sgn))
        add((2, ay + sgn), (3, ay + sgn))
        add((0, ay + 2 * sgn), (2, ay + 2 * sgn))
        add((2, ay + 2 * sgn), (4, ay + 2 * sgn))
    return sorted(pts, key=lambda p: (p[1], p[0])), sorted(edges)


POINTS, EDGES = _board()
INDEX = {p: i for i, p in enumerate(POINTS)}
ADJ = {i: set() for i in range(len(POINTS))}
for _a, _b in EDGES:
    ADJ[INDEX[_a]].add(INDEX[_b])
    ADJ[INDEX[_b]].add(INDEX[_a])
COUNTS = {1: (8, 14), 2: (14, 22), 3: (22, 30)}
NAMES = {"R": "red", "B": "blue"}


def steps(cells, i) -> list[int]:
    """Empty points next to point ``i`` along a drawn line."""
    return sorted(j for j in ADJ[i] if cells[j] == ".")


def captures(cells, i) -> list[tuple[int, int]]:
    """(jumped point, landing point) of every capture by the piece on ``i``."""
    me = cells[i]
    out = []
    x, y = POINTS[i]
    for j in sorted(ADJ[i]):
        if cells[j] in (".", me):
            continue
        bx, by = POINTS[j]
        land = INDEX.get((2 * bx - x, 2 * by - y))
        if land is not None and land in ADJ[j] and cells[land] == ".":
            out.append((j, land))
    return out


def _mutate(rng, cells):
    c = list(cells)
    full = [i for i, ch in enumerate(c) if ch != "."]
    empty = [i for i, ch in enumerate(c) if ch == "."]
    return pb.move_or_swap(rng, c, full, empty, rng.random() < 0.7, "RB")


def search(rng, cells, score, steps_=500):
    return pb.search(rng, cells, score, _mutate, steps_)


U = 78.0


class SixteenSoldiers(Scene):
    domain, scene_id, size = "games", "sixteen_soldiers", (470, 760)
    megapixels = (0.46, 0.7)   # image area (MP); the original's median is 0.572
    description = ("A Sixteen Soldiers board (a 5 x 5 grid with diagonals and a triangle above and below) with red "
                   "and blue pieces on its points; one piece is marked with an X.")

    def sample(self, rng, difficulty):
        lo, hi = COUNTS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        cells = ["."] * len(POINTS)
        for k, i in enumerate(rng.permutation(len(POINTS))[:n]):
            cells[int(i)] = "R" if k % 2 == 0 else "B"
        return {"cells": "".join(cells)}

    def claims(self, state, params):
        out = [Claim(None, "colour", "red"), Claim(None, "colour", "blue")]
        out += [Claim(f"piece:{i}", "colour", NAMES[ch]) for i, ch in enumerate(state["cells"]) if ch != "."]
        return out

    def render(self, c, state, params):
        w, h = self.size
        x0, y0 = (w - 4 * U) / 2, (h - 8 * U) / 2

        def at(i):
            x, y = POINTS[i]
            return x0 + x * U, y0 + y * U

        c.rect(x0 - 34, y0 - 34, 4 * U + 68, 8 * U + 68, fill=(0.97, 0.95, 0.88), stroke=(0.3, 0.3, 0.3), lw=2)
        ink = (0.15, 0.15, 0.18)
        for a, b in EDGES:
            (xa, ya), (xb, yb) = at(INDEX[a]), at(INDEX[b])
            c.line(xa, ya, xb, yb, color=ink, lw=2.4)
        marked = state.get("marked")
        for i, ch in enumerate(state["cells"]):
            x, y = at(i)
            c.register(f"pt:{i}", box=(x - 10, y - 10, x + 10, y + 10), point=(x, y))
            if ch == ".":
                c.circle(x, y, 6, fill="white", stroke=ink, lw=1.5)
            else:
                c.circle(x, y, 20, fill=NAMES[ch], stroke=(0.1, 0.1, 0.1), lw=1.6, id=f"piece:{i}")
                if marked == i:
                    c.line(x - 10, y - 10, x + 10, y + 10, color="white", lw=4.5)
                    c.line(x - 10, y + 10, x + 10, y - 10, color="white", lw=4.5)


SCENE = SixteenSoldiers()
task = SCENE.task

BOARD_TEXT = ("This Sixteen Soldiers board has red and blue pieces on points joined by drawn lines. A piece moves "
              "along a drawn line to a neighbouring point.")


def _marked(q, count, support):
    t = q.target(support, stratified=True)

    def hits(cells):
        return [i for i, ch in enumerate(cells) if ch != "." and len(count(cells, i)) == t]

    def edit(state, rng):
        cells = search(rng, state["cells"], lambda c: 0 if hits(c) else 1)
        q.require(cells is not None, "no piece reaches the target")
        h = hits(cells)
        state["cells"], state["marked"] = cells, h[int(rng.integers(len(h)))]
        return state

    s = q.edit(edit)
    return s["cells"], s["marked"]


DEST_SUPPORT = {1: range(0, 5), 2: range(0, 6), 3: range(0, 8)}
CAPTURE_SUPPORT = {1: range(0, 4), 2: range(0, 5), 3: range(0, 6)}


@task("marked_piece_destination_count", answer="integer", annotation="point_set",
      ops="filtering,counting,topology,state_update")
def marked_piece_destination_count(q):
    cells, m = _marked(q, steps, DEST_SUPPORT[q.difficulty])
    dests = steps(cells, m)
    q.step("steps", piece=m, destinations=dests)
    return q.answer(len(dests), witnesses=[f"pt:{i}" for i in dests],
                    question=(f"{BOARD_TEXT} The {NAMES[cells[m]]} piece marked with an X makes one simple move (no "
                              f"jump). To how many different empty points can it move?"))


@task("marked_piece_capture_count", answer="integer", annotation="point_set",
      ops="filtering,counting,topology,state_update")
def marked_piece_capture_count(q):
    cells, m = _marked(q, captures, CAPTURE_SUPPORT[q.difficulty])
    caps = captures(cells, m)
    q.step("captures", piece=m, jumps=[list(x) for x in caps])
    other = "blue" if cells[m] == "R" else "red"
    return q.answer(len(caps), witnesses=[f"pt:{j}" for j, _ in caps],
                    question=(f"{BOARD_TEXT} A capture jumps along one drawn straight line over a neighbouring "
                              f"opponent piece onto the empty point just beyond it. How many {other} pieces could the "
                              f"{NAMES[cells[m]]} piece marked with an X capture with a single jump?"))
