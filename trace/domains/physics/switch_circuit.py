"""physics/switch_circuit: a battery feeding parallel branches of labelled bulbs with switches
drawn open or closed (some branches split again into two switched sub-branches).  A bulb is lit
when it lies on a complete path from the battery's + to its - through closed switches; switches
only ever sit in series with bulbs, so nothing is shorted.

Difficulty grows the bulb count (3, the original's 5, 7) and with it the switches.
"""

from __future__ import annotations

from tracegen.kits.electric import LoopScene, parts, solve

N_BULBS = {1: 3, 2: 5, 3: 7}


def _split(rng, n, most):
    out = []
    while n > 0:
        k = int(rng.integers(1, min(most, n) + 1))
        out.append(k)
        n -= k
    return out


def make(rng, n):
    """A network of ``n`` bulbs; parts are labelled B1.. and S1.. in reading order."""
    counter = {"bulb": 0, "switch": 0}

    def part(kind):
        counter[kind] += 1
        p = {"op": "part", "kind": kind, "label": f"{'B' if kind == 'bulb' else 'S'}{counter[kind]}"}
        if kind == "switch":
            p["closed"] = True
        else:
            p["ohms"] = 1
        return p

    def chain(items):
        return items[0] if len(items) == 1 else {"op": "series", "children": items}

    sizes = _split(rng, n, 3)
    if len(sizes) == 1:
        sizes = [n - 1, 1] if n > 1 else [1]
    branches = []
    for k in sizes:
        items = []
        if rng.random() < 0.8:
            items.append(part("switch"))
        if k >= 2 and rng.random() < 0.5:
            subs = []
            for _ in range(2):
                sub = [part("switch")] if rng.random() < 0.7 else []
                sub.insert(int(rng.integers(len(sub) + 1)), part("bulb"))
                subs.append(chain(sub))
            items.append({"op": "parallel", "children": subs})
            items += [part("bulb") for _ in range(k - 2)]
        else:
            items += [part("bulb") for _ in range(k)]
        branches.append(chain(items))
    tree = {"op": "parallel", "children": branches} if len(branches) > 1 else branches[0]
    if rng.random() < 0.25:
        tree = {"op": "series", "children": [part("switch"), tree]}
    return _relabel(tree)


def _relabel(tree):
    """Number bulbs and switches in drawing order (left to right, then top to bottom)."""
    order = {"bulb": [], "switch": []}
    for p in parts(tree):
        order[p["kind"]].append(p)
    for kind, ps in order.items():
        for i, p in enumerate(ps):
            p["label"] = f"{'B' if kind == 'bulb' else 'S'}{i + 1}"
    return tree


def lit(tree) -> list:
    sol = solve(tree)
    return [p["label"] for p in parts(tree) if p["kind"] == "bulb" and sol[p["label"]]["current"] != 0]


class SwitchCircuit(LoopScene):
    scene_id = "switch_circuit"
    description = "A battery feeding branches of labelled bulbs through switches drawn open or closed."
    title = "Bulbs and switches"
    show_ohms = False

    def sample(self, rng, difficulty):
        tree = make(rng, N_BULBS[difficulty])
        for p in parts(tree):
            if p["kind"] == "switch":
                p["closed"] = bool(rng.random() < 0.6)
        return {"tree": tree}


SCENE = SwitchCircuit()
task = SCENE.task


@task("lit_bulb_count", answer="integer", annotation="bbox_set", ops="filtering,counting,topology")
def lit_bulb_count(q):
    n = sum(1 for p in parts(q.state["tree"]) if p["kind"] == "bulb")
    target = q.target(range(0, n + 1))

    def fn(st, rng):
        switches = [p for p in parts(st["tree"]) if p["kind"] == "switch"]
        for _ in range(300):
            for p in switches:
                p["closed"] = bool(rng.random() < 0.6)
            if len(lit(st["tree"])) == target:
                break
        return st

    s = q.edit(fn)
    on = lit(s["tree"])
    q.step("complete_paths", lit=on)
    return q.answer(len(on), witnesses=[f"bulb:{b}" for b in on], examples=[2, 4],
                    question="The picture shows a battery circuit of labelled bulbs and switches, each switch drawn "
                             "open or closed. How many bulbs are lit, that is, lie on a complete path from the "
                             "battery's + terminal to its − terminal through closed switches only?")
