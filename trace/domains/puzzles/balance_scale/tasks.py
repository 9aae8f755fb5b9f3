"""puzzles/balance_scale, the four tasks: balanced scales as equations (an object's value, how many
copies of one object balance another, a comparison that may be undetermined) and tilted scales
as inequalities (the lightest-to-heaviest order)."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

import numpy as np

from tracegen.core.options import multiple_choice, option_text

from . import scene as bs

task = bs.SCENE.task
COPIES = {1: 1, 2: 2, 3: 3}
EXTRA = {1: 0, 2: 6, 3: 10}
SPAN = 60                                      # values a solver tries for an undetermined object


def split_weight(r, total, d):
    """A weight total as one or (at difficulty 2-3) two boxes."""
    if total <= 0:
        return []
    if d > 1 and total > 3 and r.random() < 0.5:
        a = int(r.integers(1, total))
        return [a, total - a]
    return [total]


def pan_scale(r, d, values, objs):
    """A balanced scale holding ``objs`` (name -> copies): objects go left (or, at difficulty 3,
    sometimes right) and weights make up the difference, with extra weight on both pans."""
    left, right = [], []
    for name, k in objs.items():
        side = right if (d == 3 and r.random() < 0.3 and left) else left
        side += [name] * k
    diff = sum(values[o] for o in left) - sum(values[o] for o in right)
    extra = int(r.integers(0, EXTRA[d] + 1))
    lw = split_weight(r, extra + max(0, -diff), d)
    rw = split_weight(r, extra + max(0, diff), d)
    return {"left": {"objs": left, "weights": lw}, "right": {"objs": right, "weights": rw}, "tilt": 0}


def chain(r, d, values, order):
    """Three balanced scales solvable by substitution: the first object alone, then with the
    second, then the third with one of the first two; shown in a random order."""
    p1, p2, p3 = order
    third = p1 if r.random() < 0.5 else p2

    def k():
        return int(r.integers(1, COPIES[d] + 1))

    specs = [{p1: k()}, {p1: k(), p2: k()}, {third: k(), p3: k()}]
    scales = [pan_scale(r, d, values, sp) for sp in specs]
    return [scales[int(i)] for i in r.permutation(3)]


@lru_cache(maxsize=4)
def _grid(span):
    return np.stack(np.meshgrid(*[np.arange(1, span + 1)] * 3, indexing="ij"), -1).reshape(-1, 3)


def _coefs(sc):
    """(coefficients of A, B, C, constant) of a scale's left pan minus its right pan."""
    coef, const = np.zeros(3, dtype=np.int64), 0
    for side, sign in (("left", 1), ("right", -1)):
        for o in sc[side]["objs"]:
            coef[bs.OBJECTS.index(o)] += sign
        const += sign * sum(sc[side]["weights"])
    return coef, const


def solutions(scales, span=SPAN):
    """Every (A, B, C) in 1..span that balances every level scale and tips every tilted one the
    drawn way, as an (n, 3) array.  Level scales only: A and B run over the span and C follows
    from a scale holding it (far fewer candidates than the whole cube)."""
    eqs = [_coefs(sc) for sc in scales]
    if all(sc["tilt"] == 0 for sc in scales):
        k = next((i for i, (co, _) in enumerate(eqs) if co[2] != 0), None)
        if k is not None:
            ab = _grid(span)[::span, :2]                   # every (A, B) once
            co, const = eqs[k]
            num = -(const + ab @ co[:2])
            ok = num % co[2] == 0
            cand = np.column_stack([ab, num // co[2]])[ok]
            cand = cand[(cand[:, 2] >= 1) & (cand[:, 2] <= span)]
            for co, const in eqs:
                cand = cand[cand @ co + const == 0]
            return cand
    grid = _grid(span)
    ok = np.ones(len(grid), bool)
    for sc, (co, const) in zip(scales, eqs):
        diff = grid @ co + const                            # left minus right
        want = sc["tilt"]
        ok &= (diff == 0) if want == 0 else (diff > 0) if want < 0 else (diff < 0)
    return grid[ok]


def weigh(values, pan):
    return sum(values[o] for o in pan["objs"]) + sum(pan["weights"])


LEAD = ("The image shows three pan scales with labelled objects (A, B, C) and numbered weights. Objects with the same "
        "letter weigh the same and every object weighs a positive whole number.")


# ---------------------------------------------------------------------- one object's value
@task("missing_object_weight_value", answer="integer", annotation="bbox", ops="formula_evaluation")
def missing_object_weight_value(q):
    def build(s, r):
        d = s["level"]
        t = q.target(range(1, 21), stratified=True)
        order = [bs.OBJECTS[int(i)] for i in r.permutation(3)]
        target = order[int(r.integers(1 if d > 1 else 0, 3))]
        values = {o: int(r.integers(1, 16)) for o in bs.OBJECTS}
        values[target] = t
        s.update(values=values, scales=chain(r, d, values, order), query={"kind": "value", "object": target})
        return s

    s = q.edit(build)
    sol = solutions(s["scales"])
    q.require(len(sol) == 1, "the scales do not fix every object")
    obj = s["query"]["object"]
    ans = int(sol[0][bs.OBJECTS.index(obj)])
    q.step("solve", values=dict(zip(bs.OBJECTS, map(int, sol[0]))))
    return q.answer(ans, witnesses="query:ask",
                    question=(f"{LEAD} Every scale is balanced. What is the value of object {obj}, shown in the "
                              "query row next to the question mark?"))


# ---------------------------------------------------------------------- copies
@task("equivalent_object_count_value", answer="integer", annotation="bbox", ops="counting,formula_evaluation,matching")
def equivalent_object_count_value(q):
    def build(s, r):
        d = s["level"]
        t = q.target(range(2, 9), stratified=True)
        src, rep, other = (bs.OBJECTS[int(i)] for i in r.permutation(3))
        unit = int(r.integers(1, max(2, 40 // t) + 1))
        values = {src: t * unit, rep: unit, other: int(r.integers(1, 16))}
        order = [bs.OBJECTS[int(i)] for i in r.permutation(3)]
        s.update(values=values, scales=chain(r, d, values, order),
                 query={"kind": "copies", "source": src, "repeated": rep})
        return s

    s = q.edit(build)
    sol = solutions(s["scales"])
    q.require(len(sol) == 1, "the scales do not fix every object")
    vals = dict(zip(bs.OBJECTS, map(int, sol[0])))
    src, rep = s["query"]["source"], s["query"]["repeated"]
    q.require(vals[src] % vals[rep] == 0, "not a whole number of copies")
    ans = vals[src] // vals[rep]
    q.step("solve", values=vals, copies=ans)
    return q.answer(ans, witnesses="query:ask",
                    question=(f"{LEAD} Every scale is balanced. In the query row, how many copies of object {rep} "
                              f"weigh as much as one object {src}? Give the number that replaces the question mark."))


# ---------------------------------------------------------------------- comparison
RELATIONS = ("Left", "Right", "Balanced", "Cannot determine")


def relation_of(sol, query):
    """Left/Right/Balanced when every solution agrees, else Cannot determine."""
    diffs = set()
    for row in sol:
        vals = dict(zip(bs.OBJECTS, map(int, row)))
        d = weigh(vals, query["left"]) - weigh(vals, query["right"])
        diffs.add((d > 0) - (d < 0))
    if len(diffs) != 1:
        return "Cannot determine"
    return {1: "Left", -1: "Right", 0: "Balanced"}[diffs.pop()]


@task("query_side_relation_label", answer="string", annotation="bbox", ops="formula_evaluation,matching")
def query_side_relation_label(q):
    want = q.param("relation", lambda r: RELATIONS[int(r.integers(4))])

    def build(s, r):
        d = s["level"]
        values = {o: int(r.integers(2, 16)) for o in bs.OBJECTS}
        order = [bs.OBJECTS[int(i)] for i in r.permutation(3)]
        if want == "Cannot determine":           # the last two objects only ever appear together
            p1, p2, p3 = order
            k = int(r.integers(1, COPIES[d] + 1))
            specs = [{p1: 1}, {p2: k, p3: k}, {p1: 1, p2: k, p3: k}]
            scales = [pan_scale(r, d, values, sp) for sp in specs]
            scales = [scales[int(i)] for i in r.permutation(3)]
            left = {"objs": [p2], "weights": []}
            right = {"objs": [p3], "weights": []} if r.random() < 0.6 else {"objs": [], "weights": [values[p2]]}
        else:
            scales = chain(r, d, values, order)
            a, b = (order[int(i)] for i in r.permutation(3)[:2])
            gap = {"Left": -int(r.integers(1, 4)), "Right": int(r.integers(1, 4)), "Balanced": 0}[want]
            w = values[a] - values[b] + gap       # right = b + w, so left - right = -gap
            if w > 0:
                left, right = {"objs": [a], "weights": []}, {"objs": [b], "weights": [w]}
            elif w < 0:
                left, right = {"objs": [a], "weights": [-w]}, {"objs": [b], "weights": []}
            else:
                left, right = {"objs": [a], "weights": []}, {"objs": [b], "weights": []}
        if r.random() < 0.5:
            left, right = right, left
        s.update(values=values, scales=scales, query={"kind": "relation", "left": left, "right": right})
        return s

    s = q.edit(build)
    rel = relation_of(solutions(s["scales"]), s["query"])
    q.require(rel == want, "the query does not give the planned relation")
    letter, opts = multiple_choice(q, rel, lambda r: [x for x in RELATIONS if x != rel], k=4, where="prompt",
                                   stratified=True)
    q.step("compare", relation=rel)
    return q.answer(letter, witnesses="query:row", examples=list("ABCD"),
                    question=(f"{LEAD} The three reference scales are balanced. The query row puts two groups side "
                              "by side: which pan would be heavier? Choose Cannot determine if the reference scales "
                              "allow more than one answer. The lettered cards give the choices:\n"
                              + option_text(opts) + "\nAnswer with the card's letter."))


# ---------------------------------------------------------------------- order
def weak_order(vals) -> str:
    """``A < C < B`` style: lightest first, equal objects joined by ``=`` (alphabetical)."""
    groups = {}
    for o in bs.OBJECTS:
        groups.setdefault(vals[o], []).append(o)
    return " < ".join(" = ".join(sorted(g)) for _, g in sorted(groups.items()))


ALL_ORDERS = sorted({weak_order(dict(zip(bs.OBJECTS, v))) for v in product(range(3), repeat=3)})
PAD = {1: 0, 2: 1, 3: 2}


@task("weight_order_label", answer="string", annotation="bbox", ops="ranking,formula_evaluation,matching")
def weight_order_label(q):
    def build(s, r):
        d = s["level"]
        if d == 3 and r.random() < 0.35:        # two objects of equal weight
            vals = [int(v) for v in r.choice(range(1, 10), size=2, replace=False)]
            vals.append(vals[int(r.integers(2))])
        else:
            vals = [int(v) for v in r.choice(range(1, 10), size=3, replace=False)]
        values = dict(zip(bs.OBJECTS, [vals[int(i)] for i in r.permutation(3)]))
        ranked = sorted(bs.OBJECTS, key=lambda o: values[o])
        pairs = [(ranked[0], ranked[1]), (ranked[1], ranked[2])]
        pairs.append(pairs[int(r.integers(2))] if d == 1 else None)
        scales = []
        for pair in pairs:
            if pair is None:                              # a composite comparison
                pans = [sorted(bs.OBJECTS[int(i)] for i in r.integers(0, 3, size=int(r.integers(1, 4))))
                        for _ in range(2)]
                q.require(pans[0] != pans[1], "the same objects on both pans")
            else:                                         # a pair, padded alike on both pans
                pad = [bs.OBJECTS[int(i)] for i in r.integers(0, 3, size=int(r.integers(0, PAD[d] + 1)))]
                pans = [sorted([pair[0]] + pad), sorted([pair[1]] + pad)]
            if r.random() < 0.5:
                pans = pans[::-1]
            diff = sum(values[o] for o in pans[0]) - sum(values[o] for o in pans[1])
            scales.append({"left": {"objs": pans[0], "weights": []}, "right": {"objs": pans[1], "weights": []},
                           "tilt": (diff < 0) - (diff > 0)})
        scales = [scales[int(i)] for i in r.permutation(3)]
        s.update(values=values, scales=scales, query={"kind": "order"})
        return s

    s = q.edit(build)
    sols = solutions(s["scales"], span=12)
    orders = {weak_order(dict(zip(bs.OBJECTS, map(int, row)))) for row in sols}
    q.require(len(orders) == 1, "the scales do not fix the order")
    answer = orders.pop()
    q.reads(*[{-1: "left pan lower", 0: "level", 1: "right pan lower"}[sc["tilt"]] for sc in s["scales"]])

    def distractors(r):                          # orders with as many ties as the answer first
        rest = [o for o in ALL_ORDERS if o != answer]
        rest = [rest[int(i)] for i in r.permutation(len(rest))]
        return sorted(rest, key=lambda o: o.count("=") != answer.count("="))[:6]

    letter, opts = multiple_choice(q, answer, distractors, k=4, where="prompt", stratified=True)
    q.step("order", order=answer)
    return q.answer(letter, witnesses=f"option:{letter}", examples=list("ABCD"),
                    question=("The image shows three pan scales holding labelled objects (A, B, C); objects with the "
                              "same letter weigh the same. On each scale the heavier pan hangs lower and a level beam "
                              "means both pans weigh the same. Which card gives the objects from lightest to "
                              "heaviest?\n" + option_text(opts) + "\nAnswer with the card's letter."))
