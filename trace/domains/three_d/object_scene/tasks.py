"""three_d/object_scene tasks: each rebuilds the layout it asks about (``q.edit``), then answers
from the world coordinates (floor positions, support heights, camera distances) or from the
projected boxes the renderer draws."""

from __future__ import annotations

import itertools
import math

import numpy as np

from tracegen.kits.three_d import models as ms

from . import scene as sc
from .scene import LETTERS, task

INTRO = "The image shows a perspective 3D scene on a floor"
CLUTTER = {1: 0, 2: 1, 3: 3}
REGION = (-5.0, -4.0, 5.0, 4.0)
SMALL_NO_BALL = tuple(k for k in ms.SMALL if k != "ball")
PERMS = ["".join(p) for p in itertools.permutations("PQR")]


# ---------------------------------------------------------------------------------- shared helpers
def cam_dist(state, p) -> float:
    return sc.camera(state).distance((p[0], p[1], 0.0))


def obj_dist(state, i) -> float:
    o = state["objects"][i]
    return cam_dist(state, (o["x"], o["y"]))


def _fresh(state, rng):
    state.update(objects=[], markers=[], boxed=None, panel=[], labels={}, cands=[], refs=[])
    state["camera"] = sc.new_camera(rng)
    return state


def _build(q, make, check, tries=30):
    """The task's layout: on a fresh state ``make(state, rng) -> bool`` and fit the camera until it is in
    view and ``check(state, rng)`` holds (``models.rebuild``)."""
    def laid(state, rng):
        if not make(state, rng):
            return False
        sc.fit_camera(state, rng)
        return sc.in_view(state) and check(state, rng)
    return ms.rebuild(q, laid, tries, _fresh)


def _visible(state, idx, least=sc.MIN_VIS):
    vis = sc.visibility(state)
    return all(vis[i] >= least for i in idx)


def _shown(key, least=sc.MIN_VIS):
    """A layout check: the objects ``state[key]`` stay visible."""
    return lambda state, rng: _visible(state, state[key], least)


def _boxed_rank(state, t, first, values, gap):
    """Box the object ranked ``t`` from the first (or the last) by ``values(state)``, no other within
    ``gap`` of it; whether it was boxed and every object is visible."""
    n = len(state["objects"])
    if n < t + 2:
        return False
    v = values(state)
    order = sorted(range(n), key=lambda i: v[i])
    ref = order[t] if first else order[n - 1 - t]
    if any(i != ref and abs(v[i] - v[ref]) < gap for i in range(n)):
        return False
    state["boxed"] = ref
    return _visible(state, range(n))


def _add(state, rng, specs, region=REGION, gap=0.3):
    new = sc.place(rng, state, specs, region, gap=gap)
    if new is None:
        return None
    start = len(state["objects"])
    state["objects"] += new
    return list(range(start, len(state["objects"])))


def _smalls(rng, k, avoid=(), pool=ms.SMALL):
    return [(kind, float(rng.uniform(0.95, 1.25))) for kind in sc.pick(rng, pool, k, avoid)]


def _clutter(state, rng, level, avoid=(), props=True):
    n = CLUTTER[level]
    used = [o["kind"] for o in state["objects"]]
    kinds = sc.pick(rng, ms.PROPS if props else ms.SMALL, n, tuple(used) + tuple(avoid)) if n else []
    return _add(state, rng, [(k, 1.0) for k in kinds]) is not None


def _panel(state, rng, cands, target_letter):
    """Order the candidates so the first (the answer) lands on ``target_letter``."""
    order = ms.option_order(rng, cands, target_letter, LETTERS)
    state["cands"] = order
    state["panel"] = [sc.name(state["objects"][i]) for i in order]


def _markers(state, rng, pts, target_letter, n):
    """Markers at floor points ``pts`` (the first is the answer) lettered so it gets ``target_letter``."""
    letters = list(LETTERS[:n])
    others = [letters[i] for i in range(n) if letters[i] != target_letter]
    others = [others[int(i)] for i in rng.permutation(len(others))]
    labs = [target_letter] + others
    state["markers"] = sorted(({"label": lab, "x": round(float(p[0]), 3), "y": round(float(p[1]), 3),
                                "z": round(float(p[2]) if len(p) > 2 else 0.0, 3)} for lab, p in zip(labs, pts)),
                              key=lambda m: m["label"])


def _free_point(rng, state, region=REGION, clear=0.35):
    for _ in range(200):
        x, y = float(rng.uniform(region[0] + 0.4, region[2] - 0.4)), float(rng.uniform(region[1] + 0.4, region[3] - 0.4))
        if all(math.hypot(x - o["x"], y - o["y"]) > ms.footprint(o["kind"], o["s"]) + clear for o in state["objects"]) \
                and all(math.hypot(x - m["x"], y - m["y"]) > 0.8 for m in state["markers"]):
            return (x, y)
    return None


# ---------------------------------------------------------------------------------- 1 between
@task("between_references_label", answer="option_letter", annotation="bbox", ops="spatial_relations")
def between_references_label(q):
    letter = q.target(LETTERS[:6], stratified=True)
    thr = {1: 2.2, 2: 1.8, 3: 1.4}[q.difficulty]

    def make(state, rng):
        a, b = sc.pick(rng, ms.PROPS, 2, ("crate",))
        ang = float(rng.uniform(0, math.pi))
        L = float(rng.uniform(5.5, 7.0))
        d = np.array([math.cos(ang), math.sin(ang)])
        nrm = np.array([-d[1], d[0]])
        pa, pb = -L / 2 * d, L / 2 * d
        state["objects"] = [sc.new_obj(rng, a, *pa), sc.new_obj(rng, b, *pb)]
        t = float(rng.uniform(0.42, 0.58))
        pt = pa + t * (pb - pa) + float(rng.uniform(-0.25, 0.25)) * nrm
        kinds = sc.pick(rng, ms.SMALL, 6)
        state["objects"].append(sc.new_obj(rng, kinds[0], *pt, float(rng.uniform(1.0, 1.2))))
        for kind in kinds[1:]:
            for _ in range(60):
                got = sc.place(rng, state, [(kind, float(rng.uniform(1.0, 1.2)))], REGION, gap=0.3)
                if got is None:
                    return False
                p = np.array([got[0]["x"], got[0]["y"]]) - pa
                u, v = float(p @ d) / L, float(p @ nrm)
                if not (-0.35 < u < 1.35 and abs(v) < thr):
                    state["objects"] += got
                    break
            else:
                return False
        state["refs"] = [0, 1]
        _panel(state, rng, list(range(2, 8)), letter)
        if not _clutter(state, rng, q.difficulty, props=False):
            return False
        for o in state["objects"][8:]:     # clutter stays off the segment too
            p = np.array([o["x"], o["y"]]) - pa
            if -0.35 < float(p @ d) / L < 1.35 and abs(float(p @ nrm)) < thr:
                return False
        return True

    s = _build(q, make, lambda x, _: _visible(x, range(8)))
    a, b = s["refs"]
    pa, pb = np.array([s["objects"][a]["x"], s["objects"][a]["y"]]), np.array([s["objects"][b]["x"], s["objects"][b]["y"]])

    def score(i):
        p = np.array([s["objects"][i]["x"], s["objects"][i]["y"]])
        d = pb - pa
        u = float((p - pa) @ d / (d @ d))
        e = p - pa
        return abs(float(d[0] * e[1] - d[1] * e[0]) / float(np.linalg.norm(d))) if 0.2 < u < 0.8 else 1e9

    best = min(s["cands"], key=score)
    q.step("between", refs=[a, b], chosen=best)
    na, nb = sc.name(s["objects"][a]), sc.name(s["objects"][b])
    return ms.option_answer(q, best, f"{INTRO} with several objects. Which option names the object standing between "
                                     f"the {na} and the {nb}?", LETTERS[:6])


# ---------------------------------------------------------------------------------- 2/5 counting relative to a boxed reference
def _count_layout(level):
    lo, hi = {1: (7, 9), 2: (10, 13), 3: (13, 16)}[level]

    def make(state, rng):
        state["floor"] = "plane"
        n = int(rng.integers(lo, hi + 1))
        return _add(state, rng, _smalls(rng, n), gap=0.35) is not None
    return make


def _relation_count(q, values, gap, relation, words, question):
    """How many other objects rank before the boxed one by ``values(state)`` (after it for the query
    starting with ``words[1]``): the boxed one is ranked t from its end, no other within ``gap``."""
    t = q.target(range(1, 7), stratified=True)
    first = q.query_id.startswith(words[0])
    s = _build(q, _count_layout(q.difficulty), lambda x, _: _boxed_rank(x, t, first, values, gap))
    ref, v = s["boxed"], values(s)
    idx = [i for i in range(len(v)) if i != ref and ((v[i] < v[ref]) == first)]
    q.step("filter", reference=ref, **{relation: words[0] if first else words[1]}, kept=idx)
    return q.answer(len(idx), witnesses=[f"obj:{i}" for i in idx], question=question(first))


@task("camera_depth_relation_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,spatial_relations",
      queries=("closer_to_camera_than_reference_count", "farther_from_camera_than_reference_count"))
def camera_depth_relation_count(q):
    def dists(state):
        return [obj_dist(state, i) for i in range(len(state["objects"]))]

    return _relation_count(q, dists, 0.6, "relation", ("closer", "farther"), lambda closer: (
        f"{INTRO} with many small objects; one of them is marked by a red box. Judging by where each object stands "
        f"on the floor, how many other objects are {'nearer to' if closer else 'farther from'} the camera than the "
        f"red-boxed one?"))


def screen_centres(state):
    return [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in sc.boxes(state)]


@task("image_plane_lateral_relation_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,spatial_relations",
      queries=("left_of_reference_in_view_count", "right_of_reference_in_view_count"))
def image_plane_lateral_relation_count(q):
    def xs(state):
        return [c[0] for c in screen_centres(state)]

    return _relation_count(q, xs, 22, "side", ("left", "right"), lambda left: (
        f"{INTRO} with many small objects; one of them is marked by a red box. How many other objects appear to "
        f"the {'left' if left else 'right'} of the red-boxed object in the image (compare the centres of the "
        f"objects' outlines)?"))


# ---------------------------------------------------------------------------------- 3 nearest / farthest small object
@task("camera_distance_extremum_label", answer="option_letter", annotation="bbox", ops="ranking,spatial_relations",
      queries=("closest_to_camera", "farthest_from_camera"))
def camera_distance_extremum_label(q):
    letter = q.target(LETTERS[:6], stratified=True)
    near = q.query_id == "closest_to_camera"

    def make(state, rng):
        if _add(state, rng, [(k, 1.0) for k in sc.pick(rng, ms.PROPS, 1 + CLUTTER[q.difficulty])]) is None:
            return False
        cands = _add(state, rng, _smalls(rng, 6))
        if cands is None:
            return False
        dist = sorted(cands, key=lambda i: obj_dist(state, i) * (1 if near else -1))
        _panel(state, rng, dist, letter)
        return True

    def check(state, _rng):
        d = sorted(obj_dist(state, i) for i in state["cands"])
        gap = d[1] - d[0] if near else d[-1] - d[-2]
        return gap > 0.8 and _visible(state, state["cands"])

    s = _build(q, make, check)
    best = (min if near else max)(s["cands"], key=lambda i: obj_dist(s, i))
    q.step("extremum", by="camera_distance", which="min" if near else "max", chosen=best)
    w = "nearest to" if near else "farthest from"
    return ms.option_answer(q, best, f"{INTRO} with several small objects and larger furniture props. Which option "
                                     f"names the small object {w} the camera?", LETTERS[:6])


# ---------------------------------------------------------------------------------- 4 heights
@task("height_extremum_label", answer="option_letter", annotation="bbox", ops="ranking,spatial_relations",
      queries=("highest_above_floor", "lowest_above_floor"))
def height_extremum_label(q):
    letter = q.target(LETTERS[:4], stratified=True)
    high = q.query_id == "highest_above_floor"

    def make(state, rng):
        state["floor"] = "platform"
        levels = [0.0] + sorted(float(v) for v in rng.choice([0.45, 0.9, 1.35, 1.8], size=3, replace=False))
        n_empty = CLUTTER[q.difficulty]
        supports = []
        for h in levels + [float(rng.choice([0.45, 0.9, 1.35]))] * n_empty:
            w = float(rng.uniform(1.0, 1.4))
            supports.append(("pedestal", w, h))
        kinds = sc.pick(rng, ms.SMALL, 4)
        objs = []
        for k, (_, w, h) in enumerate(supports):
            got = sc.place(rng, {"objects": objs + state["objects"]}, [("pedestal", w)], REGION, gap=0.6)
            if got is None:
                return False
            o = got[0]
            if h > 0:
                o.update(kind="pedestal", h=round(h, 3), s=round(w, 3), role="support",
                         color=sc.PROP_HEX[int(rng.integers(len(sc.PROP_HEX)))])
                state["objects"].append(o)
            if k < 4:
                objs.append(sc.new_obj(rng, kinds[k], o["x"], o["y"], float(rng.uniform(0.95, 1.15)), z=h))
            if h == 0:
                objs[-1]["z"] = 0.0
        start = len(state["objects"])
        state["objects"] += objs
        cands = list(range(start, start + 4))
        order = sorted(cands, key=lambda i: state["objects"][i]["z"] * (-1 if high else 1))
        _panel(state, rng, order, letter)
        return True

    s = _build(q, make, _shown("cands"))
    best = (max if high else min)(s["cands"], key=lambda i: s["objects"][i]["z"])
    q.step("extremum", by="height_above_floor", which="max" if high else "min", chosen=best)
    w = "highest above" if high else "lowest above (closest to)"
    return ms.option_answer(q, best, f"{INTRO}; some objects rest on boxes of different heights. Which option names "
                                     f"the small object resting {w} the floor?", LETTERS[:4])
