"""physics/orbital_motion: an elliptical orbit drawn with its axes and centre, and lettered candidate points.

Two layouts: six candidate points inside the ellipse, one at a focus (distance sqrt(a^2 - b^2) from the
centre along the major axis; the other focus is never a candidate), or the Sun at a focus and four
lettered planet positions on the orbit.  By Kepler's second law (vis-viva: v^2 = GM (2/r - 1/a)) the
planet is fastest nearest the Sun and slowest farthest from it.  Difficulty lowers the eccentricity
(foci nearer the centre, distances closer together).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.mechanics import tag

W, H = 880, 600
CX, CY = 440, 320
ECC = {1: (0.72, 0.85), 2: (0.55, 0.8), 3: (0.4, 0.6)}
SEP = 44.0                       # candidate points keep this far apart (px)


def to_xy(state, u, v):
    """Screen point of major-axis coordinate u and minor-axis coordinate v (px from the centre)."""
    if state["major"] == "x":
        return CX + u, CY - v
    return CX + v, CY - u


class OrbitalMotion(Scene):
    domain, scene_id, size = "physics", "orbital_motion", (W, H)
    description = "An elliptical orbit with its axes and centre, and lettered candidate points (foci or positions)."
    megapixels = (0.65, 0.85)

    def sample(self, rng, difficulty):
        lo, hi = ECC[difficulty]
        e = float(rng.uniform(lo, hi))
        major = "x" if rng.random() < 0.7 else "y"
        a = float(rng.uniform(300, 360)) if major == "x" else float(rng.uniform(215, 240))
        b = a * math.sqrt(1 - e * e)
        return {"a": round(a, 1), "b": round(b, 1), "major": major, "sun": None, "points": [], "kind": "focus"}

    def render(self, c, state, params):
        a, b = state["a"], state["b"]
        c.text(W / 2, 28, "Elliptical orbit", size=19, bold=True)
        rx, ry = (a, b) if state["major"] == "x" else (b, a)
        c.ellipse(CX, CY, rx, ry, stroke="ink", lw=2.5, id="orbit")
        c.line(CX - rx - 12, CY, CX + rx + 12, CY, color="muted", lw=1.0)
        c.line(CX, CY - ry - 12, CX, CY + ry + 12, color="muted", lw=1.0)
        c.circle(CX, CY, 3.5, fill="muted")
        c.text(CX - 8, CY + 14, "centre", size=13, color="muted", anchor="r")
        if state["sun"] is not None:
            sx, sy = to_xy(state, state["sun"], 0.0)
            c.circle(sx, sy, 15, fill="yellow", stroke="ink", lw=1.5, id="sun")
            c.text(sx, sy + 30, "Sun", size=14, bold=True)
        for k, (u, v) in enumerate(state["points"]):
            x, y = to_xy(state, u, v)
            letter = "ABCDEF"[k]
            c.circle(x, y, 8, fill="accent", stroke="ink", lw=1.5, id=f"point:{letter}")
            # the label goes outward from the centre, or up-right for points near it
            dx, dy = x - CX, y - CY
            d = math.hypot(dx, dy)
            ux, uy = (dx / d, dy / d) if d > 30 else (0.7, -0.7)
            if state["kind"] == "focus":
                ux, uy = 0.72, -0.72
            tag(c, x + ux * 24, y + uy * 24, letter, size=15, bold=True, kind="option")


SCENE = OrbitalMotion()
task = SCENE.task


def _spaced(cands, pts):
    return [p for p in cands if all(math.dist(p, q) >= SEP for q in pts)]


@task("focus_location_label", answer="option_letter", annotation="point", ops="spatial_relations")
def focus_location_label(q):
    q.offer(6, "image")
    letter = q.target("ABCDEF")

    def plant(st, r):
        a, b = st["a"], st["b"]
        f = math.sqrt(a * a - b * b)
        side = float(r.choice([-1.0, 1.0]))
        focus = (round(side * f, 1), 0.0)
        pool = [(0.0, 0.0)]
        for t in r.uniform(0.12, 0.92, size=12):           # major-axis decoys, clear of both foci
            d = float(t) * a
            if abs(d - f) >= 0.12 * a:
                pool.append((round(float(r.choice([-1.0, 1.0])) * d, 1), 0.0))
        if f < b - 20:
            pool.append((0.0, round(float(r.choice([-1.0, 1.0])) * f, 1)))   # focal distance on the minor axis
        for _ in range(12):                                  # off-axis points inside the orbit
            u, v = float(r.uniform(-0.8, 0.8)) * a, float(r.uniform(-0.75, 0.75)) * b
            if abs(v) > 30 and (u / a) ** 2 + (v / b) ** 2 < 0.7:
                pool.append((round(u, 1), round(v, 1)))
        order = [pool[int(i)] for i in r.permutation(len(pool))]
        pts = [focus]
        for p in order:
            if _spaced([p], pts) and math.dist(p, (-focus[0], 0.0)) >= SEP:
                pts.append(p)
            if len(pts) == 6:
                break
        others = pts[1:]
        k = "ABCDEF".index(letter)
        st["points"] = [list(p) for p in others[:k] + [focus] + others[k:]]
        st["kind"], st["sun"] = "focus", None
        return st

    s = q.edit(plant)
    q.require(len(s["points"]) == 6, "too few well-spaced decoy points")
    f = math.sqrt(s["a"] ** 2 - s["b"] ** 2)
    hits = [k for k, (u, v) in enumerate(s["points"]) if abs(v) < 1e-6 and abs(abs(u) - f) < 1.0]
    q.require(len(hits) == 1, "not exactly one focus among the candidates")
    ans = "ABCDEF"[hits[0]]
    q.step("focus_distance", a=s["a"], b=s["b"], focal_distance=round(f, 1), result=ans)
    return q.answer(ans, witnesses=f"point:{ans}",
                    question=("The figure shows an elliptical orbit with its major and minor axes and its centre. "
                              "Which of the lettered points A-F lies at a focus of the ellipse (a place where the "
                              "Sun could be)?"))


@task("orbital_speed_extremum_label", answer="option_letter", annotation="point",
      ops="ranking,spatial_relations,formula_evaluation",
      queries=("greatest_speed_position_label", "least_speed_position_label"))
def orbital_speed_extremum_label(q):
    fastest = q.query_id == "greatest_speed_position_label"
    q.offer(4, "image")
    letter = q.target("ABCD")

    def plant(st, r):
        a, b = st["a"], st["b"]
        f = math.sqrt(a * a - b * b)
        sun = float(r.choice([-1.0, 1.0])) * f
        for _ in range(300):
            ts = sorted(float(t) for t in r.uniform(0, 2 * math.pi, size=4))
            pts = [(a * math.cos(t), b * math.sin(t)) for t in ts]
            if any(math.dist(p, qq) < 70 for i, p in enumerate(pts) for qq in pts[i + 1:]):
                continue
            dist = sorted(math.dist(p, (sun, 0.0)) for p in pts)
            if (dist[1] - dist[0]) < 0.1 * a or (dist[3] - dist[2]) < 0.1 * a:
                continue
            key = (lambda p: math.dist(p, (sun, 0.0)))
            best = min(pts, key=key) if fastest else max(pts, key=key)
            rest = [p for p in pts if p != best]
            rest = [rest[int(i)] for i in r.permutation(3)]
            k = "ABCD".index(letter)
            st["points"] = [[round(u, 1), round(v, 1)] for u, v in rest[:k] + [best] + rest[k:]]
            break
        st["kind"], st["sun"] = "orbit", round(sun, 1)
        return st

    s = q.edit(plant)
    q.require(len(s["points"]) == 4, "no well-separated planet positions")
    r_sun = [math.dist(p, (s["sun"], 0.0)) for p in s["points"]]
    k = r_sun.index(min(r_sun) if fastest else max(r_sun))
    ans = "ABCD"[k]
    speeds = [math.sqrt(2 / rr - 1 / s["a"]) for rr in r_sun]      # vis-viva in units of sqrt(GM)
    q.step("vis_viva", distances=[round(x, 1) for x in r_sun], relative_speeds=[round(v, 4) for v in speeds],
           result=ans)
    which = "greatest" if fastest else "least"
    return q.answer(ans, witnesses=f"point:{ans}",
                    question=(f"A planet moves along the elliptical orbit around the Sun, which sits at one focus. "
                              f"At which of the lettered positions A-D is the planet's orbital speed {which}?"))
