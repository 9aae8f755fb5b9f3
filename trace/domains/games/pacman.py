"""games/pacman: a Pac-Man style maze with Pac-Man, ghosts, pellets, bonus items and a highlighted route.

The route is a walk along open cells from Pac-Man's cell, drawn as a line through the cell centres;
items count as on the route when their cell is one of the route's cells.  The original's maze is
8 rows by 10-14 columns (walls included).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS
from tracegen.kits.grid import Grid
from tracegen.kits.gridgames import sprite

SIZES = {1: ((6, 6), (8, 9)), 2: ((8, 8), (10, 13)), 3: ((10, 11), (13, 15))}
ROUTE = {1: (4, 6), 2: (6, 10), 3: (10, 15)}
CELL = 44
WALL = (0.42, 0.52, 0.82)
FLOOR = (0.97, 0.97, 0.99)
ROUTE_RGB = (0.93, 0.62, 0.2)
PELLET = (0.85, 0.6, 0.3)
GHOSTS = ((0.85, 0.35, 0.55), (0.3, 0.7, 0.85), (0.9, 0.55, 0.25), (0.5, 0.45, 0.8))
BONUS = ((0.96, 0.85, 0.45), (0.6, 0.8, 0.6), (0.55, 0.75, 0.92), (0.93, 0.6, 0.65))
TEXT = (0.12, 0.12, 0.15)
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def carve(rng, rows, cols, length):
    """A route (self-avoiding walk of ``length`` steps inside the border) and the open cells around it."""
    for _ in range(300):
        start = (int(rng.integers(1, rows - 1)), int(rng.integers(1, cols - 1)))
        route = [start]
        d = STEPS[int(rng.integers(4))]
        while len(route) <= length:
            r, c = route[-1]
            opts = [s for s in STEPS if 1 <= r + s[0] < rows - 1 and 1 <= c + s[1] < cols - 1
                    and (r + s[0], c + s[1]) not in route
                    # never run next to an earlier route cell: the line stays readable
                    and not any((r + s[0] + a, c + s[1] + b) in route[:-1] for a, b in STEPS)]
            if not opts:
                break
            d = d if d in opts and rng.random() < 0.6 else opts[int(rng.integers(len(opts)))]
            route.append((r + d[0], c + d[1]))
        if len(route) == length + 1:
            open_ = set(route)
            for _ in range(int(rng.integers(2 * length, 5 * length))):
                r, c = sorted(open_)[int(rng.integers(len(open_)))]
                a, b = STEPS[int(rng.integers(4))]
                if 1 <= r + a < rows - 1 and 1 <= c + b < cols - 1:
                    open_.add((r + a, c + b))
            return [list(x) for x in route], sorted(list(x) for x in open_)
    return None, None


class Pacman(Scene):
    domain, scene_id, size = "games", "pacman", (600, 470)
    megapixels = (0.42, 0.62)
    description = "A Pac-Man style maze with Pac-Man, ghosts, pellets, bonus items and a highlighted route."

    def sample(self, rng, difficulty):
        (r_lo, r_hi), (c_lo, c_hi) = SIZES[difficulty]
        rows, cols = int(rng.integers(r_lo, r_hi + 1)), int(rng.integers(c_lo, c_hi + 1))
        lo, hi = ROUTE[difficulty]
        for _ in range(20):
            route, open_ = carve(rng, rows, cols, int(rng.integers(lo, hi + 1)))
            if route:
                return {"rows": rows, "cols": cols, "route": route, "open": open_, "pellets": [], "bonus": [],
                        "ghosts": [], "labels": False}
        raise RuntimeError("no route fits")

    def canvas_size(self, state):
        return (state["cols"] * CELL + 100, state["rows"] * CELL + 100)

    def render(self, c, state, params):
        rows, cols = state["rows"], state["cols"]
        w, h = self.canvas_size(state)
        c.rect(30, 30, w - 60, h - 60, fill=(0.93, 0.93, 0.96), stroke=(0.5, 0.45, 0.3), lw=3)
        g = Grid(50, 50, rows, cols, CELL)
        open_ = {tuple(x) for x in state["open"]}
        for r in range(rows):
            for k in range(cols):
                x0, y0, x1, y1 = g.box(r, k)
                if (r, k) in open_:
                    c.rect(x0, y0, x1 - x0, y1 - y0, fill=FLOOR, id=f"cell:{r}:{k}")
                else:
                    c.rect(x0 + 2, y0 + 2, x1 - x0 - 4, y1 - y0 - 4, fill=WALL, stroke=(0.3, 0.38, 0.65), lw=1)
        pts = [g.center(*x) for x in state["route"]]
        c.polyline(pts, color=(0.55, 0.35, 0.1), lw=7)
        c.polyline(pts, color=ROUTE_RGB, lw=4.5)
        for r, k in state["pellets"]:
            cx, cy = g.center(r, k)
            c.circle(cx, cy, 7, fill=PELLET, id=f"pellet:{r}:{k}")
        for i, b in enumerate(state["bonus"]):
            cx, cy = g.center(*b["cell"])
            c.circle(cx, cy, 13, fill=BONUS[i % len(BONUS)], stroke=(0.35, 0.3, 0.2), lw=1.6,
                     id=f"bonus:{b['cell'][0]}:{b['cell'][1]}")
            c.text(cx, cy + 1, b["label"], size=14, bold=True, color=TEXT)
        for i, (r, k) in enumerate(state["ghosts"]):
            x0, y0, _, _ = g.box(r, k, inset=8)
            sprite(c, "ghost", x0, y0, CELL - 16, body=GHOSTS[i % len(GHOSTS)], id=f"ghost:{r}:{k}")
        pr, pc = state["route"][0]
        cx, cy = g.center(pr, pc)
        d = (state["route"][1][0] - pr, state["route"][1][1] - pc)
        ang = math.atan2(d[0], d[1])
        rad = CELL * 0.4
        pts = [(cx, cy)] + [(cx + rad * math.cos(ang + t), cy + rad * math.sin(ang + t))
                            for t in [0.6 + i * (2 * math.pi - 1.2) / 24 for i in range(25)]]
        c.polygon(pts, fill="yellow", stroke=(0.4, 0.3, 0.0), lw=1.5, id="pacman")
        ex, ey = cx + rad * 0.45 * math.cos(ang - 1.3), cy + rad * 0.45 * math.sin(ang - 1.3)
        c.circle(ex, ey, 3, fill="black")


SCENE = Pacman()
task = SCENE.task

INTRO = ("The picture shows a Pac-Man style maze with Pac-Man, ghosts, small normal pellets, round bonus items "
         "and a highlighted route that starts at Pac-Man.")


def route_cells(st):
    return [tuple(x) for x in st["route"][1:]]


def off_route(st):
    on = {tuple(x) for x in st["route"]}
    return [tuple(x) for x in st["open"] if tuple(x) not in on]


def scatter(st, rng, used, pellets=(1, 4), ghosts=(1, 3)):
    """Distractors off the route: pellets and ghosts on free open cells."""
    free = [x for x in off_route(st) if x not in used]
    k_p, k_g = int(rng.integers(*pellets)), int(rng.integers(*ghosts))
    pick = [free[int(i)] for i in rng.permutation(len(free))][:k_p + k_g]
    return pick[:k_p], pick[k_p:]


@task("route_score_value", answer="integer", annotation="point_set", ops="aggregation,topology,formula_evaluation")
def route_score_value(q):
    t = q.target(range(3, 13), stratified=True)

    def plant(st, rng):
        cells = route_cells(st)
        for _ in range(300):
            k = int(rng.integers(2, min(6, len(cells)) + 1))
            on = [cells[int(i)] for i in sorted(rng.choice(len(cells), size=k, replace=False))]
            vals = [1 if rng.random() < 0.55 else int(rng.integers(2, 6)) for _ in on]
            if sum(vals) != t:
                continue
            st["pellets"] = [list(x) for x, v in zip(on, vals) if v == 1]
            st["bonus"] = [{"cell": list(x), "label": str(v), "value": v} for x, v in zip(on, vals) if v > 1]
            p, gh = scatter(st, rng, set(on))
            free = [x for x in off_route(st) if x not in set(p) | set(gh)]
            extra = [free[int(i)] for i in rng.permutation(len(free))][:int(rng.integers(0, 3))]
            st["pellets"] += [list(x) for x in p]
            st["bonus"] += [{"cell": list(x), "label": str(v), "value": v}
                            for x, v in zip(extra, rng.integers(2, 6, size=len(extra)))]
            st["ghosts"] = [list(x) for x in gh]
            return st
        return st

    s = q.edit(plant)
    on = set(route_cells(s))
    items = [(f"pellet:{r}:{c}", 1) for r, c in map(tuple, s["pellets"]) if (r, c) in on]
    items += [(f"bonus:{b['cell'][0]}:{b['cell'][1]}", b["value"]) for b in s["bonus"] if tuple(b["cell"]) in on]
    total = sum(v for _, v in items)
    q.require(total == t, "target missed")
    return q.answer(total, witnesses=sorted(i for i, _ in items),
                    question=(f"{INTRO} A normal pellet scores 1 and a bonus item scores the number printed on it. "
                              f"Pac-Man follows the highlighted route and collects every item whose centre lies on "
                              f"it (ghosts and items away from the route do not count). What is the total score?"))


@task("pellet_count_before_ghost", answer="integer", annotation="point_set_map",
      ops="filtering,counting,ranking,spatial_relations,topology")
def pellet_count_before_ghost(q):
    t = q.target(range(1, 6), stratified=True)

    def plant(st, rng):
        cells = route_cells(st)
        for _ in range(200):
            g = int(rng.integers(t, len(cells)))      # the ghost's place on the route
            before = cells[:g]
            if len(before) < t:
                continue
            pel = [before[int(i)] for i in sorted(rng.choice(len(before), size=t, replace=False))]
            rest_b = [x for x in before if x not in pel]
            bonus = [rest_b[int(i)] for i in rng.permutation(len(rest_b))][:int(rng.integers(0, 2))]
            after = cells[g + 1:]
            pel += [after[int(i)] for i in rng.permutation(len(after))][:int(rng.integers(0, 3))]
            p, gh = scatter(st, rng, set(cells))
            st["pellets"] = sorted(list(x) for x in pel + p)
            st["bonus"] = [{"cell": list(x), "label": str(int(rng.integers(2, 6))), "value": 0} for x in bonus]
            st["ghosts"] = [list(cells[g])] + [list(x) for x in gh]
            return st
        return st

    s = q.edit(plant)
    cells = route_cells(s)
    ghosts = {tuple(x) for x in s["ghosts"]}
    pellets = {tuple(x) for x in s["pellets"]}
    first = next(i for i, x in enumerate(cells) if x in ghosts)
    hits = [x for x in cells[:first] if x in pellets]
    q.require(len(hits) == t, "target missed")
    gr, gc = cells[first]
    return q.answer(len(hits), witnesses={"pellets": [f"pellet:{r}:{c}" for r, c in hits],
                                          "first_ghost": [f"ghost:{gr}:{gc}"]},
                    question=(f"{INTRO} Following the highlighted route from Pac-Man, how many normal pellets does "
                              f"Pac-Man reach before it reaches the first ghost on the route?"))


@task("next_item_label", answer="string", annotation="point", ops="ranking,spatial_relations,topology")
def next_item_label(q):
    letter = q.target(LETTERS[:6], stratified=True)

    def plant(st, rng):
        cells = route_cells(st)
        offs = off_route(st)
        for _ in range(100):
            k_on = int(rng.integers(2, min(4, len(cells)) + 1))
            if len(offs) < 6 - k_on:
                continue
            on = [cells[int(i)] for i in sorted(rng.choice(len(cells), size=k_on, replace=False))]
            off = [offs[int(i)] for i in rng.choice(len(offs), size=6 - k_on, replace=False)]
            order = on + off
            labels = [x for x in LETTERS[:6] if x != letter]
            labels = [labels[int(i)] for i in rng.permutation(5)]
            labels.insert(0, letter)            # the first item on the route carries the target letter
            st["bonus"] = [{"cell": list(x), "label": lab, "value": 0} for x, lab in zip(order, labels)]
            used = set(order)
            free_route = [x for x in cells if x not in used]
            pel = [free_route[int(i)] for i in rng.permutation(len(free_route))][:len(free_route) // 2]
            p, gh = scatter(st, rng, used)
            st["pellets"] = sorted(list(x) for x in pel + p)
            st["ghosts"] = [list(x) for x in gh]
            return st
        return st

    s = q.edit(plant)
    q.require(len(s["bonus"]) == 6, "no room for six items")
    by_cell = {tuple(b["cell"]): b["label"] for b in s["bonus"]}
    first = next(x for x in route_cells(s) if x in by_cell)
    q.offer(6, "image")
    return q.answer(by_cell[first], witnesses=f"bonus:{first[0]}:{first[1]}",
                    examples=[x for x in LETTERS[:6] if x != by_cell[first]],
                    question=(f"{INTRO} The bonus items are lettered. Following the highlighted route from "
                              f"Pac-Man, which lettered bonus item does Pac-Man reach first?"))
