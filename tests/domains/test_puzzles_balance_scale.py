"""puzzles/balance_scale: independent solvers -- exact elimination over the rationals (fractions)
for the balanced scales, a one-parameter scan when the references leave a family of solutions,
and an enumeration of weight vectors for the tilted scales -- and the options listed in the
prompt and drawn in the image, as the reference offers them."""

from fractions import Fraction
from itertools import product

import pytest
from taskcheck import check_no_shortcuts, scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.balance_scale"
P = "task_puzzles__balance_scale__"
NAMES = "ABC"


def row_of(scale):
    """[a, b, c, rhs]: a*A + b*B + c*C = rhs, left pan minus right pan."""
    out = [Fraction(0)] * 4
    for side, sign in (("left", 1), ("right", -1)):
        for o in scale[side]["objs"]:
            out[NAMES.index(o)] += sign
        out[3] -= sign * sum(scale[side]["weights"])
    return out


def reduce(rows):
    """Reduced row echelon form; returns (rows, pivot columns)."""
    rows = [list(r) for r in rows]
    pivots, k = [], 0
    for col in range(3):
        p = next((i for i in range(k, len(rows)) if rows[i][col] != 0), None)
        if p is None:
            continue
        rows[k], rows[p] = rows[p], rows[k]
        rows[k] = [v / rows[k][col] for v in rows[k]]
        for i in range(len(rows)):
            if i != k and rows[i][col] != 0:
                f = rows[i][col]
                rows[i] = [a - f * b for a, b in zip(rows[i], rows[k])]
        pivots.append(col)
        k += 1
    return rows[:k], pivots


def positive_solutions(scales, span=80):
    rows, piv = reduce([row_of(s) for s in scales])
    if len(piv) == 3:
        sol = [rows[i][3] for i in range(3)]
        return [sol] if all(v > 0 and v.denominator == 1 for v in sol) else []
    (free,) = [c for c in range(3) if c not in piv]
    out = []
    for t in range(1, span + 1):
        sol = [Fraction(0)] * 3
        sol[free] = Fraction(t)
        for i, c in enumerate(piv):
            sol[c] = rows[i][3] - rows[i][free] * t
        if all(v > 0 and v.denominator == 1 for v in sol):
            out.append(sol)
    return out


def value(state, params, qid):
    (sol,) = positive_solutions(state["scales"])
    return int(sol[NAMES.index(state["query"]["object"])])


def copies(state, params, qid):
    (sol,) = positive_solutions(state["scales"])
    q = state["query"]
    ratio = sol[NAMES.index(q["source"])] / sol[NAMES.index(q["repeated"])]
    assert ratio.denominator == 1
    return int(ratio)


def total(sol, pan):
    return sum(sol[NAMES.index(o)] for o in pan["objs"]) + sum(pan["weights"])


def relation(state, params, qid):
    q = state["query"]
    signs = {(d > 0) - (d < 0) for d in (total(s, q["left"]) - total(s, q["right"])
                                         for s in positive_solutions(state["scales"]))}
    rel = {1: "Left", -1: "Right", 0: "Balanced"}[signs.pop()] if len(signs) == 1 else "Cannot determine"
    return "ABCD"[params["options"].index(rel)]


def order(state, params, qid):
    seen = set()
    for vec in product(range(1, 21), repeat=3):
        ok = True
        for sc in state["scales"]:
            d = total(vec, sc["left"]) - total(vec, sc["right"])
            ok &= {-1: d > 0, 0: d == 0, 1: d < 0}[sc["tilt"]]
        if ok:
            ranks = sorted(set(vec))
            groups = [" = ".join(n for n, v in zip(NAMES, vec) if v == r) for r in ranks]
            seen.add(" < ".join(groups))
    assert len(seen) == 1
    return "ABCD"[params["options"].index(seen.pop())]


SOLVERS = {
    P + "missing_object_weight_value": value,
    P + "equivalent_object_count_value": copies,
    P + "query_side_relation_label": relation,
    P + "weight_order_label": order,
}


def _size(s):
    return sum(len(sc[side]["objs"]) + len(sc[side]["weights"]) for sc in s["scales"] for side in ("left", "right"))


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def test_no_shortcuts():
    # the order is read off the beams' tilt: no drawn label says which pan is lower
    check_no_shortcuts(registry.get(P + "weight_order_label"), seeds=(0,), answer=False)


@pytest.mark.parametrize("tid", [P + "query_side_relation_label", P + "weight_order_label"])
def test_four_options_listed_and_drawn(tid):
    spec = registry.get(tid)
    inst = engine.generate(spec, seed=3, split="cards", index=0, encode=False)
    opts = inst.trace["params"]["options"]
    drawn = [t["text"] for t in inst.canvas.texts if t["kind"] == "option"]
    assert len(opts) == 4 and all(o in drawn for o in opts) and set("ABCD") <= set(drawn)
    assert all(f"{k}. {o}" in inst.record["prompts"]["answer_only"] for k, o in zip("ABCD", opts))
    assert (inst.solution.options, inst.solution.options_in) == (4, "prompt")


def test_relations_include_undetermined():
    spec = registry.get(P + "query_side_relation_label")
    rels = set()
    for i in range(24):
        _, _, state, params, sol = engine.solve_only(spec, seed=0, split="rel", index=i)
        rels.add(params["options"]["ABCD".index(sol.answer)])
    assert rels == {"Left", "Right", "Balanced", "Cannot determine"}
