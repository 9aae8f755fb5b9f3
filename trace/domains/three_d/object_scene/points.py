"""three_d/object_scene tasks on lettered floor markers: sides of a directed line, collinearity,
a triangle's inside, camera distance (extremum and order) and a point vertically above an object."""

from __future__ import annotations

import math

import numpy as np

from tracegen.kits.three_d import models as ms

from . import scene as sc
from .scene import LETTERS, task
from .tasks import CLUTTER, INTRO, PERMS, REGION, _add, _build, _free_point, _markers, _shown, _smalls, cam_dist


def _named(state, rng, level, k):
    """``k`` named small objects plus clutter (more small objects at higher levels)."""
    return _add(state, rng, _smalls(rng, k + CLUTTER[level]), gap=0.5)


def _pos(o):
    return np.array([o["x"], o["y"]])


def _cross(a, b, p):
    d, e = b - a, p - a
    return float(d[0] * e[1] - d[1] * e[0])


def _perp(a, b, p):
    return abs(_cross(a, b, p)) / float(np.linalg.norm(b - a))


def _marker_at(state, pts, p):
    """A floor marker (lettered later by ``_markers``) at point ``p``, also kept in ``pts``."""
    pts.append(p)
    state["markers"].append({"label": "?", "x": float(p[0]), "y": float(p[1])})


def _free_marker(state, rng, pts, ok, tries=100):
    """A marker at the first free floor point ``p`` with ``ok(p)`` in ``tries`` draws; whether one was put."""
    for _ in range(tries):
        p = _free_point(rng, state)
        if p is None:
            return False
        p = np.array(p)
        if ok(p):
            _marker_at(state, pts, p)
            return True
    return False


def _marker_answer(q, label, n, question):
    q.offer(n, "image")
    return q.answer(label, witnesses=f"marker:{label}", examples=list(LETTERS[:n]), question=question)


def _line_refs(state, rng, difficulty):
    """Pick two named objects at least 3.5 apart as ``state["refs"]``; their floor positions, or None."""
    idx = _named(state, rng, difficulty, 3)
    if idx is None:
        return None
    a, b = _pos(state["objects"][idx[0]]), _pos(state["objects"][idx[1]])
    if np.linalg.norm(b - a) < 3.5:
        return None
    state["refs"] = idx[:2]
    return a, b


# ---------------------------------------------------------------------------------- line side
@task("line_side_label", answer="option_letter", annotation="point", ops="spatial_relations",
      queries=("left_of_directed_line", "right_of_directed_line"))
def line_side_label(q):
    letter = q.target(LETTERS[:7], stratified=True)
    left = q.query_id.startswith("left")
    margin = {1: 1.0, 2: 0.75, 3: 0.55}[q.difficulty]

    def make(state, rng):
        ab = _line_refs(state, rng, q.difficulty)
        if ab is None:
            return False
        a, b = ab
        pts = []
        want = [left] + [not left] * 6
        for w in want:
            if not _free_marker(state, rng, pts, lambda p: _perp(a, b, p) > margin and (_cross(a, b, p) > 0) == w
                                and all(np.linalg.norm(p - r) > 0.9 for r in pts)):
                return False
        _markers(state, rng, pts, letter, 7)
        return True

    s = _build(q, make, _shown("refs"))
    a, b = (_pos(s["objects"][i]) for i in s["refs"])
    hit = [m["label"] for m in s["markers"] if (_cross(a, b, np.array([m["x"], m["y"]])) > 0) == left]
    q.require(len(hit) == 1, "one marker on the side")
    q.step("side", line=s["refs"], side="left" if left else "right", chosen=hit[0])
    na, nb = (sc.name(s["objects"][i]) for i in s["refs"])
    side = "left" if left else "right"
    return _marker_answer(q, hit[0], 7, f"{INTRO} with named objects and lettered floor markers. Imagine a straight "
                                        f"line on the floor from the {na} to the {nb}, pointing towards the {nb}. "
                                        f"Which marker lies on the {side}-hand side of that directed line (as seen "
                                        f"from above)?")


# ---------------------------------------------------------------------------------- on the line
@task("point_on_object_line_label", answer="option_letter", annotation="point", ops="spatial_relations")
def point_on_object_line_label(q):
    letter = q.target(LETTERS[:7], stratified=True)
    margin = {1: 1.3, 2: 0.95, 3: 0.7}[q.difficulty]

    def make(state, rng):
        ab = _line_refs(state, rng, q.difficulty)
        if ab is None:
            return False
        a, b = ab
        pts = []
        for _ in range(100):
            t = float(rng.uniform(-0.35, 1.35))
            if abs(t) < 0.25 or abs(t - 1) < 0.25:
                continue
            p = a + t * (b - a)
            if REGION[0] < p[0] < REGION[2] and REGION[1] < p[1] < REGION[3] and all(
                    np.linalg.norm(p - _pos(o)) > ms.footprint(o["kind"], o["s"]) + 0.35 for o in state["objects"]):
                _marker_at(state, pts, p)
                break
        else:
            return False
        for _k in range(6):
            if not _free_marker(state, rng, pts, lambda p: _perp(a, b, p) > margin):
                return False
        _markers(state, rng, pts, letter, 7)
        return True

    s = _build(q, make, _shown("refs"))
    a, b = (_pos(s["objects"][i]) for i in s["refs"])
    best = min(s["markers"], key=lambda m: _perp(a, b, np.array([m["x"], m["y"]])))["label"]
    q.step("collinear", line=s["refs"], chosen=best)
    na, nb = (sc.name(s["objects"][i]) for i in s["refs"])
    return _marker_answer(q, best, 7, f"{INTRO} with named objects and lettered floor markers. Which marker lies on "
                                      f"the straight floor line through the {na} and the {nb} (extended if needed)?")


# ---------------------------------------------------------------------------------- triangle
def _in_tri(tri, p):
    s = [_cross(tri[k], tri[(k + 1) % 3], p) for k in range(3)]
    return all(v > 0 for v in s) or all(v < 0 for v in s)


def _tri_gap(tri, p):
    """Distance from p to the triangle's boundary."""
    out = []
    for k in range(3):
        a, b = tri[k], tri[(k + 1) % 3]
        d = b - a
        t = min(1.0, max(0.0, float((p - a) @ d / (d @ d))))
        out.append(float(np.linalg.norm(p - (a + t * d))))
    return min(out)


@task("reference_triangle_inside_label", answer="option_letter", annotation="point", ops="spatial_relations")
def reference_triangle_inside_label(q):
    letter = q.target(LETTERS[:7], stratified=True)
    margin = {1: 0.8, 2: 0.6, 3: 0.45}[q.difficulty]

    def make(state, rng):
        idx = _named(state, rng, q.difficulty, 3)
        if idx is None:
            return False
        tri = [_pos(state["objects"][i]) for i in idx[:3]]
        area = abs(_cross(*tri)) / 2
        if area < 5.0 or min(np.linalg.norm(tri[k] - tri[(k + 1) % 3]) for k in range(3)) < 3.0:
            return False
        state["refs"] = idx[:3]
        pts = []
        for want in [True] + [False] * 6:
            if not _free_marker(state, rng, pts, lambda p: _in_tri(tri, p) == want and _tri_gap(tri, p) > margin, 150):
                return False
        _markers(state, rng, pts, letter, 7)
        return True

    s = _build(q, make, _shown("refs"))
    tri = [_pos(s["objects"][i]) for i in s["refs"]]
    hit = [m["label"] for m in s["markers"] if _in_tri(tri, np.array([m["x"], m["y"]]))]
    q.require(len(hit) == 1, "one marker inside")
    q.step("inside", triangle=s["refs"], chosen=hit[0])
    na, nb, nc = (sc.name(s["objects"][i]) for i in s["refs"])
    return _marker_answer(q, hit[0], 7, f"{INTRO} with named objects and lettered floor markers. Which marker lies "
                                        f"inside the floor triangle whose corners are the {na}, the {nb} and the {nc}?")


# ---------------------------------------------------------------------------------- camera distance of markers
def _marker_layout(level, n, gap):
    def make(state, rng):
        if _add(state, rng, _smalls(rng, 3 + CLUTTER[level]), gap=0.5) is None:
            return False
        if _add(state, rng, [(sc.pick(rng, ms.PROPS, 1)[0], 1.0)]) is None:
            return False
        for _k in range(n):
            p = _free_point(rng, state, clear=0.45)
            if p is None:
                return False
            state["markers"].append({"label": "?", "x": round(p[0], 3), "y": round(p[1], 3), "z": 0.0})
        return True
    return make


def _dists(state):
    return {m["label"]: cam_dist(state, (m["x"], m["y"])) for m in state["markers"]}


@task("marked_point_depth_extremum_label", answer="option_letter", annotation="point", ops="ranking,spatial_relations")
def marked_point_depth_extremum_label(q):
    letter = q.target(LETTERS[:6], stratified=True)
    near = q.choice("extremum", ["closest", "farthest"]) == "closest"

    def check(state, rng):
        pts = [(m["x"], m["y"]) for m in state["markers"]]
        d = [cam_dist(state, p) for p in pts]
        order = sorted(range(6), key=lambda i: d[i] * (1 if near else -1))
        if abs(d[order[0]] - d[order[1]]) < 0.9:
            return False
        _markers(state, rng, [pts[i] for i in order], letter, 6)
        return True

    s = _build(q, _marker_layout(q.difficulty, 6, 0.9), check)
    d = _dists(s)
    best = (min if near else max)(d, key=d.get)
    q.step("extremum", by="camera_distance", which="min" if near else "max", chosen=best)
    w = "closest to" if near else "farthest from"
    return _marker_answer(q, best, 6, f"{INTRO} with objects and lettered floor markers. Using the perspective depth "
                                      f"cues, which floor marker is {w} the camera?")


@task("point_camera_distance_order_label", answer="option_letter", annotation="point_map",
      ops="ranking,spatial_relations")
def point_camera_distance_order_label(q):
    letter = q.target(LETTERS[:6], stratified=True)

    def check(state, _rng):
        pts = [(m["x"], m["y"]) for m in state["markers"]]
        d = sorted(cam_dist(state, p) for p in pts)
        if min(d[1] - d[0], d[2] - d[1]) < 1.1:
            return False
        order = sorted(pts, key=lambda p: cam_dist(state, p))
        perm = PERMS[LETTERS.index(letter)]
        state["markers"] = sorted(({"label": lab, "x": p[0], "y": p[1], "z": 0.0} for lab, p in zip(perm, order)),
                                  key=lambda m: m["label"])
        state["panel"] = ["<".join(p) for p in PERMS]
        return True

    s = _build(q, _marker_layout(q.difficulty, 3, 1.1), check)
    d = _dists(s)
    order = "".join(sorted(d, key=d.get))
    ans = LETTERS[PERMS.index(order)]
    q.step("order", by="camera_distance", order=order)
    q.offer(6, "image")
    return q.answer(ans, witnesses={k: f"marker:{k}" for k in "PQR"}, examples=list(LETTERS[:6]),
                    question=(f"{INTRO} with three lettered floor markers P, Q and R and an option panel. Which "
                              f"option orders the markers from nearest to farthest from the camera?"))


# ---------------------------------------------------------------------------------- vertically above
@task("marked_point_vertical_relation_label", answer="option_letter", annotation="point", ops="spatial_relations")
def marked_point_vertical_relation_label(q):
    letter = q.target(LETTERS[:8], stratified=True)

    def make(state, rng):
        idx = _add(state, rng, _smalls(rng, 4 + CLUTTER[q.difficulty]), gap=0.6)
        if idx is None:
            return False
        ref = idx[0]
        state["refs"] = [ref]
        hgt = float(rng.uniform(1.9, 2.4))
        o = state["objects"][ref]
        pts = [(o["x"], o["y"], hgt)]
        for k in range(7):
            if k < 2 and len(idx) > k + 1:           # some decoys hang over other objects
                p = (state["objects"][idx[k + 1]]["x"], state["objects"][idx[k + 1]]["y"])
            else:
                p = _free_point(rng, state, clear=0.5)
                if p is None:
                    return False
            if any(math.hypot(p[0] - a[0], p[1] - a[1]) < 1.0 for a in pts):
                return False
            pts.append((p[0], p[1], hgt))
            state["markers"].append({"label": "?", "x": p[0], "y": p[1]})
        _markers(state, rng, pts, letter, 8)
        return True

    s = _build(q, make, _shown("refs"))
    o = s["objects"][s["refs"][0]]
    best = min(s["markers"], key=lambda m: math.hypot(m["x"] - o["x"], m["y"] - o["y"]))["label"]
    q.step("above", reference=s["refs"][0], chosen=best)
    return _marker_answer(q, best, 8, f"{INTRO} with small objects and lettered markers floating in the air; a thin "
                                      f"line drops from each marker straight down to the floor. Which marker is "
                                      f"vertically above the {sc.name(o)}?")
