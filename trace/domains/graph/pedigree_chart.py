"""graph/pedigree_chart: a family pedigree -- squares for males, circles for females, partners
joined by a horizontal line, children hanging from their parents' line -- over generations I to
IV, everyone labelled generation-index (II-3), with six answer cards below.

Tasks pick one person's relationship to another (parent, child, sibling, partner, grandparent,
grandchild) and the coefficient of relatedness of two people (the chance that a gene of one is
shared by descent with the other: 1/2 for parent and child or full siblings, 1/4 for grandparent
and grandchild or aunt and nephew, 1/8 for first cousins, 0 for in-laws).  Partners who marry
into the family are unrelated founders, so no one is inbred.  Difficulty: level 1 draws three
generations, level 2 three or four (the original), level 3 four with larger sibships.
"""

from __future__ import annotations

from fractions import Fraction

from tracegen.core.options import LETTERS
from tracegen.core.task import Scene
from tracegen.kits.cards import card_row, rounded_rect
from tracegen.kits.icons import window

SIZE = (980, 700)
ROMAN = ("I", "II", "III", "IV")
N_GENS = {1: (3, 3), 2: (3, 4), 3: (4, 4)}
SIBS = {1: (2, 3), 2: (2, 4), 3: (3, 4)}
RELATIONS = ("parent", "child", "sibling", "partner", "grandparent", "grandchild")
CHART = (120.0, 140.0, 940.0, 565.0)     # the people's area: x0, y0, x1, y1
MAX_WIDTH = {1: 10, 2: 12, 3: 14}        # people side by side in the widest generation


def family(r, difficulty):
    """People as dicts (sex, generation, parents, partner), parents before children, one founder
    couple at the top; partners who marry in have no parents in the chart."""
    gens = int(r.integers(N_GENS[difficulty][0], N_GENS[difficulty][1] + 1))
    people = [{"sex": "m", "gen": 0, "parents": None, "partner": 1}, {"sex": "f", "gen": 0, "parents": None,
                                                                        "partner": 0}]
    couples = [(0, 1)]
    for g in range(1, gens):
        # the couples of the last generation with children: all of them in generation II, one or two later
        n_pick = 2 if difficulty == 3 else 1 + int(r.random() < 0.5)
        pick = couples if g == 1 else [couples[int(i)] for i in sorted(r.choice(len(couples), size=min(
            len(couples), n_pick), replace=False))]
        new = []
        for a, b in pick:
            lo, hi = SIBS[difficulty]
            kids = int(r.integers(lo, hi + 1))
            n_wed = 2 if difficulty == 3 else 1 + int(r.random() < 0.5)
            married = set(int(i) for i in r.choice(kids, size=min(kids, n_wed), replace=False))
            for k in range(kids):
                me = len(people)
                people.append({"sex": "m" if r.random() < 0.5 else "f", "gen": g, "parents": [a, b], "partner": None})
                if k in married and g < gens - 1:
                    mate = len(people)
                    people.append({"sex": "f" if people[me]["sex"] == "m" else "m", "gen": g, "parents": None,
                                   "partner": me})
                    people[me]["partner"] = mate
                    new.append((me, mate))
        couples = new or couples
        if not new and g < gens - 1:
            break
    return people


def slots(people):
    """x slots: each couple's children centred under them, partners side by side."""
    kids: dict = {}
    for i, p in enumerate(people):
        if p["parents"]:
            kids.setdefault(tuple(p["parents"]), []).append(i)
    x: dict = {}

    def unit(i):        # a person and the partner who married in
        m = people[i]["partner"]
        return [i] + ([m] if m is not None and people[m]["parents"] is None and m != 0 and m != 1 else [])

    def width(i):
        own = len(unit(i))
        m = people[i]["partner"]
        below = sum(width(k) for k in kids.get((i, m), kids.get((m, i), []))) if m is not None else 0
        return max(own, below)

    def place(i, left):
        m = people[i]["partner"]
        children = kids.get((i, m), kids.get((m, i), [])) if m is not None else []
        w = width(i)
        cur = left + (w - sum(width(k) for k in children)) / 2
        for k in children:
            place(k, cur)
            cur += width(k)
        members = unit(i)
        start = left + (w - len(members)) / 2
        for j, who in enumerate(members):
            x[who] = start + j + 0.5

    place(0, 0.0)
    # the founders: side by side over their children
    total = width(0)
    x[0], x[1] = total / 2 - 0.5, total / 2 + 0.5
    return x, max(total, 2)


def label_people(people, x):
    """Generation-index labels (II-3), numbered left to right within each generation."""
    out = [""] * len(people)
    for g in range(4):
        row = sorted((x[i], i) for i, p in enumerate(people) if p["gen"] == g)
        for k, (_, i) in enumerate(row):
            out[i] = f"{ROMAN[g]}-{k + 1}"
    return out


def kinship(people):
    """Kinship coefficients by the standard recursion (parents listed before children; founders unrelated
    and not inbred), as integers over a common power of two: ``(phi, unit)`` with phi[a][b] / unit the
    coefficient.  Relatedness is 2 phi.  Each generation of the recursion halves, and person b's entries
    have denominators of at most 2^(b+1), so the halvings are exact; the unit also leaves room for the
    sixteenths of the answer values (exact integers: a tenth of the time of Fraction arithmetic)."""
    n = len(people)
    unit = 2 ** (n + 5)
    phi = [[0] * n for _ in range(n)]
    for b in range(n):
        pb = people[b]["parents"]
        phi[b][b] = (unit + (phi[pb[0]][pb[1]] if pb else 0)) // 2
        for a in range(b):
            v = (phi[a][pb[0]] + phi[a][pb[1]]) // 2 if pb else 0
            phi[a][b] = phi[b][a] = v
    return phi, unit


def relation(people, a, b):
    """a's relationship to b, or None."""
    pa, pb = people[a]["parents"], people[b]["parents"]
    grand_b = [g for p in (pb or []) for g in (people[p]["parents"] or [])]
    grand_a = [g for p in (pa or []) for g in (people[p]["parents"] or [])]
    if pb and a in pb:
        return "parent"
    if pa and b in pa:
        return "child"
    if pa and pb and sorted(pa) == sorted(pb):
        return "sibling"
    if people[a]["partner"] == b:
        return "partner"
    if a in grand_b:
        return "grandparent"
    if b in grand_a:
        return "grandchild"
    return None


class PedigreeChart(Scene):
    domain, scene_id, size = "graph", "pedigree_chart", SIZE
    description = ("A family pedigree over up to four generations (squares male, circles female, partner and "
                   "descent lines), everyone labelled generation-index, with six answer cards below.")
    megapixels = (0.55, 0.85)   # image area (MP); the original's median is 0.686

    def sample(self, rng, difficulty):
        for _ in range(20):
            people = family(rng, difficulty)
            x, width = slots(people)
            if width <= MAX_WIDTH[difficulty]:
                break
        return {"people": people, "x": [x[i] for i in range(len(people))], "width": width,
                "labels": label_people(people, x), "pair": [0, 1], "options": []}

    def render(self, c, state, params):
        w, h = SIZE
        x0, y0, x1, y1 = window(c, 10, 10, w - 20, h - 20)
        c.text(x0 + 12, y0 + 14, "Pedigree Chart", size=22, bold=True, anchor="l")
        c.text(x0 + 12, y0 + 40, "Squares are male; circles are female", size=13, color="muted", anchor="l")
        people, xs, labels = state["people"], state["x"], state["labels"]
        cx0, cy0, cx1, cy1 = CHART
        n_gens = max(p["gen"] for p in people) + 1
        dy = (cy1 - cy0) / max(n_gens - 1, 1) if n_gens > 1 else 0
        unit = min(84.0, (cx1 - cx0) / state["width"])
        left = (cx0 + cx1 - unit * state["width"]) / 2
        pos = [(left + xs[i] * unit, cy0 + p["gen"] * dy) for i, p in enumerate(people)]
        half = 16.0
        for g in range(n_gens):
            c.text(x0 + 24, cy0 + g * dy, ROMAN[g], size=16, bold=True, kind="tick")
        drawn = set()
        for i, p in enumerate(people):                      # partner lines and descent lines
            m = p["partner"]
            if m is not None and (m, i) not in drawn:
                drawn.add((i, m))
                (ax, ay), (bx, by) = pos[i], pos[m]
                c.line(min(ax, bx) + half, ay, max(ax, bx) - half, by, color="ink", lw=2.0)
                kids = [k for k, q in enumerate(people) if q["parents"] and sorted(q["parents"]) == sorted([i, m])]
                if kids:
                    mx, mid_y = (ax + bx) / 2, ay + dy / 2
                    c.line(mx, ay, mx, mid_y, color="ink", lw=2.0)
                    kx = [pos[k][0] for k in kids]
                    c.line(min(kx + [mx]), mid_y, max(kx + [mx]), mid_y, color="ink", lw=2.0)
                    for k in kids:
                        c.line(pos[k][0], mid_y, pos[k][0], pos[k][1] - half, color="ink", lw=2.0)
        marked = set(state["pair"]) if state["options"] else set()
        for i, p in enumerate(people):
            x, y = pos[i]
            if i in marked:
                rounded_rect(c, x - half - 6, y - half - 6, 2 * half + 12, 2 * half + 12, radius=6, stroke="accent",
                             lw=2.4)
            if p["sex"] == "m":
                c.rect(x - half, y - half, 2 * half, 2 * half, fill="paper", stroke="ink", lw=2.0, id=f"person:{i}")
            else:
                c.circle(x, y, half, fill="paper", stroke="ink", lw=2.0, id=f"person:{i}")
            c.text(x, y + half + 14, labels[i], size=14)
        if state["options"]:
            card_row(c, x0 + 20, y1 - 62, x1 - x0 - 40, list(LETTERS[:len(state["options"])]), state["options"],
                     cols=len(state["options"]), h=48, size=14)


SCENE = PedigreeChart()
task = SCENE.task
INTRO = "The image shows a labelled pedigree chart with answer cards."


def _pairs(s, r, keep):
    """Ordered pairs (a, b) of distinct people meeting ``keep(a, b)``, shuffled."""
    n = len(s["people"])
    out = [(a, b) for a in range(n) for b in range(n) if a != b and keep(a, b)]
    return [out[int(i)] for i in r.permutation(len(out))]


@task("relationship_label", answer="option_letter", annotation="bbox_set", ops="topology")
def relationship_label(q):
    want = q.target(RELATIONS, stratified=True)
    q.offer(6, "image")

    def build(st, r):
        people = st["people"]
        pairs = _pairs(st, r, lambda a, b: relation(people, a, b) == want)
        if not pairs:
            return {**st, "bad": 1}
        st["pair"] = list(pairs[0])
        st["options"] = list(RELATIONS)
        return st

    s = q.edit(build)
    q.require("bad" not in s, "no pair with the target relationship")
    a, b = s["pair"]
    rel = relation(s["people"], a, b)
    pick = LETTERS[s["options"].index(rel)]
    link = []
    if rel in ("grandparent", "grandchild"):          # the parent between them
        young = b if rel == "grandparent" else a
        old = a if rel == "grandparent" else b
        link = [p for p in s["people"][young]["parents"] if old in (s["people"][p]["parents"] or [])]
    q.step("relationship", a=s["labels"][a], b=s["labels"][b], relation=rel)
    la, lb = s["labels"][a], s["labels"][b]
    return q.answer(pick, witnesses=[f"person:{i}" for i in [a, b] + link],
                    question=(f"{INTRO} Using the pedigree links, which option gives {la}'s relationship to {lb} "
                              f"(that is, {la} is {lb}'s ...)?"),
                    examples=[x for x in LETTERS[:6] if x != pick])


VALUES = (Fraction(0), Fraction(1, 16), Fraction(1, 8), Fraction(1, 4), Fraction(3, 8), Fraction(1, 2),
          Fraction(5, 8), Fraction(3, 4), Fraction(1))


def text(v):
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


def ancestors_on_paths(people, a, b):
    """The common ancestors of a and b with the people on the paths down to them (for the
    annotation)."""
    def up(i):
        out = {i: []}
        stack = [(i, [])]
        while stack:
            v, path = stack.pop()
            for p in people[v]["parents"] or []:
                out.setdefault(p, path + [v])
                stack.append((p, path + [v]))
        return out

    ua, ub = up(a), up(b)
    common = [c for c in ua if c in ub and not any(d in ua and d in ub and c in up(d) and d != c for d in ua)]
    on_paths = {x for c in common for x in ua[c] + ub[c] + [c]}
    return sorted(on_paths | {a, b})


@task("relatedness_coefficient_label", answer="option_letter", annotation="bbox_set",
      ops="topology,formula_evaluation")
def relatedness_coefficient_label(q):
    target = Fraction(q.target(["0", "1/16", "1/8", "1/4", "1/2"], stratified=True))
    q.offer(6, "image")

    def build(st, r):
        people = st["people"]
        phi, unit = kinship(people)
        want = target.numerator * unit // target.denominator   # exact: unit is a multiple of 16
        pairs = _pairs(st, r, lambda a, b: a < b and 2 * phi[a][b] == want and people[a]["partner"] != b)
        if not pairs:
            return {**st, "bad": 1}
        a, b = pairs[0]
        if r.random() < 0.5:
            a, b = b, a
        others = [v for v in VALUES if v != target]
        picks = [others[int(i)] for i in r.choice(len(others), size=5, replace=False)]
        opts = picks + [target]
        opts = [opts[int(i)] for i in r.permutation(6)]
        st["pair"] = [a, b]
        st["options"] = [text(v) for v in opts]
        return st

    s = q.edit(build)
    q.require("bad" not in s, "no pair with the target relatedness")
    a, b = s["pair"]
    phi, unit = kinship(s["people"])
    value = Fraction(2 * phi[a][b], unit)
    pick = LETTERS[s["options"].index(text(value))]
    q.step("relatedness", a=s["labels"][a], b=s["labels"][b], value=text(value))
    return q.answer(pick, witnesses=[f"person:{i}" for i in ancestors_on_paths(s["people"], a, b)],
                    question=(f"{INTRO} Partners who marry into the family are unrelated to it. Which option is the "
                              f"coefficient of relatedness between {s['labels'][a]} and {s['labels'][b]}?"),
                    examples=[x for x in LETTERS[:6] if x != pick])
