"""physics/circuit_state_change: an ideal battery lighting labelled bulbs (resistances in ohms) and
one switch S, boxed with the action about to happen to it ("S opens" / "S closes").  The switch
sits in series with part of the network (opening it breaks that path) or across it (closing it
shorts that part out).  Each bulb's power P = I^2 R is compared before and after: it turns on,
turns off, brightens, dims or stays the same.

Difficulty grows the bulb count (4, the original's 5, 6-7); the asked-for change always happens
to exactly one bulb.
"""

from __future__ import annotations

from tracegen.kits.electric import LoopScene, parts, random_tree, solve

N_BULBS = {1: (4, 4), 2: (5, 5), 3: (6, 7)}
CHANGES = {"brightens_after_switch_change": "brightens", "dims_after_switch_change": "dims",
           "turns_on_after_switch_change": "turns on", "turns_off_after_switch_change": "turns off"}


def _wrap(node, path, fn):
    """``node`` with the subtree at ``path`` (child indices) replaced by ``fn(subtree)``."""
    if not path:
        return fn(node)
    kids = list(node["children"])
    kids[path[0]] = _wrap(kids[path[0]], path[1:], fn)
    return {**node, "children": kids}


def _paths(node, path=()):
    out = [path]
    if node["op"] != "part":
        for i, ch in enumerate(node["children"]):
            out += _paths(ch, path + (i,))
    return out


def make(rng, n):
    labels = [f"B{i + 1}" for i in rng.permutation(n)]
    leaves = [{"op": "part", "kind": "bulb", "label": lab, "ohms": int(rng.integers(1, 13))} for lab in labels]
    tree = random_tree(rng, leaves, ("parallel", "mixed")[int(rng.integers(2))])
    paths = [p for p in _paths(tree) if p]                 # never the whole network
    path = paths[int(rng.integers(len(paths)))]
    closed = bool(rng.integers(2))
    sw = {"op": "part", "kind": "switch", "label": "S", "closed": closed,
          "cue": "S opens" if closed else "S closes"}
    if rng.random() < 0.5:                                # in series with the chosen part
        tree = _wrap(tree, path, lambda t: {"op": "series", "children": [sw, t]})
    else:                                                 # across the chosen part
        tree = _wrap(tree, path, lambda t: {"op": "parallel", "children": [t, sw]})
    return tree


def toggled(tree):
    if tree["op"] == "part":
        return {**tree, "closed": not tree["closed"]} if tree["kind"] == "switch" else tree
    return {**tree, "children": [toggled(ch) for ch in tree["children"]]}


def changes(tree):
    """{bulb label: change} or None when either state shorts the battery."""
    before, after = solve(tree), solve(toggled(tree))
    if before is None or after is None:
        return None
    out = {}
    for p in parts(tree):
        if p["kind"] != "bulb":
            continue
        a, b = before[p["label"]]["power"], after[p["label"]]["power"]
        out[p["label"]] = ("stays off" if a == b == 0 else "turns on" if a == 0 else "turns off" if b == 0
                           else "brightens" if b > a else "dims" if b < a else "unchanged")
    return out


class CircuitStateChange(LoopScene):
    scene_id = "circuit_state_change"
    description = "Labelled bulbs and one switch boxed with the action about to happen to it (opens / closes)."
    title = "Switch action in a bulb circuit"

    def sample(self, rng, difficulty):
        lo, hi = N_BULBS[difficulty]
        return {"tree": make(rng, int(rng.integers(lo, hi + 1)))}


SCENE = CircuitStateChange()
task = SCENE.task


@task("bulb_brightness_change_label", answer="string", annotation="bbox_map",
      ops="topology,state_update,formula_evaluation", queries=tuple(CHANGES))
def bulb_brightness_change_label(q):
    want = CHANGES[q.query_id]
    n = sum(1 for p in parts(q.state["tree"]) if p["kind"] == "bulb")

    def fn(st, rng):
        tree = st["tree"]
        for _ in range(400):
            ch = changes(tree)
            if ch is not None and sum(1 for v in ch.values() if v == want) == 1:
                break
            tree = make(rng, n)
        return {**st, "tree": tree}

    s = q.edit(fn)
    ch = changes(s["tree"])
    q.require(ch is not None, "battery shorted")
    hits = [lab for lab, v in ch.items() if v == want]
    q.require(len(hits) == 1, "the change is not unique")
    q.step("compare_power", **ch)
    bulbs = sorted(ch)
    witnesses = {"switch": "switch:S", **{lab: f"bulb:{lab}" for lab in bulbs}}
    detail = {"brightens": "becomes brighter (it stays lit and dissipates more power)",
              "dims": "becomes dimmer (it stays lit but dissipates less power)",
              "turns on": "turns on (unlit before, lit after)",
              "turns off": "turns off (lit before, unlit after)"}[want]
    return q.answer(hits[0], witnesses=witnesses, examples=[b for b in bulbs if b != hits[0]][:2],
                    question="The picture shows an ideal battery with labelled bulbs (resistances in ohms, treated "
                             "as fixed) and one switch S drawn in its present position, boxed with the action about "
                             f"to happen to it. After that switch action, which bulb {detail}?")
