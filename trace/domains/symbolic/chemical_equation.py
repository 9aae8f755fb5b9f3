"""symbolic/chemical_equation: real balanced chemical equations (smallest whole-number coefficients)
drawn as molecule cards made of atom chips, one chip per atom marked with its element symbol, each
card after a coefficient box.  Either every coefficient box holds a question mark and four
lettered coefficient lists are offered, exactly one of which balances the equation, or one box
holds a question mark and the others their coefficients.

Difficulty picks the reaction: three molecules with coefficients up to 3 and summing to at most 5
(1); up to four molecules with coefficients up to 5 (2, the whole list but the largest); molecules
and coefficients adding up to 11 or more (3).
"""

from __future__ import annotations

import re
from collections import Counter

from tracegen.core.options import insert_at, pick_distinct
from tracegen.core.task import Scene
from tracegen.kits.cards import card_grid, draw_card, rounded_rect

W, H = 1160, 760
REACTIONS = (
    "N2 + 3 H2 -> 2 NH3", "2 H2 + O2 -> 2 H2O", "2 KClO3 -> 2 KCl + 3 O2", "CH4 + 2 O2 -> CO2 + 2 H2O",
    "2 Na + Cl2 -> 2 NaCl", "4 Fe + 3 O2 -> 2 Fe2O3", "2 H2O2 -> 2 H2O + O2", "C3H8 + 5 O2 -> 3 CO2 + 4 H2O",
    "2 Mg + O2 -> 2 MgO", "CaCO3 -> CaO + CO2", "4 Al + 3 O2 -> 2 Al2O3", "Zn + 2 HCl -> ZnCl2 + H2",
    "2 Na + 2 H2O -> 2 NaOH + H2", "N2 + O2 -> 2 NO", "2 NO + O2 -> 2 NO2", "2 SO2 + O2 -> 2 SO3",
    "H2 + Cl2 -> 2 HCl", "2 Al + 3 Cl2 -> 2 AlCl3", "2 CO + O2 -> 2 CO2", "2 HgO -> 2 Hg + O2",
    "2 NaHCO3 -> Na2CO3 + H2O + CO2", "3 Fe + 4 H2O -> Fe3O4 + 4 H2", "Fe2O3 + 3 CO -> 2 Fe + 3 CO2",
    "2 Cu + O2 -> 2 CuO", "4 Na + O2 -> 2 Na2O", "2 K + 2 H2O -> 2 KOH + H2", "HCl + NaOH -> NaCl + H2O",
    "H2SO4 + 2 NaOH -> Na2SO4 + 2 H2O", "C2H4 + 3 O2 -> 2 CO2 + 2 H2O", "2 Li + 2 H2O -> 2 LiOH + H2",
    "Ca + 2 H2O -> Ca(OH)2 + H2", "4 P + 5 O2 -> 2 P2O5", "Mg + 2 HCl -> MgCl2 + H2", "CaO + H2O -> Ca(OH)2",
    "SO3 + H2O -> H2SO4", "2 KI + Cl2 -> 2 KCl + I2", "NH3 + HCl -> NH4Cl", "2 NaN3 -> 2 Na + 3 N2",
    "CH4 + H2O -> CO + 3 H2", "CO + 2 H2 -> CH3OH", "2 CH3OH + 3 O2 -> 2 CO2 + 4 H2O",
    "C2H5OH + 3 O2 -> 2 CO2 + 3 H2O", "2 Fe + 3 Cl2 -> 2 FeCl3", "2 ZnS + 3 O2 -> 2 ZnO + 2 SO2",
    "N2 + 2 O2 -> 2 NO2", "2 N2O5 -> 4 NO2 + O2", "3 NO2 + H2O -> 2 HNO3 + NO", "Fe + S -> FeS",
    "Zn + CuSO4 -> ZnSO4 + Cu", "BaCl2 + Na2SO4 -> BaSO4 + 2 NaCl", "2 H2S + 3 O2 -> 2 SO2 + 2 H2O",
    "SiO2 + 4 HF -> SiF4 + 2 H2O", "2 NaOH + CO2 -> Na2CO3 + H2O", "Ca(OH)2 + CO2 -> CaCO3 + H2O",
    "2 Al + Fe2O3 -> Al2O3 + 2 Fe", "2 Al + 6 HCl -> 2 AlCl3 + 3 H2", "C + O2 -> CO2",
    "2 C2H6 + 7 O2 -> 4 CO2 + 6 H2O", "4 NH3 + 5 O2 -> 4 NO + 6 H2O", "2 AgNO3 + Cu -> Cu(NO3)2 + 2 Ag",
    "2 KNO3 -> 2 KNO2 + O2", "CuO + H2 -> Cu + H2O", "2 Ag2O -> 4 Ag + O2", "MgCO3 -> MgO + CO2",
    "2 Na2O2 + 2 H2O -> 4 NaOH + O2", "4 Li + O2 -> 2 Li2O", "3 Mg + N2 -> Mg3N2", "2 Al2O3 -> 4 Al + 3 O2",
    "2 H2O -> 2 H2 + O2", "Cl2 + 2 NaBr -> 2 NaCl + Br2", "2 Fe2O3 + 3 C -> 4 Fe + 3 CO2",
    "2 NH3 -> N2 + 3 H2", "SiCl4 + 2 H2O -> SiO2 + 4 HCl", "TiCl4 + 2 Mg -> Ti + 2 MgCl2",
    "2 C2H2 + 5 O2 -> 4 CO2 + 2 H2O",
)
CHIP = {"H": "white", "C": "gray", "N": "blue", "O": "red", "Cl": "green", "F": "cyan", "Br": "brown",
        "I": "purple", "S": "yellow", "P": "orange", "Na": "purple", "K": "purple", "Li": "pink", "Fe": "orange",
        "Cu": "brown", "Zn": "gray", "Mg": "green", "Ca": "gray", "Al": "pink", "Ag": "gray", "Hg": "gray",
        "Ba": "green", "Si": "yellow", "Ti": "gray"}
_TOKEN = re.compile(r"([A-Z][a-z]?|\(|\)|\d+)")


def atoms(formula: str) -> list[str]:
    """The atoms of a formula, in writing order, one entry per atom (Ca(OH)2 -> Ca O H O H)."""
    tokens = _TOKEN.findall(formula)
    assert "".join(tokens) == formula, formula
    stack: list[list[str]] = [[]]
    i = 0

    def count() -> int:
        nonlocal i
        if i < len(tokens) and tokens[i].isdigit():
            i += 1
            return int(tokens[i - 1])
        return 1

    while i < len(tokens):
        tok = tokens[i]
        i += 1
        if tok == "(":
            stack.append([])
        elif tok == ")":
            group = stack.pop()
            stack[-1] += group * count()
        else:
            stack[-1] += [tok] * count()
    return stack[0]


def parse(reaction: str) -> dict:
    left, right = reaction.split(" -> ")
    mols, coefs = [], []
    for side in (left, right):
        for term in side.split(" + "):
            parts = term.split(" ")
            coefs.append(int(parts[0]) if len(parts) == 2 else 1)
            mols.append(parts[-1])
    return {"formulas": mols, "coefs": coefs, "split": len(left.split(" + "))}


def balanced(formulas, coefs, split) -> bool:
    sides = [Counter(), Counter()]
    for k, (f, n) in enumerate(zip(formulas, coefs)):
        for a in atoms(f):
            sides[k >= split][a] += n
    return sides[0] == sides[1]


def level_of(r: dict) -> set:
    """The difficulty levels a reaction belongs to, by its molecules and coefficients."""
    n, top, size = len(r["formulas"]), max(r["coefs"]), len(r["formulas"]) + sum(r["coefs"])
    out = set()
    if n == 3 and top <= 3 and size <= 8:
        out.add(1)
    if n <= 4 and top <= 5:
        out.add(2)
    if size >= 11:
        out.add(3)
    return out


PARSED = [parse(r) for r in REACTIONS]


class ChemicalEquation(Scene):
    domain, scene_id, size = "symbolic", "chemical_equation", (W, H)
    megapixels = (0.92, 1.2)
    description = ("A chemical equation of molecule cards made of atom chips with coefficient boxes, some holding "
                   "question marks, and sometimes four lettered coefficient lists.")

    def sample(self, rng, difficulty):
        pool = [r for r in PARSED if difficulty in level_of(r)]
        r = pool[int(rng.integers(len(pool)))]
        return {"level": difficulty, **r, "blank": [], "options": []}

    def render(self, c, state, params):
        mols = state["formulas"]
        n = len(mols)
        cw, ch, bw, gap = 148.0, 190.0, 46.0, 44.0
        total = n * (bw + 10 + cw) + (n - 1) * gap
        x = (W - total) / 2
        cy = 250 if state["options"] else H / 2
        for k, f in enumerate(mols):
            if k:
                c.text(x + gap / 2, cy, "→" if k == state["split"] else "+", size=30, bold=True)
                x += gap
            text = "?" if k in state["blank"] else str(state["coefs"][k])
            rounded_rect(c, x, cy - 28, bw, 56, radius=8, fill="paper", stroke="ink", lw=1.5, id=f"slot:{k}")
            c.text(x + bw / 2, cy, text, size=28, bold=True, color=c.text_on("paper"))
            x += bw + 10
            rounded_rect(c, x, cy - ch / 2, cw, ch, radius=12, fill="paper", stroke="ink", lw=1.5,
                         id=f"molecule:{k}")
            self._chips(c, atoms(f), x, cy - ch / 2, cw, ch)
            x += cw
        if state["options"]:
            boxes = card_grid(110, 470, W - 220, 4, cols=2, h=96, gap=30)
            for k, (box, opt) in enumerate(zip(boxes, state["options"])):
                draw_card(c, box, "ABCD"[k], ", ".join(map(str, opt)), size=30, id=f"option:{'ABCD'[k]}")

    @staticmethod
    def _chips(c, elems, x, y, w, h):
        cols = 3 if len(elems) > 4 else 2 if len(elems) > 1 else 1
        rows = -(-len(elems) // cols)
        step = 42.0
        x0 = x + (w - cols * step) / 2 + step / 2
        y0 = y + (h - rows * step) / 2 + step / 2
        for i, e in enumerate(elems):
            r, k = divmod(i, cols)
            px, py = x0 + k * step, y0 + r * step
            fill = CHIP.get(e, "panel")
            c.circle(px, py, 18, fill=fill, stroke="ink", lw=1.2)
            c.text(px, py, e, size=15, bold=True, color=c.text_on(fill))


SCENE = ChemicalEquation()
task = SCENE.task
CARDS = ("The image shows a chemical equation whose molecules are drawn as cards of atom chips (one chip per atom, "
         "marked with its element symbol); the box before each card holds its coefficient, the number of copies of "
         "the whole molecule.")


@task("balanced_option_label", answer="string", annotation="bbox", ops="formula_evaluation")
def balanced_option_label(q):
    q.offer(4, "prompt")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        right = s["coefs"]
        n = len(right)
        pool = []
        for i in range(n):
            for d in (-1, 1, 2):
                alt = list(right)
                alt[i] += d
                pool.append(alt)
            for j in range(i + 1, n):
                if right[i] != right[j]:
                    alt = list(right)
                    alt[i], alt[j] = alt[j], alt[i]
                    pool.append(alt)
                alt = list(right)
                alt[i] += 1
                alt[j] += 1
                pool.append(alt)
        pool = [p for p in pool if min(p) >= 1 and not balanced(s["formulas"], p, s["split"])]
        wrong = [list(p) for p in pick_distinct(q, r, [tuple(p) for p in pool], 3)]
        s.update(blank=list(range(n)), options=insert_at(letter, right, wrong))
        return s

    s = q.edit(edit)
    hits = [k for k, o in enumerate(s["options"]) if balanced(s["formulas"], o, s["split"])]
    q.require(len(hits) == 1, "not exactly one balancing option")
    opts = "\n".join(f"{'ABCD'[k]}. {', '.join(map(str, o))}" for k, o in enumerate(s["options"]))
    q.step("count_atoms", coefficients=s["options"][hits[0]])
    return q.answer("ABCD"[hits[0]], witnesses=f"option:{'ABCD'[hits[0]]}", examples=list("ABCD"),
                    hint="The answer is the letter of one option: A, B, C or D.",
                    question=(f"{CARDS} Every coefficient box holds a question mark. Each lettered option lists the "
                              "coefficients for the boxes from left to right; which option balances the equation, "
                              "with as many atoms of every element left of the arrow as right of it?\n" + opts))


@task("missing_coefficient_value", answer="integer", annotation="bbox_set", ops="formula_evaluation")
def missing_coefficient_value(q):
    values = sorted({v for r in PARSED if q.difficulty in level_of(r) for v in r["coefs"]})
    t = q.target(values, stratified=True)

    def edit(s, r):
        pool = [p for p in PARSED if q.difficulty in level_of(p) and t in p["coefs"]]
        pick = pool[int(r.integers(len(pool)))]
        slots = [k for k, v in enumerate(pick["coefs"]) if v == t]
        s.update(pick, blank=[slots[int(r.integers(len(slots)))]], options=[])
        return s

    s = q.edit(edit)
    k = s["blank"][0]
    q.step("count_atoms", slot=k, coefficient=s["coefs"][k])
    return q.answer(s["coefs"][k], witnesses=[f"slot:{k}"] + [f"molecule:{i}" for i in range(len(s["formulas"]))],
                    question=(f"{CARDS} One coefficient box holds a question mark. What number in that box balances "
                              "the equation, with as many atoms of every element left of the arrow as right of it?"))
