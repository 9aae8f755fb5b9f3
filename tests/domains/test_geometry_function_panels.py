"""geometry/function_panels: independent solvers from the catalog programs.  Each panel's
relation is swept with vertical and horizontal lines (counting the crossings of every drawn
piece), mirrored point by point, sampled densely for its range and its values on an interval,
and the two objects of an intersection panel are intersected numerically; the solver picks
the one panel that qualifies and checks that no other does."""

import math

import numpy as np
from taskcheck import check_no_shortcuts, scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.geometry.function_panels"
P = "task_geometry__function_panels__"
LETTERS = "ABCDEFGHI"


def pieces(part):
    """Straight pieces ((x0, y0), (x1, y1)) of a polyline part, or None for a curve."""
    if part["kind"] == "poly":
        return list(zip(map(tuple, part["pts"]), map(tuple, part["pts"][1:])))
    return None


def crossings(parts, t, axis):
    """How many points of the relation lie on the line {axis coordinate = t} (inf for a piece
    lying along it)."""
    n = 0
    for p in parts:
        segs = pieces(p)
        if segs is None:
            c = p["c"][axis]
            r = p["r"] if p["kind"] == "circle" else (p["rx"], p["ry"])[axis]
            n += 2 if abs(t - c) < r else 0
            continue
        for a, b in segs:
            lo, hi = sorted((a[axis], b[axis]))
            if lo == hi:
                if abs(t - lo) < 1e-9:
                    return math.inf
                continue
            if lo < t < hi or (t == hi and b[axis] == hi and b is segs[-1][1]) or (t == lo and a is segs[0][0]
                                                                                   and a[axis] == lo):
                n += 1
    return n


def sweep(parts, axis):
    """Most crossings of any sweeping line, and whether a piece lies along one."""
    ts = np.linspace(-4.7, 4.7, 1881) + 1e-7
    vertical = any(a[axis] == b[axis] for p in parts if pieces(p) for a, b in pieces(p))
    return (math.inf if vertical else 0), max(crossings(parts, float(t), axis) for t in ts)


def function(parts):
    along, most = sweep(parts, 0)
    return along == 0 and most <= 1 and len(parts) == 1


def one_to_one(parts):
    along, most = sweep(parts, 1)
    return function(parts) and along == 0 and most <= 1


def samples(part, n=400):
    if part["kind"] == "poly":
        pts = np.array(part["pts"], dtype=float)
        out = [pts[:1]]
        for a, b in zip(pts, pts[1:]):
            t = np.linspace(0, 1, 60)[1:, None]
            out.append(a + (b - a) * t)
        return np.vstack(out)
    th = np.linspace(0, 2 * np.pi, n)
    rx = part["r"] if part["kind"] == "circle" else part["rx"]
    ry = part["r"] if part["kind"] == "circle" else part["ry"]
    return np.stack([part["c"][0] + rx * np.cos(th), part["c"][1] + ry * np.sin(th)], 1)


def near(points, part, tol):
    """Every point lies on the part (within tol)."""
    if part["kind"] == "poly":
        pts = np.array(part["pts"], dtype=float)
        best = np.full(len(points), np.inf)
        for a, b in zip(pts, pts[1:]):
            d = b - a
            t = np.clip(((points - a) @ d) / max(d @ d, 1e-12), 0, 1)
            best = np.minimum(best, np.hypot(*(points - (a + t[:, None] * d)).T))
        return best <= tol
    rx = part["r"] if part["kind"] == "circle" else part["rx"]
    ry = part["r"] if part["kind"] == "circle" else part["ry"]
    u = (points[:, 0] - part["c"][0]) / rx
    v = (points[:, 1] - part["c"][1]) / ry
    return np.abs(np.hypot(u, v) - 1) * min(rx, ry) <= tol


def symmetric(parts):
    pts = np.vstack([samples(p) for p in parts])
    mirror = pts * np.array([1.0, -1.0])
    on = np.zeros(len(mirror), dtype=bool)
    for p in parts:
        on |= near(mirror, p, 0.03)
    return bool(on.all())


def y_span(parts):
    ys = np.concatenate([samples(p, 4000)[:, 1] for p in parts])
    return float(ys.min()), float(ys.max())


def values_on(parts, a, b):
    pts = np.array(parts[0]["pts"], dtype=float)
    order = np.argsort(pts[:, 0])
    xs = np.linspace(a, b, 2001)
    return np.interp(xs, pts[order, 0], pts[order, 1])


def only(flags):
    assert sum(flags) == 1, flags
    return LETTERS[flags.index(True)]


def by(pred):
    def solve(state, params, qid):
        return only([bool(pred(p)) for p in state["panels"]])
    return solve


def range_match(state, params, qid):
    lo, hi = params["range"]
    return only([all(abs(u - v) < 1e-6 for u, v in zip(y_span(p), (lo, hi))) for p in state["panels"]])


def sign_interval(state, params, qid):
    a, b = params["interval"]
    positive = qid == "sign_interval_positive_label"
    return only([bool((values_on(p, a, b) > 0).all() if positive else (values_on(p, a, b) < 0).all())
                 for p in state["panels"]])


def meeting_count(parts):
    """Points where the two objects meet, found numerically (a tangent counts once)."""
    first, second = parts
    circle = samples(second, 20000)
    if first["kind"] == "line":
        (ax, ay), (bx, by_) = first["a"], first["b"]
        nx, ny = by_ - ay, ax - bx
        s = ((circle[:, 0] - ax) * nx + (circle[:, 1] - ay) * ny) / math.hypot(nx, ny)
    else:
        s = np.hypot(circle[:, 0] - first["c"][0], circle[:, 1] - first["c"][1]) - first["r"]
    if np.abs(s).min() < 0.03 and not ((s > 0.03).any() and (s < -0.03).any()):
        return 1
    return int(np.count_nonzero(np.diff(np.sign(s)) != 0))


def intersection(state, params, qid):
    want_line = qid.startswith("line")
    want = 1 if qid == "line_circle_tangent_label" else 2
    return only([(p[0]["kind"] == "line") == want_line and meeting_count(p) == want for p in state["panels"]])


SOLVERS = {
    P + "function_status_label": by(function),
    P + "one_to_one_status_label": by(one_to_one),
    P + "x_axis_symmetry_label": by(symmetric),
    P + "range_match_label": range_match,
    P + "sign_interval_label": sign_interval,
    P + "intersection_property_label": intersection,
}


def _size(s):
    return len(s["panels"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2,
                                                       balance_seeds=120)


def test_range_not_printed():
    # the range is read off the axes: no label but the tick labels prints its ends
    check_no_shortcuts(registry.get(P + "range_match_label"), seeds=(0, 1), answer=False)


def test_options_are_the_panels():
    for tid in SOLVERS:
        inst = engine.generate(registry.get(tid), seed=2, split="train", index=0, encode=False)
        n = len(inst.trace["state"]["panels"])
        letters = [t["text"] for t in inst.canvas.texts if t["kind"] == "label" and len(t["text"]) == 1]
        assert letters == list(LETTERS[:n])
        assert inst.record["answer_gt"]["value"] in letters
