"""charts/sankey: independent solvers written from the catalog programs (a networkx DiGraph of
the bands: out/in edge sums, path minimums, the sum of route minimums), printed values read
exactly, totals never printed."""

import networkx as nx
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.sankey"
P = "task_charts__sankey__"


def _graph(state):
    g = nx.DiGraph()
    for stage, a, b, v in state["links"]:
        g.add_edge((stage, a), (stage + 1, b), value=v)
    return g


def side_total(state, params, qid):
    g, i = _graph(state), params["node"]
    if qid == "source_outgoing_total_flow":
        return sum(d["value"] for _, _, d in g.out_edges((0, i), data=True))
    return sum(d["value"] for _, _, d in g.in_edges((2, i), data=True))


def bottleneck(state, params, qid):
    a, b, (n, m) = params["path"]
    mid = state["links"][n][2]
    g = _graph(state)
    return min(g.edges[(0, a), (1, mid)]["value"], g.edges[(1, mid), (2, b)]["value"])


def route_total(state, params, qid):
    g = _graph(state)
    a, b = params["pair"]
    total = 0
    for path in nx.all_simple_paths(g, (0, a), (2, b)):
        total += min(g.edges[u, v]["value"] for u, v in zip(path, path[1:]))
    return total


SOLVERS = {
    P + "node_side_total_value": side_total,
    P + "path_bottleneck_value": bottleneck,
    P + "source_to_target_total_flow": route_total,
}


def _size(s):
    return sum(len(c) for c in s["cols"]) + len(s["links"]) + max(v for *_, v in s["links"]) / 10


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)

# the bottleneck is one of the printed values by definition; totals never are
test_totals_are_not_printed = shortcut_test([P + "node_side_total_value", P + "source_to_target_total_flow"])


def test_every_band_value_is_printed_on_its_own_tag():
    spec = registry.get(P + "node_side_total_value")
    for i in range(8):
        inst = engine.generate(spec, seed=6, split="sk", index=i, encode=False)
        st, ents = inst.trace["state"], inst.canvas.entities
        texts = [t["text"] for t in inst.canvas.texts]
        assert all(str(v) in texts for *_, v in st["links"])
        boxes = [ents[f"flow:{n}"]["box"] for n in range(len(st["links"]))]
        for k, b in enumerate(boxes):
            for o in boxes[k + 1:]:
                assert b[2] <= o[0] or o[2] <= b[0] or b[3] <= o[1] or o[3] <= b[1], "value tags overlap"


def test_curve_points_are_the_bezier_points():
    """The flows kit's precomputed Bernstein weights give exactly (bit for bit) the points ``bezier`` gives."""
    import random

    from tracegen.kits.flows import bezier, curve_points

    rnd = random.Random(7)
    for steps in (8, 48, 64, 65):
        for _ in range(50):
            curve = [(rnd.uniform(-500, 1500), rnd.uniform(-500, 1500)) for _ in range(4)]
            assert curve_points(curve, steps) == [bezier(*curve, k / steps) for k in range(steps + 1)]
