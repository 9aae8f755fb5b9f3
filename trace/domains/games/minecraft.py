"""games/minecraft: a blocky voxel world in isometric view -- a ground of square tiles with
stacks of unit cubes (stone, dirt, sand, ores) and, for route questions, a marked track of tiles.

Block textures are data (``BLOCKS``: the top / left / right face colours and the specks that
mark an ore); a cube at (i, j, z) is the isometric kit's voxel (its top and two front faces, in
the kit's painter's order) in the block's colours, specked by ``_look``.  Stacks stand apart (no
two on neighbouring cells) and states where a nearer stack would hide part of a stack's top or
faces are rejected, so every cube can be counted.

Tasks count the stone or dirt blocks raised on the track, the stacks of an exact / minimum
height, and the stacks topped by a named ore.  Difficulty grows the ground (7-8, 8-11, 11-13
cells a side), the stacks (3-4, 4-7, 7-9) and the track (5-6, 6-9, 9-12 cells).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import isometric as iso_kit
from tracegen.kits.three_d.camera import inside

A, B, HC, M = 24.0, 12.0, 26.0, 36.0     # tile half-width, half-height, cube height, margin (px)
GRID = {1: (7, 8), 2: (8, 11), 3: (11, 13)}
N_STACKS = {1: (3, 4), 2: (4, 7), 3: (7, 9)}
TRACK = {1: (5, 6), 2: (6, 9), 3: (9, 12)}
MAX_H = 4

# texture data: face colours (top, left, right) and specks (u, v on the face, colour)
_STONE = ((0.60, 0.61, 0.62), (0.47, 0.48, 0.49), (0.38, 0.39, 0.40))
BLOCKS = {
    "stone": {"faces": _STONE, "specks": [(0.25, 0.3), (0.7, 0.65)], "speck": (0.50, 0.51, 0.52), "r": 1.6},
    "dirt": {"faces": ((0.55, 0.38, 0.24), (0.45, 0.30, 0.18), (0.36, 0.24, 0.14)),
             "specks": [(0.3, 0.25), (0.65, 0.45), (0.4, 0.75)], "speck": (0.33, 0.22, 0.13), "r": 1.8},
    "sand": {"faces": ((0.90, 0.84, 0.62), (0.80, 0.74, 0.52), (0.70, 0.64, 0.44)),
             "specks": [(0.2, 0.6), (0.75, 0.3)], "speck": (0.78, 0.70, 0.48), "r": 1.4},
    "diamond ore": {"faces": _STONE, "specks": [(0.3, 0.3), (0.65, 0.35), (0.45, 0.7), (0.75, 0.72)],
                    "speck": (0.25, 0.85, 0.92), "r": 3.0},
    "gold ore": {"faces": _STONE, "specks": [(0.3, 0.3), (0.65, 0.35), (0.45, 0.7), (0.75, 0.72)],
                 "speck": (0.98, 0.80, 0.15), "r": 3.0},
    "redstone ore": {"faces": _STONE, "specks": [(0.3, 0.3), (0.65, 0.35), (0.45, 0.7), (0.75, 0.72)],
                     "speck": (0.85, 0.10, 0.10), "r": 3.0},
    "emerald ore": {"faces": _STONE, "specks": [(0.3, 0.3), (0.65, 0.35), (0.45, 0.7), (0.75, 0.72)],
                    "speck": (0.10, 0.75, 0.30), "r": 3.0},
    "coal ore": {"faces": _STONE, "specks": [(0.3, 0.3), (0.65, 0.35), (0.45, 0.7), (0.75, 0.72)],
                 "speck": (0.08, 0.08, 0.08), "r": 3.0},
}
ORES = ("diamond ore", "gold ore", "redstone ore", "emerald ore", "coal ore")
BODY = ("stone", "dirt")
GROUNDS = {"grass": ((0.42, 0.68, 0.32), (0.34, 0.58, 0.26)), "stone": ((0.30, 0.31, 0.33), (0.25, 0.26, 0.28))}
TRACK_FILL = (0.95, 0.72, 0.72)
TRACK_LINE = (0.15, 0.80, 0.90)


# ---------------------------------------------------------------------- geometry
def view(state):
    """The scene's projection: tiles 2A x 2B, cubes HC tall, room for the ore key on the left."""
    ox, oy = M + max(state["ny"] * A, 150.0 if state["kind"] == "stacks" else 0.0), M + MAX_H * HC
    return iso_kit.Iso(ox, oy, 2 * A, 2 * B, HC)


def silhouette(state, st):
    """The screen hexagon a stack covers."""
    return iso_kit.stack_silhouette(view(state), st["i"], st["j"], len(st["blocks"]))


def _probes(state, st):
    """Points that must stay in view: the top face (centre and inner corners) and the centre of
    both front faces of every cube."""
    iso, i, j, h = view(state), st["i"], st["j"], len(st["blocks"])
    pts = [iso_kit.voxel_point(iso, i, j, h - 1, "top", u, v)
           for u, v in ((0.5, 0.5), (0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75))]
    for z in range(h):
        pts += [iso_kit.voxel_point(iso, i, j, z, face, 0.5, 0.5) for face in ("left", "right")]
    return pts


def visible(state) -> bool:
    stacks = state["stacks"]
    for a in stacks:
        for b in stacks:
            if b is a or (b["i"] + b["j"]) <= (a["i"] + a["j"]):
                continue
            hexb = silhouette(state, b)
            if any(inside(hexb, p) for p in _probes(state, a)):
                return False
    return True


def canvas(state):
    left = max(state["ny"] * A, 150.0 if state["kind"] == "stacks" else 0.0)     # room for the ore key
    return (int(2 * M + state["nx"] * A + left), int(2 * M + (state["nx"] + state["ny"]) * B + MAX_H * HC))



# ---------------------------------------------------------------------- builders
def _far(cells, i, j, d=2):
    return all(max(abs(i - a), abs(j - b)) >= d for a, b in cells)


def _spots(rng, state, n, avoid=(), d=2):
    """``n`` random cells at Chebyshev distance >= d from each other and from ``avoid``."""
    taken, out = list(avoid), []
    cells = [(i, j) for i in range(state["nx"]) for j in range(state["ny"])]
    for k in rng.permutation(len(cells)):
        i, j = cells[int(k)]
        if _far(taken, i, j, d):
            taken.append((i, j))
            out.append((i, j))
            if len(out) == n:
                break
    return out


def _stack(rng, h, top=None):
    blocks = [BODY[int(rng.integers(2))] for _ in range(h)]
    if top is not None:
        blocks[-1] = top
    return blocks


def _track(rng, nx, ny, length):
    """A self-avoiding lattice path of ``length`` cells that never touches itself sideways."""
    for _ in range(200):
        path = [(int(rng.integers(nx)), int(rng.integers(ny)))]
        while len(path) < length:
            i, j = path[-1]
            opts = []
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                c = (i + di, j + dj)
                if 0 <= c[0] < nx and 0 <= c[1] < ny and c not in path and \
                        all(abs(c[0] - p[0]) + abs(c[1] - p[1]) > 1 for p in path[:-1]):
                    opts.append(c)
            if not opts:
                break
            ahead = (2 * i - path[-2][0], 2 * j - path[-2][1]) if len(path) > 1 else None
            if ahead in opts and rng.random() < 0.6:              # mostly straight runs
                path.append(ahead)
            else:
                path.append(opts[int(rng.integers(len(opts)))])
        if len(path) == length:
            return [list(p) for p in path]
    return None


def _route(rng, st, level, k) -> bool:
    """Lay a track long enough for ``k`` raised blocks on non-consecutive inner track tiles (so the
    track shows between and around them), the blocks, an optional sand block on the track, and
    off-track blocks two or more tiles from the track."""
    length = max(int(rng.integers(TRACK[level][0], TRACK[level][1] + 1)), 3 * k + 3)
    track = _track(rng, st["nx"], st["ny"], length)
    if track is None:
        return False
    st["track"] = track
    on = [tuple(p) for p in track]
    inner = list(range(1, length - 1))
    chosen = []
    for idx in rng.permutation(inner):
        if all(abs(int(idx) - c) > 1 and max(abs(on[int(idx)][0] - on[c][0]), abs(on[int(idx)][1] - on[c][1])) >= 3
               for c in chosen):
            chosen.append(int(idx))
    if len(chosen) < k:
        return False
    kinds = [BODY[int(rng.integers(2))] for _ in range(k)]
    spots = chosen[:k]
    if level >= 2 and len(chosen) > k and rng.random() < 0.5:       # a sand block, which does not count
        spots.append(chosen[k])
        kinds.append("sand")
    st["stacks"] = [{"i": on[t][0], "j": on[t][1], "blocks": [b], "on_track": True} for t, b in zip(spots, kinds)]
    for i, j in _spots(rng, st, int(rng.integers(1, 4 + level)), avoid=on):
        st["stacks"].append({"i": i, "j": j, "blocks": [BODY[int(rng.integers(2))]], "on_track": False})
    return True


def build(kind, rng, level, k=None):
    lo, hi = GRID[level]
    for _ in range(100):
        st = {"kind": kind, "level": level, "nx": int(rng.integers(lo, hi + 1)), "ny": int(rng.integers(lo, hi + 1)),
              "ground": ("grass", "stone")[int(rng.integers(2))], "track": None, "stacks": []}
        if kind == "stacks":
            n = int(rng.integers(N_STACKS[level][0], N_STACKS[level][1] + 1))
            for i, j in _spots(rng, st, n):
                h = int(rng.integers(1, MAX_H + 1))
                top = ORES[int(rng.integers(len(ORES)))] if rng.random() < 0.6 else None
                st["stacks"].append({"i": i, "j": j, "blocks": _stack(rng, h, top)})
        else:
            if not _route(rng, st, level, int(rng.integers(0, 4)) if k is None else k):
                continue
        st["stacks"].sort(key=lambda s: (s["i"] + s["j"], s["i"]))
        if visible(st):
            return st
    return st


class Minecraft(Scene):
    domain, scene_id, size = "games", "minecraft", (600, 440)
    megapixels = (0.24, 0.34)
    aspect_pad = 0.15
    description = ("A blocky voxel world in isometric view: square ground tiles, stacks of textured cubes (stone, "
                   "dirt, sand, ores) and sometimes a marked track.")

    def canvas_size(self, state):
        return canvas(state)

    def variant(self, state):
        return state["kind"]

    def sample(self, rng, difficulty):
        return build(("stacks", "route")[int(rng.integers(2))], rng, difficulty)

    def render(self, c, state, params):
        iso = view(state)
        g0, g1 = GROUNDS[state["ground"]]
        track = {tuple(p) for p in (state["track"] or [])}
        for i in range(state["nx"]):
            for j in range(state["ny"]):
                fill = TRACK_FILL if (i, j) in track else (g0 if (i + j) % 2 else g1)
                c.polygon(iso.top(i, j, 0), fill=fill, stroke=tuple(0.6 * v for v in g1), lw=0.8)
        if state["track"]:
            pts = [iso.center(i, j, 0) for i, j in state["track"]]
            c.polyline(pts, color=(0.1, 0.1, 0.12), lw=7.0)
            c.polyline(pts, color=TRACK_LINE, lw=4.0)
            for end in (pts[0], pts[-1]):
                c.circle(end[0], end[1], 5.0, fill=TRACK_LINE, stroke=(0.1, 0.1, 0.12), lw=1.5)
        cubes = [(st["i"], st["j"], z, kind) for st in state["stacks"] for z, kind in enumerate(st["blocks"])]
        iso_kit.draw_voxels(c, iso, cubes, _look)
        for k, st in enumerate(state["stacks"]):
            c.register(f"stack:{k}", box=iso_kit.bbox(silhouette(state, st)),
                       point=iso.center(st["i"], st["j"], len(st["blocks"])))
        if state["kind"] == "stacks":              # key: each ore's top-face texture and its name
            for r, ore in enumerate(ORES):
                x, y = 22.0, 18.0 + r * 21.0
                tex = BLOCKS[ore]
                quad = [(x, y - 7), (x + 14, y), (x, y + 7), (x - 14, y)]
                c.polygon(quad, fill=tex["faces"][0], stroke=tuple(0.55 * v for v in tex["faces"][1]), lw=1.0)
                for u, v in tex["specks"]:
                    c.circle(x + (u - v) * 14, y - 7 + (u + v) * 7, 2.2, fill=tex["speck"])
                c.text(x + 20, y, ore, size=12, anchor="l", id=f"key:{r}")


def _look(kind):
    """A block's faces (top, left, right colours), edge colour and specks: on the top face and,
    smaller, on both side faces."""
    tex = BLOCKS[kind]
    fill = dict(zip(("top", "left", "right"), tex["faces"]))

    def specks(c, at):
        for u, v in tex["specks"]:
            c.circle(*at("top", u, v), tex["r"], fill=tex["speck"], stroke=tuple(0.5 * q for q in tex["speck"]), lw=0.6)
            c.circle(*at("left", u, v), tex["r"] * 0.8, fill=tex["speck"])
            c.circle(*at("right", u, v), tex["r"] * 0.8, fill=tex["speck"])
    return fill, tuple(0.55 * v for v in fill["left"]), specks


SCENE = Minecraft()
task = SCENE.task
INTRO = ("The image shows a Minecraft-like block world in isometric view: square ground tiles with stacks of cubes "
         "standing on some of them. ")


def _ensure(q, kind):
    return q.edit(lambda st, r: st if st["kind"] == kind else build(kind, r, st["level"]))


@task("resource_route_cost", answer="integer", annotation="bbox_set", ops="filtering,counting,topology")
def resource_route_cost(q):
    target = q.target(range(0, 6))

    def plant(st, rng):
        return build("route", rng, st["level"], target)

    s = q.edit(plant)
    q.require(visible(s), "a block is hidden")
    track = {tuple(p) for p in s["track"]}
    hits = [k for k, st in enumerate(s["stacks"]) if (st["i"], st["j"]) in track and st["blocks"][0] in BODY]
    q.step("raised_on_track", blocks=[[s["stacks"][k]["i"], s["stacks"][k]["j"]] for k in hits])
    return q.answer(len(hits), witnesses=[f"stack:{k}" for k in hits],
                    question=(INTRO + "A track of tinted tiles is marked with a line from one end dot to the other. "
                              "How many of the track's tiles have a raised stone or dirt block standing on them? "
                              "Sand blocks and blocks off the track do not count."))


@task("stack_height_condition_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison",
      queries=("exact_height_count", "at_least_height_count"))
def stack_height_condition_count(q):
    s = _ensure(q, "stacks")
    exact = q.query_id == "exact_height_count"
    n = len(s["stacks"])
    h = q.param("height", lambda r: int(r.integers(1, MAX_H + 1)) if exact else int(r.integers(2, MAX_H + 1)))
    target = q.target(range(1, min(5, n) + 1))

    def plant(st, rng):
        ok = [x for x in range(1, MAX_H + 1) if (x == h if exact else x >= h)]
        bad = [x for x in range(1, MAX_H + 1) if x not in ok]
        for k, idx in enumerate(rng.permutation(n)):
            stc = st["stacks"][int(idx)]
            hh = ok[int(rng.integers(len(ok)))] if k < target else bad[int(rng.integers(len(bad)))]
            top = stc["blocks"][-1]
            stc["blocks"] = _stack(rng, hh, top if top in ORES else None)
        return st

    s = q.edit(plant)
    q.require(visible(s), "a stack is hidden")
    hits = [k for k, st in enumerate(s["stacks"]) if (len(st["blocks"]) == h if exact else len(st["blocks"]) >= h)]
    q.step("heights", heights=[len(st["blocks"]) for st in s["stacks"]])
    rel = "exactly" if exact else "at least"
    return q.answer(len(hits), witnesses=[f"stack:{k}" for k in hits],
                    question=(INTRO + f"How many stacks are {rel} {h} cube{'s' if h > 1 else ''} tall?"))


@task("top_ore_stack_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def top_ore_stack_count(q):
    s = _ensure(q, "stacks")
    ore = q.choice("ore", ORES)
    n = len(s["stacks"])
    target = q.target(range(1, min(6, n) + 1))

    def plant(st, rng):
        others = [o for o in ORES if o != ore] + list(BODY)
        for k, idx in enumerate(rng.permutation(n)):
            stc = st["stacks"][int(idx)]
            stc["blocks"][-1] = ore if k < target else others[int(rng.integers(len(others)))]
        return st

    s = q.edit(plant)
    q.require(visible(s), "a stack is hidden")
    hits = [k for k, st in enumerate(s["stacks"]) if st["blocks"][-1] == ore]
    q.step("tops", tops=[st["blocks"][-1] for st in s["stacks"]])
    return q.answer(len(hits), witnesses=[f"stack:{k}" for k in hits],
                    question=(INTRO + f"Ore blocks are stone cubes with coloured specks. How many stacks have {ore} "
                              f"as their top cube?"))
