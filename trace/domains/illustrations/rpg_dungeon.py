"""illustrations/rpg_dungeon: a top-down pixel-art dungeon on a tile grid: rectangular chambers on
a coarse grid of slots, one-tile corridors between neighbouring chambers, boulders that block a
corridor tile, treasure chests and monsters inside chambers, and the player in one chamber.
Reachability is a 4-neighbour flood over floor tiles (chambers and corridors) that carry no
boulder.  A missing-patch view cuts the picture (``kits.picture_tiles``)."""

from __future__ import annotations

import numpy as np

from tracegen.core.task import Scene
from tracegen.kits import picture_tiles as pt
from tracegen.kits import sprites_data as sd
from tracegen.kits import tilemap as tm

T = 32
SHAPES = {1: ((18, 12), (15, 15), (12, 18)), 2: ((27, 18), (21, 21), (18, 27)), 3: ((30, 21), (24, 24), (21, 30))}
SLOTS = {1: (2, 2), 2: (3, 3), 3: (4, 3)}
ROCK = ((0.16, 0.19, 0.18), (0.19, 0.22, 0.21), (0.14, 0.17, 0.16))
FLOOR = ((0.42, 0.50, 0.44), (0.39, 0.47, 0.41))
FLOOR_EDGE = (0.30, 0.36, 0.32)
CRACK = (0.30, 0.36, 0.31)
MONSTERS = ("slime", "bat")


def chamber_tiles(ch):
    return {(r, c) for r in range(ch["r"], ch["r"] + ch["h"]) for c in range(ch["c"], ch["c"] + ch["w"])}


def build(rng, C, R, difficulty):
    """Chambers in a grid of slots (some slots empty), corridors joining neighbouring chambers
    along a spanning tree plus extra links; no chests, monsters or boulders yet."""
    sc, sr = SLOTS[difficulty]
    if R > C:
        sc, sr = sr, sc
    cw, chh = C // sc, R // sr
    present = [(i, j) for i in range(sr) for j in range(sc)]
    drop = int(rng.integers(0, max(1, len(present) // 3)))
    for k in rng.permutation(len(present))[:drop]:
        present[int(k)] = None
    present = [p for p in present if p is not None]
    chambers = []
    for i, j in present:
        w = int(rng.integers(3, min(6, cw - 2) + 1))
        h = int(rng.integers(3, min(5, chh - 2) + 1))
        cx, cy = j * cw + cw // 2, i * chh + chh // 2
        chambers.append({"slot": [i, j], "r": cy - h // 2, "c": cx - w // 2, "w": w, "h": h,
                         "cy": cy, "cx": cx})
    # candidate links: the next present chamber to the right / below
    links = []
    for a, ca in enumerate(chambers):
        i, j = ca["slot"]
        right = [b for b, cb in enumerate(chambers) if cb["slot"][0] == i and cb["slot"][1] > j]
        below = [b for b, cb in enumerate(chambers) if cb["slot"][1] == j and cb["slot"][0] > i]
        if right:
            links.append((a, min(right, key=lambda b: chambers[b]["slot"][1])))
        if below:
            links.append((a, min(below, key=lambda b: chambers[b]["slot"][0])))
    parent = list(range(len(chambers)))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    corridors = []
    for k in rng.permutation(len(links)):
        a, b = links[int(k)]
        if find(a) != find(b) or rng.random() < 0.3:
            parent[find(a)] = find(b)
            corridors.append(corridor(chambers[a], chambers[b]))
    floor = set()
    for ch in chambers:
        floor |= chamber_tiles(ch)
    corridors = [[list(t) for t in cor if tuple(t) not in floor] for cor in corridors]
    corridors = [c for c in corridors if c]
    return {"cols": C, "rows": R, "chambers": chambers, "corridors": sorted(corridors), "boulders": [],
            "chests": [], "monsters": [], "player": 0, "view": "map"}


def corridor(a, b):
    if a["cy"] == b["cy"]:
        return [(a["cy"], c) for c in range(min(a["cx"], b["cx"]), max(a["cx"], b["cx"]) + 1)]
    return [(r, a["cx"]) for r in range(min(a["cy"], b["cy"]), max(a["cy"], b["cy"]) + 1)]


def floor_tiles(state):
    out = set()
    for ch in state["chambers"]:
        out |= chamber_tiles(ch)
    for cor in state["corridors"]:
        out |= {tuple(t) for t in cor}
    return out


def reachable_tiles(state):
    free = floor_tiles(state) - {tuple(b) for b in state["boulders"]}
    start = player_tile(state)
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for dr, dc in tm.NEIGH4:
            n = (r + dr, c + dc)
            if n in free and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen


def player_tile(state):
    ch = state["chambers"][state["player"]]
    return (ch["cy"], ch["cx"])


def chamber_of(state, tile):
    for i, ch in enumerate(state["chambers"]):
        if tuple(tile) in chamber_tiles(ch):
            return i
    return None


def monster_chambers(state):
    return {chamber_of(state, m["tile"]) for m in state["monsters"]}


# ---------------------------------------------------------------------------- drawing
def draw_dungeon(c, state):
    R, C = state["rows"], state["cols"]
    floor = floor_tiles(state)
    for r in range(R):
        for col in range(C):
            x, y = col * T, r * T
            if (r, col) in floor:
                c.rect(x, y, T, T, fill=FLOOR[(r + col) % 2], stroke=FLOOR_EDGE, lw=1.0)
                if (r * 5 + col * 3) % 7 == 0:
                    c.line(x + 8, y + 20, x + 16, y + 16, color=CRACK, lw=1.2)
            else:
                c.rect(x, y, T, T, fill=ROCK[(r * 7 + col * 3 + (r * col) % 5) % 3])
    for b in state["boulders"]:
        tm.draw_sprite(c, "boulder", b[1] * T, b[0] * T, T)
    for ch in state["chests"]:
        tm.draw_sprite(c, "chest", ch[1] * T, ch[0] * T, T)
    for m in state["monsters"]:
        tm.draw_sprite(c, m["kind"], m["tile"][1] * T, m["tile"][0] * T, T)
    pr, pc = player_tile(state)
    tm.draw_sprite(c, "person", pc * T, pr * T, T, palette={**sd.PALETTE, "c": (0.35, 0.40, 0.30), "N": (0.2, 0.2, 0.2)})


def raster(state):
    R, C = state["rows"], state["cols"]
    out = np.zeros((R, C), dtype=np.int64)
    for r, c in floor_tiles(state):
        out[r, c] = 1
    for b in state["boulders"]:
        out[b[0], b[1]] = 2
    for ch in state["chests"]:
        out[ch[0], ch[1]] = 3
    for m in state["monsters"]:
        out[m["tile"][0], m["tile"][1]] = 4 + MONSTERS.index(m["kind"])
    pr, pc = player_tile(state)
    out[pr, pc] = 9
    return out


class RpgDungeon(Scene):
    domain, scene_id, size = "illustrations", "rpg_dungeon", (892, 604)
    megapixels = (0.95, 1.3)   # image area (MP); the original's median is 1.07-1.12 (1.28 for the patch view)
    description = ("A top-down pixel-art dungeon: stone chambers joined by corridors, boulders blocking some "
                   "corridors, treasure chests and monsters in chambers, and the player in one chamber.")
    allow_noise = False

    def sample(self, rng, difficulty):
        shapes = SHAPES[difficulty]
        C, R = shapes[int(rng.integers(len(shapes)))]
        st = build(rng, C, R, difficulty)
        st["player"] = int(rng.integers(len(st["chambers"])))
        return populate(st, rng, n_chests=int(rng.integers(2, len(st["chambers"]))), n_boulders=int(rng.integers(3)),
                        n_monsters=int(rng.integers(1, 4)))

    def variant(self, state):
        return state.get("view", "map")

    def canvas_size(self, state):
        return pt.patch_view_size(state.get("view"), (state["cols"] * T, state["rows"] * T), cell=T,
                                  patch=state.get("patch"), n_options=state.get("n_options"))

    def render(self, c, state, params):
        m = pt.draw_patch_view(c, lambda cc: draw_dungeon(cc, state), state.get("view"),
                               (state["cols"] * T, state["rows"] * T), params, cell=T, patch=state.get("patch"))
        if m is None:
            return
        for i, ch in enumerate(state["chambers"]):
            c.register(f"chamber:{i}", box=(m + ch["c"] * T, m + ch["r"] * T, m + (ch["c"] + ch["w"]) * T,
                                            m + (ch["r"] + ch["h"]) * T))
        for i, (r, col) in enumerate(state["chests"]):
            c.register(f"chest:{i}", box=(m + col * T, m + r * T, m + (col + 1) * T, m + (r + 1) * T))


def populate(state, rng, *, n_chests, n_boulders, n_monsters, chest_rooms=None, monster_rooms=None):
    """Player chamber, boulders on corridor tiles, one chest per chosen chamber (top row) and
    monsters (bottom row) -- never in the player's chamber."""
    n = len(state["chambers"])
    p = state["player"]
    cor = [t for cc in state["corridors"] for t in cc]
    state["boulders"] = sorted(cor[int(i)] for i in rng.permutation(len(cor))[:n_boulders]) if cor else []
    others = [i for i in range(n) if i != p]
    if chest_rooms is None:
        chest_rooms = [others[int(i)] for i in rng.permutation(len(others))[:n_chests]]
    if monster_rooms is None:
        monster_rooms = [others[int(i)] for i in rng.permutation(len(others))[:n_monsters]]
    chests, monsters = [], []
    for i in sorted(chest_rooms):
        ch = state["chambers"][i]
        chests.append([ch["r"], ch["c"] + int(rng.integers(ch["w"]))])
    for i in sorted(monster_rooms):
        ch = state["chambers"][i]
        tile = [ch["r"] + ch["h"] - 1, ch["c"] + int(rng.integers(ch["w"]))]
        monsters.append({"kind": MONSTERS[int(rng.integers(2))], "tile": tile})
    state["chests"], state["monsters"] = chests, monsters
    return state


SCENE = RpgDungeon()
task = SCENE.task
INTRO = ("The picture is a top-down pixel-art dungeon: stone chambers joined by corridors, boulders that "
         "block the corridor tile they sit on, treasure chests, monsters and the player.")


def _edit(q, fn):
    def wrapped(state, rng):
        for _ in range(80):
            st = build(rng, state["cols"], state["rows"], q.difficulty)
            got = fn(st, rng)
            if got is not None:
                return got
        state["failed"] = 1
        return state
    s = q.edit(wrapped)
    q.require("failed" not in s, "no dungeon with the target answer")
    return s


@task("monster_chamber_count", answer="integer", annotation="bbox_set", ops="filtering,counting,logical_composition")
def monster_chamber_count(q):
    t = q.target(range(1, {1: 3, 2: 5, 3: 6}[q.difficulty]))

    def fn(st, rng):
        n = len(st["chambers"])
        st["player"] = int(rng.integers(n))
        others = [i for i in range(n) if i != st["player"]]
        if len(others) < t + 1:
            return None
        order = [others[int(i)] for i in rng.permutation(len(others))]
        k = int(rng.integers(t, min(len(others), t + 2) + 1))
        chest_rooms = order[:k]
        rest = order[k:]
        monster_rooms = chest_rooms[:t] + rest[:int(rng.integers(0, min(2, len(rest)) + 1))]
        return populate(st, rng, n_chests=0, n_boulders=int(rng.integers(3)), n_monsters=0,
                        chest_rooms=chest_rooms, monster_rooms=monster_rooms)

    s = _edit(q, fn)
    chest_rooms = {chamber_of(s, ch) for ch in s["chests"]}
    hits = sorted(chest_rooms & monster_chambers(s))
    q.step("filter", chambers=hits)
    return q.answer(len(hits), witnesses=[f"chamber:{i}" for i in hits], examples=[len(hits) + 1],
                    question=f"{INTRO} How many chambers that hold a treasure chest also hold a monster?")


def _reach_setup(q, t, *, safe):
    def fn(st, rng):
        n = len(st["chambers"])
        st["player"] = int(rng.integers(n))
        nb = int(rng.integers(0, 4))
        cor = [x for cc in st["corridors"] for x in cc]
        st["boulders"] = sorted(cor[int(i)] for i in rng.permutation(len(cor))[:nb]) if cor else []
        reach = reachable_tiles(st)
        inside = [i for i in range(n) if i != st["player"] and (st["chambers"][i]["cy"], st["chambers"][i]["cx"]) in reach]
        outside = [i for i in range(n) if i != st["player"] and i not in inside]
        unsafe = int(rng.integers(0, 3)) if safe else 0
        if len(inside) < t + unsafe:
            return None
        inside = [inside[int(i)] for i in rng.permutation(len(inside))]
        outside = [outside[int(i)] for i in rng.permutation(len(outside))]
        chest_rooms = inside[:t + unsafe] + outside[:int(rng.integers(0, min(3, len(outside)) + 1))]
        monster_rooms = inside[t:t + unsafe] if safe else []
        spare = [i for i in range(n) if i != st["player"] and i not in monster_rooms and i not in inside[:t]]
        monster_rooms += spare[:int(rng.integers(0, min(2, len(spare)) + 1))]
        boulders = st["boulders"]
        populate(st, rng, n_chests=0, n_boulders=0, n_monsters=0, chest_rooms=chest_rooms,
                 monster_rooms=sorted(set(monster_rooms)))
        st["boulders"] = boulders
        return st
    return _edit(q, fn)


def _reach_chests(s, safe):
    reach = reachable_tiles(s)
    bad = monster_chambers(s) if safe else set()
    return [i for i, ch in enumerate(s["chests"]) if tuple(ch) in reach and chamber_of(s, ch) not in bad]


def _reach_count(q, hi, safe, extra=""):
    """How many chests the player reaches (with ``safe``, outside chambers with a monster)."""
    t = q.target(range(0, hi[q.difficulty]))
    s = _reach_setup(q, t, safe=safe)
    hits = _reach_chests(s, safe)
    q.step("flood", chests=hits)
    return q.answer(len(hits), witnesses=[f"chest:{i}" for i in hits], examples=[len(hits) + 1],
                    question=(f"{INTRO} Walking one tile up, down, left or right over floor tiles, and never onto a "
                              f"boulder, how many treasure chests can the player reach{extra}?"))


@task("reachable_chest_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition,topology")
def reachable_chest_count(q):
    return _reach_count(q, {1: 3, 2: 6, 3: 8}, False)


@task("safe_reachable_chest_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition,topology")
def safe_reachable_chest_count(q):
    return _reach_count(q, {1: 3, 2: 6, 3: 7}, True, " that are not in a chamber with a monster")


def _busy(cells):
    return float(np.mean(cells >= 1)) >= 0.3 and float(np.mean(cells >= 2)) > 0


@task("missing_patch_label", answer="option_letter", annotation="bbox_map", ops="transformation,matching")
def missing_patch_label(q):
    k = q.param("n_options", lambda r: 4 if q.difficulty == 1 or (q.difficulty == 2 and r.random() < 0.4) else 6)

    def fn(state, rng):
        state.update(view="missing", patch=[5, 4], n_options=k)
        return state

    s = q.edit(fn)
    return pt.missing_patch(q, raster(s), T, s["cols"] * T, s["rows"] * T, patch=(5, 4), k=k, busy=_busy,
                            subject="dungeon picture")
