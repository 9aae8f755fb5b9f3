"""symbolic/logic_gate_circuit: independent solvers (a recursive evaluator over the gate list
with its own truth tables), the layout's wiring checked against the circuit (every wire runs
from its source to a pin of its target, horizontal and vertical segments only, one junction dot
per parting wire), and the lettered options drawn in the image."""

from functools import lru_cache

import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine
from tracegen.kits import circuits as cz

MOD = "tracegen.domains.symbolic.logic_gate_circuit"
P = "task_symbolic__logic_gate_circuit__"
TABLE = {"AND": lambda a, b: a and b, "OR": lambda a, b: a or b, "XOR": lambda a, b: a != b,
         "NAND": lambda a, b: not (a and b), "NOR": lambda a, b: not (a or b), "XNOR": lambda a, b: a == b}


def signals(circuit, values):
    gates = circuit["gates"]

    @lru_cache(maxsize=None)
    def value(name):
        if name in values:
            return bool(values[name])
        g = gates[int(name[1:])]
        args = [value(s) for s in g["in"]]
        return (not args[0]) if g["op"] == "NOT" else bool(TABLE[g["op"]](*args))

    return [int(value(f"g{k}")) for k in range(len(gates))]


def gate_type(state, params, qid):
    return sum(g["op"] == params["gate"] for g in state["circuits"][0]["gates"])


def internal(state, params, qid):
    want = 1 if qid == "internal_output_one_count" else 0
    return signals(state["circuits"][0], state["values"][0]).count(want)


def output_value(state, params, qid):
    want = 1 if qid == "output_one_label" else 0
    outs = [signals(c, v)[-1] for c, v in zip(state["circuits"], state["values"])]
    assert outs.count(want) == 1
    return "ABCD"[outs.index(want)]


def satisfying(state, params, qid):
    want = 1 if qid == "assignment_outputs_one_label" else 0
    outs = [signals(state["circuits"][0], row)[-1] for row in state["assignments"]]
    assert outs.count(want) == 1
    return "ABCD"[outs.index(want)]


SOLVERS = {
    P + "gate_type_count": gate_type,
    P + "internal_output_count": internal,
    P + "output_value_label": output_value,
    P + "satisfying_assignment_label": satisfying,
}


def _size(s):
    return sum(len(c["gates"]) + len(c["inputs"]) for c in s["circuits"]) // len(s["circuits"]) + len(
        set(g["op"] for c in s["circuits"] for g in c["gates"]))


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_wiring_matches_the_circuit(tid):
    spec = registry.get(tid)
    for d in (1, 2, 3):
        inst = engine.generate(spec, seed=d, split="wires", index=0, difficulty=d, encode=False)
        for circ in inst.trace["state"]["circuits"]:
            lay = cz.layout(circ, (70, 70, 1000, 680))
            edges = sorted((w["from"], w["to"]) for w in lay["wires"] if w["to"] != "OUT")
            assert edges == sorted((s, f"g{k}") for k, g in enumerate(circ["gates"]) for s in g["in"])
            gw, gh = lay["gate"]
            for w in lay["wires"]:
                pts = w["pts"]
                assert all(a[0] == b[0] or a[1] == b[1] for a, b in zip(pts, pts[1:])), pts
                assert pts[0][1] == lay["pos"][w["from"]][1]
                if w["to"] != "OUT":
                    tx, ty = lay["pos"][w["to"]]
                    assert abs(pts[-1][1] - ty) <= gh / 2 and tx - gw < pts[-1][0] <= tx
            # the columns respect the signal flow
            cols = lay["columns"]
            assert all(cols[s] < cols[f"g{k}"] for k, g in enumerate(circ["gates"]) for s in g["in"])
            # no two nodes share a row where a wire passes through
            for s in cols:
                for t in cols:
                    if s != t and lay["pos"][s][1] == lay["pos"][t][1]:
                        assert cols[s] != cols[t]


@pytest.mark.parametrize("tid", [P + "output_value_label", P + "satisfying_assignment_label"])
def test_four_options_in_the_image(tid):
    spec = registry.get(tid)
    inst = engine.generate(spec, seed=4, split="cards", index=0, encode=False)
    drawn = [t["text"] for t in inst.canvas.texts if t["kind"] == "option"]
    assert set("ABCD") <= set(drawn) and (inst.solution.options, inst.solution.options_in) == (4, "image")


def test_gate_truth_tables():
    for op, fn in TABLE.items():
        for a in (0, 1):
            for b in (0, 1):
                assert cz.apply(op, [a, b]) == int(fn(a, b)), (op, a, b)
    assert cz.apply("NOT", [0]) == 1 and cz.apply("NOT", [1]) == 0
