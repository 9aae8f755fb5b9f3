"""geometry/paper_fold: a rectangular sheet ABCD whose corner A is folded along the crease EF (E on
AD, F on AB) so that A lands at P on the opposite side DC, drawn to scale.  The original edges AE
and AF are dashed, the folded flap PEF is shaded: triangle PEF is the mirror image of AEF, so
PE = AE, PF = AF and the crease bisects the angles at E and F.

Tasks: a folded segment's length (a leg of the right triangle AEF by Pythagoras, then carried to
the flap), and the half angle x at E (the two equal angles AEF and FEP and the angle DEP make a
straight angle), to one decimal.  Difficulty: (lengths) the leg given directly, then through the
flap; (angles) the angle at E, then the angle at F (BFP) instead.
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.constructions import (Labels, View, angle_mark, around, beside, mark_radius, pythagorean_triples,
                                         right_angle_mark, wedge)
from tracegen.kits.geometry import pick, rint

SIZE = (760, 560)


class PaperFold(Scene):
    domain, scene_id, size = "geometry", "paper_fold", SIZE
    megapixels = (0.42, 0.58)   # render-only: the original's one 760 x 560 canvas
    aspect_pad = 0.1
    description = ("A rectangular sheet with one corner folded over a crease onto the opposite side: dashed original "
                   "edges, the folded flap, and side lengths or angle labels.")

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(-25, 25)), 2) if difficulty == 3 else 0.0, "sheet": {}}

    def claims(self, state, params):
        """The prompts say dashed lines show the original edges: AE and AF are dashed."""
        return [Claim("seg:A-E", "line", "dashed"), Claim("seg:A-F", "line", "dashed")]

    def render(self, c, state, params):
        sh = state["sheet"]
        t = math.radians(state["rot"])
        pts = {k: (x * math.cos(t) - y * math.sin(t), x * math.sin(t) + y * math.cos(t)) for k, (x, y) in sh.items()}
        view = View.fit(list(pts.values()), (80, 50, c.width - 80, c.height - 50))
        P = {k: view.px(p) for k, p in pts.items()}
        labels = Labels(c)
        c.polygon([P[k] for k in ("E", "D", "C", "B", "F")], fill=blend(c.color("series:0"), c.color("paper"), 0.1))
        c.polygon([P["E"], P["F"], P["P"]], fill=blend(c.color("series:1"), c.color("paper"), 0.3))
        for a, b in (("A", "E"), ("A", "F")):
            c.line(*P[a], *P[b], color="muted", lw=1.8, dash=[7.0, 5.0], id=f"seg:{a}-{b}")
            labels.seg(P[a], P[b])
        for a, b in (("E", "D"), ("D", "C"), ("C", "B"), ("B", "F"), ("E", "P"), ("F", "P"), ("E", "F")):
            c.line(*P[a], *P[b], color="series:1" if "P" in (a, b) else "ink", lw=2.6 if a + b != "EF" else 2.0,
                   id=f"seg:{a}-{b}", dash=[10.0, 3.0, 2.0, 3.0] if a + b == "EF" else None)
            labels.seg(P[a], P[b])
        c.register("seg:P-F", segment=(P["P"], P["F"]))
        c.register("seg:P-E", segment=(P["P"], P["E"]))
        for v, a, b in (("A", "E", "F"), ("D", "C", "E"), ("C", "B", "D"), ("B", "F", "C")):
            right_angle_mark(c, P[v], P[a], P[b], size=11.0, color="muted")
            labels.disc(*P[v], 16.0)
        marks = {}
        for k, an in enumerate(state["angles"]):
            v, a, b = P[an["v"]], P[an["a"]], P[an["b"]]
            deg = math.degrees(abs(math.atan2(a[1] - v[1], a[0] - v[0]) - math.atan2(b[1] - v[1], b[0] - v[0])))
            deg = min(deg % 360, 360 - deg % 360)
            rad = mark_radius(v, a, b, deg, base=30.0) + 9.0 * (k % 2)
            mid, r = angle_mark(c, v, a, b, radius=rad, arcs=1 if an["text"] != "x" else 2,
                                color="accent" if an["text"] == "x" else "series:2")
            labels.disc(v[0], v[1], r + 2.0)
            marks[k] = (mid, r, v, deg)
        cen = view.px(((pts["A"][0] + pts["C"][0]) / 2, (pts["A"][1] + pts["C"][1]) / 2))
        for k in ("A", "B", "C", "D", "E", "F", "P"):
            c.circle(*P[k], 4.0, fill="ink", id=f"pt:{k}")
            labels.disc(*P[k], 6.0)
        names = ("A", "B", "C", "D", "E", "F", "P")
        texts = [{"text": k, "candidates": around(*P[k], 10.0, math.atan2(P[k][1] - cen[1], P[k][0] - cen[0])),
                  "size": 17, "bold": True} for k in names]
        texts += [{"text": an["text"], "candidates": wedge(v, r + 5.0, mid, math.radians(deg)), "size": 16,
                   "halo": True} for k, an in enumerate(state["angles"]) for mid, r, v, deg in [marks[k]]]
        texts += [{"text": ln["text"], "candidates": beside(P[ln["a"]], P[ln["b"]], gap=10.0), "size": 16, "halo": True}
                  for ln in state["lens"]]
        placed = labels.place_all(texts)[len(names):]
        xs = []
        for an, box in zip(state["angles"], placed):
            if an["text"] == "x":
                xs.append(box)
            else:
                c.register("given", box=box)
        if xs:
            c.register("target", box=(min(b[0] for b in xs), min(b[1] for b in xs), max(b[2] for b in xs),
                                      max(b[3] for b in xs)))


SCENE = PaperFold()
task = SCENE.task


def sheet(a, b, extra):
    """Corner A at the top left: E on AD with AE = a, F on AB with AF = b (b > a); P is A mirrored in
    EF and lies on DC; the sheet's width is AF plus ``extra``."""
    c2 = a * a + b * b
    px, depth = 2 * a * a * b / c2, 2 * a * b * b / c2
    w = b + extra
    return {"A": (0.0, 0.0), "B": (w, 0.0), "C": (w, -depth), "D": (0.0, -depth), "E": (0.0, -float(a)),
            "F": (float(b), 0.0), "P": (px, -depth)}


# ---------------------------------------------------------------------- folded segment
LIMIT = {1: (5, 60), 2: (20, 420), 3: (20, 420)}


@task("folded_segment_length_value", answer="integer", annotation="segment", ops="transformation,formula_evaluation")
def folded_segment_length_value(q):
    d = q.difficulty

    def fn(s, rng):
        lo, hi = LIMIT[d]
        a, b, c = pick(rng, [t for t in pythagorean_triples(hi) if t[2] >= lo and t[1] < 2.6 * t[0]])
        drawn = sheet(a, b, b * float(rng.uniform(0.05, 0.35)))
        s["sheet"] = {k: [round(x, 6), round(y, 6)] for k, (x, y) in drawn.items()}
        ask_fp = bool(rng.integers(2))
        leg = ("A", "E", a) if ask_fp else ("A", "F", b)
        if d == 3:                                   # the known leg only as its folded image
            leg = ("P", "E", a) if ask_fp else ("P", "F", b)
        s["lens"] = [{"a": leg[0], "b": leg[1], "text": f"{leg[0]}{leg[1]} = {leg[2]}"},
                     {"a": "E", "b": "F", "text": f"EF = {c}"},
                     {"a": "F" if ask_fp else "E", "b": "P", "text": f"{'FP' if ask_fp else 'EP'} = ?"}]
        s["angles"] = []
        s["ask"] = "FP" if ask_fp else "EP"
        return s

    s = q.edit(fn)
    sh = s["sheet"]
    ask = s["ask"]
    value = round(math.dist(sh["A"], sh[ask[0]]))            # the fold carries AF to FP, AE to EP
    q.require(all(str(value) != ln["text"].split(" = ")[1] for ln in s["lens"]), "the answer is printed")
    return q.answer(value, witnesses=f"seg:P-{ask[0]}",
                    question="The figure shows a rectangular sheet ABCD whose corner A is folded along the crease EF "
                             "so that A lands on P on side DC (dashed lines show the original edges). What is the "
                             f"length of {ask}?")


# ---------------------------------------------------------------------- half angle
@task("paper_fold_angle_value", answer="number", annotation="bbox_map", ops="transformation,formula_evaluation")
def paper_fold_angle_value(q):
    d = q.difficulty

    def fn(s, rng):
        lo, hi = {1: (460, 840), 2: (500, 780), 3: (500, 780)}[d]
        x10 = rint(rng, lo, hi) if d > 1 else rint(rng, lo // 10, hi // 10) * 10   # x in tenths of a degree
        x = x10 / 10
        a = 10.0
        b = a * math.tan(math.radians(x))                   # angle AEF = x
        if b > 2.8 * a:
            return s
        drawn = sheet(a, b, b * float(rng.uniform(0.08, 0.35)))
        s["sheet"] = {k: [round(u, 6), round(v, 6)] for k, (u, v) in drawn.items()}
        s["angles"] = [{"v": "E", "a": "A", "b": "F", "text": "x"}, {"v": "E", "a": "F", "b": "P", "text": "x"}]
        if d < 3:
            s["angles"].append({"v": "E", "a": "P", "b": "D", "text": f"{(1800 - 2 * x10) / 10:.1f}°"})
        else:                                               # the angle at F: 2(90 - x) + BFP = 180
            s["angles"].append({"v": "F", "a": "B", "b": "P", "text": f"{2 * x10 / 10:.1f}°"})
        s["lens"], s["x10"] = [], x10
        return s

    s = q.edit(fn)
    q.require(bool(s["sheet"]), "no sheet")
    given = s["angles"][2]
    g = float(given["text"].rstrip("°"))
    value = (180 - g) / 2 if given["v"] == "E" else g / 2
    q.require(abs(value * 10 - s["x10"]) < 1e-6, "the printed angle does not give x exactly")
    return q.answer(value, witnesses={"target_angle_cue": "target", "given_angle_label": "given"}, rounding=1,
                    question="The figure shows a rectangular sheet ABCD whose corner A is folded along the crease EF "
                             "so that A lands on P on side DC (dashed lines show the original edges). The two angles "
                             "marked x are equal. What is x in degrees, to one decimal place?")
