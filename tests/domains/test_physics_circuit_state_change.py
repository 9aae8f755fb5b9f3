"""physics/circuit_state_change: independent solver by nodal analysis of both switch states
(closed switch: a 1e-8 ohm link, open switch: removed), classifying each bulb's power change with
a tolerance, then picking the one bulb in the asked-for class."""

from circuit_solvers import solve
from taskcheck import scene_tests

MOD = "tracegen.domains.physics.circuit_state_change"
P = "task_physics__circuit_state_change__bulb_brightness_change_label"
WANT = {"brightens_after_switch_change": "brightens", "dims_after_switch_change": "dims",
        "turns_on_after_switch_change": "on", "turns_off_after_switch_change": "off"}


def powers(tree, switch_closed, volts=12.0):
    edges, v, _ = solve(tree, lambda p: (1e8 if switch_closed else 0.0) if p["kind"] == "switch" else 1.0 / p["ohms"],
                        volts)
    return {p["label"]: (v[a] - v[b]) ** 2 / p["ohms"] for a, b, p in edges if p["kind"] == "bulb"}


def classify(a, b, eps=1e-5):
    if a < eps and b < eps:
        return "dark"
    if a < eps:
        return "on"
    if b < eps:
        return "off"
    if abs(a - b) <= eps * max(a, b):
        return "same"
    return "brightens" if b > a else "dims"


def switch_of(node):
    if node["op"] == "part":
        return node if node["kind"] == "switch" else None
    return next((s for s in map(switch_of, node["children"]) if s), None)


def changed(state, params, qid):
    closed = switch_of(state["tree"])["closed"]
    before, after = powers(state["tree"], closed), powers(state["tree"], not closed)
    hits = [lab for lab in before if classify(before[lab], after[lab]) == WANT[qid]]
    assert len(hits) == 1, hits
    return hits[0]


SOLVERS = {P: changed}


def _b(label, ohms):
    return {"op": "part", "kind": "bulb", "label": label, "ohms": ohms}


def test_hand_checked():
    # B1 || S (closed) in series with B2; B3 on its own branch. S opens: B1 turns on, B2 dims, B3 same.
    s = {"op": "part", "kind": "switch", "label": "S", "closed": True}
    tree = {"op": "parallel", "children": [
        {"op": "series", "children": [{"op": "parallel", "children": [_b("B1", 2), s]}, _b("B2", 4)]},
        _b("B3", 6)]}
    st = {"tree": tree}
    assert changed(st, {}, "turns_on_after_switch_change") == "B1"
    assert changed(st, {}, "dims_after_switch_change") == "B2"


def _bulbs(node):
    return (node["kind"] == "bulb") if node["op"] == "part" else sum(_bulbs(ch) for ch in node["children"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: _bulbs(s["tree"]))
