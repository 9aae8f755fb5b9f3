"""illustrations/rpg_tactical_map: independent solvers (networkx shortest paths on the tile graph)."""

import networkx as nx

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.illustrations.rpg_tactical_map"
P = "task_illustrations__rpg_tactical_map__"
COST = {"G": 1, "R": 1, "B": 1, "F": 2, "M": 3}
STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def graph(grid):
    """Directed tile graph: an edge u -> v weighs the cost of entering v; water has no in-edges."""
    g = nx.DiGraph()
    R, C = len(grid), len(grid[0])
    for r in range(R):
        for c in range(C):
            g.add_node((r, c))
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < R and 0 <= cc < C and grid[rr][cc] in COST:
                    g.add_edge((r, c), (rr, cc), weight=COST[grid[rr][cc]])
    return g


def costs(grid, start):
    return nx.single_source_dijkstra_path_length(graph(grid), tuple(start))


def terrain_count(state, params, qid):
    return sum(row.count(params["terrain"]) for row in state["grid"])


def cost_value(state, params, qid):
    return costs(state["grid"], state["unit"])[tuple(state["target"])]


def counterfactual(state, params, qid):
    grid = state["grid"]
    best = costs(grid, state["unit"]).get(tuple(state["target"]), 10 ** 9)
    results = []
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch in "WMF":
                g2 = [list(x) for x in grid]
                g2[r][c] = "R"
                results.append(costs(["".join(x) for x in g2], state["unit"]).get(tuple(state["target"]), 10 ** 9))
    m = min(results)
    assert m < best and results.count(m) == 1, "best conversion not unique"
    return m


def reach_count(state, params, qid):
    d = costs(state["grid"], state["unit"])
    return sum(1 for v in d.values() if 0 < v <= state["budget"])


def reach_label(state, params, qid):
    d = costs(state["grid"], state["unit"])
    ok = ["ABCD"[i] for i, p in enumerate(state["letters"]) if d.get(tuple(p), 10 ** 9) <= state["budget"]]
    assert len(ok) == 1
    return ok[0]


def endpoint(state, params, qid):
    r, c = state["unit"]
    for m in state["moves"]:
        r, c = r + STEP[m][0], c + STEP[m][1]
        assert 0 <= r < len(state["grid"]) and 0 <= c < len(state["grid"][0])
    hit = ["ABCD"[i] for i, p in enumerate(state["letters"]) if tuple(p) == (r, c)]
    assert len(hit) == 1
    return hit[0]


def barrier(state, params, qid):
    g = nx.grid_2d_graph(len(state["grid"]), len(state["grid"][0]))
    g.remove_nodes_from([(r, c) for r, row in enumerate(state["grid"]) for c, ch in enumerate(row) if ch == "W"])
    comp = nx.node_connected_component(g, tuple(state["unit"]))
    out = ["ABCD"[i] for i, p in enumerate(state["letters"]) if tuple(p) not in comp]
    assert len(out) == 1
    return out[0]


SOLVERS = {
    P + "terrain_type_tile_count": terrain_count,
    P + "movement_cost_value": cost_value,
    P + "counterfactual_terrain_conversion_cost_value": counterfactual,
    P + "movement_reachable_tile_count": reach_count,
    P + "movement_reachable_tile_label": reach_label,
    P + "movement_sequence_endpoint_label": endpoint,
    P + "water_barrier_unreachable_tile_label": barrier,
}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: len(s["grid"]) * len(s["grid"][0]))

test_no_value_is_printed = shortcut_test([P + "terrain_type_tile_count", P + "movement_cost_value",
                                          P + "movement_reachable_tile_count"])


def test_hand_checked_costs():
    from tracegen.domains.illustrations import rpg_tactical_map as m
    from tracegen.kits import tilemap as tm

    grid = ["GGWGG",
            "GFWMG",
            "GGBGG"]
    # unit top-left, target top-right: the cheapest way goes round the water over the bridge,
    # (1,0) (2,0) (2,1) (2,2) (2,3) (2,4) (1,4) (0,4) at 1 point each = 8; the forest (1,1) costs 1 + 2
    d = tm.move_costs(grid, (0, 0))
    assert d[(0, 4)] == 8 and d[(1, 1)] == 3 and d[(1, 3)] == 5 + 3 and (0, 2) not in d
    assert cost_value({"grid": grid, "unit": [0, 0], "target": [0, 4]}, {}, "single") == 8
    # turning the water tile (0, 2) into road: right, right, right, right = 4, the one best change
    orig, best, arg = m.best_conversions(grid, (0, 0), (0, 4))
    assert (orig, best, arg) == (8, 4, [(0, 2)])
