"""physics/electrostatic_field: fixed point charges (labelled Q1.. with their charge) on a
coordinate grid, with a marked point P, labelled candidate points, or distances to P.

Coulomb's law with k = 1: a charge q at distance r gives the field q r_hat / r^2 (pointing away
from a positive charge) and the potential q / r.  Tasks: the direction of the net field (or of the
force on a positive / negative test charge) at P among eight lettered arrows, the potential at P
from the labelled distances, and which candidate point has zero net field.

Difficulty grows the charges (2, the original's 3, 4) for direction and potential, and the
candidate points (4, the original's 6, 8) for the zero-field point.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene

W, H = 840, 540
U = 44.0                            # pixels per grid unit
OX, OY = 262.0, 270.0               # the origin on the canvas
LIM = 5
LETTERS = "ABCDEFGH"
DIRS = ["right", "up and right", "up", "up and left", "left", "down and left", "down", "down and right"]
N_CHARGES = {1: 2, 2: 3, 3: 4}
N_CANDIDATES = {1: 4, 2: 6, 3: 8}


def at(x, y):
    return (OX + U * x, OY - U * y)


def field(charges, p):
    ex = ey = 0.0
    for ch in charges:
        dx, dy = p[0] - ch["x"], p[1] - ch["y"]
        r = math.hypot(dx, dy)
        ex += ch["q"] * dx / r ** 3
        ey += ch["q"] * dy / r ** 3
    return ex, ey


def sign(q):
    return f"+{q}" if q > 0 else f"−{-q}"


def _free_points(rng, n, taken, lo=-4, hi=4):
    pts = []
    while len(pts) < n:
        p = (int(rng.integers(lo, hi + 1)), int(rng.integers(lo, hi + 1)))
        if p not in taken and p not in pts:
            pts.append(p)
    return pts


class ElectrostaticField(Scene):
    domain, scene_id, size = "physics", "electrostatic_field", (W, H)
    description = "Point charges on a coordinate grid with a marked point P, candidate points or distances."
    megapixels = (0.8, 1.0)
    aspect_pad = 0.1

    def canvas_size(self, state):
        return (W, H) if state["arrows"] else (540, H)

    def sample(self, rng, difficulty):
        n = N_CHARGES[difficulty]
        pts = _free_points(rng, n + 1, [])
        charges = [{"label": f"Q{i + 1}", "q": int(rng.choice([-4, -3, -2, -1, 1, 2, 3, 4])), "x": x, "y": y}
                   for i, (x, y) in enumerate(pts[:n])]
        return {"mode": "direction", "charges": charges, "P": list(pts[n]), "arrows": [], "candidates": []}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        x0, y0 = at(-LIM, LIM)
        x1, y1 = at(LIM, -LIM)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper", stroke="muted", lw=1.2)
        for k in range(-LIM, LIM + 1):
            gx, _ = at(k, 0)
            _, gy = at(0, k)
            c.line(gx, y0, gx, y1, color="grid", lw=0.8)
            c.line(x0, gy, x1, gy, color="grid", lw=0.8)
            if k % 2 == 0:
                c.text(gx, y1 + 16, str(k).replace("-", "−"), size=13, kind="tick")
                c.text(x0 - 10, gy, str(k).replace("-", "−"), size=13, anchor="r", kind="tick")
        c.arrow(x0, OY, x1 + 14, OY, color="ink", lw=1.8, head=10)
        c.arrow(OX, y1, OX, y0 - 14, color="ink", lw=1.8, head=10)
        c.text(x1 + 20, OY + 14, "x", size=14, bold=True)
        c.text(OX + 14, y0 - 14, "y", size=14, bold=True)
        if state["mode"] == "potential":
            self._distances(c, state)
        for ch in state["charges"]:
            cx, cy = at(ch["x"], ch["y"])
            col = "red" if ch["q"] > 0 else "blue"
            c.circle(cx, cy, 14, fill="paper", stroke=col, lw=2.6, id=f"charge:{ch['label']}")
            c.line(cx - 7, cy, cx + 7, cy, color=col, lw=2.6)
            if ch["q"] > 0:
                c.line(cx, cy - 7, cx, cy + 7, color=col, lw=2.6)
            c.text(cx, cy + 26, f"{ch['label']} = {sign(ch['q'])}", size=13.5, bold=True)
        if state["P"]:
            px, py = at(*state["P"])
            c.circle(px, py, 7, fill="ink", id="point:P")
            c.text(px + 12, py - 14, "P", size=16, bold=True, anchor="l")
        for k, (x, y) in enumerate(state["candidates"]):
            px, py = at(x, y)
            c.circle(px, py, 5.5, fill="paper", stroke="ink", lw=2.0, id=f"candidate:{LETTERS[k]}")
            c.text(px + 10, py - 12, LETTERS[k], size=15, bold=True, anchor="l", kind="option")
        if state["arrows"]:
            self._arrow_cards(c, state["arrows"])

    @staticmethod
    def _distances(c, state):
        px, py = at(*state["P"])
        for ch in state["charges"]:
            cx, cy = at(ch["x"], ch["y"])
            c.line(px, py, cx, cy, color="muted", lw=1.4, dash=[5, 4])
            r = round(math.hypot(ch["x"] - state["P"][0], ch["y"] - state["P"][1]))
            mx, my = (px + cx) / 2, (py + cy) / 2
            dx, dy = cx - px, cy - py
            L = math.hypot(dx, dy)
            nx, ny = -dy / L, dx / L
            c.text(mx + nx * 14, my + ny * 14, f"r = {r}", size=13, color="ink")

    @staticmethod
    def _arrow_cards(c, arrows):
        bx, by, bw, bh, gap = 560.0, 40.0, 118.0, 106.0, 10.0
        for k, d in enumerate(arrows):
            col, row = k % 2, k // 2
            x, y = bx + col * (bw + gap), by + row * (bh + gap)
            c.rect(x, y, bw, bh, fill="panel", stroke="ink", lw=1.4, id=f"option:{LETTERS[k]}")
            c.text(x + 14, y + 16, LETTERS[k], size=15, bold=True, kind="option")
            t = math.radians(45 * d)
            mx, my = x + bw / 2 + 6, y + bh / 2 + 6
            dx, dy = 26 * math.cos(t), -26 * math.sin(t)
            c.arrow(mx - dx, my - dy, mx + dx, my + dy, color="ink", lw=3.0, head=12)


SCENE = ElectrostaticField()
task = SCENE.task


def _witnesses(s):
    out = {"P": "point:P"} if s["P"] else {}
    out.update({ch["label"]: f"charge:{ch['label']}" for ch in s["charges"]})
    return out


# ---------------------------------------------------------------------- field direction
@task("field_direction_choice", answer="option_letter", annotation="point_map",
      ops="spatial_relations,formula_evaluation",
      queries=("electric_field_direction", "force_on_positive_charge", "force_on_negative_charge"))
def field_direction_choice(q):
    q.offer(8, "image")
    letter = q.target(LETTERS)
    s = q.state
    ex, ey = field(s["charges"], s["P"])
    mag = math.hypot(ex, ey)
    q.require(mag > 0.03, "field too weak to have a clear direction")
    ang = math.degrees(math.atan2(ey, ex))
    if q.query_id == "force_on_negative_charge":
        ang += 180.0
    k = round(ang / 45.0) % 8
    off = abs((ang - 45.0 * k + 180.0) % 360.0 - 180.0)
    q.require(off <= 9.0, "direction not clearly one of the eight arrows")

    def fn(st, rng):
        others = [d for d in range(8) if d != k]
        others = [others[int(i)] for i in rng.permutation(7)]
        others.insert(LETTERS.index(letter), k)
        return {**st, "arrows": others}

    s = q.edit(fn)
    q.step("net_field", ex=round(ex, 6), ey=round(ey, 6), direction=DIRS[k])
    what = {"electric_field_direction": "the direction of the net electric field",
            "force_on_positive_charge": "the direction of the force on a small positive test charge placed there",
            "force_on_negative_charge": "the direction of the force on a small negative test charge placed there"}
    return q.answer(LETTERS[s["arrows"].index(k)], witnesses=_witnesses(s), examples=["C", "F"],
                    question=f"The picture shows fixed point charges (labelled with their charge) on a coordinate "
                             f"grid and a marked point P. Which lettered arrow best matches "
                             f"{what[q.query_id]} at P?")


# ---------------------------------------------------------------------- potential
OFFSETS = [(d, 0) for d in range(1, 5)] + [(-d, 0) for d in range(1, 5)] + [(0, d) for d in range(1, 5)] + \
          [(0, -d) for d in range(1, 5)] + [(sx * a, sy * b) for a, b in ((3, 4), (4, 3)) for sx in (1, -1)
                                             for sy in (1, -1)]


@task("potential_value", answer="integer", annotation="point_map", ops="aggregation,formula_evaluation")
def potential_value(q):
    def fn(st, rng):
        n = len(st["charges"])
        for _ in range(200):
            p = (int(rng.integers(-2, 3)), int(rng.integers(-2, 3)))
            picks = [OFFSETS[int(i)] for i in rng.permutation(len(OFFSETS))]
            chosen, dirs = [], set()
            for dx, dy in picks:
                x, y = p[0] + dx, p[1] + dy
                d = (int(math.copysign(1, dx)) if dx else 0, int(math.copysign(1, dy)) if dy else 0)
                if abs(x) <= 4 and abs(y) <= 4 and d not in dirs:
                    chosen.append((x, y, round(math.hypot(dx, dy))))
                    dirs.add(d)
                if len(chosen) == n:
                    break
            if len(chosen) == n:
                break
        charges = []
        for i, (x, y, r) in enumerate(chosen):
            m = int(rng.choice([-3, -2, -1, 1, 2, 3]))
            while abs(m * r) > 12:
                m = int(rng.choice([-2, -1, 1, 2]))
            charges.append({"label": f"Q{i + 1}", "q": m * r, "x": x, "y": y})
        return {**st, "mode": "potential", "charges": charges, "P": list(p), "arrows": [], "candidates": []}

    s = q.edit(fn)
    q.require(len(s["charges"]) == N_CHARGES[q.difficulty], "could not place the charges")
    total = 0
    for ch in s["charges"]:
        r = math.hypot(ch["x"] - s["P"][0], ch["y"] - s["P"][1])
        q.require(abs(r - round(r)) < 1e-9 and ch["q"] % round(r) == 0, "q / r not whole")
        total += ch["q"] // round(r)
    q.step("sum_q_over_r", value=total)
    return q.answer(total, witnesses=_witnesses(s), examples=[-4, 3],
                    question="The picture shows fixed point charges (labelled with their charge) on a coordinate "
                             "grid, a marked point P and each charge's distance r to P. With k = 1, the potential "
                             "at P is V = sum of q / r over the charges. What is V at P (a signed whole number)?")


# ---------------------------------------------------------------------- zero-field point
def null_point(q1, q2):
    """The point of zero net field of two charges (dicts with q, x, y), or None."""
    a, b = math.sqrt(abs(q1["q"])), math.sqrt(abs(q2["q"]))
    dx, dy = q2["x"] - q1["x"], q2["y"] - q1["y"]
    if q1["q"] * q2["q"] > 0:
        t = a / (a + b)                        # between them, nearer the weaker charge
    elif a != b:
        t = a / (a - b)                        # outside, beyond the weaker charge
    else:
        return None
    return (q1["x"] + t * dx, q1["y"] + t * dy)


@task("zero_field_point_label", answer="option_letter", annotation="point_map",
      ops="spatial_relations,formula_evaluation")
def zero_field_point_label(q):
    n = N_CANDIDATES[q.difficulty]
    q.offer(n, "image")
    letter = q.target(LETTERS[:n])

    def fn(st, rng):
        for _ in range(300):
            like = rng.random() < 0.5 if q.difficulty > 1 else True
            a, b = (int(v) for v in rng.choice([1, 2, 3], size=2))
            if not like and a == b:
                continue
            sgn = 1 if rng.random() < 0.5 else -1
            q1v, q2v = sgn * a * a, (sgn if like else -sgn) * b * b
            unit = a + b if like else abs(b - a)
            D = unit * int(rng.integers(1, 3))
            step = [(1, 0), (-1, 0), (0, 1), (0, -1)][int(rng.integers(4))]
            start = (int(rng.integers(-4, 5)), int(rng.integers(-4, 5)))
            end = (start[0] + D * step[0], start[1] + D * step[1])
            c1 = {"label": "Q1", "q": q1v, "x": start[0], "y": start[1]}
            c2 = {"label": "Q2", "q": q2v, "x": end[0], "y": end[1]}
            z = null_point(c1, c2)
            pts = [start, end] + ([z] if z else [])
            if z is None or any(abs(v) > 4 for p in pts for v in p):
                continue
            z = (round(z[0]), round(z[1]))
            near = [(z[0] + dx, z[1] + dy) for dx in range(-3, 4) for dy in range(-3, 4)]
            near = [p for p in near if p != z and p not in (start, end) and all(abs(v) <= 4 for v in p)]
            if len(near) < n - 1:
                continue
            picks = [near[int(i)] for i in rng.permutation(len(near))[:n - 1]]
            picks.insert(LETTERS.index(letter), z)
            return {**st, "mode": "zero", "charges": [c1, c2], "P": [], "arrows": [],
                    "candidates": [list(p) for p in picks]}
        return {**st, "mode": "failed"}

    s = q.edit(fn)
    q.require(s["mode"] == "zero", "could not build the charges")
    zeros = [k for k, p in enumerate(s["candidates"]) if math.hypot(*field(s["charges"], p)) < 1e-9]
    q.require(len(zeros) == 1, "not exactly one zero-field candidate")
    ans = LETTERS[zeros[0]]
    q.step("zero_field", candidate=ans)
    return q.answer(ans, witnesses={"Q1": "charge:Q1", "Q2": "charge:Q2", "zero_point": f"candidate:{ans}"},
                    examples=["D", "B"],
                    question="The picture shows two fixed point charges (labelled with their charge) on a "
                             "coordinate grid and lettered candidate points. At which lettered point do the "
                             "electric fields of the two charges cancel (zero net field)?")
