"""pages/map: a printed campus map -- named zones (quadrant tints), labelled landmark boxes on a
lattice, walking paths between lattice neighbours, and a compass (north up); one walking route
may be highlighted in orange.

Tasks follow compass directions from a landmark, each step to the next landmark along a path,
and name the landmark a given number of stops along the highlighted route.  Difficulty grows the
map (4 x 3, 5 x 4, 6 x 4 lattices) and the walks (2, 2-4, 4-6 steps; routes of 3, 3-6, 5-8).
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect

LANDMARKS = ("Studio", "Arcade", "Music Hall", "Annex", "Delta Lab", "Makerspace", "Cafeteria", "Pool", "Gateway",
             "Elm Hall", "Pine Hall", "North Hall", "Library", "Chapel", "Science Hall", "Market", "Workshop",
             "Field House", "Bookstore", "Data Lab", "Harbor Lab", "Lab Annex", "Auditorium", "Commons", "East Lab",
             "Tower", "Archive", "Gym", "Clinic", "Garden", "Observatory", "Theater", "Plaza", "Dock", "Greenhouse",
             "Forum", "Atrium", "Lodge", "Boathouse", "Gallery", "Rink", "Mill", "Kiln Shop", "Print Shop", "Stables",
             "Oak Hall", "West Hall", "Cedar Hall", "Union", "Quarry", "Depot", "Bell Tower", "Rotunda", "Pavilion",
             "Arboretum", "Press Room", "Lantern House", "Pier", "Foundry", "Hangar")
ZONES = ("Valley Court", "Arts Court", "Science Park", "Maple Quad", "River Green", "Harbor Yard", "Oak Commons",
         "Lake Terrace")
GRIDS = {1: (4, 3), 2: (5, 4), 3: (6, 4)}
FILL = {1: 0.75, 2: 0.7, 3: 0.72}
WALK = {1: (2, 2), 2: (2, 4), 3: (4, 6)}
ROUTE = {1: (3, 3), 2: (3, 6), 3: (5, 8)}
DIRS = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}
W, H = 1280, 900
MX0, MY0, MX1, MY1 = 90, 130, 1190, 850
BOX_W, BOX_H = 128.0, 56.0


def make_map(rng, difficulty) -> dict:
    cols, rows = GRIDS[difficulty]
    target = round(cols * rows * FILL[difficulty])
    seed = (int(rng.integers(cols)), int(rng.integers(rows)))
    cells, frontier = [seed], [seed]
    while len(cells) < target:                         # grow a connected patch of the lattice
        x, y = frontier[int(rng.integers(len(frontier)))]
        nb = [(x + dx, y + dy) for dx, dy in DIRS.values() if 0 <= x + dx < cols and 0 <= y + dy < rows
              and (x + dx, y + dy) not in cells]
        if not nb:
            frontier.remove((x, y))
            continue
        cell = nb[int(rng.integers(len(nb)))]
        cells.append(cell)
        frontier.append(cell)
    cells.sort(key=lambda p: (p[1], p[0]))
    index = {p: i for i, p in enumerate(cells)}
    edges, seen = [], {0}
    order = [int(i) for i in rng.permutation(len(cells))]
    while len(seen) < len(cells):                      # a random spanning tree, then extra paths
        for i in order:
            if i in seen:
                continue
            x, y = cells[i]
            nbrs = [index[(x + dx, y + dy)] for dx, dy in DIRS.values() if index.get((x + dx, y + dy)) in seen]
            if nbrs:
                j = nbrs[int(rng.integers(len(nbrs)))]
                edges.append(sorted((i, j)))
                seen.add(i)
    for i, (x, y) in enumerate(cells):
        for dx, dy in ((1, 0), (0, 1)):
            j = index.get((x + dx, y + dy))
            if j is not None and sorted((i, j)) not in edges and rng.random() < 0.3:
                edges.append(sorted((i, j)))
    names = [LANDMARKS[int(i)] for i in rng.choice(len(LANDMARKS), size=len(cells), replace=False)]
    zones = [ZONES[int(i)] for i in rng.choice(len(ZONES), size=4, replace=False)]
    return {"cols": cols, "rows": rows, "cells": [list(p) for p in cells], "names": names, "edges": sorted(edges),
            "zones": zones, "title": ("Visitor Route Map", "Campus Map", "Grounds Guide")[int(rng.integers(3))]}


def centre(state, i):
    x, y = state["cells"][i]
    sx = (MX1 - MX0) / state["cols"]
    sy = (MY1 - MY0) / state["rows"]
    return MX0 + (x + 0.5) * sx, MY0 + (y + 0.5) * sy


def neighbour(state, i, direction):
    """The landmark one path step from i in ``direction``, or None."""
    x, y = state["cells"][i]
    dx, dy = DIRS[direction]
    for a, b in state["edges"]:
        j = b if a == i else (a if b == i else None)
        if j is not None and state["cells"][j] == [x + dx, y + dy]:
            return j
    return None


class CampusMap(Scene):
    domain, scene_id, size = "pages", "map", (W, H)
    megapixels = (0.95, 1.4)
    description = ("A printed campus map: named zones, labelled landmark boxes, walking paths between neighbouring "
                   "landmarks and a compass with north up; a route may be highlighted in orange.")

    def sample(self, rng, difficulty):
        return make_map(rng, difficulty)

    def render(self, c, state, params):
        rounded_rect(c, 20, 20, W - 40, H - 40, radius=16, fill="paper", stroke="grid", lw=1.4)
        c.text(W / 2, 64, state["title"], size=28, bold=True)
        mx, my = (MX0 + MX1) / 2, (MY0 + MY1) / 2
        for k, (x0, y0, x1, y1) in enumerate(((MX0, MY0, mx, my), (mx, MY0, MX1, my), (MX0, my, mx, MY1),
                                              (mx, my, MX1, MY1))):
            fill = blend(c.style.series(k + 1), c.color("paper"), 0.13)
            c.rect(x0, y0, x1 - x0, y1 - y0, fill=fill)
            c.text((x0 + x1) / 2, y0 + 24 if k < 2 else y1 - 22, state["zones"][k], size=20, color=c.text_on(fill))
        c.rect(MX0, MY0, MX1 - MX0, MY1 - MY0, stroke="muted", lw=2.0)
        route = params.get("route") or []
        on_route = {tuple(sorted(p)) for p in zip(route, route[1:])}
        for a, b in state["edges"]:
            (xa, ya), (xb, yb) = centre(state, a), centre(state, b)
            c.line(xa, ya, xb, yb, color="gray", lw=9.0)
        for a, b in on_route:
            (xa, ya), (xb, yb) = centre(state, a), centre(state, b)
            c.line(xa, ya, xb, yb, color="orange", lw=11.0)
        for i, name in enumerate(state["names"]):
            x, y = centre(state, i)
            rounded_rect(c, x - BOX_W / 2, y - BOX_H / 2, BOX_W, BOX_H, radius=9, fill="paper", stroke="ink", lw=1.4,
                         id=f"landmark:{i}")
            c.text(x, y, name, size=16 if c.text_width(name, size=16) < BOX_W - 12 else 13)
        cx, cy = MX1 - 40, MY0 + 70
        c.arrow(cx, cy + 30, cx, cy - 26, color="ink", lw=2.5, head=12)
        c.line(cx - 18, cy + 10, cx + 18, cy + 10, color="ink", lw=2.0)
        c.text(cx, cy - 40, "N", size=16, bold=True)


SCENE = CampusMap()
task = SCENE.task


def _directions_text(steps) -> str:
    runs: list[list] = []
    for d in steps:
        if runs and runs[-1][0] == d:
            runs[-1][1] += 1
        else:
            runs.append([d, 1])
    parts = [d if k == 1 else f"{d} {k} times" for d, k in runs]
    return parts[0] if len(parts) == 1 else ", then ".join(parts)


# ---------------------------------------------------------------------- tasks
@task("destination_after_directions_label", answer="string", annotation="bbox_sequence",
      ops="spatial_relations,topology,state_update")
def destination_after_directions_label(q):
    s = q.state
    n_steps = q.param("steps", lambda r: int(r.integers(WALK[q.difficulty][0], WALK[q.difficulty][1] + 1)))

    def walk(r):
        cur = int(r.integers(len(s["names"])))
        path, dirs = [cur], []
        for _ in range(n_steps):
            opts = [d for d in DIRS if neighbour(s, cur, d) is not None and neighbour(s, cur, d) not in path]
            if not opts:
                break
            d = opts[int(r.integers(len(opts)))]
            cur = neighbour(s, cur, d)
            path.append(cur)
            dirs.append(d)
        return {"start": path[0], "directions": dirs}

    plan = q.param("walk", walk)
    q.require(len(plan["directions"]) == n_steps, "walk blocked")
    path = [plan["start"]]
    for d in plan["directions"]:
        path.append(neighbour(s, path[-1], d))
    q.step("walk", start=s["names"][path[0]], directions=plan["directions"], visited=[s["names"][i] for i in path])
    return q.answer(s["names"][path[-1]], witnesses=[f"landmark:{i}" for i in path], examples=s["names"],
                    question=("The map shows a campus layout with labelled landmarks, named zones, walking paths and "
                              f'a compass (north is up). Starting at "{s["names"][path[0]]}", follow these '
                              "directions, each time walking along a path to the next landmark: "
                              f"{_directions_text(plan['directions'])}. Which landmark do you reach?"))


@task("landmark_after_route_step_label", answer="string", annotation="bbox_sequence", ops="ranking,topology")
def landmark_after_route_step_label(q):
    s = q.state
    length = q.param("length", lambda r: int(r.integers(ROUTE[q.difficulty][0], ROUTE[q.difficulty][1] + 1)))

    def draw_route(r):
        cur = int(r.integers(len(s["names"])))
        route = [cur]
        for _ in range(length):
            opts = [j for j in (neighbour(s, cur, d) for d in DIRS) if j is not None and j not in route]
            if not opts:
                break
            cur = opts[int(r.integers(len(opts)))]
            route.append(cur)
        return route

    route = q.param("route", draw_route)
    q.require(len(route) == length + 1, "route blocked")
    hi = min(5, length - 1)                  # the stop asked is never the named end
    k = q.param("stop", lambda r: int(r.integers(2 if hi >= 2 else 1, hi + 1)))
    a, b = s["names"][route[0]], s["names"][route[-1]]
    q.step("follow", route=[s["names"][i] for i in route], stop=k)
    return q.answer(s["names"][route[k]], witnesses=[f"landmark:{i}" for i in route[:k + 1]], examples=s["names"],
                    question=("The map shows a campus layout with labelled landmarks, named zones, walking paths and "
                              f'a highlighted route (drawn thicker than the other paths). On the highlighted route from '
                              f'"{a}" to "{b}", which landmark '
                              f'is the {_ordinal(k)} one reached after "{a}"?'))


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")
