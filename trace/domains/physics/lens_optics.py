"""physics/lens_optics: a converging thin lens on its principal axis with F and 2F marks on both sides,
an object arrow standing on the axis, and four lettered image-property cards.

The thin-lens equation 1/v = 1/f - 1/u (u, v > 0 for a real object and a real image) classifies the
image: beyond 2F -> real, inverted, smaller; at 2F -> same size; between F and 2F -> larger; at F ->
no image (the rays leave parallel); inside F -> virtual, upright, larger.  Objects sit exactly on a mark
or clearly between marks.  Difficulty adds finer unlabelled ticks (half, then quarter focal lengths)
and allows more of the cases.
"""

from __future__ import annotations

from fractions import Fraction

from tracegen.core.task import Scene
from tracegen.kits.cards import card_row

W, H = 900, 560
LENS_X, AXIS_Y = 372, 300
FOCAL = 95
PROPS = {"beyond_2f": "real, inverted, smaller", "at_2f": "real, inverted, same size",
         "between": "real, inverted, larger", "at_f": "no image (rays leave parallel)",
         "inside_f": "virtual, upright, larger"}
CASES = {1: ("beyond_2f", "between", "inside_f"), 2: tuple(PROPS), 3: tuple(PROPS)}
TICKS = {1: 1, 2: 2, 3: 4}          # tick marks per focal length (only F and 2F are labelled)
RANGES = {"beyond_2f": (Fraction(5, 2), Fraction(13, 4)), "at_2f": (Fraction(2), Fraction(2)),
          "between": (Fraction(5, 4), Fraction(7, 4)), "at_f": (Fraction(1), Fraction(1)),
          "inside_f": (Fraction(1, 4), Fraction(3, 4))}


def classify(u: Fraction) -> str:
    """The image of an object at u focal lengths from a converging lens, by the thin-lens equation."""
    if u == 1:
        return "at_f"
    v = 1 / (1 - 1 / u)                    # image distance in focal lengths (negative: virtual)
    if v < 0:
        return "inside_f"
    m = v / u
    return "at_2f" if m == 1 else ("between" if m > 1 else "beyond_2f")


class LensOptics(Scene):
    domain, scene_id, size = "physics", "lens_optics", (W, H)
    description = "A converging lens with F and 2F marks, an object arrow on the axis and image-property cards."
    megapixels = (0.7, 0.92)

    def sample(self, rng, difficulty):
        case = CASES[difficulty][int(rng.integers(len(CASES[difficulty])))]
        return {"u": str(self._distance(rng, case, difficulty)), "height": int(rng.integers(55, 95)),
                "ticks": TICKS[difficulty], "options": list(PROPS)[:4]}

    @staticmethod
    def _distance(rng, case, difficulty):
        lo, hi = RANGES[case]
        step = Fraction(1, 4 * TICKS[difficulty]) if difficulty > 1 else Fraction(1, 4)
        n = int((hi - lo) / step)
        return lo + step * int(rng.integers(0, n + 1))

    def render(self, c, state, params):
        u = Fraction(state["u"])
        c.text(330, 36, "Converging lens", size=19, bold=True)
        x0, x1 = 40, 620
        c.arrow(x0, AXIS_Y, x1 - 10, AXIS_Y, color="ink", lw=2.0, head=10)
        per = state["ticks"]
        for side in (-1, 1):
            k = 1
            while True:
                x = LENS_X + side * FOCAL * k / per
                if x < x0 + 10 or x > x1 - 30:
                    break
                major = k % per == 0
                c.line(x, AXIS_Y - (9 if major else 5), x, AXIS_Y + (9 if major else 5), color="ink",
                       lw=2.0 if major else 1.2)
                if major and k // per in (1, 2):
                    name = "F" if k // per == 1 else "2F"
                    c.text(x, AXIS_Y + 24, name, size=14, bold=True, kind="tick")
                    c.register(f"mark:{name}:{'left' if side < 0 else 'right'}", box=(x - 12, AXIS_Y - 10, x + 12,
                                                                                    AXIS_Y + 34), point=(x, AXIS_Y))
                k += 1
        c.ellipse(LENS_X, AXIS_Y, 16, 130, fill="cyan", stroke="ink", lw=1.8, id="lens")
        c.line(LENS_X, AXIS_Y - 130, LENS_X, AXIS_Y + 130, color="ink", lw=1.0)
        c.text(LENS_X, AXIS_Y - 146, "lens", size=14)
        ox = LENS_X - float(u) * FOCAL
        top = AXIS_Y - state["height"]
        c.arrow(ox, AXIS_Y, ox, top, color="ink", lw=4.0, head=14)
        c.register("object", box=(ox - 9, top, ox + 9, AXIS_Y))
        c.text(ox, top - 16, "object", size=14, bold=True)
        opts = params.get("options", state["options"])
        boxes = card_row(c, 650, 70, 230, list("ABCD"), None, cols=1, h=96, gap=18)
        for (bx0, by0, bx1, by1), key in zip(boxes, opts):
            words = PROPS[key].split(", ")
            lines = [", ".join(words[:2]) + ",", words[2]] if len(words) == 3 else PROPS[key].split(" (")
            if len(lines) == 2 and lines[1].endswith(")"):
                lines[1] = "(" + lines[1]
            for j, line in enumerate(lines):
                c.text((bx0 + bx1) / 2 + 10, (by0 + by1) / 2 - 10 + 20 * j, line, size=14, kind="option")


SCENE = LensOptics()
task = SCENE.task


@task("image_property_choice", answer="option_letter", annotation="bbox_map", ops="spatial_relations")
def image_property_choice(q):
    q.offer(4, "image")
    letter = q.target("ABCD")
    cases = CASES[q.difficulty]

    def plant(st, r):
        # spread the cases evenly, then place the object and draw three other properties as distractors
        case = cases[int(r.integers(len(cases)))]
        st["u"] = str(LensOptics._distance(r, case, q.difficulty))
        others = [k for k in PROPS if k != case]
        picks = [others[int(i)] for i in r.choice(len(others), size=3, replace=False)]
        k = "ABCD".index(letter)
        st["options"] = picks[:k] + [case] + picks[k:]
        return st

    s = q.edit(plant)
    u = Fraction(s["u"])
    case = classify(u)
    q.require(s["options"].count(case) == 1, "the right property is not offered once")
    q.step("thin_lens", object_distance_focal_lengths=str(u), case=case, result=PROPS[case])
    ans = "ABCD"[s["options"].index(case)]
    return q.answer(ans, witnesses={"object": "object", "focus": "mark:F:left", "double_focus": "mark:2F:left"},
                    question=("The diagram shows a converging thin lens on its principal axis, with the focal points "
                              "F and the points 2F (twice the focal length) marked on both sides, and an object arrow "
                              "standing on the axis. Which card A-D describes the image the lens forms of the object?"))
