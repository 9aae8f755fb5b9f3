"""games/tower_defense: independent solvers (plain distance tests, path order by index)."""

import math

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.tower_defense"
P = "task_games__tower_defense__"


def inside(e, t):
    return (e[0] - t[0]) ** 2 + (e[1] - t[1]) ** 2 < t[2] ** 2


def covered(state, params, qid):
    return sum(1 for e in state["enemies"] if any(inside(e, t) for t in state["towers"]))


def best(state, params, qid):
    counts = [sum(inside(e, t) for e in state["enemies"]) for t in state["candidates"]]
    assert counts.count(max(counts)) == 1
    return "ABCD"[counts.index(max(counts))]


def along(state):
    """Each enemy's distance along the path polyline from its start."""
    v = state["path"]
    out = []
    for e in state["enemies"]:
        acc, best_d = 0.0, None
        for a, b in zip(v, v[1:]):
            seg = math.dist(a, b)
            t = ((e[0] - a[0]) * (b[0] - a[0]) + (e[1] - a[1]) * (b[1] - a[1])) / (seg * seg)
            t = min(1.0, max(0.0, t))
            p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            if math.dist(p, e) < 1e-6:
                best_d = acc + t * seg
                break
            acc += seg
        assert best_d is not None, "an enemy off the path"
        out.append(best_d)
    return out


def nearest_exit(state, params, qid):
    pos = along(state)
    labels = {int(k): v for k, v in state["labels"].items()}
    return labels[max(labels, key=lambda i: pos[i])]


SOLVERS = {P + "covered_path_segment_count": covered, P + "best_tower_position_label": best,
           P + "nearest_exit_enemy_label": nearest_exit}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["path"]))
test_no_value_is_printed = shortcut_test([P + "covered_path_segment_count"])


def test_known_layout():
    """Hand-checked: path (0,0) -> (100,0) -> (100,100) with enemies at (0,0), (50,0), (100,0), (100,50);
    a ring of radius 60 at (100, 30) holds (100,0) and (100,50) and (50,0) (distance 58.3) but not
    (0,0); the enemy nearest the exit among labels {0: A, 1: B, 3: C} is C."""
    st = {"path": [[0, 0], [100, 0], [100, 100]], "enemies": [[0, 0], [50, 0], [100, 0], [100, 50]],
          "towers": [[100, 30, 60]], "labels": {"0": "A", "1": "B", "3": "C"}}
    assert covered(st, {}, "single") == 3
    assert nearest_exit(st, {}, "single") == "C"
