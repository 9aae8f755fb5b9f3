"""games/go: independent solvers (networkx components) from the catalog programs."""

import networkx as nx

from taskcheck import check_many_instances, scene_tests

MOD = "tracegen.domains.games.go"
P = "task_games__go__"


def _graph(rows):
    n = len(rows)
    g = nx.grid_2d_graph(n, n)
    same = nx.Graph()
    same.add_nodes_from(p for p in g if rows[p[0]][p[1]] != ".")
    same.add_edges_from((a, b) for a, b in g.edges if rows[a[0]][a[1]] != "." and rows[a[0]][a[1]] == rows[b[0]][b[1]])
    return g, same


def _group(rows, stone):
    _, same = _graph(rows)
    return nx.node_connected_component(same, tuple(stone))


def _libs(rows, stone):
    g, _ = _graph(rows)
    return {nb for p in _group(rows, stone) for nb in g[p] if rows[nb[0]][nb[1]] == "."}


def stone_count(state, params, qid):
    return len(_group(state["rows"], params["marked"]))


def liberty_count(state, params, qid):
    rows = state["rows"]
    if qid == "marked_group_liberty_count":
        return len(_libs(rows, params["marked"]))
    # marked_group_shared_liberty_count: liberties that also touch an opponent stone
    g, _ = _graph(rows)
    r, c = params["marked"]
    return sum(1 for p in _libs(rows, (r, c)) if any(rows[a][b] not in (".", rows[r][c]) for a, b in g[p]))


def enemy_count(state, params, qid):
    rows = state["rows"]
    g, _ = _graph(rows)
    r, c = params["marked"]
    mine = rows[r][c]
    return len({nb for p in _group(rows, (r, c)) for nb in g[p] if rows[nb[0]][nb[1]] not in (".", mine)})


SOLVERS = {
    P + "marked_group_stone_count": stone_count,
    P + "group_liberty_count": liberty_count,
    P + "group_adjacent_enemy_count": enemy_count,
}


def test_states_have_no_dead_groups():
    from tracegen.domains.games.go import SCENE
    import numpy as np

    for d in (1, 2, 3):
        for i in range(10):
            rows = SCENE.sample(np.random.default_rng(i), d)["rows"]
            _, same = _graph(rows)
            for comp in nx.connected_components(same):
                assert _libs(rows, next(iter(comp)))


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(ch != "." for row in s["rows"] for ch in row), seeds_per_combo=2)


def test_many_instances_agree():
    check_many_instances(MOD, SOLVERS, seed=5, n=60)
