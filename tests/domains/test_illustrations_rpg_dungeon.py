"""illustrations/rpg_dungeon: independent solvers (networkx flood over the floor tiles)."""

import networkx as nx

from illustration_solvers import missing
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.illustrations.rpg_dungeon"
P = "task_illustrations__rpg_dungeon__"


def rooms(state):
    return [{(r, c) for r in range(ch["r"], ch["r"] + ch["h"]) for c in range(ch["c"], ch["c"] + ch["w"])}
            for ch in state["chambers"]]


def room_of(state, tile):
    hits = [i for i, tiles in enumerate(rooms(state)) if tuple(tile) in tiles]
    assert len(hits) <= 1
    return hits[0] if hits else None


def reach(state):
    floor = set().union(*rooms(state)) | {tuple(t) for cor in state["corridors"] for t in cor}
    floor -= {tuple(b) for b in state["boulders"]}
    g = nx.grid_2d_graph(state["rows"], state["cols"]).subgraph(floor)
    ch = state["chambers"][state["player"]]
    return nx.node_connected_component(g, (ch["cy"], ch["cx"]))


def monster_chambers(state, params, qid):
    chest = {room_of(state, c) for c in state["chests"]}
    mon = {room_of(state, m["tile"]) for m in state["monsters"]}
    assert None not in chest and None not in mon
    return len(chest & mon)


def reachable(state, params, qid):
    got = reach(state)
    return sum(1 for c in state["chests"] if tuple(c) in got)


def safe_reachable(state, params, qid):
    got = reach(state)
    mon = {room_of(state, m["tile"]) for m in state["monsters"]}
    return sum(1 for c in state["chests"] if tuple(c) in got and room_of(state, c) not in mon)


SOLVERS = {
    P + "monster_chamber_count": monster_chambers,
    P + "reachable_chest_count": reachable,
    P + "safe_reachable_chest_count": safe_reachable,
    P + "missing_patch_label": missing,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rows"] * s["cols"])

test_no_value_is_printed = shortcut_test([P + "monster_chamber_count", P + "reachable_chest_count",
                                          P + "safe_reachable_chest_count"])


def test_hand_checked_boulder_blocks():
    from tracegen.domains.illustrations import rpg_dungeon as m

    # two 3x3 chambers joined by a 2-tile corridor on row 1; a boulder on the corridor cuts them apart
    a = {"slot": [0, 0], "r": 0, "c": 0, "w": 3, "h": 3, "cy": 1, "cx": 1}
    b = {"slot": [0, 1], "r": 0, "c": 5, "w": 3, "h": 3, "cy": 1, "cx": 6}
    st = {"rows": 3, "cols": 8, "chambers": [a, b], "corridors": [[[1, 3], [1, 4]]], "boulders": [],
          "chests": [[0, 6]], "monsters": [], "player": 0}
    assert (0, 6) in m.reachable_tiles(st) and reachable(st, {}, "single") == 1
    st["boulders"] = [[1, 4]]
    assert (0, 6) not in m.reachable_tiles(st) and reachable(st, {}, "single") == 0
