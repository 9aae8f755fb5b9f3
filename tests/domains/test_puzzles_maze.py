"""puzzles/maze: independent solvers (networkx over open passages) written from the catalog programs."""

import networkx as nx

from taskcheck import scene_tests

MOD = "tracegen.domains.puzzles.maze"
P = "task_puzzles__maze__"


def _graph(state):
    g = nx.Graph()
    rows, cols = state["rows"], state["cols"]
    g.add_nodes_from((r, c) for r in range(rows) for c in range(cols))
    for r in range(rows):
        for c in range(cols):
            if c < cols - 1 and state["right"][r][c] == 0:
                g.add_edge((r, c), (r, c + 1))
            if r < rows - 1 and state["down"][r][c] == 0:
                g.add_edge((r, c), (r + 1, c))
    return g


def _exit_lengths(state):
    lengths = nx.single_source_shortest_path_length(_graph(state), tuple(state["start"]))
    return {lab: lengths.get((r, c)) for (r, c, _), lab in zip(state["exits"], state["labels"])}


def reachability(state, params, qid):
    want = params["target_reachability"] == "reachable"
    hits = [lab for lab, d in _exit_lengths(state).items() if (d is not None) == want]
    assert len(hits) == 1
    return hits[0]


def nearest(state, params, qid):
    ok = {lab: d for lab, d in _exit_lengths(state).items() if d is not None}
    best = min(ok.values())
    (lab,) = [x for x, d in ok.items() if d == best]
    return lab


SOLVERS = {
    P + "exit_reachability_label": reachability,
    P + "nearest_exit_label": nearest,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rows"] * s["cols"])
