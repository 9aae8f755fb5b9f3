"""physics/spring: two identical springs hanging side by side, each beside a centimetre ruler whose
0 mark is the spring's unstretched end; a pointer at each spring's end reads its extension.

Hooke's law with one spring constant for both: weight = k x extension (N, cm).  The right spring may
hide its weight ("? N") or hold its block unhung next to it (extension "?").  Difficulty grows
the ruler (more centimetres, labels every 2 cm at level 3) and the value ranges.
"""

from __future__ import annotations

from fractions import Fraction

from tracegen.core.task import Scene
from tracegen.kits.mechanics import block, coil_spring, hatched_support, tag
from tracegen.kits.panels import panel_card

W, H = 820, 560
CM = {1: 10, 2: 14, 3: 20}
RULER_PX = 308.0                         # the ruler's length on the canvas
TOP, ZERO = 78, 176                      # support bar and the unstretched end (ruler 0)
KS = ((1, 1), (2, 1), (3, 1), (4, 1), (1, 2), (3, 2), (5, 2))     # spring constants k (N/cm) as fractions
DIFFS = {1: range(1, 9), 2: range(2, 13), 3: range(2, 19)}
MISSING = {1: range(1, 9), 2: range(1, 13), 3: range(1, 19)}
MAX_W = 60


def ppc(state) -> float:
    return RULER_PX / state["cm"]


class Spring(Scene):
    domain, scene_id, size = "physics", "spring", (W, H)
    description = "Two identical hanging springs with centimetre rulers, extension pointers and labelled weights."
    megapixels = (0.55, 0.75)

    def sample(self, rng, difficulty):
        cm = CM[difficulty]
        while True:
            kn, kd = KS[int(rng.integers(len(KS)))]
            es = [int(e) for e in rng.choice(range(1, cm + 1), size=2, replace=False)]
            if all(e * kn % kd == 0 and e * kn // kd <= MAX_W for e in es):
                break
        return {"cm": cm, "k": [kn, kd], "springs": [{"w": e * kn // kd, "e": e} for e in es], "unknown": "none"}

    def render(self, c, state, params):
        px = ppc(state)
        every = 2 if state["cm"] > 14 else 1
        for i, (sp, x0) in enumerate(zip(state["springs"], (30, W / 2 + 15))):
            side = "left" if i == 0 else "right"
            panel_card(c, (x0, 20, x0 + W / 2 - 45, H - 20), None)
            c.text(x0 + 24, 44, "Reference spring" if i == 0 else "Second spring", size=15, bold=True, anchor="l")
            sx, rx = x0 + 120, x0 + 250
            hatched_support(c, sx - 50, TOP, sx + 50)
            hidden = i == 1 and state["unknown"] == "extension"
            end = ZERO + (0 if hidden else sp["e"] * px)
            coil_spring(c, sx, TOP, sx, end, coils=10, width=22, lead=12, color="ink", lw=2.0, id=f"spring:{side}")
            # ruler: 0 at the unstretched end, one tick per cm
            c.line(rx, ZERO, rx, ZERO + state["cm"] * px, color="ink", lw=2.0)
            for k in range(state["cm"] + 1):
                y = ZERO + k * px
                major = k % every == 0
                c.line(rx, y, rx - (12 if major else 7), y, color="ink", lw=1.5)
                if major:
                    c.text(rx + 8, y, str(k), size=13, anchor="l", kind="tick")
            c.text(rx, ZERO + state["cm"] * px + 20, "cm", size=13, color="muted")
            c.line(sx + 14, ZERO, rx - 14, ZERO, color="muted", lw=1.0, dash=[4.0, 4.0])
            w_text = "? N" if i == 1 and state["unknown"] == "weight" else f"{sp['w']} N"
            if hidden:
                block(c, sx - 32, H - 96, 64, 44, w_text, fill="panel", size=16, id=f"weight:{side}")
                c.text(sx, H - 112, "not yet hung", size=13, color="muted")
                tag(c, rx - 30, ZERO - 40, "extension = ? cm", size=14, bold=True, stroke="red",
                    id=f"marker:{side}")
            else:
                c.line(sx, end, sx, end + 10, color="ink", lw=2.0)
                block(c, sx - 32, end + 10, 64, 44, w_text, fill="panel", size=16, id=f"weight:{side}")
                c.line(sx + 12, end, rx - 4, end, color="red", lw=2.0)
                c.polygon([(rx - 2, end), (rx - 14, end - 6), (rx - 14, end + 6)], fill="red")
                c.register(f"marker:{side}", box=(sx + 10, end - 7, rx, end + 7), fill="red")


SCENE = Spring()
task = SCENE.task


def _k(st):
    return Fraction(*st["k"])


def _plant_pair(r, cm, e_fixed=None, w_fixed=None):
    """(k, reference extension, second extension) with whole weights, fitting the ruler."""
    for _ in range(400):
        kn, kd = KS[int(r.integers(len(KS)))]
        k = Fraction(kn, kd)
        eq = e_fixed if e_fixed is not None else None
        if w_fixed is not None:
            eq = w_fixed / k
            if eq.denominator != 1 or not 1 <= eq <= cm:
                continue
            eq = int(eq)
        if eq is None:
            continue
        er = int(r.integers(1, cm + 1))
        if er == eq or (k * er).denominator != 1 or (k * eq).denominator != 1 or max(k * er, k * eq) > MAX_W:
            continue
        return [kn, kd], er, eq
    return None


QUESTION = ("Both springs are identical and obey Hooke's law; each ruler's 0 mark is where the spring's end sits "
            "when nothing hangs on it, and the pointer marks the stretched end. ")


@task("spring_extension_difference", answer="integer", annotation="bbox_set", ops="formula_evaluation")
def spring_extension_difference(q):
    d = q.target(DIFFS[q.difficulty])

    def plant(st, r):
        cm = st["cm"]
        for _ in range(400):
            kn, kd = KS[int(r.integers(len(KS)))]
            ea = int(r.integers(1, cm - d + 1))
            es = [ea, ea + d] if r.integers(2) else [ea + d, ea]
            ws = [Fraction(kn, kd) * e for e in es]
            if all(w.denominator == 1 and w <= MAX_W and w != d for w in ws):
                st["k"], st["springs"] = [kn, kd], [{"w": int(w), "e": e} for w, e in zip(ws, es)]
                break
        st["unknown"] = "none"
        return st

    s = q.edit(plant)
    a, b = s["springs"]
    diff = abs(a["e"] - b["e"])
    q.require(diff not in (a["w"], b["w"]), "the answer is printed as a weight")
    q.step("read_extensions", left=a["e"], right=b["e"], result=diff)
    return q.answer(diff, witnesses=["marker:left", "marker:right"],
                    question=QUESTION + ("Read both extensions from the rulers. What is the difference between the "
                                         "two springs' extensions, in cm?"), examples=[4, 7])


@task("spring_missing_value", answer="integer", annotation="bbox_map", ops="formula_evaluation",
      queries=("missing_weight_for_extension", "missing_extension_for_weight"))
def spring_missing_value(q):
    t = q.target(MISSING[q.difficulty])
    weight = q.query_id == "missing_weight_for_extension"

    def plant(st, r):
        got = _plant_pair(r, st["cm"], w_fixed=t) if weight else _plant_pair(r, st["cm"], e_fixed=t)
        if got is None:
            return st
        kk, er, eq = got
        k = Fraction(*kk)
        st["k"], st["springs"] = kk, [{"w": int(k * er), "e": er}, {"w": int(k * eq), "e": eq}]
        st["unknown"] = "weight" if weight else "extension"
        return st

    s = q.edit(plant)
    q.require(s["unknown"] == ("weight" if weight else "extension"), "no spring pair reaches the target")
    ref, other = s["springs"]
    ans = other["w"] if weight else other["e"]
    printed = [ref["w"]] + ([] if weight else [other["w"]])
    q.require(ans not in printed, "the answer is printed as a weight")
    q.step("hooke_ratio", reference_weight=ref["w"], reference_extension=ref["e"],
           query_weight=None if weight else other["w"], query_extension=other["e"] if weight else None, result=ans)
    wit = {"reference_weight": "weight:left", "reference_extension": "marker:left",
           "query_weight": "weight:right", "query_extension": "marker:right"}
    if weight:
        ask = "What weight, in newtons, hangs on the second spring (the block marked '? N')?"
    else:
        ask = ("The block beside the second spring has not been hung yet. When it hangs on that spring, what will "
               "the spring's extension be, in cm?")
    return q.answer(ans, witnesses=wit, question=QUESTION + ask, examples=[4, 9])
