"""geometry/container_volume_transfer: a full source container poured into a target: a cone (radius
and height) into a cylinder (radius and height), or a cylinder (base area and height) into a
rectangular tank.  Either the target's dimensions are given and the question is how many full pours
fill it exactly (target volume / source volume; pi cancels between cone and cylinder), or the
number of pours is printed and the question is the liquid's height in the target (pours x source
volume / target base area, to one decimal).

Difficulty: the size of the numbers (pour counts up to 15, 58, 99).
"""

from __future__ import annotations

from fractions import Fraction

from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, around, rounds_cleanly
from tracegen.kits.solids import DASH, Oblique, box_corners, dimension, draw_box, draw_cone, draw_cylinder

SIZE = (900, 620)
COUNT = {1: (2, 15), 2: (4, 58), 3: (20, 99)}
POURS = {1: (2, 8), 2: (2, 20), 3: (5, 30)}
SRC = {1: (2, 6), 2: (2, 12), 3: (4, 20)}
TANK = {1: (2, 8), 2: (3, 12), 3: (5, 20)}


class ContainerVolumeTransfer(Scene):
    domain, scene_id, size = "geometry", "container_volume_transfer", SIZE
    megapixels = (0.5, 0.62)   # render-only: the original's one 900 x 620 canvas
    description = ("A full source container (cylinder or box) poured into a rectangular tank, with the containers' "
                   "dimensions and the number of pours labelled: pours to fill the tank, or the resulting height.")

    def sample(self, rng, difficulty):
        return {"angle": round(float(rng.uniform(30, 40)), 2), "squash": round(float(rng.uniform(0.2, 0.28)), 3)}

    def render(self, c, state, params):
        labels = Labels(c)
        src, tank = state["source"], state["tank"]
        c.text(450, 48, state["note"], size=21, bold=True)
        labels.box((300, 30, 600, 66))
        # ---- the source, full
        c.text(220, 120, f"source {src['kind']}", size=17)
        labels.box((140, 108, 300, 132))
        rx = 80.0
        ry = rx * state["squash"]
        cx, by = 220.0, 430.0
        if src["kind"] == "cylinder":
            hp = 190.0
            self._can(c, labels, cx, by, rx, ry, hp, 1.0, "source")
            dimension(c, labels, (cx - rx, by), (cx - rx, by - hp), f"height = {src['h']}", offset=22)
            labels.place(f"base area = {src['area']}", around(cx, by + ry + 14, 4, 1.57), size=17)
        else:
            hp = 200.0
            c.polygon([(cx - rx, by), (cx, by - hp), (cx + rx, by)], fill="cyan")
            c.ellipse(cx, by, rx, ry, fill="cyan")
            draw_cone(c, cx, by, rx, ry, hp, id="source")
            c.line(cx, by, cx, by - hp, lw=1.6, dash=DASH)
            c.line(cx, by, cx + rx, by, lw=1.8)
            for p, q in (((cx - rx, by), (cx, by - hp)), ((cx + rx, by), (cx, by - hp)), ((cx, by), (cx, by - hp)),
                         ((cx, by), (cx + rx, by))):
                labels.seg(p, q)
            labels.ring(cx, by, rx)
            labels.place(f"r = {src['r']}", around(cx + rx / 2, by + ry + 12, 4, 1.57), size=17)
            dimension(c, labels, (cx - rx - 6, by), (cx - rx - 6, by - hp), f"h = {src['h']}", offset=22)
        c.arrow(350, 300, 470, 300, color="accent", lw=2.6, head=13)
        labels.seg((350, 300), (470, 300))
        # ---- the target
        c.text(660, 120, f"target {tank['kind']}", size=17)
        labels.box((560, 108, 760, 132))
        full = state["ask"] == "count"
        if tank["kind"] == "cylinder":
            R = tank["R"]
            H = tank["H"] if full else tank["drawn_H"]
            trx = 95.0
            hp = max(120.0, min(300.0, trx * H / R))
            tx, tby = 660.0, 300.0 + hp / 2
            self._can(c, labels, tx, tby, trx, trx * state["squash"], hp, 1.0 if full else tank["fill"], "target")
            labels.place(f"R = {R}", around(tx + trx / 2, tby + trx * state["squash"] + 12, 4, 1.57), size=17)
            c.line(tx, tby, tx + trx, tby, lw=1.8)
            if full:
                dimension(c, labels, (tx + trx, tby - hp), (tx + trx, tby), f"H = {H}", offset=22)
            else:
                lv = tby - hp * tank["fill"]
                c.line(tx - trx, lv, tx + trx, lv, color="accent", lw=2.6)
                dimension(c, labels, (tx + trx, lv), (tx + trx, tby), "height = ?", offset=22, color="accent")
            return
        L, W = tank["L"], tank["W"]
        H = tank["H"] if full else tank["drawn_H"]
        m = max(L, W, H)
        dims = [max(v, m / 4) for v in (L, W, H)]
        view = Oblique.fit(list(box_corners(*dims).values()), (540, 165, 780, 455), angle=state["angle"])
        level = dims[2] if full else dims[2] * tank["fill"]
        self._liquid(c, view, dims, level)
        pts = draw_box(c, view, *dims, id="target")
        self._edges(labels, pts)
        if not full:
            a, b = view.px((0, 0, level)), view.px((dims[0], 0, level))
            c.line(*a, *b, color="accent", lw=2.6)
            dimension(c, labels, view.px((dims[0], dims[1], 0)), view.px((dims[0], dims[1], level)), "height = ?",
                      offset=-22, color="accent")
        else:
            dimension(c, labels, pts[(0, 0, 0)], pts[(0, 0, 1)], f"H = {H}", offset=22)
        dimension(c, labels, pts[(0, 0, 0)], pts[(1, 0, 0)], f"L = {L}", offset=-22)
        dimension(c, labels, pts[(1, 0, 1)], pts[(1, 1, 1)], f"W = {W}", offset=20)

    @staticmethod
    def _can(c, labels, cx, by, rx, ry, hp, fill, id):
        """An upright cylinder filled with liquid to the fraction ``fill`` of its height."""
        lv = by - hp * fill
        c.rect(cx - rx, lv, 2 * rx, by - lv, fill="cyan")
        c.ellipse(cx, by, rx, ry, fill="cyan")
        c.ellipse(cx, lv, rx, ry, fill="cyan")
        draw_cylinder(c, cx, by, rx, ry, hp, id=id)
        labels.seg((cx - rx, by), (cx - rx, by - hp))
        labels.seg((cx + rx, by), (cx + rx, by - hp))
        labels.ring(cx, by, rx)
        labels.box((cx - rx, by - hp - ry, cx + rx, by + ry))

    @staticmethod
    def _edges(labels, pts):
        from tracegen.kits.solids import BOX_EDGES

        for a, b in BOX_EDGES:
            labels.seg(pts[a], pts[b])

    @staticmethod
    def _liquid(c, view, dims, level):
        L, W, _ = dims
        front = [view.px(p) for p in ((0, 0, 0), (L, 0, 0), (L, 0, level), (0, 0, level))]
        side = [view.px(p) for p in ((L, 0, 0), (L, W, 0), (L, W, level), (L, 0, level))]
        top = [view.px(p) for p in ((0, 0, level), (L, 0, level), (L, W, level), (0, W, level))]
        for poly in (front, side, top):
            c.polygon(poly, fill="cyan")


SCENE = ContainerVolumeTransfer()
task = SCENE.task

LEAD = "The diagram shows a full source container, a target tank, their labelled dimensions and a pouring note. "


def _ri(rng, lo, hi):
    return int(rng.integers(lo, hi + 1))


def volume(src):
    """The source's volume over pi for a cone (pi r^2 h / 3), else base area x height."""
    if src["kind"] == "cone":
        return Fraction(src["r"] ** 2 * src["h"], 3)
    return Fraction(src["area"] * src["h"])


def capacity(tank):
    """The tank's volume per unit height (over pi for a cylinder)."""
    return tank["R"] ** 2 if tank["kind"] == "cylinder" else tank["L"] * tank["W"]


PAIRS = {"cone_to_cylinder_fill_count": ("cone", "cylinder"), "cylinder_to_cuboid_fill_count": ("cylinder", "cuboid"),
         "cone_pours_to_cylinder_height": ("cone", "cylinder"),
         "cylinder_pours_to_cuboid_height": ("cylinder", "cuboid")}


def _source(rng, kind, d):
    lo, hi = SRC[d]
    if kind == "cone":
        return {"kind": "cone", "r": _ri(rng, lo, hi), "h": _ri(rng, lo + 1, hi + 6)}
    return {"kind": "cylinder", "area": _ri(rng, lo, hi), "h": _ri(rng, lo + 1, hi + 3)}


def _largest_prime(n):
    p, best = 2, 1
    while n > 1:
        while n % p == 0:
            n //= p
            best = p
        p += 1
    return best


@task("fill_count_value", answer="integer", annotation="bbox_map", ops="counting,formula_evaluation",
      queries=("cone_to_cylinder_fill_count", "cylinder_to_cuboid_fill_count"))
def fill_count_value(q):
    lo, hi = COUNT[q.difficulty]
    skind, tkind = PAIRS[q.query_id]
    # a prime factor of the count must fit in one of the target's dimensions, with room to spare
    k = q.target([k for k in range(lo, hi + 1) if _largest_prime(k) <= (80 if tkind == "cylinder" else 40)])

    def fn(s, rng):
        src = _source(rng, skind, q.difficulty)
        total = k * volume(src)
        q.require(total.denominator == 1, "tank volume not whole")
        total = int(total)
        if tkind == "cylinder":
            shapes = [{"kind": "cylinder", "R": R, "H": total // (R * R)} for R in range(2, 31)
                      if total % (R * R) == 0 and 2 <= total // (R * R) <= 160]
        else:
            shapes = [{"kind": "cuboid", "L": L, "W": W, "H": total // (L * W)} for L in range(2, 41)
                      for W in range(2, 41) if total % (L * W) == 0 and 2 <= total // (L * W) <= 80]
        shapes = [t for t in shapes if k not in [v for key, v in t.items() if key != "kind"]]
        q.require(bool(shapes), "no whole tank")
        s.update(source=src, tank=shapes[_ri(rng, 0, len(shapes) - 1)], ask="count", note="full pours = ?")
        return s

    q.edit(fn)
    return q.answer(k, witnesses={"source": "source", "target": "target"}, examples=[k + 3, 12],
                    question=LEAD + "How many full pours of the source container fill the target exactly?")


@task("resulting_height_value", answer="number", annotation="bbox_map", ops="formula_evaluation",
      queries=("cone_pours_to_cylinder_height", "cylinder_pours_to_cuboid_height"))
def resulting_height_value(q):
    skind, tkind = PAIRS[q.query_id]
    top = 25 * (1 + (q.difficulty == 3))
    goal = q.target(list(range(2, top)))

    def fn(s, rng):
        src = _source(rng, skind, q.difficulty)
        if tkind == "cylinder":
            tank = {"kind": "cylinder", "R": _ri(rng, *TANK[q.difficulty])}
        else:
            tank = {"kind": "cuboid", "L": _ri(rng, *TANK[q.difficulty]), "W": _ri(rng, *TANK[q.difficulty])}
        per = float(volume(src) / capacity(tank))      # the rise per pour
        n = max(1, int(round((goal + 0.5) / per)))
        q.require(POURS[q.difficulty][0] <= n <= POURS[q.difficulty][1], "pour count out of range")
        hgt = float(n * volume(src) / capacity(tank))
        q.require(1.5 <= hgt <= top, "height out of range")
        q.require(rounds_cleanly(hgt, 1), "near a rounding boundary")
        drawn = int(hgt * float(rng.uniform(1.25, 1.7))) + 1
        tank.update(drawn_H=drawn, fill=round(hgt / drawn, 3))
        s.update(source=src, tank=tank, pours=n, ask="height", note=f"{n} full pours")
        return s

    s = q.edit(fn)
    v = float(s["pours"] * volume(s["source"]) / capacity(s["tank"]))
    return q.answer(v, witnesses={"source": "source", "target": "target"}, rounding=1, examples=[12.4, 7.5],
                    question=LEAD + "The printed number of full pours of the source is emptied into the empty "
                                    "target. How high does the liquid stand in it (the height marked ?)?")
