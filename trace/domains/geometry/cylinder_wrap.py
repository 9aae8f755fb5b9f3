"""geometry/cylinder_wrap: a cylinder's side unrolled into a rectangle (width = circumference).

Two layouts: a cylinder with a path winding once around it from the bottom to the top, beside its
unrolled net where the path becomes the rectangle's diagonal (length sqrt(C^2 + h^2), whole from a
Pythagorean triple); or an unrolled strip with a seam, quarter guides and one mark, above a top view
of the cylinder's rim with the seam, the wrapping direction and labelled candidate points: the mark
lands at angle 360 x / C from the seam in the wrapping direction.

Difficulty: larger triples; finer mark positions (quarters, eighths, twelfths) and more candidates.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, pythagorean_triples
from tracegen.kits.solids import DASH, dimension, draw_rim

SIZE = (820, 580)
HYP = {1: (5, 40), 2: (13, 135), 3: (60, 250)}
DIVS = {1: 4, 2: 8, 3: 12}
N_CAND = {1: 3, 2: 6, 3: 6}
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


class CylinderWrap(Scene):
    domain, scene_id, size = "geometry", "cylinder_wrap", SIZE
    megapixels = (0.46, 0.56)   # render-only: the original's one 820 x 580 canvas
    description = ("A cylinder's side and its unrolled rectangle: a path wound around it as the net's diagonal, "
                   "or a marked strip wrapped onto a top-view rim with labelled candidate points.")

    def sample(self, rng, difficulty):
        return {"squash": round(float(rng.uniform(0.18, 0.26)), 3)}

    def render(self, c, state, params):
        if state["kind"] == "path":
            self._path(c, state)
        else:
            self._strip(c, state)

    def _path(self, c, state):
        C, h = state["C"], state["h"]
        labels = Labels(c)
        # the net, to scale
        k = min(300.0 / C, 340.0 / h)
        w, hp = C * k, h * k
        x0, y0 = 420.0 + (320 - w) / 2, 290.0 - hp / 2
        c.rect(x0, y0, w, hp, fill="panel", stroke="ink", lw=2.2, id="net")
        for i in (1, 2, 3):
            c.line(x0 + w * i / 4, y0, x0 + w * i / 4, y0 + hp, color="muted", lw=1.0, dash=DASH)
        a, b = (x0, y0 + hp), (x0 + w, y0)
        c.line(*a, *b, color="accent", lw=4.0, id="path:net")
        for p in (a, b):
            c.circle(*p, 6.0, fill="accent")
        labels.box((x0, y0, x0 + w, y0 + hp))
        dimension(c, labels, (x0, y0 + hp), (x0 + w, y0 + hp), f"C = {C}", offset=-26, id="dim:C")
        dimension(c, labels, (x0 + w, y0 + hp), (x0 + w, y0), f"h = {h}", offset=-26, id="dim:h")
        m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        tw = c.text_width("?", size=20, bold=True) + 10
        c.rect(m[0] - tw / 2, m[1] - 14, tw, 28, fill="background")
        c.text(*m, "?", size=20, bold=True)
        # the cylinder with the helix (one turn), same proportions, front part solid and back dashed
        rx = 105.0
        cp = min(330.0, max(150.0, 2 * math.pi * rx * h / C * 0.5))
        ry = rx * state["squash"]
        cx, by = 200.0, 290.0 + cp / 2
        draw_rim(c, cx, by, rx, ry)
        draw_rim(c, cx, by - cp, rx, ry, back="solid")
        c.line(cx - rx, by, cx - rx, by - cp, lw=2.4)
        c.line(cx + rx, by, cx + rx, by - cp, lw=2.4)
        c.line(cx, by, cx, by - cp, color="muted", lw=1.2, dash=DASH)
        n = 120
        pts = []
        for i in range(n + 1):
            t = i / n
            ang = math.pi / 2 + 2 * math.pi * t          # start at the front
            pts.append((cx + rx * math.cos(ang) * -1, by - cp * t + ry * math.sin(ang), math.sin(ang) >= 0))
        run = [pts[0]]
        for p in pts[1:]:
            if p[2] != run[-1][2]:
                self._run(c, run)
                run = [run[-1]]
            run.append(p)
        self._run(c, run)
        for p in (pts[0], pts[-1]):
            c.circle(p[0], p[1], 6.0, fill="accent")
        c.register("path:cylinder", box=(cx - rx - 4, by - cp - ry - 4, cx + rx + 4, by + ry + 4), stroke="accent")

    @staticmethod
    def _run(c, run):
        xy = [(x, y) for x, y, _ in run]
        if len(xy) > 1:
            if run[-1][2]:
                c.polyline(xy, color="accent", lw=4.0)
            else:
                c.polyline(xy, color="accent", lw=2.0, dash=(5.0, 4.0))

    def _strip(self, c, state):
        divs, pos = state["divs"], state["pos"]
        x0, y0, w, hp = 90.0, 95.0, 640.0, 115.0
        c.rect(x0, y0, w, hp, fill="panel", stroke="ink", lw=2.2, id="strip")
        for i in range(1, 4):
            c.line(x0 + w * i / 4, y0, x0 + w * i / 4, y0 + hp, color="ink", lw=1.4, dash=DASH, id=f"guide:{i}")
        c.line(x0, y0 - 18, x0, y0 + hp + 18, color="ink", lw=2.0)
        c.text(x0 + 30, y0 - 24, "seam", size=15)
        c.arrow(x0 + 90, y0 - 24, x0 + 210, y0 - 24, color="ink", lw=1.8, head=10)
        mx, my = x0 + w * pos / divs, y0 + hp / 2
        c.rect(mx - 13, my - 13, 26, 26, fill="background", stroke="accent", lw=2.6)
        c.line(mx - 9, my, mx + 9, my, color="accent", lw=2.0)
        c.line(mx, my - 9, mx, my + 9, color="accent", lw=2.0)
        c.register("mark", point=(mx, my))
        c.text(mx, y0 + hp + 20, "mark", size=15)
        # the rim from above: the seam at the right, the wrap going counter-clockwise or clockwise
        cx, cy, R = 410.0, 400.0, 115.0
        ccw = state["ccw"]
        c.circle(cx, cy, R, stroke="ink", lw=2.4, id="rim")
        c.line(cx, cy, cx + R, cy, color="ink", lw=1.6)
        c.circle(cx + R, cy, 5.0, fill="ink")
        sgn = -1 if ccw else 1
        c.text(cx + R + 30, cy - sgn * 18, "seam", size=15)
        arc = [(cx + (R + 50) * math.cos(sgn * math.radians(a)), cy + (R + 50) * math.sin(sgn * math.radians(a)))
               for a in range(4, 33, 2)]
        c.polyline(arc, color="ink", lw=1.8)
        c.arrow(*arc[-2], *arc[-1], color="ink", lw=1.8, head=10)
        for lab, k in zip(state["labels"], state["cands"]):
            a = math.radians(360.0 * k / divs) * sgn
            px, py = cx + R * math.cos(a), cy + R * math.sin(a)
            c.rect(px - 10, py - 10, 20, 20, fill="background", stroke="ink", lw=2.0)
            c.line(px - 6, py, px + 6, py, lw=1.6)
            c.line(px, py - 6, px, py + 6, lw=1.6)
            c.register(f"cand:{lab}", point=(px, py))
            c.text(px + 32 * math.cos(a), py + 32 * math.sin(a), lab, size=18, bold=True, kind="option")


SCENE = CylinderWrap()
task = SCENE.task


@task("surface_path_length_value", answer="integer", annotation="bbox_map",
      ops="topology,transformation,formula_evaluation")
def surface_path_length_value(q):
    lo, hi = HYP[q.difficulty]
    triples = [t for t in pythagorean_triples(hi) if t[2] >= lo and 0.35 <= t[0] / t[1] <= 2.8]
    target = q.target(sorted({t[2] for t in triples}))

    def fn(s, rng):
        pool = [t for t in triples if t[2] == target]
        a, b, hyp = pool[int(rng.integers(len(pool)))]
        C, h = (a, b) if rng.integers(2) else (b, a)
        q.require(0.35 <= h / C <= 2.8, "awkward proportions")
        s.update(kind="path", C=C, h=h)
        return s

    s = q.edit(fn)
    L = math.isqrt(s["C"] ** 2 + s["h"] ** 2)
    return q.answer(L, witnesses={"path": "path:net", "circumference": "dim:C", "height": "dim:h"},
                    examples=[L + 7, 25],
                    question="The figure shows a cylinder with a path winding once around its side from the bottom "
                             "to the top, and the side unrolled into a rectangle (width C, the circumference; "
                             "height h) where the path becomes the diagonal marked ?. How long is the path?")


@task("wrapped_mark_position_label", answer="option_letter", annotation="point_map", ops="transformation,matching")
def wrapped_mark_position_label(q):
    n = N_CAND[q.difficulty]
    answer = q.target(list(LETTERS))

    def fn(s, rng):
        divs = DIVS[q.difficulty]
        pos = int(rng.integers(1, divs))
        mirror = divs - pos
        rest = [k for k in range(1, divs) if k not in (pos, mirror)]
        pick = [int(k) for k in rng.choice(rest, size=n - 1 - (mirror != pos), replace=False)]
        cands = sorted({pos, mirror, *pick})
        others = [x for x in LETTERS if x != answer]
        letters = [others[int(i)] for i in rng.choice(len(others), size=n, replace=False)]
        letters[cands.index(pos)] = answer
        s.update(kind="strip", divs=divs, pos=pos, cands=cands, labels=letters, ccw=bool(rng.integers(2)))
        return s

    s = q.edit(fn)
    q.offer(n, "image")
    for i in range(1, 4):
        q.claim(f"guide:{i}", line="dashed")
    ans = s["labels"][s["cands"].index(s["pos"])]
    return q.answer(ans, witnesses={"mark": "mark", "target": f"cand:{ans}"},
                    examples=[x for x in s["labels"] if x != ans][:2],
                    question="The top strip is a cylinder's side unrolled: its left edge is the seam and the dashed "
                             "lines divide it into quarters. Wrapped around the cylinder, the strip starts at the "
                             "seam shown on the top view below and runs the way the arrow there points. Which "
                             "labelled point on the rim does the mark land on?")
