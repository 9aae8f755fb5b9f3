"""illustrations/rpg_house: a top-down pixel-art RPG house: a rectangle split into rooms by
walls (a binary space partition on a tile grid), doorways between some neighbouring rooms (a
wooden door = closed, a pale gap in the wall = open), furniture, and the player standing in one
room.  Room adjacency counts doorways of either state; reachability passes open doorways only
(breadth-first search over rooms).  Two image-composition views (``kits.picture_tiles``)."""

from __future__ import annotations

import numpy as np

from tracegen.core.task import Scene
from tracegen.kits import picture_tiles as pt
from tracegen.kits import sprites_data as sd
from tracegen.kits import tilemap as tm

T = 32
WALL = 14
CELL = 16                     # raster cell (logical units)
SHAPES = {1: ((16, 12), (14, 14), (12, 16)), 2: ((27, 18), (21, 21), (18, 27)), 3: ((30, 21), (24, 24), (21, 30))}
ROOMS = {1: (3, 5), 2: (4, 8), 3: (7, 10)}
MIN_SIDE = 4
FLOORS = ((0.62, 0.47, 0.30), (0.52, 0.42, 0.32), (0.47, 0.45, 0.42), (0.58, 0.52, 0.40), (0.45, 0.36, 0.28))
WALL_RGB = (0.42, 0.45, 0.52)
WALL_EDGE = (0.24, 0.26, 0.30)
OPEN_RGB = (0.80, 0.82, 0.84)
DOOR_RGB = (0.45, 0.28, 0.15)
RUGS = ((0.50, 0.30, 0.55), (0.28, 0.46, 0.62), (0.62, 0.26, 0.24), (0.30, 0.52, 0.36))
WOOD = (0.50, 0.32, 0.18)
WOOD_DARK = (0.30, 0.18, 0.10)


# ---------------------------------------------------------------------------- layout
def partition(rng, C, R, n):
    """Split the house [0, C] x [0, R] into ``n`` rooms (x0, y0, x1, y1), always cutting a room
    that can take a cut, largest first; None when it cannot reach ``n``."""
    rooms = [(0, 0, C, R)]
    while len(rooms) < n:
        order = sorted(range(len(rooms)), key=lambda i: -((rooms[i][2] - rooms[i][0]) * (rooms[i][3] - rooms[i][1])))
        for i in order[:3] if rng.random() < 0.5 else order:
            x0, y0, x1, y1 = rooms[i]
            w, h = x1 - x0, y1 - y0
            vertical = w > h if abs(w - h) > 2 else bool(rng.integers(2))
            span = w if vertical else h
            if span < 2 * MIN_SIDE:
                vertical = not vertical
                span = w if vertical else h
                if span < 2 * MIN_SIDE:
                    continue
            cut = int(rng.integers(MIN_SIDE, span - MIN_SIDE + 1))
            a, b = ((x0, y0, x0 + cut, y1), (x0 + cut, y0, x1, y1)) if vertical else \
                   ((x0, y0, x1, y0 + cut), (x0, y0 + cut, x1, y1))
            rooms[i:i + 1] = [a, b]
            break
        else:
            return None
    return sorted(rooms, key=lambda r: (r[1], r[0]))


def shared_walls(rooms):
    """Neighbouring room pairs with a shared wall at least 3 tiles long: [(i, j, vertical, at, lo, hi)]."""
    out = []
    for i, a in enumerate(rooms):
        for j, b in enumerate(rooms):
            if j <= i:
                continue
            for p, q in ((a, b), (b, a)):
                if p[2] == q[0]:
                    lo, hi = max(p[1], q[1]), min(p[3], q[3])
                    if hi - lo >= 3:
                        out.append((i, j, True, p[2], lo, hi))
                if p[3] == q[1]:
                    lo, hi = max(p[0], q[0]), min(p[2], q[2])
                    if hi - lo >= 3:
                        out.append((i, j, False, p[3], lo, hi))
    return out


def build(rng, C, R, n):
    rooms = partition(rng, C, R, n)
    if rooms is None:
        return None
    walls = shared_walls(rooms)
    # doorways: a spanning tree of the wall graph, plus some extra ones
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    doors = []
    for k in rng.permutation(len(walls)):
        i, j, vertical, at, lo, hi = walls[int(k)]
        joined = find(i) != find(j)
        if joined or rng.random() < 0.35:
            parent[find(i)] = find(j)
            pos = int(rng.integers(lo + 1, hi - 1))
            doors.append({"a": i, "b": j, "vertical": vertical, "at": at, "pos": pos,
                          "open": bool(rng.random() < 0.5)})
    doors.sort(key=lambda d: (d["a"], d["b"]))
    state = {"cols": C, "rows": R, "rooms": [list(r) for r in rooms], "doors": doors, "view": "map",
             "floors": [int(rng.integers(len(FLOORS))) for _ in rooms]}
    state["furniture"] = [furnish(rng, r) for r in rooms]
    p = int(rng.integers(n))
    state["player"] = p
    return state


def furnish(rng, room):
    """A few pieces of furniture inside a room, in tile units: [{"kind", "x", "y", "w", "h", "v"}]."""
    x0, y0, x1, y1 = room
    w, h = x1 - x0, y1 - y0
    out = []
    if w >= 5 and h >= 4 and rng.random() < 0.5:
        out.append({"kind": "rug", "x": x0 + 1, "y": y0 + 1, "w": w - 2, "h": h - 2, "v": int(rng.integers(4))})
    elif w >= 5:
        out.append({"kind": "shelf", "x": x0 + 1, "y": y0, "w": min(4, w - 2), "h": 1, "v": int(rng.integers(4))})
    kinds = ["table", "bed", "chest", "barrel"]
    k = kinds[int(rng.integers(4))]
    fw, fh = {"table": (3, 1), "bed": (3, 2), "chest": (1, 1), "barrel": (1, 1)}[k]
    if w - 2 >= fw and h - 2 >= fh + 1:
        fx = x0 + 1 + int(rng.integers(w - 1 - fw))
        out.append({"kind": k, "x": fx, "y": y1 - 1 - fh, "w": fw, "h": fh, "v": int(rng.integers(4))})
    return out


def player_tile(state):
    x0, y0, x1, y1 = state["rooms"][state["player"]]
    return ((x0 + x1) // 2, y0 + max(1, (y1 - y0) // 2 - 1))


def door_graph(state, open_only):
    g = {i: set() for i in range(len(state["rooms"]))}
    for d in state["doors"]:
        if d["open"] or not open_only:
            g[d["a"]].add(d["b"])
            g[d["b"]].add(d["a"])
    return g


def reachable(state):
    g = door_graph(state, True)
    seen, stack = {state["player"]}, [state["player"]]
    while stack:
        for n in g[stack.pop()]:
            if n not in seen:
                seen.add(n)
                stack.append(n)
    return seen


# ---------------------------------------------------------------------------- drawing
def wall_line(state, vertical, at):
    """Centre of the wall on tile boundary ``at`` (outer walls drawn inside the picture)."""
    top = state["cols"] if vertical else state["rows"]
    return min(max(at * T, WALL / 2), top * T - WALL / 2)


def wall_rects(state):
    """Wall pieces (x, y, w, h) and doorway rects (x, y, w, h, door) in picture units."""
    segs = set()
    for x0, y0, x1, y1 in state["rooms"]:
        segs |= {(True, x0, y0, y1), (True, x1, y0, y1), (False, y0, x0, x1), (False, y1, x0, x1)}
    walls = []
    for vertical, at, lo, hi in sorted(segs):
        c = wall_line(state, vertical, at)
        if vertical:
            walls.append((c - WALL / 2, lo * T - WALL / 2, WALL, (hi - lo) * T + WALL))
        else:
            walls.append((lo * T - WALL / 2, c - WALL / 2, (hi - lo) * T + WALL, WALL))
    doors = []
    for d in state["doors"]:
        c = wall_line(state, d["vertical"], d["at"])
        a = d["pos"] * T + 2
        if d["vertical"]:
            doors.append((c - WALL / 2 - 3, a, WALL + 6, 2 * T - 4, d))
        else:
            doors.append((a, c - WALL / 2 - 3, 2 * T - 4, WALL + 6, d))
    return walls, doors


def draw_house(c, state):
    for i, (x0, y0, x1, y1) in enumerate(state["rooms"]):
        col = FLOORS[state["floors"][i]]
        c.rect(x0 * T, y0 * T, (x1 - x0) * T, (y1 - y0) * T, fill=col)
        line = tuple(v * 0.85 for v in col)
        for k in range(y0 * 2 + 1, y1 * 2):
            c.line(x0 * T, k * T / 2, x1 * T, k * T / 2, color=line, lw=1.0)
        for f in state["furniture"][i]:
            draw_furniture(c, f)
    walls, doors = wall_rects(state)
    for x, y, w, h in walls:
        c.rect(x, y, w, h, fill=WALL_RGB)
    for x, y, w, h in walls:
        c.rect(x, y, w, h, stroke=WALL_EDGE, lw=1.2)
    for x, y, w, h, d in doors:
        if d["open"]:
            c.rect(x + 3, y + 3, w - 6, h - 6, fill=OPEN_RGB) if d["vertical"] else \
                c.rect(x + 3, y + 3, w - 6, h - 6, fill=OPEN_RGB)
        else:
            c.rect(x, y, w, h, fill=WALL_EDGE)
            c.rect(x + 3, y + 3, w - 6, h - 6, fill=DOOR_RGB, stroke=WOOD_DARK, lw=1.5)
            kx, ky = (x + w / 2 + 2, y + h * 0.6) if d["vertical"] else (x + w * 0.55, y + h / 2 + 1)
            c.rect(kx - 2, ky - 2, 4, 4, fill=(0.95, 0.78, 0.25))
    px, py = player_tile(state)
    tm.draw_sprite(c, "person", px * T - T / 2, py * T, T * 1.2,
                   palette={**sd.PALETTE, "c": (0.20, 0.35, 0.60)})


def draw_furniture(c, f):
    x, y, w, h = f["x"] * T, f["y"] * T, f["w"] * T, f["h"] * T
    k = f["kind"]
    if k == "rug":
        c.rect(x + 6, y + 6, w - 12, h - 12, fill=RUGS[f["v"]], stroke=(0.85, 0.65, 0.30), lw=2.0)
        c.line(x + 10, y + 10, x + w - 10, y + h - 10, color=(0.85, 0.65, 0.30), lw=1.0)
        c.line(x + w - 10, y + 10, x + 10, y + h - 10, color=(0.85, 0.65, 0.30), lw=1.0)
    elif k == "shelf":
        c.rect(x, y + 6, w, T - 12, fill=WOOD, stroke=WOOD_DARK, lw=1.5)
        for j in range(int(w // 9)):
            col = ((0.30, 0.45, 0.70), (0.65, 0.30, 0.30), (0.30, 0.55, 0.35))[(j + f["v"]) % 3]
            c.rect(x + 3 + j * 9, y + 8, 6, 10, fill=col)
    elif k == "table":
        c.rect(x, y + 4, w, T - 10, fill=WOOD, stroke=WOOD_DARK, lw=1.5)
        c.rect(x + 4, y + T - 6, 4, 8, fill=WOOD_DARK)
        c.rect(x + w - 8, y + T - 6, 4, 8, fill=WOOD_DARK)
    elif k == "bed":
        c.rect(x + 2, y + 2, w - 4, h - 4, fill=WOOD, stroke=WOOD_DARK, lw=1.5)
        c.rect(x + 8, y + 6, w - 16, h * 0.35, fill=(0.95, 0.93, 0.85))
        c.rect(x + 8, y + 6 + h * 0.35, w - 16, h * 0.45, fill=RUGS[f["v"]])
    else:
        tm.draw_sprite(c, "crate" if k == "chest" else "barrel", x, y, T)


def raster(state):
    W, H = state["cols"] * T, state["rows"] * T
    out = np.zeros((H // CELL, W // CELL), dtype=np.int64)

    def paint(x, y, w, h, code):
        c0, r0 = int(round(x / CELL)), int(round(y / CELL))
        c1, r1 = int(round((x + w) / CELL)), int(round((y + h) / CELL))
        out[max(0, r0):max(0, r1), max(0, c0):max(0, c1)] = code

    for i, (x0, y0, x1, y1) in enumerate(state["rooms"]):
        paint(x0 * T, y0 * T, (x1 - x0) * T, (y1 - y0) * T, 10 + state["floors"][i])
        for f in state["furniture"][i]:
            paint(f["x"] * T, f["y"] * T, f["w"] * T, f["h"] * T, 100 + 10 * ["rug", "shelf", "table", "bed",
                                                                              "chest", "barrel"].index(f["kind"]) + f["v"])
    walls, doors = wall_rects(state)
    for x, y, w, h in walls:
        paint(x, y, w, h, 1)
    for x, y, w, h, d in doors:
        paint(x, y, w, h, 2 + d["open"])
    px, py = player_tile(state)
    paint(px * T - T / 2, py * T, T, T, 5)
    return out


class RpgHouse(Scene):
    domain, scene_id, size = "illustrations", "rpg_house", (892, 604)
    megapixels = (0.95, 1.3)   # image area (MP); the original's median is 1.07-1.12 (1.28 for the card views)
    description = ("A top-down pixel-art RPG house: rooms divided by walls, wooden (closed) doors and open doorways "
                   "between rooms, furniture, and the player standing in one room.")
    allow_noise = False

    def sample(self, rng, difficulty):
        shapes = SHAPES[difficulty]
        lo, hi = ROOMS[difficulty]
        while True:
            C, R = shapes[int(rng.integers(len(shapes)))]
            st = build(rng, C, R, int(rng.integers(lo, hi + 1)))
            if st is not None:
                return st

    def variant(self, state):
        return state.get("view", "map")

    def canvas_size(self, state):
        return pt.patch_view_size(state.get("view", "map"), (state["cols"] * T, state["rows"] * T), cell=CELL,
                                  patch=state.get("patch"), n_options=state.get("n_options"), grid=(3, 3))

    def render(self, c, state, params):
        m = pt.draw_patch_view(c, lambda cc: draw_house(cc, state), state.get("view", "map"),
                               (state["cols"] * T, state["rows"] * T), params, cell=CELL, patch=state.get("patch"),
                               grid=(3, 3))
        if m is not None:
            for i, (x0, y0, x1, y1) in enumerate(state["rooms"]):
                c.register(f"room:{i}", box=(m + x0 * T, m + y0 * T, m + x1 * T, m + y1 * T),
                           point=(m + (x0 + x1) * T / 2, m + (y0 + y1) * T / 2))


SCENE = RpgHouse()
task = SCENE.task
INTRO = ("The picture is a top-down pixel-art RPG house: walls divide it into rooms, a wooden door in a wall is a "
         "closed door, a pale gap in a wall is an open doorway, and the player stands in one room.")


def _rebuild(q, ok, *, rooms=None):
    """Edit: a new house (same level) until ``ok(state)`` holds (then returns its extra fields)."""
    def fn(state, rng):
        lo, hi = rooms or ROOMS[q.difficulty]
        for _ in range(60):
            st = build(rng, state["cols"], state["rows"], int(rng.integers(lo, hi + 1)))
            if st is None:
                continue
            for p in rng.permutation(len(st["rooms"])):
                st["player"] = int(p)
                if ok(st, rng):
                    return st
        state["failed"] = 1
        return state
    s = q.edit(fn)
    q.require("failed" not in s, "no house with the target answer")
    return s


@task("room_count", answer="integer", annotation="point_set", ops="counting")
def room_count(q):
    lo, hi = ROOMS[q.difficulty]
    t = q.target(range(lo, hi + 1))
    s = _rebuild(q, lambda st, rng: len(st["rooms"]) == t, rooms=(t, t))
    n = len(s["rooms"])
    q.step("count_rooms", rooms=n)
    return q.answer(n, witnesses=[f"room:{i}" for i in range(n)], examples=[n + 2],
                    question=f"{INTRO} How many rooms does the house have?")


@task("adjacent_room_count", answer="integer", annotation="point_set_map",
      ops="filtering,counting,logical_composition,topology")
def adjacent_room_count(q):
    t = q.target(range(1, 6))
    s = _rebuild(q, lambda st, rng: len(door_graph(st, False)[st["player"]]) == t,
                 rooms=(max(ROOMS[q.difficulty][0], t + 1), max(ROOMS[q.difficulty][1], t + 3)))
    adj = sorted(door_graph(s, False)[s["player"]])
    q.step("doorways", rooms=adj)
    return q.answer(len(adj), witnesses={"player_room": [f"room:{s['player']}"], "rooms": [f"room:{i}" for i in adj]},
                    examples=[len(adj) + 1],
                    question=(f"{INTRO} How many other rooms share a door or doorway (open or closed) with the "
                              "player's room?"))


@task("reachable_room_count", answer="integer", annotation="point_set_map",
      ops="filtering,counting,logical_composition,topology")
def reachable_room_count(q):
    t = q.target(range(0, 7))
    s = _rebuild(q, lambda st, rng: len(reachable(st)) - 1 == t,
                 rooms=(max(ROOMS[q.difficulty][0], t + 1), max(ROOMS[q.difficulty][1], t + 2)))
    got = sorted(reachable(s) - {s["player"]})
    q.step("open_door_bfs", rooms=got)
    return q.answer(len(got), witnesses={"player_room": [f"room:{s['player']}"], "rooms": [f"room:{i}" for i in got]},
                    examples=[len(got) + 2],
                    question=(f"{INTRO} Moving only through open doorways (never through a closed door or a wall), "
                              "how many other rooms can the player reach?"))


def _busy(cells):
    return float(np.mean(cells >= 100)) >= 0.08 and float(np.mean(cells <= 3)) >= 0.08


@task("missing_patch_label", answer="option_letter", annotation="bbox_map", ops="transformation,matching")
def missing_patch_label(q):
    k = q.param("n_options", lambda r: 4 if q.difficulty == 1 or (q.difficulty == 2 and r.random() < 0.4) else 6)

    def fn(state, rng):
        state.update(view="missing", patch=[10, 8], n_options=k)
        return state

    s = q.edit(fn)
    return pt.missing_patch(q, raster(s), CELL, s["cols"] * T, s["rows"] * T, patch=(10, 8), k=k, busy=_busy,
                            subject="house picture")


@task("swapped_tile_pair_label", answer="option_letter", annotation="bbox_set", ops="transformation")
def swapped_tile_pair_label(q):
    def fn(state, rng):
        state["view"] = "swapped"
        return state

    s = q.edit(fn)
    return pt.swapped_pair(q, raster(s), CELL, s["cols"] * T, s["rows"] * T, (3, 3), subject="house picture")
