"""illustrations/rpg_tactical_map: a top-down pixel-art tactics map (grass, roads, a river with a
bridge, forests, mountains) with one blue unit.  Movement follows the usual tactics-game grid
rules the prompts state: one tile up, down, left or right per step, entering a tile costs its
terrain's movement points (grass, road, bridge 1; forest 2; mountain 3), water cannot be entered.
Costs are fewest-point paths (Dijkstra, ``kits.tilemap``).  One view replaces the river by a full
water barrier across the map (no bridge) for a connectivity question."""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits import tilemap as tm

T = 64                      # tile side (logical units)
M = 12                      # margin around the map
SHAPES = {1: ((6, 8), (8, 6), (7, 7)), 2: ((8, 12), (10, 10), (12, 8)), 3: ((10, 14), (12, 12), (14, 10))}
LETTERS = "ABCD"
RULES = ("Entering a grass, road or bridge tile costs 1 movement point, a forest tile 2 and a mountain tile 3; "
         "water tiles cannot be entered. Each step moves one tile up, down, left or right.")
INF = 1 << 30


def _blob(grid, rng, code, size, allowed="G"):
    R, C = len(grid), len(grid[0])
    r, c = int(rng.integers(R)), int(rng.integers(C))
    for _ in range(size * 3):
        if grid[r][c] in allowed:
            grid[r][c] = code
            size -= 1
            if size == 0:
                return
        dr, dc = tm.NEIGH4[int(rng.integers(4))]
        r, c = min(R - 1, max(0, r + dr)), min(C - 1, max(0, c + dc))


def _decorate(grid, rng, difficulty):
    for _ in range(int(rng.integers(2, 4 + difficulty))):
        _blob(grid, rng, "F", int(rng.integers(2, 6)))
    for _ in range(int(rng.integers(1, 2 + difficulty))):
        _blob(grid, rng, "M", int(rng.integers(1, 5)))


def river_map(rng, R, C, difficulty):
    """A river one tile wide from edge to edge with a road beside it and a crossing road over a
    bridge, plus forest and mountain clumps.  Returned as rows of terrain codes."""
    vertical = bool(rng.integers(2)) if R != C else True
    if not vertical:
        R, C = C, R
    grid = [["G"] * C for _ in range(R)]
    rc = int(rng.integers(2, C - 2))
    side = rc + 1 if rng.integers(2) else rc - 1
    rr = int(rng.integers(1, R - 1))
    for r in range(R):
        grid[r][rc] = "W"
        grid[r][side] = "R"
    for c in range(C):
        if c != rc:
            grid[rr][c] = "R"
    grid[rr][rc] = "B"
    _decorate(grid, rng, difficulty)
    if not vertical:
        grid = [list(col) for col in zip(*grid)]
    return ["".join(row) for row in grid]


def barrier_map(rng, R, C, difficulty):
    """Grass with a few roads, forests and mountains, and one unbroken water band from one edge
    to the opposite edge (a 4-connected staircase: no step crosses it)."""
    vertical = bool(rng.integers(2)) if R != C else bool(rng.integers(2))
    if vertical:
        R, C = C, R
    grid = [["G"] * C for _ in range(R)]
    for _ in range(int(rng.integers(2, 5))):
        _blob(grid, rng, "R", int(rng.integers(1, 4)))
    _decorate(grid, rng, difficulty)
    r = int(rng.integers(2, R - 2))
    for c in range(C):
        grid[r][c] = "W"
        if c + 1 < C and rng.random() < 0.3:
            nr = min(R - 3, max(2, r + (1 if rng.integers(2) else -1)))
            grid[nr][c] = "W"
            r = nr
    if vertical:
        grid = [list(col) for col in zip(*grid)]
    return ["".join(row) for row in grid]


def tiles_of(grid, codes):
    return [(r, c) for r in range(len(grid)) for c in range(len(grid[0])) if grid[r][c] in codes]


def tid(rc):
    return f"tile:{rc[0]}:{rc[1]}"


def best_conversions(grid, unit, target, du=None):
    """(original cost, best cost after turning one water/mountain/forest tile into road, the
    tiles that reach it).  A path through the converted tile x costs (cheapest neighbour of x
    from the unit) + 1 + (cheapest way on from x); both halves avoid x on an optimal path.
    ``du``: ``tm.move_costs(grid, unit)`` when the caller already has it."""
    du = tm.move_costs(grid, unit) if du is None else du
    dt = tm.costs_to(grid, target)
    orig = du.get(tuple(target), INF)
    best, arg = orig, []
    for x in tiles_of(grid, "WMF"):
        if x == tuple(unit):
            continue
        into = min((du[n] for n in tm.neighbours(grid, *x) if n in du), default=INF)
        cost = into + 1 + (0 if x == tuple(target) else dt.get(x, INF))
        if cost < best:
            best, arg = cost, [x]
        elif cost == best and cost < orig:
            arg.append(x)
    return orig, best, arg


class RpgTacticalMap(Scene):
    domain, scene_id, size = "illustrations", "rpg_tactical_map", (984, 664)
    megapixels = (0.45, 0.68)   # image area (MP); the original median is 0.614
    description = ("A top-down pixel-art tactics map of grass, roads, a river with a bridge, forests and "
                   "mountains, with one blue unit; some views mark a target tile or letter candidate tiles.")
    allow_noise = False

    def sample(self, rng, difficulty):
        shapes = SHAPES[difficulty]
        R, C = shapes[int(rng.integers(len(shapes)))]
        grid = river_map(rng, R, C, difficulty)
        free = tiles_of(grid, "GR")
        unit = free[int(rng.integers(len(free)))]
        return {"grid": grid, "unit": list(unit), "seed": int(rng.integers(1000))}

    def canvas_size(self, state):
        g = state["grid"]
        return (len(g[0]) * T + 2 * M, len(g) * T + 2 * M)

    def variant(self, state):
        return "barrier" if state.get("barrier") else "river"

    def claims(self, state, params):
        return [Claim("unit", "colour", "blue")]

    def render(self, c, state, params):
        g = state["grid"]
        tm.draw_map(c, g, M, M, T, seed=state["seed"])
        if state.get("target"):
            r, col = state["target"]
            k = T * 0.06
            c.rect(M + col * T + k, M + r * T + k, T - 2 * k, T - 2 * k, stroke="red", lw=4.0)
        ur, uc = state["unit"]
        tm.draw_unit(c, M + uc * T, M + ur * T, T, id="unit")
        for i, (r, col) in enumerate(state.get("letters", [])):
            tm.draw_tag(c, M + col * T + T / 2, M + r * T + T / 2, LETTERS[i], size=17)


SCENE = RpgTacticalMap()
task = SCENE.task


def _shuffled(rng, items):
    return [items[int(i)] for i in rng.permutation(len(items))]


@task("terrain_type_tile_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def terrain_type_tile_count(q):
    code = q.choice("terrain", ["F", "M"])
    t = q.target(range(2, 11))

    def plant(state, rng):
        g = [list(row) for row in state["grid"]]
        have = tiles_of(g, code)
        unit = tuple(state["unit"])
        while len(have) > t:
            r, c = have.pop(int(rng.integers(len(have))))
            g[r][c] = "G"
        spots = [p for p in tiles_of(g, "G") if p != unit]
        for p in _shuffled(rng, spots)[:max(0, t - len(have))]:
            g[p[0]][p[1]] = code
        state["grid"] = ["".join(row) for row in g]
        return state

    s = q.edit(plant)
    found = tiles_of(s["grid"], code)
    name = tm.TERRAIN_NAMES[code]
    q.step("filter", terrain=name, tiles=len(found))
    return q.answer(len(found), witnesses=[tid(p) for p in found], examples=[max(1, len(found) - 2)],
                    question=f"The picture is a tactical RPG grid map with one blue unit. How many tiles of the map "
                             f"are {name} tiles?")


def _place_unit_for(q, want):
    """Edit: move the unit onto a grass/road tile from which ``want(grid, unit, rng)`` finds a
    setting (a dict merged into the state); reject when none does."""
    def fn(state, rng):
        g = state["grid"]
        for unit in _shuffled(rng, tiles_of(g, "GR"))[:25]:
            got = want(g, unit, rng)
            if got is not None:
                state["unit"] = list(unit)
                state.update(got)
                return state
        state["failed"] = 1
        return state
    s = q.edit(fn)
    q.require("failed" not in s, "no unit position gives the target answer")
    return s


@task("movement_cost_value", answer="integer", annotation="bbox_map", ops="ranking,aggregation,topology")
def movement_cost_value(q):
    t = q.target(range(3, 9))

    def want(g, unit, rng):
        d = tm.move_costs(g, unit)
        cand = [p for p, v in sorted(d.items()) if v == t and g[p[0]][p[1]] in "GR"]
        return {"target": list(cand[int(rng.integers(len(cand)))])} if cand else None

    s = _place_unit_for(q, want)
    cost = tm.move_costs(s["grid"], s["unit"])[tuple(s["target"])]
    q.step("dijkstra", start=s["unit"], target=s["target"], cost=cost)
    return q.answer(cost, witnesses={"unit": "unit", "target": tid(s["target"])}, examples=[cost + 2],
                    question=("The picture is a top-down tactical RPG map with one blue unit and one marked target "
                              f"tile. {RULES} What is the fewest number of movement points the blue unit needs to "
                              "reach the marked tile?"))


@task("counterfactual_terrain_conversion_cost_value", answer="integer", annotation="bbox_map",
      ops="ranking,aggregation,topology,state_update")
def counterfactual_terrain_conversion_cost_value(q):
    t = q.target(range(2, 7))

    def want(g, unit, rng):
        du = tm.move_costs(g, unit)         # one unit, many targets: its costs once
        for tgt in _shuffled(rng, tiles_of(g, "GR"))[:30]:
            if tgt == tuple(unit):
                continue
            orig, best, arg = best_conversions(g, unit, tgt, du)
            if best == t and len(arg) == 1:
                return {"target": list(tgt)}
        return None

    s = _place_unit_for(q, want)
    orig, best, arg = best_conversions(s["grid"], s["unit"], s["target"])
    q.step("convert", tile=list(arg[0]), before=None if orig >= INF else orig, after=best)
    return q.answer(best, witnesses={"unit": "unit", "target": tid(s["target"]), "converted_tile": tid(arg[0])},
                    examples=[best + 1],
                    question=("The picture is a top-down tactical RPG map with one blue unit and one marked target "
                              f"tile. {RULES} Before the unit moves, you may turn exactly one water, mountain or "
                              "forest tile into a road tile (cost 1). With the best such change, what is the fewest "
                              "number of movement points the blue unit needs to reach the marked tile?"))


BUDGETS = {1: (2, 3), 2: (2, 4), 3: (3, 5)}


@task("movement_reachable_tile_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition,topology")
def movement_reachable_tile_count(q):
    t = q.target(range(3, 12))
    lo, hi = BUDGETS[q.difficulty]

    def want(g, unit, rng):
        d = tm.move_costs(g, unit)
        for b in _shuffled(rng, list(range(lo, hi + 1))):
            if sum(1 for v in d.values() if 0 < v <= b) == t:
                return {"budget": b}
        return None

    s = _place_unit_for(q, want)
    d = tm.move_costs(s["grid"], s["unit"])
    tiles = sorted(p for p, v in d.items() if 0 < v <= s["budget"])
    q.step("reachable", budget=s["budget"], tiles=len(tiles))
    return q.answer(len(tiles), witnesses=[tid(p) for p in tiles], examples=[len(tiles) + 3],
                    question=(f"The picture is a tactical RPG grid map with one blue unit. {RULES} With at most "
                              f"{s['budget']} movement points, how many tiles other than its starting tile can the "
                              "blue unit reach?"))


@task("movement_reachable_tile_label", answer="option_letter", annotation="bbox", ops="topology")
def movement_reachable_tile_label(q):
    q.offer(4, "image")
    letter = q.target(LETTERS)
    lo, hi = {1: (2, 3), 2: (3, 5), 3: (4, 6)}[q.difficulty]

    def want(g, unit, rng):
        b = int(rng.integers(lo, hi + 1))
        d = tm.move_costs(g, unit)
        land = [p for p in tiles_of(g, "GRFMB") if p != tuple(unit)]
        good = [p for p in land if b - 1 <= d.get(p, INF) <= b]
        bad = [p for p in land if b < d.get(p, INF) <= b + 3]
        if not good or len(bad) < 3:
            return None
        pick = good[int(rng.integers(len(good)))]
        others = _shuffled(rng, bad)[:3]
        others.insert(LETTERS.index(letter), pick)
        return {"budget": b, "letters": [list(p) for p in others]}

    s = _place_unit_for(q, want)
    d = tm.move_costs(s["grid"], s["unit"])
    ok = [i for i, p in enumerate(s["letters"]) if d.get(tuple(p), INF) <= s["budget"]]
    q.require(len(ok) == 1, "not exactly one reachable lettered tile")
    ans = LETTERS[ok[0]]
    q.step("reachable", budget=s["budget"], answer=ans)
    return q.answer(ans, witnesses=tid(s["letters"][ok[0]]), examples=[x for x in LETTERS if x != ans],
                    question=(f"The picture is a tactical RPG grid map with one blue unit and four lettered tiles. "
                              f"{RULES} The unit has {s['budget']} movement points. Which lettered tile can it "
                              "reach?"))


MOVE_LEN = {1: (3, 4), 2: (4, 7), 3: (7, 10)}
FLIP = {"left": "right", "right": "left", "up": "down", "down": "up"}


@task("movement_sequence_endpoint_label", answer="option_letter", annotation="bbox",
      ops="spatial_relations,state_update")
def movement_sequence_endpoint_label(q):
    q.offer(4, "image")
    letter = q.target(LETTERS)
    lo, hi = MOVE_LEN[q.difficulty]

    def fn(state, rng):
        g = state["grid"]
        shape = (len(g), len(g[0]))
        unit = tuple(state["unit"])
        for _ in range(200):
            n = int(rng.integers(lo, hi + 1))
            moves = [list(tm.MOVES)[int(rng.integers(4))] for _ in range(n)]
            path = tm.walk(unit, moves, shape)
            if not path or path[-1] == unit:
                continue
            end = path[-1]
            wrong = []
            variants = [moves[:-1]] + [moves[:i] + [FLIP[moves[i]]] + moves[i + 1:] for i in range(n)]
            for v in variants:
                p = tm.walk(unit, v, shape)
                if p and p[-1] not in (end, unit) and p[-1] not in wrong:
                    wrong.append(p[-1])
            if len(wrong) < 3:
                continue
            others = _shuffled(rng, wrong)[:3]
            others.insert(LETTERS.index(letter), end)
            state["moves"] = moves
            state["letters"] = [list(p) for p in others]
            return state
        state["failed"] = 1
        return state

    s = q.edit(fn)
    q.require("failed" not in s, "no move sequence with distinct decoys")
    end = tm.walk(tuple(s["unit"]), s["moves"], (len(s["grid"]), len(s["grid"][0])))[-1]
    idx = [i for i, p in enumerate(s["letters"]) if tuple(p) == end]
    q.require(len(idx) == 1, "endpoint not lettered once")
    ans = LETTERS[idx[0]]
    q.step("walk", moves=s["moves"], end=list(end), answer=ans)
    return q.answer(ans, witnesses=tid(end), examples=[x for x in LETTERS if x != ans],
                    question=("The picture is a tactical RPG grid map with one blue unit and four lettered tiles. "
                              "Starting from the unit's tile, move it one tile per step in this order: "
                              f"{', '.join(s['moves'])}. On which lettered tile does it end?"))


@task("water_barrier_unreachable_tile_label", answer="option_letter", annotation="bbox", ops="topology")
def water_barrier_unreachable_tile_label(q):
    q.offer(4, "image")
    letter = q.target(LETTERS)

    def fn(state, rng):
        g = state["grid"]
        R, C = len(g), len(g[0])
        for _ in range(30):
            g = barrier_map(rng, R, C, q.difficulty)
            land = tiles_of(g, "GRFM")
            unit = land[int(rng.integers(len(land)))]
            if g[unit[0]][unit[1]] not in "GR":
                continue
            mine = tm.component(g, unit, "GRFMB")
            near = [p for p in land if p in mine and p != unit]
            far = [p for p in land if p not in mine]
            if len(near) < 3 or not far or len(mine) < len(land) // 4:
                continue
            opts = _shuffled(rng, near)[:3]
            opts.insert(LETTERS.index(letter), far[int(rng.integers(len(far)))])
            state.update(grid=g, unit=list(unit), letters=[list(p) for p in opts], barrier=1)
            return state
        state["failed"] = 1
        return state

    s = q.edit(fn)
    q.require("failed" not in s, "no barrier map")
    mine = tm.component(s["grid"], s["unit"], "GRFMB")
    out = [i for i, p in enumerate(s["letters"]) if tuple(p) not in mine]
    q.require(len(out) == 1, "not exactly one unreachable lettered tile")
    ans = LETTERS[out[0]]
    q.step("components", answer=ans)
    return q.answer(ans, witnesses=tid(s["letters"][out[0]]), examples=[x for x in LETTERS if x != ans],
                    question=("The picture is a pixel-art tactical map with one blue unit, a band of water running "
                              "across the whole map, and four lettered tiles. Water tiles cannot be entered; every "
                              "other tile can. Each step moves one tile up, down, left or right. Which lettered "
                              "tile can the blue unit not reach?"))
