"""icons/named_path: independent solvers over the ordered stop list (positions of the named
kinds, neighbours of an occurrence) from the catalog programs."""

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.icons.named_path"
P = "task_icons__named_path__"


def distance(state, params, qid):
    a, b = state["pair"]
    (ia,) = [i for i, k in enumerate(state["kinds"]) if k == a]
    (ib,) = [i for i, k in enumerate(state["kinds"]) if k == b]
    return abs(ia - ib) - 1


def neighbor(state, params, qid):
    at = [i for i, k in enumerate(state["kinds"]) if k == state["target"]]
    ref = {"first": at[0], "second": at[1], "last": at[-1]}[params["occurrence"]]
    return state["labels"][str(ref + (1 if qid.startswith("after") else -1))]


SOLVERS = {P + "path_distance_value": distance, P + "path_neighbor_label": neighbor}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["points"]))
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_stops_run_left_to_right_and_badges_are_distinct():
    from tracegen.core import engine
    from tracegen.domains.icons import named_path

    spec = named_path.SCENE.tasks[P + "path_neighbor_label"]
    for i in range(6):
        s = engine.generate(spec, seed=4, split="train", index=i, encode=False).trace["state"]
        xs = [p[0] for p in s["points"]]
        assert xs == sorted(xs)
        assert sorted(s["labels"].values()) == list("ABCDEF")
        assert all(s["kinds"][int(p)] != s["target"] for p in s["labels"])
