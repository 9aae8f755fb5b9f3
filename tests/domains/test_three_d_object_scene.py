"""three_d/object_scene: independent solvers written from the catalog programs (own camera
maths; the kit's mesh models only for the object outlines)."""

import itertools
import math

import numpy as np
from taskcheck import scene_tests, shortcut_test

from tracegen.kits.three_d import models as ms

MOD = "tracegen.domains.three_d.object_scene"
P = "task_three_d__object_scene__"
L = "ABCDEFGH"
HEX = {"red": "#D9483B"}


class Cam:
    def __init__(self, cm):
        az, el = math.radians(cm["az"]), math.radians(cm["el"])
        t = np.array([cm["tx"], cm["ty"], 0.4])
        self.eye = t + cm["dist"] * np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])
        f = t - self.eye
        self.f = f / np.linalg.norm(f)
        r = np.cross(self.f, [0.0, 0.0, 1.0])
        self.r = r / np.linalg.norm(r)
        self.u = np.cross(self.r, self.f)
        self.focal, self.cx, self.cy = cm["focal"], cm["cx"], cm["cy"]

    def dist(self, x, y, z=0.0):
        return float(np.linalg.norm(np.array([x, y, z]) - self.eye))

    def uv(self, p):
        d = np.asarray(p, float) - self.eye
        z = d @ self.f
        return self.cx + self.focal * (d @ self.r) / z, self.cy - self.focal * (d @ self.u) / z, z


def _parts(o):
    if o["kind"] == "pedestal":
        return ms.slab((0.5, 0.5, 0.5), o["x"], o["y"], o["s"], o["s"], o["h"], o["rot"])
    return ms.model(o["kind"], (0.5, 0.5, 0.5), o["x"], o["y"], o["z"], o["s"], o["rot"])


def _centre(cam, o):
    xs, ys = [], []
    for p in _parts(o):
        if "sphere" in p:
            c, r = p["sphere"]
            u, v, z = cam.uv(c)
            k = cam.focal * r / z
            xs += [u - k, u + k]
            ys += [v - k, v + k]
        else:
            for q in p["v"]:
                u, v, _ = cam.uv(q)
                xs.append(u)
                ys.append(v)
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def _xy(o):
    return np.array([o["x"], o["y"]])


def _letter(state, i):
    return L[state["cands"].index(i)]


def between(state, params, qid):
    a, b = (_xy(state["objects"][i]) for i in state["refs"])
    ab = float(np.linalg.norm(b - a))
    return _letter(state, min(state["cands"], key=lambda i: np.linalg.norm(_xy(state["objects"][i]) - a)
                              + np.linalg.norm(_xy(state["objects"][i]) - b) - ab))


def depth_count(state, params, qid):
    cam = Cam(state["camera"])
    objs = state["objects"]
    ref = objs[state["boxed"]]
    dr = cam.dist(ref["x"], ref["y"])
    ds = [cam.dist(o["x"], o["y"]) for k, o in enumerate(objs) if k != state["boxed"]]
    return sum(d < dr for d in ds) if qid.startswith("closer") else sum(d > dr for d in ds)


def lateral_count(state, params, qid):
    cam = Cam(state["camera"])
    xs = [_centre(cam, o)[0] for o in state["objects"]]
    xr = xs.pop(state["boxed"])
    return sum(x < xr for x in xs) if qid.startswith("left") else sum(x > xr for x in xs)


def cam_extremum(state, params, qid):
    cam = Cam(state["camera"])
    d = {i: cam.dist(state["objects"][i]["x"], state["objects"][i]["y"]) for i in state["cands"]}
    return _letter(state, (min if qid == "closest_to_camera" else max)(d, key=d.get))


def height_ext(state, params, qid):
    z = {i: state["objects"][i]["z"] for i in state["cands"]}
    return _letter(state, (max if qid == "highest_above_floor" else min)(z, key=z.get))


def _m(m):
    return np.array([m["x"], m["y"]])


def line_side(state, params, qid):
    a, b = (_xy(state["objects"][i]) for i in state["refs"])
    d = b - a
    want = qid.startswith("left")
    hits = [m["label"] for m in state["markers"] if (d[0] * (m["y"] - a[1]) - d[1] * (m["x"] - a[0]) > 0) == want]
    assert len(hits) == 1
    return hits[0]


def on_line(state, params, qid):
    a, b = (_xy(state["objects"][i]) for i in state["refs"])
    d = (b - a) / np.linalg.norm(b - a)
    return min(state["markers"], key=lambda m: abs(d[0] * (m["y"] - a[1]) - d[1] * (m["x"] - a[0])))["label"]


def triangle(state, params, qid):
    A, B, C = (_xy(state["objects"][i]) for i in state["refs"])
    hits = []
    for m in state["markers"]:
        p = _m(m)
        T = np.array([[B[0] - A[0], C[0] - A[0]], [B[1] - A[1], C[1] - A[1]]])
        s, t = np.linalg.solve(T, p - A)
        if s > 0 and t > 0 and s + t < 1:
            hits.append(m["label"])
    assert len(hits) == 1
    return hits[0]


def marker_depth(state, params, qid):
    cam = Cam(state["camera"])
    d = {m["label"]: cam.dist(m["x"], m["y"]) for m in state["markers"]}
    return (min if params["extremum"] == "closest" else max)(d, key=d.get)


def order(state, params, qid):
    cam = Cam(state["camera"])
    d = {m["label"]: cam.dist(m["x"], m["y"]) for m in state["markers"]}
    perms = ["".join(p) for p in itertools.permutations("PQR")]
    return L[perms.index("".join(sorted(d, key=d.get)))]


def vertical(state, params, qid):
    o = state["objects"][state["refs"][0]]
    hits = [m["label"] for m in state["markers"] if math.hypot(m["x"] - o["x"], m["y"] - o["y"]) < 1e-6]
    assert len(hits) == 1 and all(m["z"] > 1.0 for m in state["markers"])
    return hits[0]


def multiview(state, params, qid):
    return state["labels"][str(state["boxed"])]


def relation(state, params, qid):
    p = state["objects"][state["refs"][0]]
    top = {"shelf": 1.6, "cabinet": 1.0, "table": 0.88}
    hits = []
    for i in state["cands"]:
        o = state["objects"][i]
        if math.hypot(o["x"] - p["x"], o["y"] - p["y"]) > 0.45:
            continue
        if (qid == "on_top_of_prop" and abs(o["z"] - top.get(p["kind"], -9)) < 1e-6
                or qid == "under_prop" and p["kind"] == "table" and o["z"] == 0
                or qid == "inside_prop" and p["kind"] == "crate" and 0 < o["z"] < 0.1):
            hits.append(i)
    assert len(hits) == 1
    return _letter(state, hits[0])


def occlusion(state, params, qid):
    from tracegen.core.canvas import Canvas  # noqa: F401  (cairo available)
    from tracegen.kits.three_d import camera as pj

    cm = state["camera"]
    cam = pj.Camera.orbit((cm["tx"], cm["ty"], 0.4), cm["dist"], cm["az"], cm["el"], cm["focal"], (cm["cx"], cm["cy"]))
    size = (960, 960) if state["frame"] == "square" else (1200, 800)
    blk = _parts(state["objects"][0])
    c0 = Cam(cm).dist(state["objects"][0]["x"], state["objects"][0]["y"])
    hits = [i for i in state["cands"] if ms.silhouettes_overlap(cam, blk, _parts(state["objects"][i]), size) > 0
            and Cam(cm).dist(state["objects"][i]["x"], state["objects"][i]["y"]) < c0]
    assert len(hits) == 1
    return _letter(state, hits[0])


def ref_nearest(state, params, qid):
    cam = Cam(state["camera"])
    c0 = _centre(cam, state["objects"][0])
    d = {i: math.dist(_centre(cam, state["objects"][i]), c0) for i in state["cands"]}
    return _letter(state, (min if qid == "closest_to_reference" else max)(d, key=d.get))


SOLVERS = {
    P + "between_references_label": between,
    P + "camera_depth_relation_count": depth_count,
    P + "camera_distance_extremum_label": cam_extremum,
    P + "height_extremum_label": height_ext,
    P + "image_plane_lateral_relation_count": lateral_count,
    P + "line_side_label": line_side,
    P + "marked_point_depth_extremum_label": marker_depth,
    P + "marked_point_vertical_relation_label": vertical,
    P + "multiview_object_match_label": multiview,
    P + "object_relation_label": relation,
    P + "occlusion_order_label": occlusion,
    P + "point_camera_distance_order_label": order,
    P + "point_on_object_line_label": on_line,
    P + "reference_nearest_label": ref_nearest,
    P + "reference_triangle_inside_label": triangle,
}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["objects"]) + len(s.get("markers", [])), seeds_per_combo=2)

test_no_printed_counts = shortcut_test([P + "camera_depth_relation_count", P + "image_plane_lateral_relation_count"])


def test_known_setup():
    """Hand-checked: camera on the +x axis looking at the origin; a floor point nearer along +x is closer,
    and the directed line from (0,-2) to (0,2) has (1,0) on its right and (-1,0) on its left."""
    cam = Cam({"az": 0.0, "el": 30.0, "dist": 10.0, "tx": 0.0, "ty": 0.0, "focal": 500.0, "cx": 400, "cy": 300})
    assert cam.dist(2, 0) < cam.dist(0, 0) < cam.dist(-2, 0)
    st = {"objects": [{"x": 0.0, "y": -2.0}, {"x": 0.0, "y": 2.0}], "refs": [0, 1],
          "markers": [{"label": "A", "x": 1.0, "y": 0.0}, {"label": "B", "x": -1.0, "y": 0.0}]}
    assert line_side(st, {}, "right_of_directed_line") == "A"
    assert line_side(st, {}, "left_of_directed_line") == "B"
    # seen from +x (looking towards -x), +y is on the image's right, and the nearer (1, 0) lies below
    # the line on screen: the right-hand side of a line running rightwards
    assert cam.uv((0, 1, 0))[0] > cam.uv((0, -1, 0))[0]
