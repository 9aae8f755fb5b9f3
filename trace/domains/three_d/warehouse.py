"""three_d/warehouse: a perspective warehouse aisle between shelf racks, with a floor robot, a
forklift and warehouse items (barrels, box stacks, storage bins, wrapped bundles, bollards, tire
stacks, pallets, carts), an optional red box and red travel arrow on the robot, and a four-option
panel below.

Items stand on the floor at (x, y) with a footprint radius (``models.footprint`` times the item's
scale); the gap between two items is their centre distance less both radii.  The robot's path is
the straight corridor ahead of it, as wide as the robot, and an item is in the path when its
footprint reaches into that corridor.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.three_d import models as ms
from tracegen.kits.three_d import camera as pj

FRAMES = {"tall": (960, 960), "wide": (1200, 800)}
PANEL = 126
LETTERS = "ABCD"
MIN_VIS = 0.6
ITEMS = ("barrel", "box stack", "storage bin", "wrapped bundle", "warning bollard", "tire stack", "pallet", "cart",
         "trash can", "traffic cone")
HEX = ("#D9483B", "#3A72D8", "#45A552", "#E2C02C", "#8A4FC2", "#EE8A2A", "#6C7F92", "#2E9C94")
RACK_HEX = ("#3E5C8A", "#8A5A2E", "#4A6B4A", "#6B4A6B")
ROBOT_HALF = 0.45
SCALE = 1.3


def radius(o) -> float:
    return ms.footprint(o["kind"]) * o.get("s", SCALE)


def parts(o):
    """The item's world parts; the same part objects for the same item (kind, colour, place, scale, turn)
    each time, so their outlines are projected once per camera (``ms.outline`` remembers them), from the
    readability test to the drawing.  The parts are only read (their vertices are read-only)."""
    return _parts(o["kind"], o["color"], o["x"], o["y"], o.get("s", SCALE), o["rot"])


@functools.lru_cache(maxsize=512)
def _parts(kind, color, x, y, s, rot):
    got = ms.model(kind, pj.hex_rgb(color), x, y, 0.0, s, rot)
    for p in got:
        if "v" in p:
            p["v"].flags.writeable = False
    return got


def items(state):
    return [parts(o) for o in state["objects"]] + [parts(r) for r in state["racks"]]


def gap(a, b) -> float:
    return math.hypot(a["x"] - b["x"], a["y"] - b["y"]) - radius(a) - radius(b)


def path_coords(robot, o):
    """(forward, lateral) of item o in the robot's frame."""
    h = robot["rot"]
    dx, dy = o["x"] - robot["x"], o["y"] - robot["y"]
    return dx * math.cos(h) + dy * math.sin(h), -dx * math.sin(h) + dy * math.cos(h)


def in_path(robot, o) -> bool:
    f, l = path_coords(robot, o)
    return f > 0 and abs(l) < ROBOT_HALF * SCALE + radius(o)


def readable(state, idx):
    W, H = FRAMES[state["frame"]]
    cam = pj.Camera.stored(state["camera"])
    its = items(state)
    for i in idx:
        b = ms.item_box(cam, its[i])
        if b[0] < 10 or b[1] < 10 or b[2] > W - 10 or b[3] > H - 10 or max(b[2] - b[0], b[3] - b[1]) < 24:
            return False
    vis = ms.visibility(cam, its, (W, H), cell=4.0)
    return all(vis[i] >= MIN_VIS for i in idx)


def fit(state, rng):
    cm = state["camera"]
    cm.update(focal=1.0, cx=0.0, cy=0.0)
    cam = pj.Camera.stored(state["camera"])
    uv = np.vstack([ms.outline(cam, p) for ps in items(state)[:len(state["objects"])] for p in ps])
    ms.fit_camera(cm, uv, FRAMES[state["frame"]], rng)


class Warehouse(ms.PanelScene, Scene):
    domain, scene_id, size = "three_d", "warehouse", FRAMES["tall"]
    description = "A perspective warehouse aisle with shelf racks, a robot, a forklift and warehouse items."
    frames, panel = FRAMES, PANEL

    def sample(self, rng, difficulty):
        racks = []
        for side in (-1, 1):
            x = -9.0
            while x < 7.0:
                racks.append({"kind": "rack", "x": round(x + 2.0 * 1.1, 2), "y": round(side * 5.6, 2), "rot": 0.0,
                              "s": 1.1, "color": RACK_HEX[int(rng.integers(len(RACK_HEX)))]})
                x += 4.6
        return {"frame": ("tall", "wide")[int(rng.integers(2))], "racks": racks, "objects": [], "cands": [],
                "robot": None, "ref": None, "boxed": False, "clutter": {1: 0, 2: 2, 3: 4}[difficulty],
                "camera": {"tx": 0.0, "az": round(float(rng.uniform(0, 360)), 2),
                           "el": round(float(rng.uniform(35, 55)), 2), "dist": round(float(rng.uniform(30, 38)), 2),
                           "focal": 1.0, "cx": 0.0, "cy": 0.0}}

    def claims(self, state, params):
        return [Claim("refbox", "colour", "red"), Claim("arrow", "colour", "red")] if state.get("boxed") else []

    def render(self, c, state, params):
        W, H = FRAMES[state["frame"]]
        cam = pj.Camera.stored(state["camera"])
        with ms.picture(c, (W, H), "background"):
            ms.draw_floor(c, cam, (-40, -40, 40, 40), step=1.5, edge=None)
            floor = pj.project_clipped(cam, np.array([(-11, -4.6, 0), (11, -4.6, 0), (11, 4.6, 0), (-11, 4.6, 0)],
                                                     float))
            if floor is not None:
                c.polygon([tuple(p) for p in floor.tolist()], fill="grid")
            if state.get("boxed"):
                r = state["objects"][state["robot"]]
                h = r["rot"]
                d, n = np.array([math.cos(h), math.sin(h)]), np.array([-math.sin(h), math.cos(h)])
                base = np.array([r["x"], r["y"]]) + d * (radius(r) + 0.2)
                pts = [base + d * a + n * b for a, b in ((0, -0.15), (1.2, -0.15), (1.2, -0.45), (1.9, 0), (1.2, 0.45),
                                                         (1.2, 0.15), (0, 0.15))]
                uv, _ = cam.project(np.array([(p[0], p[1], 0.02) for p in pts]))
                c.polygon([tuple(p) for p in uv.tolist()], fill="red", stroke="red", lw=1.0, id="arrow")
            its = items(state)
            ms.draw_items(c, cam, its)
        ms.register_items(c, cam, its, len(state["objects"]), state["robot"] if state.get("boxed") else None)
        ms.option_panel(c, W, H, PANEL, [state["objects"][i]["kind"] for i in state["cands"]], LETTERS)


SCENE = Warehouse()
task = SCENE.task
INTRO = ("The image shows a perspective warehouse aisle with shelf racks, warehouse equipment and items, and an "
         "option panel below. ")
AISLE = (-9.5, -3.6, 9.5, 3.6)


def new_obj(rng, kind, x, y, rot=None):
    return {"kind": kind, "x": round(float(x), 3), "y": round(float(y), 3), "s": SCALE,
            "rot": round(float(rng.uniform(0, 2 * math.pi)) if rot is None else float(rot), 3),
            "color": HEX[int(rng.integers(len(HEX)))]}


def free(state, o, gap_min=0.5):
    x0, y0, x1, y1 = AISLE
    r = radius(o)
    if not (x0 + r < o["x"] < x1 - r and y0 + r < o["y"] < y1 - r):
        return False
    return all(gap(o, p) > gap_min for p in state["objects"])


def put(state, rng, kind=None, where=None, tries=60):
    """Add an item (a fresh kind) at a random free spot, or at ``where(rng) -> (x, y)``; its index."""
    used = {o["kind"] for o in state["objects"]}
    pool = [k for k in ITEMS if k not in used]
    kind = kind or pool[int(rng.integers(len(pool)))]
    for _ in range(tries):
        x, y = where(rng) if where else (rng.uniform(AISLE[0], AISLE[2]), rng.uniform(AISLE[1], AISLE[3]))
        o = new_obj(rng, kind, x, y)
        if free(state, o):
            state["objects"].append(o)
            return len(state["objects"]) - 1
    return None


def _build(q, make):
    def laid(state, rng):
        state.update(objects=[], cands=[], robot=None, ref=None, boxed=False)
        if not make(state, rng):
            return False
        for _k in range(state["clutter"]):
            if put(state, rng) is None:
                return False
        state["camera"]["tx"] = round(float(np.mean([o["x"] for o in state["objects"]])), 2)
        fit(state, rng)
        return readable(state, state["cands"] + [i for i in (state["robot"], state["ref"]) if i is not None])
    return ms.rebuild(q, laid)


@task("nearest_candidate_to_reference_label", answer="option_letter", annotation="bbox", ops="ranking,spatial_relations",
      queries=("closest_object_to_reference", "closest_object_to_robot"))
def nearest_candidate_to_reference_label(q):
    letter = q.target(LETTERS, stratified=True)
    to_robot = q.query_id == "closest_object_to_robot"

    def make(state, rng):
        r = put(state, rng, "robot")
        f = put(state, rng, "forklift")
        if r is None or f is None:
            return False
        state["robot"] = r
        ref = r if to_robot else f
        state["ref"] = ref
        cands = [put(state, rng) for _ in range(4)]
        if None in cands:
            return False
        g = sorted(cands, key=lambda i: gap(state["objects"][i], state["objects"][ref]))
        if gap(state["objects"][g[1]], state["objects"][ref]) - gap(state["objects"][g[0]], state["objects"][ref]) < 1.0:
            return False
        state["cands"] = ms.option_order(rng, g, letter, LETTERS)
        return True

    s = _build(q, make)
    ref = s["objects"][s["ref"]]
    best = min(s["cands"], key=lambda i: gap(s["objects"][i], ref))
    q.step("argmin", by="floor_gap", reference=s["ref"], chosen=best)
    name = "robot" if to_robot else "forklift"
    return ms.option_answer(q, best, INTRO + f"Among the listed items, which one is nearest to the {name} (the "
                                             f"smallest gap between their footprints on the floor)?", LETTERS)


@task("robot_forward_path_label", answer="option_letter", annotation="bbox",
      ops="ranking,spatial_relations,topology")
def robot_forward_path_label(q):
    letter = q.target(LETTERS, stratified=True)

    def make(state, rng):
        heading = (0.0 if rng.random() < 0.5 else math.pi) + float(rng.uniform(-0.25, 0.25))
        d, n = np.array([math.cos(heading), math.sin(heading)]), np.array([-math.sin(heading), math.cos(heading)])
        start = np.array([-6.5 * d[0], float(rng.uniform(-1.5, 1.5))])
        robot = new_obj(rng, "robot", start[0], start[1], heading)
        robot["color"] = "#3A72D8"
        state["objects"].append(robot)
        state["robot"] = 0
        f1 = float(rng.uniform(3.0, 6.0))

        def at(f, l):
            return lambda r: tuple(start + d * f + n * l)

        tgt = put(state, rng, where=lambda r: tuple(start + d * f1 + n * float(r.uniform(-0.3, 0.3))))
        if tgt is None:
            return False
        half = ROBOT_HALF * SCALE
        kinds = [
            lambda r: tuple(start + d * float(r.uniform(f1 + 3.0, f1 + 7.0)) + n * float(r.uniform(-0.3, 0.3))),
            lambda r: tuple(start + d * float(r.uniform(1.5, f1 - 0.5)) + n * float(r.choice([-1, 1])) *
                            float(r.uniform(half + 1.9, half + 3.0))),
            lambda r: tuple(start + d * float(r.uniform(f1, f1 + 6)) + n * float(r.choice([-1, 1])) *
                            float(r.uniform(half + 1.9, half + 3.0))),
            lambda r: tuple(start - d * float(r.uniform(2.2, 3.0)) + n * float(r.uniform(-0.3, 0.3))),
        ]
        cands = [tgt]
        for k in rng.permutation(4)[:3]:
            i = put(state, rng, where=kinds[int(k)])
            if i is None:
                return False
            cands.append(i)
        state["boxed"] = True
        state["cands"] = ms.option_order(rng, cands, letter, LETTERS)
        return True

    s = _build(q, make)
    robot = s["objects"][s["robot"]]
    ahead = [i for i in range(len(s["objects"])) if i != s["robot"] and in_path(robot, s["objects"][i])]
    q.require(ahead and min(ahead, key=lambda i: path_coords(robot, s["objects"][i])[0]) in s["cands"],
              "the first item in the path is a candidate")
    best = min(ahead, key=lambda i: path_coords(robot, s["objects"][i])[0])
    q.step("first_in_path", robot=s["robot"], chosen=best)
    return ms.option_answer(q, best, INTRO + ("The robot in the red box faces along the red arrow. If it drives "
                                              "straight ahead in that direction, which listed item does it reach "
                                              "first?"), LETTERS)
