"""charts/radial_sankey: independent solvers written from the catalog programs (a networkx
bipartite DiGraph of the bands: the heaviest edge at a fixed endpoint, the sum of two chosen
edges), printed values read exactly, totals never printed."""

import networkx as nx
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.radial_sankey"
P = "task_charts__radial_sankey__"


def _graph(state):
    g = nx.DiGraph()
    for i, j, v in state["links"]:
        g.add_edge(("s", i), ("t", j), value=v)
    return g


def dominant(state, params, qid):
    g, k = _graph(state), params["node"]
    if qid == "largest_target_for_source":
        _, (_, j), _ = max(g.out_edges(("s", k), data="value"), key=lambda e: e[2])
        return state["targets"][j]
    (_, i), _, _ = max(g.in_edges(("t", k), data="value"), key=lambda e: e[2])
    return state["sources"][i]


def transfer(state, params, qid):
    g = _graph(state)
    total = 0
    for n in params["bands"]:
        i, j, _ = state["links"][n]
        total += g.edges[("s", i), ("t", j)]["value"]
    fixed = {state["links"][n][0 if qid == "source_to_targets_total" else 1] for n in params["bands"]}
    assert fixed == {params["node"]}
    return total


SOLVERS = {P + "dominant_endpoint_label": dominant, P + "transfer_total_value": transfer}


def _size(s):
    return len(s["sources"]) * 10 + len(s["links"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)

test_totals_are_not_printed = shortcut_test([P + "transfer_total_value"], seeds=(0, 1))


def test_sources_sit_left_of_targets_and_tags_are_separate():
    spec = registry.get(P + "transfer_total_value")
    for i in range(8):
        inst = engine.generate(spec, seed=8, split="rs", index=i, encode=False)
        st, ents = inst.trace["state"], inst.canvas.entities
        right_most_source = max(ents[f"source:{k}"]["point"][0] for k in range(len(st["sources"])))
        left_most_target = min(ents[f"target:{k}"]["point"][0] for k in range(len(st["targets"])))
        assert right_most_source < left_most_target
        boxes = [ents[f"flow:{n}"]["box"] for n in range(len(st["links"]))]
        for k, b in enumerate(boxes):
            for o in boxes[k + 1:]:
                assert b[2] <= o[0] or o[2] <= b[0] or b[3] <= o[1] or o[3] <= b[1], "value tags overlap"
