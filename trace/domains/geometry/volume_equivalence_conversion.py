"""geometry/volume_equivalence_conversion: a source solid recast into a solid of equal volume.
Cylinders and cones are given by base area and height (V = B h and B h / 3), boxes by their edges
(L W H), so every volume is whole.  Either the target's dimensions are given but one and the
question is the missing one, or six candidate solids are drawn (A-F) and the question is which
has the source's volume (exactly one does; the others miss by a little).

Difficulty: the size of the numbers.
"""

from __future__ import annotations

from fractions import Fraction

from tracegen.core.task import Scene
from tracegen.kits.solids import DASH, Oblique, box_corners, draw_box, draw_cone, draw_cylinder

SIZE = (860, 640)
ANSWER = {1: (10, 60), 2: (37, 418), 3: (200, 999)}
SMALL = {1: (2, 9), 2: (2, 24), 3: (6, 40)}
CAP = {1: 130, 2: 850, 3: 2000}   # twice the largest answer: a prime answer must go into a cofactor
LETTERS = "ABCDEF"
NAMES = {"cuboid": "cuboid", "cylinder": "cylinder", "cone": "cone"}


def volume(solid) -> Fraction:
    if solid["kind"] == "cuboid":
        return Fraction(solid["L"] * solid["W"] * solid["H"])
    v = Fraction(solid["B"] * solid["H"])
    return v / 3 if solid["kind"] == "cone" else v


def texts(solid, unknown=None):
    keys = ("L", "W", "H") if solid["kind"] == "cuboid" else ("B", "H")
    name = {"B": "base area", "L": "L", "W": "W",
            "H": "H" if solid["kind"] == "cuboid" else solid.get("hname", "height")}
    return [f"{name[k]} = ?" if k == unknown else f"{name[k]} = {solid[k]}" for k in keys]


def draw_solid(c, solid, box, *, id=None, angle=35.0):
    """A small line drawing of the solid filling ``box`` (proportions fixed, not to scale)."""
    x0, y0, x1, y1 = box
    cx, w, h = (x0 + x1) / 2, x1 - x0, y1 - y0
    if solid["kind"] == "cuboid":
        view = Oblique.fit(list(box_corners(1.3, 1.0, 1.0).values()), box, angle=angle)
        return draw_box(c, view, 1.3, 1.0, 1.0, id=id)
    rx = min(w * 0.42, h * 0.5)
    ry = rx * 0.25
    hp = h - 2 * ry
    by = y1 - ry
    if solid["kind"] == "cylinder":
        draw_cylinder(c, cx, by, rx, ry, hp, id=id)
    else:
        draw_cone(c, cx, by, rx, ry, hp, id=id)
        c.line(cx, by, cx, by - hp, color="ink", lw=1.4, dash=DASH)
    return None


class VolumeEquivalenceConversion(Scene):
    domain, scene_id, size = "geometry", "volume_equivalence_conversion", SIZE
    megapixels = (0.5, 0.62)   # render-only: the original's one 860 x 640 canvas
    description = ("A source solid (cuboid, cylinder or cone with base area) recast into another of equal volume: "
                   "a missing dimension of the target, or the one of six candidate solids with equal volume.")

    def sample(self, rng, difficulty):
        return {"angle": round(float(rng.uniform(30, 40)), 2)}

    def render(self, c, state, params):
        src = state["source"]
        if state["mode"] == "missing":
            tgt = state["target"]
            c.text(220, 70, f"source {NAMES[src['kind']]}", size=19, bold=True)
            c.text(640, 70, f"target {NAMES[tgt['kind']]} (same volume)", size=19, bold=True)
            draw_solid(c, src, (120, 130, 320, 400), id="source", angle=state["angle"])
            draw_solid(c, tgt, (540, 130, 740, 400), id="target", angle=state["angle"])
            c.arrow(360, 265, 500, 265, color="accent", lw=2.6, head=13)
            for x, solid, unk in ((220, src, None), (640, tgt, state["unknown"])):
                for i, t in enumerate(texts(solid, unk)):
                    c.text(x, 450 + 32 * i, t, size=19, color="accent" if "?" in t else "ink", bold="?" in t)
            return
        c.text(430, 36, f"source {NAMES[src['kind']]}", size=19, bold=True)
        draw_solid(c, src, (330, 58, 530, 200), id="source", angle=state["angle"])
        for i, t in enumerate(texts(src)):
            c.text(640, 90 + 30 * i, t, size=18)
        cw, ch = 260.0, 200.0
        for k, opt in enumerate(state["options"]):
            col, row = k % 3, k // 3
            x, y = 30 + col * (cw + 10), 220 + row * (ch + 10)
            c.rect(x, y, cw, ch, fill="panel", stroke="muted", lw=1.4, id=f"option:{LETTERS[k]}")
            c.text(x + 20, y + 22, LETTERS[k], size=20, bold=True, kind="option")
            draw_solid(c, opt, (x + 70, y + 14, x + cw - 70, y + 118), angle=state["angle"])
            for i, t in enumerate(texts(opt)):
                c.text(x + cw / 2, y + 142 + 24 * i, t, size=17)


SCENE = VolumeEquivalenceConversion()
task = SCENE.task


def _ri(rng, lo, hi):
    return int(rng.integers(lo, hi + 1))


def _factor(rng, n, lo, hi, cap=150, avoid=(), prefer=True):
    """A random divisor pair (a, n / a) of n with a in [lo, hi] and n / a in [2, cap], neither in
    ``avoid``, or None."""
    ds = [a for a in range(lo, min(hi, n) + 1) if n % a == 0 and 2 <= n // a <= cap
          and a not in avoid and n // a not in avoid]
    if not ds:
        return None
    if prefer:
        ds = [a for a in ds if n // a <= 150] or ds      # moderate cofactors where there are any
    a = ds[_ri(rng, 0, len(ds) - 1)]
    return a, n // a


MISSING = {"cuboid_to_cylinder_length": ("cuboid", "cylinder"), "cylinder_to_cone_height": ("cylinder", "cone"),
           "cone_to_cuboid_height": ("cone", "cuboid")}


@task("missing_dimension_value", answer="integer", annotation="bbox_map", ops="formula_evaluation",
      queries=("cuboid_to_cylinder_length", "cylinder_to_cone_height", "cone_to_cuboid_height"))
def missing_dimension_value(q):
    skind, tkind = MISSING[q.query_id]
    lo, hi = ANSWER[q.difficulty]
    t = q.target(list(range(lo, hi + 1)))
    slo, shi = SMALL[q.difficulty]

    def fn(s, rng):
        if tkind == "cylinder":
            tgt = {"kind": "cylinder", "B": _ri(rng, slo, shi), "H": t, "hname": "length"}
        elif tkind == "cone":
            tgt = {"kind": "cone", "B": 3 * _ri(rng, max(1, slo // 3), max(5, shi // 3)), "H": t}
        else:
            tgt = {"kind": "cuboid", "L": _ri(rng, slo, shi), "W": _ri(rng, slo, shi), "H": t}
        v = volume(tgt)
        q.require(v.denominator == 1, "volume not whole")
        v = int(v)
        if skind == "cuboid":
            f1 = _factor(rng, v, slo, shi * 2, cap=v, avoid=(t,), prefer=False)
            q.require(f1 is not None, "no source")
            f2 = _factor(rng, f1[1], slo, shi * 2, cap=CAP[q.difficulty], avoid=(t,))
            q.require(f2 is not None, "no source")
            src = {"kind": "cuboid", "L": f1[0], "W": f2[0], "H": f2[1]}
        elif skind == "cylinder":
            f = _factor(rng, v, slo, shi * 3, cap=CAP[q.difficulty], avoid=(t,))
            q.require(f is not None, "no source")
            src = {"kind": "cylinder", "B": f[0], "H": f[1]}
        else:
            f = _factor(rng, 3 * v, slo, shi * 3, cap=CAP[q.difficulty], avoid=(t,))
            q.require(f is not None, "no source")
            src = {"kind": "cone", "B": f[0], "H": f[1]}
        printed = [src[k] for k in src if k != "kind"] + [tgt[k] for k in tgt if k not in ("kind", "H")]
        q.require(t not in printed, "the answer is printed")
        s.update(mode="missing", source=src, target=tgt, unknown="H")
        return s

    s = q.edit(fn)
    what = {"cylinder": "the cylinder's length", "cone": "the cone's height", "cuboid": "the cuboid's height H"}[tkind]
    return q.answer(t, witnesses={"source": "source", "target": "target"}, examples=[t + 12, 150],
                    question="The diagram shows a source solid and a target solid of the same volume (a cylinder or "
                             "cone is given by its base area and height). Find " + what + ", marked ?.")


OPTIONS = {"cone_matches_cylinder_option": ("cone", "cylinder"),
           "cylinder_matches_cone_option": ("cylinder", "cone"),
           "cuboid_matches_cylinder_option": ("cuboid", "cylinder")}


@task("equal_volume_option_label", answer="option_letter", annotation="bbox", ops="formula_evaluation,matching",
      queries=("cone_matches_cylinder_option", "cylinder_matches_cone_option", "cuboid_matches_cylinder_option"))
def equal_volume_option_label(q):
    skind, okind = OPTIONS[q.query_id]
    q.offer(6, "image")
    letter = q.target(list(LETTERS))
    slo, shi = SMALL[q.difficulty]

    def fn(s, rng):
        if skind == "cuboid":
            src = {"kind": "cuboid", "L": _ri(rng, slo, shi), "W": _ri(rng, slo, shi), "H": _ri(rng, slo, shi)}
        else:
            src = {"kind": skind, "B": _ri(rng, slo, shi) * (3 if skind == "cone" else 1), "H": _ri(rng, slo, shi)}
        v = volume(src)
        q.require(v.denominator == 1, "volume not whole")
        v = int(v)
        mult = 3 if okind == "cone" else 1
        f = _factor(rng, v * mult, 2, 90, cap=90)
        q.require(f is not None, "no match")
        right = {"kind": okind, "B": f[0], "H": f[1]}
        wrong = []
        for _ in range(60):
            b = max(2, right["B"] + _ri(rng, -4, 4))
            h = max(2, right["H"] + _ri(rng, -5, 5))
            cand = {"kind": okind, "B": b, "H": h}
            if volume(cand) != v and cand not in wrong:
                wrong.append(cand)
            if len(wrong) == 5:
                break
        q.require(len(wrong) == 5 and sum(volume(o) == v for o in wrong) == 0, "too few distractors")
        q.require(len({(o["B"], o["H"]) for o in wrong + [right]}) == 6, "repeated option")
        opts = list(wrong)
        opts.insert(LETTERS.index(letter), right)
        s.update(mode="options", source=src, options=opts)
        return s

    q.edit(fn)
    return q.answer(letter, witnesses=f"option:{letter}", examples=[x for x in LETTERS if x != letter][:2],
                    question=f"The diagram shows a source {skind} and six candidate {okind}s A-F (a cylinder or cone "
                             f"is given by its base area and height). Which candidate has the same volume as the "
                             f"source {skind}?")
