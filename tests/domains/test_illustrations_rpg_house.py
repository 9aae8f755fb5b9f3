"""illustrations/rpg_house: independent solvers (networkx over the rooms and their doorways)."""

import networkx as nx

from illustration_solvers import missing, swapped
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.illustrations.rpg_house"
P = "task_illustrations__rpg_house__"


def rooms_graph(state, open_only):
    g = nx.Graph()
    g.add_nodes_from(range(len(state["rooms"])))
    for d in state["doors"]:
        if d["open"] or not open_only:
            g.add_edge(d["a"], d["b"])
    return g


def _check_doors(state):
    # every doorway sits on a wall the two rooms really share
    for d in state["doors"]:
        a, b = state["rooms"][d["a"]], state["rooms"][d["b"]]
        if d["vertical"]:
            assert d["at"] in (a[2], a[0]) and d["at"] in (b[0], b[2])
            assert max(a[1], b[1]) <= d["pos"] and d["pos"] + 2 <= min(a[3], b[3]) + 1
        else:
            assert d["at"] in (a[3], a[1]) and d["at"] in (b[1], b[3])
            assert max(a[0], b[0]) <= d["pos"] and d["pos"] + 2 <= min(a[2], b[2]) + 1


def room_count(state, params, qid):
    # the rooms tile the house exactly
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in state["rooms"])
    assert area == state["rows"] * state["cols"]
    return len(state["rooms"])


def adjacent(state, params, qid):
    _check_doors(state)
    return rooms_graph(state, False).degree(state["player"])


def reachable(state, params, qid):
    _check_doors(state)
    return len(nx.node_connected_component(rooms_graph(state, True), state["player"])) - 1


SOLVERS = {
    P + "room_count": room_count,
    P + "adjacent_room_count": adjacent,
    P + "reachable_room_count": reachable,
    P + "missing_patch_label": missing,
    P + "swapped_tile_pair_label": swapped,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["rooms"]) * 1000
                                                       + s["rows"] * s["cols"])

test_no_value_is_printed = shortcut_test([P + "room_count", P + "adjacent_room_count", P + "reachable_room_count"])


def test_hand_checked_house():
    from tracegen.domains.illustrations import rpg_house as m

    # three rooms in a row, 0 -[closed]- 1 -[open]- 2, the player in room 0 then in room 1
    st = {"rooms": [[0, 0, 5, 6], [5, 0, 10, 6], [10, 0, 15, 6]], "player": 0,
          "doors": [{"a": 0, "b": 1, "vertical": True, "at": 5, "pos": 2, "open": False},
                    {"a": 1, "b": 2, "vertical": True, "at": 10, "pos": 2, "open": True}]}
    assert m.reachable(st) == {0} and len(m.door_graph(st, False)[0]) == 1
    st["player"] = 1
    assert m.reachable(st) == {1, 2} and len(m.door_graph(st, False)[1]) == 2
