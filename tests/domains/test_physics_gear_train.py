"""physics/gear_train: independent solvers written from the catalog programs."""

import math

import networkx as nx

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.physics.gear_train"
P = "task_physics__gear_train__"


def _mesh_graph(train):
    """Gears mesh where their pitch circles touch (centre distance = sum of pitch radii)."""
    g = nx.Graph()
    gears = train["gears"]
    radii = [train["module"] * x["teeth"] / 2 for x in gears]
    g.add_nodes_from(range(len(gears)))
    for i in range(len(gears)):
        for j in range(i + 1, len(gears)):
            d = math.dist((gears[i]["x"], gears[i]["y"]), (gears[j]["x"], gears[j]["y"]))
            if abs(d - radii[i] - radii[j]) < 0.5:
                g.add_edge(i, j)
            else:
                assert d > radii[i] + radii[j] + 2 * train["module"], "gears overlap without meshing"
    return g


def _output_sense(train):
    g = _mesh_graph(train)
    colour = nx.bipartite.color(g)                       # adjacent gears turn opposite ways
    same = colour[0] == colour[len(train["gears"]) - 1]
    assert nx.has_path(g, 0, len(train["gears"]) - 1)
    cw = train["clockwise"] if same else not train["clockwise"]
    return "clockwise" if cw else "counterclockwise"


def direction(state, params, qid):
    hits = [k for k, tr in enumerate(state["trains"]) if _output_sense(tr) == params["direction"]]
    assert len(hits) == 1
    return "ABCD"[hits[0]]


def speed(state, params, qid):
    tr = state["trains"][0]
    assert nx.has_path(_mesh_graph(tr), 0, len(tr["gears"]) - 1)
    # equal pitch-line speed at every mesh: n_in * T_in = n_out * T_out
    num = tr["rpm"] * tr["gears"][0]["teeth"]
    assert num % tr["gears"][-1]["teeth"] == 0
    return num // tr["gears"][-1]["teeth"]


SOLVERS = {P + "output_direction_label": direction, P + "output_speed_value": speed}


def _size(state):
    return sum(len(tr["gears"]) for tr in state["trains"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_value_is_printed = shortcut_test([P + "output_speed_value"])


def test_known_train():
    # 40 rpm on a 30-tooth gear through an idler into a 20-tooth gear: 40 * 30 / 20 = 60 rpm
    tr = {"module": 2.0, "clockwise": True, "rpm": 40, "phase": 0.0,
          "gears": [{"teeth": 30, "x": 100.0, "y": 100.0}, {"teeth": 10, "x": 140.0, "y": 100.0},
                    {"teeth": 20, "x": 170.0, "y": 100.0}]}
    assert speed({"trains": [tr]}, {}, "single") == 60
    assert _output_sense(tr) == "clockwise"              # two meshes: same sense as the input
