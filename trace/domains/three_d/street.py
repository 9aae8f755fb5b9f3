"""three_d/street: a perspective view of a street crossing (four arms) or T junction (three) with
two-lane roads, dashed centre lines, crosswalks, sidewalks and buildings, street objects (cars,
taxi, van, bus, bikes, hydrant, barrel, cone, barrier, ...) on the lanes and sidewalks, an
optional red reference box and red travel arrow, and a four-option panel below.

Positions are (arm, s, l): ``s`` metres out from the crossing centre along the arm, ``l`` metres to
the right of the outward direction (right-hand traffic: the outward lane is l = +1.75, the inward
lane l = -1.75, sidewalks |l| > 3.5).  Every named object is a different kind.
"""

from __future__ import annotations

import math

import numpy as np

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.three_d import models as ms
from tracegen.kits.three_d import camera as pj

FRAMES = {"tall": (960, 960), "wide": (1200, 800)}
PANEL = 126
LETTERS = "ABCD"
ROAD, LANE, WALK = 3.5, 1.75, 6.2
MIN_VIS = 0.6
ARM_ANGLES = (0, 90, 180, 270)
HEX = ("#D9483B", "#3A72D8", "#45A552", "#E2C02C", "#8A4FC2", "#EE8A2A", "#6C7F92", "#2E9C94", "#C93B93")
BUILD_HEX = ("#8C9AA8", "#A77E70", "#9C8CAE", "#7E9C8C", "#B09A7A", "#6F8FB0")
ROAD_RGB, LINE_RGB, WHITE = (0.34, 0.35, 0.38), (0.95, 0.78, 0.15), (0.96, 0.96, 0.96)
RED = (0.86, 0.12, 0.12)


def axes(arm):
    a = math.radians(ARM_ANGLES[arm])
    out = np.array([math.cos(a), math.sin(a)])
    return out, np.array([out[1], -out[0]])


def world(arm, s, l):
    out, right = axes(arm)
    return s * out + l * right


def scale(kind) -> float:
    """Display scale: small street furniture and two-wheelers are drawn larger than life to stay legible."""
    if kind in ("car", "taxi", "van", "pickup truck"):
        return 1.25
    if kind == "bus":
        return 1.0
    if kind in ("motorcycle", "bicycle", "scooter"):
        return 1.9
    return 2.3


def foot(kind) -> float:
    return ms.footprint(kind) * scale(kind)


def obj_parts(o):
    x, y = world(o["arm"], o["s"], o["l"])
    out, _ = axes(o["arm"])
    heading = math.atan2(out[1], out[0]) + (math.pi if o.get("dir", 1) < 0 else 0.0) + o.get("yaw", 0.0)
    return ms.model(o["kind"], pj.hex_rgb(o["color"]), float(x), float(y), 0.0, scale(o["kind"]), heading)


def building_parts(b):
    return ms.slab(pj.hex_rgb(b["color"]), b["x"], b["y"], b["w"], b["d"], b["h"])


def items(state):
    return [obj_parts(o) for o in state["objects"]] + [building_parts(b) for b in state["buildings"]]


def boxes(state):
    cam = pj.Camera.stored(state["camera"])
    return [ms.item_box(cam, p) for p in items(state)[:len(state["objects"])]]


def readable(state, idx):
    W, H = FRAMES[state["frame"]]
    bs = boxes(state)
    if not all(bs[i][0] > 10 and bs[i][1] > 10 and bs[i][2] < W - 10 and bs[i][3] < H - 10
               and max(bs[i][2] - bs[i][0], bs[i][3] - bs[i][1]) > 26 for i in idx):
        return False
    vis = ms.visibility(pj.Camera.stored(state["camera"]), items(state), (W, H), cell=4.0)
    return all(vis[i] >= MIN_VIS for i in idx)


def fit(state, rng):
    cm = state["camera"]
    cm.update(focal=1.0, cx=0.0, cy=0.0)
    cam = pj.Camera.stored(state["camera"])
    pts = [ms.outline(cam, p) for parts in items(state)[:len(state["objects"])] for p in parts]
    pts.append(cam.project(np.array([(-8, -8, 0), (8, -8, 0), (8, 8, 0), (-8, 8, 0)], float))[0])
    ms.fit_camera(cm, np.vstack(pts), FRAMES[state["frame"]], rng, zoom=(0.8, 0.9), margin=40)


def new_obj(rng, kind, arm, s, l, direction=1):
    return {"kind": kind, "arm": int(arm), "s": round(float(s), 3), "l": round(float(l), 3), "dir": int(direction),
            "yaw": 0.0 if kind in ms.VEHICLES else round(float(rng.uniform(0, math.pi)), 3),
            "color": HEX[int(rng.integers(len(HEX)))]}


def clear(state, arm, s, l, kind, gap=0.8):
    p = world(arm, s, l)
    r = foot(kind)
    return all(np.linalg.norm(p - world(o["arm"], o["s"], o["l"])) > r + foot(o["kind"]) + gap
               for o in state["objects"])


def ground_dist(o) -> float:
    return float(np.linalg.norm(world(o["arm"], o["s"], o["l"])))


class Street(ms.PanelScene, Scene):
    domain, scene_id, size = "three_d", "street", FRAMES["tall"]
    description = ("A perspective street crossing or T junction with roads, crosswalks, buildings and street "
                   "objects, and a four-option panel.")
    frames, panel = FRAMES, PANEL

    def sample(self, rng, difficulty):
        arms = [0, 1, 2, 3]
        if rng.random() < 0.45:
            arms.remove(int(rng.integers(4)))
        state = {"frame": ("tall", "wide")[int(rng.integers(2))], "arms": arms, "objects": [], "buildings": [],
                 "cands": [], "boxed": None, "arrow": None, "clutter": {1: 0, 2: 2, 3: 4}[difficulty],
                 "camera": {"az": round(float(rng.uniform(0, 360)), 2), "el": round(float(rng.uniform(38, 55)), 2),
                            "dist": round(float(rng.uniform(50, 62)), 2), "focal": 1.0, "cx": 0.0, "cy": 0.0}}
        for qx in (-1, 1):
            for qy in (-1, 1):
                if rng.random() < 0.75:
                    w, d = float(rng.uniform(5, 9)), float(rng.uniform(5, 9))
                    state["buildings"].append({"x": round(qx * (WALK + 1.5 + w / 2 + float(rng.uniform(0, 6))), 2),
                                               "y": round(qy * (WALK + 1.5 + d / 2 + float(rng.uniform(0, 6))), 2),
                                               "w": round(w, 2), "d": round(d, 2),
                                               "h": round(float(rng.uniform(5, 14)), 2),
                                               "color": BUILD_HEX[int(rng.integers(len(BUILD_HEX)))]})
        return state

    def claims(self, state, params):
        out = []
        if state.get("boxed") is not None:
            out.append(Claim("refbox", "colour", "red"))
        if state.get("arrow"):
            out.append(Claim("arrow", "colour", "red"))
        return out

    def render(self, c, state, params):
        W, H = FRAMES[state["frame"]]
        cam = pj.Camera.stored(state["camera"])
        with ms.picture(c, (W, H), "panel") as ctx:
            L = 90.0

            def poly(pts, fill):
                uv = pj.project_clipped(cam, np.array([(x, y, 0.0) for x, y in pts], float))
                if uv is not None:
                    pj.path(ctx, uv)
                    ctx.set_source_rgb(*fill)
                    ctx.fill()

            for arm in state["arms"]:
                out, right = axes(arm)
                pts = [tuple(s * out + l * right) for s, l in ((0, -ROAD), (L, -ROAD), (L, ROAD), (0, ROAD))]
                poly(pts, ROAD_RGB)
            poly([(-ROAD, -ROAD), (ROAD, -ROAD), (ROAD, ROAD), (-ROAD, ROAD)], ROAD_RGB)
            for arm in state["arms"]:
                out, right = axes(arm)
                s = 8.0
                while s < L:
                    poly([tuple(a * out + b * right)
                          for a, b in ((s, -0.12), (s + 3, -0.12), (s + 3, 0.12), (s, 0.12))], LINE_RGB)
                    s += 6.0
                for k in range(7):
                    l0 = -ROAD + 0.3 + k * 1.0
                    poly([tuple(a * out + b * right) for a, b in ((ROAD + 0.5, l0), (ROAD + 2.8, l0),
                                                                    (ROAD + 2.8, l0 + 0.5), (ROAD + 0.5, l0 + 0.5))],
                         WHITE)
            arrow = state.get("arrow")
            if arrow:
                o = state["objects"][arrow["obj"]]
                out, right = axes(o["arm"])
                d = out * o["dir"]
                s0 = foot(o["kind"]) + 0.4
                base = world(o["arm"], o["s"], o["l"])
                pts = [base + d * s0 + d * a + np.array([d[1], -d[0]]) * b
                       for a, b in ((0, -0.3), (2.4, -0.3), (2.4, -0.9), (3.8, 0), (2.4, 0.9), (2.4, 0.3), (0, 0.3))]
                uv = pj.project_clipped(cam, np.array([(p[0], p[1], 0.03) for p in pts], float))
                c.polygon([tuple(p) for p in uv.tolist()], fill="red", stroke="red", lw=1.0, id="arrow")
            its = items(state)
            ms.draw_items(c, cam, its)
        ms.register_items(c, cam, its, len(state["objects"]), state.get("boxed"))
        ms.option_panel(c, W, H, PANEL, [state["objects"][i]["kind"] for i in state["cands"]], LETTERS)


SCENE = Street()
task = SCENE.task
INTRO = ("The image shows a perspective street intersection with roads, crosswalks, sidewalks, buildings and "
         "street objects, and an option panel below. ")
LANE_KINDS = ("car", "taxi", "van", "pickup truck", "bus", "motorcycle", "bicycle", "scooter", "road barrel",
              "traffic cone", "construction barrier")
WALK_KINDS = ("fire hydrant", "mailbox", "trash can", "street lamp", "phone booth", "road barrel", "traffic cone")


def _kinds(state, pool):
    used = {o["kind"] for o in state["objects"]}
    return [k for k in pool if k not in used]


def _put(state, rng, arm, s_range, where, kinds=None, direction=None):
    """Add one object on ``arm`` in a lane ("out"/"in") or on a sidewalk ("walk"); returns its index."""
    pool = _kinds(state, kinds or (LANE_KINDS if where != "walk" else WALK_KINDS))
    if not pool:
        return None
    kind = pool[int(rng.integers(len(pool)))]
    for _ in range(40):
        s = float(rng.uniform(*s_range))
        if where == "walk":
            l = float(rng.choice([-1, 1])) * float(rng.uniform(4.6, 5.4))
        else:
            l = LANE if where == "out" else -LANE
        if s - foot(kind) > WALK and clear(state, arm, s, l, kind):
            d = direction if direction is not None else (1 if where == "out" else -1)
            state["objects"].append(new_obj(rng, kind, arm, s, l, d))
            return len(state["objects"]) - 1
    return None


def _clutter(state, rng, avoid_arms=()):
    for _ in range(state["clutter"]):
        arms = [a for a in state["arms"] if a not in avoid_arms] or state["arms"]
        arm = arms[int(rng.integers(len(arms)))]
        if _put(state, rng, arm, (8, 24), ("out", "in", "walk")[int(rng.integers(3))]) is None:
            return False
    return True


def _build(q, make):
    def laid(state, rng):
        state.update(objects=[], cands=[], boxed=None, arrow=None)
        if not make(state, rng):
            return False
        fit(state, rng)
        return readable(state, state["cands"] + ([state["boxed"]] if state["boxed"] is not None else []))
    return ms.rebuild(q, laid)


@task("intersection_nearest_label", answer="option_letter", annotation="bbox", ops="ranking,spatial_relations")
def intersection_nearest_label(q):
    letter = q.target(LETTERS, stratified=True)

    def make(state, rng):
        cands = []
        for _ in range(4):
            arm = state["arms"][int(rng.integers(len(state["arms"])))]
            i = _put(state, rng, arm, (7, 24), ("out", "in", "walk")[int(rng.integers(3))])
            if i is None:
                return False
            cands.append(i)
        d = sorted(cands, key=lambda i: ground_dist(state["objects"][i]))
        if ground_dist(state["objects"][d[1]]) - ground_dist(state["objects"][d[0]]) < 3.0:
            return False
        if not _clutter(state, rng):
            return False
        state["cands"] = ms.option_order(rng, d, letter, LETTERS)
        return True

    s = _build(q, make)
    best = min(s["cands"], key=lambda i: ground_dist(s["objects"][i]))
    q.step("argmin", by="ground_distance_to_centre", chosen=best)
    return ms.option_answer(q, best, INTRO + "Among the listed street objects, which one stands closest to the centre "
                                             "of the intersection (measured on the ground)?", LETTERS)


def ahead(ref, o) -> bool:
    """Same arm, same lane and further along the reference's travel direction."""
    return (o["arm"] == ref["arm"] and abs(o["l"] - ref["l"]) < 0.5
            and (o["s"] - ref["s"]) * ref["dir"] > 0)


@task("lane_ahead_object_label", answer="option_letter", annotation="bbox", ops="spatial_relations")
def lane_ahead_object_label(q):
    letter = q.target(LETTERS, stratified=True)

    def make(state, rng):
        arm = state["arms"][int(rng.integers(len(state["arms"])))]
        lane = ("out", "in")[int(rng.integers(2))]
        sref = float(rng.uniform(9, 12)) if lane == "out" else float(rng.uniform(22, 26))
        ref = _put(state, rng, arm, (sref, sref + 0.1), lane, kinds=("car", "taxi", "van", "pickup truck",
                                                                     "motorcycle", "scooter"))
        if ref is None:
            return False
        d = 1 if lane == "out" else -1
        ahead_rng = (sref + 8, sref + 14) if d > 0 else (8, sref - 8)
        behind_rng = (sref - 14, sref - 8) if d > 0 else (sref + 8, sref + 14)
        tgt = _put(state, rng, arm, ahead_rng, lane)
        if tgt is None:
            return False
        other = "in" if lane == "out" else "out"
        decoys = [(arm, ahead_rng, other), (arm, ahead_rng, "walk"), (arm, behind_rng, lane)]
        others = [a for a in state["arms"] if a != arm]
        decoys.append((others[int(rng.integers(len(others)))], (8, 22), ("out", "in")[int(rng.integers(2))]))
        picks = [decoys[int(i)] for i in rng.permutation(4)[:3]]
        cands = [tgt]
        for a, r, w in picks:
            i = _put(state, rng, a, (max(7.0, r[0]), max(7.5, r[1])), w)
            if i is None:
                return False
            cands.append(i)
        if not _clutter(state, rng, avoid_arms=(arm,)):
            return False
        state["boxed"] = ref
        state["arrow"] = {"obj": ref}
        state["cands"] = ms.option_order(rng, cands, letter, LETTERS)
        return True

    s = _build(q, make)
    ref = s["objects"][s["boxed"]]
    hits = [i for i in s["cands"] if ahead(ref, s["objects"][i])]
    q.require(len(hits) == 1, "one object ahead in the lane")
    q.step("ahead_in_lane", reference=s["boxed"], chosen=hits[0])
    return ms.option_answer(q, hits[0], INTRO + ("One street object is marked by a red box, and a red arrow on the "
                                                 "road shows its travel direction. If it keeps moving along its lane "
                                                 "in the direction of the red arrow, which listed object is ahead of "
                                                 "it in the same lane?"), LETTERS)


@task("same_road_arm_reference_label", answer="option_letter", annotation="bbox", ops="topology")
def same_road_arm_reference_label(q):
    letter = q.target(LETTERS, stratified=True)

    def make(state, rng):
        arm = state["arms"][int(rng.integers(len(state["arms"])))]
        wheres = ("out", "in", "walk")
        ref = _put(state, rng, arm, (8, 22), wheres[int(rng.integers(3))])
        tgt = _put(state, rng, arm, (8, 24), wheres[int(rng.integers(3))])
        if ref is None or tgt is None:
            return False
        others = [a for a in state["arms"] if a != arm]
        cands = [tgt]
        for k in range(3):
            i = _put(state, rng, others[(k + int(rng.integers(len(others)))) % len(others)], (8, 24),
                     wheres[int(rng.integers(3))])
            if i is None:
                return False
            cands.append(i)
        if not _clutter(state, rng, avoid_arms=(arm,)):
            return False
        state["boxed"] = ref
        state["cands"] = ms.option_order(rng, cands, letter, LETTERS)
        return True

    s = _build(q, make)
    ref = s["objects"][s["boxed"]]
    hits = [i for i in s["cands"] if s["objects"][i]["arm"] == ref["arm"]]
    q.require(len(hits) == 1, "one object on the reference arm")
    q.step("same_arm", reference=s["boxed"], arm=ref["arm"], chosen=hits[0])
    return ms.option_answer(q, hits[0], INTRO + ("One street object is marked by a red box. Which listed object is on "
                                                 "the same road arm of the intersection (its road or sidewalks) as the "
                                                 "red-boxed object?"), LETTERS)
