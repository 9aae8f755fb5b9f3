"""games/minecraft: independent solvers from the catalog programs (set membership on the track,
stack heights, top blocks), a hand-checked world, and the hidden-stack rule."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.minecraft"
P = "task_games__minecraft__"


def route(state, params, qid):
    track = set(map(tuple, state["track"]))
    return sum(1 for s in state["stacks"] if (s["i"], s["j"]) in track and s["blocks"][-1] in ("stone", "dirt"))


def height(state, params, qid):
    h = params["height"]
    hs = [len(s["blocks"]) for s in state["stacks"]]
    return sum(x == h for x in hs) if qid == "exact_height_count" else sum(x >= h for x in hs)


def top_ore(state, params, qid):
    return sum(s["blocks"][-1] == params["ore"] for s in state["stacks"])


SOLVERS = {P + "resource_route_cost": route, P + "stack_height_condition_count": height,
           P + "top_ore_stack_count": top_ore}


def _size(s):
    return s["nx"] * s["ny"] + len(s["stacks"]) + len(s["track"] or ())


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2,
                                                       balance_seeds=80)
test_no_answer_printed = shortcut_test(sorted(SOLVERS))


def _world(stacks, track=None):
    return {"kind": "route" if track else "stacks", "level": 2, "nx": 8, "ny": 8, "ground": "grass",
            "track": track, "stacks": stacks}


def test_hand_checked_world():
    w = _world([{"i": 1, "j": 1, "blocks": ["dirt"], "on_track": True},
                {"i": 1, "j": 4, "blocks": ["sand"], "on_track": True},
                {"i": 5, "j": 5, "blocks": ["stone"], "on_track": False}],
               track=[[1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5]])
    assert route(w, {}, "single") == 1              # the sand block and the block off the track do not count
    s = _world([{"i": 0, "j": 0, "blocks": ["stone", "dirt", "gold ore"]},
                {"i": 3, "j": 0, "blocks": ["dirt", "gold ore"]},
                {"i": 0, "j": 4, "blocks": ["stone"]},
                {"i": 5, "j": 5, "blocks": ["dirt", "stone", "stone", "coal ore"]}])
    assert height(s, {"height": 2}, "at_least_height_count") == 3
    assert height(s, {"height": 1}, "exact_height_count") == 1
    assert top_ore(s, {"ore": "gold ore"}, "single") == 2


def test_a_tall_stack_in_front_hides_the_one_behind():
    from tracegen.domains.games import minecraft as mc
    apart = _world([{"i": 2, "j": 2, "blocks": ["stone"]}, {"i": 5, "j": 2, "blocks": ["dirt"]}])
    assert mc.visible(apart)
    hidden = _world([{"i": 2, "j": 2, "blocks": ["stone"]}, {"i": 4, "j": 4, "blocks": ["dirt"] * 4}])
    assert not mc.visible(hidden)
