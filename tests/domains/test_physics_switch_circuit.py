"""physics/switch_circuit: independent solver by nodal analysis: open switches are removed,
closed switches are 1 micro-ohm links, bulbs 1 ohm; a bulb is lit when current flows through it
(with no shorts in these networks, exactly when it lies on a complete path through closed
switches)."""

from circuit_solvers import solve
from taskcheck import scene_tests

MOD = "tracegen.domains.physics.switch_circuit"
P = "task_physics__switch_circuit__lit_bulb_count"


def _conductance(p):
    return 0.0 if (p["kind"] == "switch" and not p["closed"]) else (1e6 if p["kind"] == "switch" else 1.0)


def bulb_currents(tree, volts=12.0):
    edges, v, conduct = solve(tree, _conductance, volts, leak=1e-9)
    return {p["label"]: abs(v[a] - v[b]) * g for (a, b, p), g in zip(edges, conduct) if p["kind"] == "bulb"}


def count(state, params, qid):
    cur = bulb_currents(state["tree"])
    assert all(i < 1e-6 or i > 1e-3 for i in cur.values())
    return sum(1 for i in cur.values() if i > 1e-3)


SOLVERS = {P: count}


def _p(kind, label, closed=True):
    return {"op": "part", "kind": kind, "label": label, "ohms": 1, "closed": closed}


def test_hand_checked():
    # branch 1: open S1 then B1; branch 2: closed S2 then B2 || (S3 open, B3): only B2 lit
    tree = {"op": "parallel", "children": [
        {"op": "series", "children": [_p("switch", "S1", False), _p("bulb", "B1")]},
        {"op": "series", "children": [_p("switch", "S2"), {"op": "parallel", "children": [
            _p("bulb", "B2"), {"op": "series", "children": [_p("switch", "S3", False), _p("bulb", "B3")]}]}]}]}
    assert count({"tree": tree}, {}, "single") == 1


def _bulbs(node):
    return (node["kind"] == "bulb") if node["op"] == "part" else sum(_bulbs(ch) for ch in node["children"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: _bulbs(s["tree"]))
