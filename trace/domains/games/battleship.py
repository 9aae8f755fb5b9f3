"""games/battleship: a Battleship grid with a five-ship fleet, red hit markers and white miss rings.

Fleet (the original's): Line 5, Line 4, Line 3, Square 2x2 and L 3, each placed once; ships never
touch, not even diagonally, so every group of touching ship cells is one ship.  Two views: the
player's own board (ship cells shown, grey where not yet hit) and the tracking grid (only hits and
misses are known).  The original's board is 9 x 9 at level 2.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, N8
from tracegen.kits.grid import Grid

FLEET = {
    "Line 5": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    "Line 4": [(0, 0), (0, 1), (0, 2), (0, 3)],
    "Line 3": [(0, 0), (0, 1), (0, 2)],
    "Square 2x2": [(0, 0), (0, 1), (1, 0), (1, 1)],
    "L 3": [(0, 0), (0, 1), (1, 0)],
}
NAMES = tuple(FLEET)
SIZES = {1: 8, 2: 9, 3: 11}
WATER = ((0.13, 0.33, 0.27), (0.16, 0.38, 0.31))
GRID_LINE = (0.42, 0.62, 0.55)
BADGE = (1.0, 0.95, 0.72)
TEXT = (0.12, 0.13, 0.16)


def norm(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def orientations(name):
    out, cells = [], FLEET[name]
    for flip in (False, True):
        cur = [(r, -c) for r, c in cells] if flip else list(cells)
        for _ in range(4):
            n = norm(cur)
            if n not in out:
                out.append(n)
            cur = [(c, -r) for r, c in cur]
    return out


SHAPE_NAME = {o: name for name in NAMES for o in orientations(name)}


def groups(cells):
    """Groups of cells touching (8-neighbourhood)."""
    left, out = set(map(tuple, cells)), []
    while left:
        stack = [left.pop()]
        comp = []
        while stack:
            r, c = stack.pop()
            comp.append((r, c))
            for a, b in N8:
                if (r + a, c + b) in left:
                    left.remove((r + a, c + b))
                    stack.append((r + a, c + b))
        out.append(sorted(comp))
    return out


def is_fleet(cells) -> bool:
    """True when ``cells`` fall into non-touching groups that are exactly the fleet's five ships."""
    names = sorted(SHAPE_NAME.get(norm(g), "?") for g in groups(cells))
    return names == sorted(NAMES)


def place_fleet(rng, n):
    for _ in range(200):
        taken, ships = set(), []
        for name in NAMES:
            ok = False
            for _ in range(60):
                o = orientations(name)[int(rng.integers(len(orientations(name))))]
                h, w = max(r for r, _ in o) + 1, max(c for _, c in o) + 1
                r0, c0 = int(rng.integers(n - h + 1)), int(rng.integers(n - w + 1))
                cells = [(r + r0, c + c0) for r, c in o]
                if any((r + a, c + b) in taken for r, c in cells for a, b in N8 + ((0, 0),)):
                    continue
                taken.update(cells)
                ships.append({"name": name, "cells": [list(x) for x in cells]})
                ok = True
                break
            if not ok:
                break
        if len(ships) == len(NAMES):
            return ships
    raise RuntimeError("fleet does not fit")


class Battleship(Scene):
    domain, scene_id, size = "games", "battleship", (1000, 700)
    megapixels = (0.8, 1.0)
    description = "A Battleship grid: a five-ship fleet with red hit markers, white miss rings and a fleet panel."

    def sample(self, rng, difficulty):
        n = SIZES[difficulty]
        ships = place_fleet(rng, n)
        hits = []
        for s in ships:
            k = int(rng.integers(0, len(s["cells"]) + 1))
            hits += [s["cells"][int(i)] for i in sorted(rng.choice(len(s["cells"]), size=k, replace=False))]
        return {"n": n, "ships": ships, "hits": sorted(hits), "misses": random_misses(rng, n, ships, hits),
                "view": "own"}

    def claims(self, state, params):
        out = [Claim(f"hit:{r}:{c}", "colour", "red") for r, c in state["hits"]]
        out += [Claim(f"miss:{r}:{c}", "colour", "white") for r, c in state["misses"]]
        out += [Claim(None, "colour", "red"), Claim(None, "colour", "white")]
        if state["view"] == "own":
            hit = set(map(tuple, state["hits"]))
            out += [Claim(f"ship:{r}:{c}", "colour", "gray") for s in state["ships"] for r, c in s["cells"]
                    if (r, c) not in hit]
            out.append(Claim(None, "colour", "gray"))
        return out

    def render(self, c, state, params):
        n = state["n"]
        c.rect(20, 20, 960, 660, fill=(0.93, 0.95, 0.94), stroke=(0.25, 0.32, 0.3), lw=2)
        g = Grid.fit(n, n, 40, 40, 620, 620)
        for r in range(n):
            for k in range(n):
                x0, y0, x1, y1 = g.box(r, k)
                c.rect(x0, y0, x1 - x0, y1 - y0, fill=WATER[(r + k) % 2], id=f"cell:{r}:{k}")
        for i in range(n + 1):
            c.line(g.x0, g.y0 + i * g.ch, g.x1, g.y0 + i * g.ch, color=GRID_LINE, lw=1.2)
            c.line(g.x0 + i * g.cell, g.y0, g.x0 + i * g.cell, g.y1, color=GRID_LINE, lw=1.2)
        s = g.cell * 0.5
        hit = set(map(tuple, state["hits"]))
        if state["view"] == "own":
            for ship in state["ships"]:
                for r, k in ship["cells"]:
                    if (r, k) not in hit:
                        cx, cy = g.center(r, k)
                        c.rect(cx - s / 2, cy - s / 2, s, s, fill="gray", stroke=(0.2, 0.22, 0.2), lw=1.2,
                               id=f"ship:{r}:{k}")
        for r, k in sorted(hit):
            cx, cy = g.center(r, k)
            c.rect(cx - s / 2, cy - s / 2, s, s, fill="red", stroke=(0.3, 0.05, 0.05), lw=1.2, id=f"hit:{r}:{k}")
        for r, k in state["misses"]:
            cx, cy = g.center(r, k)
            c.circle(cx, cy, g.cell * 0.16, stroke="white", lw=2.2, id=f"miss:{r}:{k}")
        for (r, k), lab in zip(state.get("options") or [], LETTERS):
            cx, cy = g.center(r, k)
            c.circle(cx, cy, g.cell * 0.28, fill=BADGE, stroke=(0.3, 0.3, 0.2), lw=1.2, id=f"opt:{lab}")
            c.text(cx, cy + 1, lab, size=max(14.0, g.cell * 0.3), bold=True, color=TEXT)
        c.rect(g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0, stroke=(0.08, 0.15, 0.12), lw=3)
        # the side panel: the fleet, or the lettered answer choices
        px0, px1 = 700, 960
        c.rect(px0, 40, px1 - px0, 620, fill=(0.97, 0.98, 0.97), stroke=(0.25, 0.32, 0.3), lw=2)
        choices = state.get("choices")
        c.text((px0 + px1) / 2, 70, "Answer choices" if choices else "Fleet shapes", size=20, color=TEXT)
        names = choices or list(NAMES)
        for i, name in enumerate(names):
            y = 110 + i * 105
            if choices:
                c.rect(px0 + 14, y, px1 - px0 - 28, 88, fill=(0.9, 0.93, 0.91), stroke=(0.4, 0.45, 0.42), lw=1.2,
                       id=f"choice:{LETTERS[i]}")
                c.circle(px0 + 40, y + 44, 16, fill=BADGE, stroke=(0.3, 0.3, 0.2), lw=1.2)
                c.text(px0 + 40, y + 45, LETTERS[i], size=16, bold=True, color=TEXT)
            ms, sx = 14, px0 + (66 if choices else 28)
            for r, k in FLEET[name]:
                c.rect(sx + k * ms, y + 30 + r * ms, ms - 1.5, ms - 1.5, fill=(0.3, 0.45, 0.4))
            c.text(px1 - 24, y + 44, name, size=18, anchor="r", color=TEXT)


def random_misses(rng, n, ships, hits, count=None):
    ship = {tuple(x) for s in ships for x in s["cells"]}
    water = [(r, c) for r in range(n) for c in range(n) if (r, c) not in ship]
    k = count if count is not None else int(rng.integers(n, 2 * n))
    return sorted([list(water[int(i)]) for i in rng.choice(len(water), size=min(k, len(water)), replace=False)])


SCENE = Battleship()
task = SCENE.task

RULES = ("Each fleet ship (listed in the side panel) is placed exactly once; ships never touch each other, not "
         "even diagonally. Red squares are hits and white rings are misses. A ship is sunk when every one of "
         "its cells has a red hit marker.")
OWN = " Grey squares are ship cells that have not been hit."


def ship_hits(state, ship):
    hit = set(map(tuple, state["hits"]))
    return [tuple(x) for x in ship["cells"] if tuple(x) in hit]


@task("last_ship_cell_label", answer="string", annotation="point", ops="matching")
def last_ship_cell_label(q):
    letter = q.target(LETTERS[:6], stratified=True)

    def plant(st, rng):
        n, ships = st["n"], st["ships"]
        p = int(rng.integers(len(ships)))
        cells = [tuple(x) for x in ships[p]["cells"]]
        last = cells[int(rng.integers(len(cells)))]
        hits = sorted(x for s in ships for x in map(tuple, s["cells"]) if x != last)
        st["hits"] = [list(x) for x in hits]
        misses = {tuple(x) for x in random_misses(rng, n, ships, hits)}
        empty = [(r, c) for r in range(n) for c in range(n) if (r, c) not in set(hits)]
        for x in empty:   # rule out every other completion of the fleet with a miss
            if x != last and is_fleet(hits + [x]):
                misses.add(x)
        st["misses"] = sorted(list(x) for x in misses)
        k = 6 if letter == "F" else int(rng.integers(5, 7))
        near = sorted({(r + a, c + b) for r, c in hits for a, b in ((0, 1), (1, 0), (0, -1), (-1, 0))
                       if 0 <= r + a < n and 0 <= c + b < n} - set(hits) - misses - {last})
        far = sorted(set(empty) - set(near) - misses - {last})
        pool = [near[int(i)] for i in rng.permutation(len(near))][:k - 2]
        pool += [far[int(i)] for i in rng.permutation(len(far))][:k - 1 - len(pool)]
        pool = [pool[int(i)] for i in rng.permutation(len(pool))]
        pool.insert(LETTERS.index(letter), last)
        st["options"], st["view"] = [list(x) for x in pool[:k]], "tracking"
        return st

    s = q.edit(plant)
    hits = [tuple(x) for x in s["hits"]]
    good = [i for i, o in enumerate(s["options"]) if is_fleet(hits + [tuple(o)])]
    q.require(len(good) == 1 and LETTERS[good[0]] == letter, "the last cell is not unique")
    q.offer(len(s["options"]), "image")
    return q.answer(letter, witnesses=f"opt:{letter}", examples=[x for x in LETTERS[:len(s['options'])] if x != letter],
                    question=(f"{RULES} Every ship but one is sunk; the remaining ship still lacks a red hit "
                              f"marker on exactly one of its cells. Which lettered cell is that missing cell?"))


@task("remaining_ship_shape_label", answer="string", annotation="bbox", ops="matching")
def remaining_ship_shape_label(q):
    letter = q.target(LETTERS[:5], stratified=True)

    def plant(st, rng):
        ships = st["ships"]
        u = int(rng.integers(len(ships)))
        st["hits"] = sorted(x for i, s in enumerate(ships) if i != u for x in s["cells"])
        others = [x for x in NAMES if x != ships[u]["name"]]
        order = [others[int(i)] for i in rng.permutation(len(others))]
        order.insert(LETTERS.index(letter), ships[u]["name"])
        st["choices"], st["view"] = order, "tracking"
        st["misses"] = random_misses(rng, st["n"], ships, st["hits"])
        return st

    s = q.edit(plant)
    sunk = sorted(SHAPE_NAME[norm(g)] for g in groups(s["hits"]))
    (left,) = [x for x in NAMES if x not in sunk]
    return q.answer(LETTERS[s["choices"].index(left)], witnesses=f"choice:{letter}",
                    examples=[x for x in LETTERS[:5] if x != letter],
                    question=(f"{RULES} Exactly one ship has not been hit at all and every other ship is sunk. "
                              f"Which answer choice is the ship that has not been hit?"))


@task("ship_cell_status_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("named_ship_hit_cell_count", "named_ship_unhit_cell_count"))
def ship_cell_status_count(q):
    want_hit = q.query_id == "named_ship_hit_cell_count"
    t = q.target(range(0, 6), stratified=True)

    def plant(st, rng):
        fits = [s for s in st["ships"] if len(s["cells"]) >= t]
        ship = fits[int(rng.integers(len(fits)))]
        size = len(ship["cells"])
        k = t if want_hit else size - t
        chosen = [ship["cells"][int(i)] for i in rng.choice(size, size=k, replace=False)]
        st["hits"] = sorted([x for x in st["hits"] if x not in ship["cells"]] + chosen)
        st["named"], st["view"] = ship["name"], "own"
        return st

    s = q.edit(plant)
    (ship,) = [x for x in s["ships"] if x["name"] == s["named"]]
    hit = set(ship_hits(s, ship))
    cells = sorted(x for x in map(tuple, ship["cells"]) if (x in hit) == want_hit)
    ids = [f"{'hit' if want_hit else 'ship'}:{r}:{c}" for r, c in cells]
    what = "have a red hit marker" if want_hit else "do not have a red hit marker yet"
    return q.answer(len(cells), witnesses=ids,
                    question=f"{RULES}{OWN} How many cells of the ship \"{s['named']}\" {what}?")


@task("ship_status_count", answer="integer", annotation="bbox_set_map", ops="filtering,counting",
      queries=("sunk_ship_count", "partial_ship_count"))
def ship_status_count(q):
    sunk_q = q.query_id == "sunk_ship_count"
    t = q.target(range(0, 6), stratified=True)

    def plant(st, rng):
        ships = st["ships"]
        pick = {int(i) for i in rng.choice(len(ships), size=t, replace=False)}
        hits = []
        for i, s in enumerate(ships):
            size = len(s["cells"])
            if i in pick:
                k = size if sunk_q else int(rng.integers(1, size))
            elif sunk_q:
                k = int(rng.integers(0, size))
            else:
                k = [0, size][int(rng.integers(2))]
            hits += [s["cells"][int(j)] for j in rng.choice(size, size=k, replace=False)]
        st["hits"], st["view"] = sorted(hits), "own"
        return st

    s = q.edit(plant)
    found = {}
    for ship in s["ships"]:
        k, size = len(ship_hits(s, ship)), len(ship["cells"])
        if (k == size) if sunk_q else (0 < k < size):
            found[ship["name"]] = [f"{'hit' if (r, c) in set(ship_hits(s, ship)) else 'ship'}:{r}:{c}"
                                   for r, c in sorted(map(tuple, ship["cells"]))]
    what = ("sunk" if sunk_q else "partly hit (at least one cell hit, but not sunk)")
    return q.answer(len(found), witnesses=found, question=f"{RULES}{OWN} How many fleet ships are {what}?")
