"""graph/metro: independent solvers (networkx station graphs built from the routes), written from
the catalog programs, and the map's drawing rules."""

import networkx as nx
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.graph.metro"
P = "task_graph__metro__"


def _graph(state):
    g = nx.Graph()
    g.add_nodes_from(range(len(state["stations"])))
    for route in state["routes"]:
        nx.add_path(g, route)
    return g


def _served(state):
    return {v: sum(v in r for r in state["routes"]) for v in range(len(state["stations"]))}


def membership(state, params, qid):
    return sum(1 for m in _served(state).values() if m >= 2)


def route_condition(state, params, qid):
    served = _served(state)
    route = state["routes"][state["pick"]]
    want = (lambda m: m >= 2) if qid == "metro_route_transfer_station_count" else (lambda m: m == 1)
    return sum(1 for v in set(route) if want(served[v]))


def exact_distance(state, params, qid):
    v, k = state["pick"]
    return sum(1 for d in nx.single_source_shortest_path_length(_graph(state), v).values() if d == k)


def shortest_path(state, params, qid):
    a, b = state["pick"]
    g = _graph(state)
    paths = list(nx.all_shortest_paths(g, a, b))
    assert len(paths) == 1
    return len(paths[0]) - 1


SOLVERS = {
    P + "station_membership_count": membership,
    P + "route_condition_station_count": route_condition,
    P + "exact_distance_station_count": exact_distance,
    P + "shortest_path_length": shortest_path,
}


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: 100 * s["grid"][0] * s["grid"][1] + len(s["stations"]), seeds_per_combo=2)


def test_routes_meet_only_at_shared_stations():
    """Routes are octilinear unit steps, never share a segment, and no two diagonals cross inside a
    lattice cell -- so every crossing on the map is a station both routes serve; interchange
    stations (two or more routes) are exactly the ones drawn with a double ring."""
    spec = registry.get(P + "station_membership_count")
    for s in range(6):
        inst = engine.generate(spec, seed=s, split="layout", index=s, encode=False)
        st = inst.trace["state"]
        pts = st["stations"]
        segs = []
        for route in st["routes"]:
            assert len(set(route)) == len(route)
            for a, b in zip(route, route[1:]):
                (ax, ay), (bx, by) = pts[a], pts[b]
                assert max(abs(ax - bx), abs(ay - by)) == 1
                segs.append(frozenset((a, b)))
        assert len(segs) == len(set(segs))
        diagonals = {}
        for seg in segs:
            a, b = sorted(seg)
            (ax, ay), (bx, by) = pts[a], pts[b]
            if ax != bx and ay != by:
                cell = (min(ax, bx), min(ay, by))
                assert cell not in diagonals, "two diagonals cross inside one cell"
                diagonals[cell] = seg
        served = _served(st)
        boxes = {int(k[8:]): e["box"] for k, e in inst.canvas.entities.items() if k.startswith("station:")}
        small = min(b[2] - b[0] for b in boxes.values())
        for v, m in served.items():
            assert (boxes[v][2] - boxes[v][0] > small * 1.2) == (m >= 2)
