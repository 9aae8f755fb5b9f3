"""three_d/object_scene tasks around props and views: a second camera view of the same setup,
objects on / under / inside furniture, what hides the rectangular platform, and the small object
nearest to (or farthest from) a large reference prop in the image."""

from __future__ import annotations

import math

import numpy as np

from tracegen.kits.three_d import models as ms

from . import scene as sc
from .scene import LETTERS, task
from .tasks import CLUTTER, INTRO, REGION, _add, _build, _panel, _shown, _smalls, _visible, screen_centres


# ---------------------------------------------------------------------------------- two views
def _view_ok(state, key, k, idx):
    cam = sc.make_camera(state[key])
    its = sc.items(state)
    vis = ms.visibility(cam, its, sc.frame_size(state))
    x0, y0, x1, y1 = sc.view_box(state, k)
    for i in idx:
        b = ms.item_box(cam, its[i])
        if vis[i] < sc.MIN_VIS or b[0] < x0 + 8 or b[2] > x1 - 8 or b[1] < y0 + 30 or b[3] > y1 - 8:
            return False
    return True


@task("multiview_object_match_label", answer="option_letter", annotation="bbox", ops="transformation,matching")
def multiview_object_match_label(q):
    letter = q.target(LETTERS[:6], stratified=True)

    def laid(state, rng):
        state.update(objects=[], markers=[], boxed=None, panel=[], labels={}, floor="plane",
                     frame=("mv_wide", "mv")[int(rng.integers(2))])
        state["objects"].append(sc.new_obj(rng, "block", 0.0, 0.0, 0.8, role="landmark"))
        blk = state["objects"][0]
        c, s = math.cos(blk["rot"]), math.sin(blk["rot"])
        state["objects"].append(sc.new_obj(rng, "cube", 0.6 * c, 0.6 * s, 1.0, z=0.72, role="landmark"))
        extra = [("tree", 1.1), ("lantern", 1.1)][:q.difficulty - 1]
        if extra:
            got = sc.place(rng, state, extra, (-3.5, -3.0, 3.5, 3.0), gap=0.8)
            if got is None:
                return False
            state["objects"] += got
        kind = sc.pick(rng, ms.SMALL, 1, ("cube", "tree", "lantern"))[0]
        got = sc.place(rng, state, [(kind, 1.15)] * 6, (-4.2, -3.5, 4.2, 3.5), gap=0.9)
        if got is None:
            return False
        color = got[0]["color"]
        for o in got:
            o["color"] = color
        start = len(state["objects"])
        state["objects"] += got
        cands = list(range(start, start + 6))
        az = float(rng.uniform(0, 360))
        delta = float(rng.uniform(70, 150)) * (1 if rng.random() < 0.5 else -1)
        state["camera"] = sc.new_camera(rng, az=round(az, 2), el=(30.0, 48.0))
        state["camera2"] = sc.new_camera(rng, az=round((az + delta) % 360, 2), el=(30.0, 48.0))
        sc.fit_camera(state, rng, "camera", 0)
        sc.fit_camera(state, rng, "camera2", 1)
        if not (_view_ok(state, "camera", 0, cands) and _view_ok(state, "camera2", 1, cands)):
            return False
        boxed = cands[int(rng.integers(6))]
        others = [i for i in cands if i != boxed]
        others = [others[int(i)] for i in rng.permutation(5)]
        labs = [c for c in LETTERS[:6] if c != letter]
        state["labels"] = {str(boxed): letter, **{str(i): lab for i, lab in zip(others, labs)}}
        state["boxed"] = boxed
        return True

    s = ms.rebuild(q, laid)
    ans = s["labels"][str(s["boxed"])]
    q.step("match", boxed=s["boxed"], letter=ans)
    q.offer(6, "image")
    return q.answer(ans, witnesses=f"obj:{s['boxed']}", examples=list(LETTERS[:6]),
                    question=("The image shows two camera views (View 1 and View 2) of the same 3D setup of identical "
                              "objects around a flat platform. Which letter in View 2 is on the object that is boxed "
                              "in red in View 1?"))


# ---------------------------------------------------------------------------------- on / under / inside
TOP_Z = {"shelf": 1.6, "cabinet": 1.0, "table": 0.88}
UNDER_OK = tuple(k for k in ms.SMALL if ms.height(k) <= 0.62)


def relation(state, i, prop):
    """'on_top', 'under' or 'inside' of small object i to prop object ``prop`` (or None)."""
    o, p = state["objects"][i], state["objects"][prop]
    near = math.hypot(o["x"] - p["x"], o["y"] - p["y"]) < 0.45
    if not near:
        return None
    if p["kind"] in TOP_Z and abs(o["z"] - TOP_Z[p["kind"]]) < 0.02:
        return "on_top"
    if p["kind"] == "table" and o["z"] == 0:
        return "under"
    if p["kind"] == "crate" and 0 < o["z"] < 0.1:
        return "inside"
    return None


@task("object_relation_label", answer="option_letter", annotation="bbox", ops="spatial_relations",
      queries=("on_top_of_prop", "under_prop", "inside_prop"))
def object_relation_label(q):
    letter = q.target(LETTERS[:6], stratified=True)
    want = {"on_top_of_prop": "on_top", "under_prop": "under", "inside_prop": "inside"}[q.query_id]
    top = q.choice("top_prop", ["shelf", "cabinet", "table"]) if want == "on_top" else None

    def make(state, rng):
        state["floor"] = "platform" if rng.random() < 0.6 else "plane"
        kinds = ["table", "crate", "shelf" if top in (None, "table", "shelf") else "cabinet"]
        kinds += sc.pick(rng, ("refrigerator", "sofa", "bench", "chair"), CLUTTER[q.difficulty] // 2 + (
            q.difficulty > 1))
        props = _add(state, rng, [(k, 1.0) for k in kinds], gap=0.9)
        if props is None:
            return False
        by = {state["objects"][i]["kind"]: i for i in props}
        holder = by["cabinet"] if "cabinet" in by else by["shelf"]
        slots = [("on_top", holder), ("on_top", by["table"]), ("under", by["table"]), ("inside", by["crate"])]
        first = (want, by[top] if want == "on_top" else by["table" if want == "under" else "crate"])
        target_prop = first[1]
        others = [sl for sl in slots if sl != first]
        n_dec = int(rng.integers(1, 3))
        chosen = [first] + [others[int(i)] for i in rng.permutation(len(others))[:n_dec]]
        kinds_small = sc.pick(rng, ms.SMALL, 6)
        low = [k for k in kinds_small if k in UNDER_OK]
        if "under" in [r for r, _ in chosen]:
            if not low:
                return False
            kinds_small.remove(low[0])
            kinds_small.insert(0, low[0])
            chosen.sort(key=lambda sl: sl[0] != "under")
        cands = []
        for k, (rel, pi) in zip(kinds_small, chosen):
            p = state["objects"][pi]
            z = TOP_Z[p["kind"]] if rel == "on_top" else (0.06 if rel == "inside" else 0.0)
            state["objects"].append(sc.new_obj(rng, k, p["x"] + float(rng.uniform(-0.1, 0.1)),
                                               p["y"] + float(rng.uniform(-0.1, 0.1)), 0.8 if rel != "on_top" else 0.9,
                                               z=z))
            cands.append(len(state["objects"]) - 1)
        rest = [k for k in kinds_small if k not in [state["objects"][c]["kind"] for c in cands]]
        floor = _add(state, rng, [(k, float(rng.uniform(0.95, 1.15))) for k in rest[:6 - len(cands)]], gap=0.6)
        if floor is None or len(cands) + len(floor) != 6:
            return False
        state["refs"] = [target_prop]
        _panel(state, rng, cands + floor, letter)
        return True

    s = _build(q, make, _shown("cands", 0.45))
    pi = s["refs"][0]
    hit = [i for i in s["cands"] if relation(s, i, pi) == want]
    q.require(len(hit) == 1, "one object in the relation")
    q.step("relation", prop=pi, relation=want, chosen=hit[0])
    pn = sc.name(s["objects"][pi])
    where = {"on_top": f"on top of the {pn}", "under": f"under the {pn}", "inside": f"inside the {pn}"}[want]
    return ms.option_answer(q, hit[0], f"{INTRO} with small objects and larger furniture props. Which option names "
                                       f"the small object {where}?", LETTERS[:6])


# ---------------------------------------------------------------------------------- occlusion of the platform
@task("occlusion_order_label", answer="option_letter", annotation="bbox", ops="ranking,spatial_relations")
def occlusion_order_label(q):
    letter = q.target(LETTERS[:6], stratified=True)

    def make(state, rng):
        state["floor"] = "platform"
        blk = sc.new_obj(rng, "block", 0.0, 0.0, float(rng.uniform(1.0, 1.2)))
        state["objects"].append(blk)
        az = math.radians(state["camera"]["az"])
        u = np.array([math.cos(az), math.sin(az)])
        phi = az - blk["rot"]
        half = blk["s"] * (1.1 * abs(math.cos(phi)) + 0.7 * abs(math.sin(phi)))
        kinds = sc.pick(rng, ms.SMALL, 6)
        sc_t = float(rng.uniform(1.0, 1.2))
        dist = half + ms.footprint(kinds[0], sc_t) + float(rng.uniform(0.3, 0.7))
        lat = float(rng.uniform(-0.6, 0.6)) * blk["s"]
        p = dist * u + lat * np.array([-u[1], u[0]])
        state["objects"].append(sc.new_obj(rng, kinds[0], float(p[0]), float(p[1]), sc_t))
        if _add(state, rng, [(k, float(rng.uniform(1.0, 1.2))) for k in kinds[1:]], gap=0.4) is None:
            return False
        if CLUTTER[q.difficulty] and _add(state, rng, [(k, 1.0) for k in sc.pick(
                rng, ms.PROPS, CLUTTER[q.difficulty] // 2 + 1)], gap=0.5) is None:
            return False
        _panel(state, rng, list(range(1, 7)), letter)
        return True

    def check(state, _rng):
        cam, its, size = sc.camera(state), sc.items(state), sc.frame_size(state)
        # the platform's mask once, and stop at the first failing object (the counts are the same)
        m0 = ms.silhouette_mask(cam, its[0], size)

        def over(i):
            return int((m0 & ms.silhouette_mask(cam, its[i], size)).sum())

        if over(1) < 40 or any(over(i) for i in range(2, len(its))):
            return False
        return _visible(state, state["cands"], 0.6) and _visible(state, [1], 0.9)

    s = _build(q, make, check)
    cam, its, size = sc.camera(s), sc.items(s), sc.frame_size(s)
    d0 = cam.distance((s["objects"][0]["x"], s["objects"][0]["y"], 0.45))
    m0 = ms.silhouette_mask(cam, its[0], size)
    hit = [i for i in s["cands"] if (m0 & ms.silhouette_mask(cam, its[i], size)).any()
           and cam.distance((s["objects"][i]["x"], s["objects"][i]["y"], 0.3)) < d0]
    q.require(len(hit) == 1, "one object in front of the platform")
    q.step("occludes", reference=0, chosen=hit[0])
    return ms.option_answer(q, hit[0], f"{INTRO} with a large rectangular platform and several small objects. Which "
                                       f"option names the object that hides part of the rectangular platform?",
                            LETTERS[:6])


# ---------------------------------------------------------------------------------- nearest to a reference prop
@task("reference_nearest_label", answer="option_letter", annotation="bbox", ops="ranking,spatial_relations",
      queries=("closest_to_reference", "farthest_from_reference"))
def reference_nearest_label(q):
    letter = q.target(LETTERS[:6], stratified=True)
    near = q.query_id == "closest_to_reference"

    def make(state, rng):
        kind = sc.pick(rng, ms.PROPS, 1)[0]
        state["objects"].append(sc.new_obj(rng, kind, float(rng.uniform(-1.5, 1.5)), float(rng.uniform(-1, 1)),
                                           float(rng.uniform(1.1, 1.3))))
        cands = _add(state, rng, _smalls(rng, 6), gap=0.4)
        if cands is None:
            return False
        if CLUTTER[q.difficulty] and _add(state, rng, [(k, 1.0) for k in sc.pick(
                rng, ms.PROPS, CLUTTER[q.difficulty] // 2 + 1, (kind,))], gap=0.5) is None:
            return False
        state["refs"] = [0]
        state["cands"] = cands
        return True

    def check(state, rng):
        ctr = screen_centres(state)
        d = {i: math.dist(ctr[i], ctr[0]) for i in state["cands"]}
        order = sorted(d, key=lambda i: d[i] * (1 if near else -1))
        if abs(d[order[0]] - d[order[1]]) < 30:
            return False
        _panel(state, rng, order, letter)
        return _visible(state, state["cands"] + [0])

    s = _build(q, make, check)
    ctr = screen_centres(s)
    best = (min if near else max)(s["cands"], key=lambda i: math.dist(ctr[i], ctr[0]))
    q.step("extremum", by="screen_centre_distance", reference=0, chosen=best)
    pn = sc.name(s["objects"][0])
    w = "closest to" if near else "farthest from"
    return ms.option_answer(q, best, f"{INTRO} with one large {pn} and six smaller objects. In the image, which "
                                     f"option names the small object {w} the {pn} (compare the centres of their "
                                     f"outlines)?", LETTERS[:6])
