"""geometry/solid_formula: a compound solid drawn as a line diagram (hidden edges dashed) with its
measurements labelled, its total volume printed, and one dimension marked ?: a cylinder capped by
a cone of the same radius (V = pi r^2 (H + c/3), the volume as a multiple of pi), a house-shaped
prism (V = L b (h + t/2)) or a box capped by a pyramid (V = l w (x + p/3)).  The unknown is solved
from the volume formula; every dimension is whole, so the answer is exact.

Difficulty: the size of the numbers (unknowns up to 20, 55, 90; other dimensions grow with it).
The drawing is not to scale (proportions are clamped so every solid reads clearly).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, around
from tracegen.kits.solids import Oblique, cone_tangent, dimension, draw_cylinder, draw_polyhedron, draw_rim, \
    DASH, LW

SIZE = (820, 580)
UNKNOWN = {1: (2, 20), 2: (2, 55), 3: (20, 90)}
SMALL = {1: (2, 8), 2: (2, 12), 3: (5, 20)}   # the other dimensions


def clamp(v, lo, hi):
    return max(lo, min(hi, v))


class SolidFormula(Scene):
    domain, scene_id, size = "geometry", "solid_formula", SIZE
    megapixels = (0.46, 0.56)   # render-only: the original's one 820 x 580 canvas
    description = ("A compound solid (cylinder with a cone cap, house-shaped prism, box with a pyramid cap) drawn "
                   "with dashed hidden edges, its measurements and total volume labelled and one dimension marked ?.")

    def sample(self, rng, difficulty):
        return {"squash": round(float(rng.uniform(0.16, 0.24)), 3), "angle": round(float(rng.uniform(28, 40)), 2),
                "side": int(rng.integers(2))}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        sol = state["solid"]
        labels = Labels(c)
        hi = "accent"
        if sol["kind"] == "cylinder_cone":
            self._cylinder_cone(c, state, sol, labels, hi)
        elif sol["kind"] == "house":
            self._house(c, state, sol, labels, hi)
        else:
            self._prism_pyramid(c, state, sol, labels, hi)
        r = labels.place(sol["volume"], around(110, 85, 0, 0.0), size=20, kind="label")
        c.register("label:V", box=r)

    @staticmethod
    def _text(sol, key, name):
        return f"{name} = ?" if sol["unknown"] == key else f"{name} = {sol['dims'][key]}"

    def _color(self, sol, key, hi):
        return hi if sol["unknown"] == key else "ink"

    def _dims(self, c, labels, sol, hi, specs):
        """Dimension lines (a, b, key, offset), each reading ``key = value`` (``?`` and the accent for the
        unknown)."""
        for a, b, key, offset in specs:
            dimension(c, labels, a, b, self._text(sol, key, key), offset=offset, color=self._color(sol, key, hi),
                      id=f"dim:{key}")

    def _drop(self, c, labels, sol, hi, top, foot, key):
        """The dashed height ``key`` from an apex down to the level below it."""
        c.line(*top, *foot, color=self._color(sol, key, hi), lw=1.8, dash=DASH)
        labels.seg(top, foot)

    def _cylinder_cone(self, c, state, sol, labels, hi):
        d = sol["dims"]
        r, H, cc = d["r"], d["H"], d["c"]
        rx = 150.0
        hp = clamp(H / r * rx, 110.0, 230.0)
        cp = clamp(cc / r * rx, 80.0, 180.0)
        scale = min(1.0, 440.0 / (hp + cp))
        hp, cp = hp * scale, cp * scale
        ry = rx * state["squash"]
        cx = 410.0
        by = 290.0 + (hp + cp) / 2
        ty = by - hp
        draw_cylinder(c, cx, by, rx, ry, hp, top=False, id="solid")
        draw_rim(c, cx, ty, rx, ry, back="dashed")
        tx, tyy = cone_tangent(rx, ry, cp)
        apex = (cx, ty - cp)
        c.line(cx - tx, ty + tyy, *apex, lw=LW)
        c.line(cx + tx, ty + tyy, *apex, lw=LW)
        for p, q in (((cx - rx, by), (cx - rx, ty)), ((cx + rx, by), (cx + rx, ty)), ((cx - tx, ty + tyy), apex),
                     ((cx + tx, ty + tyy), apex)):
            labels.seg(p, q)
        labels.ring(cx, by, rx)
        labels.seg((cx - rx, ty), (cx + rx, ty))
        # the cone's height (dashed axis) and the radius on the top face
        c.line(cx, ty, *apex, color=self._color(sol, "c", hi), lw=1.8, dash=DASH)
        c.line(cx, ty, cx + rx, ty, color=self._color(sol, "r", hi), lw=2.0)
        labels.seg((cx, ty), apex)
        labels.seg((cx, ty), (cx + rx, ty))
        rl = labels.place(self._text(sol, "r", "r"), around(cx + rx / 2, ty + ry + 14, 4, 1.57), size=17)
        c.register("dim:r", box=(min(cx, rl[0]), min(ty - 3, rl[1]), max(cx + rx, rl[2]), max(ty + 3, rl[3])))
        side = 1 if state["side"] else -1
        hx = cx + side * (rx + 10)
        a, b = ((hx, by), (hx, ty)) if side < 0 else ((hx, ty), (hx, by))
        self._dims(c, labels, sol, hi, [((cx + rx + 10, ty), (cx + rx + 10, apex[1]), "c", 24), (a, b, "H", 24)])

    def _fit(self, verts, state):
        return Oblique.fit(verts, (215, 70, 615, 480), angle=state["angle"], depth=0.55)

    def _house(self, c, state, sol, labels, hi):
        d = sol["dims"]
        b = 1.0
        h = clamp(d["h"] / d["b"], 0.45, 1.1)
        t = clamp(d["t"] / d["b"], 0.3, 0.7)
        L = clamp(d["L"] / d["b"], 0.9, 1.8)
        front = [(0, 0, 0), (b, 0, 0), (b, 0, h), (b / 2, 0, h + t), (0, 0, h)]
        verts = front + [(x, L, z) for x, _, z in front]
        faces = [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]] + [[k, (k + 1) % 5, (k + 1) % 5 + 5, k + 5] for k in range(5)]
        view = self._fit(verts, state)
        pts = draw_polyhedron(c, view, verts, faces, labels=labels, id="solid")
        # the roof height: a dashed drop from the ridge to the eaves' level on the front face
        top, foot = pts[3], view.px((b / 2, 0, h))
        self._drop(c, labels, sol, hi, top, foot, "t")
        self._dims(c, labels, sol, hi, [(pts[0], pts[1], "b", -26), (pts[0], pts[4], "h", 26), (top, foot, "t", -16),
                                        (pts[1], pts[6], "L", -22)])

    def _prism_pyramid(self, c, state, sol, labels, hi):
        d = sol["dims"]
        l = 1.0
        w = clamp(d["w"] / d["l"], 0.5, 1.4)
        x = clamp(d["x"] / d["l"], 0.5, 1.0)
        p = clamp(d["p"] / d["l"], 0.3, 0.6)
        verts = [(i * l, j * w, k * x) for k in (0, 1) for j in (0, 1) for i in (0, 1)] + [(l / 2, w / 2, x + p)]
        # 0..3 bottom (i, j), 4..7 top, 8 apex
        faces = [[0, 1, 3, 2], [0, 1, 5, 4], [1, 3, 7, 5], [3, 2, 6, 7], [2, 0, 4, 6],
                 [4, 5, 8], [5, 7, 8], [7, 6, 8], [6, 4, 8]]
        view = self._fit(verts, state)
        pts = draw_polyhedron(c, view, verts, faces, labels=labels, id="solid")
        top, foot = pts[8], view.px((l / 2, w / 2, x))
        self._drop(c, labels, sol, hi, top, foot, "p")
        self._dims(c, labels, sol, hi, [(pts[0], pts[1], "l", -26), (pts[0], pts[4], "x", 26), (top, foot, "p", -16),
                                        (pts[1], pts[3], "w", -22)])


SCENE = SolidFormula()
task = SCENE.task

LEAD = ("The diagram shows a compound solid with its measurements labelled and one dimension marked ?; the "
        "printed V is the solid's total volume (not to scale). ")


def build(q, kind, unknown, make):
    """Plant a target unknown, draw the other dimensions until the volume is whole, return the solid."""
    lo, hi = UNKNOWN[q.difficulty]
    target = q.target(list(range(lo, hi + 1)))

    def fn(s, rng):
        dims, vol = make(rng, target, SMALL[q.difficulty])
        q.require(dims is not None, "volume not whole")
        others = [v for k, v in dims.items() if k != unknown]
        q.require(target not in others, "the answer equals a printed dimension")
        s["solid"] = {"kind": kind, "dims": dims, "unknown": unknown, "volume": vol}
        return s

    return q.edit(fn)["solid"]


def solve(q, kind, unknown, make, wrong, question):
    """Build the solid (``build``) and answer its unknown dimension; ``wrong`` = (offset from the answer,
    a fixed value) for the format example; ``question`` follows ``LEAD``."""
    d = build(q, kind, unknown, make)["dims"]
    return q.answer(d[unknown], witnesses=f"dim:{unknown}", rounding=1, examples=[d[unknown] + wrong[0], wrong[1]],
                    question=LEAD + question)


def _ri(rng, lo, hi):
    return int(rng.integers(lo, hi + 1))


def _cyl_cone(unknown):
    def make(rng, t, small):
        lo, hi = small
        r = t if unknown == "r" else _ri(rng, lo, hi)
        H = t if unknown == "H" else _ri(rng, lo, hi + 4)
        cc = 3 * _ri(rng, 1, max(2, hi // 2))
        if len({r, H, cc}) < 3:
            return None, None
        k = r * r * (3 * H + cc)
        if k % 3:
            return None, None
        return {"r": r, "H": H, "c": cc}, f"V = {k // 3}π"
    return make


@task("cylinder_cone_height_from_volume_radius", answer="number", annotation="bbox", ops="formula_evaluation")
def cylinder_cone_height_from_volume_radius(q):
    return solve(q, "cylinder_cone", "H", _cyl_cone("H"), (3.0, 12.5),
                 "A cone of height c sits on a cylinder of the same radius r; V is a multiple of "
                 "π. Using the radius and the cone height, find the cylinder height H marked ?.")


@task("cylinder_cone_radius_from_volume_heights", answer="number", annotation="bbox", ops="formula_evaluation")
def cylinder_cone_radius_from_volume_heights(q):
    return solve(q, "cylinder_cone", "r", _cyl_cone("r"), (2.0, 7.5),
                 "A cone of height c sits on a cylinder of height H with the same radius; the "
                 "volume is the cylinder's plus the cone's. Find the radius r marked ?.")


@task("house_prism_length_from_volume", answer="number", annotation="bbox", ops="formula_evaluation")
def house_prism_length_from_volume(q):
    def make(rng, t, small):
        lo, hi = small
        b, h, tt = _ri(rng, lo + 2, hi + 6), _ri(rng, lo, hi), _ri(rng, lo, hi)
        if (b * tt) % 2 or len({b, h, tt}) < 3:
            return None, None
        return {"b": b, "h": h, "t": tt, "L": t}, f"V = {t * (b * h + b * tt // 2)}"

    return solve(q, "house", "L", make, (4.0, 18.5),
                 "The solid is a house-shaped prism: its cross-section is a b-by-h rectangle "
                 "topped by a triangle of height t. Using volume = cross-section area × length, "
                 "find the length L marked ?.")


@task("prism_pyramid_height_from_volume", answer="number", annotation="bbox", ops="formula_evaluation")
def prism_pyramid_height_from_volume(q):
    def make(rng, t, small):
        lo, hi = small
        l, w = _ri(rng, lo + 1, hi + 2), _ri(rng, lo + 1, hi + 2)
        p = 3 * _ri(rng, 1, max(2, hi // 2))
        if len({l, w, p}) < 3:
            return None, None
        return {"l": l, "w": w, "x": t, "p": p}, f"V = {l * w * (3 * t + p) // 3}"

    return solve(q, "prism_pyramid", "x", make, (5.0, 21.5),
                 "The solid is an l-by-w rectangular prism capped by a pyramid of height p on "
                 "its top face. Using the base length, base width, pyramid height and total "
                 "volume, find the prism height x marked ?.")
