"""The function_panels tasks: each builds its panels (one that has the asked property, the
others from families that do not, with difficulty-dependent margins) and offers the panel
letters, drawn in the image, as the options."""

from __future__ import annotations

import json
import math

from .scene import (LETTERS, circle, extent_on, inside_plane, is_function, is_one_to_one, relation, task, unif,
                    x_symmetric, y_range)

GRAPHS = ("line", "parabola", "abs", "zigzag", "monotone", "cubic", "constant")
NON_FUNCTIONS = ("sideways", "sideways_v", "circle", "ellipse", "vertical", "branches")
MARGIN = {1: 1.2, 2: 0.8, 3: 0.45}                    # how far a distractor stays from qualifying


def attempt(rng, make, tries: int = 40):
    for _ in range(tries):
        parts = make()
        if parts is not None and inside_plane(parts):
            return parts
    return None


def choose(q, good, bad, check, *, what: str):
    """Build the panels: ``good(rng, d)`` at the instance's target letter, then ``bad(rng, d, i,
    good)`` in the other places; exactly one panel may pass ``check(panel, good)``.  Returns
    (letter, the good panel, question prefix)."""
    n = q.state["n"]
    letters = LETTERS[:n]
    q.offer(n, "image")
    letter = q.target(letters, stratified=True)
    k = letters.index(letter)

    def fn(s, rng):
        d = q.difficulty
        g = attempt(rng, lambda: good(rng, d))
        q.require(g is not None, "no layout")
        panels = [attempt(rng, lambda i=i: bad(rng, d, i, g)) for i in range(n - 1)]
        q.require(all(p is not None for p in panels), "no layout")
        panels.insert(k, g)
        s["panels"] = panels
        return s

    s = q.edit(fn)
    g = s["panels"][k]
    q.require([check(p, g) for p in s["panels"]] == [i == k for i in range(n)], "not exactly one panel qualifies")
    return letter, g, f"The image shows {n} lettered coordinate-plane panels, each showing {what}. "


def kinds(rng, pool, i):
    """The i-th distractor's family: the pool in a shuffled cycle, so the panels vary."""
    order = [pool[int(j)] for j in rng.permutation(len(pool))]
    return order[i % len(order)]


def answer(q, letter, question):
    return q.answer(letter, witnesses=f"panel:{LETTERS.index(letter)}", question=question + " Answer with the "
                    "panel's letter.")


# ---------------------------------------------------------------------- vertical-line test
@task("function_status_label", answer="option_letter", annotation="bbox", ops="spatial_relations,matching")
def function_status_label(q):
    letter, _, head = choose(q, lambda rng, d: relation(rng, GRAPHS[int(rng.integers(len(GRAPHS)))]),
                             lambda rng, d, i, g: relation(rng, kinds(rng, NON_FUNCTIONS, i)),
                             lambda p, g: is_function(p), what="one relation")
    return answer(q, letter, head + "Which panel shows a graph of y as a function of x?")


def bumped(rng, d):
    """A rising or falling polyline with one small step back (nearly one-to-one)."""
    parts = relation(rng, "monotone")
    if parts is None or len(parts[0]["pts"]) < 4:
        return None
    pts = parts[0]["pts"]
    i = int(rng.integers(1, len(pts) - 1))
    rising = pts[-1][1] > pts[0][1]
    back = unif(rng, MARGIN[d], MARGIN[d] + 0.6)
    pts[i + 1][1] = round(pts[i][1] - back if rising else pts[i][1] + back, 2)
    return parts


@task("one_to_one_status_label", answer="option_letter", annotation="bbox", ops="spatial_relations,matching")
def one_to_one_status_label(q):
    def bad(rng, d, i, g):
        pool = ("parabola", "abs", "zigzag", "constant") + (("sideways", "circle", "branches") if d > 1 else ())
        if d == 3 and i % 3 == 0:
            return bumped(rng, d)
        return relation(rng, kinds(rng, pool, i))

    letter, _, head = choose(q, lambda rng, d: relation(rng, ("line", "monotone", "cubic")[int(rng.integers(3))]),
                             bad, lambda p, g: is_one_to_one(p), what="one relation")
    return answer(q, letter, head + "Which panel shows a one-to-one function: y is a function of x and no two "
                  "x-values share a y-value?")


# ---------------------------------------------------------------------- symmetry in the x-axis
def symmetric(rng, d):
    kind = ("circle", "ellipse", "sideways", "sideways_v", "branches")[int(rng.integers(5))]
    if kind in ("circle", "ellipse"):
        return relation(rng, kind, cy=0.0)
    if kind == "branches":
        return relation(rng, kind, shift=0.0)
    return relation(rng, kind, k=0.0)


def asymmetric(rng, d, i, g):
    off = unif(rng, MARGIN[d], MARGIN[d] + 1.5) * (1 if rng.random() < 0.5 else -1)
    kind = kinds(rng, ("circle", "ellipse", "sideways", "branches", "parabola", "abs", "line"), i)
    if kind in ("circle", "ellipse"):
        return relation(rng, kind, cy=off)
    if kind == "branches":
        return relation(rng, kind, shift=off)
    if kind == "sideways":
        return relation(rng, kind, k=off)
    return relation(rng, kind)


@task("x_axis_symmetry_label", answer="option_letter", annotation="bbox", ops="transformation,matching")
def x_axis_symmetry_label(q):
    letter, _, head = choose(q, symmetric, asymmetric, lambda p, g: x_symmetric(p), what="one relation")
    return answer(q, letter, head + "Which panel shows a relation that is unchanged when reflected across the "
                  "x-axis?")


# ---------------------------------------------------------------------- range
RANGE_FAMILIES = ("line", "parabola", "abs", "zigzag", "monotone", "cubic", "circle")


def tenths(parts):
    """Every y coordinate (and circle centre and radius) to one decimal, so the range prints exactly."""
    if parts is None:
        return None
    for p in parts:
        if p["kind"] == "poly":
            p["pts"] = [[x, round(y, 1)] for x, y in p["pts"]]
        else:
            p["c"] = [p["c"][0], round(p["c"][1], 1)]
            p["r"] = round(p["r"], 1)
    return parts


def shifted(parts, dy):
    for p in parts:
        if p["kind"] == "poly":
            p["pts"] = [[x, round(y + dy, 1)] for x, y in p["pts"]]
        else:
            p["c"] = [p["c"][0], round(p["c"][1] + dy, 1)]
    return parts


@task("range_match_label", answer="option_letter", annotation="bbox", ops="matching")
def range_match_label(q):
    def good(rng, d):
        return tenths(relation(rng, RANGE_FAMILIES[int(rng.integers(len(RANGE_FAMILIES)))]))

    def bad(rng, d, i, g):
        lo, hi = y_range(g)
        if d > 1 and i % 2 == 0:                 # the target's shape moved up or down: a close range
            parts = shifted(json.loads(json.dumps(g)), unif(rng, MARGIN[d], 2 * MARGIN[d] + 0.5)
                            * (1 if rng.random() < 0.5 else -1))
        else:
            parts = tenths(relation(rng, kinds(rng, RANGE_FAMILIES, i)))
        if parts is None:
            return None
        a, b = y_range(parts)
        return parts if max(abs(a - lo), abs(b - hi)) >= MARGIN[d] - 1e-9 else None

    letter, g, head = choose(q, good, bad, lambda p, g: y_range(p) == y_range(g), what="one relation")
    lo, hi = q.reads(*q.param("range", lambda r: list(y_range(g))))
    return answer(q, letter, head + f"Which panel's relation has exactly the range [{lo:g}, {hi:g}] (its y-values "
                  "run from the first number to the second)?")


# ---------------------------------------------------------------------- sign on an interval
def interval(rng, d):
    if d == 1:
        return -4, 4
    width = int(rng.integers(3 if d == 2 else 2, 7))
    a = int(rng.integers(-4, 5 - width))
    return a, a + width


@task("sign_interval_label", answer="option_letter", annotation="bbox", ops="comparison",
      queries=("sign_interval_positive_label", "sign_interval_negative_label"))
def sign_interval_label(q):
    sign = 1 if q.query_id == "sign_interval_positive_label" else -1
    a, b = q.param("interval", lambda r: list(interval(r, q.difficulty)))

    def placed(rng, d, low):
        """A graph moved up or down so that its lowest value on [a, b] (times the sign) is ``low``."""
        parts = relation(rng, GRAPHS[int(rng.integers(len(GRAPHS) - 1))])
        if parts is None or not parts[0]["pts"][0][0] <= a < b <= parts[0]["pts"][-1][0]:
            return None
        lo, hi = extent_on(parts, a, b)
        dy = (low - lo) if sign > 0 else (-low - hi)
        for p in parts:
            p["pts"] = [[x, round(y + dy, 2)] for x, y in p["pts"]]
        return parts

    def good(rng, d):
        return placed(rng, d, unif(rng, 0.4, 2.5))

    def bad(rng, d, i, g):
        return placed(rng, d, -unif(rng, MARGIN[d] * 0.6, MARGIN[d] + 2.5))

    def check(parts, g):
        lo, hi = extent_on(parts, a, b)
        return lo > 0 if sign > 0 else hi < 0

    letter, _, head = choose(q, good, bad, check, what="the graph of a function")
    where = "above" if sign > 0 else "below"
    return answer(q, letter, head + f"Which panel's graph stays {where} the x-axis for every x in [{a}, {b}]?")


# ---------------------------------------------------------------------- intersections
def line_through(rng, d, cx, cy, dist):
    """A line at distance ``dist`` from (cx, cy), horizontal at difficulty 1, as a part spanning
    the plane (None if it leaves the plane's middle)."""
    theta = math.pi / 2 if d == 1 else unif(rng, 0, math.pi)
    nx, ny = math.cos(theta), math.sin(theta)
    side = 1 if rng.random() < 0.5 else -1
    px, py = cx + side * dist * nx, cy + side * dist * ny
    ux, uy = -ny, nx
    ts = []
    for t in ((-4.6 - px) / ux, (4.6 - px) / ux) if abs(ux) > 1e-9 else ():
        ts.append(t)
    for t in ((-4.6 - py) / uy, (4.6 - py) / uy) if abs(uy) > 1e-9 else ():
        ts.append(t)
    inside = sorted(t for t in ts if abs(px + t * ux) <= 4.6 + 1e-9 and abs(py + t * uy) <= 4.6 + 1e-9)
    if len(inside) < 2 or inside[-1] - inside[0] < 3:
        return None
    t0, t1 = inside[0], inside[-1]
    return {"kind": "line", "a": [round(px + t0 * ux, 4), round(py + t0 * uy, 4)],
            "b": [round(px + t1 * ux, 4), round(py + t1 * uy, 4)]}


def line_gap(line, circ) -> float:
    """Distance from the circle's centre to the line minus the radius."""
    (ax, ay), (bx, by) = line["a"], line["b"]
    cx, cy = circ["c"]
    return abs((bx - ax) * (ay - cy) - (ax - cx) * (by - ay)) / math.hypot(bx - ax, by - ay) - circ["r"]


def line_circle(rng, d, gap):
    """A circle and a line whose distance from the centre is the radius plus ``gap``."""
    cx, cy, r = unif(rng, -1.5, 1.5), unif(rng, -1.5, 1.5), unif(rng, 1.2, 2.8)
    line = line_through(rng, d, cx, cy, r + gap)
    return None if line is None else [line, circle(cx, cy, r)]


def two_circles(rng, d, kind):
    """Two circles meeting in two points ("two"), apart ("apart"), touching ("touch") or one
    inside the other ("inside")."""
    r1, r2 = unif(rng, 1.0, 2.5), unif(rng, 1.0, 2.5)
    m = MARGIN[d]
    if kind == "two":
        lo, hi = abs(r1 - r2) + m, r1 + r2 - m
    elif kind == "apart":
        lo, hi = r1 + r2 + m, r1 + r2 + m + 2
    elif kind == "touch":
        lo = hi = r1 + r2
    else:
        if abs(r1 - r2) < m + 0.3:
            return None
        lo, hi = 0.0, abs(r1 - r2) - m
    if hi < lo:
        return None
    dist, ang = unif(rng, lo, hi) if hi > lo else lo, unif(rng, 0, 2 * math.pi)
    x0, y0 = unif(rng, -1.5, 1.5), unif(rng, -1.5, 1.5)
    return [circle(x0, y0, r1), {"kind": "circle", "c": [round(x0 + dist * math.cos(ang), 4),
                                                            round(y0 + dist * math.sin(ang), 4)], "r": round(r2, 2)}]


def meets(parts) -> str:
    """How the two objects meet: 'tangent', 'two' or 'none'/'other' (with the margins the
    builders keep, so the reading is never borderline)."""
    first, second = parts
    if first["kind"] == "line":
        g = line_gap(first, second)
        return "tangent" if abs(g) < 0.02 else "two" if g < 0 else "none"
    D = math.dist(first["c"], second["c"])
    r1, r2 = first["r"], second["r"]
    return "two" if abs(r1 - r2) + 0.1 < D < r1 + r2 - 0.1 else "other"


INTERSECTIONS = {
    "line_circle_tangent_label": ("line", "tangent", "the line touching the circle at exactly one point"),
    "line_circle_two_intersections_label": ("line", "two", "the line crossing the circle at exactly two points"),
    "circle_circle_two_intersections_label": ("circle", "two", "the two circles meeting at exactly two points"),
}


@task("intersection_property_label", answer="option_letter", annotation="bbox", ops="spatial_relations",
      queries=tuple(INTERSECTIONS))
def intersection_property_label(q):
    pair, want, words = INTERSECTIONS[q.query_id]

    def good(rng, d):
        if pair == "circle":
            return two_circles(rng, d, "two")
        return line_circle(rng, d, 0.0 if want == "tangent" else -unif(rng, MARGIN[d], 1.2 + MARGIN[d]))

    def bad(rng, d, i, g):
        if pair == "line":
            options = ["miss", "circles"] + (["two"] if want == "tangent" else ["tangent"])
        else:
            options = ["apart", "touch", "inside", "line"]
        kind = options[(i + int(rng.integers(len(options)))) % len(options)]
        if kind == "circles":
            return two_circles(rng, d, ("two", "apart")[int(rng.integers(2))])
        if kind in ("apart", "touch", "inside"):
            return two_circles(rng, d, kind)
        if kind == "line":
            return line_circle(rng, d, unif(rng, -1.0, 1.0))
        gap = {"miss": unif(rng, MARGIN[d], MARGIN[d] + 1.2), "tangent": 0.0,
               "two": -unif(rng, MARGIN[d], MARGIN[d] + 1.2)}[kind]
        return line_circle(rng, d, gap)

    def check(parts, g):
        return (parts[0]["kind"] == "line") == (pair == "line") and meets(parts) == want

    letter, _, head = choose(q, good, bad, check, what="two plotted objects")
    return answer(q, letter, head + f"Which panel shows {words}?")
