"""puzzles/cell_board: independent solvers (networkx grid graphs) written from the catalog programs."""

import networkx as nx

from taskcheck import scene_tests

MOD = "tracegen.domains.puzzles.cell_board"
P = "task_puzzles__cell_board__"


def _graph(state, keep):
    g = nx.grid_2d_graph(state["rows"], state["cols"])
    g.remove_nodes_from([n for n in list(g) if not keep(*n)])
    return g


def largest_component(state, params, qid):
    idx = state["palette"].index(params["color"])
    g = _graph(state, lambda r, c: state["cells"][r][c] == idx)
    return max(len(cc) for cc in nx.connected_components(g))


def reachable(state, params, qid):
    g = _graph(state, lambda r, c: state["cells"][r][c] == 0)
    return len(nx.node_connected_component(g, tuple(state["start"])))


def shortest(state, params, qid):
    g = _graph(state, lambda r, c: state["cells"][r][c] == 0)
    return nx.shortest_path_length(g, tuple(state["start"]), tuple(state["goal"]))


def symmetry(state, params, qid):
    rows, cols, cells = state["rows"], state["cols"], state["cells"]
    if params["axis"] == "vertical":
        return sum(cells[r][c] != cells[r][cols - 1 - c] for r in range(rows) for c in range(cols) if c < (cols - 1) / 2)
    return sum(cells[r][c] != cells[rows - 1 - r][c] for r in range(rows) for c in range(cols) if r < (rows - 1) / 2)


SOLVERS = {
    P + "largest_component_size": largest_component,
    P + "reachable_region_size": reachable,
    P + "shortest_path_length_value": shortest,
    P + "symmetry_violation_count": symmetry,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rows"] * s["cols"])
