"""illustrations/pixel_village: a top-down pixel-art village on a tile grid: dirt paths, often a
river with a bridge, houses, trees, people, ponds, wells, lamp posts, crates and barrels, and
fenced areas (a cemetery with graves, an orchard with fruit trees).  Every object covers whole
tiles (its footprint), so "on a path" (a person's tile is a path tile) and "left of the river"
(every footprint tile is left of the river's columns) are exact.  Three image-composition views
cut the picture into tiles (``kits.picture_tiles``)."""

from __future__ import annotations

import numpy as np

from tracegen.core.task import Scene
from tracegen.kits import picture_tiles as pt
from tracegen.kits import sprites_data as sd
from tracegen.kits import tilemap as tm

T = 32                                  # tile side (logical units)
SHAPES = {1: ((16, 12), (14, 14), (12, 16)), 2: ((27, 18), (21, 21), (18, 27)), 3: ((30, 21), (24, 24), (21, 30))}
PATH = (0.80, 0.66, 0.42)
PATH_DOT = (0.62, 0.48, 0.28)
WATER = (0.24, 0.50, 0.80)
WATER_HI = (0.55, 0.75, 0.95)
GRASS = ((0.42, 0.66, 0.30), (0.38, 0.61, 0.27))
YARD = (0.33, 0.55, 0.30)
FENCE = (0.25, 0.22, 0.20)
POND = (0.26, 0.52, 0.82)
POND_EDGE = (0.16, 0.34, 0.60)
# object kinds: name -> (footprint w, h, plural for prompts)
KINDS = {"house": (3, 2, "houses"), "tree": (1, 1, "trees"), "person": (1, 1, "people"), "pond": (2, 2, "ponds"),
         "well": (1, 1, "wells"), "lamp": (1, 1, "lamp posts"), "crate": (1, 1, "crates"),
         "barrel": (1, 1, "barrels"), "rock": (1, 1, "rocks"), "flowers": (1, 1, "flower patches"),
         "grave": (1, 1, "graves")}
KIND_CODE = {k: i + 1 for i, k in enumerate(KINDS)}
ZONES = {"cemetery": "grave", "orchard": "tree"}
ZW, ZH = 9, 5                           # fenced area: 4 x 2 slots inside a fence


# ---------------------------------------------------------------------------- layout
def ground(state):
    """Per-tile ground: "G" grass, "P" path, "W" river, "B" bridge, "Z" inside a fenced area, "F" fence."""
    R, C = state["rows"], state["cols"]
    g = [["G"] * C for _ in range(R)]
    for r, c in state["paths"]:
        g[r][c] = "P"
    for c in state.get("river", []):
        for r in range(R):
            g[r][c] = "B" if g[r][c] == "P" else "W"
    for z in state["zones"]:
        r0, c0 = z["r"], z["c"]
        for r in range(r0, r0 + ZH):
            for c in range(c0, c0 + ZW):
                edge = r in (r0, r0 + ZH - 1) or c in (c0, c0 + ZW - 1)
                g[r][c] = "F" if edge else "Z"
    return g


def slots(z):
    return [(z["r"] + 1 + 2 * i, z["c"] + 1 + 2 * j) for i in range(2) for j in range(4)]


def footprint(e):
    return [(e["r"] + i, e["c"] + j) for i in range(e["h"]) for j in range(e["w"])]


def occupied(state):
    return {t for e in state["objects"] for t in footprint(e)}


def fits(state, g, occ, r, c, w, h, allow="G"):
    R, C = state["rows"], state["cols"]
    if r < 0 or c < 0 or r + h > R or c + w > C:
        return False
    return all(g[r + i][c + j] in allow and (r + i, c + j) not in occ for i in range(h) for j in range(w))


def add_object(state, rng, kind, *, allow="G", where=None, tries=200, g=None, occ=None):
    """Place one ``kind`` object on free tiles of ground ``allow`` (and ``where(r, c)``); True if placed."""
    g = ground(state) if g is None else g
    occ = occupied(state) if occ is None else occ
    w, h, _ = KINDS[kind]
    for _ in range(tries):
        r, c = int(rng.integers(state["rows"] - h + 1)), int(rng.integers(state["cols"] - w + 1))
        if kind == "house" and not fits(state, g, occ, r + h, c + 1, 1, 1):
            continue                       # the door step stays free
        if fits(state, g, occ, r, c, w, h, allow) and (where is None or where(r, c, w, h)):
            e = {"kind": kind, "r": r, "c": c, "w": w, "h": h, "v": int(rng.integers(6))}
            state["objects"].append(e)
            occ.update(footprint(e))
            return True
    return False


def build(rng, R, C, difficulty, river=None):
    state = {"rows": R, "cols": C, "paths": [], "river": [], "zones": [], "objects": [], "view": "map"}
    if river is None:
        river = bool(rng.random() < 0.6)
    cr = None
    if river:
        cr = int(rng.integers(int(C * 0.35), int(C * 0.62)))
        state["river"] = [cr, cr + 1]
    pr = int(rng.integers(int(R * 0.35), int(R * 0.65)))
    paths = {(pr, c) for c in range(1, C - 1)}
    cols = [c for c in range(2, C - 2) if cr is None or abs(c - cr) > 2 and abs(c - cr - 1) > 2]
    for _ in range(1 + int(rng.integers(2))):
        pc = cols[int(rng.integers(len(cols)))]
        a = int(rng.integers(1, max(2, pr - 2)))
        b = int(rng.integers(min(R - 2, pr + 2), R - 1))
        if rng.random() < 0.3:
            a = pr
        paths |= {(r, pc) for r in range(a, b + 1)}
    state["paths"] = sorted([list(p) for p in paths])
    # fenced areas
    names = ["cemetery", "orchard"]
    for name in [names[int(i)] for i in rng.permutation(2)][:int(rng.integers(1, 3))]:
        g = ground(state)
        for _ in range(200):
            r, c = int(rng.integers(R - ZH + 1)), int(rng.integers(C - ZW + 1))
            if all(g[rr][cc] == "G" for rr in range(max(0, r - 1), min(R, r + ZH + 1))
                   for cc in range(max(0, c - 1), min(C, c + ZW + 1))):
                state["zones"].append({"name": name, "r": r, "c": c})
                break
    g = ground(state)
    occ = set()
    for z in state["zones"]:
        kind = ZONES[z["name"]]
        n = int(rng.integers(3, 9))
        for rc in [slots(z)[int(i)] for i in rng.permutation(8)[:n]]:
            e = {"kind": kind, "r": rc[0], "c": rc[1], "w": 1, "h": 1, "v": int(rng.integers(2))}
            state["objects"].append(e)
            occ.add(rc)
    scale = {1: 0.5, 2: 1.0, 3: 1.3}[difficulty]
    counts = {"house": (4, 7), "tree": (4, 9), "person": (3, 7), "pond": (0, 2), "well": (0, 2), "lamp": (2, 5),
              "crate": (1, 4), "barrel": (1, 3), "rock": (1, 3), "flowers": (2, 5)}
    for kind, (lo, hi) in counts.items():
        n = int(round(int(rng.integers(lo, hi + 1)) * scale))
        for _ in range(n):
            if kind == "person" and rng.random() < 0.4:
                add_object(state, rng, kind, allow="P", g=g, occ=occ)
            else:
                add_object(state, rng, kind, g=g, occ=occ)
    return state


def in_zone(e, z):
    return z["r"] < e["r"] < z["r"] + ZH - 1 and z["c"] < e["c"] < z["c"] + ZW - 1


def zone_of(state, e):
    for i, z in enumerate(state["zones"]):
        if in_zone(e, z):
            return i
    return None


# ---------------------------------------------------------------------------- drawing
def picture_size(state):
    return (state["cols"] * T, state["rows"] * T)


def draw_village(c, state):
    g = ground(state)
    R, C = state["rows"], state["cols"]
    for r in range(R):
        for col in range(C):
            x, y, k = col * T, r * T, g[r][col]
            if k in ("G", "F"):
                c.rect(x, y, T, T, fill=GRASS[((r // 2) + (col // 2)) % 2])
            elif k == "Z":
                c.rect(x, y, T, T, fill=YARD)
            elif k == "P":
                c.rect(x, y, T, T, fill=PATH)
                for dx, dy in ((0.2, 0.3), (0.7, 0.6), (0.45, 0.85)):
                    c.rect(x + dx * T, y + dy * T, 2, 2, fill=PATH_DOT)
            else:
                c.rect(x, y, T, T, fill=WATER)
                c.line(x + 6 + (r % 2) * 8, y + 10, x + 14 + (r % 2) * 8, y + 10, color=WATER_HI, lw=1.5)
                if k == "B":
                    c.rect(x, y + 3, T, T - 6, fill=sd.PLANK, stroke=sd.PLANK_DARK, lw=1.5)
                    for j in (1, 2, 3):
                        c.line(x + j * T / 4, y + 3, x + j * T / 4, y + T - 3, color=sd.PLANK_DARK, lw=1.0)
    for z in state["zones"]:
        x0, y0 = z["c"] * T + T / 2, z["r"] * T + T / 2
        x1, y1 = x0 + (ZW - 1) * T, y0 + (ZH - 1) * T
        for a, b in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
            c.line(a[0], a[1] - 4, b[0], b[1] - 4, color=FENCE, lw=2.0)
            c.line(a[0], a[1] + 3, b[0], b[1] + 3, color=FENCE, lw=2.0)
        for k in range(ZW):
            for yy in (y0, y1):
                c.rect(x0 + k * T - 2, yy - 8, 4, 15, fill=FENCE)
        for k in range(ZH):
            for xx in (x0, x1):
                c.rect(xx - 2, y0 + k * T - 8, 4, 15, fill=FENCE)
    for e in sorted(state["objects"], key=lambda e: (e["r"] + e["h"], e["c"])):
        draw_object(c, e)


def draw_object(c, e):
    x, y, k, v = e["c"] * T, e["r"] * T, e["kind"], e["v"]
    if k == "house":
        roof = sd.ROOFS[list(sd.ROOFS)[v % 4]]
        tm.draw_sprite(c, "house", x, y, 2 * T, palette={**sd.PALETTE, "R": roof[0], "Q": roof[1]})
    elif k == "pond":
        c.ellipse(x + T, y + T, T * 0.92, T * 0.78, fill=POND, stroke=POND_EDGE, lw=2.0)
        c.line(x + T * 0.6, y + T * 0.8, x + T * 1.1, y + T * 0.8, color=WATER_HI, lw=1.5)
    elif k == "tree":
        if v % 3 == 2:
            tm.draw_sprite(c, "pine", x, y, T)
        else:
            a, b, l_ = sd.CROWNS[v % 3]
            tm.draw_sprite(c, "tree", x, y, T, palette={**sd.PALETTE, "o": a, "O": b, "y": l_})
    elif k == "person":
        tm.draw_sprite(c, "person", x, y, T, palette={**sd.PALETTE, "c": sd.SHIRTS[v % len(sd.SHIRTS)]})
    else:
        tm.draw_sprite(c, k, x, y, T)


def raster(state):
    """One code per tile: ground letter and the object part covering it."""
    g = ground(state)
    base = {"G": 0, "P": 1, "W": 2, "B": 3, "Z": 4, "F": 5}
    out = np.array([[base[ch] * 1000 for ch in row] for row in g], dtype=np.int64)
    for e in state["objects"]:
        for i, (r, c) in enumerate(footprint(e)):
            out[r, c] += KIND_CODE[e["kind"]] * 20 + i + 1
    return out


class PixelVillage(Scene):
    domain, scene_id, size = "illustrations", "pixel_village", (888, 600)
    megapixels = (0.95, 1.3)   # image area (MP); the original's median is 1.12 (1.28 for the card views)
    description = ("A top-down pixel-art village: dirt paths, a river with a bridge, houses, trees, people, ponds, "
                   "wells, lamp posts, crates and fenced areas such as a cemetery and an orchard.")
    allow_noise = False

    def sample(self, rng, difficulty):
        shapes = SHAPES[difficulty]
        C, R = shapes[int(rng.integers(len(shapes)))]
        return build(rng, R, C, difficulty)

    def variant(self, state):
        return state.get("view", "map")

    def canvas_size(self, state):
        return pt.patch_view_size(state.get("view", "map"), picture_size(state), cell=T, patch=state.get("patch"),
                                  n_options=state.get("n_options"), grid=state.get("tiles"))

    def render(self, c, state, params):
        m = pt.draw_patch_view(c, lambda cc: draw_village(cc, state), state.get("view", "map"), picture_size(state),
                               params, cell=T, patch=state.get("patch"), grid=state.get("tiles"))
        if m is not None:
            for i, e in enumerate(state["objects"]):
                c.register(f"obj:{i}", box=(m + e["c"] * T, m + e["r"] * T, m + (e["c"] + e["w"]) * T,
                                            m + (e["r"] + e["h"]) * T))


SCENE = PixelVillage()
task = SCENE.task


def _set_count(q, kind, t, *, allow="G", where=None, keep=None, river=None):
    """Edit: make exactly ``t`` objects of ``kind`` satisfy ``keep`` (default: all of that kind),
    removing random ones or adding new ones on ``allow`` ground where ``where`` holds."""
    keep = keep or (lambda st, e: True)

    def fn(state, rng):
        if river is not None and bool(state["river"]) != river:
            state = build(rng, state["rows"], state["cols"], q.difficulty, river=river)
        objs = state["objects"]
        hits = [i for i, e in enumerate(objs) if e["kind"] == kind and keep(state, e)]
        drop = set(hits[int(i)] for i in rng.permutation(len(hits))[:max(0, len(hits) - t)])
        state["objects"] = [e for i, e in enumerate(objs) if i not in drop]
        for _ in range(max(0, t - len(hits))):
            ok = None if where is None else (lambda r, c, w, h, st=state: where(st, r, c, w, h))
            if not add_object(state, rng, kind, allow=allow, where=ok):
                state["failed"] = 1
        return state

    s = q.edit(fn)
    q.require("failed" not in s, "could not place the objects")
    return s


def _hits(s, kind, keep=None):
    return [i for i, e in enumerate(s["objects"]) if e["kind"] == kind and (keep is None or keep(s, e))]


COUNT_KINDS = ("person", "tree", "house", "pond", "well", "lamp", "crate", "barrel")


@task("object_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def object_type_count(q):
    kind = q.choice("kind", COUNT_KINDS)
    hi = {"house": 6, "pond": 3, "well": 3}.get(kind, 8)
    t = q.target(range(1, hi + 1))
    s = _set_count(q, kind, t, allow="PG" if kind == "person" else "G")
    hits = _hits(s, kind)
    name = KINDS[kind][2]
    q.step("filter", kind=kind, count=len(hits))
    return q.answer(len(hits), witnesses=[f"obj:{i}" for i in hits], examples=[len(hits) + 2],
                    question=f"The picture shows a pixel-art village seen from above. How many {name} are there?")


def on_path(s, e):
    paths = {tuple(p) for p in s["paths"]}
    return any(t in paths for t in footprint(e))


@task("person_path_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,spatial_relations,topology")
def person_path_count(q):
    t = q.target(range(2, 7))
    s = _set_count(q, "person", t, allow="P", keep=on_path)
    q.require(len(_hits(s, "person")) > len(_hits(s, "person", on_path)), "everyone is on a path")
    hits = _hits(s, "person", on_path)
    q.step("filter", on_path=len(hits))
    return q.answer(len(hits), witnesses=[f"obj:{i}" for i in hits], examples=[len(hits) + 1],
                    question=("The picture shows a pixel-art village seen from above, with dirt paths. How many "
                              "people are standing on a path?"))


SIDE_KINDS = ("tree", "person", "lamp", "crate")


@task("river_side_object_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition,spatial_relations")
def river_side_object_count(q):
    kind = q.choice("kind", SIDE_KINDS)
    side = q.choice("side", ["left", "right"])
    t = q.target(range(2, 8))

    def sided(st, e):
        cr = st["river"]
        cs = [c for _, c in footprint(e)]
        return max(cs) < min(cr) if side == "left" else min(cs) > max(cr)

    def where(st, r, c, w, h):
        return sided(st, {"r": r, "c": c, "w": w, "h": h})

    keep = sided if kind != "tree" else (lambda st, e: sided(st, e) and zone_of(st, e) is None)
    s = _set_count(q, kind, t, allow="PG" if kind == "person" else "G", keep=keep, where=where, river=True)
    hits = _hits(s, kind, sided)
    name = KINDS[kind][2]
    q.step("filter", kind=kind, side=side, count=len(hits))
    return q.answer(len(hits), witnesses=[f"obj:{i}" for i in hits], examples=[len(hits) + 2],
                    question=(f"The picture shows a pixel-art village seen from above, with a river running from "
                              f"top to bottom. How many {name} are on the {side} side of the river?"))


@task("territory_object_count", answer="integer", annotation="bbox_set", ops="filtering,counting,logical_composition")
def territory_object_count(q):
    t = q.target(range(3, 9))
    zi = q.param("zone", lambda r: int(r.integers(len(q.state["zones"]))) if q.state["zones"] else -1)
    q.require(zi >= 0, "no fenced area")
    z = q.state["zones"][zi]
    kind = ZONES[z["name"]]

    def fn(state, rng):
        zz = state["zones"][zi]
        objs = [e for e in state["objects"] if not in_zone(e, zz)]
        for rc in [slots(zz)[int(i)] for i in rng.permutation(8)[:t]]:
            objs.append({"kind": kind, "r": rc[0], "c": rc[1], "w": 1, "h": 1, "v": int(rng.integers(2))})
        state["objects"] = objs
        if kind == "tree":                 # trees outside the orchard too, so the fence matters
            g = ground(state)
            occ = occupied(state)
            for _ in range(2):
                add_object(state, rng, "tree", g=g, occ=occ)
        return state

    s = q.edit(fn)
    hits = [i for i, e in enumerate(s["objects"]) if e["kind"] == kind and in_zone(e, s["zones"][zi])]
    where = "inside the fenced cemetery" if z["name"] == "cemetery" else "inside the fenced orchard"
    name = KINDS[kind][2]
    q.step("filter", zone=z["name"], count=len(hits))
    return q.answer(len(hits), witnesses=[f"obj:{i}" for i in hits], examples=[len(hits) + 2],
                    question=f"The picture shows a pixel-art village seen from above. How many {name} are {where}?")


def _view(q, view, **extra):
    def fn(state, rng):
        state["view"] = view
        state.update(extra)
        return state
    return q.edit(fn)


def _busy(cells):
    return float(np.mean(cells % 1000 > 0)) >= 0.25


PATCH = {1: (6, 4), 2: (5, 4), 3: (4, 3)}


@task("missing_patch_label", answer="option_letter", annotation="bbox_map", ops="transformation,matching")
def missing_patch_label(q):
    k = q.param("n_options", lambda r: 6 if q.difficulty == 3 or (q.difficulty == 2 and r.random() < 0.35) else 4)
    s = _view(q, "missing", patch=list(PATCH[q.difficulty]), n_options=k)
    W, H = picture_size(s)
    return pt.missing_patch(q, raster(s), T, W, H, patch=tuple(s["patch"]), k=k, busy=_busy,
                            subject="pixel village picture")


def _grid_for(s):
    R, C = s["rows"], s["cols"]
    if R == C:
        return [3, 3]
    return [2, 3] if C > R else [3, 2]


@task("rotated_tile_label", answer="option_letter", annotation="bbox", ops="transformation")
def rotated_tile_label(q):
    s = _view(q, "rotated", tiles=_grid_for(q.state))
    W, H = picture_size(s)
    return pt.rotated_tile(q, raster(s), T, W, H, tuple(s["tiles"]), subject="pixel village picture")


@task("swapped_tile_pair_label", answer="option_letter", annotation="bbox_set", ops="transformation")
def swapped_tile_pair_label(q):
    s = _view(q, "swapped", tiles=[3, 3])
    W, H = picture_size(s)
    return pt.swapped_pair(q, raster(s), T, W, H, (3, 3), subject="pixel village picture")
