"""three_d/room: a perspective view into a box room (floor, back wall, left and right walls) with
furniture on the floor and flat wall-mounted objects (picture frame, mirror, TV, clock, fan, coat,
air conditioner, window, whiteboard) hung on the three walls, and an option panel below.

Wall objects are placed along each wall at a position ``u`` (x on the back wall, depth y on the
side walls) and a height; "left of" along a wall is as seen when facing that wall from inside the
room, which for all three walls is the image's left.  Furniture stands clear of the walls; a wall
object a question compares must stay ``MIN_VIS`` visible (id-buffer check of the kit).
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.task import Scene
from tracegen.kits.three_d import models as ms
from tracegen.kits.three_d import camera as pj

FRAMES = {"tall": (960, 960), "wide": (1200, 800)}
PANEL = 168
LETTERS = "ABCDEF"
ROOM_H = 3.0
MIN_VIS = 0.65
WALLS = ("back", "left", "right")
# kind -> (width, height) in metres
WALL_KINDS = {"picture frame": (0.8, 0.6), "mirror": (0.6, 0.9), "TV": (1.1, 0.7), "clock": (0.55, 0.55),
              "fan": (0.7, 0.7), "coat": (0.55, 0.85), "air conditioner": (1.1, 0.4), "window": (0.9, 0.8),
              "whiteboard": (1.2, 0.7)}
FURNITURE = ("table", "chair", "cabinet", "sofa", "shelf", "crate", "bench")
SMALL = ("ball", "drum", "tree", "lantern", "cube")
FURN_HEX = ("#9AA7B0", "#A48A68", "#7E9C8C", "#9C8CAE", "#B09A7A", "#8C9AA8", "#A77E70", "#8FA37A")


RIGHT = {"back": (1.0, 0.0, 0.0), "left": (0.0, 1.0, 0.0), "right": (0.0, -1.0, 0.0)}
INWARD = {"back": (0.0, -1.0, 0.0), "left": (1.0, 0.0, 0.0), "right": (-1.0, 0.0, 0.0)}


def side_coord(o) -> float:
    """Position along the wall, growing to the right as seen facing the wall from inside."""
    return -o["u"] if o["wall"] == "right" else o["u"]


def _wall_xyz(state, o, du, dv, off):
    """``wall_point`` as a tuple of floats: base + du * right + (0, 0, v + dv) + off * inward, each
    coordinate summed in that order (the float operations of the array version, without the arrays)."""
    W, D = state["room"]
    wall = o["wall"]
    b = (o["u"], D, 0.0) if wall == "back" else (-W / 2, o["u"], 0.0) if wall == "left" else (W / 2, o["u"], 0.0)
    r, n = RIGHT[wall], INWARD[wall]
    z = (0.0, 0.0, o["v"] + dv)
    return tuple(float(b[k] + du * r[k] + z[k] + off * n[k]) for k in range(3))


def wall_point(state, o, du, dv, off=0.02):
    """World point at offset (du right, dv up) from a wall object's centre, ``off`` off the wall."""
    return np.array(_wall_xyz(state, o, du, dv, off))


def centre(state, o):
    return wall_point(state, o, 0.0, 0.0)


def wall_parts(state, o):
    """A thin box standing for the wall object (occlusion checks)."""
    w, h = WALL_KINDS[o["kind"]]
    pts = np.array([_wall_xyz(state, o, du * w / 2, dv * h / 2, off) for du in (-1, 1) for dv in (-1, 1)
                    for off in (0.0, 0.05)])
    hull = [[0, 2, 6, 4], [1, 5, 7, 3], [0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6]]
    return [{"v": pts, "f": hull, "rgb": (0.5, 0.5, 0.5)}]


def furn_parts(f):
    return ms.model(f["kind"], pj.hex_rgb(f["color"]), f["x"], f["y"], 0.0, f["s"], f["rot"])


def all_items(state):
    its = [wall_parts(state, o) for o in state["wall_objects"]] + [furn_parts(f) for f in state["furniture"]]
    layers = [0] * len(state["wall_objects"]) + [1] * len(state["furniture"])
    return its, layers


def visibility(state):
    its, layers = all_items(state)
    return ms.visibility(pj.Camera.stored(state["camera"]), its, FRAMES[state["frame"]], cell=5.0,
                         layers=layers)[:len(state["wall_objects"])]


def wall_boxes(state):
    cam = pj.Camera.stored(state["camera"])
    return [ms.item_box(cam, wall_parts(state, o)) for o in state["wall_objects"]]


def _place_walls(rng, state, kinds, walls):
    """Wall objects of ``kinds`` on ``walls`` (one wall per kind), not overlapping along a wall."""
    W, D = state["room"]
    out = []
    for kind, wall in zip(kinds, walls):
        w, h = WALL_KINDS[kind]
        span = (-W / 2 + 0.3 + w / 2, W / 2 - 0.3 - w / 2) if wall == "back" else (2.2 + w / 2, D - 0.3 - w / 2)
        for _ in range(80):
            u = float(rng.uniform(*span))
            v = float(rng.uniform(1.0 + h / 2, ROOM_H - 0.25 - h / 2))
            if all(o["wall"] != wall or abs(o["u"] - u) > (w + WALL_KINDS[o["kind"]][0]) / 2 + 0.3 for o in out):
                break
        else:
            return None
        out.append({"kind": kind, "wall": wall, "u": round(u, 3), "v": round(v, 3)})
    return out


def _place_furniture(rng, state, n):
    W, D = state["room"]
    out = []
    kinds = [FURNITURE[int(i)] for i in rng.choice(len(FURNITURE), size=min(n, 4), replace=False)]
    kinds += [SMALL[int(i)] for i in rng.choice(len(SMALL), size=max(0, n - 4), replace=False)]
    for k in kinds:
        s = 0.8 if k in FURNITURE else 0.8
        r = ms.footprint(k, s)
        for _ in range(80):
            x = float(rng.uniform(-W / 2 + r + 0.5, W / 2 - r - 0.5))
            y = float(rng.uniform(1.5 + r, D - r - 0.5))
            if all(math.hypot(x - f["x"], y - f["y"]) > r + ms.footprint(f["kind"], f["s"]) + 0.3 for f in out):
                break
        else:
            return None
        out.append({"kind": k, "x": round(x, 3), "y": round(y, 3), "s": s,
                    "rot": round(float(rng.choice([0.0, math.pi / 2, math.pi, 1.5 * math.pi]) + rng.uniform(-0.2, 0.2)), 3),
                    "color": FURN_HEX[int(rng.integers(len(FURN_HEX)))]})
    return out


def set_camera(state, rng):
    W, D = state["room"]
    cm = {"ex": round(float(rng.uniform(-0.6, 0.6)), 3), "ey": round(-float(rng.uniform(1.2, 2.2)), 3),
          "ez": round(float(rng.uniform(1.7, 2.4)), 3), "tx": 0.0, "ty": round(D * 0.75, 3), "tz": 0.9,
          "focal": 1.0, "cx": 0.0, "cy": 0.0}
    state["camera"] = cm
    Wf, Hf = FRAMES[state["frame"]]
    cam = pj.Camera.stored(state["camera"])
    back = cam.project(np.array([(-W / 2, D, 0.0), (W / 2, D, 0.0), (-W / 2, D, ROOM_H), (W / 2, D, ROOM_H)]))[0]
    span = back[:, 0].max() - back[:, 0].min()
    f = float(rng.uniform(0.5, 0.6)) * Wf / span
    mid_u = (back[:, 0].max() + back[:, 0].min()) / 2
    top_v = back[:, 1].min()
    cm.update(focal=round(f, 3), cx=round(Wf / 2 - f * mid_u, 2), cy=round(Hf * 0.2 - f * top_v, 2))


class Room(ms.PanelScene, Scene):
    domain, scene_id, size = "three_d", "room", FRAMES["tall"]
    description = "A perspective view into a room with furniture and wall-mounted objects, and an option panel."
    frames, panel = FRAMES, PANEL

    def sample(self, rng, difficulty):
        n_furn = {1: 2, 2: 4, 3: 6}[difficulty]
        frame = ("tall", "wide")[int(rng.integers(2))]
        state = {"frame": frame, "room": [round(float(rng.uniform(6.0, 7.5)), 2), round(float(rng.uniform(7.0, 9.0)), 2)],
                 "wall_objects": [], "furniture": [], "cands": [], "ref": None, "panel": []}
        set_camera(state, rng)
        furn = _place_furniture(rng, state, n_furn)
        state["furniture"] = furn or []
        return state

    def render(self, c, state, params):
        W, D = state["room"]
        Wf, Hf = FRAMES[state["frame"]]
        cam = pj.Camera.stored(state["camera"])
        with ms.picture(c, (Wf, Hf), "background") as ctx:
            walls = {"back": [(-W / 2, D, 0), (W / 2, D, 0), (W / 2, D, ROOM_H), (-W / 2, D, ROOM_H)],
                     "left": [(-W / 2, 0, 0), (-W / 2, D, 0), (-W / 2, D, ROOM_H), (-W / 2, 0, ROOM_H)],
                     "right": [(W / 2, 0, 0), (W / 2, D, 0), (W / 2, D, ROOM_H), (W / 2, 0, ROOM_H)]}
            fills = {"back": "paper", "left": "panel", "right": "panel"}
            for k in ("left", "right", "back"):
                poly = pj.project_clipped(cam, np.array(walls[k], float))
                if poly is not None:
                    c.polygon([tuple(p) for p in poly.tolist()], fill=fills[k], stroke="muted", lw=1.2)
            ms.draw_floor(c, cam, (-W / 2, 0.0, W / 2, D), step=1.0, fill="grid", grid="muted", edge="muted")
            for i, o in enumerate(state["wall_objects"]):
                self._wall_object(c, state, cam, o, f"wobj:{i}")
            its = [furn_parts(f) for f in state["furniture"]]
            ms.draw_items(c, cam, its)
        ms.option_panel(c, Wf, Hf, PANEL, [state["wall_objects"][i]["kind"] for i in state["cands"]], LETTERS,
                        row_h=42)

    def _wall_object(self, c, state, cam, o, eid):
        w, h = WALL_KINDS[o["kind"]]
        ctx = c.ctx

        def P(du, dv):
            uv, _ = cam.project(wall_point(state, o, du * w / 2, dv * h / 2)[None, :])
            return float(uv[0, 0]), float(uv[0, 1])

        def poly(pts, fill, stroke=(0.15, 0.15, 0.18), lw=1.2):
            pj.path(ctx, [P(a, b) for a, b in pts])
            if fill is not None:
                ctx.set_source_rgb(*fill)
                ctx.fill_preserve()
            ctx.set_source_rgb(*stroke)
            ctx.set_line_width(lw)
            ctx.stroke()

        def rect(x0, y0, x1, y1, fill, **kw):
            poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], fill, **kw)

        def circ(cx, cy, r, fill, n=28, **kw):
            poly([(cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n) * w / h)
                  for k in range(n)], fill, **kw)

        def seg(a, b, color=(0.15, 0.15, 0.18), lw=1.6):
            ctx.move_to(*P(*a))
            ctx.line_to(*P(*b))
            ctx.set_source_rgb(*color)
            ctx.set_line_width(lw)
            ctx.stroke()

        k = o["kind"]
        if k == "picture frame":
            rect(-1, -1, 1, 1, (0.55, 0.36, 0.2))
            rect(-0.78, -0.72, 0.78, 0.72, (0.75, 0.87, 0.95))
            poly([(-0.78, -0.72), (-0.2, 0.3), (0.25, -0.2), (0.5, 0.1), (0.78, -0.3), (0.78, -0.72)], (0.3, 0.55, 0.35))
        elif k == "mirror":
            rect(-1, -1, 1, 1, (0.4, 0.47, 0.55))
            rect(-0.8, -0.86, 0.8, 0.86, (0.78, 0.9, 0.96))
            seg((-0.5, -0.2), (0.1, 0.6), (1, 1, 1), 2.4)
            seg((-0.2, -0.5), (0.4, 0.3), (1, 1, 1), 2.0)
        elif k == "TV":
            rect(-1, -0.75, 1, 1, (0.1, 0.1, 0.12))
            rect(-0.9, -0.6, 0.9, 0.88, (0.18, 0.3, 0.5))
            rect(-0.2, -1.0, 0.2, -0.75, (0.1, 0.1, 0.12))
        elif k == "clock":
            circ(0, 0, 1.0, (0.96, 0.93, 0.82), stroke=(0.3, 0.25, 0.2), lw=2.0)
            for t in range(12):
                a = 2 * math.pi * t / 12
                seg((0.8 * math.cos(a), 0.8 * math.sin(a)), (0.9 * math.cos(a), 0.9 * math.sin(a)), lw=1.2)
            seg((0, 0), (0.0, 0.6), lw=2.2)
            seg((0, 0), (0.45, -0.2), lw=2.2)
        elif k == "fan":
            circ(0, 0, 1.0, (0.85, 0.88, 0.9), stroke=(0.25, 0.3, 0.35), lw=2.0)
            for t in range(3):
                a = 2 * math.pi * t / 3
                poly([(0, 0), (0.85 * math.cos(a - 0.35), 0.85 * math.sin(a - 0.35)),
                      (0.85 * math.cos(a + 0.35), 0.85 * math.sin(a + 0.35))], (0.35, 0.45, 0.55))
            circ(0, 0, 0.15, (0.2, 0.25, 0.3))
        elif k == "coat":
            seg((0, 0.75), (0, 1.0), lw=1.6)
            seg((-0.7, 0.6), (0.7, 0.6), lw=2.0)
            poly([(-0.7, 0.6), (0.7, 0.6), (1.0, -1.0), (-1.0, -1.0)], (0.52, 0.3, 0.62))
            seg((-0.3, 0.6), (0, 0.1), lw=1.4)
            seg((0.3, 0.6), (0, 0.1), lw=1.4)
        elif k == "air conditioner":
            rect(-1, -1, 1, 1, (0.93, 0.94, 0.95))
            for t in range(4):
                seg((-0.85, -0.7 + 0.25 * t), (0.85, -0.7 + 0.25 * t), (0.45, 0.5, 0.55), 1.2)
        elif k == "window":
            rect(-1, -1, 1, 1, (0.95, 0.95, 0.95))
            rect(-0.85, -0.85, 0.85, 0.85, (0.62, 0.82, 0.95))
            seg((0, -0.85), (0, 0.85), (0.95, 0.95, 0.95), 3.0)
            seg((-0.85, 0), (0.85, 0), (0.95, 0.95, 0.95), 3.0)
        else:   # whiteboard
            rect(-1, -1, 1, 1, (0.6, 0.62, 0.66))
            rect(-0.92, -0.85, 0.92, 0.9, (0.99, 0.99, 0.99))
            seg((-0.6, 0.4), (0.2, 0.4), (0.2, 0.4, 0.8), 2.0)
            seg((-0.6, 0.1), (0.5, 0.1), (0.8, 0.25, 0.25), 2.0)
        pts = np.array([P(a, b) for a in (-1, 1) for b in (-1, 1)])
        c.register(eid, box=pj.bbox(pts))


SCENE = Room()
task = SCENE.task


def _finish(q, ref, cands, letter, pick):
    """Order the candidates so ``pick`` (answer) lands on ``letter``; require readability."""
    rest = [i for i in cands if i != pick]
    k = LETTERS.index(letter)
    return rest[:k] + [pick] + rest[k:]


def _readable(state, idx):
    Wf, Hf = FRAMES[state["frame"]]
    bs = wall_boxes(state)
    if not all(bs[i][0] > 8 and bs[i][2] < Wf - 8 and bs[i][1] > 8 and bs[i][3] < Hf - 8 for i in idx):
        return False
    vis = visibility(state)
    return all(vis[i] >= MIN_VIS for i in idx)


INTRO = "The image shows a perspective view into a room with furniture and wall-mounted objects. "


@task("wall_object_camera_distance_label", answer="option_letter", annotation="bbox", ops="ranking,spatial_relations")
def wall_object_camera_distance_label(q):
    letter = q.target(LETTERS, stratified=True)

    def laid(state, rng):
        walls = [WALLS[int(rng.integers(3))] for _ in range(6)]
        kinds = [list(WALL_KINDS)[int(i)] for i in rng.choice(len(WALL_KINDS), size=6, replace=False)]
        objs = _place_walls(rng, state, kinds, walls)
        if objs is None:
            return False
        state["wall_objects"] = objs
        cam = pj.Camera.stored(state["camera"])
        d = sorted((cam.distance(centre(state, o)), i) for i, o in enumerate(objs))
        if d[1][0] - d[0][0] < 0.6 or not _readable(state, range(6)):
            return False
        state["cands"] = _finish(q, None, list(range(6)), letter, d[0][1])
        return True

    s = ms.rebuild(q, laid)
    cam = pj.Camera.stored(s["camera"])
    best = min(range(len(s["wall_objects"])), key=lambda i: cam.distance(centre(s, s["wall_objects"][i])))
    q.step("argmin", by="camera_distance", chosen=best)
    return ms.option_answer(q, best, INTRO + "Which option names the wall-mounted object nearest to the camera?",
                            LETTERS, "wobj")


@task("wall_object_same_wall_reference_label", answer="option_letter", annotation="bbox", ops="spatial_relations")
def wall_object_same_wall_reference_label(q):
    letter = q.target(LETTERS, stratified=True)

    def laid(state, rng):
        w0 = WALLS[int(rng.integers(3))]
        others = [w for w in WALLS if w != w0]
        walls = [w0, w0] + [others[int(rng.integers(2))] for _ in range(5)]
        kinds = [list(WALL_KINDS)[int(i)] for i in rng.choice(len(WALL_KINDS), size=7, replace=False)]
        objs = _place_walls(rng, state, kinds, walls)
        if objs is None:
            return False
        state["wall_objects"] = objs
        if not _readable(state, range(7)):
            return False
        state["ref"] = 0
        state["cands"] = _finish(q, 0, list(range(1, 7)), letter, 1)
        return True

    s = ms.rebuild(q, laid)
    ref = s["wall_objects"][s["ref"]]
    hit = [i for i in s["cands"] if s["wall_objects"][i]["wall"] == ref["wall"]]
    q.require(len(hit) == 1, "one object on the reference wall")
    q.step("same_wall", reference=s["ref"], wall=ref["wall"], chosen=hit[0])
    return ms.option_answer(q, hit[0], INTRO + f"Which option names the wall-mounted object hanging on the same wall "
                                               f"as the {ref['kind']}?", LETTERS, "wobj")


@task("wall_object_side_relation_label", answer="option_letter", annotation="bbox",
      ops="logical_composition,spatial_relations", queries=("left_of_reference_on_wall", "right_of_reference_on_wall"))
def wall_object_side_relation_label(q):
    letter = q.target(LETTERS, stratified=True)
    left = q.query_id.startswith("left")

    def laid(state, rng):
        w0 = WALLS[int(rng.integers(3))]
        others = [w for w in WALLS if w != w0]
        n_same = int(rng.integers(2, 4))
        walls = [w0] * n_same + [others[int(rng.integers(2))] for _ in range(7 - n_same)]
        kinds = [list(WALL_KINDS)[int(i)] for i in rng.choice(len(WALL_KINDS), size=7, replace=False)]
        objs = _place_walls(rng, state, kinds, walls)
        if objs is None:
            return False
        same = sorted(range(n_same), key=lambda i: side_coord(objs[i]))
        # the reference is the one with exactly one same-wall neighbour on the asked side
        ref = same[1] if left else same[-2]
        side = [i for i in same if i != ref and (side_coord(objs[i]) < side_coord(objs[ref])) == left]
        if len(side) != 1:
            return False
        state["wall_objects"] = objs
        if not _readable(state, range(7)):
            return False
        state["ref"] = ref
        state["cands"] = _finish(q, ref, [i for i in range(7) if i != ref], letter, side[0])
        return True

    s = ms.rebuild(q, laid, 60)
    ref = s["wall_objects"][s["ref"]]
    hit = [i for i in s["cands"] if s["wall_objects"][i]["wall"] == ref["wall"]
           and (side_coord(s["wall_objects"][i]) < side_coord(ref)) == left]
    q.require(len(hit) == 1, "one object on that side")
    q.step("side_on_wall", reference=s["ref"], side="left" if left else "right", chosen=hit[0])
    w = "left" if left else "right"
    return ms.option_answer(q, hit[0], INTRO + f"Which option names the wall-mounted object to the {w} of the "
                                               f"{ref['kind']} along the same wall (as seen facing that wall from "
                                               f"inside the room)?", LETTERS, "wobj")
